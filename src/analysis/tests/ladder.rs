//! The ladder: every step sound against known solutions (the 9x9 samples of
//! `tests/data/`, the unique large boards, small random boards against the brute force),
//! the position a stuck run keeps, the matching rule against r-reduction (Hall's
//! theorem), nishio against every valid placement, the edges graph steps record, and two
//! engines on one thread keeping their own work.

use super::support::*;
use crate::analysis::soundness;
use crate::backends::create;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, GraphKind};
use crate::backends::rules::engine::{Finish, Options};
use crate::backends::rules::present::svg as picture;
use crate::backends::rules::RulesSolver;
use crate::model::{Puzzle, Variant};
use crate::solver::{verify, SolveOptions, Verdict};
use std::time::Duration;

/// Runs the ladder with steps recorded and checks every step against `solution`.
fn assert_sound(solver: &mut RulesSolver, p: &Puzzle, solution: &[u8]) -> Finish {
    let run = solver.run(
        p,
        &Options {
            record: true,
            ..Options::default()
        },
    );
    let board = solver.board(&p.geometry);
    if let Err(e) = soundness::check(board, &run.steps, solution) {
        panic!("{}: unsound: {e}", p.display_name());
    }
    if run.finish == Finish::Solved {
        assert_eq!(run.solutions[0], solution, "{}", p.display_name());
    }
    run.finish
}

#[test]
fn every_step_is_sound_on_1100_benchmark_puzzles() {
    let mut puzzles = data_puzzles("17_clue.txt", 700);
    puzzles.extend(data_puzzles("magictour_top1465.txt", 300));
    puzzles.extend(data_puzzles("forum_hardest_1106.txt", 100));
    let mut solver = RulesSolver::new(false);
    let mut dlx = create("dlx").unwrap();
    let mut solved = 0;
    for p in &puzzles {
        let reference = dlx.solve(p, &SolveOptions::default());
        assert_eq!(reference.verdict, Verdict::Unique);
        if assert_sound(&mut solver, p, &reference.solutions[0]) == Finish::Solved {
            solved += 1;
        }
    }
    // The ladder does solve most of them (the figures are in docs/rules.md).
    assert!(solved > 700, "only {solved} solved");
}

#[test]
fn every_step_is_sound_on_the_unique_large_boards() {
    let mut dlx = create("dlx").unwrap();
    let mut solver = RulesSolver::new(false);
    let mut unique = [0usize; 2];
    for (k, side) in [16, 25].iter().enumerate() {
        for f in (50..=100).step_by(5) {
            for i in 0..5 {
                let p = data_matrix(&format!("inst{side}x{side}_{f}_{i}.txt"));
                let reference = dlx.solve(&p, &SolveOptions::new(2, Some(Duration::from_secs(5))));
                if reference.verdict == Verdict::Unique {
                    unique[k] += 1;
                    assert_sound(&mut solver, &p, &reference.solutions[0]);
                }
            }
        }
    }
    assert!(
        unique[0] >= 30 && unique[1] >= 25,
        "unique boards found: {unique:?}"
    );
}

#[test]
fn verdicts_match_the_brute_force_on_small_boards() {
    // 4x4, 6x6 (2x3 boxes) and X-Sudoku 4x4: one, several and no solutions.
    let mut ladder = create("rules").unwrap();
    let mut guess = create("rules:guess").unwrap();
    let mut seen = [0usize; 3];
    for seed in 1..=150u64 {
        for (br, bc, variant) in [
            (2, 2, Variant::Classic),
            (2, 3, Variant::Classic),
            (2, 2, Variant::X),
        ] {
            let keep = 25 + (seed as usize * 7) % 40;
            let p = random_puzzle(br, bc, variant, seed * 31 + br as u64, keep, seed % 3 == 0);
            let count = brute_force_count(&p, 2);
            seen[count] += 1;
            let out = guess.solve(&p, &SolveOptions::default());
            verify(&p, &out).unwrap();
            let expected = [Verdict::None, Verdict::Unique, Verdict::Multiple][count];
            assert_eq!(out.verdict, expected, "seed {seed} {br}x{bc} {variant:?}");
            let out = ladder.solve(&p, &SolveOptions::default());
            verify(&p, &out).unwrap();
            assert!(
                out.verdict == Verdict::Unknown || out.verdict == expected,
                "rules alone said {:?} for {count} solution(s), seed {seed}",
                out.verdict
            );
            if count == 1 {
                let solution = brute_solution(&p);
                assert_sound(&mut RulesSolver::new(false), &p, &solution);
            }
        }
    }
    assert!(seen.iter().all(|&k| k > 10), "cases: {seen:?}");
}

