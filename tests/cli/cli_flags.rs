//! The command line without surprises (one test per promise): piped input is read,
//! results are not overwritten, resumed runs keep their settings, output paths are
//! checked first, identical puzzles keep their rows, backend names are canonical, every
//! kept solution is printed, conflicting or empty flags are usage errors, one meaning
//! per flag, CSV and named input, output people expect.

use crate::common::cli::{counts, err, out, run, run_no_stdin};
use crate::common::files::write;
use crate::common::slack;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const EXE: &str = env!("CARGO_BIN_EXE_sudoku-arena");
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// 872 solutions (tests/data/serg_benchmark.txt, first line).
const SEVERAL: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

/// The results in a results file (its header lines left out).
fn lines_of(path: &str) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["kind"] != "header")
        .collect()
}

fn assert_usage_error(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "{}", err(o));
    assert!(
        err(o).contains(needle),
        "expected '{needle}' in: {}",
        err(o)
    );
}

#[test]
fn piped_puzzles_are_compared_not_ignored() {
    let o = run(&["compare", "-b", "dlx"], format!("{EASY}\n{SEVERAL}\n"));
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains("on 2 puzzles"), "{}", err(&o));
    assert!(
        out(&o).contains("2 puzzles: every answer passed"),
        "{}",
        out(&o)
    );
    // With nothing piped in, the embedded set as before; --examples says so explicitly.
    let o = run_no_stdin(&["compare", "-b", "dlx"]);
    assert!(err(&o).contains("on 8 puzzles"), "{}", err(&o));
    let o = run(&["compare", "-b", "dlx", "--examples"], "");
    assert!(err(&o).contains("on 8 puzzles"), "{}", err(&o));
}

#[test]
fn an_existing_results_file_is_not_overwritten_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let results = write(&dir, "r.jsonl", "precious\n");
    let o = run(&["compare", "-b", "dlx", "--out", &results], EASY);
    assert_usage_error(&o, "--force");
    assert!(err(&o).contains("--resume"));
    assert_eq!(std::fs::read_to_string(&results).unwrap(), "precious\n");
    let o = run(
        &["compare", "-b", "dlx", "--out", &results, "--force"],
        EASY,
    );
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(lines_of(&results).len(), 1);
}

#[test]
fn resuming_with_other_settings_is_refused_and_says_what_differs() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.jsonl");
    let results = results.to_str().unwrap();
    let o = run(&["compare", "-b", "dlx", "--out", results], EASY);
    assert!(o.status.success(), "{}", err(&o));
    let o = run(
        &[
            "compare",
            "-b",
            "dlx",
            "--out",
            results,
            "--resume",
            "--first",
            "--timeout",
            "1",
        ],
        EASY,
    );
    assert_usage_error(&o, "other settings");
    assert!(
        err(&o).contains("--first") && err(&o).contains("--timeout 10 s"),
        "{}",
        err(&o)
    );
    // The same settings resume (nothing left to do).
    let o = run(
        &["compare", "-b", "dlx", "--out", results, "--resume"],
        EASY,
    );
    assert!(o.status.success(), "{}", err(&o));
    // Standard input is solved as it is read: the count comes at the end.
    assert!(err(&o).contains("0 solves run"), "{}", err(&o));
}

#[test]
fn bad_output_paths_are_refused_before_any_solve() {
    for flag in ["--plot", "--csv", "--markdown"] {
        let path = if flag == "--plot" {
            "/nonexistent-dir/p.svg"
        } else {
            "/nonexistent-dir/t.txt"
        };
        let o = run(&["compare", "-b", "dlx", flag, path], EASY);
        assert_usage_error(&o, "cannot write");
        assert!(!err(&o).contains("comparing"), "{flag}: solved first");
    }
    let o = run(&["compare", "-b", "dlx", "--plot", "t.png"], EASY);
    assert_usage_error(&o, "SVG");
}

#[test]
fn identical_puzzles_keep_a_row_each() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.jsonl");
    let results = results.to_str().unwrap();
    let o = run(
        &["compare", "-b", "dlx", "--out", results],
        format!("{EASY}\n{EASY}\n"),
    );
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(lines_of(results).len(), 2);
    assert!(out(&o).contains("2 puzzles:"), "{}", out(&o));
}

