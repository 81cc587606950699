//! The solution a backend's search tries first in every cell (`dlx`, `csp`): which one,
//! and how it is recorded. Any order is sound (a proof visits the whole tree in any
//! order); this one only makes first solutions of large, nearly empty grids quick.

use crate::model::isomorph::{best_fit, capacity, CAPACITY_SHARE};
use crate::model::Puzzle;
use crate::solver::Stats;
use std::time::Instant;

/// The smallest side on which a moved pattern is sought. Below it ascending values find
/// first solutions of nearly empty grids at once (the shared 16×16 and 25×25 instances
/// included), so a fitting that fails would only add its cost.
pub const FIT_FROM_SIDE: usize = 36;

/// A solution to try first in every cell of `puzzle`, agreeing with all its givens: the
/// pattern with its digits renamed when that fits ([`crate::model::Geometry::pattern_fitting`]);
/// else, when the givens are few enough for the board's symmetries to absorb
/// ([`capacity`]), the moved pattern of [`best_fit`] if it fits every given; else `None`
/// (ascending values). A moved pattern that misses a few givens is not used: on nearly
/// empty 49×49 grids it made `csp:permutation` lose grids that ascending values solve.
///
/// The moved pattern is sought only from side [`FIT_FROM_SIDE`] on, and only for givens
/// that do not already clash: a failed search costs its whole budget, far more than
/// ascending values take on a small board. The figures are in benches/README.md.
pub fn solution_hint(puzzle: &Puzzle, deadline: Option<Instant>) -> Option<Vec<u8>> {
    let g = &puzzle.geometry;
    g.pattern_fitting(&puzzle.cells).or_else(|| {
        let givens = puzzle.cells.iter().filter(|&&v| v != 0).count();
        // A moved pattern keeps rows, columns and boxes, not a Jigsaw's regions or cages.
        if g.n < FIT_FROM_SIDE
            || !g.is_plain()
            || givens as f64 > CAPACITY_SHARE * capacity(g)
            || puzzle.conflicting_givens().is_some()
        {
            return None;
        }
        best_fit(g, &puzzle.cells, deadline)
            .filter(|&(_, misfits)| misfits == 0)
            .map(|(solution, _)| solution)
    })
}

/// Records in `stats` (`solution_hint`: 1) that the search was given a solution to try
/// first, so that tables can tell the runs it guided.
pub fn note_hint(stats: &mut Stats, hint: Option<&[u8]>) {
    if hint.is_some() {
        stats.extra.insert("solution_hint".into(), 1.0);
    }
}
