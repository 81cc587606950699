//! The comparison kept as it runs, in constant memory: per configuration, counts and
//! time histograms ([`Times`]); per puzzle, the cross-check of the configurations that
//! ran it, done as soon as its answers are in and then forgotten.
//!
//! A tally takes the answers of one puzzle at a time ([`Tally::add_puzzle`]), so that
//! the verdicts of different configurations on a puzzle are checked against each other
//! without keeping any answer once checked. Two tallies of disjoint puzzles (two
//! threads, two shards) fold into one ([`Tally::absorb`]) that gives the very table one
//! tally of all the puzzles gives.

use super::entry::{Entry, Fingerprint, Names};
use super::record::Record;
use super::summary::{BackendSummary, Disagreement, Summary, WrongAnswer};
use super::times::Times;
use crate::solver::Verdict;
use std::collections::BTreeMap;

/// Fixed-cell fractions are drawn in steps of this many percent.
const FRACTION_STEP: u32 = 5;

/// How many verdicts there are.
const VERDICTS: usize = 6;

/// The place of `v` among the verdict counts.
fn slot(v: Verdict) -> usize {
    match v {
        Verdict::Unique => 0,
        Verdict::Multiple => 1,
        Verdict::None => 2,
        Verdict::Solved => 3,
        Verdict::Unknown => 4,
        Verdict::Memout => 5,
    }
}

/// What the plot needs of one configuration, kept as histograms too.
#[derive(Clone, Debug, Default)]
pub struct PlotRow {
    /// Times of the puzzles answered (a verdict other than unknown or memout, valid), for
    /// the cactus plot: a proven `none` is an answer as a solution is.
    pub answered: Times,
    /// Times per (side of the grid, fixed-cell percentage in steps of 5), for the plot
    /// of time against the fraction of cells given.
    pub by_fraction: BTreeMap<(u8, u32), Times>,
}

/// The figures of one configuration, as they accumulate.
#[derive(Clone, Debug, Default)]
struct Row {
    puzzles: u64,
    verdicts: [u64; VERDICTS],
    failed: u64,
    /// Puzzles on a board the configuration does not take (not in `puzzles`).
    not_applicable: u64,
    wrong: u64,
    times: Times,
    /// Times on the puzzles that every configuration of the tally ran.
    common: Times,
    transport: Times,
    time_resolution_ms: f64,
    effort: f64,
    variables: f64,
    constraints: f64,
    effort_name: String,
    /// Solves that gave an answer (not unknown, failed or wrong): their time sum.
    answered_ms: f64,
    answered: u64,
    /// With `--repeat`: per round, the times on the puzzles every configuration ran.
    rounds: Vec<Times>,
    plot: PlotRow,
}

impl Row {
    fn add(&mut self, e: &Entry, common: bool, with_plot: bool) {
        if e.not_applicable {
            self.not_applicable += 1;
            return;
        }
        self.puzzles += 1;
        if e.wrong().is_some() {
            self.wrong += 1;
        } else {
            self.verdicts[slot(e.verdict)] += 1;
        }
        self.failed += u64::from(e.failed);
        self.times.add(e.time_ms);
        if common {
            self.common.add(e.time_ms);
            let rounds = e.rounds();
            if self.rounds.len() < rounds.len() {
                self.rounds.resize_with(rounds.len(), Times::default);
            }
            for (r, t) in rounds.iter().enumerate() {
                self.rounds[r].add(*t);
            }
        }
        self.transport.add(e.transport_ms);
        self.time_resolution_ms = self
            .time_resolution_ms
            .max(crate::solver::round_ms(f64::from(e.time_resolution_ms)));
        self.effort += e.nodes as f64;
        self.variables += e.variables as f64;
        self.constraints += e.constraints as f64;
        if self.effort_name.is_empty() {
            self.effort_name = e.effort_name().to_string();
        }
        if answered(e) {
            self.answered += 1;
            self.answered_ms += e.time_ms;
        }
        if with_plot {
            if answered(e) {
                self.plot.answered.add(e.time_ms);
            }
            let pct =
                (e.fixed_fraction * f64::from(100 / FRACTION_STEP)).round() as u32 * FRACTION_STEP;
            self.plot
                .by_fraction
                .entry((e.size, pct))
                .or_insert_with(|| Times::new(2))
                .add(e.time_ms);
        }
    }