#[test]
fn backend_names_are_canonical_and_repeats_run_once() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.jsonl");
    let results = results.to_str().unwrap();
    let o = run(
        &[
            "compare",
            "-b",
            "ip:good_lp,ip,dlx,dlx,sat",
            "--out",
            results,
        ],
        EASY,
    );
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains("names ip more than once"), "{}", err(&o));
    assert!(err(&o).contains("names dlx more than once"), "{}", err(&o));
    let mut names: Vec<String> = lines_of(results)
        .iter()
        .map(|r| r["backend"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["dlx", "ip", "sat:naive"]);
    let o = run(&["solve", "-b", "sat", "--format", "json"], EASY);
    assert!(out(&o).contains("\"backend\":\"sat:naive\""), "{}", out(&o));
    let o = run(&["solve", "-b", "ip:good_lp", "--format", "json"], EASY);
    assert!(out(&o).contains("\"backend\":\"ip\""), "{}", out(&o));
}

#[test]
fn every_solution_kept_is_printed_and_zero_limits_are_usage_errors() {
    let o = run(&["solve", "--max-solutions", "5"], SEVERAL);
    let line = out(&o);
    let fields: Vec<&str> = line.trim_end().split('\t').collect();
    assert_eq!(fields[0], "multiple");
    assert_eq!(fields.len(), 6, "{line}");
    let o = run(
        &["solve", "--max-solutions", "5", "--format", "json"],
        SEVERAL,
    );
    let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(v["solutions"].as_array().unwrap().len(), 5);
    assert_eq!(v["solutions_found"], 5);
    let o = run(
        &["solve", "--max-solutions", "3", "--format", "grid"],
        SEVERAL,
    );
    assert_eq!(out(&o).matches("# solution ").count(), 3, "{}", out(&o));
    assert_usage_error(&run(&["solve", "--max-solutions", "0"], EASY), "at least 1");
    assert_usage_error(&run(&["count", "--max-solutions", "0"], EASY), "at least 1");
}

#[test]
fn conflicting_configuration_flags_are_usage_errors() {
    let o = run(&["solve", "-b", "csp:bounds", "--propagation", "gac"], EASY);
    assert_usage_error(&o, "contradicts");
    let o = run(&["solve", "-b", "csp:gac+pairs", "--branch", "mrv"], EASY);
    assert_usage_error(&o, "contradicts");
    let o = run(&["solve", "-b", "sat:naive", "--encoding", "reduced"], EASY);
    assert_usage_error(&o, "contradicts");
    let o = run(&["solve", "-b", "dlx", "--encoding", "reduced"], EASY);
    assert_usage_error(&o, "does not apply");
    // Saying the same thing twice is not a conflict.
    let o = run(
        &[
            "solve",
            "-b",
            "csp:bounds",
            "--propagation",
            "bounds",
            "--format",
            "json",
        ],
        EASY,
    );
    assert!(
        out(&o).contains("\"backend\":\"csp:bounds\""),
        "{}",
        err(&o)
    );
    // ext has no default, and both `solve` and `backends` say so.
    assert_usage_error(
        &run(&["solve", "-b", "ext"], EASY),
        "ext has no default: name one of ext:gecode",
    );
    let o = run(&["backends"], "");
    assert!(
        out(&o).contains("use ext:NAME; there is no default"),
        "{}",
        out(&o)
    );
}

#[test]
fn zero_and_empty_compare_arguments_are_usage_errors() {
    assert_usage_error(
        &run(&["compare", "-b", "dlx", "--jobs", "0"], EASY),
        "at least 1",
    );
    assert_usage_error(
        &run(&["compare", "-b", "dlx", "--limit", "0"], EASY),
        "at least 1",
    );
    assert_usage_error(&run(&["compare", "-b", ""], EASY), "names no backend");
    assert_usage_error(&run(&["compare", "-b", " , "], EASY), "names no backend");
}

