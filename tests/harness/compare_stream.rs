//! `compare` streams its input: puzzles are solved as they are read, so its
//! memory does not grow with the number of puzzles beyond the small entry the summary
//! keeps per solve; bad input in a file still stops the run before any solve, and on
//! standard input (read once) after the puzzles before it; --shard and --resume give
//! the same results as a whole run, from a file or from standard input.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use sudoku_arena::harness::Record;

use crate::common::cli::{command, err, feed_open, out, run, vm_hwm_kb};
use crate::common::files::{path_in, records};
use crate::common::slack;
const EXE: &str = env!("CARGO_BIN_EXE_sudoku-arena");
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The complete result lines in a results file (its header left out).
fn lines_in(path: &str) -> usize {
    std::fs::read(path).map_or(0, |t| {
        String::from_utf8_lossy(&t)
            .split_inclusive('\n')
            .filter(|l| l.ends_with('\n') && !l.starts_with("{\"kind\":\"header\""))
            .count()
    })
}

/// What a run found, without timings and whatever file it names (a file's or the
/// pipe's): (backend, index, puzzle, verdict, solution).
fn results(rs: &[Record]) -> BTreeSet<(String, usize, String, String, Option<String>)> {
    rs.iter()
        .map(|r| {
            (
                r.backend.clone(),
                r.puzzle_index,
                r.puzzle.clone(),
                r.verdict.name().to_string(),
                r.solution.clone(),
            )
        })
        .collect()
}

