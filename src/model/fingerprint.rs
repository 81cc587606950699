//! 128-bit fingerprints of grids, to tell puzzles and solutions apart without keeping
//! them: computed from the cells on the solving path, and from the one-line form a
//! results file holds, with the same value for the same grid.

use super::format::value_of_symbol;

/// The fingerprint of the grid `cells` (row-major values, `0` blank): two 64-bit sums
/// with different seeds. The same on every machine and in every build.
pub fn grid_fingerprint(cells: &[u8]) -> [u64; 2] {
    sums(GRID, cells)
}

/// The fingerprint of a grid in the one-line form
/// [`to_line`](super::format::to_line) writes (one symbol per cell, or space-separated
/// numbers): the same as [`grid_fingerprint`] of its cells. A text that is not such a
/// line gets a fingerprint of its own text, never one of a grid's.
pub fn line_fingerprint(line: &str) -> [u64; 2] {
    let mut cells = [0u8; 4096];
    match line_values(line, &mut cells) {
        Some(len) => grid_fingerprint(&cells[..len]),
        None => sums(TEXT, line.as_bytes()),
    }
}

/// What a fingerprint was taken of, hashed first: a grid's values or other text.
const GRID: u8 = 0;
const TEXT: u8 = 1;

/// The two seeded sums of `bytes`, of kind `kind`: 64-bit sums taking eight bytes at a
/// time with one multiply and one rotate each, then a final avalanche (cheaper than
/// SipHash's rounds on the solving path). Not meant to resist a grid made to collide,
/// only to tell grids apart.
fn sums(kind: u8, bytes: &[u8]) -> [u64; 2] {
    let mix = |seed: u64, mul: u64| {
        let mut h = seed ^ u64::from(kind) ^ (bytes.len() as u64).wrapping_mul(mul);
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h = (h ^ w).wrapping_mul(mul).rotate_left(29);
        }
        let mut last = [0u8; 8];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        h = (h ^ u64::from_le_bytes(last)).wrapping_mul(mul);
        h ^= h >> 32;
        h = h.wrapping_mul(0xd6e8_feb8_6659_fd93);
        h ^ (h >> 32)
    };
    [
        mix(0x243f_6a88_85a3_08d3, 0x9e37_79b9_7f4a_7c15),
        mix(0x1319_8a2e_0370_7344, 0xc2b2_ae3d_27d4_eb4f),
    ]
}

/// The values of a one-line grid written into `cells`, and how many there are; `None`
/// when `line` is not one (an unknown symbol, a number above 255, more than 4096 cells).
fn line_values(line: &str, cells: &mut [u8; 4096]) -> Option<usize> {
    let mut len = 0;
    let mut put = |v: u8| {
        *cells.get_mut(len)? = v;
        len += 1;
        Some(())
    };
    if line.contains(' ') {
        for token in line.split(' ') {
            put(token
                .bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| token.parse::<u8>().ok())
                .flatten()?)?;
        }
    } else {
        for ch in line.chars() {
            put(value_of_symbol(ch)?)?;
        }
    }
    Some(len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::format::to_line;
    use crate::model::{Geometry, Variant};
    use crate::test_support::{line_by_definition, line_form_board};
    use proptest::prelude::*;

    #[test]
    fn a_grid_and_its_line_have_one_fingerprint() {
        for (r, c) in [(2, 2), (3, 3), (4, 4), (6, 6), (8, 8)] {
            let g = Geometry::new(r, c, Variant::Classic).unwrap();
            let cells: Vec<u8> = (0..g.cells())
                .map(|i| ((i * 7) % (g.n + 1)) as u8)
                .collect();
            let line = to_line(&g, &cells);
            assert_eq!(line_fingerprint(&line), grid_fingerprint(&cells), "{line}");
            let mut other = cells.clone();
            other[g.cells() - 1] = (other[g.cells() - 1] + 1) % (g.n as u8 + 1);
            assert_ne!(grid_fingerprint(&other), grid_fingerprint(&cells));
        }
    }

    #[test]
    fn a_text_that_is_no_grid_is_fingerprinted_as_text() {
        assert_ne!(line_fingerprint("12a4"), line_fingerprint("12b4"));
        assert_ne!(line_fingerprint("1 2 x"), line_fingerprint("1 2 y"));
        // "1 2" is the grid [1, 2]; its text as text is another fingerprint.
        assert_eq!(line_fingerprint("1 2"), grid_fingerprint(&[1, 2]));
        assert_eq!(line_fingerprint("12"), grid_fingerprint(&[1, 2]));
        assert_ne!(sums(TEXT, b"12"), grid_fingerprint(&[1, 2]));
        assert_eq!(line_fingerprint(""), grid_fingerprint(&[]));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// On every board the one-line form writes differently, any grid (blanks
        /// included) in the form by its definition fingerprints as the grid; that the
        /// library writes and reads that form is `tests/backends/hotpath.rs`.
        #[test]
        fn a_one_line_form_fingerprints_as_its_grid(
            board in 0usize..7,
            values in proptest::collection::vec(any::<prop::sample::Index>(), 4096),
        ) {
            let g = line_form_board(board, false);
            let cells: Vec<u8> =
                values[..g.cells()].iter().map(|v| v.index(g.n + 1) as u8).collect();
            let line = line_by_definition(&g, &cells);
            prop_assert_eq!(line_fingerprint(&line), grid_fingerprint(&cells));
        }
    }
}
