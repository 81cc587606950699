//! Deadlines and isolated solvers, through the registry as a library user gets them.
//!
//! Every case that must run out of time counts every solution of an empty 25x25 grid,
//! which no machine can finish in any budget here, so the tests hold on a machine of
//! any speed. The isolated backends (`sat`, `ip`) solve with a deadline in a worker
//! process that is kept across puzzles, killed at a deadline and restarted for the next
//! puzzle; nothing outlives its time. One test function, alone in its own binary, so the
//! process-wide checks (children, CPU time) see only this test.

mod common;
#[path = "common/processes.rs"]
mod processes;

use common::*;
use processes::{assert_nothing_running, children, tag_this_process, tagged};
use std::process::Command;
use std::time::{Duration, Instant};
use sudoku_arena::backends::{create, WORKER_ENV};
use sudoku_arena::model::{Puzzle, Variant};
use sudoku_arena::solver::{verify, Failure, SolveOptions, Solver, Verdict};

const EXE: &str = env!("CARGO_BIN_EXE_sudoku-arena");

/// The isolated configurations tested here.
const ISOLATED: [&str; 4] = ["sat:naive", "sat:reduced", "ip", "ip:microlp-direct"];

fn empty25() -> Puzzle {
    puzzle(&vec!["0"; 625].join(" "), Variant::Classic)
}

/// Counts every solution of `p` with a `budget`: it must stop at the deadline, answer
/// consistently, and come back soon after it (liveness, not speed).
fn count_until_deadline(solver: &mut dyn Solver, p: &Puzzle, budget: Duration) {
    let start = Instant::now();
    let out = solver.solve(p, &SolveOptions::new(usize::MAX, Some(budget)));
    let took = start.elapsed();
    let name = solver.name();
    verify(p, &out).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(out.timed_out, "{name} did not time out");
    assert_eq!(out.failure, None, "{name}");
    assert!(
        matches!(
            out.verdict,
            Verdict::Unknown | Verdict::Solved | Verdict::Multiple
        ),
        "{name}: {:?}",
        out.verdict
    );
    assert!(
        took < budget + Duration::from_secs(1),
        "{name} took {took:?}"
    );
}

#[test]
fn deadlines_are_held_and_workers_are_kept_restarted_and_reaped() {
    tag_this_process();
    // The checks themselves see a child, and a tagged process.
    let mut sleeper = Command::new("sleep").arg("5").spawn().unwrap();
    assert_eq!(children(), vec![sleeper.id()]);
    // Right after spawn the kernel may not have set up the new program's environment yet
    // (the parent resumes during exec): wait for it, briefly.
    let start = Instant::now();
    while tagged().is_empty() && start.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(tagged().len(), 1);
    sleeper.kill().unwrap();
    sleeper.wait().unwrap();
    assert_nothing_running("after the sleeper");

    let empty = empty25();
    let p = &shared_puzzles("forum_hardest_1106.txt", 1)[0];

    // In-process backends stop themselves at the deadline.
    for config in ["dlx", "csp:naive", "csp:gac"] {
        let mut solver = create(config).unwrap();
        count_until_deadline(solver.as_mut(), &empty, Duration::from_millis(300));
        assert!(children().is_empty(), "{config} started a process");
    }
    assert_nothing_running("in-process backends");

    for config in ISOLATED {
        let mut solver = create(config).unwrap();
        let no_deadline = solver.solve(p, &SolveOptions::new(2, None));
        // Without a deadline the solve runs here: no worker, no transport.
        assert!(children().is_empty(), "{config}");
        assert_eq!(no_deadline.transport_ms, 0.0);
        assert!(no_deadline.time_ms > 0.0);

        // With one it runs in a worker, which stays for the next puzzle.
        let opts = SolveOptions::new(2, Some(Duration::from_secs(600)));
        let first = solver.solve(p, &opts);
        let worker = children();
        assert_eq!(worker.len(), 1, "{config}: one worker");
        let second = solver.solve(p, &opts);
        assert_eq!(
            children(),
            worker,
            "{config}: the same worker answers again"
        );
        for out in [&first, &second] {
            verify(p, out).unwrap();
            assert_eq!(out.verdict, Verdict::Unique, "{config}");
            assert_eq!(out.solutions, no_deadline.solutions, "{config}");
            assert_eq!(out.stats.constraints, no_deadline.stats.constraints);
            assert_eq!(out.stats.nodes, no_deadline.stats.nodes, "{config}");
            // The child's own measure of the solve; the pipe is reported apart.
            assert!(out.time_ms > 0.0 && out.transport_ms > 0.0, "{config}");
        }

        // At the deadline the worker is killed; the next solve starts a fresh one.
        count_until_deadline(solver.as_mut(), &empty, Duration::from_millis(500));
        assert!(
            children().is_empty(),
            "{config}: the killed worker is reaped"
        );
        let after = solver.solve(p, &opts);
        assert_eq!(after.verdict, Verdict::Unique, "{config}");
        let fresh = children();
        assert_eq!(fresh.len(), 1);
        assert_ne!(fresh, worker, "{config}: a new worker");
        drop(solver);
        assert_nothing_running(config);
    }

    // A worker that cannot be started, or is not a worker, is a failure, not a panic.
    for (exe, why) in [
        ("/nonexistent/sudoku-arena", "cannot start"),
        ("/bin/echo", "did not answer as a worker"),
    ] {
        std::env::set_var(WORKER_ENV, exe);
        let mut solver = create("sat").unwrap();
        let out = solver.solve(p, &SolveOptions::new(2, Some(Duration::from_secs(5))));
        std::env::remove_var(WORKER_ENV);
        assert_eq!((out.verdict, out.timed_out), (Verdict::Unknown, false));
        match out.failure {
            Some(Failure::Worker(text)) => assert!(text.contains(why), "{text}"),
            other => panic!("{exe}: {other:?}"),
        }
        drop(solver);
        assert_nothing_running(exe);
    }

    // The command line: `count --timeout` on the empty grid, then nothing left, not even
    // an orphaned worker.
    let path = format!(
        "{}/../shared/data/large/inst25x25_0_0.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    for config in ["sat:reduced", "ip", "csp"] {
        let start = Instant::now();
        let o = Command::new(EXE)
            .args(["count", "--backend", config, "--timeout", "0.5", &path])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            text.contains("the timeout stopped the count"),
            "{config}: {text}"
        );
        assert!(start.elapsed() < Duration::from_secs(3), "{config}");
        assert_nothing_running(&format!("count -b {config}"));
    }

    // A worker whose parent is killed (no Drop, no Ctrl-C reaching its process group)
    // ends by itself instead of running on for its 60 s budget.
    let mut parent = Command::new(EXE)
        .args([
            "count",
            "--backend",
            "sat:reduced",
            "--timeout",
            "60",
            &path,
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !tagged().iter().any(|(pid, _)| *pid != parent.id()) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no worker started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    parent.kill().unwrap();
    parent.wait().unwrap();
    let killed = Instant::now();
    while !tagged().is_empty() {
        assert!(
            killed.elapsed() < Duration::from_secs(5),
            "orphaned worker still running: {:?}",
            tagged()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_nothing_running("orphaned worker");
}
