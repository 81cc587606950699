//! Puzzle generation: random completed grids, fixed-fraction instances for
//! phase-transition experiments, and unique puzzles by Eppstein's procedure
//! (*Nonrepetitive paths and cycles in graphs with application to Sudoku*, §3.6),
//! optionally filtered by the level the `rules` ladder rates them at.
//!
//! Everything is driven by our own seeded generator (`rng::Rng`); puzzle `k` of a run
//! depends only on the seed, `k` and the settings, so the same seed gives the same
//! puzzles on every machine.

pub(crate) mod difficulty;
pub(crate) mod fill;
pub(crate) mod fraction;
pub(crate) mod full;
pub(crate) mod singles;
pub(crate) mod swaps;
pub(crate) mod unique;
pub(crate) mod variants;

use crate::backends::create;
use crate::backends::rules::RulesSolver;
use crate::model::puzzle::Grid;
use crate::model::{Geometry, Puzzle};
use crate::rng::Rng;
use crate::solver::Solver;
use std::sync::Arc;
use unique::unique_puzzle;

pub use difficulty::Difficulty;
pub use fraction::{fixed_fraction, kept_cells};
pub use unique::{partner, UniqueSettings};
pub use variants::{VariantError, VariantKind};

/// One generated puzzle, with the completed grid it was made from.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle, labelled with its name.
    pub puzzle: Puzzle,
    /// The completed grid the givens were taken from (a solution of the puzzle; the only
    /// one for unique puzzles).
    pub solution: Grid,
    /// How many candidate puzzles were made to get this one (more than 1 when a
    /// difficulty filter rejected some).
    pub tries: usize,
}

/// What a run of unique puzzles asks for.
#[derive(Clone, Debug)]
pub struct Request {
    /// The board.
    pub geometry: Arc<Geometry>,
    /// How each puzzle is made.
    pub settings: UniqueSettings,
    /// Keep only puzzles the rules rate at this level.
    pub difficulty: Option<Difficulty>,
    /// With a difficulty: candidate puzzles made per puzzle before giving up.
    pub max_tries: usize,
    /// The seed of the run.
    pub seed: u64,
}

/// Why a puzzle could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The difficulty filter rejected every candidate.
    #[error(
        "no puzzle at {difficulty} in {tries} tries (raise --max-tries, or choose another level)"
    )]
    GaveUp {
        /// The level asked for.
        difficulty: Difficulty,
        /// Candidates made.
        tries: usize,
    },
}

/// Makes unique puzzles: a complete checker and a rater kept across puzzles.
pub struct Generator {
    request: Request,
    checker: Box<dyn Solver>,
    rater: RulesSolver,
    /// Removals refused so far because a check ran out of time (the puzzles stay unique
    /// but may not be minimal).
    pub undecided_checks: usize,
    /// For Killer and Jigsaw puzzles: the checker that proves uniqueness as they are
    /// made and the second backend that proves it again at the end.
    variant_checkers: Option<(Box<dyn Solver>, Box<dyn Solver>)>,
}

/// The backends that check Killer and Jigsaw puzzles as they are made and once more
/// at the end: two paradigms, so that one's mistake cannot pass.
pub const VARIANT_CHECKERS: (&str, &str) = ("sat:reduced", "dlx");

impl Generator {
    /// A generator for `request`, proving uniqueness with `dlx`, or above 16x16 with
    /// `sat:reduced` (dlx took minutes on some of the checks of a 20x20 or 25x25).
    pub fn new(request: Request) -> crate::Result<Generator> {
        let checker = create(if request.geometry.n > 16 {
            "sat:reduced"
        } else {
            "dlx"
        })?;
        Ok(Generator {
            request,
            checker,
            rater: RulesSolver::new(false),
            undecided_checks: 0,
            variant_checkers: None,
        })
    }

    /// Puzzle `index` of a run of Killer or Jigsaw puzzles of `kind` on the request's
    /// side and variant: unique by [`VARIANT_CHECKERS`]`.0` as it is made, and proven
    /// unique again by `.1`; an error when either cannot settle it in the check's time
    /// budget or the two disagree.
    pub fn variant(&mut self, index: usize, kind: VariantKind) -> crate::Result<Generated> {
        let r = &self.request;
        let mut rng = Rng::for_puzzle(r.seed, index as u64);
        let (first, second) = match &mut self.variant_checkers {
            Some(checkers) => checkers,
            made => made.insert((create(VARIANT_CHECKERS.0)?, create(VARIANT_CHECKERS.1)?)),
        };
        let timeout = r.settings.check_timeout;
        let (mut puzzle, solution) = variants::variant_puzzle(
            (r.geometry.box_rows, r.geometry.box_cols),
            r.geometry.variant,
            kind,
            &mut rng,
            first.as_mut(),
            timeout,
        )
        .map_err(|e| crate::error::Error::Config(e.to_string()))?;
        let again = second.solve(&puzzle, &crate::solver::SolveOptions::new(2, timeout));
        if again.verdict != crate::solver::Verdict::Unique
            || again.solutions.first() != Some(&solution)
        {
            return Err(crate::error::Error::Config(format!(
                "{} found the generated puzzle {} unique, {} found it {}{}",
                VARIANT_CHECKERS.0,
                index + 1,
                VARIANT_CHECKERS.1,
                again.verdict.name(),
                again
                    .failure
                    .map_or_else(String::new, |f| format!(" ({f})"))
            )));
        }
        let n = r.geometry.n;
        let kind_name = match (kind.killer, kind.jigsaw) {
            (true, true) => "killerjigsaw",
            (true, false) => "killer",
            _ => "jigsaw",
        };
        puzzle.label = Some(format!("{kind_name}{n}x{n}_{}_{index}", r.seed));
        Ok(Generated {
            puzzle,
            solution,
            tries: 1,
        })
    }

    /// The name of puzzle `index`: side, seed and index (`gen9x9_1_0`).
    pub fn name(&self, index: usize) -> String {
        let n = self.request.geometry.n;
        format!("gen{n}x{n}_{}_{index}", self.request.seed)
    }

    /// Puzzle `index` of the run: unique, minimal (up to symmetry unless `minimal`), and
    /// at the difficulty asked for, if any.
    pub fn unique(&mut self, index: usize) -> Result<Generated, GenerateError> {
        let r = &self.request;
        let mut rng = Rng::for_puzzle(r.seed, index as u64);
        let max_tries = if r.difficulty.is_some() {
            r.max_tries
        } else {
            1
        };
        for tries in 1..=max_tries {
            let made = unique_puzzle(&r.geometry, &r.settings, &mut rng, self.checker.as_mut());
            self.undecided_checks += made.undecided_checks;
            let mut puzzle = Puzzle::new(r.geometry.clone(), made.cells);
            if let Some(wanted) = r.difficulty {
                let got = difficulty::rate(&mut self.rater, &puzzle, r.settings.check_timeout);
                if got != Some(wanted) {
                    continue;
                }
            }
            puzzle.label = Some(self.name(index));
            return Ok(Generated {
                puzzle,
                solution: made.solution,
                tries,
            });
        }
        Err(GenerateError::GaveUp {
            difficulty: r.difficulty.expect("only a difficulty filter rejects"),
            tries: max_tries,
        })
    }
}
