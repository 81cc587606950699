//! The rule engine behind the [`Solver`] interface: the one file that speaks it. The
//! engine's own result ([`Run`]) and statistics ([`engine::EngineStats`]) are mapped
//! onto `Outcome` and `Stats` here and nowhere else.

use super::engine::board::Board;
use super::engine::{self, Finish, Options, Run};
use crate::model::{Geometry, Puzzle};
use crate::solver::{ms, reported_at_end, Outcome, SolveOptions, Solver, Stats, Verdict};
use std::sync::Arc;
use std::time::Instant;

/// The solver a configuration name asks for: `ladder` (the default), `guess` (Chen's
/// Inference where the rules stick), `ladder+unique` (the ladder with the uniqueness
/// rules, which never answers `unique`: it assumes it) or `ladder+weights` (the ladder
/// with the weighted house count, which is sound but slow).
pub fn from_name(config: Option<&str>) -> crate::error::Result<RulesSolver> {
    match config {
        None | Some("ladder") => Ok(RulesSolver::new(false)),
        Some("guess") => Ok(RulesSolver::new(true)),
        Some("ladder+unique") => Ok(RulesSolver::new(false).assuming_unique()),
        Some("ladder+weights") => Ok(RulesSolver::new(false).with_costly_rules()),
        Some(other) => Err(crate::error::Error::Config(format!(
            "rules has no configuration '{other}'{} (available: ladder, the default, guess, ladder+unique and ladder+weights)",
            crate::words::did_you_mean(other, ["ladder", "guess", "ladder+unique", "ladder+weights"])
        ))),
    }
}

/// The statistic (under `stats.extra`) by which `rules:ladder+unique` says whether a
/// run rested on the puzzle having one solution: 1 when a uniqueness rule made a step,
/// 0 when none did (the answer is `solved` either way, never `unique`).
pub const ASSUMED_UNIQUE: &str = "uniqueness_assumed";

/// The rule engine behind the [`Solver`] interface, with the board of the last
/// geometry kept for the next puzzle.
pub struct RulesSolver {
    guessing: bool,
    assume_unique: bool,
    costly: bool,
    board: Option<Board>,
}

impl RulesSolver {
    /// A solver that guesses (Chen's Inference) when the rules stick, or not.
    pub fn new(guessing: bool) -> RulesSolver {
        RulesSolver {
            guessing,
            assume_unique: false,
            costly: false,
            board: None,
        }
    }

    /// The same solver trying the costly rules too (the weighted house count).
    pub fn with_costly_rules(self) -> RulesSolver {
        RulesSolver {
            costly: true,
            ..self
        }
    }

    /// The same solver trying the uniqueness rules too (without guessing only: a
    /// search's count would rest on the assumption it is meant to test).
    pub fn assuming_unique(self) -> RulesSolver {
        RulesSolver {
            assume_unique: !self.guessing,
            ..self
        }
    }

    /// The board for a geometry, built once and reused while the geometry stays.
    pub fn board(&mut self, geometry: &Arc<Geometry>) -> &Board {
        let reusable = self
            .board
            .as_ref()
            .is_some_and(|b| Arc::ptr_eq(&b.geometry, geometry) || *b.geometry == **geometry);
        if !reusable {
            self.board = Some(Board::new(geometry));
        }
        self.board.as_ref().expect("board was just built")
    }

    /// Runs the engine with explicit options (for `explain`, `rate` and tools).
    pub fn run(&mut self, puzzle: &Puzzle, opts: &Options) -> Run {
        let board = self.board(&puzzle.geometry);
        engine::run(board, puzzle, opts)
    }
}

