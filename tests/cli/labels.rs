//! Every output names what it is about and fits where it is read: `count` and `rate`
//! name each puzzle by file and line (and name), the help states the levels the rater
//! gives, tables fit an 80-column terminal and are whole in a pipe, and a name that is
//! not known gets the nearest one offered.

use crate::common::cli::{err, out, run, run_no_stdin};
use std::process::{Command, Stdio};

const HARD: &str = "examples/hard.txt";

/// The lines of `file` that hold a puzzle (neither blank nor a comment), numbered from 1.
fn puzzle_lines(file: &str) -> Vec<usize> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, _)| i + 1)
        .collect()
}

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn count_names_each_puzzle_by_file_and_line() {
    let lines = puzzle_lines(HARD);
    let o = run_no_stdin(&["count", HARD]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    let places: Vec<&str> = text
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(places.len(), lines.len(), "{text}");
    for (place, line) in places.iter().zip(&lines) {
        assert!(place.starts_with(&format!("{HARD}:{line}")), "{place}");
    }
    assert_eq!(places[3], format!("{HARD}:{} (AI Escargot)", lines[3]));
    assert!(text.lines().all(|l| l.ends_with("\t1")), "{text}");
}

#[test]
fn count_json_says_where_how_many_and_whether_the_count_is_exact() {
    let dir = tempfile::tempdir().unwrap();
    let file = crate::common::files::write(
        &dir,
        "two.txt",
        format!(
            "{} # empty\n# a comment\n{}\n",
            ".".repeat(16),
            ".".repeat(16)
        ),
    );
    let o = run_no_stdin(&["count", "--format", "json", "--max-solutions", "100", &file]);
    assert!(o.status.success(), "{}", err(&o));
    let records = json_lines(&out(&o));
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["file"], file.as_str());
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[0]["name"], "empty");
    assert_eq!(records[0]["solutions"], 100);
    assert_eq!(records[0]["exact"], false);
    assert_eq!(records[0]["stopped_by"], "max-solutions");
    assert_eq!(records[1]["line"], 3);
    assert!(records[1]["name"].is_null());
    assert_eq!(records[1]["backend"], "dlx");
    let o = run_no_stdin(&["count", "--format", "json", &file]);
    let records = json_lines(&out(&o));
    assert_eq!(records[1]["solutions"], 288);
    assert_eq!(records[1]["exact"], true);
    assert!(records[1]["stopped_by"].is_null());
    assert!(records[1]["time_ms"].as_f64().is_some_and(|t| t > 0.0));
}

#[test]
fn rate_names_puzzles_by_line_in_every_mode() {
    let lines = puzzle_lines(HARD);
    let escargot = format!("{HARD}:{} (AI Escargot)", lines[3]);
    let text = out(&run_no_stdin(&["rate", HARD]));
    let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(rows.len(), lines.len());
    for (row, line) in rows.iter().zip(&lines) {
        assert!(row.starts_with(&format!("{HARD}:{line}")), "{row}");
    }
    assert!(rows[3].starts_with(&format!("{escargot}\t")), "{}", rows[3]);
    // --stuck keeps the name too (every puzzle of the file leaves the ladder stuck).
    let stuck = out(&run_no_stdin(&["rate", "--stuck", HARD]));
    let row = stuck.lines().nth(3).unwrap();
    assert!(
        row.starts_with(&format!("{escargot}\tstuck after")),
        "{row}"
    );
    for format in [&["--format", "json"][..], &["--stuck", "--format", "json"]] {
        let o = run_no_stdin(&[&["rate", HARD][..], format].concat());
        let records = json_lines(&out(&o));
        let record = &records[3];
        assert_eq!(record["line"], lines[3], "{format:?}");
        assert_eq!(record["index"], 4, "{format:?}");
        assert_eq!(record["name"], "AI Escargot", "{format:?}");
    }
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("r.csv");
    let o = run_no_stdin(&["rate", "--csv", csv.to_str().unwrap(), HARD]);
    assert!(o.status.success(), "{}", err(&o));
    let table = std::fs::read_to_string(&csv).unwrap();
    let mut reader = csv::Reader::from_reader(table.as_bytes());
    let head = reader.headers().unwrap().clone();
    let column = |name: &str| head.iter().position(|h| h == name).unwrap();
    let row = reader.records().nth(3).unwrap().unwrap();
    assert_eq!(row[column("line")], lines[3].to_string());
    assert_eq!(row[column("name")], *"AI Escargot");
}

