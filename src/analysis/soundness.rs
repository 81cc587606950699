//! The soundness check: replay recorded steps against a known solution and report the
//! first one that places a wrong digit, removes a true candidate or claims a
//! contradiction. Steps after a guess rest on an assumption and are not checked.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::step::Step;
use crate::backends::rules::present::text as render;

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
                step.rule_name(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backends::rules::engine::step::Detail;
    use crate::backends::rules::testutil::position;

    #[test]
    fn a_wrong_step_is_named_and_a_guess_ends_the_check() {
        let (b, _) = position("1234341221434321", &[]);
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let mut good = Step::new(Detail::NakedSingle);
        good.cells.push(0);
        good.digits.push(1);
        good.placements.push((0, 1));
        let mut wrong = Step::new(Detail::HiddenSingle { unit: 0 });
        wrong.rule = crate::backends::rules::engine::rule_index("hidden single")
            .map(crate::backends::rules::engine::stamp);
        wrong.cells.push(1);
        wrong.digits.push(3);
        wrong.units.push(0);
        wrong.placements.push((1, 3));
        let mut removes = Step::new(Detail::NakedSingle);
        removes.cells.push(2);
        removes.digits.push(3);
        removes.eliminations.push((2, 3));
        assert_eq!(check(&b, &[good.clone()], &solution), Ok(()));
        let e = check(&b, &[good.clone(), wrong.clone()], &solution).unwrap_err();
        assert!(e.starts_with("step 2 (hidden single"), "{e}");
        assert!(
            e.contains("places 3 in r1c2 where the solution has 2"),
            "{e}"
        );
        let e = check(&b, &[removes], &solution).unwrap_err();
        assert!(e.contains("removes 3 from r1c3"), "{e}");
        let mut guess = Step::new(Detail::Guess {
            inference: 1,
            refuted: Vec::new(),
        });
        guess.cells.push(1);
        guess.digits.push(3);
        guess.placements.push((1, 3));
        assert_eq!(check(&b, &[good, guess, wrong], &solution), Ok(()));
    }
}