/// The peak resident memory (VmHWM, kB) of `compare -b dlx` fed `count` solved grids on
/// a pipe kept open: once every result is in the --out file, the memory is read while
/// the command still waits for more input. A result that does not come while the input
/// is open means the command does not stream: a failure.
fn stdin_peak_kb(count: usize) -> u64 {
    let dir = tempfile::tempdir().unwrap();
    let results = path_in(&dir, "r.jsonl");
    let mut child = command(&["compare", "-b", "dlx", "--out", &results])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let writer = feed_open(&mut child, EASY_SOLVED, count);
    let start = Instant::now();
    while lines_in(&results) < count {
        if start.elapsed() > slack() * 60 {
            let _ = child.kill();
            panic!(
                "{} of {count} results came while the input was open",
                lines_in(&results)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let kb = vm_hwm_kb(pid);
    drop(writer.join().unwrap()); // the end of the input
    assert!(child.wait().unwrap().success());
    assert_eq!(records(&results).len(), count);
    kb
}

/// The peak resident memory (kB, by GNU time) of `compare -b dlx` on a file of `count`
/// solved grids, with the table checked; `None` when GNU time is not installed.
fn file_peak_kb(count: usize) -> Option<u64> {
    let time = "/usr/bin/time";
    if !std::path::Path::new(time).exists() {
        // CI installs it (.ci/run) and says so: there, a missing one is a failure.
        assert!(
            std::env::var_os("SUDOKU_ARENA_REQUIRE_EXTERNAL").is_none(),
            "{time} is missing (Debian package `time`), and SUDOKU_ARENA_REQUIRE_EXTERNAL is set"
        );
        eprintln!(
            "{time} is missing (Debian package `time`): peak memory of a file run not measured"
        );
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = path_in(&dir, "grids.txt");
    std::fs::write(&path, format!("{EASY_SOLVED}\n").repeat(count)).unwrap();
    let o = Command::new(time)
        .args(["-f", "peak-rss-kb %M", EXE, "compare", "-b", "dlx", &path])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        out(&o).contains(&format!("{count} puzzles: every answer passed")),
        "{}",
        out(&o)
    );
    err(&o)
        .lines()
        .find_map(|l| l.strip_prefix("peak-rss-kb "))
        .and_then(|k| k.trim().parse().ok())
}

/// Ten times the puzzles may cost the summary's entries (128 bytes per solve, and
/// 384 allowed for the vector's spare room and the summary's sorting) and 2 MB of
/// slack; holding the puzzles or whole records (about 1,800 bytes each before the
/// input was streamed) would not fit.
fn allowed_kb(small: usize, large: usize) -> u64 {
    ((large - small) * 384 / 1024 + 2048) as u64
}

#[test]
fn memory_does_not_grow_with_the_puzzles_streamed_through_compare() {
    let (small, large) = (3_000, 30_000);
    let a = stdin_peak_kb(small);
    let b = stdin_peak_kb(large);
    eprintln!(
        "peak resident memory of compare on a pipe: {a} kB for {small} puzzles, {b} kB for {large}"
    );
    assert!(
        b <= a + allowed_kb(small, large),
        "pipe: peak {b} kB for {large} puzzles against {a} kB for {small}"
    );
    if let (Some(a), Some(b)) = (file_peak_kb(small), file_peak_kb(large)) {
        eprintln!("peak resident memory of compare on a file: {a} kB for {small} puzzles, {b} kB for {large}");
        assert!(
            b <= a + allowed_kb(small, large),
            "file: peak {b} kB for {large} puzzles against {a} kB for {small}"
        );
    }
}

/// Three good puzzles, a bad one on line 4, two more good ones.
fn bad_in_the_middle() -> String {
    format!(
        "{EASY}\n{EASY_SOLVED}\n{EASY}\n{}x\n{EASY}\n{EASY}\n",
        &EASY[..80]
    )
}

#[test]
fn bad_input_in_a_file_stops_before_any_solve() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_in(&dir, "mid.txt");
    std::fs::write(&path, bad_in_the_middle()).unwrap();
    let results = path_in(&dir, "r.jsonl");
    let csv = path_in(&dir, "t.csv");
    for jobs in ["1", "2"] {
        let o = run(
            &[
                "compare", "-b", "dlx,csp", "--jobs", jobs, "--out", &results, "--csv", &csv, &path,
            ],
            b"",
        );
        assert_refused_writing_nothing(&o, &format!("{path}:4"), &[&results, &csv]);
    }
}

/// A run refused for the bad puzzle at `place` (file:line, whose last cell holds an
/// `x`): exit status 2, the error alone (no announcement, no table), none of `outputs`.
fn assert_refused_writing_nothing(o: &std::process::Output, place: &str, outputs: &[&str]) {
    assert_eq!(o.status.code(), Some(2), "{}", err(o));
    let named = format!("{place}: r9c9: unknown symbol 'x'");
    assert!(err(o).contains(&named), "{}", err(o));
    assert!(!err(o).contains("comparing"), "{}", err(o));
    assert_eq!(out(o), "", "no table");
    for output in outputs {
        assert!(!std::path::Path::new(output).exists(), "{output} written");
    }
}

#[test]
fn a_bad_file_named_beside_standard_input_stops_before_any_solve() {
    // With `-` among the inputs the run streams, but the files are still checked first
    // (found in review: the puzzles read before a bad file were solved and written).
    let dir = tempfile::tempdir().unwrap();
    let path = path_in(&dir, "mid.txt");
    std::fs::write(&path, bad_in_the_middle()).unwrap();
    let results = path_in(&dir, "r.jsonl");
    let o = run(
        &["compare", "-b", "dlx", "--out", &results, "-", &path],
        format!("{EASY}\n{EASY}\n").as_bytes(),
    );
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains(&format!("{path}:4")), "{}", err(&o));
    assert!(!err(&o).contains("comparing"), "{}", err(&o));
    assert_eq!(out(&o), "", "no table");
    assert!(!std::path::Path::new(&results).exists(), "no results file");
}

#[test]
fn an_existing_results_file_is_replaced_only_at_the_first_result() {
    let dir = tempfile::tempdir().unwrap();
    let results = path_in(&dir, "r.jsonl");
    let good = path_in(&dir, "good.txt");
    std::fs::write(&good, format!("{EASY}\n").repeat(3)).unwrap();
    let o = run(&["compare", "-b", "dlx,csp", "--out", &results, &good], b"");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(lines_in(&results), 6);
    // Bad standard input at its first puzzle, with --force: nothing was solved, so the
    // six results stay (found in review: the file was removed).
    let o = run(
        &["compare", "-b", "dlx", "--force", "--out", &results],
        b"123\n",
    );
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert_eq!(lines_in(&results), 6);
    // A run that writes results replaces the file whole: one solve, one line.
    let o = run(
        &["compare", "-b", "dlx", "--force", "--out", &results, "-"],
        format!("{EASY}\n").as_bytes(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(lines_in(&results), 1);
    assert_eq!(records(&results)[0].backend, "dlx");
}

#[test]
fn bad_input_on_standard_input_stops_after_the_puzzles_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let results = path_in(&dir, "r.jsonl");
    let csv = path_in(&dir, "t.csv");
    for jobs in ["1", "2"] {
        let _ = std::fs::remove_file(&results);
        let o = run(
            &[
                "compare", "-b", "dlx,csp", "--jobs", jobs, "--out", &results, "--csv", &csv,
            ],
            bad_in_the_middle().as_bytes(),
        );
        assert_eq!(o.status.code(), Some(2), "{}", err(&o));
        for needle in [
            "<stdin>:4: r9c9: unknown symbol 'x'",
            "the run stopped at this error: the 3 puzzle(s) before it were compared in the table above",
            "the rest of the input was not read",
            "not written",
        ] {
            assert!(err(&o).contains(needle), "{needle}: {}", err(&o));
        }
        // The three puzzles before the error, every backend on each, and nothing after.
        assert!(
            out(&o).contains("3 puzzles: every answer passed"),
            "{}",
            out(&o)
        );
        let rs = records(&results);
        let indices: BTreeSet<usize> = rs.iter().map(|r| r.puzzle_index).collect();
        assert_eq!(rs.len(), 6);
        assert_eq!(indices, BTreeSet::from([0, 1, 2]));
        assert!(
            !std::path::Path::new(&csv).exists(),
            "a CSV would look whole"
        );
    }
    // Bad from the first line: nothing solved, no table, no results file left behind.
    let _ = std::fs::remove_file(&results);
    let o = run(&["compare", "-b", "dlx", "--out", &results], b"12x\n");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("<stdin>:1:"), "{}", err(&o));
    assert!(!err(&o).contains("the run stopped"), "{}", err(&o));
    assert_eq!(out(&o), "");
    assert!(!std::path::Path::new(&results).exists());
}

/// Two solutions (from examples/several.txt).
const SEVERAL: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
/// No solution: the newspaper puzzle with r1c3 = 2 (examples/none.txt).
const NONE: &str =
    "532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A set of 30 puzzles: hard ones, one with several solutions, one with none.
fn thirty() -> String {
    let hard = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/magictour_top1465.txt"),
    )
    .unwrap();
    let mut lines: Vec<String> = hard.lines().take(28).map(String::from).collect();
    lines.insert(5, SEVERAL.to_string());
    lines.insert(17, NONE.to_string());
    lines.join("\n") + "\n"
}

