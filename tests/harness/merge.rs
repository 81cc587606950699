//! `merge` of shards says what it merged: which shards of K/N are missing, refuses runs
//! made with other settings unless asked to keep them apart, computes ratios only on the
//! puzzles every configuration ran, and says so when there is nothing to compare. Its
//! rows come in the order `compare` prints them, and `solve --format json` writes lines
//! it reads.

use crate::common::cli::{err, out, run};
use crate::common::files::path_in;
use std::path::Path;
use std::process::Output;
use sudoku_arena::harness::summarize;
use sudoku_arena::harness::{parse_records, Record};

/// Four puzzles: shard 1/3 takes two, 2/3 and 3/3 one each; 5/6 and 6/6 none.
const SET: &str = "examples/easy.txt";

/// Runs `compare -b dlx` (or the backends `more` names) on shard `k` of `n` into
/// `name`, with `more` flags.
fn shard(dir: &Path, name: &str, k: usize, n: usize, more: &[&str]) -> String {
    let out = path_in(dir, name);
    let shard = format!("{k}/{n}");
    let mut args = vec!["compare", "--shard", &shard, "--out", &out];
    if !more.contains(&"-b") {
        args.extend(["-b", "dlx"]);
    }
    args.extend_from_slice(more);
    args.push(SET);
    let o = run(&args, b"");
    assert!(o.status.success(), "{args:?}: {}", err(&o));
    out
}

fn merge(files: &[&str], more: &[&str]) -> Output {
    let mut args = vec!["merge"];
    args.extend_from_slice(files);
    args.extend_from_slice(more);
    run(&args, b"")
}

/// The backend names of the table's rows, in order.
fn rows(table: &str) -> Vec<String> {
    table
        .lines()
        .skip_while(|l| !l.starts_with("backend"))
        .skip(2)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

#[test]
fn a_missing_shard_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let one = shard(dir.path(), "r1.jsonl", 1, 3, &[]);
    let three = shard(dir.path(), "r3.jsonl", 3, 3, &[]);
    let o = merge(&[&one, &three], &[]);
    assert_eq!(o.status.code(), Some(3), "partial: {}", err(&o));
    assert!(err(&o).contains("shard 2/3 is missing"), "{}", err(&o));
    assert!(out(&o).contains("shard 2/3 is missing"), "{}", out(&o));
    let two = shard(dir.path(), "r2.jsonl", 2, 3, &[]);
    let o = merge(&[&one, &two, &three], &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(!err(&o).contains("missing"), "{}", err(&o));
    assert!(out(&o).contains("4 puzzles"), "{}", out(&o));
}

/// Shards 1/2 and 2/2 of the four puzzles (two each), and the lines of the second.
fn two_shards(dir: &Path) -> (String, String, Vec<String>) {
    let one = shard(dir, "shard-1-of-2.jsonl", 1, 2, &[]);
    let two = shard(dir, "shard-2-of-2.jsonl", 2, 2, &[]);
    let lines = std::fs::read_to_string(&two)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    (one, two, lines)
}

#[test]
fn a_shard_cut_off_while_writing_makes_the_table_partial_and_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two, lines) = two_shards(dir.path());
    // Killed while writing its second result: half a line, no line end.
    let last = &lines[2];
    let cut = format!("{}\n{}\n{}", lines[0], lines[1], &last[..last.len() / 2]);
    std::fs::write(&two, cut).unwrap();
    let markdown = path_in(dir.path(), "summary.md");
    let o = merge(&[&one, &two], &["--markdown", &markdown]);
    let partial = format!("partial: 3 of 4 solves; {two} was cut off after 1 of its 2 solves");
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    assert!(out(&o).starts_with(&format!("{partial}\n")), "{}", out(&o));
    let md = std::fs::read_to_string(&markdown).unwrap();
    assert!(md.starts_with(&partial), "{md}");
    assert!(
        err(&o).contains(&format!("{two}:3: skipped a truncated last line")),
        "{}",
        err(&o)
    );
    assert!(
        err(&o).ends_with(&format!("sudoku-arena: the tables are {partial}\n")),
        "{}",
        err(&o)
    );
    // The same file with no plan in its header (an older version's): still partial.
    let mut header: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    header.as_object_mut().unwrap().remove("planned_solves");
    let cut = format!("{header}\n{}\n{}", lines[1], &last[..last.len() / 2]);
    std::fs::write(&two, cut).unwrap();
    let o = merge(&[&two], &[]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    let partial = format!("partial: {two} was cut off after 1 solve; shard 1/2 is missing");
    assert!(out(&o).starts_with(&format!("{partial}\n")), "{}", out(&o));
}

