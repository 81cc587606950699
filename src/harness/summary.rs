//! Turning records into the comparison: per-backend figures, and the cross-checks —
//! wrong answers and verdicts that disagree between backends on the same puzzle.

use super::entry::{Entry, Names};
use super::record::Record;
use crate::solver::Verdict;
use std::collections::BTreeMap;

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
    /// Wrong answers: `(backend, source, what)`.
    pub wrong: Vec<(String, String, String)>,
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

/// The `q`-quantile (0..=1) of sorted values, nearest rank.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, count) = values.fold((0.0, 0usize), |(s, c), v| (s + v, c + 1));
    if count == 0 {
        f64::NAN
    } else {
        sum / count as f64
    }
}

/// Builds the comparison of whole records (see [`summarize_entries`]).
pub fn summarize(records: &[Record]) -> Summary {
    let mut names = Names::default();
    let entries: Vec<Entry> = records.iter().map(|r| Entry::new(r, &mut names)).collect();
    summarize_entries(&entries, &[])
}

/// The order of the backends in every table and plot: those `named` (the run's
/// `--backends`, as the results record it) in that order, then any other as first seen.
pub fn backend_order<'a>(
    entries: impl IntoIterator<Item = &'a Entry>,
    named: &[String],
) -> Vec<String> {
    let mut order: Vec<String> = Vec::new();
    let seen: std::collections::HashSet<&str> = entries.into_iter().map(Entry::backend).fold(
        std::collections::HashSet::new(),
        |mut seen, b| {
            if seen.insert(b) && !named.iter().any(|n| n == b) {
                order.push(b.to_string());
            }
            seen
        },
    );
    let mut out: Vec<String> = named
        .iter()
        .filter(|n| seen.contains(n.as_str()))
        .cloned()
        .collect();
    out.extend(order);
    out
}

/// Builds the comparison, one row per backend in [`backend_order`]. When a (backend,
/// puzzle) pair appears more than once (merged files), the last entry counts.
pub fn summarize_entries(entries: &[Entry], named: &[String]) -> Summary {
    summarize_refs(entries.iter().collect(), named)
}

fn summarize_refs(mut latest: Vec<&Entry>, named: &[String]) -> Summary {
    let order = backend_order(latest.iter().copied(), named);
    // Sorted by key (stable: equal keys keep their order), then the last of each key kept.
    latest.sort_by(|a, b| a.key().cmp(&b.key()));
    let mut keep = vec![true; latest.len()];
    for i in 1..latest.len() {
        if latest[i - 1].key() == latest[i].key() {
            keep[i - 1] = false;
        }
    }
    let mut k = keep.iter();
    latest.retain(|_| *k.next().unwrap_or(&true));
    let mut by_backend: BTreeMap<&str, &[&Entry]> = BTreeMap::new();
    for rs in latest.chunk_by(|a, b| a.backend() == b.backend()) {
        by_backend.insert(rs[0].backend(), rs);
    }
    let mut indices: Vec<usize> = latest.iter().map(|e| e.puzzle_index).collect();
    indices.sort_unstable();
    indices.dedup();
    // The puzzles every backend ran, for the ratios.
    let mut runs: BTreeMap<(usize, super::entry::Fingerprint), usize> = BTreeMap::new();
    for e in &latest {
        *runs.entry((e.puzzle_index, e.puzzle)).or_default() += 1;
    }
    let common: std::collections::HashSet<_> = runs
        .into_iter()
        .filter(|(_, n)| *n == order.len())
        .map(|(key, _)| key)
        .collect();
    let mut summary = Summary {
        puzzles: indices.len(),
        common_puzzles: common.len(),
        ..Summary::default()
    };
    drop(indices);
    let mut common_medians = Vec::new();
    for backend in &order {
        let rs = by_backend[backend.as_str()];
        let mut on_common: Vec<f64> = rs
            .iter()
            .filter(|r| common.contains(&(r.puzzle_index, r.puzzle)))
            .map(|r| r.time_ms)
            .collect();
        on_common.sort_by(f64::total_cmp);
        common_medians.push(quantile(&on_common, 0.5));
        let mut times: Vec<f64> = rs.iter().map(|r| r.time_ms).collect();
        times.sort_by(f64::total_cmp);
        let mut transport: Vec<f64> = rs.iter().map(|r| r.transport_ms).collect();
        transport.sort_by(f64::total_cmp);
        let count = |v: Verdict| {
            rs.iter()
                .filter(|r| r.verdict == v && r.wrong().is_none())
                .count()
        };
        for r in rs.iter().filter(|r| r.wrong().is_some()) {
            summary.wrong.push((
                r.backend().to_string(),
                r.source(),
                r.wrong().unwrap_or_default().to_string(),
            ));
        }
        summary.backends.push(BackendSummary {
            backend: backend.to_string(),
            puzzles: rs.len(),
            solved: count(Verdict::Solved),
            unique: count(Verdict::Unique),
            multiple: count(Verdict::Multiple),
            none: count(Verdict::None),
            unknown: count(Verdict::Unknown),
            memout: count(Verdict::Memout),
            failed: rs.iter().filter(|r| r.failed).count(),
            wrong: rs.iter().filter(|r| r.wrong().is_some()).count(),
            p10_ms: quantile(&times, 0.1),
            median_ms: quantile(&times, 0.5),
            p90_ms: quantile(&times, 0.9),
            max_ms: times.last().copied().unwrap_or(f64::NAN),
            ratio_to_fastest: f64::NAN,
            time_resolution_ms: rs
                .iter()
                .map(|r| crate::solver::round_ms(f64::from(r.time_resolution_ms)))
                .fold(0.0, f64::max),
            median_transport_ms: quantile(&transport, 0.5),
            mean_effort: mean(rs.iter().map(|r| r.nodes as f64)),
            effort_name: rs
                .iter()
                .map(|r| r.effort_name())
                .find(|e| !e.is_empty())
                .unwrap_or_default()
                .to_string(),
            mean_variables: mean(rs.iter().map(|r| r.variables as f64)),
            mean_constraints: mean(rs.iter().map(|r| r.constraints as f64)),
        });
    }
    // Ratios compare backends that did the same work: those that answered everything.
    // One that gave up on puzzles (a rule ladder stuck, a deadline) has no ratio, so no
    // ratio is below 1. A median below its clock's resolution (a solver that printed
    // 0.0 s) has none either, and is no baseline. Medians are taken over the puzzles
    // every backend ran, so that none is compared on other puzzles than the rest (none
    // at all when no puzzle is common to all).
    let comparable = |b: &BackendSummary, median: f64| {
        b.unknown == 0
            && b.memout == 0
            && b.failed == 0
            && b.wrong == 0
            && median.is_finite()
            && median >= b.time_resolution_ms
    };
    let fastest = summary
        .backends
        .iter()
        .zip(&common_medians)
        .filter(|(b, m)| comparable(b, **m))
        .map(|(_, m)| *m)
        .fold(f64::INFINITY, f64::min);
    for (b, median) in summary.backends.iter_mut().zip(common_medians) {
        b.ratio_to_fastest = match comparable(b, median) {
            true => median / fastest,
            false => f64::NAN,
        };
    }
    // The entries of each puzzle (identical puzzles on several lines together), each
    // group in backend order; the disagreements in the order of the input.
    latest.sort_by_key(|e| e.puzzle);
    let mut found: Vec<(usize, Disagreement)> = latest
        .chunk_by(|a, b| a.puzzle == b.puzzle)
        .filter_map(|rs| {
            let first = rs.iter().map(|r| r.puzzle_index).min().unwrap_or(0);
            disagreement(rs).map(|d| (first, d))
        })
        .collect();
    found.sort_by_key(|(first, _)| *first);
    summary.disagreements = found.into_iter().map(|(_, d)| d).collect();
    summary
}

