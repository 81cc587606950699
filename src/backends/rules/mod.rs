//! The `rules` backend: a human-style rule engine that solves by deduction, explains
//! every step and rates difficulty (design and ladder in
//! `encodings/rules.md`).
//!
//! One state with two views ([`state`]), one ordered table of rules ([`engine::RULES`]),
//! one small module per rule family, and steps as data ([`step`]) rendered to text by
//! [`render`]. This file is the only one that speaks the [`Solver`] interface: the
//! engine's own result ([`engine::Run`]) and statistics ([`engine::EngineStats`]) are
//! mapped onto `Outcome` and `Stats` here and nowhere else.

pub mod als;
pub mod blossom;
pub mod board;
pub mod chains;
pub mod engine;
pub mod locked;
pub mod matching;
pub mod nishio;
pub mod picture;
pub mod rate;
pub mod render;
pub mod singles;
pub mod soundness;
pub mod state;
pub mod step;
pub mod subsets;
#[cfg(test)]
mod testutil;
pub mod twosat;
pub mod unique;

use crate::model::{Geometry, Puzzle};
use crate::solver::{ms, reported_at_end, Outcome, SolveOptions, Solver, Stats, Verdict};
use board::Board;
use engine::{Finish, Options, Run};
use std::sync::Arc;
use std::time::Instant;

/// Whether a configuration name asks for guessing.
pub fn guessing_from_name(config: Option<&str>) -> crate::error::Result<bool> {
    match config {
        None | Some("ladder") => Ok(false),
        Some("guess") => Ok(true),
        Some(other) => Err(crate::error::Error::Config(format!(
            "rules has no configuration '{other}' (available: ladder, the default, and guess)"
        ))),
    }
}

/// The rule engine behind the [`Solver`] interface, with the board of the last
/// geometry kept for the next puzzle.
pub struct RulesSolver {
    guessing: bool,
    board: Option<Board>,
}

impl RulesSolver {
    /// A solver that guesses (Chen's Inference) when the rules stick, or not.
    pub fn new(guessing: bool) -> RulesSolver {
        RulesSolver {
            guessing,
            board: None,
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
/// `unknown`; with guessing, the search's count decides as in every backend.
pub fn verdict(run: &Run, guessing: bool) -> Verdict {
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
        let guessing = self.guessing;
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
                ..Options::default()
            },
        );
        let verdict = verdict(&run, guessing);
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
        format!("rules:{}", if self.guessing { "guess" } else { "ladder" })
    }

    fn effort_name(&self) -> &'static str {
        "rule steps"
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