#[test]
fn a_shard_holding_fewer_solves_than_it_planned_makes_the_table_partial() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two, lines) = two_shards(dir.path());
    let o = merge(&[&one, &two], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(!out(&o).contains("partial"), "{}", out(&o));
    // Stopped between two results: every line whole, one result short of the plan.
    std::fs::write(&two, lines[..2].join("\n") + "\n").unwrap();
    let o = merge(&[&one, &two], &[]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    let partial = format!("partial: 3 of 4 solves; {two} holds 1 of its 2 solves");
    assert!(out(&o).starts_with(&format!("{partial}\n")), "{}", out(&o));
    // A wrong answer says more than a partial table: exit status 1.
    let text = std::fs::read_to_string(&one).unwrap();
    let mut l: Vec<String> = text.lines().map(String::from).collect();
    let mut record: serde_json::Value = serde_json::from_str(&l[1]).unwrap();
    record["wrong"] = "r1c1 and r1c2 both hold 5 in row 1".into();
    l[1] = record.to_string();
    std::fs::write(&one, l.join("\n") + "\n").unwrap();
    let o = merge(&[&one, &two], &[]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(out(&o).starts_with(&format!("{partial}\n")), "{}", out(&o));
}

#[test]
fn a_damaged_line_is_named_by_file_line_and_result_in_plain_words() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two, lines) = two_shards(dir.path());
    let damaged = |line: usize, text: String| {
        let mut l = lines.clone();
        l[line - 1] = text;
        std::fs::write(&two, l.join("\n") + "\n").unwrap();
        let o = merge(&[&one, &two], &[]);
        assert_eq!(o.status.code(), Some(2), "{}", err(&o));
        assert_eq!(out(&o), "");
        err(&o)
    };
    let mut record: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    let source = record["source"].as_str().unwrap().to_string();
    record.as_object_mut().unwrap().remove("time_ms");
    assert_eq!(
        damaged(2, record.to_string()),
        format!(
            "sudoku-arena: {two}:2: not a results record: \
            field time_ms is missing (dlx on {source})\n"
        )
    );
    let nul = lines[2].replacen("\"dlx\"", "\"dl\0x\"", 1);
    let column = nul.find('\0').unwrap() + 1;
    assert_eq!(
        damaged(3, nul),
        format!(
            "sudoku-arena: {two}:3: not a results record: \
            holds a control character, byte 0x00 at column {column} ({})\n",
            serde_json::from_str::<serde_json::Value>(&lines[2]).unwrap()["source"]
                .as_str()
                .unwrap()
        )
    );
    // Cut off in its middle, yet followed by a line end and another line.
    let half = &lines[1][..lines[1].find("\"backend\"").unwrap()];
    assert_eq!(
        damaged(2, half.to_string()),
        format!(
            "sudoku-arena: {two}:2: not a results record: the line ends inside its \
            record, after column {}: cut off by an interrupted write, and more written \
            after it ({source})\n",
            half.len()
        )
    );
}

