//! The command line as a user drives it: files, standard input, formats, errors and exit codes.

use crate::common::cli::{counts, err, out, run};
use crate::common::slack;
use std::time::Instant;

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn examples_run_with_no_file() {
    let o = run(&["solve", "--examples"], "");
    assert!(o.status.success(), "{}", err(&o));
    let verdicts: Vec<String> = out(&o)
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect();
    assert_eq!(
        verdicts,
        ["unique", "unique", "unique", "unique", "unique", "multiple", "none", "unique"]
    );
}

#[test]
fn standard_input_by_dash_or_by_default() {
    for args in [&["solve", "-"][..], &["solve"][..]] {
        let o = run(args, format!("{EASY}\n"));
        assert!(o.status.success());
        assert_eq!(out(&o), "unique\t534678912672195348198342567859761423426853791713924856961537284287419635345286179\n");
    }
}

#[test]
fn json_lines_carry_the_documented_fields() {
    let o = run(&["solve", "--format", "json", "--examples"], "");
    let lines: Vec<serde_json::Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 8);
    for (i, v) in lines.iter().enumerate() {
        assert_eq!(v["index"], i + 1);
        assert_eq!(v["backend"], "dlx");
        for key in [
            "verdict",
            "solution",
            "solutions_found",
            "time_ms",
            "stats",
            "cpu_ms",
        ] {
            assert!(v.get(key).is_some(), "missing {key} in {v}");
        }
        assert_eq!(
            (v["time_source"].as_str(), v["cpu_source"].as_str()),
            (Some("wall"), Some("thread"))
        );
        assert_eq!(v["time_resolution_ms"].as_f64(), Some(0.000_001));
        assert!(v["stats"]["nodes"].is_u64());
    }
    assert_eq!(lines[6]["verdict"], "none");
    assert!(lines[6]["solution"].is_null());
}

#[test]
fn first_stops_at_one_solution_and_says_solved() {
    let o = run(&["solve", "--first", "--format", "json", "--examples"], "");
    let v: serde_json::Value = serde_json::from_str(out(&o).lines().nth(5).unwrap()).unwrap();
    assert_eq!(
        (v["verdict"].as_str(), v["solutions_found"].as_u64()),
        (Some("solved"), Some(1))
    );
}

#[test]
fn grid_format_prints_the_layout() {
    let o = run(&["solve", "--format", "grid", "-"], EASY);
    let text = out(&o);
    assert!(text.contains("5 3 4 | 6 7 8 | 9 1 2\n"), "{text}");
    assert!(text.contains("------+-------+------\n"), "{text}");
    // The heading gives the time once, with its unit.
    let heading = text.lines().next().unwrap();
    let (_, time) = heading.split_once(" in ").unwrap();
    let units = ["µs", "ms", " s"];
    assert_eq!(
        units.iter().filter(|u| time.contains(*u)).count(),
        1,
        "{heading}"
    );
    // The grid output reads back as input.
    let again = run(&["solve"], &text);
    assert!(again.status.success(), "{}", err(&again));
    assert!(out(&again).starts_with("unique\t534678912"));
}

#[test]
fn count_reports_exact_counts_and_what_stopped_it() {
    let empty = ".".repeat(16);
    assert_eq!(out(&run(&["count"], &empty)), "<stdin>:1\t288\n");
    assert_eq!(counts(&run(&["count", "--variant", "x"], &empty)), ["48"]);
    assert_eq!(
        out(&run(&["count", "--max-solutions", "5"], &empty)),
        "<stdin>:1\tat least 5 (--max-solutions stopped the count)\n"
    );
}

