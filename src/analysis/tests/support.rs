//! What the tests of the rule engine share: the crate's test helpers (test data, small
//! random puzzles, a brute-force counter, `dlx`'s solution) and the check of one step
//! against a solution.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::step::Step;
use crate::backends::rules::engine::{Options, Run};
use crate::backends::rules::RulesSolver;
use crate::model::Puzzle;
pub(super) use crate::test_support::*;

/// Asserts that a rule's step changes something and only what `solution` allows: no
/// candidate it removes is the solution's digit, every digit it places is (`context`
/// names the puzzle in a failure).
pub(super) fn assert_step_agrees(board: &Board, step: &Step, solution: &[u8], context: &str) {
    assert!(
        !step.eliminations.is_empty() || !step.placements.is_empty(),
        "{context}: the step changes nothing"
    );
    for &(c, d) in &step.eliminations {
        assert_ne!(
            solution[c],
            d,
            "{context}: removes {d} from {}",
            board.cell_name(c)
        );
    }
    for &(c, d) in &step.placements {
        assert_eq!(
            solution[c],
            d,
            "{context}: places {d} in {}",
            board.cell_name(c)
        );
    }
}

/// The ladder's run on `p` as `explain` makes it (one consequence a step, every step
/// recorded), with the solver that holds its board.
pub(super) fn explained_run(p: &Puzzle) -> (RulesSolver, Run) {
    let mut solver = RulesSolver::new(false);
    let options = Options {
        record: true,
        one_at_a_time: true,
        ..Options::default()
    };
    let run = solver.run(p, &options);
    (solver, run)
}
