//! The independent checker. It recomputes the rules from coordinates — rows, columns,
//! boxes, and the diagonals of X-Sudoku — without reading the geometry's unit list, so
//! a mistake in the model or in a backend cannot vouch for itself.

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
        /// The row, column, box or diagonal, as a person names it.
        house: String,
        /// The repeated value.
        value: u8,
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
    let at = |r: usize, c: usize| solution[r * n + c];
    let check =
        |house: String, values: &mut dyn Iterator<Item = u8>| -> Result<(), ValidationError> {
            let mut seen = 0u128;
            for v in values {
                if seen >> v & 1 == 1 {
                    return Err(ValidationError::Repeated { house, value: v });
                }
                seen |= 1 << v;
            }
            Ok(())
        };
    for r in 0..n {
        check(format!("row {}", r + 1), &mut (0..n).map(|c| at(r, c)))?;
    }
    for c in 0..n {
        check(format!("column {}", c + 1), &mut (0..n).map(|r| at(r, c)))?;
    }
    for b in 0..n {
        let (r0, c0) = (b / (n / bc) * br, b % (n / bc) * bc);
        check(
            format!("box {}", b + 1),
            &mut (0..n).map(|i| at(r0 + i / bc, c0 + i % bc)),
        )?;
    }
    if g.variant == Variant::X {
        check("main diagonal".into(), &mut (0..n).map(|i| at(i, i)))?;
        check(
            "anti-diagonal".into(),
            &mut (0..n).map(|i| at(i, n - 1 - i)),
        )?;
    }
    Ok(())
}
