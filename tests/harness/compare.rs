//! The comparison harness driven as a user drives it: verdicts of every backend on
//! puzzles with two solutions and none, resuming an interrupted run, shards and merge.

use crate::common::cli::run_no_stdin;
use crate::common::files::{path_in, records};
use std::process::Command;
use sudoku_arena::harness::summarize;
use sudoku_arena::harness::Record;

/// The parts of a summary that do not depend on timing.
fn stable_summary(rs: &[Record]) -> Vec<String> {
    let s = summarize(rs);
    let mut rows: Vec<String> = s
        .backends
        .iter()
        .map(|b| {
            format!(
                "{} {} {} {} {} {} {} {} {} {}",
                b.backend,
                b.puzzles,
                b.solved,
                b.unique,
                b.multiple,
                b.none,
                b.unknown,
                b.wrong,
                b.mean_effort,
                b.mean_variables
            )
        })
        .collect();
    rows.push(format!("puzzles {} clean {}", s.puzzles, s.clean()));
    rows
}

#[test]
fn every_backend_says_multiple_and_none_where_it_should() {
    let dir = tempfile::tempdir().unwrap();
    let input = path_in(&dir, "two-and-none.txt");
    std::fs::write(
        &input,
        "# two solutions (the first serg puzzle), then none (the newspaper puzzle with r1c3 = 2)\n\
         8.........95.......76.........426798...571243...893165......916....3.487....1.532\n\
         532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    )
    .unwrap();
    let out = path_in(&dir, "two-and-none.jsonl");
    let o = run_no_stdin(&[
        "compare",
        "--backends",
        "all",
        "--timeout",
        "30",
        "--out",
        &out,
        &input,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rs = records(&out);
    let backends: std::collections::BTreeSet<&str> =
        rs.iter().map(|r| r.backend.as_str()).collect();
    assert!(backends.contains("dlx") && backends.contains("rules:ladder"));
    for r in &rs {
        let expected = if r.puzzle_index == 0 {
            "multiple"
        } else {
            "none"
        };
        // The rule ladder may stop stuck (`unknown`) and the ant colony proves nothing
        // (`solved` or `unknown`) by design; neither may ever be wrong.
        let partial = sudoku_arena::backends::lookup(&r.backend)
            .unwrap()
            .0
            .partial;
        let expected_verdict = sudoku_arena::solver::Verdict::from_name(expected).unwrap();
        assert!(r.verdict.agrees_with(expected_verdict), "{}", r.backend);
        if !partial || r.verdict.is_decided() {
            assert_eq!(
                r.verdict.name(),
                expected,
                "{} on puzzle {}",
                r.backend,
                r.puzzle_index
            );
        }
        assert!(r.wrong.is_none());
    }
    assert_eq!(rs.len(), 2 * backends.len());
}

#[test]
fn a_resumed_run_gives_the_same_summary_as_an_uninterrupted_one() {
    let dir = tempfile::tempdir().unwrap();
    let full = path_in(&dir, "full.jsonl");
    let o = run_no_stdin(&[
        "compare",
        "--backends",
        "dlx",
        "--limit",
        "40",
        "--out",
        &full,
        "tests/data/forum_hardest_1106.txt",
    ]);
    assert!(o.status.success());
    let complete = records(&full);
    assert_eq!(complete.len(), 40);

    // Interrupt: keep the header and 13 whole results, and half of the 14th, as a
    // killed run leaves it.
    let text = std::fs::read_to_string(&full).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let cut = format!(
        "{}\n{}",
        lines[..14].join("\n"),
        &lines[14][..lines[14].len() / 2]
    );
    let partial = path_in(&dir, "partial.jsonl");
    std::fs::write(&partial, cut).unwrap();
    let o = run_no_stdin(&[
        "compare",
        "--backends",
        "dlx",
        "--limit",
        "40",
        "--out",
        &partial,
        "--resume",
        "tests/data/forum_hardest_1106.txt",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("13 already in"));
    let resumed = records(&partial);
    assert_eq!(resumed.len(), 40, "13 kept, 27 run, the half line dropped");
    assert_eq!(stable_summary(&resumed), stable_summary(&complete));
    let mut a: Vec<_> = complete
        .iter()
        .map(|r| (r.puzzle_index, r.verdict, r.solution.clone()))
        .collect();
    let mut b: Vec<_> = resumed
        .iter()
        .map(|r| (r.puzzle_index, r.verdict, r.solution.clone()))
        .collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn shards_merge_into_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let whole = path_in(&dir, "whole.jsonl");
    assert!(run_no_stdin(&[
        "compare",
        "-b",
        "dlx",
        "--limit",
        "30",
        "--out",
        &whole,
        "tests/data/17_clue.txt"
    ])
    .status
    .success());
    let mut shards = Vec::new();
    for k in 1..=3 {
        let path = path_in(&dir, &format!("shard{k}.jsonl"));
        assert!(run_no_stdin(&[
            "compare",
            "-b",
            "dlx",
            "--limit",
            "30",
            "--shard",
            &format!("{k}/3"),
            "--out",
            &path,
            "tests/data/17_clue.txt"
        ])
        .status
        .success());
        assert_eq!(records(&path).len(), 10);
        shards.push(path);
    }
    let md = path_in(&dir, "merged.md");
    let mut args = vec!["merge", "--markdown", &md];
    args.extend(shards.iter().map(String::as_str));
    let o = run_no_stdin(&args);
    assert!(o.status.success());
    let merged: Vec<Record> = shards.iter().flat_map(|p| records(p)).collect();
    assert_eq!(stable_summary(&merged), stable_summary(&records(&whole)));
    assert!(std::fs::read_to_string(md)
        .unwrap()
        .contains("| dlx | 30 | 0 | 30 |"));
}

#[test]
fn the_embedded_set_writes_table_csv_and_plot() {
    let dir = tempfile::tempdir().unwrap();
    let (csv, svg) = (path_in(&dir, "e.csv"), path_in(&dir, "e.svg"));
    let o = run_no_stdin(&["compare", "-b", "dlx", "--csv", &csv, "--plot", &svg]);
    assert!(o.status.success());
    let table = String::from_utf8(o.stdout).unwrap();
    assert!(table.contains("all verdicts agree"), "{table}");
    assert!(std::fs::read_to_string(csv)
        .unwrap()
        .starts_with("file,backend,puzzles,"));
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("dlx"));
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["compare", "-b", "nope"][..],
        &["compare", "--shard", "4/3"],
        &["compare", "--resume"],
        &["compare", "missing.txt"],
    ] {
        let o = run_no_stdin(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn limit_takes_the_first_puzzles_of_each_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = path_in(&dir, "limit.jsonl");
    let o = run_no_stdin(&[
        "compare",
        "-b",
        "dlx",
        "--limit",
        "3",
        "--out",
        &out,
        "tests/data/17_clue.txt",
        "tests/data/forum_hardest_1106.txt",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rs = records(&out);
    assert_eq!(rs.len(), 6);
    let from_hardest = rs
        .iter()
        .filter(|r| r.source.contains("forum_hardest"))
        .count();
    assert_eq!(from_hardest, 3);
}

#[test]
fn each_record_says_which_clocks_its_times_come_from() {
    let dir = tempfile::tempdir().unwrap();
    let out = path_in(&dir, "r.jsonl");
    // `sat` with a budget solves in a worker process; `dlx` in this one.
    let o = run_no_stdin(&[
        "compare",
        "-b",
        "dlx,sat",
        "--timeout",
        "60",
        "--out",
        &out,
        "examples/easy.txt",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rs = records(&out);
    assert!(rs.len() >= 4);
    for r in &rs {
        let what = format!("{} on {}", r.backend, r.source);
        assert_eq!(r.clocks.time_source, "wall", "{what}");
        assert_eq!(r.clocks.time_resolution_ms, 0.000_001, "{what}");
        assert_eq!(r.clocks.cpu_source, "thread", "{what}");
        // One thread's CPU time fits in the wall time around it (2 ns for the rounding).
        assert!(
            r.cpu_ms > 0.0 && r.cpu_ms <= r.time_ms + 0.000_002,
            "{what}: {r:?}"
        );
        assert_eq!(r.transport_ms > 0.0, r.backend == "sat:naive", "{what}");
    }
    let line = std::fs::read_to_string(&out).unwrap();
    for field in [
        "\"cpu_ms\":",
        "\"time_source\":\"wall\"",
        "\"time_resolution_ms\":1e-6",
    ] {
        assert!(line.contains(field), "{field} missing: {line}");
    }
}

#[test]
fn more_jobs_than_cores_is_warned_of() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let over = (cores + 1).to_string();
    let o = run_no_stdin(&["compare", "-b", "dlx", "--jobs", &over]);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!(
            "warning: --jobs {over} runs more solves at once than the {cores} core(s)"
        )),
        "{err}"
    );
    let o = run_no_stdin(&["compare", "-b", "dlx", "--jobs", &cores.to_string()]);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("warning: --jobs"));
}

#[test]
fn the_csv_quotes_a_file_name_with_a_comma_and_a_quote() {
    let dir = tempfile::tempdir().unwrap();
    let input = path_in(&dir, "set, \"one\".txt");
    std::fs::write(
        &input,
        std::fs::read_to_string("examples/easy.txt").unwrap(),
    )
    .unwrap();
    let csv = path_in(&dir, "t.csv");
    let o = run_no_stdin(&[
        "compare",
        "-b",
        "dlx,fast",
        "--by-file",
        "--csv",
        &csv,
        &input,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut reader = ::csv::Reader::from_path(&csv).unwrap();
    let width = reader.headers().unwrap().len();
    let rows: Vec<::csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let files: Vec<&str> = rows.iter().map(|r| &r[0]).collect();
    assert_eq!(files, ["all", "all", &input, &input]);
    assert!(rows.iter().all(|r| r.len() == width));
}

#[test]
fn repeat_records_every_time_and_the_median_and_gives_confidence_intervals() {
    let dir = tempfile::tempdir().unwrap();
    let results = path_in(&dir, "r.jsonl");
    let results = results.as_str();
    let o = run_no_stdin(&[
        "compare",
        "-b",
        "dlx,fast",
        "--repeat",
        "3",
        "--warmup",
        "1",
        "--out",
        results,
        "examples/easy.txt",
    ]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert!(o.status.success(), "{stderr}");
    assert!(stdout.contains("Over 3 rounds"), "{stdout}");
    let records = records(results);
    assert_eq!(records.len(), 8);
    for r in &records {
        assert_eq!(r.repeat_times_ms.len(), 3, "{r:?}");
        let mut t = r.repeat_times_ms.clone();
        t.sort_by(f64::total_cmp);
        assert!(
            (r.time_ms - t[1]).abs() < 0.002,
            "the median of {t:?}: {}",
            r.time_ms
        );
        let s = r.settings.as_ref().unwrap();
        assert_eq!((s.repeat, s.warmup), (3, 1));
    }
    // Going on with another --repeat would mix medians of other counts: refused.
    let o = run_no_stdin(&[
        "compare",
        "-b",
        "dlx,fast",
        "--repeat",
        "5",
        "--warmup",
        "1",
        "--out",
        results,
        "--resume",
        "examples/easy.txt",
    ]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--repeat 3 (this run: 5)"), "{stderr}");
}

#[test]
fn every_results_line_is_what_serde_json_writes_for_the_record_it_reads_back_as() {
    // A unique puzzle, one with givens that repeat (a conflict named) and one with many
    // solutions.
    let dir = tempfile::tempdir().unwrap();
    let input = path_in(&dir, "mixed.txt");
    std::fs::write(
        &input,
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
         55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
         53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.........\n",
    )
    .unwrap();
    let out = path_in(&dir, "r.jsonl");
    let o = run_no_stdin(&["compare", "-b", "fast,dlx,rules", "--out", &out, &input]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.contains("\"kind\":\"header\"")) {
        let record: Record = serde_json::from_str(line).unwrap();
        assert_eq!(serde_json::to_string(&record).unwrap(), line);
        checked += 1;
    }
    assert_eq!(checked, 9, "{text}");
    for field in [
        "\"conflict\":",
        "\"verdict\":\"multiple\"",
        "\"verdict\":\"none\"",
    ] {
        assert!(text.contains(field), "no {field} in {text}");
    }
}

#[test]
fn why_a_solve_failed_reaches_a_standard_error_that_is_no_terminal() {
    // A `minisat` that prints no answer: every solve fails. Standard error is a pipe
    // here, where the progress bar is hidden; the reason must still be printed.
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("minisat");
    std::fs::write(&fake, "#!/bin/sh\necho garbage\nexit 3\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        dir.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
        .args(["compare", "-b", "dlx,ext:minisat", "examples/easy.txt"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", path)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    let failed = err
        .lines()
        .filter(|l| l.starts_with("FAILED: ext:minisat on ") && l.contains("printed no"))
        .count();
    assert_eq!(failed, 4, "one line per failed solve, saying why:\n{err}");
}
