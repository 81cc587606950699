//! One puzzle's rating and the summary of many, in the forms `sudoku-arena rate` prints
//! them: a text line or a JSON object per puzzle, a CSV row, and the summary as `#`
//! lines or one JSON object.

use super::{Format, RateSettings};
use crate::backends::rules::engine::{Finish, Run, MAX_LEVEL, RULES};
use crate::solver::Verdict;
use crate::words::counted;
use serde_json::{json, Value};

/// One puzzle's rating.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Rating {
    /// The input file the puzzle came from.
    pub file: String,
    /// Its 1-based position in that file.
    pub index: usize,
    /// The 1-based line where it starts in that file, by which every output names it.
    pub line: usize,
    /// Its name (a `# name` comment, or an embedded puzzle's label).
    pub name: Option<String>,
    /// How the ladder ended, in words: `solved`, `stuck`, `no solution` or `stopped by
    /// the deadline`.
    pub ladder: &'static str,
    /// The verdict's name.
    pub verdict: &'static str,
    /// The hardest level needed; `None` when the ladder did not solve the puzzle.
    pub level: Option<u8>,
    /// The hardest rule used, if any fired: its place in the ladder (from 0, in the
    /// order the summary lists the rules).
    pub hardest: Option<usize>,
    /// Rule steps (with guessing, those of every branch tried).
    pub steps: u64,
    /// Whether the rules got stuck.
    pub guessing_needed: bool,
    /// Inferences (trial placements) with guessing.
    pub inferences: u64,
    /// Chen's game complexity: the mean over all cells of `log2` of the number of
    /// candidates once the givens are removed from their peers (a given counts 0).
    pub complexity: f64,
    /// The engine's time, ms.
    pub time_ms: f64,
}

/// The columns of [`Rating::csv_record`].
pub const CSV_HEADER: [&str; 13] = [
    "file",
    "line",
    "index",
    "verdict",
    "level",
    "ladder",
    "hardest_rule",
    "steps",
    "guessing_needed",
    "inferences",
    "game_complexity",
    "time_ms",
    "name",
];

impl Rating {
    /// The rating in words: `level 2`, or why there is none (`stuck, unrated`).
    pub fn rating_text(&self) -> String {
        match self.level {
            Some(l) => format!("level {l}"),
            None => format!("{}, unrated", self.ladder),
        }
    }

    /// The hardest rule in words, with its level when the puzzle is unrated (so that
    /// it reads as a rule used, not as the puzzle's level).
    pub fn hardest_text(&self) -> String {
        match (self.hardest, self.level) {
            (None, _) => "hardest rule used: none".into(),
            (Some(h), Some(_)) => format!("hardest rule used: {}", RULES[h].name),
            (Some(h), None) => format!(
                "hardest rule used: {} (level {})",
                RULES[h].name, RULES[h].level
            ),
        }
    }

    /// One CSV row, in [`CSV_HEADER`]'s order: the level empty when unrated, the
    /// hardest rule `none` when no rule fired.
    pub fn csv_record(&self) -> [String; 13] {
        [
            self.file.clone(),
            self.line.to_string(),
            self.index.to_string(),
            self.verdict.to_string(),
            self.level.map_or(String::new(), |l| l.to_string()),
            self.ladder.to_string(),
            self.hardest.map_or("none", |h| RULES[h].name).to_string(),
            self.steps.to_string(),
            self.guessing_needed.to_string(),
            self.inferences.to_string(),
            format!("{:.4}", self.complexity),
            format!("{:.4}", self.time_ms),
            self.name.clone().unwrap_or_default(),
        ]
    }

    /// The rating as one JSON object.
    pub fn to_json(&self) -> Value {
        json!({
            "file": self.file,
            "line": self.line,
            "index": self.index,
            "name": self.name,
            "verdict": self.verdict,
            "level": self.level,
            "ladder": self.ladder,
            "hardest_rule": self.hardest.map(|h| RULES[h].name),
            "steps": self.steps,
            "guessing_needed": self.guessing_needed,
            "inferences": self.inferences,
            "game_complexity": self.complexity,
            "time_ms": self.time_ms,
        })
    }

