//! The families for the forum's hardest puzzles, which no basic pattern touches after
//! their singles: the junior exocet (the ladder's last rule) and the multi-sector
//! locked set (tried past the ladder's end). Each is the first deduction beyond
//! singles on a puzzle of `tests/data/forum_hardest_1106.txt` (the forum's
//! HardestDatabase110626; source in `tests/data/SOURCES.md`), agrees with the solution
//! `dlx` finds, holds the facts its argument rests on, and shows its pattern.

use super::support::*;
use crate::analysis::soundness;
use crate::analysis::stuck::{self, reached};
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, Exocet, House, Step};
use crate::backends::rules::engine::{Finish, Options, Run};
use crate::backends::rules::families::{msls, weights};
use crate::backends::rules::present::{svg as picture, text as render};
use crate::backends::rules::RulesSolver;
use crate::model::{Puzzle, Variant};
use crate::solver::{SolveOptions, Verdict};

/// The forum-hardest puzzle on line `line` (from 1) of the test copy.
fn forum(line: usize) -> Puzzle {
    data_puzzles("forum_hardest_1106.txt", line).remove(line - 1)
}

/// The ladder's run with steps recorded, checked step by step against the solution.
fn sound_run(solver: &mut RulesSolver, p: &Puzzle) -> Run {
    let run = solver.run(
        p,
        &Options {
            record: true,
            ..Options::default()
        },
    );
    let board = solver.board(&p.geometry);
    if let Err(e) = soundness::check(board, &run.steps, &dlx_solution(p)) {
        panic!("{}: unsound: {e}", p.display_name());
    }
    run
}

/// The first step above level 0, with its number (from 1).
fn first_beyond_singles(run: &Run) -> Option<(usize, &Step)> {
    run.steps
        .iter()
        .enumerate()
        .find(|(_, s)| s.level().is_some_and(|l| l > 0))
        .map(|(k, s)| (k + 1, s))
}

/// Whether cell `c` can hold digit `d` in `s` (a candidate, or placed there).
fn can_hold(s: &State, c: usize, d: u8) -> bool {
    s.value[c] == d || (s.value[c] == 0 && s.cand[c].iter().any(|x| x == d))
}

