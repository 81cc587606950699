//! The 9×9 path on AVX-512 vectors: the band path's board and rules ([`super::band`]),
//! with every digit-band word updated at once in each pass instead of one due word at a
//! time. Chosen at run time on processors that have AVX-512F and BMI2; the band path
//! runs everywhere else.
//!
//! The 27 words (digit `d`, band `b`; bit `9r + c` for row `3b + r`, column `c`) sit in
//! two 512-bit vectors, digits 0–4 in the first and 5–8 in the second, at lane
//! `3 (d mod 5) + b`; the lanes after them hold 0. A group of three lanes is one digit's
//! three bands, so a digit's other bands are a permutation of the lanes, and folding
//! the groups onto each other (lanes moved by multiples of three, cyclically over the
//! fifteen) gives each band's union over the digits. A pass, in plain bit operations
//! and lane permutations (no tables):
//!
//! 1. **Permutation filter**: a mini-row (a row's three cells in one box) stays only
//!    if the 2×2 minor of the other rows and boxes holds a matching, so that it lies on a
//!    permutation of the row × box matrix (the band path's `KEEP` table, computed):
//!    locked candidates within the band and hidden singles in boxes. An empty word is a
//!    contradiction.
//! 2. **Placements**: the cells alone in their row of a word, and the cells with one
//!    candidate left (counted over the digits, per band). A cell placed by two digits
//!    is a contradiction; a placed cell leaves the other digits and the rest of its row
//!    (the filter then clears its box).
//! 3. **Pointing along columns**: a box of a word confined to one column takes that
//!    column from the digit's other two bands.
//!
//! After `band::DEEP_AFTER` branch nodes (a hard puzzle) each pass adds the stack
//! update: per stack, the band × column matrix of a digit keeps what lies on a
//! permutation (the same filter turned on its side, its bands a permutation of the
//! lanes).
//!
//! Passes repeat until one changes nothing: the same fixpoint as the band path's
//! propagation (checked on the 2,175 puzzles of `tests/data/` by the tests), reached in
//! about four passes from the givens. The search branches as the band path's does,
//! through the band path's own choices (the two-candidate cell, the lowest digit first;
//! in the deep search, a digit's permutations split in a band or stack, counted afresh
//! at the fixpoint), so the trees are the same, guess for guess.

use super::band::{self, Board, DEADLINE_EVERY, DEEP_AFTER, GRID_ROOM};
use super::Search;
use std::arch::x86_64::*;
use std::time::Instant;

/// Mask of the 27 cells of a band.
const BAND: i32 = band::BAND as i32;
/// Bit `9r` of each row.
const ROW_STARTS: i32 = 0x40201;
/// Bit `9r + 3k`: the first cell of each mini-row.
const MINI_STARTS: i32 = 0x1249249;
/// The first cells of the mini-rows of boxes 0 and 1.
const BOXES_01: i32 = 0x241209;
/// Of nine columns, the first two of each box.
const COLUMNS_01: i32 = 0xDB;
/// Of nine columns, the first of each box.
const COLUMNS_0: i32 = 0x49;

/// The lanes that hold a word, per vector.
const WORD_LANES: [u16; 2] = [0x7fff, 0x0fff];

/// The lane (of both vectors, 0–31) of digit `d`'s word in band `b`.
const fn lane(d: usize, b: usize) -> usize {
    16 * (d / 5) + 3 * (d % 5) + b
}

/// Each word takes its digit's word of the next band.
const NEXT_BAND: [i32; 16] = permutation(0, 1);
/// Each word takes its digit's word of the band after next.
const BAND_AFTER: [i32; 16] = permutation(0, 2);
/// Each word takes the word of its band one group (digit) further on, cyclically.
const GROUPS_ON_1: [i32; 16] = permutation(1, 0);
/// Each word takes the word of its band two groups further on, cyclically.
const GROUPS_ON_2: [i32; 16] = permutation(2, 0);
/// Each word takes the word of its band four groups further on, cyclically.
const GROUPS_ON_4: [i32; 16] = permutation(4, 0);

