//! Killer and Jigsaw puzzles for the tests of the backends and external solvers that
//! state cages, and an independent brute-force counter for them: rows, columns, boxes
//! and the X diagonals checked from coordinates, a Jigsaw's regions from its region map,
//! cages from their cell lists and totals (never from the model's unit list or peers).
//! `tests/backends/main.rs` declares it; `tests/external/main.rs` includes it by path.
#![allow(dead_code)]

use crate::common::Rng;
use std::sync::Arc;
use sudoku_arena::model::{Cage, Geometry, Puzzle, Variant};

/// The 4x4 Jigsaw region map the tests use (0-based, row-major).
pub const JIGSAW_4: [u8; 16] = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];

/// The 6x6 Jigsaw region map the tests use (0-based, row-major).
pub const JIGSAW_6: [u8; 36] = [
    0, 0, 0, 1, 1, 1, //
    0, 0, 2, 1, 1, 1, //
    0, 2, 2, 2, 3, 3, //
    4, 4, 2, 2, 3, 3, //
    4, 4, 5, 5, 3, 3, //
    4, 4, 5, 5, 5, 5, //
];

/// Whether `v` may stand in `cell` of `grid` (0 = blank) by the rules read from
/// coordinates, the region map and the cage lists: no equal value in its row, column,
/// box or region, or diagonal (X); its cage's values distinct, their total not past the
/// cage's, and exactly the cage's once it is full.
fn allowed(g: &Geometry, grid: &[u8], cell: usize, v: u8) -> bool {
    let n = g.n;
    let (r, c) = (cell / n, cell % n);
    let same = |other: usize| other != cell && grid[other] == v;
    let (br, bc) = (g.box_rows, g.box_cols);
    for k in 0..n {
        if same(r * n + k) || same(k * n + c) {
            return false;
        }
        if g.variant == Variant::X
            && ((r == c && same(k * n + k)) || (r + c == n - 1 && same(k * n + n - 1 - k)))
        {
            return false;
        }
    }
    match &g.regions {
        Some(map) => {
            if (0..n * n).any(|o| map[o] == map[cell] && same(o)) {
                return false;
            }
        }
        None => {
            let (r0, c0) = (r / br * br, c / bc * bc);
            if (0..n).any(|k| same((r0 + k / bc) * n + c0 + k % bc)) {
                return false;
            }
        }
    }
    for cage in g.cages.iter().filter(|cage| cage.cells.contains(&cell)) {
        if cage.cells.iter().any(|&o| same(o)) {
            return false;
        }
        let value = |o: usize| if o == cell { v } else { grid[o] };
        let total: u32 = cage.cells.iter().map(|&o| u32::from(value(o))).sum();
        let full = cage.cells.iter().all(|&o| value(o) != 0);
        if total > cage.sum || (full && total != cage.sum) {
            return false;
        }
    }
    true
}

/// Counts the solutions of `puzzle` up to `limit` by backtracking over the cells in
/// order, the rules checked by [`allowed`].
pub fn brute_count(puzzle: &Puzzle, limit: usize) -> usize {
    let g = &puzzle.geometry;
    let mut grid = puzzle.cells.clone();
    // Givens may clash among themselves: each is checked against the others first.
    let givens_fit = (0..grid.len()).all(|c| {
        grid[c] == 0 || {
            let v = grid[c];
            grid[c] = 0;
            let ok = allowed(g, &grid, c, v);
            grid[c] = v;
            ok
        }
    });
    let mut count = 0;
    if givens_fit {
        count_from(g, &mut grid, 0, limit, &mut count);
    }
    count
}

fn count_from(g: &Geometry, grid: &mut [u8], from: usize, limit: usize, count: &mut usize) {
    if *count >= limit {
        return;
    }
    let Some(cell) = (from..grid.len()).find(|&i| grid[i] == 0) else {
        *count += 1;
        return;
    };
    for v in 1..=g.n as u8 {
        if allowed(g, grid, cell, v) {
            grid[cell] = v;
            count_from(g, grid, cell + 1, limit, count);
            grid[cell] = 0;
        }
    }
}

