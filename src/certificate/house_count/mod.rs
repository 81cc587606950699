//! Certificates by house counts, checked by arithmetic alone: no SAT solver, no
//! proof checker. The rule engine's singles and its weighted house count (Eppstein's
//! rules carried to their linear-programming end, `families/weights.rs`) are the steps
//! that carry their own proof: a single is read off the candidates, and a count is a
//! set of whole-number weights on the position's houses (an open cell takes exactly one
//! of its candidates; a digit not placed in a unit goes in exactly one of its places
//! there). Every candidate weighs the sum of its houses' weights; when none weighs less
//! than 0, the true candidates together weigh exactly the total of the weights, so a
//! candidate weighing more than the total is false. The steps of the other rules (chains,
//! fish, almost locked sets) carry no such proof, so a certificate is made with those two
//! rules only, the count on the houses alone: a puzzle they do not finish has no
//! certificate this way.
//!
//! [`prove`] runs those rules and writes the steps; [`check`] replays them from the
//! givens on candidates of its own, with nothing of the rule engine (`.ci/module-cycles.py`
//! keeps it so).

mod check;
mod prove;

pub use check::{check, Reached};
pub use prove::prove;

use serde::{Deserialize, Serialize};

/// A house-count proof: its steps, in order.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct CountProof {
    /// What the file is, for a reader who opens it.
    pub about: String,
    /// The steps, from the givens.
    pub steps: Vec<CountStep>,
}

/// One step of a house-count proof. Cells are numbered row by row from 0; units as the
/// board lists them (rows, columns, boxes, then the diagonals of X-Sudoku).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum CountStep {
    /// `digit` goes in `cell`: its only candidate, or its only place in a unit.
    Place {
        /// The cell.
        cell: usize,
        /// The digit.
        digit: u8,
    },
    /// A weighted count: the candidates of `remove` weigh more than `total`.
    Count {
        /// Each house weighed, with its weight.
        houses: Vec<(CountHouse, i64)>,
        /// The sum of the weights.
        total: i64,
        /// The candidates removed, as `(cell, digit)`.
        remove: Vec<(usize, u8)>,
    },
}

/// A house: an open cell, or a digit not yet placed in a unit.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum CountHouse {
    /// The cell takes one of its candidates.
    Cell(usize),
    /// The digit goes in one of its places in the unit.
    Digit {
        /// The unit.
        unit: usize,
        /// The digit.
        digit: u8,
    },
}
