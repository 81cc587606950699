//! Peak memory per solve and `--mem-limit`: a solve past the limit is stopped with the
//! verdict `memout`, never `wrong` and never a failure; the same solve with only a
//! deadline is `unknown`; a generous limit changes no verdict. The empty 25x25 grid is
//! the solve no machine finishes under a small limit: varisat needs 36-45 MB to find two
//! of its solutions, MiniSat 52 MB to find one, and counting them would never end.

use crate::common::cli::{err as stderr, out as stdout, run_no_stdin};
use crate::common::external::external_available;
use crate::common::files::{path_in, records};
use crate::common::*;
use std::time::Duration;
use sudoku_arena::backends::create;
use sudoku_arena::harness::Record;
use sudoku_arena::solver::{verify, SolveOptions, Verdict};

/// The empty 25x25 grid, in the repository.
const EMPTY_25: &str = "tests/data/large/inst25x25_0_0.txt";

/// A limit far below what varisat's 25x25 model takes, well above a worker's own size:
/// a dlx worker counting on the 25x25 peaks at 7.7 MB in the default build and at
/// 16.4 MB with every feature on (HiGHS, CBC and CaDiCaL linked in), where a limit of
/// 16 MB stopped it at random.
const SMALL_MB: u64 = 24;

/// The value of `column` in the CSV summary row of `backend`.
fn csv_cell(csv: &str, backend: &str, column: &str) -> String {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let i = header.iter().position(|h| *h == column).unwrap();
    let row = lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|r| r[1] == backend)
        .unwrap_or_else(|| panic!("no row for {backend}: {csv}"));
    row[i].to_string()
}