    fn absorb(&mut self, o: &Row) {
        self.puzzles += o.puzzles;
        for (a, b) in self.verdicts.iter_mut().zip(o.verdicts) {
            *a += b;
        }
        self.failed += o.failed;
        self.not_applicable += o.not_applicable;
        self.wrong += o.wrong;
        self.times.absorb(&o.times);
        self.common.absorb(&o.common);
        self.transport.absorb(&o.transport);
        self.time_resolution_ms = self.time_resolution_ms.max(o.time_resolution_ms);
        self.effort += o.effort;
        self.variables += o.variables;
        self.constraints += o.constraints;
        if self.effort_name.is_empty() {
            self.effort_name = o.effort_name.clone();
        }
        self.answered += o.answered;
        self.answered_ms += o.answered_ms;
        if self.rounds.len() < o.rounds.len() {
            self.rounds.resize_with(o.rounds.len(), Times::default);
        }
        for (a, b) in self.rounds.iter_mut().zip(&o.rounds) {
            a.absorb(b);
        }
        self.plot.answered.absorb(&o.plot.answered);
        for (k, t) in &o.plot.by_fraction {
            self.plot
                .by_fraction
                .entry(*k)
                .or_insert_with(|| Times::new(2))
                .absorb(t);
        }
    }
}

/// Whether a solve gave an answer: a verdict other than unknown or memout, from a
/// backend that did not fail, that the validator accepted.
fn answered(e: &Entry) -> bool {
    !matches!(e.verdict, Verdict::Unknown | Verdict::Memout) && !e.failed && e.wrong().is_none()
}

/// One table's worth: the rows and the cross-checks of a set of puzzles.
#[derive(Clone, Debug, Default)]
struct Part {
    rows: Vec<Row>,
    puzzles: u64,
    common_puzzles: u64,
    /// Disagreements with the index of the puzzle's first line.
    disagreements: Vec<(usize, Disagreement)>,
    wrong: Vec<(usize, WrongAnswer)>,
}

impl Part {
    fn absorb(&mut self, o: &Part) {
        if self.rows.len() < o.rows.len() {
            self.rows.resize_with(o.rows.len(), Row::default);
        }
        for (a, b) in self.rows.iter_mut().zip(&o.rows) {
            a.absorb(b);
        }
        self.puzzles += o.puzzles;
        self.common_puzzles += o.common_puzzles;
        self.disagreements.extend(o.disagreements.iter().cloned());
        self.wrong.extend(o.wrong.iter().cloned());
    }
}

/// The comparison of a run as it goes (see the module doc).
#[derive(Clone, Debug)]
pub struct Tally {
    /// The configurations in table order: those the run names, then any other met.
    order: Vec<String>,
    whole: Part,
    /// One part per input file, in first-seen order, when tables per file are asked for.
    files: Option<Vec<(String, Part)>>,
    /// The penalty of a solve without an answer in PAR-2: twice the time budget, ms.
    par2_penalty_ms: Option<f64>,
}

impl Tally {
    /// An empty tally whose rows come in the order of `order` (more are added as met);
    /// `by_file` keeps one table per input file too; `timeout_s` is the time budget
    /// per solve, for the PAR-2 column.
    pub(crate) fn new(order: &[String], by_file: bool, timeout_s: Option<f64>) -> Tally {
        Tally {
            order: order.to_vec(),
            whole: Part::default(),
            files: by_file.then(Vec::new),
            par2_penalty_ms: timeout_s.map(|t| 2.0 * t * 1e3),
        }
    }

    /// The configurations in table order.
    pub fn order(&self) -> &[String] {
        &self.order
    }

    /// Adds a configuration at the end of the order, unless it is there.
    pub(crate) fn add_config(&mut self, backend: &str) {
        self.row_of(backend);
    }