#[test]
fn bad_input_exits_2_naming_file_line_and_cell() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let file = dir.join("bad.txt");
    let mut bad = EASY.to_string();
    bad.replace_range(22..23, "x");
    std::fs::write(&file, format!("# header\n{EASY}\n{bad}\n")).unwrap();
    let o = run(&["solve", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains(&format!("{}:3: r3c5: unknown symbol 'x'", file.display())),
        "{}",
        err(&o)
    );
    // Input is streamed: the answer before the bad line stays, and the message says the
    // run stopped there (never a partial result passed off as complete).
    assert_eq!(out(&o).lines().count(), 1, "{}", out(&o));
    assert!(
        err(&o).contains("the run stopped at this error: the 1 puzzle(s) before it"),
        "{}",
        err(&o)
    );

    let o = run(&["solve"], &EASY[..80]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("<stdin>:1: this line has 80 cells"),
        "{}",
        err(&o)
    );

    let o = run(&["solve", "no/such/file.txt"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("no/such/file.txt: cannot read"));

    for args in [
        &["solve", "--backend", "nope"][..],
        &["solve", "--timeout", "-1"],
        &["solve", "--box", "3by3"],
        &["solve", "--variant", "y"],
    ] {
        let o = run(args, EASY);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert!(!err(&o).contains("panicked"));
    }
}

/// A 36x36 puzzle with no solution that `dlx` cannot refute in time: givens of a solved
/// grid in rows 2 to 36 of columns 1 to 19, those of its digits 19 to 36, and a 19 in
/// row 1 at column 20, leave the first 19 cells of row 1 only the digits 1 to 18, and
/// its other 16 open cells 17 digits: pigeonholes of 19 into 18 and 17 into 16. A
/// search that branches with unit propagation alone meets them as pigeonholes, whose
/// refutations by such a search are believed exponential (`dlx` ran 60 s on it without
/// an answer, at some 300,000 nodes a second); a matching sees it at once, so GAC
/// proves it has no solution. As whitespace-separated numbers, `0` for an open cell.
fn pigeonhole_36() -> String {
    let n = 36;
    let solved = |r: usize, c: usize| (6 * (r % 6) + r / 6 + c) % n + 1;
    let mut cells = vec![0; n * n];
    for r in 1..n {
        for c in 0..19 {
            if solved(r, c) > 18 {
                cells[r * n + c] = solved(r, c);
            }
        }
    }
    cells[19] = 19;
    let text: Vec<String> = cells.iter().map(usize::to_string).collect();
    text.join(" ") + "\n"
}

#[test]
fn timeout_gives_unknown_and_returns_on_time() {
    let puzzle = pigeonhole_36();
    // The matching behind GAC sees it at once: the puzzle has no solution.
    let proof = run(&["solve", "-b", "csp:gac", "-"], &puzzle);
    assert_eq!(out(&proof), "none\t-\n", "{}", err(&proof));
    let start = Instant::now();
    let o = run(&["solve", "-b", "dlx", "--timeout", "0.5", "-"], &puzzle);
    let elapsed = start.elapsed();
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(out(&o), "unknown\t-\n");
    assert!(elapsed < slack() * 3 / 2, "{elapsed:?}");
}

#[test]
fn backends_lists_dlx_and_its_encoding() {
    let text = out(&run(&["backends"], ""));
    assert!(text.lines().any(|l| l.starts_with("dlx ")), "{text}");
    assert!(text.contains("exact-cover"));
}

#[test]
fn exact_cover_export_has_names_first_then_rows() {
    let o = run(&["export", "--encoding", "exact-cover", "-"], EASY);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    let mut lines = text.lines();
    let columns: Vec<&str> = lines.next().unwrap().split(' ').collect();
    // 51 blank cells: 51 cell columns, and 3 unit-value columns per blank cell.
    assert_eq!(columns.len(), 51 * 4);
    assert!(columns.contains(&"r1c3") && !columns.contains(&"r1c1"));
    for row in lines {
        assert!(row.split(' ').all(|c| columns.contains(&c)), "{row}");
    }
    let o = run(&["export", "--encoding", "sat-cubed", "-"], EASY);
    assert_eq!(o.status.code(), Some(2));
}
