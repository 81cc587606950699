//! The ant-colony backend (`aco`): its answers pass the validator, a seed fixes the
//! run, it never claims a proof, it stops at its deadline or its iteration cap, and its
//! configuration names round-trip.
//!
//! Runs without a deadline stop at the iteration cap, which counts iterations, not time:
//! their results are the same on every machine, so the tests that need a solution use
//! them and nothing here depends on speed.

use crate::common::cli::{err, out, run_no_stdin};
use crate::common::*;
use proptest::prelude::*;
use std::time::{Duration, Instant};
use sudoku_arena::backends::{canonical, create, lookup, BACKENDS};
use sudoku_arena::model::{parse_puzzles, ParseOptions, Puzzle, Variant};
use sudoku_arena::solver::{verify, Outcome, SolveOptions, Verdict};

const NAMED: [&str; 16] = [
    "aiescargot",
    "coly013",
    "goldennugget",
    "platinumblond",
    "reddwarf",
    "tarx0134",
    "sabuncu1",
    "sabuncu2",
    "sabuncu3",
    "sabuncu4",
    "sabuncu5",
    "sabuncu6",
    "sabuncu7",
    "sabuncu8",
    "sabuncu9",
    "sabuncu10",
];

fn named(name: &str) -> Puzzle {
    let path = format!("{}/tests/data/named/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_puzzles(&text, &path, &ParseOptions::default())
        .unwrap()
        .remove(0)
}

/// Solves with `spec`, no deadline (the iteration cap stops it), and checks the answer.
fn solve(spec: &str, p: &Puzzle, max_solutions: usize) -> Outcome {
    let out = create(spec)
        .unwrap()
        .solve(p, &SolveOptions::new(max_solutions, None));
    verify(p, &out).unwrap_or_else(|e| panic!("{spec}: {e}"));
    // Givens that repeat a digit are `none` for every backend, decided before it is asked.
    let allowed: &[Verdict] = if p.conflicting_givens().is_some() {
        &[Verdict::None]
    } else {
        &[Verdict::Solved, Verdict::Unknown]
    };
    assert!(
        allowed.contains(&out.verdict),
        "{spec} claimed {:?}",
        out.verdict
    );
    out
}

/// A 9x9 (`side` 9) or larger puzzle with no solution that singles cannot see: row 1
/// holds 1 .. N-3, and the last cell of row 2 holds N, in the box of row 1's three
/// blanks. The blanks keep N-2, N-1 as candidates, none is ever empty after
/// propagation, but no value N fits in row 1. Every ant fails on it, so no machine can
/// finish it: a colony must run until its deadline or cap.
fn no_solution_singles_cannot_see(side: usize) -> Puzzle {
    let mut cells = vec!["0".to_string(); side * side];
    for (c, cell) in cells.iter_mut().take(side - 3).enumerate() {
        *cell = (c + 1).to_string();
    }
    cells[2 * side - 1] = side.to_string();
    puzzle(&cells.join(" "), Variant::Classic)
}

#[test]
fn it_solves_every_named_puzzle_of_the_paper_with_a_valid_grid() {
    for name in NAMED {
        let p = named(name);
        let out = solve("aco", &p, 2);
        assert_eq!(out.verdict, Verdict::Solved, "{name}");
        assert!(!out.timed_out);
    }
    // And the embedded 16x16 and an easy 9x9, through the same checks.
    for text in [
        include_str!("../../examples/16x16.txt"),
        include_str!("../../examples/easy.txt"),
    ] {
        for p in parse_puzzles(text, "example", &ParseOptions::default()).unwrap() {
            assert_eq!(solve("aco", &p, 2).verdict, Verdict::Solved);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_run_and_another_seed_another() {
    let p = named("platinumblond");
    let a = solve("aco:seed=5", &p, 1);
    let b = solve("aco:seed=5", &p, 1);
    assert_eq!(a.solutions, b.solutions);
    assert_eq!(
        (a.stats.nodes, a.stats.backtracks, a.stats.propagations),
        (b.stats.nodes, b.stats.backtracks, b.stats.propagations)
    );
    assert_eq!(a.stats.extra, b.stats.extra);
    assert!(a.stats.extra["iterations"] >= 1.0);
    // One solver reused across puzzles starts every solve from its seed.
    let mut solver = create("aco:seed=5").unwrap();
    solver.solve(&named("aiescargot"), &SolveOptions::new(1, None));
    let again = solver.solve(&p, &SolveOptions::new(1, None));
    assert_eq!(again.stats.nodes, a.stats.nodes);
    // Different seeds take different paths (on a puzzle that needs hundreds of choices).
    let nodes: std::collections::BTreeSet<u64> = (1..=4)
        .map(|s| solve(&format!("aco:seed={s}"), &p, 1).stats.nodes)
        .collect();
    assert!(nodes.len() > 1, "{nodes:?}");
}

#[test]
fn it_never_claims_uniqueness_a_count_or_none() {
    let info = BACKENDS.iter().find(|b| b.name == "aco").unwrap();
    assert!(!info.proves_uniqueness && !info.counts);
    assert!(lookup("aco").unwrap().0.partial && lookup("aco:no-bve").unwrap().0.partial);
    // sabuncu3 has 27 solutions, aiescargot one: both are just `solved`, whatever is asked.
    for name in ["sabuncu3", "aiescargot"] {
        for limit in [1, 2, usize::MAX] {
            let out = solve("aco", &named(name), limit);
            assert_eq!(out.verdict, Verdict::Solved, "{name} {limit}");
            assert_eq!(out.solutions_found, 1);
        }
    }
    // A contradiction propagation finds in the givens is still only `unknown`.
    let p = puzzle(
        "532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        Variant::Classic,
    );
    let out = solve("aco", &p, 2);
    assert_eq!(out.verdict, Verdict::Unknown);
    assert_eq!(out.stats.extra.get("contradiction"), Some(&1.0));
}

#[test]
fn a_puzzle_no_ant_can_finish_runs_out_of_its_budget_and_answers_unknown() {
    for side in [9, 25, 64] {
        let p = no_solution_singles_cannot_see(side);
        // It really has no solution: dlx proves it.
        let proof = create("dlx")
            .unwrap()
            .solve(&p, &SolveOptions::new(1, None));
        assert_eq!(proof.verdict, Verdict::None, "{side}");
        let budget = Duration::from_secs(1);
        let began = Instant::now();
        // An iteration cap no machine reaches in the budget: only the deadline stops it.
        let out = create("aco:iters=18446744073709551615")
            .unwrap()
            .solve(&p, &SolveOptions::new(2, Some(budget)));
        let took = began.elapsed();
        verify(&p, &out).unwrap();
        assert_eq!(out.verdict, Verdict::Unknown, "{side}");
        assert!(out.timed_out, "{side}: stopped without the deadline");
        assert!(!out.stats.extra.contains_key("contradiction"));
        // Liveness, not speed: it comes back soon after the deadline.
        eprintln!("aco on the {side}x{side} puzzle with no solution: 1 s budget, took {took:?}");
        assert!(took < budget + slack(), "{side}: {took:?}");
    }
}

#[test]
fn without_a_deadline_the_iteration_cap_stops_it() {
    let p = no_solution_singles_cannot_see(9);
    let out = solve("aco:iters=40", &p, 2);
    assert_eq!(out.verdict, Verdict::Unknown);
    assert!(!out.timed_out);
    assert_eq!(out.stats.extra["iterations"], 40.0);
    assert_eq!(out.stats.extra["iteration_cap_reached"], 1.0);
}

#[test]
fn configuration_names_round_trip_through_canonical() {
    for (given, expected) in [
        ("aco", "aco"),
        ("aco:bve", "aco"),
        ("aco:", "aco"),
        ("aco:no-bve", "aco:no-bve"),
        (
            "aco:ants=20,q0=0.8,rho=0.9,bve=0.005,seed=7",
            "aco:ants=20+q0=0.8+seed=7",
        ),
        ("aco:seed=7+no-bve+ants=20", "aco:ants=20+no-bve+seed=7"),
        ("aco:bve=0.01", "aco:bve=0.01"),
    ] {
        let c = canonical(given).unwrap();
        assert_eq!(c, expected, "{given}");
        assert_eq!(canonical(&c).unwrap(), c);
    }
    for (bad, says) in [
        ("aco:fast", "unknown parameter 'fast'"),
        ("aco:q0=2", "q0=2 is out of range"),
        ("aco:ants=x", "ants=x is not a valid number"),
        ("aco:no-bve+bve=0.1", "a second time"),
    ] {
        let e = canonical(bad).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

#[test]
fn the_cli_builds_aco_from_flags_and_count_refuses_it() {
    let o = run_no_stdin(&[
        "solve",
        "--ants",
        "5",
        "--seed",
        "3",
        "--no-bve",
        "--format",
        "json",
        "examples/easy.txt",
    ]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains(r#""backend":"aco:ants=5+no-bve+seed=3""#));
    assert!(out(&o).contains(r#""verdict":"solved""#));
    let o = run_no_stdin(&["solve", "-b", "dlx", "--q0", "0.5", "examples/easy.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("do not apply to backend 'dlx'"));
    let o = run_no_stdin(&[
        "solve",
        "--encoding",
        "naive",
        "--seed",
        "2",
        "examples/easy.txt",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = run_no_stdin(&["count", "-b", "aco", "examples/easy.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("backend 'aco' cannot count solutions"),
        "{}",
        err(&o)
    );
    assert!(o.stdout.is_empty());
}

/// On a random small puzzle: whatever it returns passes the validator, and a puzzle
/// with no solution is never `solved`.
fn check_small(box_rows: usize, box_cols: usize, seed: u64, keep: usize, corrupt: bool) {
    let p = random_puzzle(box_rows, box_cols, Variant::Classic, seed, keep, corrupt);
    let out = solve(&format!("aco:iters=200+seed={}", seed % 1000), &p, 2);
    if brute_force_count(&p, 1) == 0 && p.conflicting_givens().is_none() {
        assert_eq!(out.verdict, Verdict::Unknown);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn its_answers_pass_the_validator_on_4x4(seed: u64, keep in 0usize..90, corrupt: bool) {
        check_small(2, 2, seed, keep, corrupt);
    }

    #[test]
    fn its_answers_pass_the_validator_on_6x6(seed: u64, keep in 20usize..90, corrupt: bool) {
        check_small(2, 3, seed, keep, corrupt);
    }
}