/// The lane permutation taking to lane `3g + b` the lane of group `g + groups` (of
/// five, cyclically) and band `b + bands` (of three).
const fn permutation(groups: usize, bands: usize) -> [i32; 16] {
    let mut t = [15i32; 16];
    let mut i = 0;
    while i < 15 {
        t[i] = (3 * ((i / 3 + groups) % 5) + (i % 3 + bands) % 3) as i32;
        i += 1;
    }
    t
}

/// A ternary-logic operation on three vectors, given as an expression of `a`, `b`, `c`.
macro_rules! tern {
    ($a:expr, $b:expr, $c:expr, |$x:ident, $y:ident, $z:ident| $f:expr) => {{
        const IMM: i32 = {
            let $x: i32 = 0xF0;
            let $y: i32 = 0xCC;
            let $z: i32 = 0xAA;
            ($f) & 0xff
        };
        _mm512_ternarylogic_epi32::<IMM>($a, $b, $c)
    }};
}

/// Whether this processor runs the vector path (AVX-512F and BMI2).
pub fn available() -> bool {
    is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("bmi2")
}

/// A 9×9 board in two vectors (128 bytes), copied whole at a branch.
#[derive(Clone, Copy, Debug)]
pub struct VBoard {
    z: [__m512i; 2],
}

/// `v` with its lanes permuted by `p` (lane `i` takes lane `p[i]`).
#[inline]
#[target_feature(enable = "avx512f")]
fn permute(p: &[i32; 16], v: __m512i) -> __m512i {
    let p = _mm512_setr_epi32(
        p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12], p[13],
        p[14], p[15],
    );
    _mm512_permutexvar_epi32(p, v)
}

/// `x` in every lane.
#[inline]
#[target_feature(enable = "avx512f")]
fn splat(x: i32) -> __m512i {
    _mm512_set1_epi32(x)
}

/// `v | v >> A | v >> B`.
#[inline]
#[target_feature(enable = "avx512f")]
fn or_right<const A: u32, const B: u32>(v: __m512i) -> __m512i {
    tern!(
        v,
        _mm512_srli_epi32::<A>(v),
        _mm512_srli_epi32::<B>(v),
        |a, b, c| a | b | c
    )
}

/// `v | v << A | v << B`.
#[inline]
#[target_feature(enable = "avx512f")]
fn or_left<const A: u32, const B: u32>(v: __m512i) -> __m512i {
    tern!(
        v,
        _mm512_slli_epi32::<A>(v),
        _mm512_slli_epi32::<B>(v),
        |a, b, c| a | b | c
    )
}

/// The cells of a mini-row set (flags at `MINI_STARTS`) spread over their three cells.
#[inline]
#[target_feature(enable = "avx512f")]
fn spread_minis(k: __m512i) -> __m512i {
    or_left::<1, 2>(k)
}

/// Per mini-row, whether it holds a cell of `v` (a flag at its first cell; other bits
/// are noise).
#[inline]
#[target_feature(enable = "avx512f")]
fn mini_flags(v: __m512i) -> __m512i {
    or_right::<1, 2>(v)
}

/// `x >> R` on the bits of `mask`, `x << L` on the others: a rotation of the groups of
/// a field (boxes in a row, columns in a box) when `mask` holds the places that take
/// from the right.
#[inline]
#[target_feature(enable = "avx512f")]
fn rotate_groups<const R: u32, const L: u32>(mask: i32, x: __m512i) -> __m512i {
    tern!(
        splat(mask),
        _mm512_srli_epi32::<R>(x),
        _mm512_slli_epi32::<L>(x),
        |a, b, c| (a & b) | (!a & c)
    )
}