/// A random full grid of `board` (units only, no cages): backtracking with each
/// cell's values tried from a random start.
pub fn random_grid(board: &Geometry, rng: &mut Rng) -> Vec<u8> {
    fn fill(g: &Geometry, grid: &mut [u8], cell: usize, rng: &mut Rng) -> bool {
        if cell == grid.len() {
            return true;
        }
        let start = rng.below(g.n);
        for k in 0..g.n {
            let v = ((start + k) % g.n + 1) as u8;
            if g.peers[cell].iter().all(|&p| grid[p] != v) {
                grid[cell] = v;
                if fill(g, grid, cell + 1, rng) {
                    return true;
                }
            }
        }
        grid[cell] = 0;
        false
    }
    let mut grid = vec![0; board.cells()];
    assert!(fill(board, &mut grid, 0, rng), "every board has a solution");
    grid
}

/// Cuts `solution` of `board` into random connected cages of `smallest` to `largest`
/// cells (every cell in one; a cage that finds no free neighbour holding a digit new to
/// it stays smaller), each total the sum of its cells in `solution`.
pub fn random_cages(
    board: &Geometry,
    solution: &[u8],
    (smallest, largest): (usize, usize),
    rng: &mut Rng,
) -> Vec<Cage> {
    let n = board.n;
    let mut owner = vec![false; board.cells()];
    let mut cages = Vec::new();
    for start in 0..board.cells() {
        if owner[start] {
            continue;
        }
        owner[start] = true;
        let want = smallest + rng.below(largest + 1 - smallest);
        let mut cells = vec![start];
        let mut used: u64 = 1 << solution[start];
        while cells.len() < want {
            // The free neighbours of the cage whose value it does not hold yet.
            let mut near: Vec<usize> = Vec::new();
            for &c in &cells {
                let (r, col) = (c / n, c % n);
                let around = [
                    (r > 0).then(|| c - n),
                    (r + 1 < n).then_some(c + n),
                    (col > 0).then(|| c - 1),
                    (col + 1 < n).then_some(c + 1),
                ];
                for d in around.into_iter().flatten() {
                    if !owner[d] && used >> solution[d] & 1 == 0 && !near.contains(&d) {
                        near.push(d);
                    }
                }
            }
            if near.is_empty() {
                break;
            }
            let d = near[rng.below(near.len())];
            owner[d] = true;
            used |= 1 << solution[d];
            cells.push(d);
        }
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        cages.push(Cage { cells, sum });
    }
    cages
}

/// A random Killer on `board`: a random solution cut into cages of `sizes` (smallest,
/// largest) cells, keeping about `keep_percent` of its cells as givens.
pub fn random_killer(
    board: &Geometry,
    sizes: (usize, usize),
    keep_percent: usize,
    seed: u64,
) -> Puzzle {
    let mut rng = Rng(seed | 1);
    let solution = random_grid(board, &mut rng);
    let cages = random_cages(board, &solution, sizes, &mut rng);
    let cells = solution
        .iter()
        .map(|&v| if rng.below(100) < keep_percent { v } else { 0 })
        .collect();
    let g = board
        .clone()
        .with_cages(cages)
        .expect("cages cut from a solution");
    Puzzle::new(Arc::new(g), cells)
}

/// The classic board with `box_rows × box_cols` boxes.
pub fn boxes(box_rows: usize, box_cols: usize) -> Geometry {
    Geometry::new(box_rows, box_cols, Variant::Classic).unwrap()
}

/// A Jigsaw board of side `n` with the region map `regions`.
pub fn jigsaw(n: usize, regions: &[u8]) -> Geometry {
    Geometry::with_regions(n, regions, Variant::Classic).unwrap()
}

/// A 4x4 Killer of two-cell cages cut from the grid `1234/3412/2143/4321`, no givens
/// (its solutions are counted by [`brute_count`] where it is used).
pub fn small_killer() -> Puzzle {
    let board = boxes(2, 2);
    let solution: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let cages = [
        [0, 4],
        [1, 2],
        [3, 7],
        [5, 6],
        [8, 9],
        [12, 13],
        [10, 14],
        [11, 15],
    ]
    .iter()
    .map(|cells| Cage {
        cells: cells.to_vec(),
        sum: cells.iter().map(|&c| u32::from(solution[c])).sum(),
    })
    .collect();
    let g = board.with_cages(cages).unwrap();
    Puzzle::new(Arc::new(g), vec![0; 16])
}
