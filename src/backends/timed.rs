//! Timing an in-process solve: the one place `time_ms` and `cpu_ms` are measured for the
//! built-in backends, the same way for every one.

use crate::clock::{timed, Clocks, NO_CPU, THREAD_CPU, WALL};
use crate::model::Puzzle;
use crate::solver::{ms, Outcome, SolveOptions, Solver};

/// Times the solve of an in-process solver: the one place `time_ms` and `cpu_ms` are
/// measured, unless the backend read them from an external solver (its outcome then
/// names the clocks), when the rest of the wall time is its `transport_ms`.
pub(crate) struct Timed(pub(crate) Box<dyn Solver>);

impl Solver for Timed {
    fn name(&self) -> String {
        self.0.name()
    }

    fn effort_name(&self) -> &'static str {
        self.0.effort_name()
    }

    fn checks_givens(&self) -> bool {
        self.0.checks_givens()
    }

    fn refuses(&self, geometry: &crate::model::Geometry) -> Option<String> {
        self.0.refuses(geometry)
    }

    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        let (mut out, wall, cpu) = timed(opts.cpu_time, || {
            self.0.solve_streaming(puzzle, opts, on_solution)
        });
        let wall = ms(wall);
        if out.clocks.time_source.is_empty() {
            out.time_ms = wall;
            out.transport_ms = 0.0;
            out.cpu_ms = cpu.map_or(0.0, ms);
            out.clocks = Clocks::new(WALL, if cpu.is_some() { THREAD_CPU } else { NO_CPU });
        } else {
            // The backend read an external solver's own time: the rest is transport.
            out.transport_ms = (wall - out.time_ms).max(0.0);
        }
        out
    }
}
