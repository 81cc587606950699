//! Ratings: the hardest level a puzzle needs, whether guessing was needed, Chen's game
//! complexity, and a summary over many puzzles ([`Rater`], what `sudoku-arena rate`
//! runs), with an optional check of every step against `dlx`'s solutions.

use super::rating::{ladder_words, Rating, RatingSummary};
use super::stuck::{self, Diagnosis, Tally};
use super::{soundness, Format};
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::{self, Finish, Options, Run, RULES};
use crate::backends::rules::{verdict, RulesSolver};
use crate::error::Error;
use crate::model::{validate, Puzzle};
use crate::solver::{ms, Outcome, SolveOptions, Solver, Verdict};
use std::time::{Duration, Instant};

/// Chen's game complexity (Definition 14): the mean over all cells of `log2` of the
/// number of candidates after initialisation and one pass of 1-reduction (every given
/// removed from its peers; givens count as one candidate, log 0). Base 2, which puts
/// 17-clue puzzles near Chen's reported 1.75. An emptied cell counts as one candidate.
pub(crate) fn game_complexity(board: &Board, puzzle: &Puzzle) -> f64 {
    let s = State::new(board, puzzle);
    let total: f64 = s
        .cand
        .iter()
        .map(|c| f64::from(c.len().max(1)).log2())
        .sum();
    total / s.cand.len() as f64
}

/// The place in the ladder of the rule named `name` (as the summary prints it), for
/// [`RateSettings::without`]; an unknown name is an error that lists the names.
pub fn rule_index(name: &str) -> crate::Result<usize> {
    engine::rule_index(name).ok_or_else(|| {
        let names: Vec<&str> = RULES.iter().map(|r| r.name).collect();
        Error::Config(format!(
            "no rule is named {name:?}; the rules are: {}",
            names.join(", ")
        ))
    })
}

/// What a rating run does beyond the rule ladder.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
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
    /// Rules left out of the ladder, by their place in it ([`rule_index`]).
    pub without: Vec<usize>,
    /// Say, for each puzzle the ladder leaves stuck, what it reached and lacks
    /// ([`Diagnosis`]), and print only those puzzles; without guessing only.
    pub diagnose: bool,
}

/// One puzzle rated, with what its check found wrong (with [`RateSettings::check`]).
#[non_exhaustive]
pub struct Rated {
    /// The rating.
    pub rating: Rating,
    /// Why the check failed, if it did.
    pub problem: Option<String>,
    /// With [`RateSettings::diagnose`], for a puzzle the ladder did not solve: what it
    /// reached and lacks.
    pub diagnosis: Option<Diagnosis>,
    /// Whether the run prints only the puzzles the ladder leaves stuck.
    stuck_only: bool,
}

impl Rated {
    /// The puzzle's line as `rate` prints it: its rating or, when the run diagnoses
    /// stuck puzzles ([`RateSettings::diagnose`]), what it lacks, and nothing for a
    /// puzzle the ladder did not leave stuck.
    pub fn line(&self, format: Format) -> Option<String> {
        if self.stuck_only {
            let d = self.diagnosis.as_ref()?;
            Some(d.line(&self.rating, format))
        } else {
            Some(self.rating.line(format))
        }
    }
}

/// Rates puzzles one after another and keeps their summary.
pub struct Rater {
    settings: RateSettings,
    engine: Options,
    solver: RulesSolver,
    dlx: Box<dyn Solver>,
    summary: RatingSummary,
    stuck: Tally,
}

