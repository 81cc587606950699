//! Unique puzzles by Eppstein's procedure (§3.6): choose random open cells (with their
//! 180° partners under symmetry) and digits consistent with the position, propagating
//! singles after each choice and restarting on a contradiction, until singles fill the
//! grid; then, in the order they were added, try emptying each choice, keeping a removal
//! only when a complete search proves the puzzle still has one solution.
//!
//! Above 16x16 random digits almost never survive singles to the end (every restart
//! met a contradiction on 20x20 and up), so there the digits are those of a random full
//! grid: still consistent with the position, and never a contradiction.

use super::full::random_full_grid;
use super::singles::Position;
use crate::model::puzzle::Grid;
use crate::model::{Geometry, Puzzle};
use crate::rng::Rng;
use crate::solver::{SolveOptions, Solver, Verdict};
use std::sync::Arc;
use std::time::Duration;

/// How unique puzzles are made.
#[derive(Clone, Debug, Default)]
pub struct UniqueSettings {
    /// Givens come in pairs symmetric under a 180° rotation.
    pub symmetric: bool,
    /// After the pairs, try removing single givens too, so the puzzle is minimal
    /// outright and not only up to symmetry (only changes anything with `symmetric`).
    pub minimal: bool,
    /// Time budget of each uniqueness check; a check that runs out keeps the given.
    pub check_timeout: Option<Duration>,
}

/// A unique puzzle and how it was made.
#[derive(Clone, Debug)]
pub struct UniquePuzzle {
    /// The givens.
    pub cells: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// Removals not made because a check ran out of time: when above 0, the puzzle is
    /// unique but may not be minimal.
    pub undecided_checks: usize,
}

/// The 180° partner of `cell`.
pub fn partner(n: usize, cell: usize) -> usize {
    n * n - 1 - cell
}

/// Makes one unique puzzle of `geometry`, proving uniqueness with `checker` (a complete
/// backend such as `dlx`).
pub fn unique_puzzle(
    geometry: &Arc<Geometry>,
    settings: &UniqueSettings,
    rng: &mut Rng,
    checker: &mut dyn Solver,
) -> UniquePuzzle {
    let (groups, solution) = choose_givens(geometry, settings.symmetric, rng);
    let mut cells = vec![0; geometry.cells()];
    for &(cell, v) in groups.iter().flatten() {
        cells[cell] = v;
    }
    let mut undecided_checks = 0;
    let mut try_remove = |group: &[(usize, u8)], cells: &mut Grid| {
        for &(cell, _) in group {
            cells[cell] = 0;
        }
        match is_unique(geometry, cells, checker, settings.check_timeout) {
            Some(true) => {}
            answer => {
                undecided_checks += usize::from(answer.is_none());
                for &(cell, v) in group {
                    cells[cell] = v;
                }
            }
        }
    };
    for group in &groups {
        try_remove(group, &mut cells);
    }
    if settings.minimal && settings.symmetric {
        for &(cell, v) in groups.iter().flatten() {
            if cells[cell] != 0 {
                try_remove(&[(cell, v)], &mut cells);
            }
        }
    }
    UniquePuzzle {
        cells,
        solution,
        undecided_checks,
    }
}

/// Whether `cells` has exactly one solution: `None` when the check ran out of time.
fn is_unique(
    geometry: &Arc<Geometry>,
    cells: &[u8],
    checker: &mut dyn Solver,
    timeout: Option<Duration>,
) -> Option<bool> {
    let puzzle = Puzzle::new(geometry.clone(), cells.to_vec());
    match checker
        .solve(&puzzle, &SolveOptions::new(2, timeout))
        .verdict
    {
        Verdict::Unique => Some(true),
        Verdict::Multiple | Verdict::None => Some(false),
        Verdict::Solved | Verdict::Unknown | Verdict::Memout => None,
    }
}

/// The first phase: random choices, in groups (a cell and its partner), until singles
/// solve the grid. Returns the groups in the order chosen and the grid singles reached.
fn choose_givens(
    geometry: &Geometry,
    symmetric: bool,
    rng: &mut Rng,
) -> (Vec<Vec<(usize, u8)>>, Grid) {
    let target = (geometry.n > RANDOM_DIGITS_UP_TO).then(|| random_full_grid(geometry, rng));
    'restart: loop {
        let mut pos = Position::new(geometry);
        let mut groups = Vec::new();
        while !pos.solved() {
            let open: Vec<usize> = (0..geometry.cells())
                .filter(|&c| pos.grid[c] == 0)
                .collect();
            let cell = open[rng.below(open.len())];
            let mut group = Vec::with_capacity(2);
            if !choose(&mut pos, cell, target.as_deref(), rng, &mut group) {
                continue 'restart;
            }
            let other = partner(geometry.n, cell);
            if symmetric
                && other != cell
                && !choose(&mut pos, other, target.as_deref(), rng, &mut group)
            {
                continue 'restart;
            }
            groups.push(group);
        }
        return (groups, pos.grid);
    }
}

/// The largest side whose digits are drawn at random, as in the paper; above it they
/// come from a random full grid.
const RANDOM_DIGITS_UP_TO: usize = 16;

/// Gives `cell` a random candidate, or its value in `target` when there is one (or keeps
/// the value singles already placed there), records it in `group`, and propagates;
/// false on a contradiction (never with a `target`: singles are sound).
fn choose(
    pos: &mut Position,
    cell: usize,
    target: Option<&[u8]>,
    rng: &mut Rng,
    group: &mut Vec<(usize, u8)>,
) -> bool {
    let v = match (pos.grid[cell], target) {
        (0, Some(target)) => target[cell],
        (0, None) => {
            let values: Vec<u8> = pos.cand[cell].iter().collect();
            values[rng.below(values.len())]
        }
        (placed, _) => placed,
    };
    group.push((cell, v));
    pos.place(cell, v) && pos.propagate()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backends::create;
    use crate::model::Variant;

    #[test]
    fn symmetric_4x4_puzzles_are_unique_and_symmetric() {
        let g = Arc::new(Geometry::new(2, 2, Variant::Classic).unwrap());
        let mut dlx = create("dlx").unwrap();
        let settings = UniqueSettings {
            symmetric: true,
            ..UniqueSettings::default()
        };
        for seed in 0..5 {
            let p = unique_puzzle(&g, &settings, &mut Rng::new(seed), dlx.as_mut());
            assert_eq!(is_unique(&g, &p.cells, dlx.as_mut(), None), Some(true));
            for cell in 0..16 {
                assert_eq!(p.cells[cell] == 0, p.cells[partner(4, cell)] == 0);
            }
        }
    }
}