    /// Where the puzzle is: `file:line`, then its name in brackets when it has one.
    pub fn place(&self) -> String {
        crate::model::puzzle::place(&self.file, self.line, self.name.as_deref())
    }

    /// The rating as `rate` prints it: one tab-separated text line, or one JSON object
    /// on a line.
    pub fn line(&self, format: Format) -> String {
        match format {
            Format::Text => format!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{}\tcomplexity {:.4}\t{:.3} ms\n",
                self.place(),
                self.verdict,
                self.rating_text(),
                self.hardest_text(),
                counted(self.steps, "step"),
                if self.guessing_needed {
                    "guessing needed"
                } else {
                    "no guessing"
                },
                counted(self.inferences, "inference"),
                self.complexity,
                self.time_ms
            ),
            Format::Json => format!("{}\n", self.to_json()),
        }
    }
}

/// How the ladder ended, in words.
pub(super) fn ladder_words(run: &Run) -> &'static str {
    match run.finish {
        Finish::Solved => "solved",
        Finish::Stuck => "stuck",
        Finish::Contradiction => "no solution",
        Finish::TimedOut => "stopped by the deadline",
    }
}

/// The figures of a rating run over many puzzles.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct RatingSummary {
    /// Puzzles rated.
    pub puzzles: usize,
    /// Puzzles solved by the ladder, per hardest level needed.
    pub per_level: Vec<usize>,
    /// Puzzles solved by the ladder, per hardest rule needed (in ladder order).
    pub per_rule: Vec<usize>,
    /// Puzzles the rules got stuck on.
    pub stuck: usize,
    /// Puzzles the deadline stopped.
    pub timed_out: usize,
    /// Puzzles the rules proved to have no solution.
    pub contradicted: usize,
    /// Puzzles with a verdict other than `unknown`.
    pub decided: usize,
    /// Inferences, summed.
    pub inferences: u64,
    /// Engine time, summed, ms.
    pub time_ms: f64,
    /// Game complexity, summed.
    pub complexity: f64,
    /// Puzzles whose check failed.
    pub failures: usize,
    /// Rule calls per rule.
    pub calls: Vec<u64>,
    /// Steps made per rule.
    pub fired: Vec<u64>,
    /// Nanoseconds per rule (with [`RateSettings::profile`]).
    pub nanos: Vec<u64>,
}

impl RatingSummary {
    pub(super) fn new() -> RatingSummary {
        RatingSummary {
            per_level: vec![0; MAX_LEVEL as usize + 1],
            per_rule: vec![0; RULES.len()],
            calls: vec![0; RULES.len()],
            fired: vec![0; RULES.len()],
            nanos: vec![0; RULES.len()],
            ..RatingSummary::default()
        }
    }

    /// Adds one puzzle's rating and its run.
    pub(super) fn add(&mut self, r: &Rating, run: &Run, failed: bool) {
        for i in 0..RULES.len() {
            self.calls[i] += run.stats.calls[i];
            self.fired[i] += run.stats.fired[i];
            self.nanos[i] += run.stats.nanos[i];
        }
        self.puzzles += 1;
        self.time_ms += r.time_ms;
        self.complexity += r.complexity;
        self.inferences += r.inferences;
        self.failures += usize::from(failed);
        match run.finish {
            _ if run.timed_out => self.timed_out += 1,
            Finish::Solved => {
                self.per_level[r.level.unwrap_or(0) as usize] += 1;
                self.per_rule[r.hardest.unwrap_or(0)] += 1;
            }
            Finish::Contradiction => self.contradicted += 1,
            Finish::TimedOut | Finish::Stuck => self.stuck += 1,
        }
        if r.verdict != Verdict::Unknown.name() {
            self.decided += 1;
        }
    }

    /// Puzzles the ladder solved without guessing.
    pub fn solved(&self) -> usize {
        self.per_level.iter().sum()
    }

    /// For each rule in ladder order, the puzzles solved by the ladder up to it.
    pub fn solved_up_to(&self) -> Vec<usize> {
        self.per_rule
            .iter()
            .scan(0, |acc, &k| {
                *acc += k;
                Some(*acc)
            })
            .collect()
    }

