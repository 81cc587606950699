//! Ratings: the hardest level a puzzle needs, whether guessing was needed, Chen's game
//! complexity, and a summary over many puzzles ([`Rater`], what `sudoku-arena rate`
//! runs), with an optional check of every step against `dlx`'s solutions.

use super::soundness;
use super::stuck::{self, Diagnosis};
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::{Finish, Options, Run, MAX_LEVEL, RULES};
use crate::backends::rules::{verdict, RulesSolver};
use crate::model::{validate, Puzzle};
use crate::solver::{ms, SolveOptions, Solver, Verdict};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Chen's game complexity (Definition 14): the mean over all cells of `log2` of the
/// number of candidates after initialisation and one pass of 1-reduction (every given
/// removed from its peers; givens count as one candidate, log 0). Base 2, which puts
/// 17-clue puzzles near Chen's reported 1.75. An emptied cell counts as one candidate.
pub fn game_complexity(board: &Board, puzzle: &Puzzle) -> f64 {
    let s = State::new(board, puzzle);
    let total: f64 = s
        .cand
        .iter()
        .map(|c| f64::from(c.len().max(1)).log2())
        .sum();
    total / s.cand.len() as f64
}

/// What a rating run does beyond the rule ladder.
#[derive(Clone, Debug, Default)]
pub struct RateSettings {
    /// Time budget per puzzle; `None` for none.
    pub timeout: Option<Duration>,
    /// When no rule applies, try digits (Chen's Inference).
    pub guessing: bool,
    /// With guessing, stop at the first solution instead of proving it the only one.
    pub first: bool,
    /// Replay every step against `dlx`'s solutions and validate every answer.
    pub check: bool,
    /// Time every rule call.
    pub profile: bool,
    /// Allow the uniqueness rules (sound only for puzzles with one solution).
    pub assume_unique: bool,
    /// Also try the costly rules (the weighted house count).
    pub costly: bool,
    /// Rules left out of the ladder (indices into [`RULES`]).
    pub without: Vec<usize>,
    /// Say, for each puzzle the ladder leaves stuck, what it reached and lacks
    /// ([`stuck::diagnose`]); without guessing only.
    pub diagnose: bool,
}

/// One puzzle's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The input file the puzzle came from.
    pub file: String,
    /// Its 1-based position in that file.
    pub index: usize,
    /// Its name (a `# name` comment, or an embedded puzzle's label).
    pub name: Option<String>,
    /// How the ladder ended, in words ([`ladder_words`]).
    pub ladder: &'static str,
    /// The verdict's name.
    pub verdict: &'static str,
    /// The hardest level needed; `None` when the ladder did not solve the puzzle.
    pub level: Option<u8>,
    /// The hardest rule used (an index into [`RULES`]), if any fired.
    pub hardest: Option<usize>,
    /// Rule steps (with guessing, those of every branch tried).
    pub steps: u64,
    /// Whether the rules got stuck.
    pub guessing_needed: bool,
    /// Inferences (trial placements) with guessing.
    pub inferences: u64,
    /// Chen's game complexity ([`game_complexity`]).
    pub complexity: f64,
    /// The engine's time, ms.
    pub time_ms: f64,
}