/// Each mini-row flag takes the flag of the next box in its row (flags stay on
/// multiples of 3; those that land past the band are noise).
#[inline]
#[target_feature(enable = "avx512f")]
fn next_box(x: __m512i) -> __m512i {
    rotate_groups::<3, 6>(BOXES_01, x)
}

/// Each row of the band takes row `R / 9` further on, cyclically (`L = 27 - R`).
#[inline]
#[target_feature(enable = "avx512f")]
fn rotate_rows<const R: u32, const L: u32>(x: __m512i) -> __m512i {
    tern!(
        _mm512_srli_epi32::<R>(x),
        _mm512_slli_epi32::<L>(x),
        splat(BAND),
        |a, b, c| (a | b) & c
    )
}

/// The permutation filter: `v` less its mini-rows on no permutation of the matrix.
#[inline]
#[target_feature(enable = "avx512f")]
fn keep(v: __m512i) -> __m512i {
    let m = _mm512_and_si512(mini_flags(v), splat(MINI_STARTS));
    // Row r takes the flags of row r + 1, and of row r + 2.
    let r1 = rotate_rows::<9, 18>(m);
    let r2 = rotate_rows::<18, 9>(m);
    // (r, k) stays when (r+1, k+1) and (r+2, k+2), or (r+2, k+1) and (r+1, k+2), hold:
    // the box-shifted flags of (r+1, k)(r+2, k+1) or (r+2, k)(r+1, k+1).
    let pairs = tern!(
        r2,
        next_box(r1),
        _mm512_and_si512(r1, next_box(r2)),
        |a, b, c| (a & b) | c
    );
    let k = _mm512_and_si512(next_box(pairs), m);
    _mm512_and_si512(v, spread_minis(k))
}

/// The rows (whole 9-bit fields) that hold a cell of `p`.
#[inline]
#[target_feature(enable = "avx512f")]
fn rows_of(p: __m512i) -> __m512i {
    let g = _mm512_and_si512(or_right::<3, 6>(mini_flags(p)), splat(ROW_STARTS));
    _mm512_sub_epi32(_mm512_slli_epi32::<9>(g), g)
}

/// The cells of `v` alone in their row. Every row of a word lane must be non-empty
/// (true after the filter), so that subtracting one per row borrows within the row.
#[inline]
#[target_feature(enable = "avx512f")]
fn lone(v: __m512i) -> __m512i {
    let rest = _mm512_and_si512(v, _mm512_sub_epi32(v, splat(ROW_STARTS)));
    _mm512_andnot_si512(rows_of(rest), v)
}

/// The columns (bits 0–8; other bits are noise) where `v` has a cell.
#[inline]
#[target_feature(enable = "avx512f")]
fn columns(v: __m512i) -> __m512i {
    or_right::<9, 18>(v)
}

/// Each of nine columns takes the next column of its box (bits 0–8).
#[inline]
#[target_feature(enable = "avx512f")]
fn next_column(x: __m512i) -> __m512i {
    rotate_groups::<1, 2>(COLUMNS_01, x)
}

/// Of the columns `x` of a word, those to which a box of it is confined, over all three
/// rows of a band: what the digit's other bands lose.
#[inline]
#[target_feature(enable = "avx512f")]
fn pointing(x: __m512i) -> __m512i {
    // Each column takes its box's next column, and the one after.
    let c2 = rotate_groups::<2, 1>(COLUMNS_0, x);
    let alone = tern!(x, next_column(x), c2, |a, b, c| a & !b & !c);
    or_left::<9, 18>(_mm512_and_si512(alone, splat(0x1ff)))
}

/// The stack update: per stack, the band × column matrix of each digit (the columns
/// `x` of its three words) keeps what lies on a permutation, as the permutation filter
/// does for a band's row × box matrix; `v` loses the rest. A matrix with no permutation
/// empties a box, which the next pass's filter finds.
#[inline]
#[target_feature(enable = "avx512f")]
fn stack_keep(v: __m512i, x: __m512i) -> __m512i {
    let (next, after) = (permute(&NEXT_BAND, x), permute(&BAND_AFTER, x));
    let pairs = tern!(
        after,
        next_column(next),
        _mm512_and_si512(next, next_column(after)),
        |a, b, c| (a & b) | c
    );
    let keep = tern!(next_column(pairs), x, splat(0x1ff), |a, b, c| a & b & c);
    _mm512_and_si512(v, or_left::<9, 18>(keep))
}

