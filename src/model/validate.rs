//! The independent checker. It recomputes the rules from coordinates — rows, columns,
//! boxes, and the diagonals of X-Sudoku — without reading the geometry's unit list, so
//! a mistake in the model or in a backend cannot vouch for itself. A Jigsaw board's
//! regions are read from its region map and Killer cages from their cell lists and
//! totals: the puzzle's own data, not the units derived from them.

use super::{Puzzle, Variant};
use std::fmt;

/// Why a proposed solution is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValidationError {
    /// The solution does not have one value per cell.
    WrongSize {
        /// Cells the grid has.
        expected: usize,
        /// Values the solution has.
        found: usize,
    },
    /// A cell is blank or holds a value outside `1..=n`.
    BadValue {
        /// The cell, such as `r3c5`.
        cell: String,
        /// What it holds.
        value: u8,
    },
    /// A given was changed.
    GivenChanged {
        /// The cell, such as `r3c5`.
        cell: String,
        /// The given.
        given: u8,
        /// What the solution has there.
        found: u8,
    },
    /// A value appears twice in a house.
    Repeated {
        /// The row, column, box, region, diagonal or cage, as a person names it.
        house: String,
        /// The repeated value.
        value: u8,
    },
    /// A Killer cage's digits do not add up to its total.
    CageSum {
        /// The cage, as a person names it (`the 15-cage at r1c1`).
        cage: String,
        /// What its digits add up to.
        found: u32,
    },
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValidationError::WrongSize { expected, found } => {
                write!(f, "solution has {found} cells, expected {expected}")
            }
            ValidationError::BadValue { cell, value } => {
                write!(f, "{cell} holds {value}, not a value of the grid")
            }
            ValidationError::GivenChanged { cell, given, found } => {
                write!(f, "{cell} is given as {given} but the solution has {found}")
            }
            ValidationError::Repeated { house, value } => {
                write!(f, "{value} appears twice in {house}")
            }
            ValidationError::CageSum { cage, found } => {
                write!(f, "the digits of {cage} add up to {found}")
            }
        }
    }
}

impl std::error::Error for ValidationError {}

/// Checks that `solution` is a complete, valid grid that keeps every given of `puzzle`.
pub fn validate(puzzle: &Puzzle, solution: &[u8]) -> Result<(), ValidationError> {
    let g = &puzzle.geometry;
    let (n, br, bc) = (g.n, g.box_rows, g.box_cols);
    if solution.len() != n * n || puzzle.cells.len() != n * n {
        return Err(ValidationError::WrongSize {
            expected: n * n,
            found: solution.len(),
        });
    }
    let x = g.variant == Variant::X;
    let cages = g.cages.as_slice();
    let regions = g.regions.as_deref();
    if regions.is_none() && plainly_valid(&puzzle.cells, solution, n, br, bc, x) {
        return check_cages(solution, n, cages);
    }
    let name = |i: usize| format!("r{}c{}", i / n + 1, i % n + 1);
    for (i, (&given, &value)) in puzzle.cells.iter().zip(solution).enumerate() {
        if value == 0 || value as usize > n {
            return Err(ValidationError::BadValue {
                cell: name(i),
                value,
            });
        }
        if given != 0 && given != value {
            return Err(ValidationError::GivenChanged {
                cell: name(i),
                given,
                found: value,
            });
        }
    }
    if regions.is_none() && repeats(solution, n, br, bc, x) == Some(false) {
        return check_cages(solution, n, cages);
    }
    first_repeat(solution, n, (br, bc), regions, g.variant)?;
    check_cages(solution, n, cages)
}

/// Checks every cage of a complete grid of side `n`: distinct digits adding up to its
/// total.
fn check_cages(solution: &[u8], n: usize, cages: &[super::Cage]) -> Result<(), ValidationError> {
    for cage in cages {
        let name = || {
            let c = cage.cells.first().copied().unwrap_or(0);
            format!("the {}-cage at r{}c{}", cage.sum, c / n + 1, c % n + 1)
        };
        let mut seen = 0u128;
        let mut total = 0u32;
        for &cell in &cage.cells {
            let v = solution[cell];
            if seen >> v & 1 == 1 {
                return Err(ValidationError::Repeated {
                    house: name(),
                    value: v,
                });
            }
            seen |= 1 << v;
            total += u32::from(v);
        }
        if total != cage.sum {
            return Err(ValidationError::CageSum {
                cage: name(),
                found: total,
            });
        }
    }
    Ok(())
}