#[test]
fn shards_and_resume_give_the_results_of_a_whole_run_from_a_file_or_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_in(&dir, "thirty.txt");
    std::fs::write(&path, thirty()).unwrap();
    let backends = "dlx,csp";
    let whole = path_in(&dir, "whole.jsonl");
    let o = run(&["compare", "-b", backends, "--out", &whole, &path], b"");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let whole = results(&records(&whole));
    assert_eq!(whole.len(), 60);
    let verdicts: BTreeSet<&str> = whole.iter().map(|r| r.3.as_str()).collect();
    assert!(
        verdicts.contains("multiple") && verdicts.contains("none"),
        "{verdicts:?}"
    );
    let from_pipe = |args: &[&str]| -> BTreeSet<_> {
        let piped_out = path_in(&dir, "pipe.jsonl");
        let _ = std::fs::remove_file(&piped_out);
        let mut all = vec!["compare", "-b", backends, "--out", &piped_out];
        all.extend(args);
        let o = run(&all, thirty().as_bytes());
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        results(&records(&piped_out))
    };
    // The whole run on a pipe: the same results, the file named <stdin>.
    assert_eq!(from_pipe(&[]), whole);
    // Shards, from the file and from the pipe, make up the whole.
    let mut from_file = BTreeSet::new();
    let mut piped = BTreeSet::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let part = path_in(&dir, &format!("shard{k}.jsonl"));
        let o = run(
            &[
                "compare", "-b", backends, "--shard", &shard, "--out", &part, &path,
            ],
            b"",
        );
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        let rs = records(&part);
        assert_eq!(rs.len(), 20);
        assert!(rs.iter().all(|r| r.puzzle_index % 3 == k - 1));
        from_file.extend(results(&rs));
        piped.extend(from_pipe(&["--shard", &shard]));
    }
    assert_eq!(from_file, whole);
    assert_eq!(piped, whole);
    // Resume after an interruption (the header, 23 results and half a line kept), from
    // the file and from the pipe: only the rest runs, and together they are the whole.
    let full = path_in(&dir, "full.jsonl");
    run(&["compare", "-b", backends, "--out", &full, &path], b"");
    let text = std::fs::read_to_string(&full).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let cut = format!("{}\n{}", lines[..24].join("\n"), &lines[24][..40]);
    for piped in [false, true] {
        let partial = path_in(&dir, "partial.jsonl");
        std::fs::write(&partial, &cut).unwrap();
        let mut args = vec!["compare", "-b", backends, "--out", &partial, "--resume"];
        if !piped {
            args.push(&path);
        }
        let o = run(&args, thirty().as_bytes());
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        assert!(err(&o).contains("23 already in"), "{}", err(&o));
        let expect_run = if piped {
            "37 solves run"
        } else {
            "37 solves to run"
        };
        assert!(err(&o).contains(expect_run), "{}", err(&o));
        assert!(
            out(&o).contains("30 puzzles: every answer passed"),
            "{}",
            out(&o)
        );
        let rs = records(&partial);
        assert_eq!(rs.len(), 60);
        assert_eq!(results(&rs), whole);
    }
}

