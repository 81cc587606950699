//! Random completed grids for large sides, where a randomized search from the empty grid
//! sinks into long backtracking (36x36 took minutes): start from the pattern grid, walk
//! a Markov chain of moves that keep every unit valid, then apply a random symmetry.
//!
//! A move picks two values `a` and `b`. Every unit holds one `a` and one `b`; linking the
//! two cells in each unit splits the cells holding `a` or `b` into closed components,
//! and swapping `a` and `b` inside one component keeps every unit valid (each unit
//! touches the component in both of its cells or in neither). Components of more than
//! one per pair change the grid's structure, not only its labels. These moves keep one
//! trace of the pattern, though: within a band, every row's box segments hold the same
//! sets of values. So the chain ends with refills: a random band or stack is emptied and
//! completed again by the randomized search, which is quick with the rest of the grid
//! fixed and need not keep that trace.

use super::fill::random_completion;
use crate::model::puzzle::Grid;
use crate::model::Geometry;
use crate::rng::Rng;

/// Moves of the chain per cell of the grid.
const MOVES_PER_CELL: usize = 10;

/// Refills per band and stack of the grid.
const REFILLS_PER_REGION: usize = 4;

/// Backtracks allowed per emptied cell in a refill before it is given up (the grid then
/// stays as it was).
const REFILL_BACKTRACKS_PER_CELL: usize = 4;

/// The pattern grid of a classic board ([`Geometry::pattern_value`] in every cell).
pub fn pattern_grid(geometry: &Geometry) -> Grid {
    (0..geometry.cells())
        .map(|cell| geometry.pattern_value(cell))
        .collect()
}

/// A random completed grid of a classic board (rows, columns and boxes only): the
/// pattern grid after `MOVES_PER_CELL * n²` component swaps and a random symmetry.
pub fn swapped_grid(geometry: &Geometry, rng: &mut Rng) -> Grid {
    let n = geometry.n;
    let mut grid = pattern_grid(geometry);
    // at[u * n + v - 1]: the cell of unit u holding v.
    let mut at = vec![0usize; geometry.units.len() * n];
    for (u, unit) in geometry.units.iter().enumerate() {
        for &cell in &unit.cells {
            at[u * n + grid[cell] as usize - 1] = cell;
        }
    }
    let mut parent: Vec<usize> = (0..geometry.cells()).collect();
    let mut touched: Vec<usize> = Vec::with_capacity(2 * n);
    for _ in 0..MOVES_PER_CELL * geometry.cells() {
        let a = rng.below(n) as u8 + 1;
        let b = (a as usize + rng.below(n - 1)) % n + 1;
        let b = b as u8;
        touched.clear();
        for u in 0..geometry.units.len() {
            let (x, y) = (at[u * n + a as usize - 1], at[u * n + b as usize - 1]);
            touched.push(x);
            touched.push(y);
            let (rx, ry) = (find(&mut parent, x), find(&mut parent, y));
            parent[rx] = ry;
        }
        touched.sort_unstable();
        touched.dedup();
        let mut roots: Vec<usize> = touched.iter().map(|&c| find(&mut parent, c)).collect();
        roots.sort_unstable();
        roots.dedup();
        let root = roots[rng.below(roots.len())];
        let swap: Vec<usize> = touched
            .iter()
            .copied()
            .filter(|&c| find(&mut parent, c) == root)
            .collect();
        for &c in &touched {
            parent[c] = c;
        }
        for &cell in &swap {
            grid[cell] = if grid[cell] == a { b } else { a };
            for &u in &geometry.cell_units[cell] {
                at[u * n + grid[cell] as usize - 1] = cell;
            }
        }
    }
    refill(geometry, &mut grid, rng);
    symmetry(geometry, &grid, rng)
}