/// Sliced counts of three levels (at least one, two, three) added: `x` and `y` count
/// disjoint sets of words.
#[inline]
#[target_feature(enable = "avx512f")]
fn add3(x: [__m512i; 3], y: [__m512i; 3]) -> [__m512i; 3] {
    let [o, t, h] = x;
    let [o2, t2, h2] = y;
    let h = tern!(
        h,
        h2,
        tern!(t, o2, _mm512_and_si512(o, t2), |a, b, c| (a & b) | c),
        |a, b, c| a | b | c
    );
    let t = tern!(t, t2, _mm512_and_si512(o, o2), |a, b, c| a | b | c);
    [_mm512_or_si512(o, o2), t, h]
}

/// Each band's cells held by at least one, two and three of the words `z`, counted over
/// the digits: band `b` at lane `b` of every group.
#[inline]
#[target_feature(enable = "avx512f")]
fn counts(z: &[__m512i; 2]) -> [__m512i; 3] {
    let [a, b] = *z;
    let first = [
        _mm512_or_si512(a, b),
        _mm512_and_si512(a, b),
        _mm512_setzero_si512(),
    ];
    // Groups g, g+1; then g to g+3; then g+4 from the start.
    let two = add3(first, permuted(&GROUPS_ON_1, first));
    let four = add3(two, permuted(&GROUPS_ON_2, two));
    add3(four, permuted(&GROUPS_ON_4, first))
}

/// Three vectors, each with its lanes permuted by `p`.
#[inline]
#[target_feature(enable = "avx512f")]
fn permuted(p: &[i32; 16], x: [__m512i; 3]) -> [__m512i; 3] {
    [permute(p, x[0]), permute(p, x[1]), permute(p, x[2])]
}

/// Each band's union of the words `z`, folded as [`counts`] folds.
#[inline]
#[target_feature(enable = "avx512f")]
fn union(z: &[__m512i; 2]) -> __m512i {
    let u = _mm512_or_si512(z[0], z[1]);
    let u = _mm512_or_si512(u, permute(&GROUPS_ON_1, u));
    let u = _mm512_or_si512(u, permute(&GROUPS_ON_2, u));
    _mm512_or_si512(u, permute(&GROUPS_ON_4, u))
}

/// The three lanes of the first group of `x`: one value per band.
#[inline]
#[target_feature(enable = "avx512f,sse4.1")]
fn bands_of(x: __m512i) -> [u32; 3] {
    let x = _mm512_castsi512_si128(x);
    [
        _mm_extract_epi32::<0>(x) as u32,
        _mm_extract_epi32::<1>(x) as u32,
        _mm_extract_epi32::<2>(x) as u32,
    ]
}

impl VBoard {
    /// The board of `cells` (81 values, row-major, 0 for blank): each given's digit out
    /// of the rest of its row, the given's cell out of the other digits; the first pass
    /// does the rest. Two givens of one digit in a row are not caught here: such a board
    /// has no solution, which the search finds.
    #[target_feature(enable = "avx512f")]
    pub(super) fn from_givens(cells: &[u8]) -> VBoard {
        // Lane of each digit in band 0.
        const LANE: [u8; 9] = {
            let mut t = [0u8; 9];
            let mut d = 0;
            while d < 9 {
                t[d] = lane(d, 0) as u8;
                d += 1;
            }
            t
        };
        let mut given = [0u32; 32];
        band::for_each_given(cells, |d, b, p| {
            given[usize::from(LANE[d]) + b] |= 1 << p;
        });
        let g = VBoard::from_lanes(&given).z;
        let placed = union(&g);
        let mut z = [_mm512_setzero_si512(); 2];
        for i in 0..2 {
            let full = _mm512_maskz_mov_epi32(WORD_LANES[i], splat(BAND));
            let out = _mm512_or_si512(rows_of(g[i]), placed);
            z[i] = tern!(full, out, g[i], |a, b, c| a & (!b | c));
        }
        VBoard { z }
    }