    /// The same tally with every configuration renamed by `rename` (to tell groups of
    /// results apart in one plot).
    pub(crate) fn renamed(mut self, rename: impl Fn(&str) -> String) -> Tally {
        for b in &mut self.order {
            *b = rename(b);
        }
        self
    }

    fn row_of(&mut self, backend: &str) -> usize {
        match self.order.iter().position(|b| b == backend) {
            Some(i) => i,
            None => {
                self.order.push(backend.to_string());
                self.order.len() - 1
            }
        }
    }

    /// Adds the answers of one puzzle, one per configuration that ran it (a second
    /// answer of the same configuration replaces the first), and checks them against
    /// each other.
    pub(crate) fn add_puzzle(&mut self, answers: &[Entry]) {
        if answers.is_empty() {
            return;
        }
        let mut latest: Vec<(usize, &Entry)> = Vec::with_capacity(answers.len());
        for e in answers {
            let row = self.row_of(e.backend());
            match latest.iter_mut().find(|(r, _)| *r == row) {
                Some(slot) => slot.1 = e,
                None => latest.push((row, e)),
            }
        }
        // A configuration that does not take the puzzle's board does not keep it from
        // being common to all: it could not have run it.
        let refused = latest.iter().filter(|(_, e)| e.not_applicable).count();
        let common = latest.len() == self.order.len() && refused < latest.len();
        let index = latest
            .iter()
            .map(|(_, e)| e.puzzle_index)
            .min()
            .unwrap_or(0);
        let found = disagreement(
            latest
                .iter()
                .filter(|(_, e)| !e.not_applicable)
                .map(|(_, e)| *e),
        );
        let file = answers[0].file();
        let rows = self.order.len();
        let file_part = self.files.as_mut().map(|files| {
            let k = match files.iter().position(|(f, _)| f == file) {
                Some(k) => k,
                None => {
                    files.push((file.to_string(), Part::default()));
                    files.len() - 1
                }
            };
            &mut files[k].1
        });
        let parts = std::iter::once(&mut self.whole).chain(file_part);
        for (p, part) in parts.enumerate() {
            if part.rows.len() < rows {
                part.rows.resize_with(rows, Row::default);
            }
            part.puzzles += 1;
            part.common_puzzles += u64::from(common);
            for (row, e) in &latest {
                part.rows[*row].add(e, common && !e.not_applicable, p == 0);
                if let Some(what) = e.wrong() {
                    part.wrong.push((
                        index,
                        WrongAnswer {
                            backend: e.backend().to_string(),
                            source: e.source(),
                            what: what.to_string(),
                        },
                    ));
                }
            }
            if let Some(d) = &found {
                part.disagreements.push((index, d.clone()));
            }
        }
    }

    /// Folds in `other`, a tally of other puzzles (another thread's, another shard's).
    pub(crate) fn absorb(&mut self, other: &Tally) {
        // Rows of `other` are renumbered into this tally's order.
        let map: Vec<usize> = other.order.iter().map(|b| self.row_of(b)).collect();
        let renumber = |part: &Part, rows: usize| -> Part {
            let mut p = Part {
                rows: vec![Row::default(); rows],
                ..part.clone()
            };
            for (i, r) in part.rows.iter().enumerate() {
                p.rows[map[i]] = r.clone();
            }
            p
        };
        let rows = self.order.len();
        self.whole.absorb(&renumber(&other.whole, rows));
        if let (Some(mine), Some(theirs)) = (&mut self.files, &other.files) {
            for (file, part) in theirs {
                let p = renumber(part, rows);
                match mine.iter_mut().find(|(f, _)| f == file) {
                    Some((_, m)) => m.absorb(&p),
                    None => mine.push((file.clone(), p)),
                }
            }
        }
    }

    /// The table of every puzzle.
    pub fn summary(&self) -> Summary {
        self.summary_of(&self.whole)
    }