#[test]
fn a_junior_exocet_is_the_first_step_beyond_singles_of_forum_puzzle_4() {
    let p = forum(4);
    let mut solver = RulesSolver::new(false);
    let run = sound_run(&mut solver, &p);
    let (k, step) = first_beyond_singles(&run).expect("a step beyond singles");
    let board = solver.board(&p.geometry);
    assert_eq!(render::name(board, step), "junior exocet", "step {k}");
    assert_eq!(step.rule_name(), "exocet");
    assert_eq!(step.level(), Some(8));
    let solution = dlx_solution(&p);
    assert!(!step.eliminations.is_empty());
    assert_step_agrees(board, step, &solution, "forum 4");
    let Detail::Exocet { patterns } = &step.detail else {
        panic!("not an exocet: {step:?}");
    };
    assert_eq!(patterns.len(), 1, "one exocet in this position");
    let Exocet {
        base,
        digits,
        targets,
        companions,
        cross_lines,
        outside,
        covers,
        mirrors,
        eliminations,
    } = &patterns[0];
    assert_eq!(eliminations, &step.eliminations);
    assert!(
        mirrors.is_empty(),
        "the exocet's own argument makes this step"
    );
    assert_eq!(cross_lines, &step.units);
    // The facts the argument rests on, in the position the step was found in.
    let s = picture::states_before(board, &State::new(board, &p), &run.steps[..k]).remove(k - 1);
    let (row, col, bx) = (
        |c: usize| c / 9,
        |c: usize| c % 9,
        |c: usize| c / 27 * 3 + c % 9 / 3,
    );
    let along_rows = row(base[0]) == row(base[1]);
    let line = |c: usize| if along_rows { row(c) } else { col(c) };
    let band = |c: usize| line(c) / 3;
    assert!(bx(base[0]) == bx(base[1]) && (along_rows || col(base[0]) == col(base[1])));
    let base_digits: Vec<u8> = (1..=9)
        .filter(|&d| base.iter().any(|&c| can_hold(&s, c, d)))
        .collect();
    assert_eq!(step.digits, base_digits);
    assert_eq!(digits, &base_digits);
    assert!((2..=4).contains(&base_digits.len()));
    for (&t, &m) in targets.iter().zip(companions) {
        assert_eq!(band(t), band(base[0]));
        assert!(line(t) != line(base[0]) && bx(t) != bx(base[0]));
        assert!(line(m) != line(base[0]) && line(m) != line(t));
        let across = |c: usize| if along_rows { col(c) } else { row(c) };
        assert_eq!(
            across(m),
            across(t),
            "a companion shares its target's cross-line"
        );
        assert!(
            base_digits.iter().all(|&d| !can_hold(&s, m, d)),
            "companion"
        );
    }
    assert_ne!(bx(targets[0]), bx(targets[1]));
    assert_eq!(outside.len(), 18);
    assert!(outside.iter().all(|&c| band(c) != band(base[0])));
    // Per base digit, every cross-line cell outside the band that can hold it lies
    // in one of at most two houses.
    assert_eq!(covers.len(), base_digits.len());
    for (d, houses) in covers {
        assert!(houses.len() <= 2);
        for &c in outside.iter().filter(|&&c| can_hold(&s, c, *d)) {
            assert!(
                houses.iter().any(|&u| board.units[u].contains(&c)),
                "{d} in {}",
                board.cell_name(c)
            );
        }
    }
    // The targets take exactly the base cells' two digits in the solution.
    let mut in_base: Vec<u8> = base.iter().map(|&c| solution[c]).collect();
    let mut in_targets: Vec<u8> = targets.iter().map(|&c| solution[c]).collect();
    in_base.sort_unstable();
    in_targets.sort_unstable();
    assert_eq!(in_base, in_targets);
    let reason = render::reason(board, step);
    assert!(
        reason.contains("base cells") && reason.contains("companions"),
        "{reason}"
    );
    assert!(reason.contains("the targets take exactly"), "{reason}");
    let svg = picture::svg(board, &s, k, step);
    for (class, count) in [("base", 2), ("target", 2), ("companion", 2), ("cross", 18)] {
        assert_eq!(
            svg.matches(&format!("class=\"{class}\"")).count(),
            count,
            "{class}"
        );
    }
    assert!(svg.contains("orange outline: a target"));
}

#[test]
fn a_target_keeps_only_digits_its_mirror_can_take_on_forum_puzzle_105() {
    // The exocet's own argument removes nothing here: base and targets hold the same
    // four digits. The mirror removes the first deduction beyond singles.
    let p = forum(105);
    let mut solver = RulesSolver::new(false);
    let run = sound_run(&mut solver, &p);
    let board = solver.board(&p.geometry);
    let (k, step) = first_beyond_singles(&run).expect("a step beyond singles");
    assert_eq!(step.rule_name(), "exocet", "step {k}");
    let solution = dlx_solution(&p);
    assert_step_agrees(board, step, &solution, "forum 105");
    let Detail::Exocet { patterns } = &step.detail else {
        panic!("not an exocet: {step:?}");
    };
    let s = picture::states_before(board, &State::new(board, &p), &run.steps[..k]).remove(k - 1);
    let (row, col, bx) = (
        |c: usize| c / 9,
        |c: usize| c % 9,
        |c: usize| c / 27 * 3 + c % 9 / 3,
    );
    let mut from_mirrors = 0;
    for x in patterns {
        let along_rows = row(x.base[0]) == row(x.base[1]);
        let line = |c: usize| if along_rows { row(c) } else { col(c) };
        let across = |c: usize| if along_rows { col(c) } else { row(c) };
        for (t, mirror) in &x.mirrors {
            let other = *x.targets.iter().find(|&o| o != t).expect("two targets");
            // The mirror: two cells of the other target's box, in the band's line that
            // holds neither the base nor this target, outside the other's cross-line.
            assert_eq!(mirror.len(), 2);
            for &m in mirror {
                assert_eq!(bx(m), bx(other));
                assert!(line(m) != line(x.base[0]) && line(m) != line(*t));
                assert_ne!(across(m), across(other));
            }
            // The target's digit is in its mirror in the solution.
            assert!(mirror.iter().any(|&m| solution[m] == solution[*t]));
            // Every base digit the target loses is one its mirror cannot take.
            for &(_, d) in x.eliminations.iter().filter(|&&(c, _)| c == *t) {
                if x.digits.contains(&d) {
                    assert!(mirror.iter().all(|&m| !can_hold(&s, m, d)));
                    from_mirrors += 1;
                }
            }
        }
    }
    assert!(from_mirrors > 0, "a mirror removes a base digit");
    let reason = render::reason(board, step);
    assert!(reason.contains("mirror"), "{reason}");
    let mirror_cells: usize = patterns.iter().map(|x| 2 * x.mirrors.len()).sum();
    let svg = picture::svg(board, &s, k, step);
    assert_eq!(svg.matches("class=\"mirror\"").count(), mirror_cells);
    assert!(svg.contains("violet dashes: a target's mirror"));
}

