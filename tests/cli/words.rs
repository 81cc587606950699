//! What the tool says matches what happened: the README's `explain` examples show the
//! rules at work, guesses and contradictions are described as they happened, 16×16
//! steps write digits as the grid does, `rate` keeps names and says "stuck" in words,
//! `x fastest` has one definition, and the command line is consistent with itself.

use crate::common::cli::{err as stderr, out as stdout, run, run_no_stdin};
use std::path::Path;

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap()
}

/// The numbered step lines of `explain`'s text output: `  12. [L1] ...`.
fn step_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            let digits = t.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && t[digits..].starts_with(". [")
        })
        .collect()
}

/// Splits a README command line into words (no quoting is used there), dropping the
/// trailing `# comment` and the program name.
fn words_of(line: &str) -> Vec<String> {
    let code = match line.find("  #") {
        Some(i) => &line[..i],
        None => line,
    };
    code.split_whitespace().skip(1).map(String::from).collect()
}

#[test]
fn every_readme_explain_example_shows_the_rules_at_work() {
    let text = readme();
    let examples: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("sudoku-arena explain "))
        .collect();
    assert!(
        examples.len() >= 2,
        "README has {} explain examples",
        examples.len()
    );
    assert!(
        examples.iter().any(|l| l.contains("--svg")),
        "no README explain example draws a picture"
    );
    assert!(
        examples.iter().any(|l| l.contains("--allow-guessing")),
        "no README explain example says what to do when the rules are stuck"
    );
    for line in examples {
        let scratch = tempfile::tempdir().unwrap();
        // Pictures and pages go to a scratch directory, not into the repository.
        let mut args = words_of(line);
        for i in 0..args.len() {
            if i > 0 && (args[i - 1] == "--svg" || args[i - 1] == "--html") {
                args[i] = scratch.path().join(&args[i]).display().to_string();
            }
        }
        let o = run_no_stdin(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(o.status.success(), "{line}: {}", stderr(&o));
        let out = stdout(&o);
        let steps = step_lines(&out);
        assert!(
            steps.len() >= 5,
            "{line}: only {} step(s):\n{out}",
            steps.len()
        );
        assert!(
            steps
                .iter()
                .any(|s| !s.contains("[L0]") && !s.contains("single")),
            "{line}: nothing beyond singles:\n{out}"
        );
        if let Some(i) = args.iter().position(|a| a == "--svg") {
            let pictures = std::fs::read_dir(&args[i + 1]).unwrap().count();
            assert!(pictures >= 2, "{line}: {pictures} picture(s)");
        }
        if let Some(i) = args.iter().position(|a| a == "--html") {
            let page = std::fs::read_to_string(&args[i + 1]).unwrap();
            assert!(page.matches("<div class=\"step\"").count() >= 5, "{line}");
        }
    }
}