#[test]
fn ctrl_c_on_a_quiet_pipe_stops_without_waiting_for_more_input() {
    let dir = tempfile::tempdir().unwrap();
    let results = path_in(&dir, "r.jsonl");
    let mut child = command(&["compare", "-b", "dlx", "--out", &results])
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input
        .write_all(format!("{EASY}\n{EASY_SOLVED}\n{EASY}\n").as_bytes())
        .unwrap();
    input.flush().unwrap();
    let start = Instant::now();
    while lines_in(&results) < 3 {
        assert!(
            start.elapsed() < slack() * 60,
            "the three puzzles were not solved while the input was open"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // The pipe stays open and quiet: the run must still end on Ctrl-C.
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(child.wait_with_output()));
    let o = match rx.recv_timeout(slack() * 60) {
        Ok(o) => o.unwrap(),
        Err(_) => panic!("compare waited for more input after Ctrl-C"),
    };
    drop(input);
    assert_eq!(o.status.code(), Some(130), "{}", err(&o));
    assert!(
        err(&o).contains("interrupted after 3 solves"),
        "{}",
        err(&o)
    );
    assert!(
        out(&o).contains("3 puzzles: every answer passed"),
        "{}",
        out(&o)
    );
    assert_eq!(records(&results).len(), 3);
}

#[test]
fn bad_input_checked_beside_the_solving_still_refuses_the_run_and_writes_nothing() {
    // No results file and quick in-process configurations: the input is checked while
    // the solving runs. A bad last puzzle still ends the run with its error alone.
    let dir = tempfile::tempdir().unwrap();
    let path = path_in(&dir, "end.txt");
    std::fs::write(
        &path,
        format!("{}{}x\n", format!("{EASY}\n").repeat(200), &EASY[..80]),
    )
    .unwrap();
    let csv = path_in(&dir, "t.csv");
    let o = run(&["compare", "-b", "fast,dlx", "--csv", &csv, &path], b"");
    assert_refused_writing_nothing(&o, &format!("{path}:201"), &[&csv]);
}
