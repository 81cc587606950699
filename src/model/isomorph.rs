//! A solution to try first: the canonical pattern moved by the board's symmetries until
//! it agrees with the givens.
//!
//! A depth-first search that tries, in every cell, the value of one solution that fits
//! the givens never backtracks on its way to that solution, so a search that must only
//! find a first solution of a large, nearly empty grid (where ascending values paint the
//! later rows into a corner far below the mistake) finishes at once. Renaming the digits
//! of the pattern ([`Geometry::pattern_fitting`]) fits an empty grid and a handful of
//! givens; this module also permutes the rows inside each band, the bands, the columns
//! inside each stack and the stacks, which fits a few dozen random givens on a 64×64.
//!
//! Every pattern moved so gives cell `(r, c)` the class `(bc·(ι(r) + γ(c)) + β(r) + κ(c))
//! mod n` on boxes of `br × bc`, where `ι` numbers the rows of each band `0..br`, `β` the
//! bands `0..bc`, `κ` the columns of each stack `0..bc` and `γ` the stacks `0..br`; a
//! renaming then gives each class a value. The givens fit when no class holds two values
//! and no value two classes. A local search over swaps (two rows of a band, two bands, two
//! columns of a stack, two stacks) drives the number of such clashing pairs to zero, or as
//! low as it gets within its bounds (the caller decides what a near miss is worth; the
//! backends use exact fits only). The symmetries have about
//! `log₂((br!)^bc · (bc!)^br · bc! · br! · n!)` bits of freedom and each given takes
//! `log₂ n` of them, so fitting is worth trying only below that capacity (the backends'
//! rules of when to try are in `backends::hint`).
//!
//! The search is bounded (swaps and deadline) and seeded (the same puzzle always gets the
//! same order); the result is only an order to try values in, so any result is sound.

use super::{Geometry, Variant};
use crate::rng::Rng;
use std::time::Instant;

/// Swaps one annealing run may try.
pub const MOVE_LIMIT: u64 = 300_000;

/// Annealing runs (each from the pattern, with its own seed) before the fitting settles
/// for the best it has.
pub const RUNS: u64 = 2;

/// The annealing's first temperature, in clashing pairs: chosen by trial, the one that
/// fitted nearly empty 64×64 grids most often (benches/README.md).
const START_TEMPERATURE: f64 = 0.5;

/// The fitting's fixed seed: the same puzzle always gets the same order.
const SEED: u64 = 0x05ee_df17;

/// Share of the capacity (in givens) below which fitting is worth trying: near the
/// capacity, fits are rare and hard to find.
pub const CAPACITY_SHARE: f64 = 0.8;

/// How many random givens the symmetries can absorb: their bits of freedom over the bits
/// one given takes.
pub fn capacity(g: &Geometry) -> f64 {
    let (br, bc, n) = (g.box_rows, g.box_cols, g.n);
    let log2_factorial = |k: usize| (2..=k).map(|i| (i as f64).log2()).sum::<f64>();
    let bits = bc as f64 * log2_factorial(br)
        + br as f64 * log2_factorial(bc)
        + log2_factorial(bc)
        + log2_factorial(br)
        + log2_factorial(n);
    bits / (n as f64).log2()
}

/// The moved pattern under construction: the four permutations, kept as positions,
/// and for each given its class, with the counts the mismatch cost is read from.
struct Moved {
    br: usize,
    bc: usize,
    n: usize,
    /// `ι`: position of each row in its band.
    row: Vec<usize>,
    /// `β`: position of each band.
    band: Vec<usize>,
    /// `κ`: position of each column in its stack.
    col: Vec<usize>,
    /// `γ`: position of each stack.
    stack: Vec<usize>,
    /// The givens, `(row, column, value)`.
    givens: Vec<(usize, usize, usize)>,
    /// The givens of each row and of each column (indices into `givens`).
    in_row: Vec<Vec<usize>>,
    in_col: Vec<Vec<usize>>,
    /// The current class of each given.
    class: Vec<usize>,
    /// Givens per (class, value), per class.
    count: Vec<u32>,
    class_size: Vec<u32>,
    /// Pairs of givens in one class with different values, plus pairs with one value in
    /// different classes: 0 exactly when renaming the classes fits every given.
    cost: i64,
}

