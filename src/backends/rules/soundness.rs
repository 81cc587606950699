//! The soundness check: replay recorded steps against a known solution and report the
//! first one that places a wrong digit, removes a true candidate or claims a
//! contradiction. Steps after a guess rest on an assumption and are not checked.

use super::board::Board;
use super::render;
use super::step::Step;

/// `Ok` when every step before the first guess agrees with `solution`; otherwise a
/// message naming the step (1-based), its rule and what it got wrong.
pub fn check(board: &Board, steps: &[Step], solution: &[u8]) -> Result<(), String> {
    for (i, step) in steps.iter().enumerate() {
        if step.is_guess() {
            break;
        }
        let at = || {
            format!(
                "step {} ({}, {}): {}",
                i + 1,
                step.rule,
                render::name(board, step),
                render::reason(board, step)
            )
        };
        if step.is_contradiction() {
            return Err(format!(
                "{}: claims a contradiction in a solvable puzzle",
                at()
            ));
        }
        for &(c, d) in &step.placements {
            if solution[c] != d {
                return Err(format!(
                    "{}: places {d} in {} where the solution has {}",
                    at(),
                    board.cell_name(c),
                    solution[c]
                ));
            }
        }
        for &(c, d) in &step.eliminations {
            if solution[c] == d {
                return Err(format!(
                    "{}: removes {d} from {}, its digit in the solution",
                    at(),
                    board.cell_name(c)
                ));
            }
        }
    }
    Ok(())
}