#[test]
fn verdicts_are_defined_in_help_and_first_says_solved() {
    let o = run(&["solve", "--help"], "");
    for word in [
        "unique",
        "multiple",
        "none",
        "solved",
        "unknown",
        "timed_out",
    ] {
        assert!(
            out(&o).contains(word),
            "solve --help does not explain {word}"
        );
    }
    let o = run(&["solve", "--first", "--format", "json"], EASY);
    let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(
        (v["verdict"].as_str(), v["timed_out"].as_bool()),
        (Some("solved"), Some(false))
    );
}

#[test]
fn limit_means_the_first_n_puzzles_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let three = write(&dir, "three.txt", format!("{EASY}\n{EASY}\n{SEVERAL}\n"));
    assert_eq!(
        out(&run(&["solve", "--limit", "2", &three], ""))
            .lines()
            .count(),
        2
    );
    assert_eq!(
        out(&run(&["count", "--limit", "1", &three], ""))
            .lines()
            .count(),
        1
    );
    let o = run(&["compare", "-b", "dlx", "--limit", "2", &three], "");
    assert!(err(&o).contains("on 2 puzzles"), "{}", err(&o));
}

#[test]
fn solve_and_count_take_several_files() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(&dir, "a.txt", format!("{EASY}\n"));
    let b = write(&dir, "b.txt", format!("{EASY}\n{SEVERAL}\n"));
    assert_eq!(out(&run(&["solve", &a, &b], "")).lines().count(), 3);
    let counted = out(&run(&["count", "--max-solutions", "10", &a, &b], ""));
    assert_eq!(
        counted.lines().collect::<Vec<_>>(),
        [
            format!("{a}:1\t1"),
            format!("{b}:1\t1"),
            format!("{b}:2\tat least 10 (--max-solutions stopped the count)")
        ]
    );
}