impl Moved {
    fn new(g: &Geometry, cells: &[u8]) -> Moved {
        let (br, bc, n) = (g.box_rows, g.box_cols, g.n);
        let givens: Vec<(usize, usize, usize)> = cells
            .iter()
            .enumerate()
            .filter(|(_, &v)| v != 0)
            .map(|(cell, &v)| (cell / n, cell % n, v as usize))
            .collect();
        let mut in_row = vec![Vec::new(); n];
        let mut in_col = vec![Vec::new(); n];
        for (k, &(r, c, _)) in givens.iter().enumerate() {
            in_row[r].push(k);
            in_col[c].push(k);
        }
        let mut value_size = vec![0i64; n + 1];
        for &(_, _, v) in &givens {
            value_size[v] += 1;
        }
        let mut m = Moved {
            br,
            bc,
            n,
            row: (0..n).map(|r| r % br).collect(),
            band: (0..bc).collect(),
            col: (0..n).map(|c| c % bc).collect(),
            stack: (0..br).collect(),
            class: vec![0; givens.len()],
            count: vec![0; n * (n + 1)],
            class_size: vec![0; n],
            // Pairs of givens with one value, all counted as split until placed.
            cost: value_size.iter().map(|&s| s * (s - 1) / 2).sum(),
            givens,
            in_row,
            in_col,
        };
        for k in 0..m.givens.len() {
            m.class[k] = m.class_of(k);
            m.add(k);
        }
        m
    }

    /// The pattern class of given `k` under the current permutations (the pattern
    /// itself when they are the identity).
    fn class_of(&self, k: usize) -> usize {
        let (r, c, _) = self.givens[k];
        let (i, b) = (self.row[r], self.band[r / self.br]);
        let (j, s) = (self.col[c], self.stack[c / self.bc]);
        (self.bc * (i + s) + b + j) % self.n
    }

    fn add(&mut self, k: usize) {
        let (class, value) = (self.class[k], self.givens[k].2);
        let same = &mut self.count[class * (self.n + 1) + value];
        // The new given pairs with the others of its class (a clash unless same value),
        // and pairs up with the others of its value (no longer split).
        self.cost += i64::from(self.class_size[class]) - 2 * i64::from(*same);
        *same += 1;
        self.class_size[class] += 1;
    }

    fn remove(&mut self, k: usize) {
        let (class, value) = (self.class[k], self.givens[k].2);
        let same = &mut self.count[class * (self.n + 1) + value];
        *same -= 1;
        self.class_size[class] -= 1;
        self.cost -= i64::from(self.class_size[class]) - 2 * i64::from(*same);
    }

    /// Recomputes the class of the givens in `rows` and `cols` after a swap.
    fn reclass(&mut self, rows: &[usize], cols: &[usize]) {
        let touched: Vec<usize> = rows
            .iter()
            .flat_map(|&r| self.in_row[r].iter().copied())
            .chain(cols.iter().flat_map(|&c| self.in_col[c].iter().copied()))
            .collect();
        for &k in &touched {
            let class = self.class_of(k);
            if class != self.class[k] {
                self.remove(k);
                self.class[k] = class;
                self.add(k);
            }
        }
    }

    /// Applies move `m` (its own inverse): a swap of two rows of a band, two bands, two
    /// columns of a stack or two stacks.
    fn apply(&mut self, m: Move) {
        let (br, bc) = (self.br, self.bc);
        match m {
            Move::Rows(a, b) => {
                self.row.swap(a, b);
                self.reclass(&[a, b], &[]);
            }
            Move::Bands(a, b) => {
                self.band.swap(a, b);
                let rows: Vec<usize> = (a * br..(a + 1) * br).chain(b * br..(b + 1) * br).collect();
                self.reclass(&rows, &[]);
            }
            Move::Cols(a, b) => {
                self.col.swap(a, b);
                self.reclass(&[], &[a, b]);
            }
            Move::Stacks(a, b) => {
                self.stack.swap(a, b);
                let cols: Vec<usize> = (a * bc..(a + 1) * bc).chain(b * bc..(b + 1) * bc).collect();
                self.reclass(&[], &cols);
            }
        }
    }

    /// The four permutations, to come back to.
    fn solution_state(&self) -> [Vec<usize>; 4] {
        [
            self.row.clone(),
            self.band.clone(),
            self.col.clone(),
            self.stack.clone(),
        ]
    }

    /// Sets the four permutations and recomputes every class.
    fn restore(&mut self, state: &[Vec<usize>; 4]) {
        [self.row, self.band, self.col, self.stack] = state.clone();
        for k in 0..self.givens.len() {
            let class = self.class_of(k);
            if class != self.class[k] {
                self.remove(k);
                self.class[k] = class;
                self.add(k);
            }
        }
    }