    /// One table per input file, in first-seen order (empty unless asked for).
    pub fn by_file(&self) -> Vec<(String, Summary)> {
        self.files
            .iter()
            .flatten()
            .map(|(f, p)| (f.clone(), self.summary_of(p)))
            .collect()
    }

    /// What the plot draws, per configuration in table order (those that ran).
    pub(crate) fn plot_rows(&self) -> Vec<(&str, &PlotRow)> {
        self.order
            .iter()
            .zip(&self.whole.rows)
            .filter(|(_, r)| r.puzzles > 0)
            .map(|(b, r)| (b.as_str(), &r.plot))
            .collect()
    }

    fn summary_of(&self, part: &Part) -> Summary {
        let mut backends = Vec::new();
        let mut common_medians = Vec::new();
        let mut round_medians: Vec<Vec<f64>> = Vec::new();
        let mut not_applicable = Vec::new();
        for (name, row) in self.order.iter().zip(&part.rows) {
            if row.not_applicable > 0 {
                not_applicable.push((name.clone(), row.not_applicable as usize));
            }
            if row.puzzles == 0 {
                continue;
            }
            round_medians.push(row.rounds.iter().map(|t| t.quantile(0.5)).collect());
            let v = |verdict: Verdict| row.verdicts[slot(verdict)] as usize;
            let mean = |sum: f64| sum / row.puzzles as f64;
            // A configuration that did not take some puzzles ran a set of its own: its
            // median is not compared with the others'.
            common_medians.push(if row.not_applicable > 0 {
                f64::NAN
            } else {
                row.common.quantile(0.5)
            });
            backends.push(BackendSummary {
                backend: name.clone(),
                puzzles: row.puzzles as usize,
                solved: v(Verdict::Solved),
                unique: v(Verdict::Unique),
                multiple: v(Verdict::Multiple),
                none: v(Verdict::None),
                unknown: v(Verdict::Unknown),
                memout: v(Verdict::Memout),
                failed: row.failed as usize,
                wrong: row.wrong as usize,
                p10_ms: row.times.quantile(0.1),
                median_ms: row.times.quantile(0.5),
                p90_ms: row.times.quantile(0.9),
                max_ms: row.times.max(),
                ratio_to_fastest: f64::NAN,
                time_resolution_ms: row.time_resolution_ms,
                median_transport_ms: row.transport.quantile(0.5),
                mean_effort: mean(row.effort),
                effort_name: row.effort_name.clone(),
                mean_variables: mean(row.variables),
                mean_constraints: mean(row.constraints),
                par2_ms: self.par2_penalty_ms.map_or(f64::NAN, |penalty| {
                    mean(row.answered_ms + (row.puzzles - row.answered) as f64 * penalty)
                }),
                rounds: None,
            });
        }
        ratios(&mut backends, &common_medians);
        rounds(&mut backends, &round_medians);
        let mut disagreements = part.disagreements.clone();
        disagreements.sort_by_key(|(i, _)| *i);
        let mut wrong = part.wrong.clone();
        wrong.sort_by_key(|(i, _)| *i);
        Summary {
            backends,
            disagreements: disagreements.into_iter().map(|(_, d)| d).collect(),
            wrong: wrong.into_iter().map(|(_, w)| w).collect(),
            puzzles: part.puzzles as usize,
            common_puzzles: part.common_puzzles as usize,
            not_applicable,
        }
    }
}

