//! Turning records into the comparison: per-backend figures, and the cross-checks —
//! wrong answers and verdicts that disagree between backends on the same puzzle.

use super::entry::{Entry, Fingerprint, Names};
use super::record::Record;
use super::tally::Tally;

/// The figures of one backend over the puzzles it ran.
#[derive(Clone, Debug, PartialEq)]
pub struct BackendSummary {
    /// Backend configuration.
    pub backend: String,
    /// Puzzles run.
    pub puzzles: usize,
    /// Puzzles with the verdict `solved`: a valid solution, uniqueness not proven (as
    /// each other count, the puzzles of one verdict; those with a solution are
    /// `solved + unique + multiple`).
    pub solved: usize,
    /// Puzzles proven to have exactly one solution.
    pub unique: usize,
    /// Puzzles with verdict `multiple`.
    pub multiple: usize,
    /// Puzzles proven unsolvable.
    pub none: usize,
    /// Puzzles left `unknown` (deadline or undecided).
    pub unknown: usize,
    /// Puzzles stopped at the memory limit (`memout`).
    pub memout: usize,
    /// Puzzles the backend could not answer because it failed (counted in `unknown` too).
    pub failed: usize,
    /// Answers the validator rejected (must be 0).
    pub wrong: usize,
    /// 10th percentile of the time per puzzle, ms: beside the median and the 90th, it
    /// shows a spread a single median over a mixed set hides.
    pub p10_ms: f64,
    /// Median wall time per puzzle, ms.
    pub median_ms: f64,
    /// 90th percentile, ms.
    pub p90_ms: f64,
    /// Slowest, ms.
    pub max_ms: f64,
    /// `x fastest`: the median over the smallest median of the backends that answered
    /// every puzzle, measured in the same run, so never below 1; not a number for a
    /// backend that did not answer every puzzle (its median is not over the same work)
    /// or whose median is below its clock's resolution.
    pub ratio_to_fastest: f64,
    /// The coarsest resolution of the times above, ms: an external solver that reports
    /// to 10 or 100 ms makes them no finer than that (0 when the records do not say).
    pub time_resolution_ms: f64,
    /// Median time to get a puzzle to a worker process and back, ms (0 in process);
    /// never part of the solve times above.
    pub median_transport_ms: f64,
    /// Mean of the backend's own effort measure (`Stats::nodes`).
    pub mean_effort: f64,
    /// What that effort counts.
    pub effort_name: String,
    /// Mean encoding size: variables (or rows).
    pub mean_variables: f64,
    /// Mean encoding size: constraints (or columns).
    pub mean_constraints: f64,
    /// Penalised average run time, ms: the mean time per puzzle where a solve without
    /// an answer (unknown, failed or wrong) counts twice the time budget, as SAT
    /// competitions score; not a number without a budget.
    pub par2_ms: f64,
    /// With `--repeat R` (R of 2 or more): R, and the 95 % confidence intervals of the
    /// median and of `x fastest`, from the spread of the R rounds (round k is every
    /// puzzle's k-th timed solve; over the puzzles every configuration ran).
    pub rounds: Option<Rounds>,
}

/// The spread of a configuration's figures over the rounds of `--repeat`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rounds {
    /// How many rounds.
    pub count: usize,
    /// The mean over the rounds of each round's median, ms.
    pub median_ms: f64,
    /// Its 95 % confidence interval (Student's t over the rounds), ms.
    pub median_ci_ms: (f64, f64),
    /// The mean over the rounds of each round's `x fastest` (not a number when the
    /// configuration has no ratio).
    pub ratio: f64,
    /// Its 95 % confidence interval.
    pub ratio_ci: (f64, f64),
}

/// An answer the independent validator rejected.
#[derive(Clone, Debug, PartialEq)]
pub struct WrongAnswer {
    /// The configuration that gave it.
    pub backend: String,
    /// Where the puzzle came from.
    pub source: String,
    /// What the validator found wrong.
    pub what: String,
}

/// Two backends that cannot both be right about a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    /// Where the puzzle came from.
    pub source: String,
    /// What each backend said: `backend=verdict`.
    pub verdicts: Vec<String>,
    /// Why they cannot both be right.
    pub reason: String,
}

/// The comparison of a set of records.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// One row per backend, in first-seen order.
    pub backends: Vec<BackendSummary>,
    /// Cross-backend disagreements.
    pub disagreements: Vec<Disagreement>,
    /// Wrong answers, in the order of the input.
    pub wrong: Vec<WrongAnswer>,
    /// Distinct puzzles.
    pub puzzles: usize,
    /// The puzzles every backend ran: `ratio_to_fastest` compares medians over these
    /// alone (all of them, unless some backend ran only part of the puzzles).
    pub common_puzzles: usize,
}

impl Summary {
    /// Whether everything checked out: no wrong answer, no disagreement.
    pub fn clean(&self) -> bool {
        self.wrong.is_empty() && self.disagreements.is_empty()
    }
}

