//! The optional IP engines (`ip:highs` with cargo feature `highs`, `ip:cbc` with `cbc`)
//! against dlx and brute force on the repository's puzzles, and each engine's own time
//! limit held in this process (no worker to kill it). Built only with either feature
//! (`main.rs` gates the module).

use crate::common::*;
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudoku_arena::backends::{create, lookup};
use sudoku_arena::model::{Geometry, Puzzle, Variant};
use sudoku_arena::solver::{verify, Outcome, SolveOptions, Verdict};

/// An engine built in, and what its configuration says of it.
struct Engine {
    /// The registry's name for it.
    spec: &'static str,
    /// Whether its runs read the engine's node count: CBC's is not read (the safe
    /// `coin_cbc` API has no getter for it), so its runs carry `nodes_unreported`.
    reports_nodes: bool,
    /// Whether every solve goes to a worker process, deadline or not: libcbc solves
    /// behind a lock of the whole process.
    own_process: bool,
}

/// The engines built in.
fn engines() -> Vec<Engine> {
    vec![
        #[cfg(feature = "highs")]
        Engine {
            spec: "ip:highs",
            reports_nodes: true,
            own_process: false,
        },
        #[cfg(feature = "cbc")]
        Engine {
            spec: "ip:cbc",
            reports_nodes: false,
            own_process: true,
        },
    ]
}

fn solve(spec: &str, p: &Puzzle, max: usize) -> Outcome {
    let mut solver = create(spec).unwrap();
    let out = solver.solve(p, &SolveOptions::new(max, None));
    verify(p, &out).unwrap_or_else(|e| panic!("{spec} on {}: {e}", p.display_name()));
    assert_eq!(out.failure, None, "{spec} on {}", p.display_name());
    out
}

/// The puzzles of an example file (one a line, `#` comments and trailing notes dropped).
fn example(file: &str) -> Vec<Puzzle> {
    let path = format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| puzzle(l.split_whitespace().next().unwrap(), Variant::Classic))
        .collect()
}

#[test]
fn unique_puzzles_match_dlx_and_report_effort() {
    for Engine {
        spec,
        reports_nodes,
        ..
    } in engines()
    {
        let mut iterations = 0;
        let mut nodes = 0;
        // The first three hard puzzles: CBC takes seconds on each on a busy machine.
        let hard = example("hard.txt");
        for p in example("easy.txt").iter().chain(&hard[..3]) {
            let out = solve(spec, p, 2);
            let dlx = solve("dlx", p, 2);
            assert_eq!(out.verdict, Verdict::Unique, "{spec} {}", p.display_name());
            assert_eq!(out.solutions, dlx.solutions, "{spec} {}", p.display_name());
            assert_eq!(out.stats.extra["cuts"], 1.0);
            iterations += out.stats.propagations;
            nodes += out.stats.nodes;
            let unreported = out.stats.extra.contains_key("nodes_unreported");
            assert_eq!(unreported, !reports_nodes, "{spec}");
        }
        assert!(iterations > 0, "{spec} reported no LP iterations");
        if reports_nodes {
            // The hard puzzles need branch and bound; HiGHS counts at least its root.
            assert!(nodes > 0, "{spec} reported no nodes");
        } else {
            assert_eq!(nodes, 0, "{spec}");
        }
    }
}

#[test]
fn a_full_grid_is_unique() {
    // No variable is left: the no-good cut has no variable and reads 0 <= -1, so the one
    // grid is the only one (an engine handed the empty program again would repeat it).
    let full = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let p = puzzle(full, Variant::Classic);
    for Engine { spec, .. } in engines() {
        let out = solve(spec, &p, 2);
        assert_eq!(out.verdict, Verdict::Unique, "{spec}");
        assert_eq!(out.solutions_found, 1, "{spec}");
    }
}

