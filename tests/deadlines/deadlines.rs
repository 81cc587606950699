//! Deadlines and isolated solvers, through the registry as a library user gets them,
//! and through every command of the binary.
//!
//! A deadline is held when the answer comes between the budget and its ceiling,
//! budget + 10 % + 100 ms, measured here around the call (or the whole process), so the
//! check does not depend on the machine's speed. The cases that must run out of time
//! count every solution of an empty 16x16 or 25x25 grid, which no machine can finish in
//! these budgets. Finding one solution of a 49x49 grid with 45 % of a shuffled full grid
//! given (the hard region of quasigroup completion) is the `solve` case: no backend here
//! finishes it in 5 s, so only the ceiling is required there, and the budget as well
//! when the answer says the deadline stopped it. The isolated backends (`sat`, `ip`)
//! solve with a deadline in a worker process that is kept across puzzles, killed at a
//! deadline and restarted for the next puzzle; nothing outlives its time. One test
//! function, alone in its own binary, so the process-wide checks (children, CPU time)
//! see only this test.

use crate::common::processes::{assert_nothing_running, children, tag_this_process, tagged};
use crate::common::*;
use std::process::Command;
use std::time::{Duration, Instant};
use sudoku_arena::backends::{
    builtin_configs, create, lookup, BACKENDS, CONFIGURATIONS, WORKER_ENV,
};
use sudoku_arena::model::to_line;
use sudoku_arena::model::{Geometry, Puzzle, Variant};
use sudoku_arena::solver::{verify, Failure, Outcome, SolveOptions, Solver, Verdict};

const EXE: &str = env!("CARGO_BIN_EXE_sudoku-arena");

/// The isolated configurations tested here.
const ISOLATED: [&str; 4] = ["sat:naive", "sat:reduced", "ip", "ip:microlp-direct"];

fn empty25() -> Puzzle {
    puzzle(&crate::common::empty_25x25(), Variant::Classic)
}

/// Counts every solution of `p` with a `budget`: it must stop at the deadline, answer
/// consistently, and come back soon after it (liveness, not speed); gives the outcome.
fn count_until_deadline(solver: &mut dyn Solver, p: &Puzzle, budget: Duration) -> Outcome {
    let start = Instant::now();
    let opts = SolveOptions {
        cpu_time: true,
        ..SolveOptions::new(usize::MAX, Some(budget))
    };
    let out = solver.solve(p, &opts);
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
    assert!(took < budget + slack(), "{name} took {took:?}");
    out
}

/// The latest a deadline may be answered: the budget, plus 10 %, plus a tenth of the
/// slack.
fn ceiling(budget: Duration) -> Duration {
    budget + budget / 10 + slack() / 10
}

/// Checks an answer that took `took` against `budget`: never after the ceiling, and not
/// before the budget when the deadline stopped it (`stopped`).
fn assert_held(what: &str, took: Duration, budget: Duration, stopped: bool) {
    assert!(
        took <= ceiling(budget),
        "{what}: answered after {took:?}, over {:?} (budget {budget:?} + 10 % + slack / 10)",
        ceiling(budget)
    );
    assert!(
        !stopped || took >= budget,
        "{what}: stopped by the deadline after {took:?}, before the budget {budget:?}"
    );
}

