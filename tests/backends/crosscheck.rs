//! Cross-checks at volume: every built-in backend against `dlx` and the validator on
//! 900 puzzles.
//!
//! The puzzles, all drawn with a fixed-seed generator so that a failure replays:
//! * 500 from the benchmark samples of `tests/data/`: 150 of the 1,000 of `17_clue.txt`,
//!   150 of the 500 of `magictour_top1465.txt`, 100 of the 375 of
//!   `forum_hardest_1106.txt` (one solution each) and 100 of the 300 of
//!   `serg_benchmark.txt` (two or more each);
//! * 200 with two or more solutions: a 17-clue puzzle with one clue removed (17-clue
//!   puzzles are minimal, so any removal leaves several solutions);
//! * 200 with none: a 17-clue puzzle plus one given at an empty cell, a value other than
//!   the unique solution's there and held by no given of its row, column or box (the only
//!   solution is excluded, with no direct clash to make it trivial).
//!
//! `dlx` is the reference, itself checked against what the sets are known to hold.
//! Every answer goes through `verify` (valid, distinct solutions, a verdict that matches
//! them), and every decided verdict must be `dlx`'s. Each configuration is a test of its
//! own, so the harness runs two at a time on two cores.
//!
//! Allowances, each counted and bounded:
//! * `rules:ladder` answers `unknown` when stuck (by design); every cell it filled must
//!   hold that value in the solutions `dlx` found.
//! * `ip` (0.1 to 1 s a 9x9) runs on a fixed subset, every [`IP_EVERY`]th puzzle (300
//!   of the 900, all three kinds), with [`IP_BUDGET`] each; `unknown` or `solved` when
//!   that budget runs out is not a disagreement, but more than [`IP_MAX_UNDECIDED`] fail.
//! * A backend the registry marks `proves_uniqueness: false` (incomplete, such as an ant
//!   colony) is found in the registry and run on every [`PARTIAL_EVERY`]th puzzle with a
//!   short budget ([`PARTIAL_BUDGET`]), asking for one solution: it may answer `solved`
//!   or `unknown`, any other claim must be `dlx`'s.
//!
//! The other backends have [`BUDGET`] a puzzle, far more than they need; running out is
//! a failure (so a hang cannot pass).

use crate::common::Rng;
use std::collections::HashSet;
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use sudoku_arena::backends::{create, BACKENDS};
use sudoku_arena::model::Grid;
use sudoku_arena::model::{parse_puzzles, ParseOptions, Puzzle};
use sudoku_arena::solver::{verify, SolveOptions, Verdict};

/// Seed of every draw.
const SEED: u64 = 0x5eed_16c0_ffee;
/// Per-puzzle budget of the complete backends.
const BUDGET: Duration = Duration::from_secs(20);
/// `ip` runs on every this-th puzzle.
const IP_EVERY: usize = 3;
/// `ip`'s per-puzzle budget.
const IP_BUDGET: Duration = Duration::from_secs(5);
/// How many `ip` answers may be left undecided by its budget (5% of its 300; the
/// hardest forum puzzles take it seconds on a loaded machine).
const IP_MAX_UNDECIDED: usize = 15;
/// Backends that do not prove uniqueness run on every this-th puzzle.
const PARTIAL_EVERY: usize = 3;
/// Their per-puzzle budget.
const PARTIAL_BUDGET: Duration = Duration::from_millis(50);

/// A puzzle, where it came from, and what `dlx` found.
struct Case {
    puzzle: Puzzle,
    source: String,
    /// `dlx`'s verdict (two solutions sought).
    verdict: Verdict,
    /// The solutions `dlx` found (at most two).
    solutions: Vec<Grid>,
}

/// Lines of a file in `tests/data/`.
fn lines(file: &str) -> Vec<String> {
    let path = crate::common::data_dir().join(file);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .lines()
        .map(str::to_string)
        .collect()
}

/// `count` distinct line numbers (0-based) below `len`, drawn with `rng`.
fn sample(rng: &mut Rng, len: usize, count: usize) -> Vec<usize> {
    let mut seen = HashSet::new();
    let mut picked = Vec::new();
    while picked.len() < count {
        let i = rng.below(len);
        if seen.insert(i) {
            picked.push(i);
        }
    }
    picked
}

fn parse(line: &str, source: &str) -> Puzzle {
    parse_puzzles(line, source, &ParseOptions::default())
        .unwrap()
        .remove(0)
}

