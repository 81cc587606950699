//! External solvers (`ext:*`) on the models the tool exports: their answers pass the
//! validator and agree with `dlx`; the deadline kills them and everything they started.
//! The exports solved by the programs themselves, without the `ext:*` backends, are in
//! `exports.rs`.

use crate::common::external::external_available;
use crate::common::processes::{tag_this_process, tagged_named};
use crate::common::*;
use crate::one_at_a_time;
use std::io::{BufRead, BufReader};
use std::process::Command;
use std::time::{Duration, Instant};
use sudoku_arena::backends::create;
use sudoku_arena::model::{Puzzle, Variant};
use sudoku_arena::solver::{verify, SolveOptions, Verdict};

fn sample() -> Vec<Puzzle> {
    let mut puzzles = data_puzzles("forum_hardest_1106.txt", 8);
    puzzles.extend(data_puzzles("17_clue.txt", 8));
    puzzles.extend(data_puzzles("serg_benchmark.txt", 3));
    puzzles.push(puzzle(
        "532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        Variant::Classic,
    ));
    puzzles.push(puzzle("1...............", Variant::X));
    puzzles.push(data_matrix("inst16x16_60_0.txt"));
    puzzles
}

fn agrees_with_dlx(backend: &str) {
    let mut ext = create(backend).unwrap();
    let mut dlx = create("dlx").unwrap();
    for p in sample() {
        let opts = SolveOptions::new(2, Some(Duration::from_secs(60)));
        let theirs = ext.solve(&p, &opts);
        verify(&p, &theirs).unwrap_or_else(|e| panic!("{backend} on {}: {e}", p.display_name()));
        let ours = dlx.solve(&p, &opts);
        assert_eq!(
            theirs.verdict,
            ours.verdict,
            "{backend} on {}",
            p.display_name()
        );
        if ours.solutions_found == 1 {
            assert_eq!(theirs.solutions, ours.solutions);
        }
    }
}

#[test]
fn gecode_through_minizinc_agrees_with_dlx() {
    let _one_at_a_time = one_at_a_time();
    if external_available("minizinc", "minizinc") {
        agrees_with_dlx("ext:gecode");
    }
}

#[test]
fn gnu_prolog_agrees_with_dlx() {
    if external_available("gprolog", "gprolog") {
        agrees_with_dlx("ext:gprolog");
    }
}

#[test]
fn cbc_on_the_lp_export_agrees_with_dlx() {
    let _one_at_a_time = one_at_a_time();
    if external_available("cbc", "coinor-cbc") {
        agrees_with_dlx("ext:cbc");
    }
}

#[test]
fn glpk_on_the_mps_export_agrees_with_dlx() {
    if external_available("glpsol", "glpk-utils") {
        agrees_with_dlx("ext:glpk");
    }
}

#[test]
fn mip_solvers_prove_a_clash_infeasible_and_count_small_grids() {
    let _one_at_a_time = one_at_a_time();
    // Two 1s in the first row: the export holds a row no 0-1 point satisfies.
    let geometry = sudoku_arena::model::Geometry::new(2, 2, Variant::Classic).unwrap();
    let mut cells = vec![0; 16];
    cells[0] = 1;
    cells[1] = 1;
    let clash = Puzzle::new(std::sync::Arc::new(geometry), cells);
    let x4 = puzzle("1...............", Variant::X);
    for (backend, program, package) in [
        ("ext:cbc", "cbc", "coinor-cbc"),
        ("ext:glpk", "glpsol", "glpk-utils"),
    ] {
        if !external_available(program, package) {
            continue;
        }
        let mut solver = create(backend).unwrap();
        let out = solver.solve(&clash, &SolveOptions::new(2, None));
        assert_eq!(out.verdict.name(), "none", "{backend}");
        // Counting by no-good rows: every solution of a small X-Sudoku, each once.
        let out = solver.solve(&x4, &SolveOptions::new(usize::MAX, None));
        verify(&x4, &out).unwrap();
        assert_eq!(
            out.solutions_found as usize,
            brute_force_count(&x4, 1000),
            "{backend}"
        );
        assert_eq!(out.verdict.name(), "multiple");
    }
}

/// Counts every solution of the empty 25x25 grid (which no machine can finish) with a
/// 0.7 s deadline: it times out, comes back soon after (liveness, not speed), and no
/// process named `process` that this test started outlives it.
fn deadline_kills(backend: &str, process: &str) {
    let _one_at_a_time = one_at_a_time();
    tag_this_process();
    let before = tagged_named(process);
    let p = data_matrix("inst25x25_0_0.txt");
    let mut solver = create(backend).unwrap();
    let start = Instant::now();
    let out = solver.solve(
        &p,
        &SolveOptions::new(usize::MAX, Some(Duration::from_millis(700))),
    );
    assert!(
        start.elapsed() < slack() * 2,
        "{backend}: {:?}",
        start.elapsed()
    );
    assert!(out.timed_out, "{backend}");
    verify(&p, &out).unwrap();
    std::thread::sleep(slack() / 10);
    assert_eq!(
        tagged_named(process),
        before,
        "a {process} process outlived its deadline"
    );
}

