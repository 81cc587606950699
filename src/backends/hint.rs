//! The solution a backend's search tries first in every cell (`dlx`, `csp`): which one,
//! and how it is recorded. Any order is sound (a proof visits the whole tree in any
//! order); this one only makes first solutions of large, nearly empty grids quick.

use crate::model::isomorph::{best_fit, capacity, CAPACITY_SHARE};
use crate::model::Puzzle;
use crate::solver::Stats;
use std::time::Instant;

/// A solution to try first in every cell of `puzzle`, close to its givens: the pattern
/// with its digits renamed when that fits them all
/// ([`crate::model::Geometry::pattern_fitting`]); else, when the givens are few enough for
/// the board's symmetries to absorb ([`capacity`]), the moved pattern of [`best_fit`],
/// which fits all or most of them; else `None` (ascending values).
pub fn solution_hint(puzzle: &Puzzle, deadline: Option<Instant>) -> Option<Vec<u8>> {
    let g = &puzzle.geometry;
    g.pattern_fitting(&puzzle.cells).or_else(|| {
        let givens = puzzle.cells.iter().filter(|&&v| v != 0).count();
        (givens as f64 <= CAPACITY_SHARE * capacity(g))
            .then(|| best_fit(g, &puzzle.cells, deadline).map(|(solution, _)| solution))
            .flatten()
    })
}

/// Records in `stats` that a search was given `hint` to try first, and how many givens
/// of `puzzle` it contradicts (`hint_misfits`), so that tables can tell runs it guided.
pub fn note_hint(stats: &mut Stats, puzzle: &Puzzle, hint: Option<&[u8]>) {
    if let Some(hint) = hint {
        let misfits = puzzle
            .cells
            .iter()
            .zip(hint)
            .filter(|&(&v, &s)| v != 0 && v != s)
            .count();
        stats.extra.insert("hint_misfits".into(), misfits as f64);
    }
}