impl Rater {
    /// A rater with these settings.
    pub fn new(settings: RateSettings) -> crate::Result<Rater> {
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
            stuck: Tally::default(),
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
            line: puzzle.origin.line,
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
            // One reference for both runs, on the rating's budget.
            let options = SolveOptions {
                deadline,
                ..SolveOptions::new(2, None)
            };
            let reference = self.dlx.solve(puzzle, &options);
            // The ladder as `explain` runs it, one consequence a step, on the same
            // budget: its steps are checked too, and it must end where this run did.
            let explained = self.solver.run(
                puzzle,
                &Options {
                    one_at_a_time: true,
                    record: true,
                    ..opts.clone()
                },
            );
            let board = self.solver.board(&puzzle.geometry);
            let explained_verdict = verdict(&explained, self.settings.guessing);
            check(board, puzzle, &run, v, &reference)
                .and_then(|()| {
                    check(board, puzzle, &explained, explained_verdict, &reference)
                        .map_err(|e| format!("explained one consequence a step: {e}"))
                })
                .and_then(|()| same_end(&run, &explained))
                .err()
        } else {
            None
        };
        self.summary.add(&rating, &run, problem.is_some());
        let board = self.solver.board(&puzzle.geometry);
        let diagnosis =
            (self.settings.diagnose && !self.settings.guessing && run.finish == Finish::Stuck)
                .then(|| stuck::diagnose(board, puzzle, &run, deadline, self.settings.costly));
        if let Some(d) = &diagnosis {
            self.stuck.add(d);
        }
        Rated {
            rating,
            problem,
            diagnosis,
            stuck_only: self.settings.diagnose,
        }
    }

    /// The summary of every puzzle rated so far.
    pub fn summary(&self) -> &RatingSummary {
        &self.summary
    }

    /// The summary as `rate` prints it after the puzzles: the figures of
    /// [`Rater::summary`] as `#` lines or one JSON object, then, when the run diagnoses
    /// stuck puzzles, what they lack, counted.
    pub fn report(&self, format: Format) -> String {
        let mut out = self.summary.report(format, &self.settings);
        if self.settings.diagnose {
            out.push_str(&self.stuck.text(format));
        }
        out
    }
}

/// Whether the run `explain` makes (one consequence a step) ends as the batched one:
/// the same way, at the same grid, rated the same. Runs stopped by the deadline are
/// not compared.
fn same_end(run: &Run, explained: &Run) -> Result<(), String> {
    if run.timed_out || explained.timed_out {
        return Ok(());
    }
    if (run.finish, &run.partial, run.hardest_level())
        != (
            explained.finish,
            &explained.partial,
            explained.hardest_level(),
        )
    {
        return Err(format!(
            "explained one consequence a step, the ladder ends {:?} at level {:?}; batched, {:?} at level {:?}{}",
            explained.finish,
            explained.hardest_level(),
            run.finish,
            run.hardest_level(),
            if run.partial != explained.partial {
                " (another grid)"
            } else {
                ""
            }
        ));
    }
    Ok(())
}

/// Soundness and agreement with dlx's answer (`reference`) for one run with verdict
/// `v`. The reference shares the rating's deadline: stopped by it, it checks only the
/// solutions it found, and its `solved` or `unknown` disagrees with nothing.
fn check(
    board: &Board,
    puzzle: &Puzzle,
    run: &Run,
    v: Verdict,
    reference: &Outcome,
) -> Result<(), String> {
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
    fn a_run_explained_that_ends_elsewhere_fails_the_check() {
        use crate::backends::rules::engine::{self, board::Board, Options, RULES};
        let p = parse_puzzles(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "t",
            &ParseOptions::default(),
        )
        .unwrap()
        .remove(0);
        let b = Board::new(&p.geometry);
        let run = engine::run(&b, &p, &Options::default());
        let explained = engine::run(
            &b,
            &p,
            &Options {
                one_at_a_time: true,
                ..Options::default()
            },
        );
        assert_eq!(same_end(&run, &explained), Ok(()));
        let mut higher = explained.clone();
        higher.hardest_rule = Some(RULES.len() - 1);
        assert!(same_end(&run, &higher).is_err());
        let mut elsewhere = explained.clone();
        elsewhere.partial[1] = elsewhere.partial[1] % 9 + 1;
        assert!(same_end(&run, &elsewhere)
            .unwrap_err()
            .contains("another grid"));
    }

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