/// The one solution of a small puzzle, from `dlx` (checked unique by the caller).
fn brute_solution(p: &Puzzle) -> Vec<u8> {
    dlx_solution(p)
}

#[test]
fn a_stuck_ladder_says_unknown_and_keeps_the_grid_it_reached() {
    let p = &data_puzzles("forum_hardest_1106.txt", 1)[0];
    let mut solver = RulesSolver::new(false);
    let run = solver.run(p, &Options::default());
    assert_eq!(run.finish, Finish::Stuck);
    assert!(run.solutions.is_empty());
    // The partial grid keeps the givens and adds only digits of the solution.
    let solution = dlx_solution(p);
    let open = run.partial.iter().filter(|&&v| v == 0).count();
    assert!(open > 0 && open < p.cells.iter().filter(|&&v| v == 0).count() + 1);
    for (c, &v) in run.partial.iter().enumerate() {
        assert!(v == 0 || v == solution[c]);
        assert!(p.cells[c] == 0 || p.cells[c] == v);
    }
    let out = create("rules").unwrap().solve(p, &SolveOptions::default());
    assert_eq!(out.verdict, Verdict::Unknown);
}

#[test]
fn unit_matching_removes_exactly_what_some_r_reduction_removes() {
    // Hall's theorem: an edge of a unit's cell-digit graph lies in no perfect matching
    // iff some r-reduction of the unit removes it. Positions: magictour puzzles with
    // wrong candidates removed at random (so every position has a solution).
    use crate::backends::rules::engine::board::Board;
    use crate::backends::rules::engine::state::State;
    use crate::backends::rules::families::subsets::smallest_in_unit;
    use crate::graph::matching::unmatchable;
    let mut rng = Rng(7);
    let mut fired = 0;
    for p in data_puzzles("magictour_top1465.txt", 60) {
        let solution = dlx_solution(&p);
        let board = Board::new(&p.geometry);
        let mut s = State::new(&board, &p);
        for round in 0..6 {
            for _ in 0..round * 25 {
                let c = rng.below(81);
                let d = rng.below(9) as u8 + 1;
                if solution[c] != d {
                    s.eliminate(&board, c, d);
                }
            }
            for u in 0..board.unit_count() {
                let rows: Vec<u64> = board.units[u]
                    .iter()
                    .filter(|&&c| s.value[c] == 0)
                    .map(|&c| s.cand[c].0)
                    .collect();
                let (_, _, dead) = unmatchable(&rows[..]).expect("a solvable position");
                let by_matching: u64 = dead.iter().map(|d| u64::from(d.count_ones())).sum();
                let step = smallest_in_unit(&board, &s, u, true);
                assert_eq!(
                    by_matching > 0,
                    step.is_some(),
                    "unit {u}: {rows:?} {dead:?} {step:?}"
                );
                if let Some(step) = step {
                    fired += 1;
                    assert!(step.eliminations.len() as u64 <= by_matching);
                    for &(c, d) in &step.eliminations {
                        assert_ne!(solution[c], d);
                    }
                }
            }
        }
    }
    assert!(fired > 50, "only {fired} positions with a subset");
}

