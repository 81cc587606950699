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
//! [`prove`] runs that ladder and writes the steps; [`check`] replays them from the
//! givens on candidates of its own, with nothing of the rule engine.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, House};
use crate::backends::rules::families::{singles, weights};
use crate::model::Puzzle;
use serde::{Deserialize, Serialize};
use std::time::Instant;

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

/// The house-count proof of `puzzle`'s verdict (every cell placed, or a house
/// emptied), or why there is none (the singles and counts stop short, the deadline). The
/// rule engine's own singles and its count on the houses alone (no exocet facts, which
/// rest on a pattern, not on arithmetic).
pub fn prove(puzzle: &Puzzle, deadline: Option<Instant>) -> Result<CountProof, String> {
    let board = Board::new(&puzzle.geometry);
    let mut state = State::new(&board, puzzle);
    let mut steps = Vec::new();
    let about = "sudoku-arena house-count proof: singles and weighted house counts from the givens, cells numbered row by row from 0; check: sudoku-arena verify-certificate".to_string();
    if puzzle.conflicting_givens().is_some() {
        return Ok(CountProof { about, steps });
    }
    while state.broken.is_none() && state.open > 0 {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err("the deadline stopped the house counts".into());
        }
        let single = singles::naked(&board, &state).or_else(|| singles::hidden(&board, &state));
        if let Some(step) = single {
            for &(cell, digit) in &step.placements {
                steps.push(CountStep::Place { cell, digit });
                state.place(&board, cell, digit);
            }
            continue;
        }
        let Some(step) = weights::find_on_houses(&board, &state, deadline) else {
            return Err(match deadline.is_some_and(|d| Instant::now() >= d) {
                true => "the deadline stopped the house counts".into(),
                false => "singles and house counts stop short of the end".into(),
            });
        };
        let Detail::HouseWeights { weights, total, .. } = &step.detail else {
            return Err("the count gave a step without weights".into());
        };
        let houses = weights
            .iter()
            .map(|&(h, w)| match h {
                House::Cell(c) => (CountHouse::Cell(c), w),
                House::Digit { unit, digit } => (CountHouse::Digit { unit, digit }, w),
            })
            .collect();
        for &(cell, digit) in &step.eliminations {
            state.eliminate(&board, cell, digit);
        }
        steps.push(CountStep::Count {
            houses,
            total: *total,
            remove: step.eliminations.clone(),
        });
    }
    Ok(CountProof { about, steps })
}

/// How a replayed proof ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reached {
    /// Every cell placed: this grid, the only solution.
    Solved(Vec<u8>),
    /// A house with nothing left: no solution.
    Contradiction,
}

/// Candidates of a position as the check keeps them: per cell a bit per digit.
struct Position<'a> {
    puzzle: &'a Puzzle,
    value: Vec<u8>,
    cand: Vec<u128>,
}

impl Position<'_> {
    fn has(&self, cell: usize, digit: u8) -> bool {
        digit >= 1 && (digit as usize) <= self.puzzle.n() && self.cand[cell] >> digit & 1 == 1
    }

    fn place(&mut self, cell: usize, digit: u8) {
        self.value[cell] = digit;
        self.cand[cell] = 0;
        for &p in &self.puzzle.geometry.peers[cell] {
            self.cand[p] &= !(1 << digit);
        }
    }

    /// Whether `digit` is placed in `unit`.
    fn placed_in(&self, unit: usize, digit: u8) -> bool {
        self.puzzle.geometry.units[unit]
            .cells
            .iter()
            .any(|&c| self.value[c] == digit)
    }

    /// Whether some house is empty: an open cell without candidates, or a digit not
    /// placed in a unit without a place there, or a digit placed twice in a unit.
    fn contradiction(&self) -> bool {
        let g = &self.puzzle.geometry;
        let n = g.n as u8;
        (0..g.cells()).any(|c| self.value[c] == 0 && self.cand[c] == 0)
            || g.units.iter().any(|u| {
                (1..=n).any(|d| {
                    let placed = u.cells.iter().filter(|&&c| self.value[c] == d).count();
                    placed > 1 || (placed == 0 && !u.cells.iter().any(|&c| self.has(c, d)))
                })
            })
    }
}