#[test]
fn one_step_holds_every_exocet_of_its_position() {
    // Forum puzzle 161: after its singles and a pointing pair, two junior exocets
    // with different bases each remove something; the step takes both.
    let p = forum(161);
    let mut solver = RulesSolver::new(false);
    let run = sound_run(&mut solver, &p);
    let board = solver.board(&p.geometry);
    let step = run
        .steps
        .iter()
        .find(|s| s.rule_name() == "exocet")
        .expect("an exocet step");
    let solution = dlx_solution(&p);
    assert_step_agrees(board, step, &solution, "forum 161");
    let Detail::Exocet { patterns } = &step.detail else {
        panic!("not an exocet: {step:?}");
    };
    assert_eq!(patterns.len(), 2, "{patterns:?}");
    // Each holds on its own: it removes no digit of the solution.
    for x in patterns {
        assert!(
            x.eliminations.iter().all(|&(c, d)| solution[c] != d),
            "{x:?}"
        );
    }
    // Each removes something the one before it does not; together, the step's.
    assert!(patterns[1]
        .eliminations
        .iter()
        .any(|e| !patterns[0].eliminations.contains(e)));
    let mut all: Vec<(usize, u8)> = patterns
        .iter()
        .flat_map(|x| x.eliminations.iter().copied())
        .collect();
    let mut removed = step.eliminations.clone();
    all.sort_unstable();
    all.dedup();
    removed.sort_unstable();
    assert_eq!(all, removed);
    // Both show: in words, one argument each, and in the picture, both bases.
    let reason = render::reason(board, step);
    assert_eq!(reason.matches("(one box, one line)").count(), 2, "{reason}");
    let k = run
        .steps
        .iter()
        .position(|s| std::ptr::eq(s, step))
        .expect("the step is in the run")
        + 1;
    let s = picture::states_before(board, &State::new(board, &p), &run.steps[..k]).remove(k - 1);
    let svg = picture::svg(board, &s, k, step);
    assert_eq!(svg.matches("class=\"base\"").count(), 4);
    assert_eq!(svg.matches("class=\"target\"").count(), 4);
}

#[test]
fn every_exocet_step_on_the_forum_set_agrees_with_the_solution() {
    let mut solver = RulesSolver::new(false);
    let (mut puzzles, mut steps, mut first) = (0, 0, 0);
    for p in data_puzzles("forum_hardest_1106.txt", 375).iter().take(120) {
        let run = sound_run(&mut solver, p);
        let n = run
            .steps
            .iter()
            .filter(|s| s.rule_name() == "exocet")
            .count();
        puzzles += usize::from(n > 0);
        steps += n;
        if first_beyond_singles(&run).is_some_and(|(_, s)| s.rule_name() == "exocet") {
            first += 1;
        }
    }
    // The bounds leave room below what this build counts, for changes of the ladder
    // below the exocet, never for none.
    assert!(
        puzzles >= 40 && steps >= puzzles && first >= 20,
        "{puzzles} {steps} {first}"
    );
}