#[test]
fn nishio_keeps_exactly_the_cells_of_valid_placements() {
    // Brute force: every valid placement of one digit on a 9x9 board (one cell per row,
    // column and box; 46,656 of them), against the layered-graph method on random sets.
    use crate::backends::rules::engine::board::Board;
    use crate::backends::rules::families::nishio::used_cells;
    let p = &data_puzzles("17_clue.txt", 1)[0];
    let board = Board::new(&p.geometry);
    let mut placements: Vec<[usize; 9]> = Vec::new();
    let mut cols = [0usize; 9];
    fn extend(k: usize, cols: &mut [usize; 9], used: u32, out: &mut Vec<[usize; 9]>) {
        // cols[r] = the column of row r.
        if k == 9 {
            let boxes = (0..9).fold(0u32, |m, r| m | 1 << (r / 3 * 3 + cols[r] / 3));
            if boxes == 0x1ff {
                out.push(*cols);
            }
            return;
        }
        for c in 0..9 {
            if used >> c & 1 == 0 {
                cols[k] = c;
                extend(k + 1, cols, used | 1 << c, out);
            }
        }
    }
    extend(0, &mut cols, 0, &mut placements);
    assert_eq!(placements.len(), 46_656);
    let mut rng = Rng(11);
    for trial in 0..300 {
        // allowed[c] = rows where the digit may go in column c; dense enough to matter.
        let keep = 40 + trial % 50;
        let allowed: Vec<u64> = (0..9)
            .map(|_| {
                (0..9).fold(
                    0u64,
                    |m, r| if rng.below(100) < keep { m | 1 << r } else { m },
                )
            })
            .collect();
        let mut used = [0u64; 9];
        let mut count = 0u64;
        for pl in &placements {
            if (0..9).all(|r| allowed[pl[r]] >> r & 1 == 1) {
                count += 1;
                for r in 0..9 {
                    used[pl[r]] |= 1 << r;
                }
            }
        }
        match used_cells(&board, &allowed, None).expect("no deadline") {
            None => assert_eq!(count, 0, "trial {trial}"),
            Some((u, n)) => {
                assert_eq!((u.as_slice(), n), (&used[..], count), "trial {trial}");
            }
        }
    }
}

#[test]
fn x_sudoku_and_rectangular_boxes_agree_with_dlx_and_stay_sound() {
    // 9x9 X-Sudoku (diagonals cross boxes: locked candidates use them), 8x8 (2x4) and
    // 12x12 (3x4) boxes (nishio's bands and stacks differ in size there).
    let mut dlx = create("dlx").unwrap();
    let mut guess = create("rules:guess").unwrap();
    let mut ladder = RulesSolver::new(false);
    let mut unique = 0;
    for seed in 1..=40u64 {
        for (br, bc, variant, keep) in [
            (3, 3, Variant::X, 30),
            (2, 4, Variant::Classic, 45),
            (3, 4, Variant::Classic, 55),
        ] {
            let p = random_puzzle(br, bc, variant, seed * 101 + bc as u64, keep, false);
            let reference = dlx.solve(&p, &SolveOptions::default());
            let out = guess.solve(&p, &SolveOptions::default());
            verify(&p, &out).unwrap();
            assert_eq!(out.verdict, reference.verdict, "seed {seed} {br}x{bc}");
            if reference.verdict == Verdict::Unique {
                unique += 1;
                assert_sound(&mut ladder, &p, &reference.solutions[0]);
            }
        }
    }
    assert!(unique >= 20, "only {unique} unique puzzles");
}

/// Whether `a` and `b` (different cells) are the only places of `d` in a unit they share.
fn bilocal(board: &Board, s: &State, a: usize, b: usize, d: u8) -> bool {
    board.cell_units[a].iter().any(|&(u, _)| {
        board.units[u].contains(&b)
            && board.units[u]
                .iter()
                .filter(|&&c| s.value[c] == 0 && s.cand[c].contains(d))
                .count()
                == 2
            && !board.units[u].iter().any(|&c| s.value[c] == d)
    })
}

