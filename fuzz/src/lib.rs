//! Support for the fuzz targets: an independent brute-force solver (rules checked from
//! coordinates, as in `tests/common`, never from the model's unit list) and the
//! building of small puzzles from fuzzer bytes.

use std::sync::{Arc, Mutex};
use sudoku_arena::model::{Geometry, Puzzle, Variant};

/// A brute-force search: the side, box shape and diagonals read from the geometry's
/// fields (not its units), and the values used in each row, column, box and diagonal as
/// bit masks computed from coordinates.
struct Search {
    n: usize,
    br: usize,
    bc: usize,
    x: bool,
    rows: Vec<u64>,
    cols: Vec<u64>,
    boxes: Vec<u64>,
    /// Main diagonal, then anti-diagonal (unused unless X).
    diagonals: [u64; 2],
    grid: Vec<u8>,
    limit: usize,
    keep: usize,
    found: Vec<Vec<u8>>,
    count: usize,
}

impl Search {
    /// The houses of a cell: row, column, box, and whether it is on each diagonal.
    fn houses(&self, cell: usize) -> (usize, usize, usize, bool, bool) {
        let (r, c) = (cell / self.n, cell % self.n);
        let b = (r / self.br) * (self.n / self.bc) + c / self.bc;
        (r, c, b, self.x && r == c, self.x && r + c == self.n - 1)
    }

    /// Values used among a cell's peers (bit `v` for value `v`).
    fn used(&self, cell: usize) -> u64 {
        let (r, c, b, d, a) = self.houses(cell);
        let mut m = self.rows[r] | self.cols[c] | self.boxes[b];
        if d {
            m |= self.diagonals[0];
        }
        if a {
            m |= self.diagonals[1];
        }
        m
    }

    /// Sets or clears value `v` of a cell in its houses' masks.
    fn toggle(&mut self, cell: usize, v: u8) {
        let (r, c, b, d, a) = self.houses(cell);
        let bit = 1u64 << v;
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        self.boxes[b] ^= bit;
        if d {
            self.diagonals[0] ^= bit;
        }
        if a {
            self.diagonals[1] ^= bit;
        }
    }

    /// Counts completions up to the limit, branching on the open cell with the fewest
    /// values allowed.
    fn run(&mut self) {
        if self.count >= self.limit {
            return;
        }
        let full: u64 = ((1u64 << self.n) - 1) << 1;
        let mut best: Option<(usize, u64)> = None;
        for cell in (0..self.grid.len()).filter(|&i| self.grid[i] == 0) {
            let free = full & !self.used(cell);
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((cell, free));
                if free == 0 {
                    return;
                }
            }
        }
        let Some((cell, free)) = best else {
            self.count += 1;
            if self.found.len() < self.keep {
                self.found.push(self.grid.clone());
            }
            return;
        };
        for v in (1..=self.n as u8).filter(|&v| free & (1 << v) != 0) {
            self.grid[cell] = v;
            self.toggle(cell, v);
            self.run();
            self.toggle(cell, v);
            self.grid[cell] = 0;
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
    let n = g.n;
    let mut search = Search {
        n,
        br: g.box_rows,
        bc: g.box_cols,
        x: g.variant == Variant::X,
        rows: vec![0; n],
        cols: vec![0; n],
        boxes: vec![0; n],
        diagonals: [0; 2],
        grid: puzzle.cells.clone(),
        limit,
        keep,
        found: Vec::new(),
        count: 0,
    };
    let mut clash = false;
    for cell in 0..n * n {
        let v = puzzle.cells[cell];
        if v != 0 {
            clash |= search.used(cell) & (1 << v) != 0;
            search.toggle(cell, v);
        }
    }
    if !clash {
        search.run();
    }
    Brute {
        count: search.count,
        solutions: search.found,
    }
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