/// Asserts that no process of ours is left: a grandchild the deadline killed (gprolog's,
/// minizinc's) may take a few milliseconds to go after its SIGKILL, so it gets half the
/// slack.
fn assert_none_left(context: &str) {
    let start = Instant::now();
    while !tagged().is_empty() && start.elapsed() < slack() / 2 {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(children().is_empty(), "{context}: a child is left");
    assert!(tagged().is_empty(), "{context}: {:?} left", tagged());
}

/// A full 49x49 grid (the canonical pattern with its digits, bands, stacks and the rows
/// and columns inside them shuffled by a fixed-seed generator, so that no search's
/// value order follows it) with 45 % of its cells kept at random: the hard region of
/// quasigroup completion, where no backend here finds a solution in 5 s.
fn hard49() -> Puzzle {
    let g = Geometry::new(7, 7, Variant::Classic).unwrap();
    let (n, b) = (g.n, 7);
    let mut rng = Rng(0x5eed_4945);
    let mut shuffled = |k: usize| {
        let mut v: Vec<usize> = (0..k).collect();
        for i in (1..k).rev() {
            v.swap(i, rng.below(i + 1));
        }
        v
    };
    let digits = shuffled(n);
    let (bands, stacks) = (shuffled(b), shuffled(b));
    let inner: Vec<Vec<usize>> = (0..2 * b).map(|_| shuffled(b)).collect();
    let rows: Vec<usize> = (0..n)
        .map(|r| bands[r / b] * b + inner[r / b][r % b])
        .collect();
    let cols: Vec<usize> = (0..n)
        .map(|c| stacks[c / b] * b + inner[b + c / b][c % b])
        .collect();
    let mut cells = Vec::with_capacity(n * n);
    for &row in &rows {
        for &col in &cols {
            let v = g.pattern_value(row * n + col) as usize;
            cells.push(if rng.below(100) < 45 {
                digits[v - 1] as u8 + 1
            } else {
                0
            });
        }
    }
    puzzle(&to_line(&g, &cells), Variant::Classic)
}

fn empty(side: usize) -> Puzzle {
    puzzle(&vec!["0"; side * side].join(" "), Variant::Classic)
}

/// Every configuration of the registry to hold a deadline (one added to it, such as the
/// ant colony, is covered from then on) that this build and machine can run: those of
/// a cargo feature not built, or of an external solver not installed, are left out.
fn every_config() -> Vec<String> {
    let mut configs = Vec::new();
    for c in CONFIGURATIONS {
        match c.available() {
            Ok(()) => configs.push(c.name.to_string()),
            Err(e) => eprintln!("deadlines: {} not checked: {e}", c.name),
        }
    }
    configs
}

/// Whether a configuration can enumerate every solution, so that counting those of an
/// empty grid must run into the deadline. The rule ladder stops when no rule applies;
/// a backend the registry says does not count (a stochastic one) finds what it finds.
fn enumerates(config: &str) -> bool {
    let name = config.split(':').next().unwrap_or(config);
    let counts = BACKENDS.iter().any(|b| b.name == name && b.counts);
    counts && !lookup(config).is_ok_and(|(c, _)| c.partial)
}

/// The `solve` case of a configuration: finding one solution of [`hard49`], or of an
/// empty 25x25 grid for `ip` (its LP alone takes seconds at 49x49, outside any budget
/// that matters here, and it does not find one for the 25x25 in time).
fn solve_case(config: &str) -> Puzzle {
    if config.starts_with("ip") {
        empty(25)
    } else {
        hard49()
    }
}

/// Every configuration through the library: counting an empty 16x16 grid and finding a
/// solution of its `solve` case, each held to the ceiling, each answer checked.
fn every_config_holds_its_deadline(configs: &[String], budget: Duration) {
    let count = empty(16);
    for config in configs {
        let mut solver = create(config).unwrap();
        let cases = [
            ("count", &count, usize::MAX),
            ("solve", &solve_case(config), 1),
        ];
        for (what, p, max) in cases {
            let start = Instant::now();
            let out = solver.solve(p, &SolveOptions::new(max, Some(budget)));
            let took = start.elapsed();
            let what = format!("{config} {what}");
            verify(p, &out).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(out.failure, None, "{what}");
            if max == usize::MAX && enumerates(config) {
                assert!(
                    out.timed_out,
                    "{what}: counted every solution of an empty 16x16"
                );
            }
            if out.timed_out {
                let ok = [Verdict::Unknown, Verdict::Solved, Verdict::Multiple];
                assert!(ok.contains(&out.verdict), "{what}: {:?}", out.verdict);
            }
            assert_held(&what, took, budget, out.timed_out);
        }
        drop(solver);
        assert_none_left(config);
    }
    assert_nothing_running("every configuration");
}

/// Runs the binary with `args` and returns its standard output and the wall time. A
/// whole process also starts, reads and exits, which a loaded machine (this project's
/// 2 cores run at load 10) can stretch past the 100 ms of slack: a run over `bound` is
/// said on standard error and made once more, and the second is the one checked.
fn run(args: &[&str], bound: Duration) -> (String, Duration) {
    let once = || {
        let start = Instant::now();
        let o = Command::new(EXE).args(args).output().unwrap();
        let took = start.elapsed();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{args:?}: {err}");
        (String::from_utf8_lossy(&o.stdout).into_owned(), took)
    };
    let first = once();
    if first.1 <= bound {
        return first;
    }
    eprintln!(
        "deadlines: {args:?} took {:?}, over {bound:?}; once more",
        first.1
    );
    once()
}

/// Whether `count` takes `config` (it refuses a backend that cannot count, such as `aco`).
fn can_count(config: &str) -> bool {
    let name = config.split(':').next().unwrap_or(config);
    BACKENDS.iter().any(|b| b.name == name && b.counts)
}

/// `count` with `config` on the empty 16x16 in `e16` answers within the ceiling of
/// `budget`, and a configuration that enumerates says the timeout stopped it.
fn count_holds_its_deadline(config: &str, secs: &str, e16: &str, budget: Duration) {
    let huge = "1000000000000";
    let (text, took) = run(
        &[
            "count",
            "-b",
            config,
            "--timeout",
            secs,
            "--max-solutions",
            huge,
            e16,
        ],
        ceiling(budget),
    );
    let stopped = text.contains("the timeout stopped the count");
    assert!(stopped || !enumerates(config), "count -b {config}: {text}");
    assert_held(&format!("count -b {config}"), took, budget, stopped);
}

/// Every command with `--timeout`, measured around the whole process: `count` on an
/// empty 16x16 and `solve --first` on the `solve` case with every configuration,
/// `compare` counting with all of them at once (each record held, the run held to
/// their sum), and `rate` and `explain` guessing on [`hard49`].
fn every_command_holds_its_deadline(configs: &[String], budget: Duration) {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, p: &Puzzle| {
        let path = dir.path().join(name);
        std::fs::write(&path, to_line(&p.geometry, &p.cells) + "\n").unwrap();
        path.to_string_lossy().into_owned()
    };
    let (e16, e25, h49) = (
        file("e16.txt", &empty(16)),
        file("e25.txt", &empty(25)),
        file("h49.txt", &hard49()),
    );
    let secs = format!("{}", budget.as_secs_f64());
    let huge = "1000000000000";
    for config in configs {
        if can_count(config) {
            count_holds_its_deadline(config, &secs, &e16, budget);
        }

        let case = if config.starts_with("ip") { &e25 } else { &h49 };
        let (text, took) = run(
            &[
                "solve",
                "-b",
                config,
                "--first",
                "--timeout",
                &secs,
                "--format",
                "json",
                case,
            ],
            ceiling(budget),
        );
        let stopped = text.contains("\"timed_out\":true");
        let verdict = text
            .split("\"verdict\":\"")
            .nth(1)
            .unwrap_or("")
            .split('"')
            .next();
        assert!(
            matches!(verdict, Some("unknown" | "solved")),
            "solve -b {config}: {verdict:?}"
        );
        assert_held(&format!("solve -b {config}"), took, budget, stopped);
        assert_none_left(config);
    }
    assert_nothing_running("count and solve");

    // compare: one solve per configuration, one after the other.
    let out = dir.path().join("r.jsonl");
    let list = configs.join(",");
    // The whole run: every solve's ceiling, plus a second to start, read and report.
    let bound = ceiling(budget) * configs.len() as u32 + slack();
    let (_, took) = run(
        &[
            "compare",
            "--backends",
            &list,
            "--timeout",
            &secs,
            "--max-solutions",
            huge,
            "--force",
            "--out",
            &out.to_string_lossy(),
            &e16,
        ],
        bound,
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let records: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("{\"kind\":\"header\""))
        .collect();
    assert_eq!(records.len(), configs.len(), "{text}");
    for line in records {
        let field = |key: &str| line.split(&format!("\"{key}\":")).nth(1).unwrap_or("");
        let number = |key: &str| -> f64 {
            field(key)
                .split([',', '}'])
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        // The solve's own time, plus reaching its worker (reported apart): the whole call.
        // A worker's solve is timed inside the worker and the pipe apart, so the sum can
        // fall short of the call by the pipe's latency: a few milliseconds are allowed
        // below the budget (none above the ceiling).
        let ms = number("time_ms") + number("transport_ms") + 5.0;
        let stopped = field("timed_out").starts_with("true");
        assert_held(
            &format!("compare: {line}"),
            Duration::from_secs_f64(ms / 1000.0),
            budget,
            stopped,
        );
    }
    assert!(took <= bound, "compare took {took:?}, over {bound:?}");

    // compare --jobs 2 --backends all on three hard puzzles: the (configuration,
    // puzzle) pairs go to whichever thread is free, each solve ends by its ceiling, so
    // no thread starts its last solve later than ceil(pairs / jobs) - 1 ceilings in
    // (every thread is busy until then) and the run ends by ceil(pairs / jobs) ceilings,
    // plus a second to start, read and report. A bound the deadlines guarantee on any
    // machine, not a measure of speed.
    let hard = dir.path().join("hard.txt");
    let text = data_puzzles("forum_hardest_1106.txt", 3)
        .iter()
        .map(|p| to_line(&p.geometry, &p.cells) + "\n")
        .collect::<String>();
    std::fs::write(&hard, text).unwrap();
    let half = Duration::from_millis(500);
    let pairs = builtin_configs().len() * 3;
    let bound = ceiling(half) * pairs.div_ceil(2) as u32 + slack();
    let (summary, took) = run(
        &[
            "compare",
            "--backends",
            "all",
            "--jobs",
            "2",
            "--timeout",
            "0.5",
            &hard.to_string_lossy(),
        ],
        bound,
    );
    assert!(
        took <= bound,
        "compare --jobs 2 took {took:?}, over {bound:?}: {summary}"
    );

    // rate and explain: the rules, with and without guessing, on the grid none finishes
    // (the ladder alone gets stuck there quickly: only the ceiling applies).
    for (args, stop_marks) in [
        (
            &["rate", "--allow-guessing"][..],
            &["# stopped by --timeout: 1"][..],
        ),
        (&["rate"], &["# stopped by --timeout: 1"]),
        // --check proves the answer with dlx, which cannot finish the 49x49 either.
        (
            &["rate", "--allow-guessing", "--check"],
            &["# stopped by --timeout: 1"],
        ),
        (
            &["explain", "--allow-guessing"],
            &["# stopped by the deadline", "# with guessing: unknown"],
        ),
        (&["explain"], &["# stopped by the deadline"]),
    ] {
        let mut all = args.to_vec();
        all.extend(["--timeout", &secs, &h49]);
        let (text, took) = run(&all, ceiling(budget));
        let stopped = stop_marks.iter().any(|m| text.contains(m));
        if args.contains(&"--allow-guessing") {
            assert!(stopped, "{args:?} finished the 49x49 grid: {text}");
        }
        assert_held(&args.join(" "), took, budget, stopped);
    }
    assert_nothing_running("every command");
}

#[test]
fn deadlines_are_held_and_workers_are_kept_restarted_and_reaped() {
    // The test binaries before this one write tens of megabytes (certificates, exports);
    // the kernel flushes them some 30 s later, and a flush that lands on an external
    // solver's files stalls them past a deadline's slack. Flushed here, before any clock
    // is read.
    let _ = Command::new("sync").status();
    tag_this_process();
    // The checks themselves see a child, and a tagged process.
    let mut sleeper = Command::new("sleep").arg("5").spawn().unwrap();
    assert_eq!(children(), vec![sleeper.id()]);
    // Right after spawn the kernel may not have set up the new program's environment yet
    // (the parent resumes during exec): wait for it, briefly.
    let start = Instant::now();
    while tagged().is_empty() && start.elapsed() < slack() * 2 {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(tagged().len(), 1);
    sleeper.kill().unwrap();
    sleeper.wait().unwrap();
    assert_nothing_running("after the sleeper");

    let empty = empty25();
    let p = &data_puzzles("forum_hardest_1106.txt", 1)[0];

    // In-process backends stop themselves at the deadline.
    for config in ["dlx", "csp:naive", "csp:gac"] {
        let mut solver = create(config).unwrap();
        let out = count_until_deadline(solver.as_mut(), &empty, Duration::from_millis(300));
        assert!(children().is_empty(), "{config} started a process");
        assert_eq!(out.clocks.cpu_source, "thread", "{config}");
        // One thread's CPU time never exceeds the wall time around it.
        assert!(
            out.cpu_ms > 0.0 && out.cpu_ms <= out.time_ms,
            "{config}: {out:?}"
        );
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
            // With the worker thread's CPU time (2 µs for the rounding).
            let clocks = (&*out.clocks.time_source, &*out.clocks.cpu_source);
            assert_eq!(clocks, ("wall", "thread"), "{config}");
            assert!(
                out.cpu_ms > 0.0 && out.cpu_ms <= out.time_ms + 0.002,
                "{config}"
            );
        }

        // At the deadline the worker is killed and the next solve starts a fresh one;
        // the killed solve's CPU time is what the worker used beyond the solves it
        // answered. Or the engine stopped itself at the worker's copy of the deadline
        // and its answer came first (scheduling decides): then the worker stays.
        let stopped = count_until_deadline(solver.as_mut(), &empty, Duration::from_millis(500));
        assert!(stopped.cpu_ms > 0.0, "{config}: {stopped:?}");
        let killed = match &*stopped.clocks.cpu_source {
            "worker-rusage" => true,
            "thread" => false,
            other => panic!("{config}: CPU time read from {other}"),
        };
        // An answer came through the pipe (a kill of a running worker may have no
        // transport at all).
        assert!(
            killed || stopped.transport_ms > 0.0,
            "{config}: {stopped:?}"
        );
        let left = children();
        if killed {
            assert!(left.is_empty(), "{config}: the killed worker is reaped");
        } else {
            assert_eq!(left.len(), 1, "{config}: the worker that answered stays");
        }
        let after = solver.solve(p, &opts);
        assert_eq!(after.verdict, Verdict::Unique, "{config}");
        let fresh = children();
        assert_eq!(fresh.len(), 1);
        if killed {
            assert_ne!(fresh, worker, "{config}: a new worker");
        } else {
            assert_eq!(
                fresh, left,
                "{config}: the worker that answered answers again"
            );
        }
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
        "{}/tests/data/large/inst25x25_0_0.txt",
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
        assert!(start.elapsed() < slack() * 3, "{config}");
        assert_nothing_running(&format!("count -b {config}"));
    }

    // A worker whose parent is killed (no Drop, no Ctrl-C reaching its process group)
    // ends by itself instead of running on for its 60 s budget, and removes the scratch
    // folder its parent made for it.
    let temp = tempfile::tempdir().unwrap();
    let mut parent = Command::new(EXE)
        .env("TMPDIR", temp.path())
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
        assert!(start.elapsed() < slack() * 20, "no worker started");
        std::thread::sleep(Duration::from_millis(20));
    }
    parent.kill().unwrap();
    parent.wait().unwrap();
    let killed = Instant::now();
    while !tagged().is_empty() {
        assert!(
            killed.elapsed() < slack() * 5,
            "orphaned worker still running: {:?}",
            tagged()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_nothing_running("orphaned worker");
    let left: Vec<_> = std::fs::read_dir(temp.path()).unwrap().collect();
    assert!(left.is_empty(), "the orphaned worker left {left:?}");

    // Every configuration and every command, held to the ceiling.
    let configs = every_config();
    every_config_holds_its_deadline(&configs, Duration::from_millis(400));
    every_command_holds_its_deadline(&configs, Duration::from_millis(400));
    certify_holds_its_deadline(Duration::from_millis(400));
}

/// A 25x25 puzzle with no solution whose refutation in the naive encoding is the
/// pigeonhole principle of 20 pigeons and 19 holes, which resolution, and so every CDCL
/// solver, needs exponentially many steps to refute: row 1 has 20 blank cells and 5
/// givens (21 to 25), and every blank cell's column holds a 1 lower down. `dlx` answers
/// `none` at once (no row of the exact cover puts 1 in row 1); the naive encoding has no
/// clause saying so, and must count.
fn pigeonhole25() -> Puzzle {
    let geometry = std::sync::Arc::new(Geometry::new(5, 5, Variant::Classic).unwrap());
    let mut cells = vec![0u8; 625];
    for (c, v) in (20..25).zip(21u8..) {
        cells[c] = v;
    }
    // A 1 in each of the 20 boxes below and beside row 1's blank cells: box (br, bc)
    // holds it at row br*5 + 1 + bc, column bc*5 + br (rows and columns all different).
    for br in 0..5 {
        for bc in 0..4 {
            cells[(br * 5 + 1 + bc) * 25 + bc * 5 + br] = 1;
        }
    }
    Puzzle::new(geometry, cells)
}

/// `solve --certify` stops the proof at the deadline: dlx answers the pigeonhole puzzle
/// at once, varisat's proof (in a child, since varisat cannot be interrupted) is cut off,
/// the entry says so, and no prover is left running.
fn certify_holds_its_deadline(budget: Duration) {
    let dir = tempfile::tempdir().unwrap();
    let p = pigeonhole25();
    assert_eq!(p.conflict(), None);
    let file = dir.path().join("php.txt");
    std::fs::write(&file, to_line(&p.geometry, &p.cells) + "\n").unwrap();
    let certs = dir.path().join("certs");
    let secs = format!("{}", budget.as_secs_f64());
    for prover in ["sat:naive", "sat:naive+cadical"] {
        if prover.ends_with("cadical")
            && !crate::common::external::external_available("cadical", "cadical")
        {
            continue;
        }
        let args = [
            "solve",
            "-b",
            "dlx",
            "--timeout",
            &secs,
            "--certify",
            &certs.to_string_lossy(),
            "--certify-with",
            prover,
            "--force",
            &file.to_string_lossy(),
        ];
        let (text, took) = run(&args, ceiling(budget) + slack());
        assert!(text.starts_with("none"), "{prover}: {text}");
        assert_held(
            &format!("solve --certify-with {prover}"),
            took,
            budget,
            true,
        );
        let manifest = std::fs::read_to_string(certs.join("manifest.json")).unwrap();
        assert!(
            manifest.contains("the deadline stopped the proof"),
            "{manifest}"
        );
        assert!(!certs.join("php-l1.drat").exists());
        assert_none_left(prover);
    }
    assert_nothing_running("certify");
}