#[test]
fn the_help_states_every_level_the_rater_gives() {
    let o = run(
        &["rate"],
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    );
    let highest = out(&o)
        .lines()
        .filter_map(|l| l.strip_prefix("# level ")?.split(':').next()?.parse().ok())
        .max()
        .expect("the summary lists the levels");
    let _: u32 = highest;
    for command in ["rate", "generate"] {
        let help = out(&run_no_stdin(&[command, "--help"]));
        let folded = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            folded.contains(&format!("0 to {highest}")),
            "{command} --help does not give the levels 0 to {highest}:\n{help}"
        );
        assert!(
            !folded.contains(&format!("0 to {}", highest - 1)),
            "{command} --help: {help}"
        );
    }
}

/// Runs the binary with `args` with standard output on a terminal (a pseudo-terminal
/// from util-linux's `script`) of `columns` columns; its standard output without
/// carriage returns (standard error is dropped).
fn on_terminal(columns: usize, args: &[&str]) -> String {
    let mut line = String::from(env!("CARGO_BIN_EXE_sudoku-arena"));
    for a in args {
        line.push(' ');
        line.push_str(a);
    }
    line.push_str(" 2>/dev/null");
    let o = Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .env("COLUMNS", columns.to_string())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("script (util-linux) runs");
    assert!(o.status.success(), "{line}: {}", err(&o));
    out(&o).replace('\r', "")
}

/// The longest line of `text`, in characters.
fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

#[test]
fn compare_fits_an_80_column_terminal_and_is_whole_in_a_pipe() {
    let args = ["compare", "-b", "dlx,sat:reduced,csp:gac", "--examples"];
    let narrow = on_terminal(80, &args);
    assert!(widest(&narrow) <= 80, "{narrow}");
    for kept in ["backend", "unique", "median", "p90", "sat:reduced"] {
        assert!(narrow.contains(kept), "{kept} missing:\n{narrow}");
    }
    assert!(
        narrow.contains("Left out to fit the terminal: "),
        "{narrow}"
    );
    let whole = out(&run_no_stdin(&args));
    assert!(widest(&whole) > 120, "{whole}");
    assert!(
        whole.contains("vars / cons") && !whole.contains("Left out"),
        "{whole}"
    );
    let wide = on_terminal(80, &[&args[..], &["--wide"]].concat());
    assert!(
        wide.contains("vars / cons") && !wide.contains("Left out"),
        "{wide}"
    );
}

#[test]
fn backends_fits_an_80_column_terminal_and_is_whole_in_a_pipe() {
    let narrow = on_terminal(80, &["backends"]);
    assert!(widest(&narrow) <= 80, "{narrow}");
    let whole = out(&run_no_stdin(&["backends"]));
    assert!(widest(&whole) > 200, "{whole}");
    // The same backends, configurations and encodings, only laid out anew.
    for word in [
        "dlx",
        "csp:gac-shave",
        "ext:minisat",
        "sat-reduced",
        "Algorithm X",
    ] {
        assert!(narrow.contains(word) && whole.contains(word), "{word}");
    }
    assert_eq!(on_terminal(80, &["backends", "--wide"]), whole);
}

#[test]
fn an_unknown_name_gets_the_nearest_one_offered() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["solve", "-b", "dxl"],
            "unknown backend 'dxl': did you mean 'dlx'?",
        ),
        (
            &["compare", "-b", "dlx,sta"],
            "unknown backend 'sta': did you mean 'sat'?",
        ),
        (&["solve", "-b", "sat:reducd"], "did you mean 'reduced'?"),
        (&["solve", "-b", "csp:gca"], "did you mean 'gac'?"),
        (
            &["solve", "-b", "ext:minisa"],
            "did you mean 'ext:minisat'?",
        ),
        (
            &["export", "--encoding", "sat-reducd"],
            "did you mean 'sat-reduced'?",
        ),
    ];
    for (args, want) in cases {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(err(&o).contains(want), "{args:?}: {}", err(&o));
        assert!(err(&o).contains("(available: ") || err(&o).contains("(known: "));
    }
    // A name far from every backend gets the list, and no guess.
    let o = run(&["solve", "-b", "gecode"], "");
    assert!(!err(&o).contains("did you mean"), "{}", err(&o));
    assert!(err(&o).contains("available: dlx"), "{}", err(&o));
}
