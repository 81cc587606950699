//! The 9×9 path: the board as per-digit, band-wise bit sets, the way the fastest
//! published solvers hold it (JCZSolve's layout; the code is our own).
//!
//! A band is three rows (27 cells). For each digit `d` and band `b` one 32-bit word
//! `cand[d * 3 + b]` holds, at bit `9 * r + c`, whether `d` can still go in row `3b + r`,
//! column `c`. A placed digit keeps its bit, so every row of every band holds each digit
//! at least once while the board is consistent. `unsolved[b]` marks the cells of band
//! `b` not yet placed; `seen` keeps each word as it was at its last update, so a word
//! that differs from it is due.
//!
//! Propagation runs to a fixpoint:
//!
//! - **Digit-band update** (every due word): the word's nine mini-rows (a row's three
//!   cells inside one box) form a 3×3 occupancy matrix, row by box. A digit takes one
//!   mini-row per row and one per box of the band, a permutation of the matrix, so only
//!   mini-rows lying on some permutation inside the matrix survive (a 512-entry table,
//!   `KEEP`): locked candidates both ways (pointing within the band, claiming) and
//!   hidden singles in boxes in one look-up. A box whose digit is confined to one column
//!   takes that column from the digit's other two bands (pointing along columns, table
//!   `POINT`; a placed digit is the one-cell case). A row left with one cell places the
//!   digit there: the cell leaves the other digits' words.
//! - **Naked singles**: bit-parallel counting over the nine digit words of a band finds
//!   the cells with none, one, two candidates; none fails, one places (lazily: only its
//!   row and box peers are cleared, the update of its word does the rest).
//!
//! When nothing more follows, the search branches on a two-candidate cell (in the band
//! with the most, in that band's row with the most), or, when there is none, after a
//! look for hidden singles in columns, on the fewest-candidate cell among the first
//! open cell of each band. The board (240 bytes) is copied onto a stack of
//! alternatives instead of undoing; the stack is allocated with the solver and kept,
//! so the loop does not allocate.

use super::{Contradiction, Search};
use std::time::Instant;

/// Mask of the 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// For a 9-bit row, which of its three mini-rows hold a bit (3 bits).
const MINIS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// The six permutations of a 3×3 matrix as 9-bit sets (bit `3 * row + box`).
const PERMS: [u16; 6] = {
    let mut t = [0u16; 6];
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut i = 0;
    while i < 6 {
        let mut r = 0;
        while r < 3 {
            t[i] |= 1 << (3 * r + orders[i][r]);
            r += 1;
        }
        i += 1;
    }
    t
};

/// For a mini-row occupancy matrix (bit `3 * row + box`), the cells (27-bit band mask)
/// of the mini-rows that lie on a permutation inside it; 0 when none does.
const KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut union = 0u16;
        let mut i = 0;
        while i < 6 {
            if PERMS[i] & m as u16 == PERMS[i] {
                union |= PERMS[i];
            }
            i += 1;
        }
        let mut mask = 0u32;
        let mut k = 0;
        while k < 9 {
            if union >> k & 1 == 1 {
                mask |= 7 << (9 * (k / 3) + 3 * (k % 3));
            }
            k += 1;
        }
        t[m] = mask;
        m += 1;
    }
    t
};

/// For the columns (9 bits) where a digit can go in a band, the cells of the other
/// bands that keep it: a box of the band whose digit is confined to one column takes
/// that column from the other bands (pointing along columns). A placed digit is the
/// case of one cell, so this is also how a placement reaches its column.
const POINT: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut cols = 0usize;
    while cols < 512 {
        let mut keep = BAND;
        let mut k = 0;
        while k < 3 {
            let x = (cols >> (3 * k)) & 7;
            if x != 0 && x & (x - 1) == 0 {
                keep &= !column(3 * k + x.trailing_zeros() as usize);
            }
            k += 1;
        }
        t[cols] = keep;
        cols += 1;
    }
    t
};

/// For a 9-bit row, the row itself when it holds exactly one bit, else 0.
const LONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        if x != 0 && x & (x - 1) == 0 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
};