/// Whether `solution` is plainly a complete, valid n x n grid that keeps `givens`,
/// found in one pass that ORs each value's bit into its row, column and box (`br` x
/// `bc`) with no branch per cell: `n` values in a house of `n` cells make the full set
/// only when they are `1..=n` each once. `false` says only that [`validate`] must look
/// closer, to name what is wrong (or when a side above 64 needs the slower walk).
fn plainly_valid(givens: &[u8], solution: &[u8], n: usize, br: usize, bc: usize, x: bool) -> bool {
    // The classic shape with its sizes known when compiled, so that the loops unroll.
    if (n, br, bc) == (9, 3, 3) {
        return plainly_valid_of(givens, solution, 9, 3, 3, x);
    }
    plainly_valid_of(givens, solution, n, br, bc, x)
}

/// [`plainly_valid`]'s pass, inlined into each caller so that constant sizes fold.
#[inline(always)]
fn plainly_valid_of(
    givens: &[u8],
    solution: &[u8],
    n: usize,
    br: usize,
    bc: usize,
    x: bool,
) -> bool {
    if n == 0 || n > 64 || br * bc != n || solution.len() != n * n || givens.len() != n * n {
        return false;
    }
    let full = u64::MAX >> (64 - n);
    let mut cols = [0u64; 64];
    let mut boxes = [0u64; 64];
    // The box of each column within a band of boxes.
    let mut box_of_col = [0u8; 64];
    for (c, b) in box_of_col[..n].iter_mut().enumerate() {
        *b = (c / bc) as u8;
    }
    let mut ok = true;
    for r in 0..n {
        let values = &solution[r * n..][..n];
        let given = &givens[r * n..][..n];
        let band = &mut boxes[r / br * (n / bc)..][..n / bc];
        let mut row = 0u64;
        for c in 0..n {
            let (v, g) = (values[c], given[c]);
            // 0 and values above n fall outside the full set (shifts are taken mod 64,
            // so the range is checked as well).
            let k = u32::from(v).wrapping_sub(1);
            ok &= ((k as usize) < n) & ((g == 0) | (g == v));
            let bit = 1u64 << (k & 63);
            row |= bit;
            cols[c] |= bit;
            band[usize::from(box_of_col[c])] |= bit;
        }
        ok &= row == full;
    }
    ok &= cols[..n].iter().chain(&boxes[..n]).all(|&m| m == full);
    if x && ok && n > 1 {
        let bits = |cells: &mut dyn Iterator<Item = &u8>| {
            cells.fold(0u64, |m, &v| {
                m | 1u64 << (u32::from(v).wrapping_sub(1) & 63)
            })
        };
        ok &= bits(&mut solution.iter().step_by(n + 1).take(n)) == full;
        ok &= bits(&mut solution[n - 1..].iter().step_by(n - 1).take(n)) == full;
    }
    ok
}

/// Whether a row, column, box (`br` x `bc`) or, with `x`, a diagonal of the n x n grid
/// `cells` holds a value other than 0 twice, found in one pass with a bit per value;
/// `None` when one pass cannot tell (a side or a value above 64), and the houses must
/// be walked one by one.
pub(crate) fn repeats(cells: &[u8], n: usize, br: usize, bc: usize, x: bool) -> Option<bool> {
    // The classic shape with its sizes known when compiled, so that the loops unroll.
    if (n, br, bc) == (9, 3, 3) {
        return repeats_of(cells, 9, 3, 3, x);
    }
    repeats_of(cells, n, br, bc, x)
}