#[test]
fn the_deadline_stops_minizinc_and_the_gecode_it_started() {
    if external_available("minizinc", "minizinc") {
        deadline_kills("ext:gecode", "fzn-gecode");
    }
}

#[test]
fn the_deadline_stops_cbc() {
    if external_available("cbc", "coinor-cbc") {
        deadline_kills("ext:cbc", "cbc");
    }
}

#[test]
fn a_missing_solver_names_the_package_to_install() {
    let o = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
        .args(["compare", "--backends", "dlx,ext:gecode"])
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("ext:gecode is unavailable") && err.contains("apt-get install minizinc"),
        "{err}"
    );
    assert!(create("ext:nosuch")
        .err()
        .unwrap()
        .to_string()
        .contains("unknown configuration 'ext:nosuch'"));
}

#[test]
fn minisat_agrees_with_dlx() {
    let _one_at_a_time = one_at_a_time();
    if external_available("minisat", "minisat") {
        agrees_with_dlx("ext:minisat");
    }
}

#[test]
fn cadical_agrees_with_dlx() {
    if external_available("cadical", "cadical") {
        agrees_with_dlx("ext:cadical");
    }
}

#[test]
fn the_deadline_stops_minisat_while_counting() {
    if external_available("minisat", "minisat") {
        deadline_kills("ext:minisat", "minisat");
    }
}

/// Every external solver's solve gives the solver's own time, named with its resolution,
/// the transport around it (process start, files: never 0) and its processes' CPU time.
#[test]
fn an_external_solve_gives_its_own_time_its_transport_and_its_cpu_time() {
    let _one_at_a_time = one_at_a_time();
    let p = puzzle(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        Variant::Classic,
    );
    let tools = [
        (
            "ext:cadical",
            "cadical",
            "cadical",
            "cadical:real-time",
            0.01,
        ),
        (
            "ext:minisat",
            "minisat",
            "minisat",
            "minisat:cpu-time",
            0.001,
        ),
        (
            "ext:gecode",
            "minizinc",
            "minizinc",
            "gecode:init+solve-time",
            0.001,
        ),
        (
            "ext:gprolog",
            "gprolog",
            "gprolog",
            "gprolog:real-time",
            1.0,
        ),
        ("ext:cbc", "cbc", "coinor-cbc", "cbc:wallclock", 10.0),
        (
            "ext:glpk",
            "glpsol",
            "glpk-utils",
            "glpsol:time-used",
            100.0,
        ),
    ];
    for (backend, program, package, source, resolution) in tools {
        if !external_available(program, package) {
            continue;
        }
        let mut solver = create(backend).unwrap();
        let start = Instant::now();
        let out = solver.solve(&p, &SolveOptions::new(2, None));
        let wall = start.elapsed().as_secs_f64() * 1000.0;
        assert_eq!(out.verdict, Verdict::Unique, "{backend}");
        let clocks = &out.clocks;
        // The solver's own report; only MiniSat's user-time clock, which can read zero
        // on a solve that did work, gives way to its processes' CPU time, never above
        // their wall time. Elsewhere a zero is a time below a coarse resolution.
        let process_ms = out.stats.extra["process_ms"];
        match &*clocks.time_source {
            "process-cpu" if backend == "ext:minisat" => {
                assert_eq!(clocks.time_resolution_ms, 0.001, "{backend}");
                assert!(out.time_ms > 0.0, "{backend}: {out:?}");
                assert!(out.time_ms <= process_ms, "{backend}: {out:?}");
            }
            _ => assert_eq!(
                (&*clocks.time_source, clocks.time_resolution_ms),
                (source, resolution),
                "{backend}"
            ),
        }
        assert!(
            out.time_ms > 0.0 || resolution >= 1.0,
            "{backend}: a zero from a clock of {resolution} ms: {out:?}"
        );
        assert!(out.transport_ms > 0.0, "{backend}: {out:?}");
        assert!(
            out.time_ms + out.transport_ms <= wall,
            "{backend}: {out:?} in {wall} ms"
        );
        assert_eq!(clocks.cpu_source, "child-rusage", "{backend}");
        assert!(out.cpu_ms > 0.0, "{backend}: {out:?}");
    }
}