    /// A mean per puzzle of a sum.
    pub fn mean(&self, total: f64) -> f64 {
        total / self.puzzles.max(1) as f64
    }

    /// The summary as one JSON object; `check_failures` is null unless `checked`.
    pub fn to_json(&self, checked: bool) -> Value {
        let ladder: Vec<Value> = RULES
            .iter()
            .zip(self.solved_up_to())
            .map(|(rule, acc)| json!({"up_to": rule.name, "level": rule.level, "solved": acc}))
            .collect();
        json!({
            "puzzles": self.puzzles,
            "per_level": self.per_level,
            "solved_without_guessing": self.solved(),
            "stuck": self.stuck,
            "timed_out": self.timed_out,
            "contradicted": self.contradicted,
            "decided": self.decided,
            "ladder": ladder,
            "mean_time_ms": self.mean(self.time_ms),
            "mean_inferences": self.mean(self.inferences as f64),
            "mean_game_complexity": self.mean(self.complexity),
            "check_failures": checked.then_some(self.failures),
        })
    }
}

fn pct(k: usize, n: usize) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * k as f64 / n as f64
    }
}

impl RatingSummary {
    /// The summary as `rate` prints it after the puzzles, for a run with `settings`
    /// (which say whether to add the figures of guessing, profiling and the check).
    pub(super) fn report(&self, format: Format, settings: &RateSettings) -> String {
        match format {
            Format::Json => format!("{}\n", json!({"summary": self.to_json(settings.check)})),
            Format::Text => self.text(settings),
        }
    }

    /// The summary as `#` lines.
    fn text(&self, settings: &RateSettings) -> String {
        let (s, n) = (self, self.puzzles);
        let mut t = format!("# {}\n", counted(n, "puzzle"));
        let mut acc = 0;
        for (level, &k) in s.per_level.iter().enumerate() {
            acc += k;
            t.push_str(&format!(
                "# level {level}: {k} ({:.1}%), solved up to level {level}: {acc} ({:.1}%)\n",
                pct(k, n),
                pct(acc, n)
            ));
        }
        t.push_str(&format!(
            "# not solved without guessing: {} ({:.1}%){}\n",
            s.stuck,
            pct(s.stuck, n),
            if s.contradicted > 0 {
                format!("; proven to have no solution: {}", s.contradicted)
            } else {
                String::new()
            }
        ));
        if s.timed_out > 0 {
            t.push_str(&format!("# stopped by --timeout: {}\n", s.timed_out));
        }
        let ladder: Vec<String> = RULES
            .iter()
            .zip(s.solved_up_to())
            .map(|(r, acc)| format!("{} {} ({:.1}%)", r.name, acc, pct(acc, n)))
            .collect();
        t.push_str(&format!(
            "# solved by the ladder up to: {}\n",
            ladder.join(", ")
        ));
        t.push_str(&format!(
            "# mean time per puzzle {:.4} ms; mean game complexity {:.4}\n",
            s.mean(s.time_ms),
            s.mean(s.complexity)
        ));
        if settings.guessing {
            t.push_str(&format!(
                "# with guessing: {} of {n} decided, {} inferences, {:.3} per puzzle\n",
                s.decided,
                s.inferences,
                s.mean(s.inferences as f64)
            ));
        }
        if settings.profile {
            t.push_str(&s.profile());
        }
        if settings.check {
            t.push_str(&format!(
                "# check against dlx: {} in {}\n",
                counted(s.failures, "failure"),
                counted(n, "puzzle")
            ));
        }
        t
    }

    /// Per rule: calls, steps made, total and mean time per call, as `#` lines.
    fn profile(&self) -> String {
        let s = self;
        let mut t = String::new();
        for (i, rule) in RULES.iter().enumerate() {
            t.push_str(&format!(
                "# profile {:<18} calls {:>9} steps {:>9} total {:>9.3} ms mean {:>8.0} ns/call\n",
                rule.name,
                s.calls[i],
                s.fired[i],
                s.nanos[i] as f64 / 1e6,
                s.nanos[i] as f64 / s.calls[i].max(1) as f64
            ));
        }
        t
    }
}