#[test]
fn counting_past_the_memory_limit_is_memout_in_the_record_and_the_table_and_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let (out, csv) = (path_in(&dir, "r.jsonl"), path_in(&dir, "t.csv"));
    let limit = SMALL_MB.to_string();
    let o = run_no_stdin(&[
        "compare",
        "-b",
        "dlx,sat",
        "--max-solutions",
        "1000000",
        "--mem-limit",
        &limit,
        "--timeout",
        "600",
        "--out",
        &out,
        "--csv",
        &csv,
        EMPTY_25,
        "examples/easy.txt",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rs = records(&out);
    let sat = rs
        .iter()
        .find(|r| r.backend == "sat:naive" && r.puzzle_index == 0)
        .unwrap();
    assert_eq!(sat.verdict, Verdict::Memout, "{sat:?}");
    assert!(!sat.timed_out && sat.failure.is_none() && sat.wrong.is_none());
    let peak = sat.peak_rss_kb.expect("a memout record gives its peak");
    assert!(peak > SMALL_MB * 1024, "{peak} kB is not past the limit");
    // Within the limit, every built-in backend solved in a worker and says its peak.
    for r in rs.iter().filter(|r| r.puzzle_index > 0) {
        assert!(r.verdict.is_decided(), "{r:?}");
        assert!(r.peak_rss_kb.is_some_and(|kb| kb > 0), "{r:?}");
    }
    let text = stdout(&o);
    assert!(text.contains("memout"), "{text}");
    assert!(text.contains("all verdicts agree"), "{text}");
    let table = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(csv_cell(&table, "sat:naive", "memout"), "1", "{table}");
    assert_eq!(csv_cell(&table, "dlx", "memout"), "0", "{table}");
    // A configuration with a memout is no `x fastest` baseline, as one with an unknown.
    assert_eq!(csv_cell(&table, "sat:naive", "ratio_to_fastest"), "NaN");
    assert_eq!(csv_cell(&table, "dlx", "ratio_to_fastest"), "1.0000");
}

#[test]
fn the_same_count_with_only_a_short_deadline_is_unknown() {
    let o = run_no_stdin(&[
        "solve",
        "-b",
        "sat",
        "--max-solutions",
        "1000000",
        "--timeout",
        "0.2",
        "--format",
        "json",
        EMPTY_25,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["verdict"], "unknown", "{v}");
    assert_eq!(v["timed_out"], true, "{v}");
}

#[test]
fn solve_and_count_say_memout_and_exit_0() {
    let limit = SMALL_MB.to_string();
    let o = run_no_stdin(&["solve", "-b", "sat", "--mem-limit", &limit, EMPTY_25]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "memout\t-\n");
    let o = run_no_stdin(&["count", "-b", "sat", "--mem-limit", &limit, EMPTY_25]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!("{EMPTY_25}:1\tat least 0 (--mem-limit stopped the count: memout)\n")
    );
}

#[test]
fn a_generous_limit_changes_no_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let (free, bounded) = (path_in(&dir, "free.jsonl"), path_in(&dir, "bounded.jsonl"));
    let common = ["compare", "-b", "dlx,fast,sat,csp", "examples/several.txt"];
    let o = run_no_stdin(&[&common[..], &["--out", &free]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run_no_stdin(&[&common[..], &["--out", &bounded, "--mem-limit", "4096"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let answers = |rs: &[Record]| -> Vec<(String, usize, Verdict, Option<String>)> {
        rs.iter()
            .map(|r| {
                (
                    r.backend.clone(),
                    r.puzzle_index,
                    r.verdict,
                    r.solution.clone(),
                )
            })
            .collect()
    };
    let (free, bounded) = (records(&free), records(&bounded));
    assert_eq!(answers(&free), answers(&bounded));
    // Without a limit dlx solves in the harness's process: no figure of its own.
    assert!(free
        .iter()
        .filter(|r| r.backend == "dlx")
        .all(|r| r.peak_rss_kb.is_none()));
    assert!(bounded.iter().all(|r| r.peak_rss_kb.is_some()));
}

#[test]
fn the_library_gives_the_peak_of_a_worker_solve_and_stops_one_past_the_limit() {
    let p = data_matrix("inst25x25_0_0.txt");
    let easy = data_puzzles("17_clue.txt", 1).remove(0);
    let limited = |mb: u64| SolveOptions {
        mem_limit: Some(mb << 20),
        ..SolveOptions::new(2, Some(Duration::from_secs(600)))
    };
    let mut sat = create("sat").unwrap();
    let out = sat.solve(&p, &limited(SMALL_MB));
    assert_eq!(out.verdict, Verdict::Memout);
    verify(&p, &out).unwrap();
    let out = sat.solve(&easy, &limited(4096));
    assert_eq!(out.verdict, Verdict::Unique);
    assert!(out.peak_rss_kb.is_some_and(|kb| kb < 4096 << 10));
    // In process (no limit), a figure would be the harness's own: none is given.
    let mut dlx = create("dlx").unwrap();
    assert_eq!(dlx.solve(&easy, &SolveOptions::default()).peak_rss_kb, None);
    // A limit below the worker's own resident size stops any solve.
    let out = dlx.solve(&easy, &limited(1));
    assert_eq!(out.verdict, Verdict::Memout);
}

#[test]
fn an_external_solver_past_the_limit_is_memout_with_its_processes_measured() {
    if !external_available("minisat", "minisat") {
        return;
    }
    let limit = SMALL_MB.to_string();
    let o = run_no_stdin(&[
        "solve",
        "-b",
        "ext:minisat",
        "--first",
        "--mem-limit",
        &limit,
        "--format",
        "json",
        EMPTY_25,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["verdict"], "memout", "{v}");
    assert_eq!(v["timed_out"], false, "{v}");
    assert!(v["peak_rss_kb"].as_u64().unwrap() > SMALL_MB * 1024, "{v}");
    // Without a limit, the same kind of solve gives its peak and its answer.
    let o = run_no_stdin(&[
        "solve",
        "-b",
        "ext:minisat",
        "--format",
        "json",
        "examples/easy.txt",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for line in stdout(&o).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["verdict"], "unique", "{v}");
    }
}

#[test]
fn help_defines_memout_and_a_bad_limit_is_a_usage_error() {
    for command in ["solve", "compare", "count"] {
        let help = stdout(&run_no_stdin(&[command, "--help"]));
        assert!(
            help.contains("--mem-limit") && help.contains("memout"),
            "{command} --help: {help}"
        );
    }
    for bad in ["0", "-5", "1.5", "lots"] {
        let o = run_no_stdin(&["solve", "--mem-limit", bad, "examples/easy.txt"]);
        assert_eq!(o.status.code(), Some(2), "--mem-limit {bad}");
        assert!(stderr(&o).contains("--mem-limit"), "{}", stderr(&o));
        assert!(o.stdout.is_empty());
    }
}
