//! The one place a puzzle whose givens break a rule (a value twice in one unit) is
//! answered: verdict `none`, proven by the givens themselves, before any backend is
//! asked. Every backend [`super::create`] makes goes through it, so every backend and
//! every command agree on such a puzzle, and no engine is handed a grid it was never
//! meant to read. A backend that reads such a grid safely and says so
//! ([`Solver::checks_givens`]) answers it itself with [`conflict_outcome`], the same
//! outcome, and skips the check on every other puzzle.

use crate::clock::{timed, Clocks, NO_CPU, THREAD_CPU, WALL};
use crate::model::Puzzle;
use crate::solver::{ms, Failure, Outcome, SolveOptions, Solver, Stats};

/// Whether the givens of `puzzle` break a rule: a value twice in a unit or a cage, or
/// a cage's givens adding up past its total.
pub(crate) fn conflicts(puzzle: &Puzzle) -> bool {
    puzzle.conflicting_givens().is_some()
        || (puzzle.geometry.has_cages() && puzzle.cage_conflict().is_some())
}

/// A solver that answers a board the solver it wraps refuses ([`Solver::refuses`]) as
/// not applicable, answers `none` at once when the givens conflict (unless the solver
/// it wraps checks them itself: the `bool` is false), and else hands the puzzle on.
pub(crate) struct GivensChecked(pub(crate) Box<dyn Solver>, pub(crate) bool);

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

    fn refuses(&self, geometry: &crate::model::Geometry) -> Option<String> {
        self.0.refuses(geometry)
    }

    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        if let Some(why) = self.0.refuses(&puzzle.geometry) {
            return Outcome::failed(Failure::NotApplicable(why), Vec::new(), 0);
        }
        if !self.1 || !conflicts(puzzle) {
            return self.0.solve_streaming(puzzle, opts, on_solution);
        }
        // The clocks are read only for a verdict of the givens' own (reading the thread's
        // CPU clock is a system call): timed is the check that proves it, done again.
        let (_, time, cpu) = timed(opts.cpu_time, || std::hint::black_box(conflicts(puzzle)));
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