    /// The board of 32 lanes (see [`lane`]).
    #[target_feature(enable = "avx512f")]
    fn from_lanes(w: &[u32; 32]) -> VBoard {
        let v = |o: usize| {
            let x = |k: usize| w[o + k] as i32;
            _mm512_setr_epi32(
                x(0),
                x(1),
                x(2),
                x(3),
                x(4),
                x(5),
                x(6),
                x(7),
                x(8),
                x(9),
                x(10),
                x(11),
                x(12),
                x(13),
                x(14),
                x(15),
            )
        };
        VBoard { z: [v(0), v(16)] }
    }

    /// The 27 words in the band path's order (`3d + b`).
    #[target_feature(enable = "avx512f,sse4.1")]
    pub(super) fn words(&self) -> [u32; 27] {
        let mut lanes = [0u32; 32];
        for (i, &v) in self.z.iter().enumerate() {
            let groups = [
                _mm512_extracti32x4_epi32::<0>(v),
                _mm512_extracti32x4_epi32::<1>(v),
                _mm512_extracti32x4_epi32::<2>(v),
                _mm512_extracti32x4_epi32::<3>(v),
            ];
            for (k, g) in groups.into_iter().enumerate() {
                let at = 16 * i + 4 * k;
                lanes[at] = _mm_extract_epi32::<0>(g) as u32;
                lanes[at + 1] = _mm_extract_epi32::<1>(g) as u32;
                lanes[at + 2] = _mm_extract_epi32::<2>(g) as u32;
                lanes[at + 3] = _mm_extract_epi32::<3>(g) as u32;
            }
        }
        let mut w = [0u32; 27];
        for (i, word) in w.iter_mut().enumerate() {
            *word = lanes[lane(i / 3, i % 3)];
        }
        w
    }

