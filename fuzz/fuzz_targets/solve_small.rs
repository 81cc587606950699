//! Small puzzles (4x4, 6x6 with 2x3 or 3x2 boxes, 9x9 with few givens or from a solved
//! grid; classic or X) fed to every built-in in-process backend configuration, each
//! answer checked against an independent brute force and the validator.
//!
//! Checks: `verify` passes (valid, distinct solutions, verdict consistent with them); a
//! decided verdict is the brute force's (0 → none, 1 → unique, ≥2 → multiple); `unknown`
//! only from `rules:ladder`, a backend that does not prove uniqueness, or a solve its
//! budget stopped (10 s; 50 ms for the latter), `solved` only from those; no failure; counting every solution of a 4x4 gives the exact count;
//! every cell the rule ladder fills when stuck holds that value in every solution found.
#![no_main]

use fuzz_support::{brute_force, small_case};
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::time::Duration;
use sudoku_arena::backends::{backend_info, Runs, CONFIGURATIONS};
use sudoku_arena::solver::{verify, SolveOptions, Solver, Verdict};

/// One configuration under test.
struct Entry {
    name: String,
    proves_uniqueness: bool,
    /// Only run on sides up to this (the ip models are slow beyond 4x4).
    max_side: usize,
    /// Whether to ask it for every solution in counting cases (ip re-solves once per
    /// solution, seconds for a 4x4 with a hundred: it is asked for two instead).
    counts_all: bool,
    solver: Box<dyn Solver>,
}

/// Every built-in configuration, built in this process (not through the worker that
/// `create` uses for sat and ip), external solvers left out.
fn entries() -> Vec<Entry> {
    let mut all = Vec::new();
    for config in CONFIGURATIONS {
        if matches!(config.runs, Runs::Program { .. }) || config.available().is_err() {
            continue; // an external solver, or a configuration behind a cargo feature
        }
        let Ok(solver) = (config.make)(None) else {
            continue;
        };
        let backend = config.backend();
        all.push(Entry {
            name: solver.name(),
            proves_uniqueness: backend_info(backend).is_some_and(|b| b.proves_uniqueness),
            max_side: if backend == "ip" { 4 } else { 64 },
            counts_all: backend != "ip",
            solver,
        });
    }
    all
}

thread_local! {
    static ENTRIES: RefCell<Vec<Entry>> = RefCell::new(entries());
}

fuzz_target!(|data: &[u8]| {
    let Some(case) = small_case(data) else {
        return;
    };
    let p = &case.puzzle;
    let (limit, max_solutions) = if case.count_all {
        (100_000, usize::MAX)
    } else {
        (2, 2)
    };
    let times = std::env::var_os("FUZZ_TIMES").is_some();
    if times {
        let line = sudoku_arena::model::to_line(&p.geometry, &p.cells);
        eprintln!("{} {line}", p.geometry.describe());
    }
    let brute = brute_force(p, limit, 64);
    if !brute.finished {
        return; // too hard for the brute force: nothing to check against
    }
    let expected = match brute.count {
        0 => Verdict::None,
        1 => Verdict::Unique,
        _ => Verdict::Multiple,
    };
    ENTRIES.with(|entries| {
        for e in entries.borrow_mut().iter_mut() {
            if p.n() > e.max_side {
                continue;
            }
            // A backend without proofs (aco) searches a puzzle with no solution until
            // its iteration cap, 40 s here: a short budget, as
            // tests/backends/crosscheck.rs gives it.
            // The others get 10 s: csp:naive (forward checking) needs more than 60 s to
            // prove that some nearly empty 9x9 X puzzles have no solution, and libFuzzer
            // then ends the whole run. Slow is not wrong: a deadline's `unknown` passes.
            let budget = Some(if e.proves_uniqueness {
                Duration::from_secs(10)
            } else {
                Duration::from_millis(50)
            });
            let counting = case.count_all && e.counts_all;
            let opts = SolveOptions::new(if counting { max_solutions } else { 2 }, budget);
            let start = std::time::Instant::now();
            let out = e.solver.solve(p, &opts);
            if times {
                eprintln!("{}: {:?} {}", e.name, start.elapsed(), out.verdict.name());
            }
            let name = &e.name;
            if let Err(err) = verify(p, &out) {
                panic!("{name}: {err} ({:?})", out.verdict);
            }
            assert!(out.failure.is_none(), "{name} failed: {:?}", out.failure);
            match out.verdict {
                v if v.is_decided() => {
                    assert_eq!(v, expected, "{name}: brute force counts {}", brute.count)
                }
                Verdict::Unknown => assert!(
                    name == "rules:ladder" || !e.proves_uniqueness || out.timed_out,
                    "{name} answered unknown (brute force counts {})",
                    brute.count
                ),
                _ => assert!(
                    !e.proves_uniqueness || out.timed_out,
                    "{name} answered solved (brute force counts {})",
                    brute.count
                ),
            }
            if counting && out.verdict.is_decided() {
                assert_eq!(out.solutions_found as usize, brute.count, "{name} counted");
            }
            if let Some(partial) = &out.partial {
                for s in &brute.solutions {
                    for (i, (&v, &sv)) in partial.iter().zip(s).enumerate() {
                        assert!(
                            v == 0 || v == sv,
                            "{name} filled cell {i} with {v}, a solution has {sv}"
                        );
                    }
                }
            }
        }
    });
});
