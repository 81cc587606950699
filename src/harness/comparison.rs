//! A comparison run from start to end: the plan and the input in, the tally and what
//! happened out. [`Comparison`] reads the input (twice when it can: first only checked,
//! so that bad input stops the run before any solve, then solved), takes one shard of
//! it, goes on with an earlier run's results file, writes the results file with its
//! header, stops when its stop flag is set, and hands back a [`Compared`].

use super::feed::{read_ahead, Feed};
use super::machine::RunFacts;
use super::record::{Header, HeaderKind, Shard};
use super::resume::{drop_partial_last_line, read_earlier};
use super::run::{checks_apart, run_all_with, Done, Plan, Sinks, BATCH_PUZZLES};
use super::tally::Tally;
use super::writer::ResultsWriter;
use crate::backends::{canonical, lookup, Runs};
use crate::error::{Error, Result};
use crate::input::Input;
use crate::model::Puzzle;
use crate::solver::Outcome;
use crate::words::grouped;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// What a person watching a comparison is told while it runs. Every method has a
/// default that does nothing (wrong answers and failures are in the tally either way).
pub trait Watch: Sync {
    /// The solving starts (`start.survey` is what the check of the input found; `None`
    /// when the input is read once, as it comes). With the check beside the solving,
    /// this comes once the check has passed.
    fn starting(&self, start: &Start) {
        let _ = start;
    }

    /// The solving starts now: the stop flag is read from here on (a caller that stops
    /// the run on an interrupt sets that up here, not before).
    fn solving(&self) {}

    /// `solves` more solves are done.
    fn solved(&self, solves: u64) {
        let _ = solves;
    }

    /// A wrong answer or a failure, as a line to show at once.
    fn problem(&self, line: String) {
        let _ = line;
    }

    /// `backend`'s answer to `puzzle`, once checked (called from the solving threads).
    fn answered(&self, puzzle: &Puzzle, backend: &str, outcome: &Outcome) {
        let _ = (puzzle, backend, outcome);
    }
}

/// A [`Watch`] that is told nothing.
pub struct Unwatched;

impl Watch for Unwatched {}

/// What a comparison is about to do.
#[derive(Debug)]
#[non_exhaustive]
pub struct Start<'a> {
    /// What the input holds, when it was checked before the solving.
    pub survey: Option<&'a Survey>,
    /// The results an earlier run's file already holds (resumed).
    pub already: usize,
}

/// What a first reading of the input found.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Survey {
    /// The puzzles this run takes (this shard's).
    pub puzzles: usize,
    /// The solves left to run on them.
    pub solves: u64,
    /// The files they come from, in order.
    pub files: Vec<String>,
}

/// What a comparison did.
#[derive(Debug)]
#[non_exhaustive]
pub struct Compared {
    /// Every answer, an earlier run's included.
    pub tally: Tally,
    /// The puzzles taken (this shard's) and the files they came from.
    pub survey: Survey,
    /// Puzzles read, in every shard.
    pub read: usize,
    /// Solves this run made (not those of an earlier run's file).
    pub ran: u64,
    /// Results the earlier run's file held.
    pub already: usize,
    /// Whether the stop flag ended the run early.
    pub interrupted: bool,
    /// Whether the input was checked before the solving (else read once, as it came).
    pub checked_first: bool,
    /// Bad input met while solving an input read once (standard input): the tally
    /// covers the puzzles before it.
    pub stopped_by: Option<Error>,
}

impl Compared {
    /// How far a run that stopped early got (the stop flag, or bad input met while
    /// solving), as every summary says it: `partial: 1,143 of 3,000 solves` (the
    /// earlier run's results included); `None` for a run that ended.
    pub fn partial(&self) -> Option<String> {
        if !self.interrupted && self.stopped_by.is_none() {
            return None;
        }
        let done = self.already as u64 + self.ran;
        Some(match self.checked_first {
            true => format!(
                "partial: {} of {} solves",
                grouped(done),
                grouped(self.already as u64 + self.survey.solves)
            ),
            false => format!(
                "partial: {} solves, the input not read to its end",
                grouped(done)
            ),
        })
    }
}