/// Checks that forum puzzle `line` gets no step beyond singles from the ladder and a
/// multi-sector locked set in the position it stops at, sound and holding the facts
/// its argument rests on; returns how many of its houses are boxes.
fn first_deduction_is_a_locked_set(line: usize) -> usize {
    let p = forum(line);
    let mut solver = RulesSolver::new(false);
    let run = sound_run(&mut solver, &p);
    assert!(
        first_beyond_singles(&run).is_none(),
        "the ladder has a step"
    );
    let board = solver.board(&p.geometry);
    let s = reached(board, &p, &run.steps);
    let step = msls::find(board, &s).expect("a multi-sector locked set");
    assert_eq!(render::name(board, &step), "multi-sector locked set");
    let solution = dlx_solution(&p);
    assert!(!step.eliminations.is_empty());
    assert_step_agrees(board, &step, &solution, &format!("forum {line}"));
    let Detail::Msls { covers } = &step.detail else {
        panic!("not a multi-sector locked set: {step:?}");
    };
    // The cells: every open cell where the rows cross the columns.
    let rows: Vec<usize> = step.units.iter().copied().filter(|&u| u < 9).collect();
    let cols: Vec<usize> = step
        .units
        .iter()
        .filter(|&&u| u >= 9)
        .map(|u| u - 9)
        .collect();
    assert!(rows.len() >= 2 && cols.len() >= 2);
    let expected: Vec<usize> = rows
        .iter()
        .flat_map(|&r| cols.iter().map(move |&c| r * 9 + c))
        .filter(|&c| s.value[c] == 0)
        .collect();
    assert_eq!(step.cells, expected);
    // Each digit's houses cover its candidates in the cells, and the houses add up to
    // the cells; in the solution each house holds its digit inside them.
    let total: usize = covers.iter().map(|(_, houses)| houses.len()).sum();
    assert_eq!(total, step.cells.len());
    for (d, houses) in covers {
        for &c in step.cells.iter().filter(|&&c| can_hold(&s, c, *d)) {
            assert!(houses.iter().any(|&u| board.units[u].contains(&c)));
        }
        for &u in houses {
            let at = board.units[u].iter().find(|&&c| solution[c] == *d).unwrap();
            assert!(step.cells.contains(at), "{d} of {}", board.unit_name(u));
        }
    }
    let reason = render::reason(board, &step);
    assert!(
        reason.contains(&format!("these add up to {}", step.cells.len())),
        "{reason}"
    );
    covers
        .iter()
        .flat_map(|(_, houses)| houses)
        .filter(|&&u| u >= 18)
        .count()
}

#[test]
fn a_multi_sector_locked_set_of_lines_gives_forum_puzzle_1_its_first_deduction() {
    assert_eq!(first_deduction_is_a_locked_set(1), 0);
}

#[test]
fn a_multi_sector_locked_set_with_a_box_gives_forum_puzzle_13_its_first_deduction() {
    assert_eq!(first_deduction_is_a_locked_set(13), 1);
}

/// A family past the ladder's end: its search on a position.
type Family = fn(&Board, &State) -> Option<Step>;

/// How many of the first `count` forum-hardest puzzles get a step from `find` where
/// the ladder stops; each step's removals are checked against the solution.
fn past_the_ladder_agrees(find: Family, count: usize) -> usize {
    let mut solver = RulesSolver::new(false);
    let mut found = 0;
    for p in &data_puzzles("forum_hardest_1106.txt", count) {
        let run = sound_run(&mut solver, p);
        let board = solver.board(&p.geometry);
        let s = reached(board, p, &run.steps);
        if let Some(step) = find(board, &s) {
            found += 1;
            assert_step_agrees(board, &step, &dlx_solution(p), &p.display_name());
        }
    }
    found
}

/// How many of 600 random small puzzles (4×4 and 6×6, classic and X, maybe with
/// many solutions) get a step from `find` in their givens' position; every candidate
/// it removes is in no solution (the brute force finds none with it placed).
fn removes_no_value_of_any_solution(find: Family) -> usize {
    let mut found = 0;
    for (box_rows, box_cols, variant) in [
        (2, 2, Variant::Classic),
        (2, 3, Variant::Classic),
        (2, 2, Variant::X),
        (2, 3, Variant::X),
    ] {
        for seed in 0..150u64 {
            let p = random_puzzle(box_rows, box_cols, variant, seed, 35, false);
            let mut solver = RulesSolver::new(false);
            let board = solver.board(&p.geometry);
            let s = State::new(board, &p);
            let Some(step) = find(board, &s) else {
                continue;
            };
            found += 1;
            for &(c, d) in &step.eliminations {
                let mut cells = p.cells.clone();
                cells[c] = d;
                let with = Puzzle::new(p.geometry.clone(), cells);
                assert_eq!(
                    brute_force_count(&with, 1),
                    0,
                    "seed {seed}: {d} in cell {c}"
                );
            }
        }
    }
    found
}