#[test]
fn the_default_timeout_is_the_same_everywhere_and_a_long_solve_without_one_hints() {
    for cmd in ["solve", "count", "compare", "rate", "explain"] {
        let help = out(&run(&[cmd, "--help"], ""));
        assert!(help.contains("--timeout <SECS>"), "{cmd}");
        assert!(
            help.contains("[default: 10]"),
            "{cmd} --help does not give the default"
        );
    }
    // Counting every solution of an empty 25x25 grid never ends on any machine (dlx
    // finds the default million in seconds, so no limit either): with no budget, the
    // hint comes after 10 s; then the test stops the command.
    let mut child = Command::new(EXE)
        .args([
            "count",
            "--timeout",
            "none",
            "--max-solutions",
            "1000000000000000",
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let empty = crate::common::empty_25x25();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(empty.as_bytes())
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let start = Instant::now();
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(line.contains("--timeout"), "{line}");
    assert!(start.elapsed() >= Duration::from_secs(9), "hint too early");
}

#[test]
fn the_encoding_flag_chooses_the_sat_encoding() {
    let o = run(
        &["solve", "--encoding", "reduced", "--format", "json"],
        EASY,
    );
    assert!(
        out(&o).contains("\"backend\":\"sat:reduced\""),
        "{}",
        err(&o)
    );
    let o = run(
        &["count", "-b", "sat", "--encoding", "extended"],
        "................",
    );
    assert_eq!(counts(&o), ["288"], "{}", err(&o));
}

#[test]
fn backends_lists_the_csp_syntax_in_aligned_columns() {
    let o = run(&["backends"], "");
    let text = out(&o);
    assert!(text.contains("LEVEL+BRANCH") && text.contains("csp:gac+pairs"));
    let lines: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
    let column = lines[0].find("summary").unwrap();
    for l in lines.iter().skip(1) {
        let c = l.chars().nth(column - 1).unwrap();
        assert_eq!(c, ' ', "column not aligned in: {l}");
        assert_ne!(
            l.chars().nth(column).unwrap(),
            ' ',
            "nothing at the summary column: {l}"
        );
    }
    assert!(out(&run(&["solve", "--help"], "")).contains("csp:gac+pairs"));
}

#[test]
fn standard_input_has_one_name_in_every_message() {
    let o = run(
        &["solve"],
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
    );
    assert_usage_error(&o, "<stdin>:1: r9c9");
    let o = run(&["solve", "--format", "json"], EASY);
    assert!(out(&o).contains("\"source\":\"<stdin>:1\""), "{}", out(&o));
    assert_usage_error(&run(&["solve"], "# nothing\n"), "<stdin>: no puzzles found");
}

#[test]
fn kaggle_csv_is_read_and_answers_are_checked_against_its_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(format!(
        "{}/examples/kaggle.csv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let o = run(&["solve", "--format", "json", "-"], &good);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(
        out(&o).matches("\"matches_given_solution\":true").count(),
        3
    );
    // A solution in the file that is no answer is bad input, named by line and cell.
    let mut lines: Vec<String> = good.lines().map(String::from).collect();
    let bad = lines[1].replacen(",1", ",2", 1);
    lines[1] = bad;
    let path = write(&dir, "bad.csv", &(lines.join("\n") + "\n"));
    let o = run(&["solve", &path], "");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(
        err(&o).contains("bad.csv:2: r1c9: the given solution repeats the 2 at r1c1 in row 1"),
        "{}",
        err(&o)
    );
    // A CSV of comma-separated rows is a grid.
    let rows: Vec<String> = EASY
        .as_bytes()
        .chunks(9)
        .map(|r| {
            r.iter()
                .map(|&b| {
                    if b == b'.' {
                        "0".to_string()
                    } else {
                        (b as char).to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let o = run(&["solve"], &(rows.join("\n") + "\n"));
    assert!(
        out(&o).starts_with("unique\t534678912"),
        "{}{}",
        out(&o),
        err(&o)
    );
}

#[test]
fn a_comment_after_a_puzzle_names_it() {
    let o = run(
        &["solve", "--format", "json"],
        format!("{EASY}   # the newspaper one\n"),
    );
    assert!(
        out(&o).contains("\"source\":\"the newspaper one\""),
        "{}",
        out(&o)
    );
}

#[test]
fn a_grid_error_names_the_line_of_the_cell() {
    let grid = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 x 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";
    assert_usage_error(&run(&["solve"], grid), "<stdin>:6: r5c5");
}

#[test]
fn ctrl_c_prints_the_summary_of_what_finished_and_keeps_the_results() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.jsonl");
    let results = results.to_str().unwrap();
    // An easy puzzle, then empty 25x25 grids whose solutions are counted (no machine
    // finishes that): each takes exactly its 1 s budget, so the run is still going when
    // Ctrl-C comes.
    let empty = crate::common::empty_25x25();
    let mut input = format!("{EASY}\n");
    for _ in 0..30 {
        input.push_str(&empty);
        input.push('\n');
    }
    let file = write(&dir, "in.txt", &input);
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let (md, csv, svg, html) = (path("t.md"), path("t.csv"), path("t.svg"), path("t.html"));
    let mut child = Command::new(EXE)
        .args([
            "compare",
            "-b",
            "dlx",
            "--timeout",
            "1",
            "--max-solutions",
            "1000000000",
            "--out",
            results,
            "--markdown",
            &md,
            "--csv",
            &csv,
            "--plot",
            &svg,
            "--html",
            &html,
            &file,
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    // The header, then two results.
    while std::fs::read_to_string(results).map_or(0, |t| t.lines().count()) < 3 {
        assert!(start.elapsed() < slack() * 30, "no result written");
        std::thread::sleep(Duration::from_millis(50));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted after"), "{stderr}");
    let kept = lines_of(results).len();
    assert!((2..31).contains(&kept), "{kept} results kept");
    assert!(
        stdout.contains(&format!("{kept} puzzles: every answer passed")),
        "{stdout}"
    );
    // Every summary says the run stopped, and how far it got.
    let partial = format!("partial: {kept} of 31 solves");
    assert!(
        stdout.starts_with(&format!("{partial}; `--resume` goes on\n")),
        "{stdout}"
    );
    let markdown = std::fs::read_to_string(&md).unwrap();
    assert!(markdown.starts_with(&partial), "{markdown}");
    let table = std::fs::read_to_string(&csv).unwrap();
    assert!(table.lines().next().unwrap().ends_with(",run"), "{table}");
    assert!(
        table.lines().skip(1).all(|row| row.contains(&partial)),
        "{table}"
    );
    assert!(std::fs::read_to_string(&svg).unwrap().contains(&partial));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains(&format!("<p class=\"status partial\">{partial}")),
        "the page does not say partial"
    );
}

#[test]
fn resume_replaces_the_summaries_it_wrote_and_ends_with_the_tables_of_a_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(&dir, "in.txt", format!("{EASY}\n{SEVERAL}\n{EASY}\n"));
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let compare = |stem: &str, more: &[&str]| {
        let (out, csv, md, svg, html) = (
            path(&format!("{stem}.jsonl")),
            path(&format!("{stem}.csv")),
            path(&format!("{stem}.md")),
            path(&format!("{stem}.svg")),
            path(&format!("{stem}.html")),
        );
        let mut args = vec![
            "compare",
            "-b",
            "dlx,fast",
            "--out",
            &out,
            "--csv",
            &csv,
            "--markdown",
            &md,
            "--plot",
            &svg,
            "--html",
            &html,
        ];
        args.extend_from_slice(more);
        args.push(&input);
        run(&args, "")
    };
    let whole = compare("whole", &[]);
    assert!(whole.status.success(), "{}", err(&whole));
    // A run stopped after its first result: the header lines and one result kept.
    let stopped = compare("stopped", &[]);
    assert!(stopped.status.success(), "{}", err(&stopped));
    let results = path("stopped.jsonl");
    let headers = std::fs::read_to_string(&results).unwrap().lines().count() - 6;
    let text = std::fs::read_to_string(&results).unwrap();
    let kept: Vec<&str> = text.lines().take(headers + 1).collect();
    std::fs::write(&results, kept.join("\n") + "\n").unwrap();
    // The report of what was kept says how far the run got, from the header's plan.
    let page = path("kept.html");
    let o = run(&["report", &results, "--html", &page], "");
    assert_eq!(o.status.code(), Some(3), "partial: {}", err(&o));
    let partial = format!("partial: 1 of 6 solves; {results} holds 1 of its 6 solves");
    assert!(err(&o).contains(&format!("; {partial}")), "{}", err(&o));
    let status = |file: &str| {
        let page = std::fs::read_to_string(path(file)).unwrap();
        let start = page.find("<p class=\"status").unwrap();
        page[start..start + page[start..].find("</p>").unwrap()].to_string()
    };
    assert!(status("kept.html").ends_with(&format!("\">{partial}")));
    let resumed = compare("stopped", &["--resume"]);
    assert!(resumed.status.success(), "{}", err(&resumed));
    assert!(err(&resumed).contains("(1 already in"), "{}", err(&resumed));
    assert_eq!(lines_of(&results).len(), 6, "every solve's result once");
    // The same table but for the times: the columns from `file` to `wrong`, and `run`.
    let columns = |name: &str| -> Vec<String> {
        std::fs::read_to_string(path(name))
            .unwrap()
            .lines()
            .map(|row| {
                let cells: Vec<&str> = row.split(',').collect();
                format!("{} {}", cells[..11].join(","), cells[cells.len() - 1])
            })
            .collect()
    };
    assert_eq!(columns("stopped.csv"), columns("whole.csv"));
    assert!(columns("whole.csv")[1].ends_with(" complete"));
    assert_eq!(status("stopped.html"), status("whole.html"));
    // The resumed file's second header is the first again: the runs table has one row.
    let page = std::fs::read_to_string(path("stopped.html")).unwrap();
    assert_eq!(page.matches("<td>1/1</td>").count(), 1);
    assert!(status("whole.html").ends_with("complete: 6 solves, 3 puzzles, 2 configurations"));
    // A file that is not one of its summaries it leaves alone.
    std::fs::write(path("stopped.md"), "my notes\n").unwrap();
    let refused = compare("stopped", &["--resume"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        err(&refused).contains("is not a summary this program wrote"),
        "{}",
        err(&refused)
    );
    assert_eq!(
        std::fs::read_to_string(path("stopped.md")).unwrap(),
        "my notes\n"
    );
}

#[test]
fn by_file_gives_one_table_per_input_file() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(&dir, "easy.txt", format!("{EASY}\n"));
    let b = write(&dir, "several.txt", format!("{SEVERAL}\n{SEVERAL}\n"));
    let md = dir.path().join("t.md");
    let o = run(
        &[
            "compare",
            "-b",
            "dlx",
            "--by-file",
            "--markdown",
            md.to_str().unwrap(),
            &a,
            &b,
        ],
        "",
    );
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(
        text.contains(&format!("{a}:")) && text.contains(&format!("{b}:")),
        "{text}"
    );
    assert!(text.contains("1 puzzle: every answer") && text.contains("2 puzzles: every answer"));
    assert!(std::fs::read_to_string(md)
        .unwrap()
        .contains(&format!("### {b}")));
}

#[test]
fn times_keep_nanoseconds_in_json_and_csv() {
    /// Every number under a key ending in `_ms`, anywhere in a JSON value.
    fn times(v: &serde_json::Value, key: &str, found: &mut Vec<f64>) {
        match v {
            serde_json::Value::Object(m) => m.iter().for_each(|(k, x)| times(x, k, found)),
            serde_json::Value::Array(a) => a.iter().for_each(|x| times(x, key, found)),
            serde_json::Value::Number(n) if key.ends_with("_ms") => found.push(n.as_f64().unwrap()),
            _ => {}
        }
    }
    // To the nanosecond (1e-6 ms), or three significant digits below 100 ns.
    let rounded_to = |t: f64, step: f64| ((t / step).round() * step - t).abs() < step * 1e-6;
    let rounded = |t: f64| {
        t == 0.0
            || rounded_to(t, 1e-6)
            || (t.abs() < 1e-4 && rounded_to(t, 10f64.powi(t.abs().log10().floor() as i32 - 2)))
    };
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.jsonl");
    let csv = dir.path().join("t.csv");
    let o = run(
        &[
            "compare",
            "-b",
            "dlx,fast,csp,sat",
            "--out",
            results.to_str().unwrap(),
            "--csv",
            csv.to_str().unwrap(),
        ],
        EASY,
    );
    assert!(o.status.success(), "{}", err(&o));
    let solve = out(&run(&["solve", "-b", "sat", "--format", "json"], EASY));
    let mut found = Vec::new();
    let mut solve_times = Vec::new();
    for line in std::fs::read_to_string(&results)
        .unwrap()
        .lines()
        .chain(solve.lines())
    {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        times(&v, "", &mut found);
        solve_times.extend(v["time_ms"].as_f64());
    }
    assert!(found.len() > 20);
    for &t in &found {
        assert!(rounded(t), "{t} is not rounded to the nanosecond");
    }
    // The wall clock reads nanoseconds: the digits below the microsecond are kept
    // (that every one of these solve times is a whole number of microseconds has a
    // chance of one in a thousand per solve).
    assert!(
        solve_times.iter().any(|&t| !rounded_to(t, 1e-3)),
        "{solve_times:?}"
    );
    let table = std::fs::read_to_string(&csv).unwrap();
    let header: Vec<&str> = table.lines().next().unwrap().split(',').collect();
    for row in table.lines().skip(1) {
        for (h, v) in header.iter().zip(row.split(',')) {
            if h.ends_with("_ms") {
                assert!(rounded(v.parse().unwrap()), "{h} = {v}");
            }
        }
    }
}

#[test]
fn merge_says_when_it_skips_a_truncated_line() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.jsonl");
    let results = results.to_str().unwrap();
    assert!(run(&["compare", "-b", "dlx", "--out", results], EASY)
        .status
        .success());
    let mut text = std::fs::read_to_string(results).unwrap();
    text.push_str("{\"puzzle_index\": 1, \"sou");
    std::fs::write(results, text).unwrap();
    let o = run(&["merge", results], "");
    assert!(
        // Line 1 is the header, line 2 the result.
        err(&o).contains(":3: skipped a truncated last line"),
        "{}",
        err(&o)
    );
    // A run on standard input does not say what it planned: cut off, it stopped early.
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    let partial = format!("partial: {results} was cut off after 1 solve");
    assert!(out(&o).starts_with(&partial), "{}", out(&o));
}

#[test]
fn the_plot_states_its_data_and_budget_and_why_a_panel_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("p.svg");
    let o = run(
        &[
            "compare",
            "-b",
            "dlx,csp",
            "--timeout",
            "3",
            "--plot",
            svg.to_str().unwrap(),
            "examples/easy.txt",
        ],
        "",
    );
    assert!(o.status.success(), "{}", err(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("easy.txt") && text.contains("3 s budget per solve"),
        "no title"
    );
    assert!(text.contains("is left out"), "no word on the missing panel");
    // No pale yellow: it does not read on white.
    let lower = text.to_ascii_lowercase();
    for pale in ["#ffff00", "#ffd700", "#eeee00", "#ffeb3b", "#e6e600"] {
        assert!(!lower.contains(pale), "{pale}");
    }
}

#[test]
fn shell_completions_are_printed() {
    for shell in ["bash", "zsh", "fish"] {
        let o = run(&["completions", shell], "");
        assert!(o.status.success(), "{shell}");
        assert!(
            out(&o).contains("sudoku-arena") && out(&o).contains("compare"),
            "{shell}"
        );
    }
    assert_eq!(run(&["completions", "tcsh-ish"], "").status.code(), Some(2));
}

#[test]
fn the_default_compare_decides_every_embedded_puzzle_and_names_what_it_leaves_out() {
    let o = run_no_stdin(&["compare"]);
    assert!(o.status.success(), "{}", err(&o));
    let also = err(&o)
        .lines()
        .find(|l| l.contains("also available with --backends all: "))
        .map(str::to_string);
    assert!(
        also.is_some_and(|l| l.contains("ip:full") && l.contains("fast:scalar")),
        "{}",
        err(&o)
    );
    let table = out(&o);
    // Every row: 8 puzzles, 0 unknown, 0 failed, 0 wrong.
    let header: Vec<&str> = table
        .lines()
        .next()
        .unwrap()
        .split("  ")
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = table
        .lines()
        .skip(2)
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert!(rows.len() >= 10, "{table}");
    for r in rows {
        assert_eq!(r[col("puzzles")], "8", "{r:?}");
        assert_eq!(r[col("unknown")], "0", "{r:?}");
        assert_eq!(r[col("failed")], "0", "{r:?}");
        assert_eq!(r[col("wrong")], "0", "{r:?}");
    }
}

#[test]
fn the_readme_examples_run_as_written() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let section = &readme[readme.find("## Using it").unwrap()..];
    let block = &section[section.find("```sh").unwrap() + 5..];
    let block = &block[..block.find("```").unwrap()];
    let commands: Vec<&str> = block
        .lines()
        .filter(|l| l.starts_with("sudoku-arena "))
        .collect();
    assert!(commands.len() >= 10, "{block}");
    // In a scratch folder holding a copy of examples/, with the binary on the PATH.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("examples")).unwrap();
    for entry in std::fs::read_dir(format!("{root}/examples")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(
            entry.path(),
            dir.path().join("examples").join(entry.file_name()),
        )
        .unwrap();
    }
    let bin_dir = std::path::Path::new(EXE).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for command in commands {
        let command = command.split("  #").next().unwrap().trim();
        let o = Command::new("sh")
            .args(["-c", &format!("{command} > /dev/null")])
            .current_dir(dir.path())
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(o.status.success(), "`{command}` failed: {}", err(&o));
    }
}

#[test]
fn a_record_that_only_lacks_its_newline_is_kept_on_resume() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.jsonl");
    let results = results.to_str().unwrap();
    let input = format!("{EASY}\n{SEVERAL}\n");
    assert!(run(&["compare", "-b", "dlx", "--out", results], &input)
        .status
        .success());
    let text = std::fs::read_to_string(results).unwrap();
    std::fs::write(results, text.trim_end()).unwrap();
    let o = run(
        &["compare", "-b", "dlx", "--out", results, "--resume"],
        &input,
    );
    assert!(o.status.success(), "{}", err(&o));
    let kept: Vec<u64> = lines_of(results)
        .iter()
        .map(|r| r["puzzle_index"].as_u64().unwrap())
        .collect();
    assert_eq!(kept, [0, 1]);
}

#[test]
fn a_refused_run_leaves_no_empty_output_files() {
    let dir = tempfile::tempdir().unwrap();
    let results = write(&dir, "r.jsonl", "kept\n");
    let csv = dir.path().join("t.csv");
    let o = run(
        &[
            "compare",
            "-b",
            "dlx",
            "--out",
            &results,
            "--csv",
            csv.to_str().unwrap(),
        ],
        EASY,
    );
    assert_usage_error(&o, "--force");
    assert!(!csv.exists());
}

#[test]
fn given_solutions_are_checked_only_against_proven_unique_answers_in_solve_and_compare() {
    let dir = tempfile::tempdir().unwrap();
    // An empty 4x4 with one of its 288 solutions: other answers are not mistakes.
    let several = write(
        &dir,
        "several.csv",
        "puzzle,solution\n................,4321214334121234\n",
    );
    for args in [&["solve", &several][..], &["solve", "--first", &several]] {
        let o = run(args, "");
        assert!(o.status.success(), "{args:?}: {}", err(&o));
        assert!(!err(&o).contains("DIFFERS"), "{}", err(&o));
    }
    // A given solution that is no answer is refused on reading, by solve and compare
    // alike (exit 2), before any solver could be blamed.
    let good = std::fs::read_to_string(format!(
        "{}/examples/kaggle.csv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut lines: Vec<String> = good.lines().map(String::from).collect();
    lines[1] = lines[1].replacen(",1", ",2", 1);
    let bad = write(&dir, "bad.csv", &(lines.join("\n") + "\n"));
    assert_eq!(run(&["solve", &bad], "").status.code(), Some(2));
    let o = run(&["compare", "-b", "dlx", &bad], "");
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    assert!(err(&o).contains("bad.csv:2: r1c9:"), "{}", err(&o));
    assert!(!out(&o).contains("differs"), "{}", out(&o));
    // A one-column header, and quoted fields.
    let one = write(&dir, "one.csv", format!("puzzle\n{EASY}\n"));
    assert!(out(&run(&["solve", &one], "")).starts_with("unique"));
    let quoted = format!(
        "\"quizzes\",\"solutions\"\n{}\n",
        lines[2]
            .split(',')
            .map(|f| format!("\"{f}\""))
            .collect::<Vec<_>>()
            .join(",")
    );
    let quoted = write(&dir, "quoted.csv", &quoted);
    let o = run(&["solve", "--format", "json", &quoted], "");
    assert!(
        out(&o).contains("\"matches_given_solution\":true"),
        "{}{}",
        out(&o),
        err(&o)
    );
}

#[test]
fn the_strongest_set_runs_what_it_can_and_says_how_to_get_the_rest() {
    let o = run(
        &["compare", "--backends", "strongest", "--timeout", "20"],
        EASY,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let table = out(&o);
    let notes = err(&o);
    for name in sudoku_arena::backends::set_configs(sudoku_arena::backends::Set::Strongest) {
        let row = table
            .lines()
            .any(|l| l.split_whitespace().next() == Some(&name));
        let skipped = notes
            .lines()
            .find(|l| l.starts_with(&format!("note: skipping {name}: ")));
        match skipped {
            None => assert!(row, "{name} neither ran nor was skipped:\n{table}\n{notes}"),
            Some(line) => {
                assert!(!row, "{name} both ran and was skipped");
                // The line says what to do: a Debian package or a cargo feature.
                assert!(
                    line.contains("apt-get install") || line.contains("--features"),
                    "{line}"
                );
            }
        }
    }
    // The set compares, per paradigm, our engine with the strongest one: both run here.
    for ours in ["dlx", "fast", "sat:reduced", "ip", "csp:gac"] {
        assert!(
            table.lines().any(|l| l.starts_with(ours)),
            "{ours}:\n{table}"
        );
    }
}