/// Sets `x fastest`. Ratios compare configurations that did the same work: those that
/// answered everything. One that gave up on puzzles (a rule ladder stuck, a deadline)
/// has no ratio, so no ratio is below 1. A median below its clock's resolution (a
/// solver that printed 0.0 s) has none either, and is no baseline. Medians are taken
/// over the puzzles every configuration ran (`common_medians`), so that none is
/// compared on other puzzles than the rest.
fn ratios(backends: &mut [BackendSummary], common_medians: &[f64]) {
    let comparable = |b: &BackendSummary, median: f64| {
        b.unknown == 0
            && b.memout == 0
            && b.failed == 0
            && b.wrong == 0
            && median.is_finite()
            && median >= b.time_resolution_ms
    };
    let fastest = backends
        .iter()
        .zip(common_medians)
        .filter(|(b, m)| comparable(b, **m))
        .map(|(_, m)| *m)
        .fold(f64::INFINITY, f64::min);
    for (b, &median) in backends.iter_mut().zip(common_medians) {
        if comparable(b, median) {
            b.ratio_to_fastest = median / fastest;
        }
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

/// The two-sided 95 % quantile of Student's t with `df` degrees of freedom.
fn student_t95(df: usize) -> f64 {
    const T: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    T.get(df.wrapping_sub(1)).copied().unwrap_or(1.96)
}

/// The mean of `values` and its 95 % confidence interval (Student's t).
fn mean_ci(values: &[f64]) -> (f64, (f64, f64)) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = student_t95(values.len() - 1) * (var / n).sqrt();
    (mean, (mean - half, mean + half))
}

/// Sets the figures over the rounds of `--repeat` (two rounds or more): each round's
/// median per configuration, and each round's `x fastest` over the configurations that
/// have a ratio, with their means and 95 % confidence intervals over the rounds.
fn rounds(backends: &mut [BackendSummary], round_medians: &[Vec<f64>]) {
    let count = round_medians.iter().map(Vec::len).min().unwrap_or(0);
    if count < 2 {
        return;
    }
    let has_ratio: Vec<bool> = backends
        .iter()
        .map(|b| b.ratio_to_fastest.is_finite())
        .collect();
    let fastest: Vec<f64> = (0..count)
        .map(|r| {
            round_medians
                .iter()
                .zip(&has_ratio)
                .filter(|(_, &has)| has)
                .map(|(m, _)| m[r])
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    for ((b, medians), has) in backends.iter_mut().zip(round_medians).zip(has_ratio) {
        let medians = &medians[..count];
        let (median_ms, median_ci_ms) = mean_ci(medians);
        // With rounds, `x fastest` is their mean: the figure their interval is about.
        let ratio_ci = if has {
            let ratios: Vec<f64> = medians.iter().zip(&fastest).map(|(m, f)| m / f).collect();
            let (ratio, ci) = mean_ci(&ratios);
            b.ratio_to_fastest = ratio;
            ci
        } else {
            (f64::NAN, f64::NAN)
        };
        b.rounds = Some(super::summary::Rounds {
            count,
            median_ms,
            median_ci_ms,
            ratio_ci,
        });
    }
}

/// Whether the answers of one puzzle contradict each other: incompatible verdicts, or
/// a proven-unique solution that another configuration's valid solution differs from.
pub(crate) fn disagreement<'a>(
    answers: impl Iterator<Item = &'a Entry> + Clone,
) -> Option<Disagreement> {
    let valid: Vec<&Entry> = answers.clone().filter(|r| r.wrong().is_none()).collect();
    let make = |reason: String| {
        let all: Vec<&Entry> = answers.clone().collect();
        Disagreement {
            source: all[0].source(),
            verdicts: all
                .iter()
                .map(|r| format!("{}={}", r.backend(), r.verdict.name()))
                .collect(),
            reason,
        }
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
    use crate::harness::entry::Names;
    use crate::harness::record::parse_records;

    fn entry(names: &mut Names, backend: &str, index: usize, verdict: &str, ms: f64) -> Entry {
        let line = format!(
            r#"{{"puzzle_index":{index},"source":"f:{index}","file":"f","line":{line},"puzzle":"p{index}","size":4,"fixed_fraction":0.5,"backend":"{backend}","verdict":"{verdict}","solution":{solution},"solutions_found":1,"timed_out":false,"time_ms":{ms},"wrong":null,"stats":{{}}}}"#,
            line = index + 1,
            solution = if verdict == "unknown" {
                "null".to_string()
            } else {
                format!("\"s{index}\"")
            },
        );
        Entry::new(&parse_records(&line, "inline").unwrap()[0], names)
    }

    #[test]
    fn two_tallies_of_halves_give_the_table_of_one_tally_of_all() {
        let mut names = Names::default();
        let order = ["a".to_string(), "b".to_string()];
        let (mut whole, mut even, mut odd) = (
            Tally::new(&order, true, Some(1.0)),
            Tally::new(&order, true, Some(1.0)),
            Tally::new(&order, true, Some(1.0)),
        );
        for i in 0..500 {
            let group = [
                entry(&mut names, "a", i, "unique", 0.01 * (i % 37) as f64 + 0.002),
                entry(
                    &mut names,
                    "b",
                    i,
                    if i % 50 == 0 { "unknown" } else { "unique" },
                    3.0 + (i % 11) as f64,
                ),
            ];
            whole.add_puzzle(&group);
            if i % 2 == 0 {
                even.add_puzzle(&group)
            } else {
                odd.add_puzzle(&group)
            }
        }
        // The other thread's tally names its configurations in another order.
        let mut swapped = Tally::new(&["b".to_string(), "a".to_string()], true, Some(1.0));
        swapped.absorb(&odd);
        even.absorb(&swapped);
        let (a, b) = (whole.summary(), even.summary());
        assert_eq!(format!("{:?}", a.backends), format!("{:?}", b.backends));
        assert_eq!((a.puzzles, a.common_puzzles), (b.puzzles, b.common_puzzles));
        assert_eq!(
            format!("{:?}", whole.by_file()),
            format!("{:?}", even.by_file())
        );
    }

    #[test]
    fn par2_counts_a_solve_without_an_answer_twice_the_budget() {
        let mut names = Names::default();
        let mut t = Tally::new(&["a".to_string()], false, Some(1.0));
        t.add_puzzle(&[entry(&mut names, "a", 0, "unique", 4.0)]);
        t.add_puzzle(&[entry(&mut names, "a", 1, "unknown", 1000.0)]);
        let s = t.summary();
        assert_eq!(s.backends[0].par2_ms, (4.0 + 2000.0) / 2.0);
        let none = Tally::new(&["a".to_string()], false, None);
        assert!(none.summary().backends.is_empty());
    }

    #[test]
    fn a_disagreement_is_found_within_a_puzzle_and_only_there() {
        let mut names = Names::default();
        let mut t = Tally::new(&["a".to_string(), "b".to_string()], false, None);
        t.add_puzzle(&[
            entry(&mut names, "a", 0, "unique", 1.0),
            entry(&mut names, "b", 0, "none", 1.0),
        ]);
        t.add_puzzle(&[
            entry(&mut names, "a", 1, "unique", 1.0),
            entry(&mut names, "b", 1, "unique", 1.0),
        ]);
        let s = t.summary();
        assert_eq!(s.disagreements.len(), 1);
        assert_eq!(s.disagreements[0].source, "f:1");
    }

    #[test]
    fn repeated_rounds_give_confidence_intervals_that_hold_the_mean() {
        let mut names = Names::default();
        let mut t = Tally::new(&["a".to_string(), "b".to_string()], false, None);
        for i in 0..20 {
            let mut a = entry(&mut names, "a", i, "unique", 1.0);
            a.set_rounds(&[1.0, 1.2, 0.9]);
            let mut b = entry(&mut names, "b", i, "unique", 2.0);
            b.set_rounds(&[2.0, 2.6, 1.8]);
            t.add_puzzle(&[a, b]);
        }
        let s = t.summary();
        let r = s.backends[1].rounds.clone().unwrap();
        assert_eq!(r.count, 3);
        assert!((r.median_ms - 6.4 / 3.0).abs() < 1e-2, "{r:?}");
        assert!(r.median_ci_ms.0 < r.median_ms && r.median_ms < r.median_ci_ms.1);
        assert!(
            (s.backends[1].ratio_to_fastest - (2.0 + 2.6 / 1.2 + 2.0) / 3.0).abs() < 1e-2,
            "{r:?}"
        );
        assert_eq!(s.backends[0].ratio_to_fastest, 1.0);
    }
}

#[cfg(test)]
mod summary_tests {
    use super::summarize;
    use crate::harness::record::example as rec;

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
}