/// The results file of a comparison.
#[derive(Clone, Debug)]
struct ResultsFile {
    path: String,
    resume: bool,
}

/// A comparison of backends on an input (see the module doc). Build it, keep its
/// [`Comparison::stop_flag`] for an interrupt, and [`Comparison::run`] it:
///
/// ```
/// use sudoku_arena::harness::{Comparison, Plan, Unwatched};
/// use sudoku_arena::input::Input;
///
/// let compared = Comparison::new(Plan::new(&["dlx", "fast"]), Input::examples())
///     .run(&Unwatched)?;
/// assert!(compared.tally.summary().clean()); // no wrong answer, no disagreement
/// assert_eq!(compared.ran, 2 * compared.survey.puzzles as u64);
/// # Ok::<(), sudoku_arena::Error>(())
/// ```
pub struct Comparison {
    plan: Plan,
    input: Input,
    shard: Option<Shard>,
    results: Option<ResultsFile>,
    stop: Arc<AtomicBool>,
}

impl Comparison {
    /// A comparison of `plan` on `input`: the whole input, no results file. The plan's
    /// configurations are named as every output names them (`sat` is `sat:naive`), each
    /// once; a name no backend has is kept, and each of its solves fails.
    pub fn new(mut plan: Plan, input: Input) -> Comparison {
        let mut names: Vec<String> = Vec::new();
        for name in &plan.backends {
            let name = canonical(name).unwrap_or_else(|_| name.clone());
            if !names.contains(&name) {
                names.push(name);
            }
        }
        plan.backends = names;
        Comparison {
            plan,
            input,
            shard: None,
            results: None,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Only the `shard.index`-th of `shard.count` slices of the input (puzzle i goes to
    /// slice i mod N + 1).
    pub fn shard(mut self, shard: Shard) -> Comparison {
        self.shard = Some(shard);
        self
    }

    /// Write every result to the JSON-lines file at `path`, starting with a header
    /// line; with `resume`, skip what an earlier run of the same settings and shard
    /// wrote there and append the rest. Without it an existing file is replaced at the
    /// first result, so a run that writes none leaves it as it was.
    pub fn results_file(mut self, path: &str, resume: bool) -> Comparison {
        self.results = Some(ResultsFile {
            path: path.to_string(),
            resume,
        });
        self
    }

    /// The flag that stops the run: once set no new solve starts, the solves under way
    /// finish and the run reports what it did.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The plan.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Runs the comparison, telling `watch` as it goes. Bad input found before the
    /// solving (a file checked first) is an error and nothing is written; bad input met
    /// while an input read once is solved ends the run there, and the [`Compared`] says
    /// so (`stopped_by`) beside the answers to the puzzles before it.
    pub fn run(mut self, watch: &dyn Watch) -> Result<Compared> {
        // An input read twice is there to read; one read once may be typed or piped
        // slowly, and each puzzle is answered as it comes.
        let rereadable = self.input.rereadable();
        self.plan.batch = if rereadable { BATCH_PUZZLES } else { 1 };
        let mut tally = self.plan.tally();
        let earlier = self.earlier_file();
        let (done, headed) = match earlier {
            Some(path) => read_earlier(path, &self.plan, self.slice(), &mut tally)?,
            None => (Done::default(), false),
        };
        let beside = rereadable && checks_apart(&self.plan) && self.quick_enough();
        let (mut survey, to_check) = self.check_input(rereadable, beside, &done)?;
        let mut feed = self.feed(rereadable)?;
        if let Some(path) = earlier {
            drop_partial_last_line(path)?;
        }
        let already = done.len();
        let planned = survey.as_ref().map(|s| already as u64 + s.solves);
        let writer = self.writer(planned)?;
        if !beside {
            let survey = survey.as_ref();
            watch.starting(&Start { survey, already });
        }
        let solving = Solving {
            watch,
            done: &done,
            writer: writer.as_ref(),
        };
        let (new, ran, checked) = self.solve(&solving, &mut feed, to_check);
        // A bad puzzle found beside the solving refuses the run as it does before it.
        if let Some(outcome) = checked {
            survey = Some(outcome?);
        }
        tally.absorb(&new?);
        let interrupted = self.stop.load(Ordering::SeqCst);
        let stopped_by = feed.error.take();
        // A run that ended with no result still says it ran (an empty shard), unless it
        // was stopped, or a resumed file says so already.
        if let Some(w) = &writer {
            let resumed = self.results.as_ref().is_some_and(|r| r.resume);
            w.finish(ran == 0 && !interrupted && stopped_by.is_none() && !(resumed && headed))?;
        }
        if stopped_by.is_some() && ran == 0 {
            self.forget_empty_results_file();
        }
        Ok(Compared {
            tally,
            checked_first: survey.is_some(),
            survey: survey.unwrap_or_else(|| Survey {
                puzzles: feed.taken,
                solves: ran,
                files: std::mem::take(&mut feed.files),
            }),
            read: feed.read,
            ran,
            already,
            interrupted,
            stopped_by,
        })
    }

    /// Checks the input before the solving when it can be read twice (what it holds,
    /// or its first bad puzzle), or sets the check up to run beside the solving; for an
    /// input read once, checks the regular files among it (a bad file still stops the
    /// run before any solve).
    fn check_input<'a>(
        &'a self,
        rereadable: bool,
        beside: bool,
        done: &'a Done,
    ) -> Result<(Option<Survey>, Option<InputCheck<'a>>)> {
        if beside || rereadable {
            let check = InputCheck::new(self.input.puzzles()?, self.shard_pair(), &self.plan, done);
            return Ok(match beside {
                true => (None, Some(check)),
                false => (Some(check.run()?), None),
            });
        }
        for file in self.input.regular_files() {
            file.puzzles_again()?.try_for_each(|p| p.map(drop))?;
        }
        Ok((None, None))
    }

    /// Solves the puzzles of `feed`, the check beside the solving a step at a time
    /// while it waits; gives the new answers, the solves run and what the check found.
    fn solve(
        &self,
        solving: &Solving,
        feed: &mut Feed<Error>,
        to_check: Option<InputCheck>,
    ) -> (Result<Tally>, u64, Option<Result<Survey>>) {
        let watch = solving.watch;
        let ran = AtomicU64::new(0);
        let progress = |n: u64| {
            ran.fetch_add(n, Ordering::Relaxed);
            watch.solved(n);
        };
        let problem = |line: String| watch.problem(line);
        let answered = |puzzle: &Puzzle, backend: &str, outcome: &Outcome| {
            watch.answered(puzzle, backend, outcome)
        };
        let sinks = Sinks {
            results: solving.writer,
            progress: &progress,
            problem: &problem,
            answered: &answered,
        };
        let already = solving.done.len();
        let passed = |survey: &Survey| {
            let survey = Some(survey);
            watch.starting(&Start { survey, already })
        };
        let mut beside = to_check.map(|check| Beside {
            check,
            outcome: None,
            stop: &self.stop,
            passed: &passed,
        });
        let mut idle = || beside.as_mut().is_some_and(Beside::step);
        watch.solving();
        let new = run_all_with(
            &self.plan,
            feed,
            solving.done,
            &self.stop,
            &sinks,
            &mut idle,
        );
        // What the check had not reached when the solving ended (not after a stop).
        if !self.stop.load(Ordering::SeqCst) {
            while idle() {}
        }
        let checked = beside.and_then(|b| b.outcome);
        (new, ran.into_inner(), checked)
    }

    /// The shard this run takes, 1 of 1 for the whole input.
    fn slice(&self) -> Shard {
        self.shard.unwrap_or(Shard { index: 1, count: 1 })
    }

    /// This run's shard as (index, count), `None` for the whole input.
    fn shard_pair(&self) -> Option<(usize, usize)> {
        self.shard.map(|s| (s.index, s.count))
    }

    /// The results file of an earlier run to go on with, if this run resumes one.
    fn earlier_file(&self) -> Option<&str> {
        self.results
            .as_ref()
            .filter(|r| r.resume && std::path::Path::new(&r.path).exists())
            .map(|r| r.path.as_str())
    }

    /// Whether the check of every puzzle ([`InputCheck`]) may run beside the solving
    /// instead of before it: when the run writes nothing until it ends (no results
    /// file) and every configuration solves in this process in milliseconds (not slow,
    /// no worker, no external program, no memory limit). The reading thread then checks
    /// a step at a time while it waits for answers (so only where the reading thread
    /// checks the answers: [`checks_apart`]; no third busy thread takes time from the
    /// solving). A bad puzzle still stops the run with nothing written, once the solves
    /// under way end; the solving does not wait for a whole reading of the input.
    fn quick_enough(&self) -> bool {
        quick_enough(
            self.results.is_some(),
            self.plan.mem_limit,
            &self.plan.backends,
        )
    }

    /// The puzzles to solve, this shard's: read again when the input can be read
    /// twice, else read once on a thread of its own a few puzzles ahead (so that a stop
    /// need not wait for the next line of a quiet pipe).
    fn feed(&self, rereadable: bool) -> Result<Feed<Error>> {
        let shard = self.shard_pair();
        Ok(match rereadable {
            true => Feed::new(self.input.puzzles_again()?, shard),
            false => Feed::new(
                read_ahead(self.input.puzzles()?, self.stop.clone()).map_err(|e| {
                    Error::Input(format!("cannot start the thread that reads the input: {e}"))
                })?,
                shard,
            ),
        })
    }

    /// The writer of the results file, whose header is written with the first result
    /// (or at the end of a run that had none): a run stopped before any result leaves
    /// the file as it was; `planned` is the number of solves the slice holds, when the
    /// input was counted.
    fn writer(&self, planned: Option<u64>) -> Result<Option<ResultsWriter>> {
        let Some(results) = &self.results else {
            return Ok(None);
        };
        let header = Header {
            kind: HeaderKind::Header,
            shard: self.slice(),
            settings: self.plan.settings(),
            backends: self.plan.backends.clone(),
            inputs: self.input.file_names().to_vec(),
            planned_solves: planned,
            facts: RunFacts::here(self.plan.jobs),
        };
        let mut options = std::fs::OpenOptions::new();
        options.create(true);
        // Without resuming an existing file is replaced at the first result, not here.
        if results.resume {
            options.append(true);
        } else {
            options.write(true);
        }
        let path = &results.path;
        if let Some(dir) = std::path::Path::new(path).parent() {
            if !dir.as_os_str().is_empty() && !dir.exists() {
                std::fs::create_dir_all(dir).map_err(|e| {
                    let dir = dir.display();
                    Error::Results(format!("{path}: cannot make the directory {dir}: {e}"))
                })?;
            }
        }
        let file = options
            .open(path)
            .map_err(|e| Error::Results(format!("{path}: cannot write: {e}")))?;
        let header = serde_json::to_string(&header).ok();
        Ok(Some(ResultsWriter::new(
            path,
            file,
            header,
            !results.resume,
        )))
    }

    /// Removes a results file this run made and wrote nothing to (bad input at the
    /// first puzzle); one that was there is left as it was (it is replaced only at the
    /// first result).
    fn forget_empty_results_file(&self) {
        if let Some(r) = self.results.as_ref().filter(|r| !r.resume) {
            if std::fs::metadata(&r.path).is_ok_and(|m| m.len() == 0) {
                let _ = std::fs::remove_file(&r.path);
            }
        }
    }
}

/// What the solving of a comparison reports to and writes into.
struct Solving<'a> {
    watch: &'a dyn Watch,
    /// The runs an earlier results file holds.
    done: &'a Done,
    writer: Option<&'a ResultsWriter>,
}

/// See [`Comparison::quick_enough`].
fn quick_enough(writes_results: bool, mem_limit: Option<u64>, backends: &[String]) -> bool {
    !writes_results
        && mem_limit.is_none()
        && backends
            .iter()
            .all(|b| lookup(b).is_ok_and(|(c, _)| matches!(c.runs, Runs::InProcess) && !c.slow))
}

/// The check of every puzzle of an input read a first time, parsing only (memory
/// bounded by one puzzle), so that bad input stops the run with nothing written and the
/// progress shown knows its total: before any solve, or a step at a time beside the
/// solving (see [`Comparison::quick_enough`]).
struct InputCheck<'a> {
    feed: Feed<Error>,
    plan: &'a Plan,
    done: &'a Done,
    solves: u64,
}