/// MiniSat decides this puzzle (no solution) while simplifying, in about 2 ms, and
/// prints its user time as `CPU time`, which now and then reads `0 s` (the kernel gave
/// the run's clock tick to system time). A wrapper on the `PATH` keeps what it printed:
/// each record's `time_ms` is that time, named `minisat:cpu-time`, or, where it read
/// zero, the processes' CPU time, named `process-cpu`; never 0.
#[test]
fn minisat_records_its_printed_cpu_time_and_names_the_stand_in_for_a_zero() {
    let _one_at_a_time = one_at_a_time();
    if !external_available("minisat", "minisat") {
        return;
    }
    let real = crate::common::external::find_program("minisat").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let printed = dir.path().join("printed.txt");
    let wrapper = dir.path().join("minisat");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\n\"{}\" \"$@\" > \"{}\"\nstatus=$?\ncat \"{}\"\nexit $status\n",
            real.display(),
            printed.display(),
            printed.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let input = dir.path().join("p.txt");
    std::fs::write(
        &input,
        "532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    )
    .unwrap();
    let results = dir.path().join("r.jsonl");
    let path = format!(
        "{}:{}",
        dir.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut sources = std::collections::BTreeSet::new();
    for _ in 0..12 {
        let o = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
            .args(["compare", "-b", "ext:minisat", "--force", "--out"])
            .arg(&results)
            .arg(&input)
            .env("PATH", &path)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = std::fs::read_to_string(&results).unwrap();
        let record: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        let stdout = std::fs::read_to_string(&printed).unwrap();
        assert!(stdout.contains("Solved by simplification"), "{stdout}");
        let cpu_line = stdout.lines().find(|l| l.starts_with("CPU time")).unwrap();
        let cpu_s: f64 = cpu_line.split_whitespace().nth(3).unwrap().parse().unwrap();
        let time_ms = record["time_ms"].as_f64().unwrap();
        let source = record["time_source"].as_str().unwrap().to_string();
        assert_eq!(record["verdict"], "none", "{record}");
        assert!(time_ms > 0.0, "{record}");
        if cpu_s > 0.0 {
            assert_eq!(source, "minisat:cpu-time", "{cpu_line}: {record}");
            assert!(
                (time_ms - cpu_s * 1000.0).abs() < 1e-6,
                "{cpu_line}: {record}"
            );
        } else {
            assert_eq!(source, "process-cpu", "{cpu_line}: {record}");
            assert!(time_ms <= record["cpu_ms"].as_f64().unwrap(), "{record}");
        }
        sources.insert(source);
    }
    assert!(sources.contains("minisat:cpu-time"), "{sources:?}");
}

/// A second Ctrl-C quits `compare` at once; the external solver it was waiting for runs
/// in a process group of its own (the terminal's signal never reaches it) and must not
/// run on: here Gecode counting every solution of the empty 25x25 grid with an hour's
/// budget, which no machine finishes. Its scratch folder goes too.
#[test]
fn a_second_ctrl_c_kills_the_external_solver_under_way() {
    if !external_available("minizinc", "minizinc") {
        return;
    }
    let _one_at_a_time = one_at_a_time();
    tag_this_process();
    let before = tagged_named("fzn-gecode");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("empty25.txt");
    std::fs::write(&file, crate::common::empty_25x25() + "\n").unwrap();
    let temp = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
        .env("TMPDIR", temp.path())
        .args(["compare", "-b", "ext:gecode", "--timeout", "3600"])
        .args(["--max-solutions", "1000000000"])
        .arg(&file)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Its standard error, line by line, as it comes.
    let (said, lines) = std::sync::mpsc::channel();
    let stderr = BufReader::new(child.stderr.take().unwrap());
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            if said.send(line).is_err() {
                break;
            }
        }
    });
    let start = Instant::now();
    while tagged_named("fzn-gecode") == before {
        assert!(start.elapsed() < slack() * 30, "Gecode never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = nix::unistd::Pid::from_raw(child.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    // The second Ctrl-C only once the first was taken (two signals sent while neither
    // is delivered yet would be one).
    let first_taken = Instant::now();
    loop {
        let left = (slack() * 30).saturating_sub(first_taken.elapsed());
        match lines.recv_timeout(left) {
            Ok(line) if line.starts_with("interrupted") => break,
            Ok(_) => {}
            Err(e) => panic!("compare never said it was interrupted: {e}"),
        }
    }
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let quit = Instant::now();
    while tagged_named("fzn-gecode") != before {
        assert!(
            quit.elapsed() < slack() * 2,
            "Gecode ran on after compare quit"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<_> = std::fs::read_dir(temp.path()).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}