#[test]
fn a_guess_is_described_by_what_happened_to_it() {
    let o = run_no_stdin(&["explain", "--allow-guessing", "examples/hard.txt"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let guesses: Vec<&str> = step_lines(&out)
        .into_iter()
        .filter(|l| l.contains("[guess]"))
        .collect();
    assert!(!guesses.is_empty(), "{out}");
    for g in &guesses {
        // Every guess printed lies on the branch that found the solution: nothing undid it.
        assert!(!g.contains("undoes"), "{g}");
        assert!(g.contains("kept: it leads to the solution"), "{g}");
    }
    // The digits tried there before, which led to contradictions, are named as such.
    assert!(
        guesses.iter().any(|g| g.contains("led to a contradiction")),
        "{guesses:?}"
    );
}

#[test]
fn explain_names_the_cell_or_unit_that_proves_there_is_no_solution() {
    let o = run_no_stdin(&["explain", "examples/none.txt"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let ending = out
        .lines()
        .find(|l| l.starts_with("# no solution"))
        .unwrap_or_else(|| panic!("no ending names the proof:\n{out}"));
    assert!(
        ending.contains("has no candidate left") || ending.contains("has no place left in"),
        "{ending}"
    );
    let o = run_no_stdin(&["explain", "--format", "json", "examples/none.txt"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["verdict"], "none");
    let why = v["no_solution"].as_str().unwrap_or_default();
    assert!(ending.ends_with(why) && !why.is_empty(), "{why} / {ending}");
}

#[test]
fn sixteen_by_sixteen_steps_write_digits_as_the_grid_does() {
    let o = run_no_stdin(&["explain", "examples/16x16.txt"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let steps = step_lines(&out);
    assert!(steps.len() > 20);
    let mut letters = 0;
    for s in &steps {
        for w in s.split("place ").skip(1) {
            let digit = w.split(' ').next().unwrap();
            assert_eq!(digit.chars().count(), 1, "{s}");
            letters += usize::from(digit.chars().all(|c| c.is_ascii_uppercase()));
        }
        // "no candidate but 14" or "14 has only one place" would be the number form.
        for n in 10..=16 {
            assert!(!s.contains(&format!("but {n}")), "{s}");
            assert!(!s.contains(&format!(": {n} has")), "{s}");
        }
    }
    assert!(letters > 0, "no digit above 9 placed:\n{out}");
}

#[test]
fn rate_keeps_names_and_says_stuck_in_words() {
    let o = run_no_stdin(&["rate", "examples/hard.txt"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().any(|l| l.contains("AI Escargot")), "{out}");
    for l in out.lines().filter(|l| !l.starts_with('#')) {
        assert!(!l.contains("level -"), "{l}");
        assert!(l.contains("stuck, unrated"), "{l}");
        assert!(l.contains("hardest rule used: "), "{l}");
    }
    let o = run_no_stdin(&["rate", "--examples", "--limit", "3"]);
    let out = stdout(&o);
    let third = out.lines().nth(2).unwrap();
    assert!(third.contains("forum hardest #1"), "{third}");
    let o = run_no_stdin(&["rate", "--format", "json", "examples/hard.txt"]);
    let first: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(first["ladder"], "stuck");
    assert!(first["level"].is_null());
    let o = run_no_stdin(&["rate", "--format", "json", "examples/hard.txt"]);
    let fourth: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().nth(3).unwrap()).unwrap();
    assert_eq!(fourth["name"], "AI Escargot");
}

/// The words `compare --help` uses to define `x fastest`, whitespace folded.
fn fold(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn x_fastest_has_one_definition_in_help_and_manual() {
    let help = fold(&stdout(&run_no_stdin(&["compare", "--help"])));
    let manual = fold(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/manual.md"))
            .unwrap(),
    );
    let definition = "`x fastest` is a configuration's median time over the smallest median of the configurations that answered every puzzle (none unknown, memout, failed or wrong), so it is never below 1; `-` for one that did not answer every puzzle, whose median is not over the same work. With `--repeat` it is the mean over the rounds of each round's ratio, the figure whose confidence interval the repeat section gives";
    assert!(help.contains(definition), "compare --help: {help}");
    assert!(
        manual.contains(definition),
        "docs/manual.md does not define it the same way"
    );
}

#[test]
fn readme_counts_no_configurations_the_registry_does_not_have() {
    let numbers = [
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    let defaults = sudoku_arena::backends::default_configs().len();
    let examples = sudoku_arena::input::EXAMPLES.len();
    let text = fold(&readme());
    // The sentence about the first `compare` run: any count it gives is the registry's.
    for sentence in text.split(". ").filter(|s| s.contains("embedded")) {
        let words: Vec<&str> = sentence.split(' ').collect();
        for w in words.windows(2) {
            let count = numbers
                .iter()
                .position(|n| w[0].eq_ignore_ascii_case(n))
                .map(|i| i + 1)
                .or_else(|| w[0].parse().ok());
            if let Some(count) = count {
                if w[1].starts_with("configuration") {
                    assert_eq!(count, defaults, "{sentence}");
                }
                if w[1] == "embedded" {
                    assert_eq!(count, examples, "{sentence}");
                }
            }
        }
    }
}

#[test]
fn backend_and_backends_are_both_accepted() {
    let o = run_no_stdin(&["solve", "--backends", "dlx", "examples/easy.txt"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run_no_stdin(&["compare", "--backend", "dlx", "examples/easy.txt"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn count_neither_lists_nor_takes_the_aco_flags() {
    let help = stdout(&run_no_stdin(&["count", "--help"]));
    for flag in ["--ants", "--q0", "--rho", "--bve", "--no-bve", "--seed"] {
        assert!(!help.contains(flag), "count --help lists {flag}");
    }
    assert!(stdout(&run_no_stdin(&["solve", "--help"])).contains("--ants"));
}

const COMMANDS: &[&str] = &[
    "compare",
    "solve",
    "count",
    "backends",
    "export",
    "merge",
    "explain",
    "rate",
    "generate",
    "completions",
    "verify-certificate",
];

#[test]
fn help_is_wrapped_and_dash_h_is_a_summary() {
    for cmd in COMMANDS {
        let long = stdout(&run_no_stdin(&[cmd, "--help"]));
        let short = stdout(&run_no_stdin(&[cmd, "-h"]));
        for (flag, text) in [("--help", &long), ("-h", &short)] {
            for l in text.lines() {
                assert!(
                    l.chars().count() <= 100,
                    "{cmd} {flag}: a line of {} characters: {l}",
                    l.chars().count()
                );
            }
        }
        assert!(short.len() < long.len(), "{cmd}: -h is as long as --help");
        // In the summary every argument takes at most three lines.
        let mut entry = "";
        let mut lines = 0;
        for l in short.lines() {
            let indent = l.len() - l.trim_start().len();
            if (2..=6).contains(&indent) {
                (entry, lines) = (l, 1);
            } else if indent > 6 && !entry.is_empty() {
                lines += 1;
                assert!(lines <= 3, "{cmd} -h: too long for a summary: {entry}");
            } else {
                entry = "";
            }
        }
    }
}

#[test]
fn a_negative_timeout_says_what_to_give() {
    for cmd in ["solve", "count", "compare", "rate", "explain", "generate"] {
        let mut args = vec![cmd, "--timeout", "-1"];
        if cmd != "generate" {
            args.push("examples/easy.txt");
        }
        let o = run_no_stdin(&args);
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        let e = stderr(&o);
        assert!(e.contains("positive number of seconds"), "{cmd}: {e}");
    }
}

#[test]
fn standard_input_named_twice_is_refused() {
    // Standard input is a pipe that ends at once.
    let o = run(&["solve", "-", "examples/easy.txt", "-"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("standard input (`-`) is named twice"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn one_puzzle_is_not_one_puzzles() {
    for args in [
        &["rate", "examples/none.txt"][..],
        &["compare", "-b", "dlx", "examples/none.txt"],
        &["compare", "-b", "dlx", "--by-file", "examples/none.txt"],
        &["count", "examples/none.txt"],
        &["solve", "examples/none.txt"],
    ] {
        let o = run_no_stdin(args);
        let all = format!("{}{}", stdout(&o), stderr(&o));
        assert!(!all.contains("1 puzzles"), "{args:?}: {all}");
        assert!(!all.contains("1 solves"), "{args:?}: {all}");
    }
}

#[test]
fn every_verdict_column_of_compare_counts_that_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("t.csv");
    let out = dir.path().join("r.jsonl");
    let o = run_no_stdin(&[
        "compare",
        "-b",
        "dlx",
        "--csv",
        csv.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "examples/easy.txt",
        "examples/none.txt",
        "examples/several.txt",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let records: Vec<serde_json::Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &serde_json::Value| v.get("verdict").is_some())
        .collect();
    let table = std::fs::read_to_string(&csv).unwrap();
    let mut lines = table.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    for verdict in ["unique", "multiple", "none", "solved", "unknown"] {
        let expected = records.iter().filter(|r| r["verdict"] == verdict).count();
        if let Some(i) = header.iter().position(|h| *h == verdict) {
            assert_eq!(row[i], expected.to_string(), "column {verdict}: {table}");
        }
    }
    // The markdown and text tables use the same columns as the CSV.
    let text = stdout(&o);
    let head = text.lines().find(|l| l.contains("unique")).unwrap();
    assert!(
        !head.contains("solved") || header.contains(&"solved"),
        "{head}"
    );
}

#[test]
fn ci_runs_the_test_command_readme_gives() {
    let readme = readme();
    let command = readme
        .lines()
        .find(|l| l.starts_with("cargo test") && l.contains("# the whole test suite"))
        .and_then(|l| l.split('#').next())
        .map(str::trim)
        .expect("README's two commands name the test command");
    let ci =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/run")).unwrap();
    assert!(
        ci.lines().any(|l| l.trim() == command),
        ".ci/run does not run `{command}`, the test command README gives"
    );
}