impl<'a> InputCheck<'a> {
    fn new(
        stream: impl Iterator<Item = Result<Puzzle>> + 'static,
        shard: Option<(usize, usize)>,
        plan: &'a Plan,
        done: &'a Done,
    ) -> InputCheck<'a> {
        InputCheck {
            feed: Feed::new(stream, shard),
            plan,
            done,
            solves: 0,
        }
    }

    /// Checks up to `count` more puzzles: `None` while some remain, else what the whole
    /// input holds, or its first bad puzzle.
    fn step(&mut self, count: usize) -> Option<Result<Survey>> {
        for _ in 0..count {
            let Some((index, puzzle)) = self.feed.next() else {
                return Some(match self.feed.error.take() {
                    Some(e) => Err(e),
                    None => Ok(Survey {
                        puzzles: self.feed.taken,
                        solves: self.solves,
                        files: std::mem::take(&mut self.feed.files),
                    }),
                });
            };
            // Without an earlier run every configuration runs every puzzle.
            self.solves += if self.done.is_empty() {
                self.plan.backends.len()
            } else {
                self.done.to_run(self.plan, index, &puzzle).len()
            } as u64;
        }
        None
    }

    /// Checks the whole input.
    fn run(mut self) -> Result<Survey> {
        loop {
            if let Some(done) = self.step(usize::MAX) {
                return done;
            }
        }
    }
}

