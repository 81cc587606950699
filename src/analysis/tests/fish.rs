//! Finned fish in the `rules` ladder: a fish's clause (a victim holding the digit puts
//! it in a fin) joins the 2-SAT instance. On magictour's puzzle 67 of
//! `tests/data/magictour_top1465.txt` (magictour's top 1465, first 500 lines; source in
//! `tests/data/SOURCES.md`) the fish rule is the first that applies at some step, and
//! every step of the run agrees with the solution `dlx` finds; on a hand-made grid
//! the textbook finned X-wing is the step, named so; and every fish's clause holds in
//! every solution of small random puzzles, found by brute force.

use super::support::*;
use crate::analysis::soundness;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::Detail;
use crate::backends::rules::engine::{self, Options};
use crate::backends::rules::families::fish::{self, Shape};
use crate::backends::rules::present::{svg as picture, text as render};
use crate::backends::rules::RulesSolver;
use crate::model::{Puzzle, Variant};

#[test]
fn a_fish_chain_is_the_first_rule_that_applies_on_magictour_67() {
    let p = data_puzzles("magictour_top1465.txt", 67).remove(66);
    let mut solver = RulesSolver::new(false);
    let run = solver.run(
        &p,
        &Options {
            record: true,
            ..Options::default()
        },
    );
    let solution = dlx_solution(&p);
    let board = solver.board(&p.geometry);
    soundness::check(board, &run.steps, &solution).expect("every step agrees");
    let k = run
        .steps
        .iter()
        .position(|s| s.rule_name() == "finned fish")
        .expect("a step of the fish rule");
    let step = &run.steps[k];
    assert_step_agrees(board, step, &solution, "magictour 67");
    assert_eq!(render::name(board, step), "fish chain");
    let Detail::Als { sets, fish, forced } = &step.detail else {
        panic!("not a chain step: {step:?}");
    };
    assert!(sets.is_empty(), "the fish rule reasons with no set");
    // Every change has its chain, every chain uses a fish, and each fish is one: its
    // bases' places lie in its covers but for the fins, all in one box.
    assert_eq!(
        forced.len(),
        step.placements.len() + step.eliminations.len()
    );
    assert!(forced.iter().all(|f| f.uses_fish()));
    let before = &picture::states_before(board, &State::new(board, &p), &run.steps[..=k])[k];
    for f in fish {
        assert_eq!(f.bases.len(), f.covers.len());
        let in_unit = |u: usize, c: usize| board.units[u].contains(&c);
        for &b in &f.bases {
            for &c in &board.units[b] {
                if before.value[c] == 0 && before.cand[c].contains(f.digit) {
                    let covered = f.covers.iter().any(|&u| in_unit(u, c));
                    assert!(covered || f.fins.contains(&c), "{c} in base {b}");
                }
            }
        }
        assert!(board
            .units
            .iter()
            .enumerate()
            .any(
                |(u, cells)| board.geometry.units[u].kind == crate::model::UnitKind::Box
                    && f.fins.iter().all(|c| cells.contains(c))
            ));
    }
    let reason = render::reason(board, step);
    assert!(
        reason.contains(
            "fish 1 = 8 in row 1, row 3, row 8 inside column 2, column 3, column 7, fins r3c5"
        ),
        "{reason}"
    );
    assert!(reason.contains("→(fish 1)"), "{reason}");
    let svg = picture::svg(board, before, k + 1, step);
    assert!(svg.contains("class=\"fish\"") && svg.contains("class=\"fin\""));
    assert!(svg.contains("class=\"fish-link\""));
}

#[test]
fn the_textbook_finned_x_wing_is_named_so() {
    // An empty 9×9 grid where 4 goes in row 1 only at c2 and c8, and in row 5 only at
    // c2, c8 and c9 (the fin): r4c8 and r6c8 see the fin and lose their 4. The fish
    // rule runs on the position as it is (no rule before it applies to 4 there: no
    // unit is down to one place, and 2-SAT forces nothing on the open grid).
    let p = puzzle(&".".repeat(81), Variant::Classic);
    let board = Board::new(&p.geometry);
    let mut s = State::new(&board, &p);
    for (row, keep) in [(0usize, &[1usize, 7][..]), (4, &[1, 7, 8][..])] {
        for c in (0..9).filter(|c| !keep.contains(c)) {
            s.eliminate(&board, row * 9 + c, 4);
        }
    }
    let index = engine::rule_index("finned fish").expect("the rule is in the ladder");
    let step = engine::find(index, &board, &s, &mut engine::Scratch::default())
        .expect("the finned X-wing");
    assert_eq!(
        render::name(&board, &step),
        "finned X-wing",
        "{}",
        render::reason(&board, &step)
    );
    let mut removed = step.eliminations.clone();
    removed.sort_unstable();
    assert_eq!(removed, vec![(3 * 9 + 7, 4), (5 * 9 + 7, 4)]);
    let reason = render::reason(&board, &step);
    assert!(
        reason.contains("fish 1 = 4 in row 1, row 5 inside column 2, column 8, fins r5c9"),
        "{reason}"
    );
}

#[test]
fn every_fish_clause_holds_in_every_solution_of_small_random_puzzles() {
    // 4×4 and 6×6 puzzles (both box shapes), classic and X, some with many
    // solutions: for each fish of each shape in the givens' position, and each of its
    // victims, the solutions with the victim holding the digit are exactly those with
    // it and a fin holding it (the fins lie in one box, so at most one does).
    let mut clauses = [0usize; 3];
    for (box_rows, box_cols, variant) in [
        (2, 2, Variant::Classic),
        (2, 3, Variant::Classic),
        (3, 2, Variant::X),
        (2, 2, Variant::X),
    ] {
        for seed in 0..60u64 {
            let p = random_puzzle(box_rows, box_cols, variant, seed, 40, false);
            let board = Board::new(&p.geometry);
            let s = State::new(&board, &p);
            for (k, shape) in [Shape::Lines, Shape::Franken, Shape::Mutant]
                .into_iter()
                .enumerate()
            {
                for f in fish::in_position(&board, &s, shape).iter().take(8) {
                    for v in (0..128).filter(|&c| f.victims >> c & 1 == 1).take(2) {
                        let with = |cells: &[usize]| {
                            let mut given = p.cells.clone();
                            for &c in cells {
                                given[c] = f.digit;
                            }
                            brute_force_count(&Puzzle::new(p.geometry.clone(), given), 100_000)
                        };
                        let total = with(&[v]);
                        let by_fins: usize = (0..128)
                            .filter(|&c| f.fins >> c & 1 == 1)
                            .map(|fin| with(&[v, fin]))
                            .sum();
                        assert_eq!(total, by_fins, "seed {seed} {shape:?} {f:?} victim {v}");
                        clauses[k] += 1;
                    }
                }
            }
        }
    }
    assert!(clauses.iter().all(|&n| n >= 100), "{clauses:?}");
}