#[test]
fn graph_steps_carry_real_edges_and_uniqueness_steps_say_so() {
    // Magictour puzzles need the graph rules and 2-SAT; every link a step records must
    // be an edge of its graph in the position the step was found in.
    let puzzles = data_puzzles("magictour_top1465.txt", 150);
    let mut solver = RulesSolver::new(false);
    let mut seen = std::collections::BTreeMap::new();
    for assume_unique in [false, true] {
        for p in &puzzles {
            let solution = dlx_solution(p);
            let run = solver.run(
                p,
                &Options {
                    record: true,
                    assume_unique,
                    ..Options::default()
                },
            );
            let board = solver.board(&p.geometry);
            if let Err(e) = soundness::check(board, &run.steps, &solution) {
                panic!("{} (assume_unique {assume_unique}): {e}", p.display_name());
            }
            let states = picture::states_before(board, &State::new(board, p), &run.steps);
            for (step, s) in run.steps.iter().zip(&states) {
                assert_eq!(
                    step.assumes_unique(),
                    matches!(step.detail, Detail::Unique { .. })
                );
                assert!(assume_unique || !step.assumes_unique());
                *seen.entry(step.rule_name()).or_insert(0) += 1;
                let graph = match step.detail {
                    Detail::Graph { graph, .. } => Some(graph),
                    Detail::TwoSat { .. } => None,
                    _ => continue,
                };
                assert!(!step.links.is_empty(), "{}: {:?}", step.rule_name(), step);
                for l in &step.links {
                    assert!(s.cand[l.from.0].contains(l.from.1) && s.cand[l.to.0].contains(l.to.1));
                    match graph {
                        Some(GraphKind::Bilocation) => {
                            assert_eq!(l.from.1, l.to.1);
                            assert!(bilocal(board, s, l.from.0, l.to.0, l.from.1), "{l:?}");
                        }
                        Some(GraphKind::Bivalue) => {
                            assert_eq!(l.from.1, l.to.1);
                            assert!(board.sees(l.from.0, l.to.0));
                            assert_eq!(s.cand[l.from.0].len(), 2);
                            assert_eq!(s.cand[l.to.0].len(), 2);
                        }
                        None => {
                            // A 2-SAT chain: consecutive links join.
                        }
                    }
                }
                if let Detail::TwoSat { forced } = &step.detail {
                    // Each literal's chain joins up and ends at the literal.
                    for f in forced {
                        for w in f.chain.windows(2) {
                            assert_eq!((w[0].to, w[0].if_to), (w[1].from, w[1].if_from));
                        }
                        let last = f.chain.last().unwrap();
                        assert_eq!((last.to, last.if_to), (f.candidate, f.placed));
                    }
                }
            }
        }
    }
    for rule in [
        "repetitive cycle",
        "nonrepetitive path",
        "conflicting paths",
        "2-SAT",
        "unique rectangle",
    ] {
        assert!(seen.get(rule).is_some_and(|&k| k > 0), "{rule}: {seen:?}");
    }
}

#[test]
fn two_engines_on_one_thread_keep_their_own_graphs() {
    // Puzzles that need the graph rules: each engine builds the graphs of every
    // position it reads, whatever another engine on the thread read before it, so a
    // run's work is the same alone, after a run of the same puzzle, or interleaved.
    let puzzles = data_puzzles("magictour_top1465.txt", 20);
    let opts = Options::default();
    let alone: Vec<_> = puzzles
        .iter()
        .map(|p| RulesSolver::new(false).run(p, &opts).stats)
        .collect();
    assert!(alone.iter().any(|s| s.graph_builds > 0));
    let (mut first, mut second) = (RulesSolver::new(false), RulesSolver::new(false));
    for (p, expected) in puzzles.iter().zip(&alone) {
        let a = first.run(p, &opts).stats;
        let b = second.run(p, &opts).stats;
        let again = first.run(p, &opts).stats;
        assert_eq!(&a, expected, "{}", p.display_name());
        assert_eq!(&b, expected, "{}", p.display_name());
        assert_eq!(&again, expected, "{}", p.display_name());
    }
}