/// [`repeats`]'s pass, inlined into each caller so that constant sizes fold.
#[inline(always)]
fn repeats_of(cells: &[u8], n: usize, br: usize, bc: usize, x: bool) -> Option<bool> {
    if n == 0 || n > 64 || br * bc != n || cells.len() != n * n {
        return None;
    }
    let mut cols = [0u64; 64];
    let mut boxes = [0u64; 64];
    for (r, row) in cells.chunks_exact(n).enumerate() {
        let mut seen = 0u64;
        // The row's boxes, `bc` cells each, and the columns of each box's cells.
        let row_boxes = boxes[r / br * (n / bc)..].iter_mut();
        for ((part, in_box), part_cols) in row
            .chunks_exact(bc)
            .zip(row_boxes)
            .zip(cols[..n].chunks_exact_mut(bc))
        {
            for (&v, in_col) in part.iter().zip(part_cols) {
                if v != 0 {
                    let bit = bit_of(v)?;
                    if (seen | *in_col | *in_box) & bit != 0 {
                        return Some(true);
                    }
                    seen |= bit;
                    *in_col |= bit;
                    *in_box |= bit;
                }
            }
        }
    }
    if x {
        for diagonal in [[0, n + 1], [n - 1, n - 1]] {
            let mut seen = 0u64;
            for &v in cells[diagonal[0]..].iter().step_by(diagonal[1]).take(n) {
                if v != 0 {
                    let bit = bit_of(v)?;
                    if seen & bit != 0 {
                        return Some(true);
                    }
                    seen |= bit;
                }
            }
        }
    }
    Some(false)
}

/// The bit of value `v` (from 1) in a 64-bit set; `None` above 64.
fn bit_of(v: u8) -> Option<u64> {
    1u64.checked_shl(u32::from(v).wrapping_sub(1))
}

/// The first repeat in the order a person checks (rows, columns, boxes, diagonals; in
/// each house the second sighting of a value), named: the error [`validate`] gives.
fn first_repeat(
    solution: &[u8],
    n: usize,
    (br, bc): (usize, usize),
    regions: Option<&[u8]>,
    variant: Variant,
) -> Result<(), ValidationError> {
    let at = |r: usize, c: usize| solution[r * n + c];
    let check = |house: &dyn Fn() -> String,
                 values: &mut dyn Iterator<Item = u8>|
     -> Result<(), ValidationError> {
        let mut seen = 0u128;
        for v in values {
            if seen >> v & 1 == 1 {
                return Err(ValidationError::Repeated {
                    house: house(),
                    value: v,
                });
            }
            seen |= 1 << v;
        }
        Ok(())
    };
    for r in 0..n {
        check(&|| format!("row {}", r + 1), &mut (0..n).map(|c| at(r, c)))?;
    }
    for c in 0..n {
        check(
            &|| format!("column {}", c + 1),
            &mut (0..n).map(|r| at(r, c)),
        )?;
    }
    match regions {
        Some(regions) => {
            for g in 0..n {
                check(
                    &|| format!("region {}", g + 1),
                    &mut (0..n * n)
                        .filter(|&c| usize::from(regions[c]) == g)
                        .map(|c| solution[c]),
                )?;
            }
        }
        None => {
            for b in 0..n {
                let (r0, c0) = (b / (n / bc) * br, b % (n / bc) * bc);
                check(
                    &|| format!("box {}", b + 1),
                    &mut (0..n).map(|i| at(r0 + i / bc, c0 + i % bc)),
                )?;
            }
        }
    }
    if variant == Variant::X {
        check(&|| "main diagonal".into(), &mut (0..n).map(|i| at(i, i)))?;
        check(
            &|| "anti-diagonal".into(),
            &mut (0..n).map(|i| at(i, n - 1 - i)),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Geometry;

    #[test]
    fn the_one_pass_check_takes_every_valid_grid_of_every_shape() {
        for (br, bc) in [(1, 4), (2, 3), (3, 2), (3, 3), (3, 4), (8, 8)] {
            let g = Geometry::new(br, bc, Variant::Classic).unwrap();
            let s: Vec<u8> = (0..g.cells()).map(|c| g.pattern_value(c)).collect();
            let n = g.n;
            let mut givens = vec![0; n * n];
            givens[n + 1] = s[n + 1];
            assert!(plainly_valid(&givens, &s, n, br, bc, false), "{br}x{bc}");
            let mut wrong = s.clone();
            wrong.swap(0, n);
            assert!(
                !plainly_valid(&givens, &wrong, n, br, bc, false),
                "{br}x{bc}"
            );
        }
    }
}
