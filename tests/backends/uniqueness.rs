//! The uniqueness rules (`rules:ladder+unique`) in `compare`'s cross-check, where the
//! configuration answers `solved`, says it assumed uniqueness, and never counts as a
//! proof of it (each pattern's step is checked by the rules' unit tests).

use crate::common::*;
use std::process::Command;

/// Lines of `tests/data/magictour_top1465.txt` on which each uniqueness pattern is the
/// first rule that applies (rectangle, with an extra candidate, with a subset, with a
/// strong link, avoidable rectangle, BUG; the unit tests of the rules check each).
const CASES: &[usize] = &[1, 39, 197, 12, 250, 75];

#[test]
fn ladder_plus_unique_answers_solved_and_agrees_with_dlx_without_counting_as_unique() {
    let lines: Vec<String> = std::fs::read_to_string(data_dir().join("magictour_top1465.txt"))
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let mut input: Vec<&str> = CASES.iter().map(|&i| lines[i - 1].as_str()).collect();
    // A puzzle with several solutions: the assumption is false there, and the
    // configuration must still not contradict dlx.
    let serg = std::fs::read_to_string(data_dir().join("serg_benchmark.txt")).unwrap();
    input.push(serg.lines().next().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    std::fs::write(&file, input.join("\n") + "\n").unwrap();
    let results = dir.path().join("r.jsonl");
    let o = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
        .args(["compare", "-b", "dlx,rules:ladder+unique", "--out"])
        .arg(&results)
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout.contains("all verdicts agree"), "{stdout}");
    let records: Vec<serde_json::Value> = std::fs::read_to_string(&results)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|r: &serde_json::Value| r["kind"] != "header")
        .collect();
    let of = |backend: &str| {
        records
            .iter()
            .filter(|r| r["backend"] == backend)
            .collect::<Vec<_>>()
    };
    let (dlx, rules) = (of("dlx"), of("rules:ladder+unique"));
    assert_eq!(rules.len(), input.len());
    for r in &rules {
        assert_ne!(r["verdict"], "unique", "{r}");
    }
    // Each case makes a uniqueness step; the rules then solve it (the same solution
    // as dlx's) or get stuck further on.
    let mut solved = 0;
    for (d, r) in dlx.iter().zip(&rules).take(CASES.len()) {
        assert_eq!(d["verdict"], "unique");
        assert_eq!(r["stats"]["extra"]["uniqueness_assumed"], 1.0, "{r}");
        match r["verdict"].as_str() {
            Some("solved") => {
                assert_eq!(r["solution"], d["solution"]);
                solved += 1;
            }
            other => assert_eq!(other, Some("unknown"), "{r}"),
        }
    }
    assert!(solved >= 3, "{solved} solved");
    // The table counts the configuration's answers as solved, none as unique.
    let row = stdout
        .lines()
        .find(|l| l.starts_with("rules:ladder+unique"))
        .unwrap();
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cols[3], "0", "{row}");
}