/// The 900 puzzles with `dlx`'s answers, built once and shared by every test.
fn cases() -> &'static [Case] {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(build_cases)
}

fn build_cases() -> Vec<Case> {
    let mut rng = Rng(SEED);
    let mut drawn: Vec<(Puzzle, String, Verdict)> = Vec::new();
    let seventeen = lines("17_clue.txt");
    for (file, count, known) in [
        ("17_clue.txt", 150, Verdict::Unique),
        ("magictour_top1465.txt", 150, Verdict::Unique),
        ("forum_hardest_1106.txt", 100, Verdict::Unique),
        ("serg_benchmark.txt", 100, Verdict::Multiple),
    ] {
        let all = if file == "17_clue.txt" {
            seventeen.clone()
        } else {
            lines(file)
        };
        for i in sample(&mut rng, all.len(), count) {
            let source = format!("{file}:{}", i + 1);
            drawn.push((parse(&all[i], &source), source, known));
        }
    }
    // Two sets of 17-clue puzzles for the derived cases, apart from each other.
    let bases = sample(&mut rng, seventeen.len(), 400);
    let mut dlx = create("dlx").unwrap();
    for &i in &bases[..200] {
        let mut p = parse(&seventeen[i], "17_clue.txt");
        let givens: Vec<usize> = (0..81).filter(|&c| p.cells[c] != 0).collect();
        let cell = givens[rng.below(givens.len())];
        p.cells[cell] = 0;
        let source = format!(
            "17_clue.txt:{} without r{}c{}",
            i + 1,
            cell / 9 + 1,
            cell % 9 + 1
        );
        drawn.push((p, source, Verdict::Multiple));
    }
    for &i in &bases[200..] {
        let mut p = parse(&seventeen[i], "17_clue.txt");
        let solution = dlx
            .solve(&p, &SolveOptions::new(1, None))
            .solutions
            .remove(0);
        let g = p.geometry.clone();
        // An empty cell and a value that is not the solution's, clashing with no given.
        let (cell, value) = loop {
            let cell = rng.below(81);
            let value = rng.below(9) as u8 + 1;
            if p.cells[cell] == 0
                && value != solution[cell]
                && g.peers[cell].iter().all(|&q| p.cells[q] != value)
            {
                break (cell, value);
            }
        };
        p.cells[cell] = value;
        let source = format!(
            "17_clue.txt:{} with r{}c{}={value}",
            i + 1,
            cell / 9 + 1,
            cell % 9 + 1
        );
        drawn.push((p, source, Verdict::None));
    }
    drawn
        .into_iter()
        .map(|(puzzle, source, known)| {
            let out = dlx.solve(&puzzle, &SolveOptions::new(2, None));
            verify(&puzzle, &out).unwrap_or_else(|e| panic!("dlx on {source}: {e}"));
            assert_eq!(out.verdict, known, "dlx on {source}");
            Case {
                puzzle,
                source,
                verdict: out.verdict,
                solutions: out.solutions,
            }
        })
        .collect()
}

/// How one configuration is run and what it may leave undecided.
struct Plan {
    spec: String,
    /// Run on every this-th puzzle.
    every: usize,
    budget: Duration,
    /// Solutions sought: 2 to prove uniqueness, 1 for a backend that cannot.
    max_solutions: usize,
    /// Whether `unknown` (or `solved`) is allowed without the budget running out.
    may_stop_early: bool,
    /// How many answers may be left undecided when the budget ran out.
    max_undecided: usize,
}

impl Plan {
    /// A complete backend: every puzzle, a generous budget, nothing left undecided.
    fn complete(spec: &str) -> Plan {
        Plan {
            spec: spec.to_string(),
            every: 1,
            budget: BUDGET,
            max_solutions: 2,
            may_stop_early: false,
            max_undecided: 0,
        }
    }
}

