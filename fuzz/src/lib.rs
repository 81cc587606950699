//! Support for the fuzz targets: an independent brute-force solver (rules checked from
//! coordinates, as in `tests/common`, never from the model's unit list) and the
//! building of small puzzles from fuzzer bytes.

use std::sync::{Arc, Mutex};
use sudoku_arena::model::{Geometry, Puzzle, Variant};

/// A brute-force search. Its houses (rows, columns, boxes, and the diagonals of X) are
/// computed here from coordinates and the geometry's side, box shape and variant, never
/// taken from the model's unit list; the values used in each house are bit masks.
struct Search {
    n: usize,
    /// The cells of each house.
    houses: Vec<Vec<usize>>,
    /// The houses of each cell.
    cell_houses: Vec<Vec<usize>>,
    /// Values used in each house (bit `v` for value `v`).
    used: Vec<u64>,
    grid: Vec<u8>,
    limit: usize,
    keep: usize,
    found: Vec<Vec<u8>>,
    count: usize,
    /// Search nodes left before giving up (so a pathological input cannot stall the fuzzer).
    nodes_left: u64,
}

/// Where to branch: the values of one cell, or the cells of one house a value can take.
enum Branch {
    Cell(usize, u64),
    Place(u8, Vec<usize>),
}

impl Search {
    fn new(g: &Geometry, grid: Vec<u8>, limit: usize, keep: usize) -> Search {
        let (n, br, bc) = (g.n, g.box_rows, g.box_cols);
        let mut houses: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            houses.push((0..n).map(|c| i * n + c).collect());
            houses.push((0..n).map(|r| r * n + i).collect());
            let (r0, c0) = ((i / (n / bc)) * br, (i % (n / bc)) * bc);
            houses.push((0..n).map(|k| (r0 + k / bc) * n + c0 + k % bc).collect());
        }
        if g.variant == Variant::X {
            houses.push((0..n).map(|i| i * n + i).collect());
            houses.push((0..n).map(|i| i * n + n - 1 - i).collect());
        }
        let mut cell_houses = vec![Vec::new(); n * n];
        for (h, cells) in houses.iter().enumerate() {
            for &c in cells {
                cell_houses[c].push(h);
            }
        }
        Search {
            n,
            used: vec![0; houses.len()],
            houses,
            cell_houses,
            grid,
            limit,
            keep,
            found: Vec::new(),
            count: 0,
            nodes_left: 20_000_000,
        }
    }

    /// Values used among a cell's peers.
    fn used_around(&self, cell: usize) -> u64 {
        self.cell_houses[cell]
            .iter()
            .fold(0, |m, &h| m | self.used[h])
    }

    /// Sets or clears value `v` of a cell in its houses' masks.
    fn toggle(&mut self, cell: usize, v: u8) {
        for &h in &self.cell_houses[cell] {
            self.used[h] ^= 1 << v;
        }
    }

    /// The most constrained choice: the open cell with the fewest values, or a value
    /// with fewer places in a house; `None` at a dead end, `Some(None)` when full.
    fn choose(&self) -> Option<Option<Branch>> {
        let full: u64 = ((1u64 << self.n) - 1) << 1;
        let mut best: Option<(u32, Branch)> = None;
        for cell in (0..self.grid.len()).filter(|&i| self.grid[i] == 0) {
            let free = full & !self.used_around(cell);
            if best.as_ref().is_none_or(|(k, _)| free.count_ones() < *k) {
                if free == 0 {
                    return None;
                }
                best = Some((free.count_ones(), Branch::Cell(cell, free)));
            }
        }
        if best.is_none() {
            return Some(None);
        }
        for (h, cells) in self.houses.iter().enumerate() {
            for v in (1..=self.n as u8).filter(|&v| self.used[h] & (1 << v) == 0) {
                let places: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&c| self.grid[c] == 0 && self.used_around(c) & (1 << v) == 0)
                    .collect();
                if places.is_empty() {
                    return None;
                }
                if best
                    .as_ref()
                    .is_none_or(|(k, _)| (places.len() as u32) < *k)
                {
                    best = Some((places.len() as u32, Branch::Place(v, places)));
                }
            }
        }
        Some(best.map(|(_, b)| b))
    }

    /// Puts `v` at `cell`, searches on, and takes it back.
    fn try_value(&mut self, cell: usize, v: u8) {
        self.grid[cell] = v;
        self.toggle(cell, v);
        self.run();
        self.toggle(cell, v);
        self.grid[cell] = 0;
    }

    /// Counts completions up to the limit (or until the node budget runs out).
    fn run(&mut self) {
        if self.count >= self.limit || self.nodes_left == 0 {
            return;
        }
        self.nodes_left -= 1;
        match self.choose() {
            None => {}
            Some(None) => {
                self.count += 1;
                if self.found.len() < self.keep {
                    self.found.push(self.grid.clone());
                }
            }
            Some(Some(Branch::Cell(cell, free))) => {
                for v in (1..=self.n as u8).filter(|&v| free & (1 << v) != 0) {
                    self.try_value(cell, v);
                }
            }
            Some(Some(Branch::Place(v, places))) => {
                for cell in places {
                    self.try_value(cell, v);
                }
            }
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
    /// Whether the search finished (it gives up after 20 million nodes).
    pub finished: bool,
}

/// Counts the solutions of `puzzle` up to `limit` by backtracking, keeping up to `keep`.
/// Givens that clash among themselves give no solution.
pub fn brute_force(puzzle: &Puzzle, limit: usize, keep: usize) -> Brute {
    let mut search = Search::new(&puzzle.geometry, puzzle.cells.clone(), limit, keep);
    let mut clash = false;
    for cell in 0..puzzle.cells.len() {
        let v = puzzle.cells[cell];
        if v != 0 {
            clash |= search.used_around(cell) & (1 << v) != 0;
            search.toggle(cell, v);
        }
    }
    if !clash {
        search.run();
    }
    Brute {
        count: search.count,
        solutions: search.found,
        finished: search.nodes_left > 0 || search.count >= limit,
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