/// For a cell of a band (bit `9r + c`), the other cells of its row and box in the band.
const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        let mut q = 0;
        while q < 27 {
            let (r2, c2) = (q / 9, q % 9);
            if q != p && (r2 == r || c2 / 3 == c / 3) {
                t[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    t
};

/// For each word, the words of the same digit in the other two bands, and its band.
const OTHER_WORDS: [(u8, u8, u8); 27] = {
    let mut t = [(0u8, 0u8, 0u8); 27];
    let mut i = 0;
    while i < 27 {
        let (d, b) = (i / 3, i % 3);
        let (o1, o2) = match b {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        };
        t[i] = ((d * 3 + o1) as u8, (d * 3 + o2) as u8, b as u8);
        i += 1;
    }
    t
};

/// The three cells of column `c` in a band.
const fn column(c: usize) -> u32 {
    0x40201 << c
}

/// A 9×9 board: candidates per digit and band, each word as it was when last
/// examined (a word that differs from it is due for an update), and the cells not
/// yet placed.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    cand: [u32; 27],
    seen: [u32; 27],
    unsolved: [u32; 3],
    /// The two-candidate cells of each band, as the last naked-singles pass found them.
    pairs: [u32; 3],
}

type Step = Result<(), Contradiction>;

impl Board {
    /// The empty board: every digit possible everywhere.
    pub fn empty() -> Board {
        Board {
            cand: [BAND; 27],
            seen: [BAND; 27],
            unsolved: [BAND; 3],
            pairs: [0; 3],
        }
    }

    /// The board of `cells` (81 values, row-major, 0 for blank): givens placed, not yet
    /// propagated. Fails when two givens clash in a unit.
    pub fn from_givens(cells: &[u8]) -> Result<Board, Contradiction> {
        let mut board = Board::empty();
        for (k, &v) in cells.iter().enumerate().take(81) {
            if v != 0 {
                board.place(v as usize - 1, k / 27, k % 27)?;
            }
        }
        Ok(board)
    }

    /// Whether every cell is placed.
    pub fn solved(&self) -> bool {
        (self.unsolved[0] | self.unsolved[1] | self.unsolved[2]) == 0
    }

    /// Writes the placed digits (1–9) into `grid` (81 cells, row-major).
    pub fn write(&self, grid: &mut [u8]) {
        for d in 0..9 {
            for b in 0..3 {
                let mut bits = self.cand[d * 3 + b];
                while bits != 0 {
                    let p = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    grid[b * 27 + p] = d as u8 + 1;
                }
            }
        }
    }

    /// Narrows word `i` to `mask` (a change makes it differ from `seen`, which puts
    /// it up for an update).
    #[inline(always)]
    fn narrow(&mut self, i: usize, mask: u32) {
        self.cand[i] &= mask;
    }

    /// Places digit `d` at cell `p` of band `b`: its row and box peers in the band lose
    /// `d`. The rest follows from the update of that word, which finds the digit alone
    /// in its row: the cell leaves the other digits and the column the other bands.
    /// Fails when `d` is no longer possible there.
    #[inline]
    pub fn place(&mut self, d: usize, b: usize, p: usize) -> Step {
        let i = d * 3 + b;
        if self.cand[i] & (1 << p) == 0 {
            return Err(Contradiction);
        }
        self.narrow(i, !BAND_PEERS[p]);
        Ok(())
    }

    /// The digit-band update of word `i` (see the module documentation).
    #[inline(always)]
    fn update(&mut self, i: usize) -> Step {
        let a = self.cand[i];
        let m = MINIS[(a & 0x1ff) as usize] as usize
            | (MINIS[(a >> 9 & 0x1ff) as usize] as usize) << 3
            | (MINIS[(a >> 18) as usize] as usize) << 6;
        let a = a & KEEP[m];
        if a == 0 {
            return Err(Contradiction);
        }
        self.cand[i] = a;
        self.seen[i] = a;
        let keep = POINT[((a | a >> 9 | a >> 18) & 0x1ff) as usize];
        let (o1, o2, b) = OTHER_WORDS[i];
        let b = b as usize;
        self.narrow(o1 as usize, keep);
        self.narrow(o2 as usize, keep);
        let lone = u32::from(LONE[(a & 0x1ff) as usize])
            | u32::from(LONE[(a >> 9 & 0x1ff) as usize]) << 9
            | u32::from(LONE[(a >> 18) as usize]) << 18;
        // The cells placed by now leave the other digits: done without a branch
        // (a no-op when nothing new was placed), which measured faster than testing.
        let new = lone & self.unsolved[b];
        self.unsolved[b] &= !new;
        for d2 in 0..9 {
            self.narrow(d2 * 3 + b, !new);
        }
        self.cand[i] = a;
        Ok(())
    }

    /// Cells of band `b` with at least one, two and three candidates.
    #[inline(always)]
    fn counts(&self, b: usize) -> (u32, u32, u32) {
        let (mut one, mut two, mut three) = (0, 0, 0);
        for d in 0..9 {
            let x = self.cand[d * 3 + b];
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        (one, two, three)
    }

    /// Places every naked single; `Ok(true)` when it placed any.
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for b in 0..3 {
            let u = self.unsolved[b];
            if u == 0 {
                self.pairs[b] = 0;
                continue;
            }
            let (one, two, three) = self.counts(b);
            if one != BAND {
                return Err(Contradiction);
            }
            self.pairs[b] = two & !three;
            let mut singles = u & !two;
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let bit = 1u32 << p;
                let d = (0..9).find(|&d| self.cand[d * 3 + b] & bit != 0);
                // A single placed earlier in this pass may have taken its last digit.
                let Some(d) = d else {
                    return Err(Contradiction);
                };
                self.place(d, b, p)?;
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Propagates to the fixpoint. On a contradiction the board is left part-way.
    pub fn propagate(&mut self) -> Step {
        loop {
            loop {
                // The words that changed since their last update, found without a
                // branch per word (a compare per word mispredicted often).
                let mut due = 0u32;
                for i in 0..27 {
                    due |= u32::from(self.cand[i] != self.seen[i]) << i;
                }
                if due == 0 {
                    break;
                }
                while due != 0 {
                    let i = due.trailing_zeros() as usize;
                    due &= due - 1;
                    self.update(i)?;
                }
            }
            if !self.naked_singles()? {
                return Ok(());
            }
        }
    }

    /// Hidden singles in columns (the band update sees rows and boxes only): a digit
    /// with one cell left in a column goes there; a digit with none fails. `Ok(true)`
    /// when it placed any (the board then needs propagating again).
    fn column_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for d in 0..9 {
            let mut present = [0u32; 3];
            let mut alone = [0u32; 3];
            for b in 0..3 {
                let a = self.cand[d * 3 + b];
                let (r0, r1, r2) = (a & 0x1ff, a >> 9 & 0x1ff, a >> 18);
                present[b] = r0 | r1 | r2;
                alone[b] = present[b] & !((r0 & r1) | (r0 & r2) | (r1 & r2));
            }
            if present[0] | present[1] | present[2] != 0x1ff {
                return Err(Contradiction);
            }
            for (b, &lone_cols) in alone.iter().enumerate() {
                let (o1, o2) = other_bands(b);
                let cols = lone_cols & !present[o1] & !present[o2];
                let cells =
                    self.cand[d * 3 + b] & (cols | cols << 9 | cols << 18) & self.unsolved[b];
                let mut rest = cells;
                while rest != 0 {
                    let p = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    self.place(d, b, p)?;
                    placed = true;
                }
            }
        }
        Ok(placed)
    }

    /// The cell to branch on, as (band, position, digit set); `None` when every cell
    /// is placed. A two-candidate cell when there is one: in the band with the most
    /// of them, the first in that band's row with the most (on forum-hardest this
    /// takes a fifth fewer guesses than the first pair in row-major order). Otherwise
    /// the first open cell of each band, the one with fewest candidates.
    pub fn choose(&self) -> Option<(usize, usize, u16)> {
        // Valid: nothing was placed since the last naked-singles pass.
        let mut band = 0;
        for b in 1..3 {
            if self.pairs[b].count_ones() > self.pairs[band].count_ones() {
                band = b;
            }
        }
        let pairs = self.pairs[band];
        if pairs != 0 {
            let mut row = pairs & 0x1ff;
            for r in 1..3 {
                let other = pairs & 0x1ff << (9 * r);
                if other.count_ones() > row.count_ones() {
                    row = other;
                }
            }
            let p = row.trailing_zeros() as usize;
            return Some((band, p, self.digits_at(band, p)));
        }
        let mut best: Option<(u32, usize, usize)> = None;
        for b in 0..3 {
            let u = self.unsolved[b];
            if u != 0 {
                let p = u.trailing_zeros() as usize;
                let size = self.digits_at(b, p).count_ones();
                if best.is_none_or(|(s, _, _)| size < s) {
                    best = Some((size, b, p));
                }
            }
        }
        best.map(|(_, b, p)| (b, p, self.digits_at(b, p)))
    }

    /// The digits (bit `d` for digit `d + 1`) still possible at cell `p` of band `b`.
    fn digits_at(&self, b: usize, p: usize) -> u16 {
        let mut set = 0u16;
        for d in 0..9 {
            set |= ((self.cand[d * 3 + b] >> p & 1) as u16) << d;
        }
        set
    }
}

/// The two bands other than `b`.
#[inline(always)]
fn other_bands(b: usize) -> (usize, usize) {
    match b {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    }
}

/// Nodes between two looks at the clock. A node costs well under a microsecond, so
/// the deadline is seen within about a hundred microseconds.
const DEADLINE_EVERY: u64 = 256;

/// Searches from `root` (givens placed) for up to `max` solutions, calling `on_solution`
/// with each (81 values) as it is found. `stack` is the reusable stack of alternatives.
pub fn search(
    root: Board,
    max: u64,
    deadline: Option<Instant>,
    stack: &mut Vec<Board>,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Search {
    let mut end = Search::default();
    let mut grid = [0u8; 81];
    stack.clear();
    stack.push(root);
    // The top of the stack is the board being worked on; below it wait the
    // alternatives, each with its guess placed, not yet propagated.
    while let Some(top) = stack.last_mut() {
        if top.propagate().is_err() {
            end.failures += 1;
            stack.pop();
            continue;
        }
        let Some((b, p, digits)) = top.choose() else {
            end.found += 1;
            top.write(&mut grid);
            stack.pop();
            on_solution(&grid);
            if end.found >= max {
                return end;
            }
            continue;
        };
        // No two-candidate cell: before a branch three ways or more, look for hidden
        // singles in columns too (too costly to look for at every node).
        if digits.count_ones() > 2 {
            match top.column_singles() {
                Err(Contradiction) => {
                    end.failures += 1;
                    stack.pop();
                    continue;
                }
                Ok(true) => continue,
                Ok(false) => {}
            }
        }
        end.nodes += 1;
        if end.nodes % DEADLINE_EVERY == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            end.timed_out = true;
            return end;
        }
        // The digits from the highest down, so that the lowest ends on top and is
        // tried first: the board itself takes the highest, copies take the others.
        let at = stack.len() - 1;
        let mut rest = digits;
        while rest & (rest - 1) != 0 {
            stack.extend_from_within(at..=at);
            rest &= !(1 << (15 - rest.leading_zeros()));
        }
        let mut rest = digits;
        for board in &mut stack[at..] {
            let d = 15 - rest.leading_zeros() as usize;
            rest &= !(1 << d);
            // The digit is a candidate of the cell: placing it cannot fail, and a
            // failure would only be caught by the next propagation anyway.
            let _ = board.place(d, b, p);
        }
    }
    end.complete = true;
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_table_is_locked_candidates() {
        // Full band: every mini-row stays.
        assert_eq!(KEEP[0x1ff], BAND);
        // Row 0 only in box 0: box 0 loses rows 1 and 2.
        let m = 0b111_111_001;
        assert_eq!(KEEP[m] & (7 << 9 | 7 << 18), 0);
        assert_eq!(KEEP[m] & 7, 7);
        // Row 2 empty: no permutation.
        assert_eq!(KEEP[0b000_111_111], 0);
    }

    #[test]
    fn a_lone_cell_in_a_row_is_placed() {
        let mut b = Board::empty();
        // Digit 1 (index 0) possible in row 0 only at column 4.
        b.cand[0] &= !(0x1ff & !(1 << 4));
        b.propagate().unwrap();
        let mut grid = [0u8; 81];
        b.write(&mut grid);
        assert_eq!(grid[4], 1);
        assert_eq!(b.digits_at(0, 4), 1);
        // Column 4 of the other bands has lost digit 1.
        assert_eq!(b.cand[1] & column(4), 0);
        assert_eq!(b.cand[2] & column(4), 0);
    }

    #[test]
    fn clashing_givens_are_a_contradiction() {
        let mut cells = [0u8; 81];
        cells[0] = 5;
        cells[8] = 5;
        assert!(Board::from_givens(&cells).is_err());
    }
}
