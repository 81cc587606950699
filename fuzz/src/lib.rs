//! Support for the fuzz targets: an independent brute-force solver (rules checked from
//! coordinates, as in `tests/common`, never from the model's unit list) and the
//! building of small puzzles from fuzzer bytes.

use std::sync::{Arc, Mutex};
use sudoku_arena::model::{Geometry, Puzzle, Variant};

/// The board a brute-force search works on: side, box shape and whether the diagonals
/// are units, all read from the puzzle's geometry fields (not its units).
struct Board {
    n: usize,
    br: usize,
    bc: usize,
    x: bool,
}

impl Board {
    /// Whether `v` can stand at `cell` with no equal value among its peers in `grid`.
    fn allowed(&self, grid: &[u8], cell: usize, v: u8) -> bool {
        let (n, br, bc) = (self.n, self.br, self.bc);
        let (r, c) = (cell / n, cell % n);
        let (r0, c0) = (r / br * br, c / bc * bc);
        for k in 0..n {
            if (k != c && grid[r * n + k] == v) || (k != r && grid[k * n + c] == v) {
                return false;
            }
            let (rr, cc) = (r0 + k / bc, c0 + k % bc);
            if (rr, cc) != (r, c) && grid[rr * n + cc] == v {
                return false;
            }
            if self.x && r == c && k != r && grid[k * n + k] == v {
                return false;
            }
            if self.x && r + c == n - 1 && k != r && grid[k * n + (n - 1 - k)] == v {
                return false;
            }
        }
        true
    }

    /// Counts completions of `grid` up to `limit`, keeping the first `keep` of them;
    /// branches on the open cell with the fewest values allowed.
    fn search(&self, grid: &mut [u8], limit: usize, keep: usize, found: &mut Vec<Vec<u8>>, count: &mut usize) {
        if *count >= limit {
            return;
        }
        let mut best: Option<(usize, Vec<u8>)> = None;
        for cell in (0..grid.len()).filter(|&i| grid[i] == 0) {
            let values: Vec<u8> = (1..=self.n as u8)
                .filter(|&v| self.allowed(grid, cell, v))
                .collect();
            if best.as_ref().is_none_or(|(_, b)| values.len() < b.len()) {
                let dead = values.is_empty();
                best = Some((cell, values));
                if dead {
                    break;
                }
            }
        }
        let Some((cell, values)) = best else {
            *count += 1;
            if found.len() < keep {
                found.push(grid.to_vec());
            }
            return;
        };
        for v in values {
            grid[cell] = v;
            self.search(grid, limit, keep, found, count);
            grid[cell] = 0;
        }
    }
}

/// What the brute force found: how many solutions (stopped at the limit) and the first
/// few of them.
pub struct Brute {
    /// Solutions counted, at most the limit asked.
    pub count: usize,
    /// The first solutions found.
    pub solutions: Vec<Vec<u8>>,
}

/// Counts the solutions of `puzzle` up to `limit` by plain backtracking, keeping up to
/// `keep`. Givens that clash among themselves give no solution.
pub fn brute_force(puzzle: &Puzzle, limit: usize, keep: usize) -> Brute {
    let g = &puzzle.geometry;
    let board = Board {
        n: g.n,
        br: g.box_rows,
        bc: g.box_cols,
        x: g.variant == Variant::X,
    };
    let mut grid = puzzle.cells.clone();
    let clash = (0..grid.len()).any(|i| grid[i] != 0 && !board.allowed(&grid, i, grid[i]));
    let mut brute = Brute {
        count: 0,
        solutions: Vec::new(),
    };
    if !clash {
        board.search(&mut grid, limit, keep, &mut brute.solutions, &mut brute.count);
    }
    brute
}

/// The shapes `solve_small` fuzzes: box rows and columns.
pub const SHAPES: [(usize, usize); 4] = [(2, 2), (2, 3), (3, 2), (3, 3)];

/// A small puzzle built from fuzzer bytes, and whether to count every solution.
pub struct SmallCase {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Whether to ask for every solution (only 4x4, where counts stay small).
    pub count_all: bool,
}

/// Reads a small puzzle from bytes. The first byte picks the shape (bits 0-1), the X
/// variant (bit 2), counting every solution on 4x4 (bit 3) and the way givens are
/// made (bit 4): either (cell, value) pairs from the rest of the bytes (at most 24 on
/// 9x9, so that the puzzle has few givens), or a solved grid with its digits relabelled
/// by the second byte, cells kept by the bits of the next bytes, then pairs after that
/// overwriting cells (so also puzzles with one or no solution on 9x9).
pub fn small_case(data: &[u8]) -> Option<SmallCase> {
    let (&mode, rest) = data.split_first()?;
    let (br, bc) = SHAPES[(mode & 3) as usize];
    let variant = if mode & 4 != 0 {
        Variant::X
    } else {
        Variant::Classic
    };
    let geometry = Arc::new(Geometry::new(br, bc, variant).ok()?);
    let n = geometry.n;
    let mut cells = vec![0u8; n * n];
    let mut rest = rest;
    if mode & 16 != 0 {
        let (&relabel, tail) = rest.split_first()?;
        let solved = solved_grid(&geometry)?;
        let perm = permutation(n, relabel);
        let mask_bytes = (n * n).div_ceil(8);
        let (mask, tail) = tail.split_at(mask_bytes.min(tail.len()));
        for (i, cell) in cells.iter_mut().enumerate() {
            if mask.get(i / 8).is_some_and(|b| b & (1 << (i % 8)) != 0) {
                *cell = perm[solved[i] as usize - 1];
            }
        }
        rest = tail;
    }
    let max_pairs = if n == 9 && mode & 16 == 0 { 24 } else { n * n };
    for pair in rest.chunks_exact(2).take(max_pairs) {
        let cell = pair[0] as usize % (n * n);
        cells[cell] = pair[1] % (n as u8 + 1);
    }
    Some(SmallCase {
        puzzle: Puzzle::new(geometry, cells),
        count_all: n == 4 && mode & 8 != 0,
    })
}

/// The first solution of the empty grid of a geometry, by the brute force (computed
/// once per shape and variant).
fn solved_grid(geometry: &Arc<Geometry>) -> Option<Vec<u8>> {
    static CACHE: Mutex<Vec<((usize, usize, Variant), Vec<u8>)>> = Mutex::new(Vec::new());
    let key = (geometry.box_rows, geometry.box_cols, geometry.variant);
    let mut cache = CACHE.lock().ok()?;
    if let Some((_, grid)) = cache.iter().find(|(k, _)| *k == key) {
        return Some(grid.clone());
    }
    let empty = Puzzle::new(geometry.clone(), vec![0; geometry.cells()]);
    let grid = brute_force(&empty, 1, 1).solutions.pop()?;
    cache.push((key, grid.clone()));
    Some(grid)
}

/// A permutation of `1..=n` chosen by `seed` (a few swaps of a small generator).
fn permutation(n: usize, seed: u8) -> Vec<u8> {
    let mut perm: Vec<u8> = (1..=n as u8).collect();
    let mut state = (seed as u32).wrapping_mul(2_654_435_761) | 1;
    for i in (1..n).rev() {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        perm.swap(i, (state >> 16) as usize % (i + 1));
    }
    perm
}