    /// Narrows the word at `lane` to `mask`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn restrict(&mut self, lane: usize, mask: u32) {
        let i = lane / 16;
        self.z[i] =
            _mm512_mask_and_epi32(self.z[i], 1 << (lane % 16), self.z[i], splat(mask as i32));
    }

    /// One pass (see the module documentation), with the stack update when `STACKS`
    /// (the deep search): whether it changed anything; each band's cells with two or
    /// more candidates as they were before its placements; and, non-zero where they
    /// are, the cells placed that a pass keeps though they are wrong at a fixpoint.
    #[inline]
    #[target_feature(enable = "avx512f,sse4.1")]
    fn pass<const STACKS: bool>(
        &mut self,
    ) -> Result<(bool, __m512i, __m512i), super::Contradiction> {
        let old = self.z;
        let mut z = [keep(old[0]), keep(old[1])];
        let empty = (_mm512_testn_epi32_mask(z[0], z[0]) & WORD_LANES[0])
            | (_mm512_testn_epi32_mask(z[1], z[1]) & WORD_LANES[1]);
        let band = splat(BAND);
        let [once, twice, _] = counts(&z);
        if empty != 0 || _mm512_mask_cmpneq_epi32_mask(0x7, once, band) != 0 {
            return Err(super::Contradiction);
        }
        let single = _mm512_andnot_si512(twice, band);
        let alone = [lone(z[0]), lone(z[1])];
        let placed = [
            tern!(alone[0], z[0], single, |a, b, c| a | (b & c)),
            tern!(alone[1], z[1], single, |a, b, c| a | (b & c)),
        ];
        // At a fixpoint, a placed cell with another candidate was placed by another
        // digit too (the pass takes it from every digit that did not place it), and a
        // single not alone in its row shares the row with another single of its digit
        // (the pass takes the rest of the row from it): both contradictions.
        let wrong = tern!(
            _mm512_or_si512(placed[0], placed[1]),
            twice,
            _mm512_or_si512(
                _mm512_andnot_si512(alone[0], placed[0]),
                _mm512_andnot_si512(alone[1], placed[1])
            ),
            |a, b, c| (a & b) | c
        );
        let any = union(&placed);
        for i in 0..2 {
            // Out: the rest of a placed cell's row, and cells other digits placed.
            let out = _mm512_or_si512(rows_of(placed[i]), any);
            z[i] = tern!(z[i], out, placed[i], |a, b, c| a & (!b | c));
            // Out: columns another band of the digit points along.
            let x = columns(z[i]);
            let s = pointing(x);
            let s1 = permute(&NEXT_BAND, s);
            let s2 = permute(&BAND_AFTER, s);
            z[i] = tern!(z[i], s1, s2, |a, b, c| a & !(b | c));
            if STACKS {
                // From the columns before pointing: a superset, so the result is sound,
                // and the next pass sees the rest.
                z[i] = stack_keep(z[i], x);
            }
        }
        self.z = z;
        let changed =
            _mm512_cmpneq_epi32_mask(z[0], old[0]) | _mm512_cmpneq_epi32_mask(z[1], old[1]);
        Ok((changed != 0, twice, wrong))
    }

    /// Passes to the fixpoint; the open cells of each band (two or more candidates).
    /// Two contradictions the passes do not see, as they keep each placed cell
    /// whatever else holds it, are looked for there (once there, they stay): a cell
    /// placed by two digits (alone in its row for each), and two cells of one row left
    /// with the same digit only. The band path finds both as it places one at a time.
    #[target_feature(enable = "avx512f,sse4.1")]
    fn propagate<const STACKS: bool>(&mut self) -> Result<[u32; 3], super::Contradiction> {
        loop {
            let (changed, twice, wrong) = self.pass::<STACKS>()?;
            if !changed {
                if _mm512_test_epi32_mask(wrong, wrong) != 0 {
                    return Err(super::Contradiction);
                }
                return Ok(bands_of(twice));
            }
        }
    }

    /// The digits (bit `d`) still possible at cell `p` of band `b`.
    #[inline]
    #[target_feature(enable = "avx512f,bmi2")]
    fn digits_at(&self, b: usize, p: usize) -> u16 {
        let bit = splat(1 << p);
        let low = u64::from(_mm512_test_epi32_mask(self.z[0], bit)) >> b;
        let high = u64::from(_mm512_test_epi32_mask(self.z[1], bit)) >> b;
        (_pext_u64(low, 0x1249) | _pext_u64(high, 0x249) << 5) as u16
    }

    /// Each band's cells with exactly two candidates.
    #[target_feature(enable = "avx512f,sse4.1")]
    fn pairs(&self) -> [u32; 3] {
        let [_, two, three] = counts(&self.z);
        bands_of(_mm512_andnot_si512(three, two))
    }

    /// The board of 27 words in the band path's order (`3d + b`).
    #[target_feature(enable = "avx512f")]
    fn from_words(w: &[u32; 27]) -> VBoard {
        let mut lanes = [0u32; 32];
        for (i, &word) in w.iter().enumerate() {
            lanes[lane(i / 3, i % 3)] = word;
        }
        VBoard::from_lanes(&lanes)
    }

    /// The cell to branch on, as the band path's [`Board::choose`] picks it: a
    /// two-candidate cell by [`band::pair_cell`], else the fewest-candidate cell among
    /// the first open cell of each band.
    #[target_feature(enable = "avx512f,sse4.1,bmi2")]
    fn choose(&self, open: [u32; 3]) -> Option<(usize, usize, u16)> {
        if let Some((b, p)) = band::pair_cell(&self.pairs()) {
            return Some((b, p, self.digits_at(b, p)));
        }
        let mut best: Option<(u16, usize, usize)> = None;
        for (b, &cells) in open.iter().enumerate() {
            if cells != 0 {
                let p = cells.trailing_zeros() as usize;
                let digits = self.digits_at(b, p);
                if best.is_none_or(|(d, _, _)| digits.count_ones() < d.count_ones()) {
                    best = Some((digits, b, p));
                }
            }
        }
        best.map(|(digits, b, p)| (b, p, digits))
    }
}

