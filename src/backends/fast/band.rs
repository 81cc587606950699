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
//! open cell of each band.
//!
//! After `DEEP_AFTER` branch nodes the puzzle is a hard one and the search goes deep,
//! which costs more per node and takes far fewer nodes:
//!
//! - **Stack update**, each time the band updates run dry, for every digit whose words
//!   changed: per stack (three columns of boxes), the 3×3 matrix of band by column where
//!   the digit can be keeps only what lies on a permutation (`UNION`): the band update
//!   turned on its side, so claiming along columns and hidden singles in columns too.
//! - **Branching on a digit**: the band or stack whose digits have the fewest
//!   permutations left in all (counted by the updates, `perm_counts`), and in it the first
//!   digit with exactly two; one side keeps the first permutation's mini-rows (or
//!   columns), the other the second's.
//!
//! The board (about 300 bytes) is copied onto a stack of alternatives instead of
//! undoing; the stack is allocated with the solver and kept, so the loop does not
//! allocate.

use super::{Contradiction, Search};
use std::time::Instant;

/// The length of the grid [`Board::write`] writes into: the 81 cells and room for any
/// band's first cell (at most 54) plus a 32-bit word's trailing zeros (at most 32).
pub const GRID_ROOM: usize = 87;

/// Mask of the 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

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

/// For a 3×3 occupancy matrix (bit `3 * row + col`), the permutations lying inside it
/// (bit `k` for `PERMS[k]`).
const PSET: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 6 {
            if PERMS[i] & m as u16 == PERMS[i] {
                t[m] |= 1 << i;
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// For a 3×3 occupancy matrix, how many permutations lie inside it.
const PCOUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = PSET[m].count_ones() as u8;
        m += 1;
    }
    t
};

/// For a 3×3 occupancy matrix, the union of the permutations lying inside it (same bit
/// layout); 0 when none does.
const UNION: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 6 {
            if PSET[m] >> i & 1 == 1 {
                t[m] |= PERMS[i];
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// The cells (27-bit band mask) of a set of mini-rows (bit `3 * row + box`).
const fn mini_row_cells(minis: u16) -> u32 {
    let mut mask = 0u32;
    let mut k = 0;
    while k < 9 {
        if minis >> k & 1 == 1 {
            mask |= 7 << (9 * (k / 3) + 3 * (k % 3));
        }
        k += 1;
    }
    mask
}

/// For each mini-row (bit `3 * row + box`), the cells of the other mini-rows of its
/// row and its box: where the digit cannot be once it is in that mini-row.
const RIVAL_CELLS: [u32; 9] = {
    let mut t = [0u32; 9];
    let mut x = 0;
    while x < 9 {
        let (r, c) = (x / 3, x % 3);
        let mut rivals = 0u16;
        let mut k = 0;
        while k < 3 {
            rivals |= 1 << (3 * r + k) | 1 << (3 * k + c);
            k += 1;
        }
        t[x] = mini_row_cells(rivals & !(1 << x));
        x += 1;
    }
    t
};

/// For a mini-row occupancy matrix (bit `3 * row + box`), the cells (27-bit band mask)
/// of the mini-rows that lie on a permutation inside it; 0 when none does.
const KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = mini_row_cells(UNION[m]);
        m += 1;
    }
    t
};

