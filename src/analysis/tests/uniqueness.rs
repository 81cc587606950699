//! The uniqueness rules (`--assume-unique`, `rules:ladder+unique`): each pattern on a
//! puzzle where it is the first rule of the ladder that applies, checked against the
//! solution (`compare`'s cross-check of the configuration is in tests/backends/uniqueness.rs).

use super::support::*;
use crate::analysis::soundness;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, UniquePattern};
use crate::backends::rules::engine::{self, Options, Scratch, RULES};
use crate::backends::rules::present::svg as picture;
use crate::backends::rules::RulesSolver;

/// Puzzles of `tests/data/magictour_top1465.txt` (1-based) on which each pattern fires.
const CASES: &[(usize, UniquePattern)] = &[
    (1, UniquePattern::Rectangle),
    (39, UniquePattern::RectangleExtra),
    (197, UniquePattern::RectangleSubset),
    (12, UniquePattern::RectangleStrongLink),
    (250, UniquePattern::AvoidableRectangle),
    (75, UniquePattern::Bug),
];

#[test]
fn each_uniqueness_pattern_is_the_first_rule_that_applies_and_is_sound() {
    let puzzles = data_puzzles("magictour_top1465.txt", 250);
    let mut solver = RulesSolver::new(false);
    let opts = Options {
        record: true,
        assume_unique: true,
        ..Options::default()
    };
    for &(index, pattern) in CASES {
        let p = &puzzles[index - 1];
        let run = solver.run(p, &opts);
        let board = solver.board(&p.geometry);
        let solution = dlx_solution(p);
        soundness::check(board, &run.steps, &solution).unwrap();
        let k = run
            .steps
            .iter()
            .position(|s| s.detail == Detail::Unique { pattern })
            .unwrap_or_else(|| panic!("puzzle {index}: no {pattern:?} step"));
        let step = &run.steps[k];
        assert!(step.assumes_unique());
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
        // Nothing earlier in the ladder applies in the position it was found in.
        let states = picture::states_before(board, &State::new(board, p), &run.steps);
        let rule = step.rule.unwrap().index;
        for (earlier, r) in RULES.iter().enumerate().take(rule) {
            assert_eq!(
                engine::find(earlier, board, &states[k], &mut Scratch::default()),
                None,
                "puzzle {index}: {} applies before {pattern:?}",
                r.name
            );
        }
        // And the same rule finds no other pattern first there.
        let again = engine::find(rule, board, &states[k], &mut Scratch::default());
        assert_eq!(again.as_ref(), Some(step), "puzzle {index}");
    }
}

#[test]
fn an_explanation_says_it_is_a_proof_only_when_no_guess_and_no_uniqueness_rule_made_it() {
    use crate::analysis::{ExplainOptions, Explanation};
    let puzzles = data_puzzles("magictour_top1465.txt", 250);
    let plain = ExplainOptions::default();
    // Magictour 39 needs 2-SAT but no guess: its steps prove the solution the only one.
    let e = Explanation::new(&puzzles[38], 39, &plain);
    assert!(e.proof().is_some_and(|p| p.contains("the only one")));
    assert!(e.text().contains("# these steps are a proof"));
    assert_eq!(e.json()["proof"].as_str(), e.proof());
    // With the uniqueness rules, a rectangle on magictour 39 assumes what is to be proven.
    let assuming = ExplainOptions {
        assume_unique: true,
        ..ExplainOptions::default()
    };
    let e = Explanation::new(&puzzles[38], 39, &assuming);
    assert!(e.json()["steps"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["rule"].as_str().is_some_and(|r| r.contains("rectangle"))));
    assert_eq!(e.proof(), None);
    assert!(!e.text().contains("a proof"));
    // A puzzle with no solution, refuted by the rules.
    let none = data_puzzles("none_one_given_changed.txt", 1).remove(0);
    let e = Explanation::new(&none, 1, &plain);
    assert!(
        e.proof().is_some_and(|p| p.contains("no solution")),
        "{}",
        e.text()
    );
    // A puzzle with 26 solutions that the uniqueness rules "refute": no proof of that.
    let several = data_puzzles("serg_benchmark.txt", 87).remove(86);
    let e = Explanation::new(&several, 87, &assuming);
    assert!(e.text().contains("# no solution"), "{}", e.text());
    assert_eq!(e.proof(), None);
    assert!(e.html().contains("this is no proof"));
    // Stuck (the hardest forum puzzle without guessing): no proof.
    let hard = data_puzzles("forum_hardest_1106.txt", 1).remove(0);
    let e = Explanation::new(&hard, 1, &plain);
    assert_eq!(e.proof(), None);
}