/// Replays `proof` on `puzzle` from its givens, checking each step: where it ends, or
/// the first step that does not hold.
pub fn check(puzzle: &Puzzle, proof: &CountProof) -> Result<Reached, String> {
    let g = &puzzle.geometry;
    let n = g.n;
    let all: u128 = ((1u128 << n) - 1) << 1;
    let mut p = Position {
        puzzle,
        value: vec![0; g.cells()],
        cand: vec![all; g.cells()],
    };
    for (c, &v) in puzzle.cells.iter().enumerate().filter(|(_, &v)| v != 0) {
        if p.value[c] == 0 && !p.has(c, v) {
            return Ok(Reached::Contradiction);
        }
        p.place(c, v);
    }
    for (k, step) in proof.steps.iter().enumerate() {
        if p.contradiction() {
            return Ok(Reached::Contradiction);
        }
        let at = |what: String| format!("step {}: {what}", k + 1);
        match step {
            CountStep::Place { cell, digit } => {
                let (cell, digit) = (*cell, *digit);
                if cell >= g.cells() || p.value[cell] != 0 || !p.has(cell, digit) {
                    return Err(at(format!(
                        "{}#{digit} is not an open candidate",
                        name(puzzle, cell)
                    )));
                }
                let naked = p.cand[cell] == 1 << digit;
                let hidden = g.cell_units[cell].iter().any(|&u| {
                    g.units[u]
                        .cells
                        .iter()
                        .filter(|&&c| p.has(c, digit))
                        .count()
                        == 1
                });
                if !naked && !hidden {
                    return Err(at(format!(
                        "{digit} in {} is neither the cell's only candidate nor the digit's only place in a unit",
                        name(puzzle, cell)
                    )));
                }
                p.place(cell, digit);
            }
            CountStep::Count {
                houses,
                total,
                remove,
            } => {
                count_holds(&p, houses, *total, remove).map_err(at)?;
                for &(cell, digit) in remove {
                    p.cand[cell] &= !(1 << digit);
                }
            }
        }
    }
    if p.contradiction() {
        return Ok(Reached::Contradiction);
    }
    match p.value.iter().all(|&v| v != 0) {
        true => Ok(Reached::Solved(p.value)),
        false => Err("the steps end with cells open and no contradiction".into()),
    }
}

/// Whether a count holds on the position: every house live, the total right, every
/// open candidate weighing 0 or more, and each removed one more than the total.
fn count_holds(
    p: &Position,
    houses: &[(CountHouse, i64)],
    total: i64,
    remove: &[(usize, u8)],
) -> Result<(), String> {
    let g = &p.puzzle.geometry;
    let n = g.n;
    let mut cell_weight = vec![0i128; g.cells()];
    let mut digit_weight = vec![0i128; g.units.len() * (n + 1)];
    let mut sum: i128 = 0;
    for &(house, w) in houses {
        match house {
            CountHouse::Cell(c) if c < g.cells() && p.value[c] == 0 => cell_weight[c] += w as i128,
            CountHouse::Digit { unit, digit }
                if unit < g.units.len()
                    && (1..=n as u8).contains(&digit)
                    && !p.placed_in(unit, digit) =>
            {
                digit_weight[unit * (n + 1) + digit as usize] += w as i128
            }
            h => {
                return Err(format!(
                    "{h:?} is not a house of the position (a closed cell, or a digit placed)"
                ))
            }
        }
        sum += w as i128;
    }
    if sum != total as i128 {
        return Err(format!("the weights add up to {sum}, not {total}"));
    }
    let weight = |c: usize, d: u8| -> i128 {
        cell_weight[c]
            + g.cell_units[c]
                .iter()
                .map(|&u| digit_weight[u * (n + 1) + d as usize])
                .sum::<i128>()
    };
    for c in (0..g.cells()).filter(|&c| p.value[c] == 0) {
        for d in (1..=n as u8).filter(|&d| p.has(c, d)) {
            if weight(c, d) < 0 {
                return Err(format!(
                    "{}#{d} weighs {}, below 0",
                    name(p.puzzle, c),
                    weight(c, d)
                ));
            }
        }
    }
    if remove.is_empty() {
        return Err("the count removes nothing".into());
    }
    for &(c, d) in remove {
        if c >= g.cells() || p.value[c] != 0 || !p.has(c, d) {
            return Err(format!(
                "{}#{d} is not an open candidate",
                name(p.puzzle, c.min(g.cells() - 1))
            ));
        }
        if weight(c, d) <= total as i128 {
            return Err(format!(
                "{}#{d} weighs {}, not more than the total {total}",
                name(p.puzzle, c),
                weight(c, d)
            ));
        }
    }
    Ok(())
}

/// A cell's name, `r3c5`.
fn name(puzzle: &Puzzle, cell: usize) -> String {
    puzzle.geometry.cell_name(cell)
}