#[test]
fn an_empty_shard_is_known_and_an_empty_file_is_not_passed_off() {
    let dir = tempfile::tempdir().unwrap();
    // Six shards of four puzzles: the sixth has none, and still says it ran.
    let mut files = Vec::new();
    for k in 1..=6 {
        files.push(shard(dir.path(), &format!("r{k}.jsonl"), k, 6, &[]));
    }
    assert!(
        parse_records(&std::fs::read_to_string(&files[5]).unwrap(), &files[5])
            .unwrap()
            .is_empty()
    );
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    let o = merge(&names, &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(!err(&o).contains("missing"), "{}", err(&o));
    // The empty shard alone: nothing to compare, said plainly.
    let o = merge(&[&files[5]], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("nothing to compare"), "{}", err(&o));
    assert!(!out(&o).contains("every answer passed"), "{}", out(&o));
    // A file with nothing in it at all (a run that never started).
    let empty = path_in(dir.path(), "empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let o = merge(&[&empty], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("is empty"), "{}", err(&o));
    assert!(!out(&o).contains("every answer passed"), "{}", out(&o));
    let o = merge(&[&files[0], &empty], &[]);
    assert!(err(&o).contains("is empty"), "{}", err(&o));
}

#[test]
fn shards_with_other_settings_are_refused_unless_kept_apart() {
    let dir = tempfile::tempdir().unwrap();
    let one = shard(dir.path(), "r1.jsonl", 1, 2, &["--timeout", "5"]);
    let two = shard(dir.path(), "r2.jsonl", 2, 2, &[]);
    let o = merge(&[&one, &two], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(
        err(&o).contains("--timeout") && err(&o).contains("--by-settings"),
        "{}",
        err(&o)
    );
    assert_eq!(out(&o), "");
    let o = merge(&[&one, &two], &["--by-settings"]);
    assert!(o.status.success(), "{}", err(&o));
    let table = out(&o);
    assert!(
        table.contains("--timeout 5 s") && table.contains("--timeout 10 s"),
        "{table}"
    );
    // Other backends on some shards: said, not refused.
    let three = shard(dir.path(), "r3.jsonl", 2, 2, &["-b", "dlx,csp"]);
    let o = merge(&[&one, &three], &["--by-settings"]);
    assert!(o.status.success(), "{}", err(&o));
    let o = merge(&[&shard(dir.path(), "r4.jsonl", 1, 2, &[]), &three], &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        err(&o).contains("csp") && err(&o).contains("not on every shard"),
        "{}",
        err(&o)
    );
}

fn record(backend: &str, index: usize, time_ms: f64) -> Record {
    let line = format!(
        r#"{{"puzzle_index":{index},"source":"s:{index}","file":"s","puzzle":"p{index}","size":4,"fixed_fraction":0.5,"backend":"{backend}","verdict":"unique","solution":"x{index}","solutions_found":1,"timed_out":false,"time_ms":{time_ms},"wrong":null,"stats":{{}}}}"#
    );
    parse_records(&line, "inline").unwrap().remove(0)
}

#[test]
fn ratios_are_on_the_puzzles_every_configuration_ran() {
    // `a` ran three puzzles (medians 100 over all, 10 on the first); `b` only the first.
    let s = summarize(&[
        record("a", 0, 10.0),
        record("a", 1, 100.0),
        record("a", 2, 100.0),
        record("b", 0, 20.0),
    ]);
    let ratio = |name: &str| {
        s.backends
            .iter()
            .find(|b| b.backend == name)
            .unwrap()
            .ratio_to_fastest
    };
    assert_eq!((ratio("a"), ratio("b")), (1.0, 2.0));
    assert_eq!(s.common_puzzles, 1);
    // No puzzle in common: no ratio at all.
    let s = summarize(&[record("a", 0, 10.0), record("b", 1, 20.0)]);
    assert_eq!(s.common_puzzles, 0);
    assert!(s.backends.iter().all(|b| b.ratio_to_fastest.is_nan()));
}

#[test]
fn merge_prints_its_rows_in_the_order_compare_does() {
    let dir = tempfile::tempdir().unwrap();
    let results = path_in(dir.path(), "r.jsonl");
    let o = run(
        &[
            "compare",
            "-b",
            "sat,dlx,csp",
            "--out",
            &results,
            "examples/hard.txt",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let compared = rows(&out(&o));
    assert_eq!(compared, ["sat:naive", "dlx", "csp:permutation"]);
    let o = merge(&[&results], &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(rows(&out(&o)), compared);
}

#[test]
fn what_solve_help_writes_to_results_jsonl_merges() {
    let dir = tempfile::tempdir().unwrap();
    let help = out(&run(&["solve", "--help"], b""));
    let example = help
        .lines()
        .find(|l| l.contains("--format json >"))
        .expect("solve --help shows writing JSON lines to a file");
    let file = example.rsplit('>').next().unwrap().trim();
    let target = path_in(dir.path(), file);
    let o = run(&["solve", "--format", "json", "examples/hard.txt"], b"");
    assert!(o.status.success(), "{}", err(&o));
    std::fs::write(&target, out(&o)).unwrap();
    let o = merge(&[&target], &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(rows(&out(&o)), ["dlx"]);
    assert!(out(&o).contains("every answer passed"), "{}", out(&o));
}

/// Rewrites the verdict of every `backend` record in `file` to `verdict` (and drops its
/// solution), as a buggy backend would have answered.
fn rewrite(file: &str, backend: &str, verdict: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            if v["backend"] == backend {
                v["verdict"] = verdict.into();
                v["solution"] = serde_json::Value::Null;
            }
            v.to_string()
        })
        .collect();
    std::fs::write(file, lines.join("\n") + "\n").unwrap();
}

#[test]
fn files_of_other_backends_on_the_same_puzzles_are_cross_checked_together() {
    // Two runs on the same puzzles, one backend each: merge meets each puzzle's answers
    // in two files and must still check them against each other.
    let dir = tempfile::tempdir().unwrap();
    let a = shard(dir.path(), "a.jsonl", 1, 1, &["-b", "dlx"]);
    let b = shard(dir.path(), "b.jsonl", 1, 1, &["-b", "fast"]);
    let o = merge(&[&a, &b], &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("all verdicts agree"), "{}", out(&o));
    rewrite(&b, "fast", "none");
    let o = merge(&[&a, &b], &[]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert_eq!(
        out(&o).matches("DISAGREEMENT").count(),
        4,
        "one per puzzle: {}",
        out(&o)
    );
}

#[test]
fn a_file_given_twice_counts_once_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let a = shard(dir.path(), "a.jsonl", 1, 1, &[]);
    let once = merge(&[&a], &[]);
    let twice = merge(&[&a, &a], &[]);
    assert!(twice.status.success(), "{}", err(&twice));
    assert_eq!(out(&once), out(&twice));
    assert!(
        err(&twice).contains("4 result(s) repeat a (backend, puzzle) pair"),
        "{}",
        err(&twice)
    );
}

#[test]
fn merge_of_a_runs_own_results_gives_the_table_that_run_printed() {
    let dir = tempfile::tempdir().unwrap();
    let results = path_in(dir.path(), "r.jsonl");
    let (run_csv, merged_csv) = (
        path_in(dir.path(), "run.csv"),
        path_in(dir.path(), "merged.csv"),
    );
    let o = run(
        &[
            "compare",
            "-b",
            "dlx,fast",
            "--out",
            &results,
            "--csv",
            &run_csv,
            "examples/hard.txt",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let o = merge(&[&results], &["--csv", &merged_csv]);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(
        std::fs::read_to_string(&run_csv).unwrap(),
        std::fs::read_to_string(&merged_csv).unwrap()
    );
}
