//! The one place a puzzle whose givens break a rule (a value twice in one unit) is
//! answered: verdict `none`, proven by the givens themselves, before any backend is
//! asked. Every backend [`super::create`] makes goes through it, so every backend and
//! every command agree on such a puzzle, and no engine is handed a grid it was never
//! meant to read. A backend that reads such a grid safely and says so
//! ([`Solver::checks_givens`]) answers it itself with [`conflict_outcome`], the same
//! outcome, and skips the check on every other puzzle.

use crate::clock::{timed, Clocks, NO_CPU, THREAD_CPU, WALL};
use crate::model::Puzzle;
use crate::solver::{ms, Outcome, SolveOptions, Solver, Stats};

/// A solver that answers `none` at once when the givens conflict, and else hands the
/// puzzle to the solver it wraps.
pub(crate) struct GivensChecked(pub(crate) Box<dyn Solver>);

impl Solver for GivensChecked {
    fn name(&self) -> String {
        self.0.name()
    }

    fn effort_name(&self) -> &'static str {
        self.0.effort_name()
    }

    fn checks_givens(&self) -> bool {
        true
    }

    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        if puzzle.conflicting_givens().is_none() {
            return self.0.solve_streaming(puzzle, opts, on_solution);
        }
        // The clocks are read only for a verdict of the givens' own (reading the thread's
        // CPU clock is a system call): timed is the check that proves it, done again.
        let (_, time, cpu) = timed(opts.cpu_time, || {
            std::hint::black_box(puzzle.conflicting_givens())
        });
        let time_ms = ms(time);
        Outcome {
            cpu_ms: cpu.map_or(0.0, ms),
            time_ms,
            clocks: Clocks::new(WALL, if cpu.is_some() { THREAD_CPU } else { NO_CPU }),
            ..conflict_outcome()
        }
    }
}

/// The answer to a puzzle whose givens conflict: no solution, proven, and the statistic
/// `givens_conflict` saying why; times are filled in by whoever times the solve.
pub(crate) fn conflict_outcome() -> Outcome {
    let mut stats = Stats::default();
    stats.extra.insert("givens_conflict".into(), 1.0);
    Outcome::from_search(Vec::new(), 0, true, false, stats)
}