#[test]
fn every_locked_set_past_the_ladder_on_the_first_forum_puzzles_agrees_with_the_solution() {
    // The bound leaves room below what this build finds, never for none.
    let found = past_the_ladder_agrees(msls::find, 40);
    assert!(found >= 5, "{found}");
}

#[test]
fn on_small_boards_a_locked_set_removes_no_value_of_any_solution() {
    // Most of the 600 have a locked set in their givens' position; the bound leaves
    // room below what this build finds.
    let found = removes_no_value_of_any_solution(msls::find);
    assert!(found >= 200, "{found}");
}

#[test]
fn every_weighted_count_past_the_ladder_on_the_first_forum_puzzles_agrees_with_the_solution() {
    // The bound leaves room below what this build finds, never for none.
    let found = past_the_ladder_agrees(weights::find, 20);
    assert!(found >= 10, "{found}");
}

#[test]
fn on_small_boards_a_weighted_house_count_removes_no_value_of_any_solution() {
    // Most of the 600 give a step in their givens' position; the bound leaves room
    // below what this build finds.
    let found = removes_no_value_of_any_solution(weights::find);
    assert!(found >= 200, "{found}");
}

/// The first deduction of forum-hardest puzzle `line` past the ladder (which has
/// none beyond singles) is a weighted house count that agrees with the solution; each
/// candidate of the position is weighed again here from the step's houses and facts.
/// Returns how many exocet facts the step counts.
fn first_deduction_is_a_weighted_count(line: usize) -> usize {
    let p = forum(line);
    let mut solver = RulesSolver::new(false);
    let run = sound_run(&mut solver, &p);
    assert!(
        first_beyond_singles(&run).is_none(),
        "the ladder has a step"
    );
    let board = solver.board(&p.geometry);
    let s = reached(board, &p, &run.steps);
    let step = stuck::past_the_ladder(board, &s, None, false).expect("a step past the ladder");
    assert_eq!(render::name(board, &step), "weighted house count");
    assert!(!step.eliminations.is_empty());
    let solution = dlx_solution(&p);
    assert_step_agrees(board, &step, &solution, &format!("forum {line}"));
    let Detail::HouseWeights {
        weights,
        facts,
        total,
    } = &step.detail
    else {
        panic!("not a weighted house count: {step:?}");
    };
    assert_eq!(*total, weights.iter().map(|&(_, w)| w).sum::<i64>());
    // Every fact holds in the solution: a balance's sum is 0, a mirror's 0 or more,
    // and a mirror's multiplier is at most 0.
    for (fact, m) in facts {
        assert_ne!(*m, 0);
        let (terms, equal) = fact.terms();
        let sum: i64 = terms
            .iter()
            .filter(|&&((c, d), _)| solution[c] == d)
            .map(|&(_, k)| k)
            .sum();
        if equal {
            assert_eq!(sum, 0, "{fact:?}");
        } else {
            assert!(sum >= 0 && *m < 0, "{fact:?} ×{m}");
        }
    }
    // Every candidate of the position, weighed from the houses it lies in and the
    // facts it is in: none below 0, the removed ones (and only they) above the total.
    let weight = |c: usize, d: u8| -> i64 {
        let houses: i64 = weights
            .iter()
            .filter(|&&(h, _)| match h {
                House::Cell(x) => x == c,
                House::Digit { unit, digit } => digit == d && board.units[unit].contains(&c),
            })
            .map(|&(_, w)| w)
            .sum();
        let counted: i64 = facts
            .iter()
            .flat_map(|(f, m)| f.terms().0.into_iter().map(move |(lit, k)| (lit, k * m)))
            .filter(|&(lit, _)| lit == (c, d))
            .map(|(_, x)| x)
            .sum();
        houses + counted
    };
    let mut above = Vec::new();
    for c in (0..81).filter(|&c| s.value[c] == 0) {
        for d in s.cand[c].iter() {
            let w = weight(c, d);
            assert!(w >= 0, "{}={d} weighs {w}", board.cell_name(c));
            if w > *total {
                above.push((c, d));
            }
        }
    }
    assert_eq!(above, step.eliminations);
    // Only houses of the position: open cells, digits not placed in their unit.
    for &(h, w) in weights {
        assert_ne!(w, 0);
        match h {
            House::Cell(c) => assert_eq!(s.value[c], 0),
            House::Digit { unit, digit } => {
                assert!(board.units[unit].iter().all(|&c| s.value[c] != digit));
            }
        }
    }
    let reason = render::reason(board, &step);
    let (c, d) = step.eliminations[0];
    assert!(
        reason.contains(&format!(
            "{}={d} weighs {}",
            board.cell_name(c),
            weight(c, d)
        )),
        "{reason}"
    );
    assert_eq!(
        reason.contains("count too: "),
        !facts.is_empty(),
        "{reason}"
    );
    facts.len()
}

