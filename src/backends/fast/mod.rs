//! The `fast` backend: a bit-parallel solver whose only purpose is speed, the
//! yardstick at the physical end of the scale (`docs/fast.md`).
//!
//! Classic 9×9 puzzles take the band path ([`band`]): per-digit, band-wise bit sets,
//! singles and locked candidates by bit operations and table look-ups, branching on a
//! two-candidate cell with the board copied onto a small stack; a search that runs
//! long adds the same locked-candidate logic along columns and branches on a digit's
//! two ways through a band or stack instead. On an x86-64 processor with AVX-512 the
//! same rules and the same search run on vectors (the `vector` module, chosen at run
//! time), every word of the board at once; the configuration `fast:scalar` keeps to
//! the band path everywhere. Every other board the
//! model supports (other sides, rectangular boxes, the X variant) takes the generic
//! path ([`generic`]): a 64-bit candidate set per cell, naked and hidden singles,
//! smallest-domain branching. Both find up to `max_solutions` solutions, so uniqueness
//! is proven by looking for a second one and counting by looking for all.
//!
//! The solve has no separate encoding phase worth a clock read (building the board is
//! part of the search), so `Stats::solve_ms` and `encode_ms` stay 0; the time is the
//! registry's `time_ms`, measured around the whole solve.

pub mod band;
pub mod generic;
// The one place the crate allows `unsafe`: calling the functions compiled for AVX-512
// once the processor is known to have it (what the race against tdoku measured it buys
// is in benches/README.md); `tests.rs` runs both 9x9 paths on the same puzzles.
#[cfg(test)]
mod tests;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub mod vector;

use super::givens::conflict_outcome;
use crate::model::{Geometry, Puzzle, Variant};
use crate::solver::{Outcome, SolveOptions, Solver, Stats};
use std::sync::Arc;

/// The propagation found a contradiction: the board has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// How a search ended, on either path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Search {
    /// Solutions found.
    pub found: u64,
    /// Whether the whole tree was explored.
    pub complete: bool,
    /// Whether the deadline stopped it.
    pub timed_out: bool,
    /// Branch nodes: choices made.
    pub nodes: u64,
    /// Boards whose propagation failed.
    pub failures: u64,
}

/// The bit-parallel solver. Keep it across puzzles: it owns the stack of alternatives
/// (9×9) and the generic path's work space for the last board shape.
pub struct FastSolver {
    /// Its configuration's name: `fast`, or `fast:scalar` when made to keep to the band
    /// path.
    name: &'static str,
    stack: Vec<band::Board>,
    /// The vector path's stack, when this solver takes that path.
    #[cfg(target_arch = "x86_64")]
    vector: Option<Vec<vector::VBoard>>,
    generic: Option<(Arc<Geometry>, generic::Generic)>,
}

impl Default for FastSolver {
    fn default() -> Self {
        FastSolver::new()
    }
}

/// Room in a 9×9 stack of alternatives: 81 levels of 8.
const STACK_ROOM: usize = 81 * 8 + 1;

/// Whether a board takes a 9×9 path (band or vector): side 9, 3×3 boxes, no variant.
fn is_classic_9x9(g: &Geometry) -> bool {
    g.n == 9 && g.box_rows == 3 && g.box_cols == 3 && g.variant == Variant::Classic
}

impl FastSolver {
    /// A solver with its stacks allocated: room for 81 levels of 8 alternatives, more
    /// than a 9×9 search holds in practice, so the loop does not allocate. It takes the
    /// vector path on 9×9 boards where the processor has it.
    pub fn new() -> FastSolver {
        #[cfg(target_arch = "x86_64")]
        if vector::available() {
            // The band path's stack stays empty: the vector path never uses it.
            return FastSolver {
                name: "fast",
                stack: Vec::new(),
                vector: Some(Vec::with_capacity(STACK_ROOM)),
                generic: None,
            };
        }
        FastSolver {
            name: "fast",
            ..FastSolver::scalar()
        }
    }