    /// A random move. A box one row high has no two rows in a band and no two stacks to
    /// swap (one column wide: no two bands, no two columns in a stack); the side is at
    /// least 4, so the other kinds are always there.
    fn random_move(&self, rng: &mut Rng) -> Move {
        let (br, bc) = (self.br, self.bc);
        let pair = |rng: &mut Rng, len: usize| {
            let a = rng.below(len);
            let b = (a + 1 + rng.below(len - 1)) % len;
            (a, b)
        };
        let kind = match (br >= 2, bc >= 2) {
            (true, true) => rng.below(4),
            (false, _) => 1 + rng.below(2),
            (true, false) => 3 * rng.below(2),
        };
        match kind {
            0 => {
                let band = rng.below(bc);
                let (a, b) = pair(rng, br);
                Move::Rows(band * br + a, band * br + b)
            }
            1 => {
                let (a, b) = pair(rng, bc);
                Move::Bands(a, b)
            }
            2 => {
                let stack = rng.below(br);
                let (a, b) = pair(rng, bc);
                Move::Cols(stack * bc + a, stack * bc + b)
            }
            _ => {
                let (a, b) = pair(rng, br);
                Move::Stacks(a, b)
            }
        }
    }

    /// The solution: each class renamed to the value most of its givens have (greedily,
    /// largest counts first), the other values to the classes left.
    fn solution(&self) -> Vec<u8> {
        let n = self.n;
        let mut pairs: Vec<(u32, usize, usize)> = (0..n)
            .flat_map(|c| (1..=n).map(move |v| (c, v)))
            .map(|(c, v)| (self.count[c * (n + 1) + v], c, v))
            .filter(|&(k, _, _)| k > 0)
            .collect();
        pairs.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        let mut value_of = vec![0u8; n];
        let mut used = vec![false; n + 1];
        for (_, c, v) in pairs {
            if value_of[c] == 0 && !used[v] {
                value_of[c] = v as u8;
                used[v] = true;
            }
        }
        let mut free = (1..=n).filter(|&v| !used[v]);
        for slot in value_of.iter_mut().filter(|s| **s == 0) {
            *slot = free.next().expect("as many values as classes") as u8;
        }
        (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                let (i, b) = (self.row[r], self.band[r / self.br]);
                let (j, s) = (self.col[c], self.stack[c / self.bc]);
                value_of[(self.bc * (i + s) + b + j) % n]
            })
            .collect()
    }
}

/// A swap of two rows of one band, two bands, two columns of one stack or two stacks.
#[derive(Clone, Copy, Debug)]
enum Move {
    Rows(usize, usize),
    Bands(usize, usize),
    Cols(usize, usize),
    Stacks(usize, usize),
}