/// Builds the comparison of whole records: the records of a puzzle (same index, same
/// puzzle) are cross-checked together, in the order of the puzzles' first records; when a
/// (backend, puzzle) pair appears more than once, the last record counts.
pub fn summarize(records: &[Record]) -> Summary {
    let mut names = Names::default();
    let mut groups: Vec<Vec<Entry>> = Vec::new();
    let mut place: std::collections::HashMap<(usize, Fingerprint), usize> = Default::default();
    let mut order: Vec<String> = Vec::new();
    for r in records {
        if !order.contains(&r.backend) {
            order.push(r.backend.clone());
        }
        let e = Entry::new(r, &mut names);
        let key = (e.puzzle_index, e.puzzle);
        match place.get(&key) {
            Some(&g) => groups[g].push(e),
            None => {
                place.insert(key, groups.len());
                groups.push(vec![e]);
            }
        }
    }
    let mut tally = Tally::new(&order, false, None);
    for g in &groups {
        tally.add_puzzle(g);
    }
    tally.summary()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;

    fn rec(backend: &str, verdict: &str, solution: Option<&str>, time_ms: f64) -> Record {
        let verdict = Verdict::from_name(verdict).unwrap();
        Record {
            puzzle_index: 0,
            source: "p:1".into(),
            file: "p".into(),
            line: 1,
            label: None,
            settings: None,
            puzzle: "p".into(),
            size: 4,
            fixed_fraction: 0.25,
            backend: backend.into(),
            verdict,
            solution: solution.map(String::from),
            solutions_found: solution.is_some() as u64,
            timed_out: verdict == Verdict::Unknown,
            time_ms,
            transport_ms: 0.0,
            cpu_ms: 0.0,
            peak_rss_kb: None,
            clocks: Default::default(),
            failure: None,
            wrong: None,
            conflict: None,
            effort_name: "nodes".into(),
            stats: Default::default(),
            repeat_times_ms: Vec::new(),
        }
    }

    #[test]
    fn agreeing_verdicts_are_clean() {
        let s = summarize(&[
            rec("a", "unique", Some("x"), 1.0),
            rec("b", "solved", Some("x"), 4.0),
            rec("c", "unknown", None, 9.0),
        ]);
        assert!(s.clean(), "{:?}", s.disagreements);
        assert_eq!(s.backends[1].ratio_to_fastest, 4.0);
    }

    #[test]
    fn contradicting_verdicts_are_a_disagreement() {
        let s = summarize(&[
            rec("a", "unique", Some("x"), 1.0),
            rec("b", "none", None, 1.0),
        ]);
        assert_eq!(s.disagreements.len(), 1);
        assert!(s.disagreements[0]
            .reason
            .contains("a says unique, b says none"));
    }

    #[test]
    fn a_different_solution_to_a_unique_puzzle_is_a_disagreement() {
        let s = summarize(&[
            rec("a", "unique", Some("x"), 1.0),
            rec("b", "solved", Some("y"), 1.0),
        ]);
        assert_eq!(s.disagreements.len(), 1);
    }

    #[test]
    fn wrong_answers_are_counted_and_not_clean() {
        let mut bad = rec("a", "unique", Some("x"), 1.0);
        bad.wrong = Some("3 appears twice in row 1".into());
        let s = summarize(&[bad]);
        assert_eq!(
            (s.backends[0].wrong, s.backends[0].solved, s.clean()),
            (1, 0, false)
        );
    }

    #[test]
    fn the_ratio_baseline_is_a_backend_that_answered_everything() {
        let s = summarize(&[
            rec("ladder", "unknown", None, 0.5),
            rec("a", "unique", Some("x"), 2.0),
            rec("b", "unique", Some("x"), 4.0),
        ]);
        let ratio = |name: &str| {
            s.backends
                .iter()
                .find(|b| b.backend == name)
                .unwrap()
                .ratio_to_fastest
        };
        assert_eq!((ratio("a"), ratio("b")), (1.0, 2.0));
        assert!(
            ratio("ladder").is_nan(),
            "a backend that gave up has no ratio"
        );
    }

    #[test]
    fn a_bimodal_spread_shows_in_p10_and_p90() {
        // Half the puzzles take 3.6 ms, half 527 ms: the median alone says neither.
        let mut records = Vec::new();
        for (i, t) in [3.6, 527.0].repeat(10).into_iter().enumerate() {
            records.push(Record {
                puzzle_index: i,
                ..rec("highs", "unique", Some("x"), t)
            });
        }
        let s = summarize(&records);
        let b = &s.backends[0];
        // Read from a histogram: within its stated error of the exact values.
        let near = |got: f64, want: f64| {
            (got - want).abs() <= want * crate::harness::times::QUANTILE_ERROR
        };
        assert!(near(b.p10_ms, 3.6) && near(b.p90_ms, 527.0), "{b:?}");
        let table = super::super::report::terminal(&s);
        assert!(
            table.contains("p10 ms") && table.contains("3.60"),
            "{table}"
        );
    }
}
