//! The almost-locked-set rules of the `rules` ladder: on puzzles of
//! `tests/data/magictour_top1465.txt` (magictour's top 1465, first 500 lines; source in
//! `tests/data/SOURCES.md`) each family is the first rule that applies at some step,
//! every step of the run agrees with the solution `dlx` finds, and the step shows its
//! sets and chain. Template chains (the same instance with the links of the digits'
//! valid placements) too, each template link checked by Eppstein's layered graph.

use super::support::*;
use crate::analysis::soundness;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, Step};
use crate::backends::rules::engine::Run;
use crate::backends::rules::families::nishio::placeable;
use crate::backends::rules::present::{svg as picture, text as render};
use crate::backends::rules::RulesSolver;
use crate::model::Puzzle;

/// The magictour puzzle on line `line` (from 1) of the test copy.
fn magictour(line: usize) -> Puzzle {
    data_puzzles("magictour_top1465.txt", line).remove(line - 1)
}

/// The run of the ladder as `explain` makes it (one consequence a step) with steps
/// recorded, checked step by step against the solution.
fn sound_run(p: &Puzzle) -> (RulesSolver, Run) {
    let (mut solver, run) = explained_run(p);
    let solution = dlx_solution(p);
    let board = solver.board(&p.geometry);
    if let Err(e) = soundness::check(board, &run.steps, &solution) {
        panic!("{}: unsound: {e}", p.display_name());
    }
    (solver, run)
}

/// The position step `k` (from 1) of a run was found in.
fn position_before(board: &Board, p: &Puzzle, run: &Run, k: usize) -> State {
    picture::states_before(board, &State::new(board, p), &run.steps[..k]).remove(k - 1)
}

/// The first step of `rule`, with the 1-based step number.
fn first_of<'a>(run: &'a Run, rule: &str) -> (usize, &'a Step) {
    let k = run
        .steps
        .iter()
        .position(|s| s.rule_name() == rule)
        .unwrap_or_else(|| panic!("no {rule} step"));
    (k + 1, &run.steps[k])
}

/// Checks that the first ALS step of puzzle `line` is named `name`, removes or places
/// only what the solution allows, and says so with its sets and its chain; returns
/// the number of sets its chain uses.
fn first_als_step(line: usize, name: &str) -> usize {
    let p = magictour(line);
    let (mut solver, run) = sound_run(&p);
    let (k, step) = first_of(&run, "almost locked sets");
    let board = solver.board(&p.geometry);
    assert_eq!(render::name(board, step), name, "puzzle {line}, step {k}");
    assert_step_agrees(board, step, &dlx_solution(&p), &format!("puzzle {line}"));
    let Detail::Als { sets, forced, .. } = &step.detail else {
        panic!("not an ALS step: {step:?}");
    };
    // Every set is an almost locked set of the position it was found in: its cells
    // open, in one unit, holding one digit more than cells.
    let before = &position_before(board, &p, &run, k);
    for set in sets {
        let union = set.cells.iter().fold(0u64, |m, &c| m | before.cand[c].0);
        assert_eq!(union.count_ones() as usize, set.cells.len() + 1);
        assert!(set.cells.iter().all(|&c| before.value[c] == 0));
        assert!(board
            .units
            .iter()
            .any(|u| set.cells.iter().all(|c| u.contains(c))));
    }
    // Every change of the step has its own chain, from the literal's negation to the
    // literal, and the reason says each one.
    let mut changes: Vec<((usize, u8), bool)> = step
        .placements
        .iter()
        .map(|&x| (x, true))
        .chain(step.eliminations.iter().map(|&x| (x, false)))
        .collect();
    let mut explained: Vec<((usize, u8), bool)> =
        forced.iter().map(|f| (f.candidate, f.placed)).collect();
    changes.sort_unstable();
    explained.sort_unstable();
    assert_eq!(explained, changes, "puzzle {line}: every change explained");
    let reason = render::reason(board, step);
    assert!(reason.contains("ALS A = "), "{reason}");
    assert!(reason.contains("→(A)"), "{reason}");
    for f in forced {
        let (first, last) = (f.chain.first().unwrap(), f.chain.last().unwrap());
        assert_eq!(first.from.cells, vec![f.candidate.0]);
        assert_eq!(last.to.cells, vec![f.candidate.0]);
        assert_eq!(
            (first.from.digit, last.to.digit),
            (f.candidate.1, f.candidate.1)
        );
        assert_eq!((first.from.holds, last.to.holds), (!f.placed, f.placed));
        assert!(f.chain.iter().all(|l| l.set.is_none_or(|k| k < sets.len())));
        let cell = board.cell_name(f.candidate.0);
        assert!(reason.contains(&format!("so {cell} ")), "{cell}: {reason}");
    }
    // The picture outlines the sets.
    let svg = picture::svg(board, before, k, step);
    assert!(svg.contains("class=\"als\""), "no set outlined");
    forced[0].sets_used()
}