/// Runs a plan over the cases and fails with every disagreement found.
fn crosscheck(plan: &Plan) {
    let cases = cases();
    let mut solver = create(&plan.spec).unwrap();
    let mut wrong = Vec::new();
    let (mut run, mut undecided, mut early) = (0, 0, 0);
    let start = Instant::now();
    for case in cases.iter().step_by(plan.every) {
        run += 1;
        let p = &case.puzzle;
        let out = solver.solve(p, &SolveOptions::new(plan.max_solutions, Some(plan.budget)));
        let at = &case.source;
        if let Err(e) = verify(p, &out) {
            wrong.push(format!("{at}: {e}"));
            continue;
        }
        if let Some(failure) = &out.failure {
            wrong.push(format!("{at}: {failure}"));
        }
        if out.verdict.is_decided() {
            if out.verdict != case.verdict {
                wrong.push(format!(
                    "{at}: {} says {}, dlx {}",
                    plan.spec,
                    out.verdict.name(),
                    case.verdict.name()
                ));
            }
        } else if out.timed_out {
            eprintln!("{}: {at}: {} at the budget", plan.spec, out.verdict.name());
            undecided += 1;
        } else if plan.may_stop_early {
            early += 1;
        } else {
            wrong.push(format!("{at}: {} with time to spare", out.verdict.name()));
        }
        if out.verdict == Verdict::Solved && case.verdict == Verdict::None {
            wrong.push(format!("{at}: solved a puzzle with no solution"));
        }
        if let Some(partial) = &out.partial {
            for s in &case.solutions {
                if partial.iter().zip(s).any(|(&v, &sv)| v != 0 && v != sv) {
                    wrong.push(format!(
                        "{at}: a filled cell of the stuck grid differs from a solution"
                    ));
                }
            }
        }
    }
    eprintln!(
        "{}: {run} puzzles in {:.1} s, {undecided} stopped by the budget, {early} stopped early",
        plan.spec,
        start.elapsed().as_secs_f64()
    );
    if undecided > plan.max_undecided {
        wrong.push(format!(
            "{undecided} puzzles undecided at the budget of {:?} (at most {} allowed)",
            plan.budget, plan.max_undecided
        ));
    }
    assert!(
        wrong.is_empty(),
        "{}: {} problems:\n{}",
        plan.spec,
        wrong.len(),
        wrong
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The configurations the complete backends are checked in, by name.
const COMPLETE: &[&str] = &["fast", "csp", "csp:gac", "sat", "rules:guess"];

#[test]
fn the_cases_are_what_they_claim() {
    let cases = cases();
    assert_eq!(cases.len(), 900);
    for (verdict, count) in [
        (Verdict::Unique, 400),
        (Verdict::Multiple, 300),
        (Verdict::None, 200),
    ] {
        assert_eq!(cases.iter().filter(|c| c.verdict == verdict).count(), count);
    }
    // The none cases have no clash among their givens: no solver can stop at the input.
    assert!(cases
        .iter()
        .all(|c| c.puzzle.conflicting_givens().is_none()));
}

#[test]
fn fast_agrees_with_dlx() {
    crosscheck(&Plan::complete("fast"));
}

#[test]
fn csp_agrees_with_dlx() {
    crosscheck(&Plan::complete("csp"));
}

#[test]
fn csp_gac_agrees_with_dlx() {
    crosscheck(&Plan::complete("csp:gac"));
}

#[test]
fn sat_agrees_with_dlx() {
    crosscheck(&Plan::complete("sat"));
}

#[test]
fn rules_guess_agrees_with_dlx() {
    crosscheck(&Plan::complete("rules:guess"));
}

#[test]
fn rules_ladder_never_contradicts_dlx() {
    crosscheck(&Plan {
        may_stop_early: true,
        ..Plan::complete("rules:ladder")
    });
}

#[test]
fn ip_agrees_with_dlx_on_a_subset() {
    crosscheck(&Plan {
        every: IP_EVERY,
        budget: IP_BUDGET,
        max_undecided: IP_MAX_UNDECIDED,
        ..Plan::complete("ip")
    });
}

/// Every backend the registry says cannot prove uniqueness: valid solutions and no
/// false claim, under a short budget.
#[test]
fn backends_without_proofs_make_no_false_claims() {
    for info in BACKENDS.iter().filter(|b| !b.proves_uniqueness) {
        crosscheck(&Plan {
            spec: info.name.to_string(),
            every: PARTIAL_EVERY,
            budget: PARTIAL_BUDGET,
            max_solutions: 1,
            may_stop_early: true,
            max_undecided: usize::MAX,
        });
    }
}

/// No built-in backend is left out: each is checked above, in [`COMPLETE`], as `ip`,
/// `rules`, or as one that cannot prove uniqueness.
#[test]
fn every_builtin_backend_is_crosschecked() {
    for info in BACKENDS.iter().filter(|b| b.name != "ext") {
        let covered = !info.proves_uniqueness
            || info.name == "dlx"
            || info.name == "ip"
            || info.name == "rules"
            || COMPLETE
                .iter()
                .any(|c| c.split(':').next() == Some(info.name));
        assert!(covered, "backend {} is not cross-checked", info.name);
    }
}