/// Empties random bands and stacks in turn and completes them again by the randomized
/// search (a refill that runs out of budget leaves the grid as it was).
fn refill(geometry: &Geometry, grid: &mut Grid, rng: &mut Rng) {
    let (br, bc, n) = (geometry.box_rows, geometry.box_cols, geometry.n);
    let (bands, stacks) = (n / br, n / bc);
    for _ in 0..REFILLS_PER_REGION * (bands + stacks) {
        let pick = rng.below(bands + stacks);
        let emptied: Vec<usize> = (0..n * n)
            .filter(|&cell| {
                let (r, c) = (cell / n, cell % n);
                if pick < bands {
                    r / br == pick
                } else {
                    c / bc == pick - bands
                }
            })
            .collect();
        let mut holes = grid.clone();
        for &cell in &emptied {
            holes[cell] = 0;
        }
        let limit = REFILL_BACKTRACKS_PER_CELL * emptied.len();
        if let Some(done) = random_completion(geometry, &holes, rng, limit) {
            *grid = done;
        }
    }
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// `grid` under a random symmetry of the board: values relabelled, rows permuted within
/// bands and bands permuted, columns within stacks and stacks.
fn symmetry(geometry: &Geometry, grid: &[u8], rng: &mut Rng) -> Grid {
    let (br, bc, n) = (geometry.box_rows, geometry.box_cols, geometry.n);
    let mut label: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut label);
    // Rows come in n / br bands of br rows; columns in n / bc stacks of bc columns.
    let rows = grouped_permutation(n / br, br, rng);
    let cols = grouped_permutation(n / bc, bc, rng);
    (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            label[grid[rows[r] * n + cols[c]] as usize - 1]
        })
        .collect()
}

/// A random permutation of `groups * size` items that keeps groups of `size` together.
fn grouped_permutation(groups: usize, size: usize, rng: &mut Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    rng.shuffle(&mut order);
    let mut out = Vec::with_capacity(groups * size);
    for g in order {
        let mut within: Vec<usize> = (0..size).collect();
        rng.shuffle(&mut within);
        out.extend(within.into_iter().map(|i| g * size + i));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{validate, Puzzle, Variant};
    use std::sync::Arc;

    #[test]
    fn pattern_and_swapped_grids_are_valid() {
        for (br, bc) in [(2, 2), (2, 3), (3, 3), (3, 4), (5, 5), (6, 6)] {
            let g = Arc::new(Geometry::new(br, bc, Variant::Classic).unwrap());
            let empty = Puzzle::new(g.clone(), vec![0; g.cells()]);
            validate(&empty, &pattern_grid(&g)).unwrap();
            let a = swapped_grid(&g, &mut Rng::new(5));
            validate(&empty, &a).unwrap();
            assert_ne!(a, swapped_grid(&g, &mut Rng::new(6)));
        }
    }

    /// The sets of values in each row's box segments, sorted: in the pattern grid and in
    /// every symmetric image of it, all rows of a band have the same ones.
    fn segment_sets(g: &Geometry, grid: &[u8], r: usize) -> Vec<Vec<u8>> {
        let mut sets: Vec<Vec<u8>> = (0..g.n / g.box_cols)
            .map(|s| {
                let mut v: Vec<u8> = (0..g.box_cols)
                    .map(|k| grid[r * g.n + s * g.box_cols + k])
                    .collect();
                v.sort_unstable();
                v
            })
            .collect();
        sets.sort();
        sets
    }

    #[test]
    fn swaps_change_more_than_labels_and_symmetries() {
        // The sides swapped_grid is used for (above 16).
        for (br, bc) in [(4, 5), (5, 5), (6, 6)] {
            let g = Geometry::new(br, bc, Variant::Classic).unwrap();
            let pattern = pattern_grid(&g);
            let same_in_band = |grid: &[u8]| {
                (0..g.n).all(|r| segment_sets(&g, grid, r) == segment_sets(&g, grid, r / br * br))
            };
            assert!(same_in_band(&pattern), "pattern {br}x{bc}");
            let grid = swapped_grid(&g, &mut Rng::new(8));
            assert!(!same_in_band(&grid), "swapped {br}x{bc}");
            // The same for stacks, on the transposed grid (square boxes only).
            if br == bc {
                let n = g.n;
                let t: Vec<u8> = (0..n * n).map(|i| grid[(i % n) * n + i / n]).collect();
                assert!(!same_in_band(&t), "swapped {br}x{bc}, stacks");
            }
        }
    }
}