#[test]
fn several_and_no_solution_puzzles_match_dlx() {
    let sixteen = example("16x16.txt");
    for Engine { spec, .. } in engines() {
        for p in example("several.txt") {
            let out = solve(spec, &p, 2);
            assert_eq!(out.verdict, Verdict::Multiple, "{spec}");
            assert_eq!(out.solutions.len(), 2);
            assert_ne!(out.solutions[0], out.solutions[1]);
            assert_eq!(out.stats.extra["cuts"], 2.0);
        }
        for p in example("none.txt") {
            assert_eq!(solve(spec, &p, 2).verdict, Verdict::None, "{spec}");
        }
        // Presolve alone sees two 1s in a row; the LP sees the next one.
        let geometry = Geometry::new(3, 3, Variant::Classic).unwrap();
        let mut cells = vec![0; 81];
        cells[0] = 1;
        cells[1] = 1;
        let clash = Puzzle::new(Arc::new(geometry), cells);
        assert_eq!(solve(spec, &clash, 2).verdict, Verdict::None, "{spec}");
        let p = infeasible_past_presolve();
        assert_eq!(solve("dlx", &p, 2).verdict, Verdict::None);
        assert_eq!(solve(spec, &p, 2).verdict, Verdict::None, "{spec}");
        for p in &sixteen {
            let dlx = solve("dlx", p, 2);
            let out = solve(spec, p, 2);
            assert_eq!(out.verdict, dlx.verdict, "{spec} 16x16");
            if dlx.verdict == Verdict::Unique {
                assert_eq!(out.solutions, dlx.solutions, "{spec} 16x16");
            }
        }
    }
}

#[test]
fn counts_on_small_grids_match_brute_force() {
    // Every solution costs an LP and a 0-1 solve or two, so the counts stay small.
    let mut cases = vec![puzzle(&".".repeat(16), Variant::X)];
    for seed in 0..12 {
        let variant = if seed % 3 == 0 {
            Variant::X
        } else {
            Variant::Classic
        };
        cases.push(random_puzzle(
            2,
            2,
            variant,
            seed,
            10 + seed as usize * 5,
            seed % 4 == 1,
        ));
    }
    cases.push(random_puzzle(2, 3, Variant::Classic, 7, 55, false));
    for Engine { spec, .. } in engines() {
        for (k, p) in cases.iter().enumerate() {
            let expected = brute_force_count(p, 400) as u64;
            let out = solve(spec, p, 400);
            assert_eq!(out.solutions_found, expected, "{spec}, case {k}");
            assert!(!out.timed_out);
        }
    }
    // The empty X 4x4 has 48 grids.
    assert_eq!(brute_force_count(&cases[0], 400), 48);
}

#[test]
fn each_engine_holds_its_own_time_limit_in_process() {
    // Counting every solution of an empty 16x16 grid (more than 10^90 of them): no machine
    // finishes. Not the empty 25x25: CBC's preprocessing of that model reads no clock
    // and alone outlasts the budget many times over, which a worker process bounds
    // through the registry but not here. The solver is
    // the configuration's engine as a worker runs it (its `make`), not what `create`
    // builds, so no worker process stops it: only the engine's own time limit can.
    let budget = Duration::from_millis(500);
    // CBC's preprocessing reads no clock: up to one and a half of the tests' slacks late.
    let slack = crate::common::slack() * 3 / 2;
    let p = empty_puzzle(4, 4);
    for Engine { spec, .. } in engines() {
        let mut solver = (lookup(spec).unwrap().0.make)(None).unwrap();
        let start = Instant::now();
        let out = solver.solve(&p, &SolveOptions::new(usize::MAX, Some(budget)));
        let took = start.elapsed();
        verify(&p, &out).unwrap();
        assert_eq!(out.failure, None, "{spec}");
        assert!(
            out.timed_out,
            "{spec} counted every solution of an empty 16x16"
        );
        assert!(
            took < budget + slack,
            "{spec} took {took:?} on a {budget:?} budget"
        );
    }
}

#[test]
fn cbc_solves_in_a_process_of_its_own_even_without_a_deadline() {
    // libcbc solves behind a lock of the whole process: two compare threads sharing one
    // would wait for each other inside their timed solves. Through the registry every
    // `ip:cbc` solve goes to a worker, whose pipe is transport; HiGHS, which honours its
    // own time limit and is thread-safe, solves in this process when there is no deadline.
    let p = &example("easy.txt")[0];
    for Engine {
        spec, own_process, ..
    } in engines()
    {
        let out = solve(spec, p, 2);
        let in_worker = out.transport_ms > 0.0;
        assert_eq!(in_worker, own_process, "{spec}: {out:?}");
    }
}