/// The best moved pattern a bounded local search finds: a solution of the classic board
/// and how many givens it contradicts (0: it fits them all). Swaps that do not raise the
/// mismatch are kept, others now and then (simulated annealing), from the pattern
/// itself; the search stops at a fit, after [`RUNS`] runs of [`MOVE_LIMIT`] swaps, or at
/// `deadline`. `None` for the X variant (the
/// pattern breaks its diagonals).
pub fn best_fit(g: &Geometry, cells: &[u8], deadline: Option<Instant>) -> Option<(Vec<u8>, usize)> {
    if g.variant != Variant::Classic {
        return None;
    }
    let mut m = Moved::new(g, cells);
    let identity = m.solution_state();
    let mut best = (m.cost, identity.clone());
    'runs: for run in 0..RUNS {
        m.restore(&identity);
        let mut rng = Rng::new(SEED + run);
        for step in 0..MOVE_LIMIT {
            if best.0 == 0 || (step % 4096 == 0 && deadline.is_some_and(|d| Instant::now() >= d)) {
                break 'runs;
            }
            let before = m.cost;
            let mv = m.random_move(&mut rng);
            m.apply(mv);
            // Simulated annealing: a rise of d is kept with probability exp(-d / t), the
            // temperature falling linearly to nearly 0 over the run.
            let t = START_TEMPERATURE * (1.0 - step as f64 / MOVE_LIMIT as f64) + 0.01;
            let uniform = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            if m.cost > before && uniform >= (-((m.cost - before) as f64) / t).exp() {
                m.apply(mv);
            } else if m.cost < best.0 {
                best = (m.cost, m.solution_state());
            }
        }
    }
    m.restore(&best.1);
    let solution = m.solution();
    debug_assert!(g.is_solution(&solution));
    let misfits = cells
        .iter()
        .zip(&solution)
        .filter(|&(&v, &s)| v != 0 && v != s)
        .count();
    Some((solution, misfits))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clashes(cells: &[u8], solution: &[u8]) -> usize {
        cells
            .iter()
            .zip(solution)
            .filter(|&(&v, &s)| v != 0 && v != s)
            .count()
    }

    #[test]
    fn a_moved_pattern_fits_givens_that_no_renaming_fits() {
        let g = Geometry::new(3, 3, Variant::Classic).unwrap();
        let mut cells = vec![0u8; 81];
        // r1c1 and r2c7 hold the same pattern value: different givens there break every
        // renaming, but swapping rows or columns fits them.
        cells[0] = 1;
        cells[15] = 2;
        assert_eq!(g.pattern_fitting(&cells), None);
        let (s, misfits) = best_fit(&g, &cells, None).expect("classic");
        assert!(g.is_solution(&s));
        assert_eq!((misfits, s[0], s[15]), (0, 1, 2));
    }

    #[test]
    fn dozens_of_givens_of_a_64x64_are_fitted() {
        // 40 givens spread over the grid, read from the pattern with two bands and two
        // columns swapped and its values renamed: a fit exists, the search must find it.
        let g = Geometry::new(8, 8, Variant::Classic).unwrap();
        let n = 64;
        let moved = |cell: usize| {
            let (r, c) = (cell / n, cell % n);
            let r = if r < 8 {
                r + 8
            } else if r < 16 {
                r - 8
            } else {
                r
            };
            let c = match c {
                3 => 5,
                5 => 3,
                c => c,
            };
            (g.pattern_value(r * n + c) as usize * 37 % n + 1) as u8
        };
        let mut cells = vec![0u8; n * n];
        for k in 0..40 {
            let cell = (k * 1009 + 17) % (n * n);
            cells[cell] = moved(cell);
        }
        let (s, misfits) = best_fit(&g, &cells, None).expect("classic");
        assert!(g.is_solution(&s));
        assert_eq!(misfits, clashes(&cells, &s));
        assert_eq!(misfits, 0);
    }

    #[test]
    fn a_clash_is_never_fitted_and_the_x_variant_is_left_alone() {
        let g = Geometry::new(2, 2, Variant::Classic).unwrap();
        let mut cells = vec![0u8; 16];
        cells[0] = 1;
        cells[1] = 1;
        let (s, misfits) = best_fit(&g, &cells, None).expect("classic");
        assert!(g.is_solution(&s));
        assert_eq!(misfits, 1);
        let x = Geometry::new(3, 3, Variant::X).unwrap();
        assert_eq!(best_fit(&x, &[0; 81], None), None);
    }

    #[test]
    fn boxes_one_cell_high_or_wide_are_moved_without_a_panic() {
        // 1x4 boxes have no two rows in a band to swap (the random move drew from an
        // empty range and panicked); 4x1 no two columns in a stack.
        for (r, c) in [(1, 4), (4, 1), (1, 9), (8, 1)] {
            let g = Geometry::new(r, c, Variant::Classic).unwrap();
            let n = g.n;
            let mut cells = vec![0u8; n * n];
            cells[0] = 1;
            cells[n + 1] = 2;
            cells[2 * n + 3] = 1;
            let (s, _) = best_fit(&g, &cells, None).expect("classic");
            assert!(g.is_solution(&s), "{r}x{c}");
        }
    }

    #[test]
    fn capacity_grows_with_the_side_and_keeps_9x9_puzzles_out() {
        let caps: Vec<f64> = [(3, 3), (4, 4), (5, 5), (6, 6), (8, 8)]
            .iter()
            .map(|&(r, c)| capacity(&Geometry::new(r, c, Variant::Classic).unwrap()))
            .collect();
        assert!(caps.windows(2).all(|w| w[0] < w[1]), "{caps:?}");
        assert!(CAPACITY_SHARE * caps[0] < 17.0, "{caps:?}");
        // The shared 16x16 and 25x25 instances give 45 % and more of their cells.
        assert!(caps[1] < 0.45 * 256.0 && caps[2] < 0.45 * 625.0, "{caps:?}");
    }
}