/// The verdict of a run: rules alone decide `unique` or `none`, and a stuck run is
/// `unknown`; with guessing, the search's count decides as in every backend. A run in
/// which a uniqueness rule made a step proves nothing about other solutions: solved
/// is `solved`, and a contradiction (perhaps the assumption's own) is `unknown`.
pub fn verdict(run: &Run, guessing: bool) -> Verdict {
    if run.assumed_unique() {
        return match run.finish {
            Finish::Solved => Verdict::Solved,
            Finish::Contradiction | Finish::Stuck | Finish::TimedOut => Verdict::Unknown,
        };
    }
    if !guessing || run.finish != Finish::Stuck {
        return match run.finish {
            Finish::Solved => Verdict::Unique,
            Finish::Contradiction => Verdict::None,
            Finish::Stuck | Finish::TimedOut => Verdict::Unknown,
        };
    }
    Verdict::from_search(run.solutions.len(), run.complete)
}

impl RulesSolver {
    /// Runs the whole search, reporting the solutions at the end.
    fn search(&mut self, puzzle: &Puzzle, opts: &SolveOptions) -> Outcome {
        let start = Instant::now();
        let (guessing, assume_unique, costly) = (self.guessing, self.assume_unique, self.costly);
        let board = self.board(&puzzle.geometry);
        let encode_ms = ms(start.elapsed());
        let solve_start = Instant::now();
        let run = engine::run(
            board,
            puzzle,
            &Options {
                guessing,
                max_solutions: opts.max_solutions.max(1),
                deadline: opts.deadline,
                assume_unique,
                costly,
                ..Options::default()
            },
        );
        let mut verdict = verdict(&run, guessing);
        if assume_unique && verdict == Verdict::Unique {
            // Uniqueness was never in question for this configuration: it was assumed.
            verdict = Verdict::Solved;
        }
        let g = &puzzle.geometry;
        let mut stats = Stats {
            nodes: run.stats.steps,
            backtracks: run.stats.dead_ends,
            propagations: run.stats.eliminations,
            variables: g.cells() as u64,
            constraints: g.units.len() as u64,
            nonzeros: g.units.iter().map(|u| u.cells.len() as u64).sum(),
            encode_ms,
            solve_ms: ms(solve_start.elapsed()),
            ..Stats::default()
        };
        let extra = &mut stats.extra;
        extra.insert("inferences".into(), run.stats.inferences as f64);
        extra.insert(
            "open_after_rules".into(),
            run.partial.iter().filter(|&&v| v == 0).count() as f64,
        );
        if let Some(level) = run.hardest_level() {
            extra.insert("hardest_level".into(), f64::from(level));
        }
        if assume_unique {
            extra.insert(
                ASSUMED_UNIQUE.into(),
                f64::from(u8::from(run.assumed_unique())),
            );
        }
        let found = run.solutions.len() as u64;
        let partial = (run.finish == Finish::Stuck && !guessing).then(|| run.partial.clone());
        let mut solutions = run.solutions;
        solutions.truncate(opts.keep_solutions.max(1));
        Outcome {
            verdict,
            solutions,
            solutions_found: found,
            timed_out: run.timed_out,
            stats,
            partial,
            ..Outcome::default()
        }
    }
}

impl Solver for RulesSolver {
    fn name(&self) -> String {
        match (self.guessing, self.assume_unique, self.costly) {
            (true, _, _) => "rules:guess".into(),
            (false, true, _) => "rules:ladder+unique".into(),
            (false, false, true) => "rules:ladder+weights".into(),
            (false, false, false) => "rules:ladder".into(),
        }
    }

    fn effort_name(&self) -> &'static str {
        "rule steps"
    }

    /// Takes every board (but one with a cage of more digit sets than the cage families
    /// list): the cage families read cages, and the families that reason from boxes find
    /// nothing (or less) on a Jigsaw, never something false.
    fn refuses(&self, geometry: &crate::model::Geometry) -> Option<String> {
        // Every board: the families read units (a Jigsaw's regions among them; those
        // stated for 3x3 boxes, the exocet and the tridagon, find nothing without them),
        // the cage families read Killer cages, and the uniqueness rules, which swap
        // digits a cage's total may forbid, are kept to plain boards by the ladder.
        crate::model::cage::unlisted_cage(geometry)
    }

    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        reported_at_end(self.search(puzzle, opts), on_solution)
    }
}
