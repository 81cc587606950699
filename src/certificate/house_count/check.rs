//! Checking a house-count proof by replaying it from the givens, by arithmetic on
//! candidates of its own: nothing of the rule engine.

use super::{CountHouse, CountProof, CountStep};
use crate::model::Puzzle;

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
            CountHouse::Cell(c) => {
                return Err(format!(
                    "cell {} is no house of the position: it is closed or off the grid",
                    name(p.puzzle, c)
                ))
            }
            CountHouse::Digit { unit, digit } => {
                return Err(format!(
                    "digit {digit} in unit {unit} is no house of the position: it is placed there, or the unit or digit is off the board"
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
                name(p.puzzle, c)
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

/// A cell's name, `r3c5`, or what a number off the grid is.
fn name(puzzle: &Puzzle, cell: usize) -> String {
    match cell < puzzle.geometry.cells() {
        true => puzzle.geometry.cell_name(cell),
        false => format!("number {cell} (the grid has {})", puzzle.geometry.cells()),
    }
}