/// Puzzles checked a step, beside the solving: the reading thread then looks again
/// for answers to check (a step is short beside a solve).
const CHECK_STEP: usize = 32;

/// The check beside the solving and what came of it.
struct Beside<'a> {
    check: InputCheck<'a>,
    outcome: Option<Result<Survey>>,
    /// Set when the check refuses the input: no new solve starts.
    stop: &'a AtomicBool,
    /// Told what the input holds once the check passes.
    passed: &'a dyn Fn(&Survey),
}

impl Beside<'_> {
    /// One step of the check; whether more remain.
    fn step(&mut self) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let Some(outcome) = self.check.step(CHECK_STEP) else {
            return true;
        };
        match &outcome {
            Ok(survey) => (self.passed)(survey),
            Err(_) => self.stop.store(true, Ordering::SeqCst),
        }
        self.outcome = Some(outcome);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_check_goes_a_step_at_a_time_and_ends_with_the_survey_or_the_bad_puzzle() {
        let text =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
        let good =
            crate::model::parse_puzzles(&text.repeat(5), "p.txt", &Default::default()).unwrap();
        let plan = Plan::new(&["fast", "dlx"]);
        let done = Done::default();
        let mut check = InputCheck::new(good.clone().into_iter().map(Ok), None, &plan, &done);
        assert!(check.step(2).is_none());
        assert!(check.step(2).is_none());
        let survey = check.step(2).unwrap().unwrap();
        assert_eq!((survey.puzzles, survey.solves), (5, 10));
        assert_eq!(survey.files, ["p.txt"]);
        let with_bad = good
            .into_iter()
            .map(Ok)
            .take(3)
            .chain([Err(Error::Input("p.txt:4: bad".to_string()))]);
        let mut check = InputCheck::new(with_bad, Some((1, 2)), &plan, &done);
        assert!(check.step(1).is_none());
        let refused = check.step(10).unwrap();
        assert_eq!(refused.err().unwrap().to_string(), "p.txt:4: bad");
    }

    #[test]
    fn the_input_is_checked_beside_the_solving_only_when_nothing_is_written_and_all_is_quick() {
        let quick = names(&["fast", "dlx", "csp:gac"]);
        assert!(quick_enough(false, None, &quick));
        assert!(!quick_enough(true, None, &quick), "a results file");
        assert!(
            !quick_enough(false, Some(1 << 30), &quick),
            "a memory limit"
        );
        for other in ["ext:minisat", "ip", "ip:full"] {
            let mut with = quick.clone();
            with.push(other.to_string());
            assert!(!quick_enough(false, None, &with), "{other}");
        }
    }
}
