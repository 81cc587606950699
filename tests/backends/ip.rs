//! The integer-programming backend against dlx and the validator: a sample of the
//! sets, several-solution and no-solution puzzles, counting, and random small puzzles.
//! That presolve passes the puzzle only the LP proves infeasible is a unit test beside
//! the engine (`src/backends/ip/tests.rs`); the LP and MPS exports solved by CBC and GLPK
//! are tested with the other external programs, in `tests/external/exports.rs`.

use crate::common::*;
use proptest::prelude::*;
use sudoku_arena::backends::create;
use sudoku_arena::model::{Puzzle, Variant};
use sudoku_arena::solver::{verify, Outcome, SolveOptions, Verdict};

fn solve(spec: &str, p: &Puzzle, max: usize) -> Outcome {
    let mut solver = create(spec).unwrap();
    let out = solver.solve(p, &SolveOptions::new(max, None));
    verify(p, &out).unwrap_or_else(|e| panic!("{spec} on {}: {e}", p.display_name()));
    out
}

fn dlx_count(p: &Puzzle, max: usize) -> (Verdict, u64) {
    let out = solve("dlx", p, max);
    (out.verdict, out.solutions_found)
}

#[test]
fn sample_of_hardest_and_17_clue_is_unique_and_matches_dlx() {
    let mut puzzles = data_puzzles("forum_hardest_1106.txt", 20);
    puzzles.extend(data_puzzles("17_clue.txt", 15));
    assert_eq!(puzzles.len(), 35);
    let mut integral = 0;
    for p in &puzzles {
        let out = solve("ip", p, 2);
        let dlx = solve("dlx", p, 2);
        assert_eq!(out.verdict, Verdict::Unique, "{}", p.display_name());
        assert_eq!(out.verdict, dlx.verdict);
        assert_eq!(out.solutions, dlx.solutions, "{}", p.display_name());
        let s = &out.stats;
        assert!(s.variables < s.extra["variables_before"] as u64);
        assert!(s.constraints < s.extra["constraints_before"] as u64);
        assert!(s.nonzeros < s.extra["nonzeros_before"] as u64);
        assert_eq!(s.extra["variables_before"], 729.0);
        assert!(s.encode_ms > 0.0 && s.solve_ms > 0.0);
        // One no-good cut per solution; the last 0-1 solve proves it infeasible.
        assert_eq!(s.extra["cuts"], 1.0);
        integral += s.extra["root_lp_integral"] as usize;
    }
    // Reported, not asserted: how often the root LP is already the answer.
    eprintln!("root LP integral on {integral} of {}", puzzles.len());
}

#[test]
fn microlp_direct_and_full_model_agree_with_dlx() {
    let puzzles = data_puzzles("forum_hardest_1106.txt", 5);
    for (k, p) in puzzles.iter().enumerate() {
        let dlx = solve("dlx", p, 2);
        // The full model is the slow one (no presolve): two puzzles are enough.
        let specs: &[&str] = if k < 2 {
            &["ip:microlp-direct", "ip:full"]
        } else {
            &["ip:microlp-direct"]
        };
        for &spec in specs {
            let out = solve(spec, p, 2);
            assert_eq!(out.verdict, Verdict::Unique, "{spec} {}", p.display_name());
            assert_eq!(out.solutions, dlx.solutions);
            if spec == "ip:full" {
                assert_eq!(out.stats.variables, 729);
                assert_eq!(out.stats.extra["variables_before"], 729.0);
            }
        }
    }
    assert!(create("ip:nonsense").is_err());
}

#[test]
fn serg_puzzles_have_several_solutions_and_counting_matches_dlx() {
    for p in data_puzzles("serg_benchmark.txt", 4) {
        let out = solve("ip", &p, 2);
        assert_eq!(out.verdict, Verdict::Multiple, "{}", p.display_name());
        assert_eq!(out.solutions.len(), 2);
        assert_eq!(out.stats.extra["cuts"], 2.0);
    }
    // Counting to a limit: the second serg puzzle has 83 solutions.
    let p = &data_puzzles("serg_benchmark.txt", 2)[1];
    let out = solve("ip:microlp-direct", p, 12);
    assert_eq!((out.verdict, out.solutions_found), (Verdict::Multiple, 12));
    // Counting all: sabuncu3 has 27 solutions.
    let path = format!(
        "{}/tests/data/named/sabuncu3.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let p = puzzle(&std::fs::read_to_string(path).unwrap(), Variant::Classic);
    let out = solve("ip", &p, usize::MAX);
    assert_eq!(out.solutions_found, 27);
    assert_eq!(out.verdict, Verdict::Multiple);
    assert_eq!(dlx_count(&p, usize::MAX).1, 27);
}

#[test]
fn no_solution_puzzles_are_proven_infeasible() {
    // r1c9 has no value left: presolve sees it.
    let clash = no_value_left_puzzle();
    let out = solve("ip", &clash, 2);
    assert_eq!(out.verdict, Verdict::None);
    assert_eq!(out.stats.extra["presolve_infeasible"], 1.0);
    // r1c8 and r1c9 can only be 9, yet presolve passes it (tested beside the model):
    // the LP relaxation proves it infeasible.
    let p = infeasible_past_presolve();
    assert_eq!(dlx_count(&p, 2).0, Verdict::None);
    for spec in ["ip", "ip:microlp-direct", "ip:full"] {
        let out = solve(spec, &p, 2);
        assert_eq!(out.verdict, Verdict::None, "{spec}");
        assert!(!out.stats.extra.contains_key("presolve_infeasible"));
    }
}

#[test]
fn variants_and_rectangular_boxes_come_from_the_unit_list() {
    // The empty X 4x4 has 48 grids; counting them all proves the diagonals are rows.
    let x = puzzle(&".".repeat(16), Variant::X);
    assert_eq!(
        solve("ip:microlp-direct", &x, usize::MAX).solutions_found,
        48
    );
    let six = random_puzzle(2, 3, Variant::Classic, 7, 40, false);
    let (verdict, _) = dlx_count(&six, 2);
    assert_eq!(solve("ip", &six, 2).verdict, verdict);
}

fn random_case() -> impl Strategy<Value = (u64, usize, bool, bool)> {
    (any::<u64>(), 0usize..70, any::<bool>(), any::<bool>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn random_4x4_puzzles_match_dlx((seed, keep, x, corrupt) in random_case()) {
        let variant = if x { Variant::X } else { Variant::Classic };
        let p = random_puzzle(2, 2, variant, seed, keep, corrupt);
        let (verdict, _) = dlx_count(&p, 2);
        prop_assert_eq!(solve("ip", &p, 2).verdict, verdict);
        prop_assert_eq!(solve("ip:microlp-direct", &p, 2).verdict, verdict);
        prop_assert_eq!(
            solve("ip", &p, 5).solutions_found.min(5),
            brute_force_count(&p, 5) as u64
        );
    }
}