    /// A solver that takes the band path on every 9×9 board, whatever the processor:
    /// the portable engine, to compare with the vector path or to run where it is not.
    pub fn scalar() -> FastSolver {
        FastSolver {
            name: "fast:scalar",
            stack: Vec::with_capacity(STACK_ROOM),
            #[cfg(target_arch = "x86_64")]
            vector: None,
            generic: None,
        }
    }

    /// Whether this solver takes the vector path on 9×9 boards.
    #[cfg(test)]
    pub fn is_vector(&self) -> bool {
        #[cfg(target_arch = "x86_64")]
        return self.vector.is_some();
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    /// The 9×9 search of `cells` on this solver's path.
    fn search_9x9(
        &mut self,
        cells: &[u8],
        max: u64,
        deadline: Option<std::time::Instant>,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Result<Search, Contradiction> {
        #[cfg(target_arch = "x86_64")]
        if let Some(stack) = &mut self.vector {
            return Ok(vector::search(cells, max, deadline, stack, on_solution));
        }
        // Two givens of one digit in a row or box of a band fail here.
        let root = band::Board::from_givens(cells)?;
        Ok(band::search(
            root,
            max,
            deadline,
            &mut self.stack,
            on_solution,
        ))
    }

    /// The generic solver for `geometry`, rebuilt only when the shape changes.
    fn generic_for(&mut self, geometry: &Arc<Geometry>) -> &mut generic::Generic {
        let reusable = self
            .generic
            .as_ref()
            .is_some_and(|(g, _)| Arc::ptr_eq(g, geometry) || **g == **geometry);
        if !reusable {
            self.generic = None;
        }
        let (_, solver) = self
            .generic
            .get_or_insert_with(|| (geometry.clone(), generic::Generic::new(geometry)));
        solver
    }
}

impl Solver for FastSolver {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn effort_name(&self) -> &'static str {
        "guesses"
    }

    fn checks_givens(&self) -> bool {
        true
    }

    fn refuses(&self, geometry: &crate::model::Geometry) -> Option<String> {
        (!geometry.is_plain()).then(|| {
            format!(
                "{} knows rows, columns and boxes only, not {}",
                self.name,
                if geometry.has_cages() {
                    "Killer cages"
                } else {
                    "a Jigsaw's regions"
                }
            )
        })
    }

    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        let g = &puzzle.geometry;
        let max = opts.max_solutions.max(1) as u64;
        let keep = opts.keep_solutions;
        // Room for the usual one or two solutions kept, allocated at once (growing from
        // empty cost more); a count of thousands grows it as it goes.
        let mut solutions = Vec::with_capacity(keep.min(max as usize).min(2));
        let mut collect = |grid: &[u8]| {
            if solutions.len() < keep {
                solutions.push(grid.to_vec());
            }
            on_solution(grid);
        };
        let s = if is_classic_9x9(g) {
            match self.search_9x9(&puzzle.cells, max, opts.deadline, &mut collect) {
                Err(Contradiction) => return conflict_outcome(),
                Ok(s) => s,
            }
        } else {
            if puzzle.conflicting_givens().is_some() {
                return conflict_outcome();
            }
            self.generic_for(g)
                .search(&puzzle.cells, max, opts.deadline, &mut collect)
        };
        // Givens that conflict down a column (on the vector path, anywhere) leave the
        // search without a solution: the givens are checked only then, not before every
        // solve.
        if s.found == 0 && puzzle.conflicting_givens().is_some() {
            return conflict_outcome();
        }
        let n = g.n as u64;
        let stats = Stats {
            nodes: s.nodes,
            backtracks: s.failures,
            variables: n * n * n,
            constraints: g.units.len() as u64,
            ..Stats::default()
        };
        Outcome::from_search(solutions, s.found, s.complete, s.timed_out, stats)
    }
}