/// The columns of [`Rating::csv_record`].
pub const CSV_HEADER: [&str; 12] = [
    "file",
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
    pub fn csv_record(&self) -> [String; 12] {
        [
            self.file.clone(),
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
}

/// How the ladder ended, in words.
pub fn ladder_words(run: &Run) -> &'static str {
    match run.finish {
        Finish::Solved => "solved",
        Finish::Stuck => "stuck",
        Finish::Contradiction => "no solution",
        Finish::TimedOut => "stopped by the deadline",
    }
}

/// The figures of a rating run over many puzzles.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RatingSummary {
    /// Puzzles rated.
    pub puzzles: usize,
    /// Puzzles solved by the ladder, per hardest level needed.
    pub per_level: Vec<usize>,
    /// Puzzles solved by the ladder, per hardest rule needed (in [`RULES`] order).
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
    fn new() -> RatingSummary {
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
    fn add(&mut self, r: &Rating, run: &Run, failed: bool) {
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

/// One puzzle rated, with what its check found wrong (with [`RateSettings::check`]).
pub struct Rated {
    /// The rating.
    pub rating: Rating,
    /// Why the check failed, if it did.
    pub problem: Option<String>,
    /// With [`RateSettings::diagnose`], for a puzzle the ladder did not solve: what it
    /// reached and lacks.
    pub diagnosis: Option<Diagnosis>,
}

/// Rates puzzles one after another and keeps their summary.
pub struct Rater {
    settings: RateSettings,
    engine: Options,
    solver: RulesSolver,
    dlx: Box<dyn Solver>,
    summary: RatingSummary,
}

impl Rater {
    /// A rater with these settings.
    pub fn new(settings: RateSettings) -> crate::error::Result<Rater> {
        let engine = Options {
            guessing: settings.guessing,
            record: settings.check || settings.diagnose,
            max_solutions: if settings.first { 1 } else { 2 },
            profile: settings.profile,
            assume_unique: settings.assume_unique,
            costly: settings.costly,
            without: settings.without.clone(),
            ..Options::default()
        };
        Ok(Rater {
            solver: RulesSolver::new(settings.guessing),
            dlx: crate::backends::create("dlx")?,
            settings,
            engine,
            summary: RatingSummary::new(),
        })
    }

    /// Rates `puzzle`, the `index`-th (from 1) of its file, and adds it to the summary.
    pub fn rate(&mut self, puzzle: &Puzzle, index: usize) -> Rated {
        let start = Instant::now();
        let deadline = self.settings.timeout.map(|t| start + t);
        let opts = Options {
            deadline,
            ..self.engine.clone()
        };
        let run = self.solver.run(puzzle, &opts);
        let time_ms = ms(start.elapsed());
        let v = verdict(&run, self.settings.guessing);
        let board = self.solver.board(&puzzle.geometry);
        let rating = Rating {
            file: puzzle.origin.file.to_string(),
            index,
            name: puzzle.label.clone(),
            ladder: ladder_words(&run),
            verdict: v.name(),
            level: (run.finish == Finish::Solved).then(|| run.hardest_level().unwrap_or(0)),
            hardest: run.hardest_rule,
            steps: run.stats.steps,
            guessing_needed: run.finish == Finish::Stuck,
            inferences: run.stats.inferences,
            complexity: game_complexity(board, puzzle),
            time_ms,
        };
        let problem = if self.settings.check {
            check(board, puzzle, &run, v, self.dlx.as_mut(), deadline).err()
        } else {
            None
        };
        self.summary.add(&rating, &run, problem.is_some());
        let diagnosis =
            (self.settings.diagnose && !self.settings.guessing && run.finish == Finish::Stuck)
                .then(|| stuck::diagnose(board, puzzle, &run, deadline, self.settings.costly));
        Rated {
            rating,
            problem,
            diagnosis,
        }
    }

    /// The summary of every puzzle rated so far.
    pub fn summary(&self) -> &RatingSummary {
        &self.summary
    }
}

/// Soundness and agreement with dlx for one run. The check shares the rating's
/// deadline: a reference stopped by it checks only the solutions it found, and its
/// `solved` or `unknown` disagrees with nothing.
fn check(
    board: &Board,
    puzzle: &Puzzle,
    run: &Run,
    v: Verdict,
    dlx: &mut dyn Solver,
    deadline: Option<Instant>,
) -> Result<(), String> {
    let options = SolveOptions {
        deadline,
        ..SolveOptions::new(2, None)
    };
    let reference = dlx.solve(puzzle, &options);
    for s in &reference.solutions {
        soundness::check(board, &run.steps, s)?;
    }
    for s in &run.solutions {
        validate(puzzle, s).map_err(|e| format!("invalid solution: {e}"))?;
    }
    if !v.agrees_with(reference.verdict) {
        return Err(format!(
            "verdict {} disagrees with dlx's {}",
            v.name(),
            reference.verdict.name()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backends::rules::testutil::position;
    use crate::model::{parse_puzzles, ParseOptions};

    #[test]
    fn complexity_of_an_empty_and_a_full_grid() {
        let p = parse_puzzles(&".".repeat(16), "t", &ParseOptions::default())
            .unwrap()
            .remove(0);
        let (b, _) = position(&".".repeat(16), &[]);
        assert!((game_complexity(&b, &p) - 2.0).abs() < 1e-12);
        let full = "1234341221434321";
        let p = parse_puzzles(full, "t", &ParseOptions::default())
            .unwrap()
            .remove(0);
        assert_eq!(game_complexity(&b, &p), 0.0);
    }
}
