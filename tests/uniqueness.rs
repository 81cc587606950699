//! The uniqueness rules (`--assume-unique`, `rules:ladder+unique`): each pattern on a
//! puzzle where it is the first rule of the ladder that applies, checked against the
//! solution; and `compare`'s cross-check, where the configuration answers `solved`,
//! says it assumed uniqueness, and never counts as a proof of it.

mod common;

use common::*;
use std::process::Command;
use sudoku_arena::backends::rules::engine::{self, Options, Scratch, RULES};
use sudoku_arena::backends::rules::state::State;
use sudoku_arena::backends::rules::step::{Detail, UniquePattern};
use sudoku_arena::backends::rules::{picture, soundness, RulesSolver};

/// Puzzles of `tests/data/magictour_top1465.txt` (1-based) on which each pattern fires.
const CASES: &[(usize, UniquePattern)] = &[
    (1, UniquePattern::Rectangle),
    (39, UniquePattern::RectangleExtra),
    (197, UniquePattern::RectangleSubset),
    (12, UniquePattern::RectangleStrongLink),
    (250, UniquePattern::AvoidableRectangle),
    (75, UniquePattern::Bug),
];

#[test]
fn each_uniqueness_pattern_is_the_first_rule_that_applies_and_is_sound() {
    let puzzles = data_puzzles("magictour_top1465.txt", 250);
    let mut solver = RulesSolver::new(false);
    let opts = Options {
        record: true,
        assume_unique: true,
        ..Options::default()
    };
    for &(index, pattern) in CASES {
        let p = &puzzles[index - 1];
        let run = solver.run(p, &opts);
        let board = solver.board(&p.geometry);
        let solution = dlx_solution(p);
        soundness::check(board, &run.steps, &solution).unwrap();
        let k = run
            .steps
            .iter()
            .position(|s| s.detail == Detail::Unique { pattern })
            .unwrap_or_else(|| panic!("puzzle {index}: no {pattern:?} step"));
        let step = &run.steps[k];
        assert!(step.assumes_unique());
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
        // Nothing earlier in the ladder applies in the position it was found in.
        let states = picture::states_before(board, &State::new(board, p), &run.steps);
        let rule = step.rule.unwrap().index;
        for (earlier, r) in RULES.iter().enumerate().take(rule) {
            assert_eq!(
                engine::find(earlier, board, &states[k], &mut Scratch::default()),
                None,
                "puzzle {index}: {} applies before {pattern:?}",
                r.name
            );
        }
        // And the same rule finds no other pattern first there.
        let again = engine::find(rule, board, &states[k], &mut Scratch::default());
        assert_eq!(again.as_ref(), Some(step), "puzzle {index}");
    }
}

#[test]
fn ladder_plus_unique_answers_solved_and_agrees_with_dlx_without_counting_as_unique() {
    let lines: Vec<String> = std::fs::read_to_string(data_dir().join("magictour_top1465.txt"))
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let mut input: Vec<&str> = CASES.iter().map(|&(i, _)| lines[i - 1].as_str()).collect();
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
