//! The `ip` backend's deadline: a short timeout on a hard grid answers `unknown` soon
//! after the deadline, and nothing is left running (no child process, no busy thread).
//! One test function, run alone in its own binary, so the process-wide checks (children,
//! CPU time) see only this test.

mod common;
#[path = "common/processes.rs"]
mod processes;

use common::*;
use processes::{assert_cli_timeout_answers_unknown, assert_nothing_running, children};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};
use sudoku_arena::backends::ip::{Config, IpSolver};
use sudoku_arena::model::Puzzle;
use sudoku_arena::solver::{verify, SolveOptions, Solver, Verdict};

const EXE: &str = env!("CARGO_BIN_EXE_sudoku-arena");

fn timed(solver: &mut dyn Solver, p: &Puzzle, timeout: f64) -> (Verdict, bool, Duration) {
    let start = Instant::now();
    let out = solver.solve(
        p,
        &SolveOptions::new(2, Some(Duration::from_secs_f64(timeout))),
    );
    verify(p, &out).unwrap();
    (out.verdict, out.timed_out, start.elapsed())
}

#[test]
fn a_short_timeout_on_a_hard_grid_answers_unknown_and_leaves_nothing_running() {
    // The check itself sees a child, zombie or alive.
    let mut sleeper = Command::new("sleep").arg("5").spawn().unwrap();
    assert_eq!(children(), vec![sleeper.id().to_string()]);
    sleeper.kill().unwrap();
    sleeper.wait().unwrap();
    assert!(children().is_empty());

    // The empty 25x25 grid: 15,625 variables, far more than 0.3 s of branch and bound.
    let hard = shared_matrix("inst25x25_0_0.txt");
    assert_eq!(hard.given_count(), 0);

    // In a child process, killed at the deadline: prompt.
    for config in [Config::GoodLp, Config::MicrolpDirect] {
        let mut solver = IpSolver::with_worker(config, EXE);
        let (verdict, timed_out, took) = timed(&mut solver, &hard, 0.3);
        assert_eq!((verdict, timed_out), (Verdict::Unknown, true), "{config:?}");
        // Liveness, not speed: the answer comes at the deadline, not after the search.
        assert!(took < Duration::from_secs(3), "{config:?} took {took:?}");
        assert_nothing_running(&format!("child {config:?}"));
    }

    // In this thread (no worker executable): microlp's own time limit stops it.
    let mut solver = IpSolver::in_process(Config::MicrolpDirect);
    let (verdict, timed_out, took) = timed(&mut solver, &hard, 0.3);
    assert_eq!((verdict, timed_out), (Verdict::Unknown, true));
    assert!(took < Duration::from_secs(30), "in-process took {took:?}");
    assert_nothing_running("in-process");

    // The child answers like the in-process solve, with the worker's figures added.
    let p = &shared_puzzles("forum_hardest_1106.txt", 1)[0];
    let mut child = IpSolver::with_worker(Config::GoodLp, EXE);
    let out = child.solve(p, &SolveOptions::new(2, Some(Duration::from_secs(600))));
    verify(p, &out).unwrap();
    let local = IpSolver::in_process(Config::GoodLp).solve(p, &SolveOptions::new(2, None));
    assert_eq!(out.verdict, Verdict::Unique);
    assert_eq!(out.solutions, local.solutions);
    assert_eq!(out.stats.variables, local.stats.variables);
    assert_eq!(out.stats.nodes, local.stats.nodes);
    assert!(out.stats.extra.contains_key("worker_ms"));
    assert!(out.stats.extra.contains_key("root_lp_integral"));
    assert!(out.stats.solve_ms > 0.0);

    // A worker that cannot start gives `unknown`, not a panic.
    let mut broken = IpSolver::with_worker(Config::GoodLp, PathBuf::from("/nonexistent/x"));
    let out = broken.solve(p, &SolveOptions::new(2, Some(Duration::from_secs(5))));
    assert_eq!((out.verdict, out.timed_out), (Verdict::Unknown, false));
    assert_eq!(out.stats.extra["worker_failed"], 1.0);

    // The command line: `--timeout` on the hard grid, then no worker left behind.
    assert_cli_timeout_answers_unknown("ip", "inst25x25_0_0.txt", "0.3", Duration::from_secs(5));
}
