//! A merge from code: what it says, in which order, and what it refuses.

use super::Merge;
use crate::error::Error;
use crate::harness::machine::RunFacts;
use crate::harness::record::{example, Header, HeaderKind, RunSettings, Shard};

/// Settings with a time budget of `timeout_s`.
fn settings(timeout_s: f64) -> RunSettings {
    RunSettings {
        max_solutions: 2,
        timeout_s: Some(timeout_s),
        variant: "classic".into(),
        repeat: 1,
        warmup: 0,
        mem_limit: None,
    }
}

/// Writes `name` in `dir`: the header of shard `k`/`n` run with a `timeout_s` budget,
/// then `dlx` and `fast` answering the shard's first puzzle; gives its path.
fn shard(dir: &std::path::Path, name: &str, (k, n): (usize, usize), timeout_s: f64) -> String {
    let header = Header {
        kind: HeaderKind::Header,
        shard: Shard { index: k, count: n },
        settings: settings(timeout_s),
        backends: vec!["dlx".into(), "fast".into()],
        inputs: Vec::new(),
        planned_solves: Some(2),
        facts: RunFacts::default(),
    };
    let mut text = serde_json::to_vec(&header).unwrap();
    text.push(b'\n');
    for backend in ["dlx", "fast"] {
        let mut r = example(backend, "unique", Some("1234341221434321"), 1.0);
        r.puzzle_index = k - 1;
        r.settings = Some(settings(timeout_s));
        r.write_json_line(&mut text);
    }
    file(dir, name, &text)
}

/// Writes `name` in `dir` with `text`; gives its path.
fn file(dir: &std::path::Path, name: &str, text: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Runs `merge`, giving its result and every line it said.
fn run(merge: Merge) -> (crate::error::Result<super::Merged>, Vec<String>) {
    let mut said = Vec::new();
    let merged = merge.run(&mut |line| said.push(line));
    (merged, said)
}

#[test]
fn shards_of_one_run_merge_into_one_table_and_a_missing_one_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let one = shard(dir.path(), "1.jsonl", (1, 3), 10.0);
    let two = shard(dir.path(), "2.jsonl", (2, 3), 10.0);
    let (merged, said) = run(Merge::new([&one, &two]));
    let merged = merged.unwrap();
    let missing = "shard 3/3 is missing: the tables cover 2 of 3 shards";
    assert_eq!(said, [format!("warning: {missing}")]);
    assert_eq!(merged.notes(), [missing]);
    assert_eq!(
        merged.partial(),
        Some("partial: the shards read hold all 4 of their solves; shard 3/3 is missing")
    );
    let parts = merged.parts();
    assert_eq!(parts.len(), 1);
    assert_eq!(parts[0].heading, "");
    let summary = merged.whole().summary();
    assert!(summary.clean());
    assert_eq!(summary.puzzles, 2);
    assert_eq!(merged.whole().order(), ["dlx", "fast"]);
    assert_eq!(
        merged.title(),
        "4 results, puzzles of p; 10 s budget per solve"
    );
}

#[test]
fn a_shard_that_stopped_before_its_planned_solves_makes_the_merge_partial() {
    let dir = tempfile::tempdir().unwrap();
    let one = shard(dir.path(), "1.jsonl", (1, 2), 10.0);
    let two = shard(dir.path(), "2.jsonl", (2, 2), 10.0);
    let (merged, _) = run(Merge::new([&one, &two]));
    assert_eq!(merged.unwrap().partial(), None);
    // The second shard's file loses its last result, as a run stopped there leaves it.
    let text = std::fs::read_to_string(&two).unwrap();
    let kept: Vec<&str> = text.lines().take(2).collect();
    std::fs::write(&two, kept.join("\n") + "\n").unwrap();
    let (merged, _) = run(Merge::new([&one, &two]));
    let partial = format!("partial: 3 of 4 solves; {two} holds 1 of its 2 solves");
    assert_eq!(merged.unwrap().partial(), Some(partial.as_str()));
    // Cut off in the middle of that result's line instead: the file is named so.
    let cut = format!(
        "{}{}",
        kept.join("\n") + "\n",
        &text.lines().nth(2).unwrap()[..9]
    );
    std::fs::write(&two, cut).unwrap();
    let (merged, said) = run(Merge::new([&one, &two]));
    let partial = format!("partial: 3 of 4 solves; {two} was cut off after 1 of its 2 solves");
    assert_eq!(merged.unwrap().partial(), Some(partial.as_str()));
    assert_eq!(
        said,
        [format!(
            "note: {two}:3: skipped a truncated last line (an interrupted write)"
        )]
    );
}