/// Searches the puzzle of `cells` (81 values, row-major, 0 for blank) for up to `max`
/// solutions, calling `on_solution` with each as it is found: the band path's search
/// on vectors. `stack` is the reusable stack of alternatives. Panics where
/// [`available`] says the processor lacks the features.
pub fn search(
    cells: &[u8],
    max: u64,
    deadline: Option<Instant>,
    stack: &mut Vec<VBoard>,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Search {
    assert!(available(), "the vector path needs AVX-512F and BMI2");
    // SAFETY: the processor has every feature `run` is compiled for (checked above).
    unsafe { run(cells, max, deadline, stack, on_solution) }
}

/// [`search`], compiled for the vector features.
#[target_feature(enable = "avx512f,sse4.1,bmi2")]
fn run(
    cells: &[u8],
    max: u64,
    deadline: Option<Instant>,
    stack: &mut Vec<VBoard>,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Search {
    let mut end = Search::default();
    let mut grid = [0u8; GRID_ROOM];
    stack.clear();
    stack.push(VBoard::from_givens(cells));
    while let Some(top) = stack.last_mut() {
        let deep = end.nodes >= DEEP_AFTER;
        let propagated = if deep {
            top.propagate::<true>()
        } else {
            top.propagate::<false>()
        };
        let open = match propagated {
            Ok(open) => open,
            Err(_) => {
                end.failures += 1;
                stack.pop();
                continue;
            }
        };
        if open == [0; 3] {
            end.found += 1;
            Board::from_fixpoint(top.words()).write(&mut grid);
            stack.pop();
            on_solution(&grid[..81]);
            if end.found >= max {
                return end;
            }
            continue;
        }
        if deep {
            // The band path's choice of a digit, from the permutation counts of the
            // fixpoint (the band path keeps them as it goes; they are the same).
            let mut board = Board::from_fixpoint(top.words());
            board.count_permutations();
            if let Some((d, first, second)) = board.choose_digit() {
                end.nodes += 1;
                if end.nodes.is_multiple_of(DEADLINE_EVERY)
                    && deadline.is_some_and(|t| Instant::now() >= t)
                {
                    end.timed_out = true;
                    return end;
                }
                // The first side is tried first: the board takes the second, a copy
                // above it the first.
                let mut other = *top;
                for b in 0..3 {
                    top.restrict(lane(d, b), second[b]);
                    other.restrict(lane(d, b), first[b]);
                }
                stack.push(other);
                continue;
            }
        }
        let branch = top.choose(open);
        // No two-candidate cell: before a branch three ways or more, hidden singles in
        // columns, on the band path's board (rare).
        if branch.is_some_and(|(_, _, digits)| digits.count_ones() > 2) {
            let mut board = Board::from_fixpoint(top.words());
            match board.column_singles() {
                Err(_) => {
                    end.failures += 1;
                    stack.pop();
                    continue;
                }
                Ok(true) => {
                    *top = VBoard::from_words(&board.words());
                    continue;
                }
                Ok(false) => {}
            }
        }
        end.nodes += 1;
        if end.nodes.is_multiple_of(DEADLINE_EVERY) && deadline.is_some_and(|t| Instant::now() >= t)
        {
            end.timed_out = true;
            return end;
        }
        let Some((b, p, digits)) = branch else {
            continue;
        };
        band::branch_on_cell(stack, digits, |board, d| {
            board.restrict(lane(d, b), !band::BAND_PEERS[p]);
        });
    }
    end.complete = true;
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 81 cells of each puzzle line of a file of the repository's test puzzles.
    fn test_puzzles(name: &str) -> Vec<Vec<u8>> {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        text.lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| {
                l.bytes()
                    .take(81)
                    .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_passes_reach_the_band_path_s_fixpoint_from_the_givens() {
        if !available() {
            eprintln!("this processor has no AVX-512: the vector path is not run here");
            return;
        }
        let mut compared = 0;
        for file in [
            "17_clue.txt",
            "magictour_top1465.txt",
            "forum_hardest_1106.txt",
            "serg_benchmark.txt",
        ] {
            for cells in test_puzzles(file) {
                let mut scalar = Board::from_givens(&cells).unwrap();
                scalar.propagate::<false>().unwrap();
                // SAFETY: the processor has the features (checked above).
                let words = unsafe {
                    let mut v = VBoard::from_givens(&cells);
                    v.propagate::<false>().unwrap();
                    v.words()
                };
                assert_eq!(words, scalar.words(), "{file}: {cells:?}");
                compared += 1;
            }
        }
        assert_eq!(compared, 2175);
    }

    #[test]
    fn two_cells_of_a_row_left_with_one_digit_only_are_a_contradiction() {
        if !available() {
            eprintln!("this processor has no AVX-512: the vector path is not run here");
            return;
        }
        // Cells r1c1 and r1c2 hold only digit 1: no pass sees it, the fixpoint must.
        let mut words = Board::empty().words();
        for d in 1..9 {
            words[3 * d] &= !0b11;
        }
        // SAFETY: the processor has the features (checked above).
        let (crowded, apart) = unsafe {
            let crowded = VBoard::from_words(&words).propagate::<false>().is_err();
            // r1c1 and r2c4 instead: no contradiction.
            let mut words = Board::empty().words();
            for d in 1..9 {
                words[3 * d] &= !(1 | 1 << 12);
            }
            (
                crowded,
                VBoard::from_words(&words).propagate::<false>().is_ok(),
            )
        };
        assert!(crowded);
        assert!(apart);
    }

    #[test]
    fn the_deep_passes_claim_along_columns() {
        if !available() {
            eprintln!("this processor has no AVX-512: the vector path is not run here");
            return;
        }
        // Digit 1 kept out of column 1 in bands 2 and 3: in column 1 it goes in box 1,
        // so box 1's other columns lose it; only the deep passes see it.
        let column = 0x40201;
        let mut words = Board::empty().words();
        words[1] &= !column;
        words[2] &= !column;
        // SAFETY: the processor has the features (checked above).
        let (shallow, deep) = unsafe {
            let mut shallow = VBoard::from_words(&words);
            shallow.propagate::<false>().unwrap();
            let mut deep = VBoard::from_words(&words);
            deep.propagate::<true>().unwrap();
            (shallow.words()[0], deep.words()[0])
        };
        let others = column << 1 | column << 2;
        assert_eq!(shallow & others, others);
        assert_eq!(deep & others, 0);
        assert_eq!(deep & column, column);
    }

    #[test]
    fn a_cell_alone_in_its_row_for_two_digits_is_a_contradiction() {
        if !available() {
            eprintln!("this processor has no AVX-512: the vector path is not run here");
            return;
        }
        // Digits 1 and 2 can go in row 1 only at r1c1.
        let mut words = Board::empty().words();
        words[0] &= !(0x1ff & !1);
        words[3] &= !(0x1ff & !1);
        // SAFETY: the processor has the features (checked above).
        let (both, one) = unsafe {
            let both = VBoard::from_words(&words).propagate::<false>().is_err();
            let mut words = Board::empty().words();
            words[0] &= !(0x1ff & !1);
            (
                both,
                VBoard::from_words(&words).propagate::<false>().is_ok(),
            )
        };
        assert!(both);
        assert!(one);
    }
}
