//! The `sat` backend's deadline: varisat cannot be interrupted, so a solve with a
//! deadline runs in a child process killed at the deadline. A 1 s timeout on a grid that
//! takes the naive encoding about 15 s answers `unknown` at the deadline and leaves
//! nothing running. One test function, alone in its own binary, so the process-wide
//! checks see only this test.

mod common;
#[path = "common/processes.rs"]
mod processes;

use common::*;
use processes::{assert_cli_timeout_answers_unknown, assert_nothing_running};
use std::time::{Duration, Instant};
use sudoku_arena::backends::sat::encode::Encoding;
use sudoku_arena::backends::sat::SatSolver;
use sudoku_arena::solver::{verify, SolveOptions, Solver, Verdict};

const EXE: &str = env!("CARGO_BIN_EXE_sudoku-arena");

#[test]
fn a_one_second_timeout_answers_unknown_at_the_deadline_and_leaves_nothing_running() {
    // 25x25 with 40% given: the naive encoding needs ~15 s on this machine.
    let hard = shared_matrix("inst25x25_40_0.txt");
    let mut solver = SatSolver::with_worker(Encoding::Naive, EXE);
    let start = Instant::now();
    let out = solver.solve(&hard, &SolveOptions::new(2, Some(Duration::from_secs(1))));
    let took = start.elapsed();
    verify(&hard, &out).unwrap();
    assert_eq!((out.verdict, out.timed_out), (Verdict::Unknown, true));
    assert_eq!(out.stats.extra["worker_killed"], 1.0);
    // The answer comes at the deadline (plus the kill and reap), not after the search.
    assert!(took < Duration::from_millis(1500), "took {took:?}");
    eprintln!("sat:naive with a 1 s deadline answered after {took:?}");
    assert_nothing_running("child");

    // The child answers like the in-process solve, with the worker's figures added.
    let p = &shared_puzzles("forum_hardest_1106.txt", 1)[0];
    for encoding in Encoding::ALL {
        let mut child = SatSolver::with_worker(encoding, EXE);
        let out = child.solve(p, &SolveOptions::new(2, Some(Duration::from_secs(600))));
        verify(p, &out).unwrap();
        let local = SatSolver::in_process(encoding).solve(p, &SolveOptions::new(2, None));
        assert_eq!(out.verdict, Verdict::Unique);
        assert_eq!(out.solutions, local.solutions);
        assert_eq!(out.stats.constraints, local.stats.constraints);
        assert!(out.stats.extra.contains_key("worker_ms"));
        assert_eq!(out.stats.extra["solver_calls"], 2.0);
    }

    // The command line: `--timeout 1` on the hard grid, then no worker left behind.
    assert_cli_timeout_answers_unknown(
        "sat:naive",
        "inst25x25_40_0.txt",
        "1",
        Duration::from_secs(3),
    );
}