#[test]
fn other_settings_are_refused_after_the_warnings_before_them() {
    let dir = tempfile::tempdir().unwrap();
    let one = shard(dir.path(), "1.jsonl", (1, 2), 10.0);
    let other = shard(dir.path(), "other.jsonl", (1, 1), 2.0);
    let empty = file(dir.path(), "empty.jsonl", b"");
    let (merged, said) = run(Merge::new([&one, &empty, &other]));
    let Err(Error::Results(why)) = merged else {
        panic!("not refused: {merged:?}")
    };
    assert!(
        said[0].starts_with(&format!("warning: {empty} is empty")),
        "{said:?}"
    );
    assert_eq!(
        said[1],
        "warning: shard 2/2 is missing: the tables cover 1 of 2 shards"
    );
    assert_eq!(said.len(), 2);
    assert!(
        why.starts_with("the results were run with other settings"),
        "{why}"
    );
    assert!(why.contains(&format!(
        "--timeout 2 s, uniqueness, --variant classic: {other}"
    )));
}

#[test]
fn other_settings_kept_apart_get_a_table_each_and_share_the_plot() {
    let dir = tempfile::tempdir().unwrap();
    let one = shard(dir.path(), "1.jsonl", (1, 1), 10.0);
    let other = shard(dir.path(), "other.jsonl", (1, 1), 2.0);
    let (merged, said) = run(Merge::new([&one, &other]).by_settings(true));
    let merged = merged.unwrap();
    assert!(said.is_empty(), "{said:?}");
    let headings: Vec<String> = merged.parts().into_iter().map(|p| p.heading).collect();
    assert_eq!(
        headings,
        [
            format!("[1] --timeout 10 s, uniqueness, --variant classic: {one}"),
            format!("[2] --timeout 2 s, uniqueness, --variant classic: {other}"),
        ]
    );
    assert_eq!(
        merged.whole().order(),
        ["dlx [1]", "fast [1]", "dlx [2]", "fast [2]"]
    );
}

#[test]
fn a_file_given_twice_counts_once_and_says_so_last() {
    let dir = tempfile::tempdir().unwrap();
    let one = shard(dir.path(), "1.jsonl", (1, 1), 10.0);
    let (merged, said) = run(Merge::new([&one, &one]));
    assert_eq!(merged.unwrap().whole().summary().puzzles, 1);
    assert_eq!(
        said,
        [
            "warning: 2 result(s) repeat a (backend, puzzle) pair read before \
            (a file given twice, or a shard run twice?): \
            the first read counts"
        ]
    );
}

#[test]
fn nothing_to_compare_names_the_shard_that_ran_no_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let results = std::fs::read_to_string(shard(dir.path(), "x", (1, 1), 10.0)).unwrap();
    let header = results.lines().next().unwrap().to_string() + "\n";
    let path = file(dir.path(), "none.jsonl", header.as_bytes());
    let (merged, said) = run(Merge::new([&path]));
    assert!(said.is_empty(), "{said:?}");
    match merged {
        Err(Error::Results(why)) => assert_eq!(
            why,
            format!(
                "nothing to compare: {path} hold(s) no result; {path} (shard 1/1) ran on no puzzle"
            )
        ),
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn a_file_that_cannot_be_read_is_an_io_error_naming_it() {
    let (merged, said) = run(Merge::new(["no/such/results.jsonl"]));
    assert!(said.is_empty());
    match merged {
        Err(Error::Io { path, .. }) => assert_eq!(path, "no/such/results.jsonl"),
        other => panic!("not an io error: {other:?}"),
    }
}
