//! Writing a house-count proof with the rule engine's singles and its count on the
//! houses alone.

use super::{CountHouse, CountProof, CountStep};
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, House};
use crate::backends::rules::families::{singles, weights};
use crate::model::Puzzle;
use std::time::Instant;

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