/// One summary per input file (in first-seen order), for `--by-file`: mixing an easy
/// and a hard set in one table hides both.
pub fn summarize_by_file(entries: &[Entry], named: &[String]) -> Vec<(String, Summary)> {
    let mut files: Vec<&str> = Vec::new();
    for e in entries {
        if !files.contains(&e.file()) {
            files.push(e.file());
        }
    }
    files
        .into_iter()
        .map(|f| {
            let rs: Vec<&Entry> = entries.iter().filter(|e| e.file() == f).collect();
            (f.to_string(), summarize_refs(rs, named))
        })
        .collect()
}

/// Whether the entries of one puzzle contradict each other: incompatible verdicts, or a
/// proven-unique solution that another backend's valid solution differs from.
fn disagreement(rs: &[&Entry]) -> Option<Disagreement> {
    let valid: Vec<&&Entry> = rs.iter().filter(|r| r.wrong().is_none()).collect();
    let make = |reason: String| Disagreement {
        source: rs[0].source(),
        verdicts: rs
            .iter()
            .map(|r| format!("{}={}", r.backend(), r.verdict.name()))
            .collect(),
        reason,
    };
    for (i, a) in valid.iter().enumerate() {
        for b in &valid[i + 1..] {
            if !a.verdict.agrees_with(b.verdict) {
                return Some(make(format!(
                    "{} says {}, {} says {}",
                    a.backend(),
                    a.verdict.name(),
                    b.backend(),
                    b.verdict.name()
                )));
            }
        }
    }
    let unique = valid.iter().find(|r| r.verdict == Verdict::Unique)?;
    valid
        .iter()
        .find(|r| r.solution().is_some() && r.solution() != unique.solution())
        .map(|other| {
            make(format!(
                "{} proved the solution unique, but {} found a different one",
                unique.backend(),
                other.backend()
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(backend: &str, verdict: &str, solution: Option<&str>, time_ms: f64) -> Record {
        let verdict = Verdict::from_name(verdict).unwrap();
        Record {
            puzzle_index: 0,
            source: "p:1".into(),
            file: "p".into(),
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
        assert_eq!((b.p10_ms, b.p90_ms), (3.6, 527.0));
        let table = super::super::report::terminal(&s);
        assert!(
            table.contains("p10 ms") && table.contains("3.60"),
            "{table}"
        );
    }

    #[test]
    fn quantiles_use_nearest_rank() {
        let v: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(
            (quantile(&v, 0.5), quantile(&v, 0.9), quantile(&v, 1.0)),
            (5.0, 9.0, 10.0)
        );
        assert_eq!(quantile(&v, 0.1), 1.0);
    }
}