/// For a set of columns (9 bits), the cells of a band in those columns.
const SPREAD: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut c = 0;
    while c < 512 {
        t[c] = (c | c << 9 | c << 18) as u32;
        c += 1;
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

/// The number of bits of a 9-bit row.
const ROW_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = (x as u32).count_ones() as u8;
        x += 1;
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
pub(super) const BAND_PEERS: [u32; 27] = {
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

/// For each word (digit `d`, band `b`), its place `9 * b + d` in `perm_counts`.
const WORD_COUNT: [u8; 27] = {
    let mut t = [0u8; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = (9 * (i % 3) + i / 3) as u8;
        i += 1;
    }
    t
};

/// The digit (0–8) of each word.
const DIGIT: [u8; 27] = {
    let mut t = [0u8; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = (i / 3) as u8;
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
    /// The words narrowed by a placement or a branch since the propagation last ran:
    /// it updates them first instead of comparing every word with `seen`. It must
    /// hold every word that differs from `seen` when the propagation starts, so every
    /// narrowing outside the propagation goes through [`Board::restrict`].
    pending: u32,
    /// How many permutations each digit has left, per band (unit `b`) and per stack
    /// (unit `3 + s`), at `9 * unit + digit`: kept by the updates of the deep
    /// propagation only (the shallow search never reads them), read by the branching
    /// of the deep search; `counts_kept` says whether they are.
    perm_counts: [u8; 54],
    counts_kept: bool,
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
            pending: 0,
            perm_counts: [0; 54],
            counts_kept: false,
        }
    }

    /// The board of `cells` (81 values, row-major, 0 for blank): givens placed, not yet
    /// propagated. Fails when two givens clash in a unit.
    pub fn from_givens(cells: &[u8]) -> Result<Board, Contradiction> {
        let mut board = Board::empty();
        let mut clash = 0u32;
        for_each_given(cells, |d, b, p| {
            let i = d * 3 + b;
            clash |= !board.cand[i] >> p;
            board.restrict(i, !BAND_PEERS[p]);
        });
        if clash & 1 != 0 {
            return Err(Contradiction);
        }
        Ok(board)
    }

    /// The board of 27 words (`cand[3d + b]`) at a fixpoint of the propagation: the
    /// cells with one candidate count as placed. How the vector path uses the band
    /// path's choice of a digit, its column singles and its writing of a solution.
    pub(super) fn from_fixpoint(cand: [u32; 27]) -> Board {
        let mut board = Board {
            cand,
            seen: cand,
            ..Board::empty()
        };
        for b in 0..3 {
            board.unsolved[b] = board.counts(b).1;
        }
        board
    }

    /// The 27 words (`3d + b`).
    pub(super) fn words(&self) -> [u32; 27] {
        self.cand
    }

    /// Whether every cell is placed.
    pub fn solved(&self) -> bool {
        (self.unsolved[0] | self.unsolved[1] | self.unsolved[2]) == 0
    }

    /// Writes the digits (1–9) of a solved board into the first 81 cells of `grid`
    /// (row-major). Every cell holds one digit then, so each word holds exactly three
    /// cells, one per row: three stores a word, without a loop, into a grid long enough
    /// that no store needs a bounds check.
    pub fn write(&self, grid: &mut [u8; GRID_ROOM]) {
        debug_assert!(self.solved());
        for (i, &w) in self.cand.iter().enumerate() {
            let base = 27 * (i % 3);
            let v = DIGIT[i] + 1;
            let w1 = w & w.wrapping_sub(1);
            let w2 = w1 & w1.wrapping_sub(1);
            grid[base + w.trailing_zeros() as usize] = v;
            grid[base + w1.trailing_zeros() as usize] = v;
            grid[base + w2.trailing_zeros() as usize] = v;
        }
    }

    /// Narrows word `i` to `mask` (a change makes it differ from `seen`, which puts
    /// it up for an update).
    #[inline(always)]
    fn narrow(&mut self, i: usize, mask: u32) {
        self.cand[i] &= mask;
    }

    /// Narrows word `i` to `mask` from outside the propagation, which will start there.
    #[inline(always)]
    fn restrict(&mut self, i: usize, mask: u32) {
        self.cand[i] &= mask;
        self.pending |= 1 << i;
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
        self.restrict(i, !BAND_PEERS[p]);
        Ok(())
    }

    /// The digit-band update of word `i` (see the module documentation); `COUNTS` keeps
    /// its permutation count too. Returns 0 only when it changed no other word (else
    /// the cells it took from the digit's other bands and those it placed, which may
    /// have left the other digits unchanged).
    #[inline(always)]
    fn update<const COUNTS: bool>(&mut self, i: usize) -> Result<u32, Contradiction> {
        let a = self.cand[i];
        let m = minis(a);
        let a = a & KEEP[m];
        if a == 0 {
            return Err(Contradiction);
        }
        if COUNTS {
            self.perm_counts[WORD_COUNT[i] as usize] = PCOUNT[m];
        }
        self.cand[i] = a;
        self.seen[i] = a;
        let keep = POINT[((a | a >> 9 | a >> 18) & 0x1ff) as usize];
        let (o1, o2, b) = OTHER_WORDS[i];
        let (o1, o2, b) = (o1 as usize, o2 as usize, b as usize);
        let (x1, x2) = (self.cand[o1], self.cand[o2]);
        self.cand[o1] = x1 & keep;
        self.cand[o2] = x2 & keep;
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
        Ok((x1 | x2) & !keep | new)
    }

    /// The stack update of the digit whose band-0 word is `w`: per stack, the
    /// columns × bands occupancy matrix keeps only what lies on a permutation
    /// (pointing and claiming along columns, hidden singles in columns). Returns the
    /// words it changed.
    #[inline(always)]
    fn stack_update(&mut self, w: usize) -> Result<u32, Contradiction> {
        let c0 = self.cand[w];
        let c1 = self.cand[w + 1];
        let c2 = self.cand[w + 2];
        let c0 = (c0 | c0 >> 9 | c0 >> 18) & 0x1ff;
        let c1 = (c1 | c1 >> 9 | c1 >> 18) & 0x1ff;
        let c2 = (c2 | c2 >> 9 | c2 >> 18) & 0x1ff;
        let mut k = [0u32; 3];
        for s in 0..3 {
            let m = (c0 >> (3 * s)) & 7 | ((c1 >> (3 * s)) & 7) << 3 | ((c2 >> (3 * s)) & 7) << 6;
            self.perm_counts[27 + 9 * s + w / 3] = PCOUNT[m as usize];
            let u = u32::from(UNION[m as usize]);
            if u == 0 {
                return Err(Contradiction);
            }
            k[0] |= (u & 7) << (3 * s);
            k[1] |= (u >> 3 & 7) << (3 * s);
            k[2] |= (u >> 6 & 7) << (3 * s);
        }
        let mut changed = 0;
        for (j, &keep) in k.iter().enumerate() {
            let old = self.cand[w + j];
            self.cand[w + j] = old & SPREAD[keep as usize];
            changed |= u32::from(self.cand[w + j] != old) << (w + j);
        }
        Ok(changed)
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

    /// The words that changed since their last update, found without a branch per
    /// word (a compare per word mispredicted often). Read one word at a time, band
    /// by band: in index order the compiler reads four words per vector load, and
    /// such a load over words the updates have just stored one by one cannot take
    /// their values from the store buffer; it waits for the stores to reach the
    /// cache, which costs more than the scalar reads' extra instructions.
    #[inline(always)]
    fn changed_words(&self) -> u32 {
        let mut due = 0u32;
        for b in 0..3 {
            for d in 0..9 {
                let i = 3 * d + b;
                due |= u32::from(self.cand[i] != self.seen[i]) << i;
            }
        }
        due
    }

    /// Propagates to the fixpoint; `STACKS` adds the stack update of every digit whose
    /// words changed, each time the band updates run dry, and keeps the permutation
    /// counts. On a contradiction the board is left part-way.
    pub fn propagate<const STACKS: bool>(&mut self) -> Step {
        debug_assert_eq!(self.changed_words() & !self.pending, 0);
        // Counts left stale by a shallow propagation: the bands' are counted afresh
        // (a word that changes from here is counted again by its update) and every
        // digit is due for its stack update.
        let mut digits: u32 = 0;
        if !STACKS {
            self.counts_kept = false;
        }
        if STACKS && !self.counts_kept {
            digits = 0x1ff;
            for (i, &w) in self.cand.iter().enumerate() {
                self.perm_counts[usize::from(WORD_COUNT[i])] = PCOUNT[minis(w)];
            }
            self.counts_kept = true;
        }
        // The words placements and branches narrowed since the last run (and, after
        // a naked-singles pass, those it narrowed) are updated without a comparison
        // pass first: many comparison passes found only those.
        let mut due = std::mem::take(&mut self.pending);
        loop {
            loop {
                if due == 0 {
                    due = self.changed_words();
                }
                if due != 0 {
                    // Every word that differs from `seen` is in `due` (`pending`
                    // holds every word narrowed outside, a comparison pass or a
                    // stack update every word changed inside): when no update
                    // changes another word, none differs after them, and the
                    // comparison pass is skipped.
                    let mut spilled = 0;
                    while due != 0 {
                        let i = due.trailing_zeros() as usize;
                        due &= due - 1;
                        if STACKS {
                            digits |= 1 << DIGIT[i];
                        }
                        spilled |= self.update::<STACKS>(i)?;
                    }
                    if spilled != 0 {
                        continue;
                    }
                }
                if !STACKS || digits == 0 {
                    break;
                }
                // The words these change are all that can be due now.
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    due |= self.stack_update(d * 3)?;
                }
                if due == 0 {
                    break;
                }
            }
            if !self.naked_singles()? {
                return Ok(());
            }
            due = std::mem::take(&mut self.pending);
        }
    }

    /// Hidden singles in columns (the band update sees rows and boxes only): a digit
    /// with one cell left in a column goes there; a digit with none fails. `Ok(true)`
    /// when it placed any (the board then needs propagating again).
    pub(super) fn column_singles(&mut self) -> Result<bool, Contradiction> {
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
    /// of them, the first in that band's row with the most (fewer guesses than the
    /// first pair in row-major order). Otherwise
    /// the first open cell of each band, the one with fewest candidates.
    pub fn choose(&self) -> Option<(usize, usize, u16)> {
        // Valid: nothing was placed since the last naked-singles pass.
        if let Some((band, p)) = pair_cell(&self.pairs) {
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

    /// The stack matrices of digit `d` (bit `3 * band + col`), one per stack.
    #[inline(always)]
    fn stack_matrices(&self, d: usize) -> [usize; 3] {
        let w = d * 3;
        let c0 = self.cand[w];
        let c1 = self.cand[w + 1];
        let c2 = self.cand[w + 2];
        let c0 = (c0 | c0 >> 9 | c0 >> 18) & 0x1ff;
        let c1 = (c1 | c1 >> 9 | c1 >> 18) & 0x1ff;
        let c2 = (c2 | c2 >> 9 | c2 >> 18) & 0x1ff;
        let mut out = [0usize; 3];
        for (s, o) in out.iter_mut().enumerate() {
            *o = ((c0 >> (3 * s)) & 7 | ((c1 >> (3 * s)) & 7) << 3 | ((c2 >> (3 * s)) & 7) << 6)
                as usize;
        }
        out
    }

    /// Counts each digit's permutations left per band and per stack afresh, as the deep
    /// propagation keeps them, for [`Board::choose_digit`] on a board at its fixpoint.
    pub(super) fn count_permutations(&mut self) {
        for (i, &w) in self.cand.iter().enumerate() {
            self.perm_counts[usize::from(WORD_COUNT[i])] = PCOUNT[minis(w)];
        }
        for d in 0..9 {
            for (s, m) in self.stack_matrices(d).into_iter().enumerate() {
                self.perm_counts[27 + 9 * s + d] = PCOUNT[m];
            }
        }
        self.counts_kept = true;
    }

    /// A digit to branch on, with the masks of its three words on each side: in the
    /// band or stack with the fewest permutations over its digits (one open), the first
    /// digit with the fewest (two or more). One side puts the digit in a place (mini-row
    /// or mini-column) of its first permutation that its second leaves out, the other
    /// keeps it out of there: with two permutations left, exactly those two. Every
    /// solution is on one side only. `None` when no digit is open there. Valid after
    /// the deep propagation.
    pub fn choose_digit(&self) -> Option<(usize, [u32; 3], [u32; 3])> {
        let mut best = (u32::MAX, 0usize);
        for (u, counts) in self.perm_counts.chunks_exact(9).enumerate() {
            let t: u32 = counts.iter().map(|&c| u32::from(c)).sum();
            if t > 9 && t < best.0 {
                best = (t, u);
            }
        }
        if best.0 == u32::MAX {
            return None;
        }
        let u = best.1;
        // The digit with the fewest permutations left (two or more) in that unit.
        let counts = &self.perm_counts[9 * u..9 * u + 9];
        let mut fewest = (u8::MAX, 0usize);
        for (d, &c) in counts.iter().enumerate() {
            if c >= 2 && c < fewest.0 {
                fewest = (c, d);
            }
        }
        let d = fewest.1;
        let m = if u < 3 {
            minis(self.cand[d * 3 + u])
        } else {
            self.stack_matrices(d)[u - 3]
        };
        let set = PSET[m];
        // The counts are those of the fixpoint, so this holds; checked all the same.
        if fewest.0 == u8::MAX || set.count_ones() < 2 {
            return None;
        }
        // A place of the matrix on the first permutation but not on the second: one
        // side puts the digit there, the other keeps it out. With two permutations
        // left the sides are exactly those two; with more, the first and the rest.
        let first = PERMS[set.trailing_zeros() as usize];
        let second = PERMS[(set & (set - 1)).trailing_zeros() as usize];
        let x = (first & !second).trailing_zeros() as usize;
        let (row, col) = (x / 3, x % 3);
        if u < 3 {
            // Matrix row: a row of the band; column: a box. Taking the mini-row takes
            // the digit from the rest of its row and box.
            let (mut take, mut leave) = ([BAND; 3], [BAND; 3]);
            take[u] = BAND & !RIVAL_CELLS[x];
            leave[u] = BAND & !(7 << (9 * row + 3 * col));
            Some((d, take, leave))
        } else {
            // Matrix row: a band; column: a column of the stack. Taking the place takes
            // the digit from the column's other bands and from the box's other columns.
            let s = u - 3;
            let c = column(3 * s + col);
            let box_cols = SPREAD[7 << (3 * s)];
            let (mut take, mut leave) = ([BAND & !c; 3], [BAND; 3]);
            take[row] = BAND & !(box_cols & !c);
            leave[row] = BAND & !c;
            Some((d, take, leave))
        }
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

/// Calls `given` with each given of `cells` (81 values, row-major, 0 for blank) as
/// (digit 0–8, band, cell of the band). The givens of each band are read as a mask
/// first (a pass without a branch or a store), then there is a turn per given only: a
/// test of each cell for a given mispredicts often, a pass over all 81 cells placing
/// blanks as no-ops costs thousands of instructions a puzzle, and one sending blanks to
/// a spare slot makes each update of that slot wait for the one before.
#[inline(always)]
pub(super) fn for_each_given(cells: &[u8], mut given: impl FnMut(usize, usize, usize)) {
    for (b, band) in cells[..81].chunks_exact(27).enumerate() {
        let mut givens = 0u32;
        for (p, &v) in band.iter().enumerate() {
            givens |= u32::from(v != 0) << p;
        }
        while givens != 0 {
            let p = givens.trailing_zeros() as usize;
            givens &= givens - 1;
            given(usize::from(band[p]) - 1, b, p);
        }
    }
}

/// Of the two-candidate cells of each band, the one to branch on: in the band with the
/// most, the first in that band's row with the most. Counted by rows through a table (a
/// bit count is a long sequence on baseline x86-64); ties go to the first band and the
/// first row.
#[inline]
pub(super) fn pair_cell(pairs: &[u32; 3]) -> Option<(usize, usize)> {
    let rows = |x: u32| {
        [
            ROW_COUNT[(x & 0x1ff) as usize],
            ROW_COUNT[(x >> 9 & 0x1ff) as usize],
            ROW_COUNT[(x >> 18) as usize],
        ]
    };
    let counts = [rows(pairs[0]), rows(pairs[1]), rows(pairs[2])];
    let total = |b: usize| counts[b][0] + counts[b][1] + counts[b][2];
    let mut band = 0;
    for b in 1..3 {
        if total(b) > total(band) {
            band = b;
        }
    }
    if total(band) == 0 {
        return None;
    }
    let c = counts[band];
    let mut row = 0;
    for r in 1..3 {
        if c[r] > c[row] {
            row = r;
        }
    }
    Some((
        band,
        (pairs[band] >> (9 * row) & 0x1ff).trailing_zeros() as usize + 9 * row,
    ))
}

/// The mini-row occupancy matrix of a word (bit `3 * row + box`).
#[inline(always)]
fn minis(a: u32) -> usize {
    usize::from(MINIS[(a & 0x1ff) as usize])
        | usize::from(MINIS[(a >> 9 & 0x1ff) as usize]) << 3
        | usize::from(MINIS[(a >> 18) as usize]) << 6
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
pub(super) const DEADLINE_EVERY: u64 = 256;

/// Branch nodes after which the search goes deep: the stack updates join the
/// propagation and the branch is on a digit's two permutations in a band or stack.
/// Easy puzzles finish before paying for them; hard ones need far fewer guesses.
pub(super) const DEEP_AFTER: u64 = 32;

/// Turns the top board of `stack` into one alternative per digit of `digits` (bit `d`
/// for digit `d + 1`), each given its digit by `place`: from the highest down, so that
/// the lowest ends on top and is tried first; the board itself takes the highest,
/// copies take the others.
#[inline(always)]
pub(super) fn branch_on_cell<T: Copy>(
    stack: &mut Vec<T>,
    digits: u16,
    mut place: impl FnMut(&mut T, usize),
) {
    let at = stack.len() - 1;
    let mut rest = digits;
    while rest & (rest - 1) != 0 {
        // A copy pushed by value (`extend_from_within` calls `memcpy` for each
        // board, which costs more).
        let copy = stack[at];
        stack.push(copy);
        rest &= !(1 << (15 - rest.leading_zeros()));
    }
    let mut rest = digits;
    for board in &mut stack[at..] {
        let d = 15 - rest.leading_zeros() as usize;
        rest &= !(1 << d);
        place(board, d);
    }
}

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
    let mut grid = [0u8; GRID_ROOM];
    stack.clear();
    stack.push(root);
    // The top of the stack is the board being worked on; below it wait the
    // alternatives, each with its guess placed, not yet propagated.
    while let Some(top) = stack.last_mut() {
        let deep = end.nodes >= DEEP_AFTER;
        let propagated = if deep {
            top.propagate::<true>()
        } else {
            top.propagate::<false>()
        };
        if propagated.is_err() {
            end.failures += 1;
            stack.pop();
            continue;
        }
        if top.solved() {
            end.found += 1;
            top.write(&mut grid);
            stack.pop();
            on_solution(&grid[..81]);
            if end.found >= max {
                return end;
            }
            continue;
        }
        let digit_branch = if deep { top.choose_digit() } else { None };
        let cell_branch = match digit_branch {
            Some(_) => None,
            None => top.choose(),
        };
        // No two-candidate cell: before a branch three ways or more, look for hidden
        // singles in columns too (too costly to look for at every node).
        if cell_branch.is_some_and(|(_, _, digits)| digits.count_ones() > 2) {
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
        if end.nodes.is_multiple_of(DEADLINE_EVERY) && deadline.is_some_and(|d| Instant::now() >= d)
        {
            end.timed_out = true;
            return end;
        }
        if let Some((d, first, second)) = digit_branch {
            // The first side is tried first: the board takes the second, a copy above
            // it the first.
            let mut other = *top;
            for b in 0..3 {
                top.restrict(d * 3 + b, second[b]);
                other.restrict(d * 3 + b, first[b]);
            }
            stack.push(other);
            continue;
        }
        // An unsolved board has an open cell, so one of the two choices is made.
        let Some((b, p, digits)) = cell_branch else {
            continue;
        };
        branch_on_cell(stack, digits, |board, d| {
            // The digit is a candidate of the cell: placing it cannot fail, and a
            // failure would only be caught by the next propagation anyway.
            let _ = board.place(d, b, p);
        });
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
        b.restrict(0, !(0x1ff & !(1 << 4)));
        b.propagate::<false>().unwrap();
        assert_eq!(b.unsolved[0] & 0x1ff, 0x1ff & !(1 << 4));
        assert_eq!(b.digits_at(0, 4), 1);
        // Column 4 of the other bands has lost digit 1.
        assert_eq!(b.cand[1] & column(4), 0);
        assert_eq!(b.cand[2] & column(4), 0);
    }

    #[test]
    fn the_stack_update_claims_along_columns() {
        // Digit 1 (index 0) kept out of column 0 in bands 1 and 2: in column 0 it goes
        // in box 0, so box 0's other columns lose it. Only the deep propagation sees it.
        let mut b = Board::empty();
        b.restrict(1, !column(0));
        b.restrict(2, !column(0));
        let mut shallow = b;
        shallow.propagate::<false>().unwrap();
        assert_eq!(
            shallow.cand[0] & (column(1) | column(2)),
            column(1) | column(2)
        );
        b.propagate::<true>().unwrap();
        assert_eq!(b.cand[0] & (column(1) | column(2)), 0);
        assert_eq!(b.cand[0] & column(0), column(0));
    }

    /// A file of the repository's test puzzles (`tests/data`).
    fn test_data(name: &str) -> String {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// The 81 cells of a puzzle line (0 for a blank).
    fn cells_of(line: &str) -> Vec<u8> {
        line.bytes()
            .take(81)
            .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
            .collect()
    }

    /// Solutions of `board` (at most `max`), by the whole search.
    fn count(board: Board, max: u64) -> u64 {
        let mut stack = Vec::new();
        search(board, max, None, &mut stack, &mut |_: &[u8]| {}).found
    }

    #[test]
    fn a_digit_branch_splits_the_solutions() {
        let text = test_data("serg_benchmark.txt");
        let (mut branched, mut wide) = (0, 0);
        for line in text.lines().take(40) {
            let cells = cells_of(line);
            // Down one path of digit branches (second side, then first, in turn),
            // checking the split at every level.
            let mut board = Board::from_givens(&cells).unwrap();
            for level in 0..20 {
                if board.propagate::<true>().is_err() || board.solved() {
                    break;
                }
                let Some((d, first, second)) = board.choose_digit() else {
                    break;
                };
                branched += 1;
                // The unit choose_digit took: the first with the fewest permutations.
                let total = |u: usize| -> u32 {
                    board.perm_counts[9 * u..9 * u + 9]
                        .iter()
                        .map(|&c| u32::from(c))
                        .sum()
                };
                let u = (0..6)
                    .filter(|&u| total(u) > 9)
                    .min_by_key(|&u| total(u))
                    .unwrap();
                if board.perm_counts[9 * u + d] >= 3 {
                    wide += 1;
                }
                let (mut one, mut two) = (board, board);
                for b in 0..3 {
                    one.restrict(d * 3 + b, first[b]);
                    two.restrict(d * 3 + b, second[b]);
                }
                let all = count(board, 100_000);
                assert!(all < 100_000);
                assert_eq!(count(one, 100_000) + count(two, 100_000), all, "{line}");
                board = if level % 2 == 0 { two } else { one };
            }
        }
        assert!(branched >= 40, "only {branched} digit branches");
        assert!(
            wide >= 1,
            "no branch on a digit with three permutations or more"
        );
    }

    /// The propagation's fixpoint the slow way: every word updated in turn (and with
    /// `stacks` every digit's stack update) until a sweep changes nothing, then the
    /// naked singles, until they place nothing.
    fn sweep(board: &mut Board, stacks: bool) -> Step {
        loop {
            let before = board.cand;
            for i in 0..27 {
                board.update::<false>(i)?;
            }
            if stacks {
                for d in 0..9 {
                    board.stack_update(d * 3)?;
                }
            }
            if board.cand == before && !board.naked_singles()? {
                return Ok(());
            }
        }
    }

    #[test]
    fn the_propagation_reaches_the_fixpoint_of_sweeping_every_word() {
        let text = test_data("magictour_top1465.txt");
        let mut compared = 0;
        for line in text.lines().take(80) {
            // Down one path of guesses: the lowest candidate of the first open cell
            // of the first band with one, both boards propagated after each, deep
            // and shallow in turn.
            let mut board = Board::from_givens(&cells_of(line)).unwrap();
            for level in 0..30 {
                let deep = level % 2 == 1;
                let mut every = board;
                let a = if deep {
                    board.propagate::<true>()
                } else {
                    board.propagate::<false>()
                };
                let b = sweep(&mut every, deep);
                assert_eq!(a, b, "{line}");
                if a.is_err() {
                    break;
                }
                assert_eq!(board.cand, every.cand, "{line} at level {level}");
                // Every word was updated after its last change.
                assert_eq!(board.changed_words(), 0, "{line} at level {level}");
                assert_eq!(board.unsolved, every.unsolved, "{line}");
                compared += 1;
                let Some(band) = (0..3).find(|&b| board.unsolved[b] != 0) else {
                    break;
                };
                let p = board.unsolved[band].trailing_zeros() as usize;
                let d = board.digits_at(band, p).trailing_zeros() as usize;
                board.place(d, band, p).unwrap();
            }
        }
        assert!(compared >= 200, "only {compared} positions compared");
    }

    #[test]
    fn givens_are_placed_as_by_place() {
        let text = test_data("magictour_top1465.txt");
        for line in text.lines().take(50) {
            let cells = cells_of(line);
            let mut one_by_one = Board::empty();
            for (k, &v) in cells.iter().enumerate() {
                if v != 0 {
                    one_by_one.place(v as usize - 1, k / 27, k % 27).unwrap();
                }
            }
            let board = Board::from_givens(&cells).unwrap();
            assert_eq!(board.cand, one_by_one.cand, "{line}");
        }
    }

    proptest::proptest! {
        /// The cell `choose` takes among the two-candidate cells is the first cell
        /// of the row with the most of them, in the band with the most (ties to the
        /// first band and row), as counted bit by bit.
        #[test]
        fn the_chosen_pair_is_in_the_band_and_row_with_the_most(
            pairs in proptest::array::uniform3(0u32..1 << 27),
        ) {
            let mut board = Board::empty();
            board.pairs = pairs;
            let mut band = 0;
            for b in 1..3 {
                if pairs[b].count_ones() > pairs[band].count_ones() {
                    band = b;
                }
            }
            let expected = (pairs[band] != 0).then(|| {
                let mut row = pairs[band] & 0x1ff;
                for r in 1..3 {
                    let other = pairs[band] & 0x1ff << (9 * r);
                    if other.count_ones() > row.count_ones() {
                        row = other;
                    }
                }
                (band, row.trailing_zeros() as usize)
            });
            let chosen = board.choose().map(|(b, p, _)| (b, p));
            match expected {
                Some(cell) => proptest::prop_assert_eq!(chosen, Some(cell)),
                // No pair: the first open cell of a band.
                None => proptest::prop_assert_eq!(chosen, Some((0, 0))),
            }
        }
    }

    #[test]
    fn clashing_givens_are_a_contradiction() {
        let mut cells = [0u8; 81];
        cells[0] = 5;
        cells[8] = 5;
        assert!(Board::from_givens(&cells).is_err());
    }
}