#[test]
fn a_weighted_house_count_gives_forum_puzzle_5_its_first_deduction() {
    // No rule of the ladder, no tridagon, aligned exclusion or multi-sector locked
    // set applies after its singles; weights on its houses prove a candidate false.
    assert_eq!(first_deduction_is_a_weighted_count(5), 0);
}

#[test]
fn a_weighted_count_with_an_exocet_s_facts_gives_forum_puzzle_74_its_first_deduction() {
    // Its junior exocet removes nothing by itself, and houses alone prove nothing;
    // counted with the exocet's balance of base and target digits and a target's
    // mirror, they do.
    assert!(first_deduction_is_a_weighted_count(74) > 0);
}

#[test]
fn an_exocet_is_found_along_columns_too() {
    // Forum puzzle 4 turned about its main diagonal: the same exocet, read down columns.
    let p = forum(4);
    let text: String = (0..81)
        .map(|k| {
            let v = p.cells[k % 9 * 9 + k / 9];
            if v == 0 {
                '.'
            } else {
                char::from(b'0' + v)
            }
        })
        .collect();
    let turned = puzzle(&text, Variant::Classic);
    let mut solver = RulesSolver::new(false);
    let run = sound_run(&mut solver, &turned);
    let (_, step) = first_beyond_singles(&run).expect("a step beyond singles");
    assert_eq!(step.rule_name(), "exocet");
    let Detail::Exocet { patterns } = &step.detail else {
        panic!("not an exocet: {step:?}");
    };
    let base = &patterns[0].base;
    assert_eq!(base[0] % 9, base[1] % 9, "the base cells share a column");
}

#[test]
fn the_weighted_count_joins_the_ladder_only_when_asked_for() {
    // Magictour line 1: the ladder sticks; with the weighted house count it solves it.
    let p = data_puzzles("magictour_top1465.txt", 1).remove(0);
    let mut solver = RulesSolver::new(false);
    let record = |costly| Options {
        record: true,
        costly,
        ..Options::default()
    };
    let plain = solver.run(&p, &record(false));
    assert_eq!(plain.finish, Finish::Stuck);
    assert!(plain
        .steps
        .iter()
        .all(|s| s.rule_name() != "weighted house count"));
    let weighed = solver.run(&p, &record(true));
    assert_eq!(weighed.finish, Finish::Solved);
    let board = solver.board(&p.geometry);
    let solution = dlx_solution(&p);
    if let Err(e) = soundness::check(board, &weighed.steps, &solution) {
        panic!("unsound: {e}");
    }
    let used: Vec<&Step> = weighed
        .steps
        .iter()
        .filter(|s| s.rule_name() == "weighted house count")
        .collect();
    assert!(!used.is_empty());
    assert!(used.iter().all(|s| s.level() == Some(8)));
    assert!(used
        .iter()
        .all(|s| matches!(s.detail, Detail::HouseWeights { .. })));
    // Through the registry: `rules:ladder+weights` proves the puzzle unique with the
    // solution `dlx` finds; `rules:ladder` does not know.
    let solve = |name: &str| {
        crate::backends::create(name)
            .unwrap()
            .solve(&p, &SolveOptions::new(2, None))
    };
    let o = solve("rules:ladder+weights");
    assert_eq!(o.verdict, Verdict::Unique);
    assert_eq!(o.solutions, vec![solution]);
    assert_eq!(solve("rules:ladder").verdict, Verdict::Unknown);
}

#[test]
fn the_exotic_families_leave_other_boards_alone() {
    let p = puzzle(&".".repeat(256), Variant::Classic);
    let mut solver = RulesSolver::new(false);
    let board = solver.board(&p.geometry);
    let s = State::new(board, &p);
    assert!(crate::backends::rules::families::exocet::find(board, &s).is_none());
    assert!(msls::find(board, &s).is_none());
}