#[test]
fn als_xz_is_the_first_rule_that_applies_on_magictour_3() {
    assert_eq!(first_als_step(3, "ALS-XZ"), 2);
}

#[test]
fn an_als_xy_wing_is_the_first_rule_that_applies_on_magictour_23() {
    assert_eq!(first_als_step(23, "ALS-XY-wing"), 3);
}

#[test]
fn an_als_chain_is_the_first_rule_that_applies_on_magictour_24() {
    // One set, and links through cells and a unit around it: a chain, not an XZ.
    assert_eq!(first_als_step(24, "ALS chain"), 1);
}

#[test]
fn a_death_blossom_is_the_first_rule_that_applies_on_magictour_229() {
    let p = magictour(229);
    let (mut solver, run) = sound_run(&p);
    let (k, step) = first_of(&run, "death blossom");
    let board = solver.board(&p.geometry);
    assert!(!step.eliminations.is_empty());
    assert_step_agrees(board, step, &dlx_solution(&p), "magictour 229");
    let Detail::DeathBlossom {
        stem,
        digit,
        petals,
        stem_has_digit,
    } = &step.detail
    else {
        panic!("not a death blossom: {step:?}");
    };
    let before = &position_before(board, &p, &run, k);
    // A stem of three or more digits, each with a petal whose cells holding that
    // digit all see the stem and that holds the digit removed.
    let stem_digits: Vec<u8> = before.cand[*stem].iter().collect();
    assert!(stem_digits.len() >= 3);
    assert_eq!(
        petals.len() + usize::from(*stem_has_digit),
        stem_digits.len()
    );
    for (d, set) in petals {
        assert!(stem_digits.contains(d));
        assert!(set.digits.contains(digit) && set.digits.contains(d));
        assert!(!set.cells.contains(stem));
        for &c in set.cells.iter().filter(|&&c| before.cand[c].contains(*d)) {
            assert!(board.sees(c, *stem));
        }
        let union = set.cells.iter().fold(0u64, |m, &c| m | before.cand[c].0);
        assert_eq!(union.count_ones() as usize, set.cells.len() + 1);
    }
    let reason = render::reason(board, step);
    assert!(
        reason.contains("stem r3c2 holds one of 1, 2, 3"),
        "{reason}"
    );
    let svg = picture::svg(board, before, k, step);
    assert!(svg.contains("class=\"als\""));
}

#[test]
fn a_template_chain_is_the_first_rule_that_applies_on_magictour_48() {
    let p = magictour(48);
    let (mut solver, run) = sound_run(&p);
    let (k, step) = first_of(&run, "template chains");
    let board = solver.board(&p.geometry);
    assert_eq!(render::name(board, step), "template chain");
    assert_step_agrees(board, step, &dlx_solution(&p), "magictour 48");
    let Detail::Als { forced, .. } = &step.detail else {
        panic!("not a chain step: {step:?}");
    };
    assert_eq!(
        forced.len(),
        step.placements.len() + step.eliminations.len(),
        "every change has its chain"
    );
    // Every template link holds in the position the step was found in: a weak one
    // (from "holds" to "does not") joins two candidates no valid placement of the
    // digit has together, a strong one two of which every placement has one.
    let before = &position_before(board, &p, &run, k);
    let mut links = 0;
    for f in forced {
        assert!(f.uses_templates(), "a chain the ALS rule would have found");
        for l in f.chain.iter().filter(|l| l.template) {
            let (a, b, d) = (l.from.cells[0], l.to.cells[0], l.from.digit);
            assert_eq!(d, l.to.digit);
            assert!(
                !board.peers[a].contains(&b),
                "template links join non-peers"
            );
            match (l.from.holds, l.to.holds) {
                (true, false) => assert!(!placeable(board, before, d, &[a, b], &[])),
                (false, true) => assert!(!placeable(board, before, d, &[], &[a, b])),
                other => panic!("a template link from {other:?}"),
            }
            links += 1;
        }
    }
    assert!(links > 0);
    let reason = render::reason(board, step);
    assert!(reason.contains("→(T)"), "{reason}");
    let svg = picture::svg(board, before, k, step);
    assert!(
        svg.contains("class=\"template\""),
        "no template link marked"
    );
}
