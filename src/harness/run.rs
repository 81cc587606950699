//! Running chosen backends on puzzles, puzzle by puzzle: a solving thread takes a batch
//! of puzzles and runs every configuration on each, so that the answers to a puzzle are
//! cross-checked as soon as they are in (nothing is kept of them afterwards) and the
//! results stream out in input order.
//!
//! Each solving thread builds one solver per configuration and keeps it for every
//! puzzle it runs, as `solve` does, so no solve pays for building a solver (or, for an
//! isolated backend, for starting its worker process) except in the transport figure.
//! With several solving threads each checks its own answers and keeps its own [`Tally`],
//! folded into one at the end: no lock is taken per solve, only one per batch to hand
//! its results lines to the [`ResultsWriter`]. With one (and a core to spare) the thread
//! that reads the puzzles checks the answers, so that the solving thread only solves.

use super::entry::{Entry as Kept, Fingerprint, Name, Names, PuzzleFacts};
use super::queue::{CloseOnDrop, Pop, Queue};
use super::record::{Record, RecordView, RunSettings};
use super::tally::Tally;
use super::writer::ResultsWriter;
use crate::backends::create;
use crate::error::{Error, Result};
use crate::model::format::write_line;
use crate::model::Puzzle;
use crate::solver::{matches_expected, verify, Outcome, SolveOptions, Solver};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Puzzles per batch when the input is read ahead of the solving (see [`Plan::batch`]):
/// enough that the lock and the thread switch of handing over a batch are spread over
/// many solves, few enough that a stop drops little and memory holds few puzzles.
pub const BATCH_PUZZLES: usize = 64;

/// How often a batch of slow solves hands on its results lines and progress.
const HAND_ON: Duration = Duration::from_millis(100);

/// Batches queued per solving thread.
const QUEUE_PER_THREAD: usize = 2;

/// What a comparison runs.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Plan {
    /// Backend configurations, such as `dlx` or `sat:extended`.
    pub backends: Vec<String>,
    /// Time budget of each solve (`None`: no limit).
    pub timeout: Option<Duration>,
    /// Memory limit of each solve in bytes, `memout` past it (`None`: no limit; see
    /// [`SolveOptions::mem_limit`]).
    pub mem_limit: Option<u64>,
    /// 1 for any solution, 2 to prove uniqueness.
    pub max_solutions: usize,
    /// Worker threads (1 keeps timings cleanest).
    pub jobs: usize,
    /// The rule variant the puzzles were read with (kept in the records).
    pub variant: String,
    /// Keep one table per input file as well.
    pub by_file: bool,
    /// Puzzles handed to a solving thread at a time: `BATCH_PUZZLES` (64) for an input
    /// read ahead (a file), 1 for one that comes as it is typed or piped, so that each
    /// puzzle is answered (and its results written) without waiting for the next.
    pub(crate) batch: usize,
    /// Timed solves per (configuration, puzzle), whose median is recorded (1: one).
    pub repeat: usize,
    /// Untimed solves per (configuration, puzzle) before the timed ones.
    pub warmup: usize,
}

impl Plan {
    /// A plan to run `backends` (configurations such as `dlx` or `sat:extended`) with
    /// the command line's defaults: 10 s per solve, uniqueness proven, one thread,
    /// classic rules, one timed solve each.
    pub fn new(backends: &[&str]) -> Plan {
        Plan {
            backends: backends.iter().map(|b| b.to_string()).collect(),
            timeout: Some(Duration::from_secs(10)),
            max_solutions: 2,
            jobs: 1,
            variant: "classic".to_string(),
            by_file: false,
            batch: BATCH_PUZZLES,
            repeat: 1,
            warmup: 0,
            mem_limit: None,
        }
    }

    /// An empty tally for this plan's answers.
    pub fn tally(&self) -> Tally {
        Tally::new(
            &self.backends,
            self.by_file,
            self.timeout.map(|t| t.as_secs_f64()),
        )
    }

    /// The options of one solve, its deadline counted from now: each solve gets the
    /// whole budget.
    pub fn options(&self) -> SolveOptions {
        SolveOptions {
            mem_limit: self.mem_limit,
            ..SolveOptions::new(self.max_solutions, self.timeout)
        }
    }

    /// The settings every record of this plan carries.
    pub fn settings(&self) -> RunSettings {
        RunSettings {
            max_solutions: self.max_solutions,
            timeout_s: self.timeout.map(|t| t.as_secs_f64()),
            variant: self.variant.clone(),
            repeat: self.repeat.max(1),
            warmup: self.warmup,
            mem_limit: self.mem_limit,
        }
    }
}

/// What the independent validator, or the solution the input gives, finds wrong with
/// `outcome`, if anything.
pub fn check(puzzle: &Puzzle, outcome: &Outcome) -> Option<String> {
    verify(puzzle, outcome)
        .err()
        .map(|e| e.to_string())
        .or_else(|| {
            (matches_expected(puzzle, outcome) == Some(false))
                .then(|| "differs from the solution given in the input".to_string())
        })
}

/// The record of `outcome`, the answer of `backend` (whose effort count is named
/// `effort_name`) to the puzzle at `puzzle_index`, checked by the independent validator
/// and against the solution the input gives, if any.
pub fn record_of(
    outcome: &Outcome,
    effort_name: &str,
    backend: &str,
    puzzle: &Puzzle,
    puzzle_index: usize,
    plan: &Plan,
) -> Record {
    record_checked(
        outcome,
        check(puzzle, outcome),
        effort_name,
        backend,
        puzzle,
        puzzle_index,
        plan,
    )
}

/// [`record_of`], with the check already made.
fn record_checked(
    outcome: &Outcome,
    wrong: Option<String>,
    effort_name: &str,
    backend: &str,
    puzzle: &Puzzle,
    puzzle_index: usize,
    plan: &Plan,
) -> Record {
    let mut text = PuzzleText::default();
    text.fill(puzzle);
    let settings = plan.settings();
    let failure = outcome.failure.as_ref().map(ToString::to_string);
    let solve = Solve {
        index: puzzle_index,
        puzzle,
        backend,
        effort_name,
        outcome,
        times: &[],
        wrong: wrong.as_deref(),
        failure: failure.as_deref(),
    };
    text.view(&solve, &settings).to_record()
}

/// The runs an earlier results file already holds (`--resume`): per puzzle index, the
/// puzzle's fingerprint there and which configurations (places in the plan) ran it; and
/// the answers of the puzzles that only some configurations ran, to be cross-checked
/// with the answers still to come.
#[derive(Debug, Default)]
pub struct Done {
    runs: HashMap<usize, (Fingerprint, u64)>,
    /// Configurations beyond the 64th, which the bits above cannot hold.
    more: HashSet<(usize, usize, Fingerprint)>,
    /// Answers of puzzles some planned configurations have not run yet, by puzzle.
    pending: HashMap<(usize, Fingerprint), Vec<Kept>>,
    count: usize,
}

impl Done {
    /// Notes that the configuration at place `b` of the plan ran puzzle `index`, `fp`.
    fn mark(&mut self, b: usize, index: usize, fp: Fingerprint) {
        let fresh = if b < 64 {
            let slot = self.runs.entry(index).or_insert((fp, 0));
            if slot.0 != fp {
                // Another puzzle at that place in the input: the newer answers count.
                *slot = (fp, 0);
            }
            let fresh = slot.1 & (1 << b) == 0;
            slot.1 |= 1 << b;
            fresh
        } else {
            self.more.insert((b, index, fp))
        };
        self.count += usize::from(fresh);
    }

    /// Whether the configuration at place `b` ran puzzle `index`, `fp`.
    fn has(&self, b: usize, index: usize, fp: Fingerprint) -> bool {
        if b < 64 {
            self.runs
                .get(&index)
                .is_some_and(|&(f, bits)| f == fp && bits & (1 << b) != 0)
        } else {
            self.more.contains(&(b, index, fp))
        }
    }

    /// Reads the entries of an earlier run of `plan`, in file order: the answers of a
    /// puzzle that every planned configuration ran go to `tally` at once (and are
    /// forgotten); the others wait in `pending` for the answers still to come.
    pub fn read<'a>(plan: &'a Plan, tally: &'a mut Tally) -> DoneReader<'a> {
        DoneReader {
            plan,
            tally,
            done: Done::default(),
            open: HashMap::new(),
        }
    }

    /// How many runs are done.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether no run is done.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The backends (places in `plan`) still to run on puzzle `index`.
    pub fn to_run(&self, plan: &Plan, index: usize, puzzle: &Puzzle) -> Vec<usize> {
        let all = 0..plan.backends.len();
        if self.count == 0 {
            return all.collect();
        }
        let fp = Fingerprint::of_grid(&puzzle.cells);
        all.filter(|&b| !self.has(b, index, fp)).collect()
    }
}

/// Builds a [`Done`] from the entries of an earlier run (see [`Done::read`]).
pub struct DoneReader<'a> {
    plan: &'a Plan,
    tally: &'a mut Tally,
    done: Done,
    /// Answers of puzzles not yet run by every planned configuration.
    open: HashMap<(usize, Fingerprint), Vec<Kept>>,
}

impl DoneReader<'_> {
    /// Takes the next entry of the earlier run.
    pub fn add(&mut self, entry: Kept) {
        let key = (entry.puzzle_index, entry.puzzle);
        if let Some(b) = self.plan.backends.iter().position(|b| b == entry.backend()) {
            self.done.mark(b, key.0, key.1);
        }
        let group = self.open.entry(key).or_default();
        group.push(entry);
        let planned = self.plan.backends.len();
        let complete = (0..planned).all(|b| self.done.has(b, key.0, key.1));
        if complete {
            if let Some(group) = self.open.remove(&key) {
                self.tally.add_puzzle(&group);
            }
        }
    }

    /// The runs done, with the answers still waiting for others.
    pub fn finish(self) -> Done {
        let mut done = self.done;
        done.pending = self.open;
        done
    }
}

/// Where a run's results go besides its tally.
pub struct Sinks<'a> {
    /// The results file, if one is written.
    pub results: Option<&'a ResultsWriter>,
    /// Told how many solves each batch finished (for a progress bar).
    pub progress: &'a (dyn Fn(u64) + Sync),
    /// Told of each wrong answer and each failure, as a line to show at once.
    pub problem: &'a (dyn Fn(String) + Sync),
    /// Told of each answer once it is checked: the puzzle, the configuration, the
    /// outcome (what `compare --certify` writes certificates of).
    pub answered: &'a (dyn Fn(&Puzzle, &str, &Outcome) + Sync),
}

/// What a solving thread leaves: its tally, and the puzzles of an earlier run whose
/// waiting answers it took.
type ThreadResult = (Tally, HashSet<(usize, Fingerprint)>);

impl Default for Sinks<'static> {
    /// No results file, no progress, problems printed to standard error.
    fn default() -> Sinks<'static> {
        Sinks {
            results: None,
            progress: &ignore_progress,
            problem: &print_problem,
            answered: &ignore_answer,
        }
    }
}

fn ignore_progress(_: u64) {}

fn ignore_answer(_: &Puzzle, _: &str, _: &Outcome) {}

fn print_problem(line: String) {
    eprintln!("{line}");
}

/// A batch of puzzles: its number in input order, and its puzzles.
type Batch = (u64, Vec<ToRun>);

/// A puzzle of a batch: its index in the input, the puzzle and the configurations
/// (places in the plan) to run on it.
type ToRun = (usize, Puzzle, Vec<usize>);

/// The puzzles of an input cut into batches of [`Plan::batch`], each with the
/// configurations still to run on its puzzles; none once `stop` is set (a batch being
/// filled is then dropped).
struct Batches<'a, I> {
    puzzles: I,
    plan: &'a Plan,
    done: &'a Done,
    stop: &'a AtomicBool,
    number: u64,
}

impl<I: Iterator<Item = (usize, Puzzle)>> Iterator for Batches<'_, I> {
    type Item = Batch;

    fn next(&mut self) -> Option<Batch> {
        let size = self.plan.batch.max(1);
        let mut batch = Vec::with_capacity(size);
        for (index, puzzle) in self.puzzles.by_ref() {
            if self.stop.load(Ordering::Relaxed) {
                return None;
            }
            let backends = self.done.to_run(self.plan, index, &puzzle);
            batch.push((index, puzzle, backends));
            if batch.len() == size {
                break;
            }
        }
        if batch.is_empty() || self.stop.load(Ordering::Relaxed) {
            return None;
        }
        self.number += 1;
        Some((self.number - 1, batch))
    }
}

/// Whether a run checks its answers on the thread that reads the puzzles rather than on
/// the solving thread: with one solving thread, a batched input and a core to spare, so
/// that the solving thread does nothing but solve (the validator, the tally and the
/// results lines then cost no time between its solves). With more solving threads each
/// checks its own answers, as one reading thread could not keep up with them all; and
/// an input answered as it comes (a pipe) keeps the reading thread free to wait for it.
pub fn checks_apart(plan: &Plan) -> bool {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    plan.jobs.max(1) == 1 && plan.batch > 1 && cores >= 2
}

/// [`run_all_with`] with no work for the reading thread's idle time.
#[cfg(test)]
pub fn run_all(
    plan: &Plan,
    puzzles: impl Iterator<Item = (usize, Puzzle)>,
    done: &Done,
    stop: &AtomicBool,
    sinks: &Sinks,
) -> Result<Tally> {
    run_all_with(plan, puzzles, done, stop, sinks, &mut || false)
}

/// Runs every (backend, puzzle) pair not in `done` as the puzzles come from `puzzles`
/// (their index in the input, and the puzzle), and gives back the tally of the answers
/// (with those `done` kept waiting). The calling thread reads the puzzles and hands
/// them in batches to the solving threads through a short queue, so that memory holds a
/// few batches however long the input (and, with one solving thread, checks what it
/// solved: see [`checks_apart`]). Once `stop` is set no new solve starts and no more is
/// read (the solves running finish, the queued ones are dropped), so an interrupted run
/// still reports what it did. Where the reading thread checks the answers, it does
/// `idle` a step at a time while it waits for them (each call one step; `false` once
/// nothing remains); what remains when the run ends is the caller's.
pub fn run_all_with(
    plan: &Plan,
    puzzles: impl Iterator<Item = (usize, Puzzle)>,
    done: &Done,
    stop: &AtomicBool,
    sinks: &Sinks,
    idle: &mut dyn FnMut() -> bool,
) -> Result<Tally> {
    let batches = Batches {
        puzzles,
        plan,
        done,
        stop,
        number: 0,
    };
    let results: Vec<ThreadResult> = if checks_apart(plan) {
        vec![solve_and_check_apart(
            plan, batches, done, stop, sinks, idle,
        )?]
    } else {
        solve_and_check_together(plan, batches, done, stop, sinks)?
    };
    let mut tally = plan.tally();
    let mut resumed = HashSet::new();
    for (t, r) in &results {
        tally.absorb(t);
        resumed.extend(r.iter().copied());
    }
    // Answers of an earlier run whose puzzle this run did not reach.
    let mut left: Vec<(&(usize, Fingerprint), &Vec<Kept>)> = done
        .pending
        .iter()
        .filter(|(k, _)| !resumed.contains(k))
        .collect();
    left.sort_by_key(|(k, _)| **k);
    for (_, group) in left {
        tally.add_puzzle(group);
    }
    Ok(tally)
}

/// [`run_all`] with [`Plan::jobs`] threads that each solve and check their batches.
fn solve_and_check_together(
    plan: &Plan,
    batches: impl Iterator<Item = Batch>,
    done: &Done,
    stop: &AtomicBool,
    sinks: &Sinks,
) -> Result<Vec<ThreadResult>> {
    let threads = plan.jobs.max(1);
    let queue = Queue::<Batch>::new(QUEUE_PER_THREAD * threads);
    let all: Mutex<Vec<ThreadResult>> = Mutex::new(Vec::new());
    let (queue, tallies) = (&queue, &all);
    let (spent, returned) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        // Closed on every way out, so that the workers end.
        let _closed = CloseOnDrop(queue);
        let spawned: std::io::Result<Vec<_>> = (0..threads)
            .map(|t| {
                let spent = spent.clone();
                std::thread::Builder::new()
                    .name(format!("compare-{t}"))
                    .spawn_scoped(scope, move || {
                        // A worker that ends (or panics) closes the queue, so that the
                        // reader is not left waiting for room.
                        let _gone = CloseOnDrop(queue);
                        let mut solvers = Solvers::new(plan, sinks.results.is_some());
                        let mut checker = Checker::new(plan, done, sinks);
                        while let Pop::Item((number, batch)) = queue.pop(None) {
                            solve_batch(&mut solvers, number, batch, stop, |piece| {
                                let _ = spent.send(checker.check_piece(piece).read);
                            });
                        }
                        let mut all = tallies.lock().unwrap_or_else(|e| e.into_inner());
                        all.push((checker.tally, checker.resumed));
                    })
            })
            .collect();
        let handles = spawned.map_err(|e| Error::Threads(e.to_string()))?;
        for batch in batches {
            // What this thread read is freed here (see [`Spent`]).
            returned.try_iter().for_each(drop);
            if queue.push(batch).is_err() {
                break; // a worker is gone (a panic, reported below)
            }
        }
        queue.close();
        for h in handles {
            h.join()
                .map_err(|_| Error::Threads("a solver thread panicked".into()))?;
        }
        Ok::<(), Error>(())
    })?;
    Ok(all.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// [`run_all`] with one thread that only solves, while the calling thread reads the
/// batches, hands them to it and checks the pieces it hands back (see [`checks_apart`]).
/// The reading never waits for room in the queue of batches (it would stop the checking
/// the solving thread may be waiting for): it fills the queue, then checks a piece.
fn solve_and_check_apart(
    plan: &Plan,
    mut batches: impl Iterator<Item = Batch>,
    done: &Done,
    stop: &AtomicBool,
    sinks: &Sinks,
    idle: &mut dyn FnMut() -> bool,
) -> Result<ThreadResult> {
    let queue = Queue::<Batch>::new(QUEUE_PER_THREAD);
    let solved = Queue::<Piece>::new(QUEUE_PER_THREAD);
    let (queue, solved) = (&queue, &solved);
    let mut checker = Checker::new(plan, done, sinks);
    let (spent, returned) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        // Closed on every way out, so that the solving thread ends (and, if this thread
        // panics, is not left waiting for room to hand a piece).
        let _closed = CloseOnDrop(queue);
        let _checked = CloseOnDrop(solved);
        let handle = std::thread::Builder::new()
            .name("compare-0".into())
            .spawn_scoped(scope, move || {
                // Ending (or panicking), it closes both queues, so that the reading
                // thread is not left waiting for a piece.
                let _gone = CloseOnDrop(queue);
                let _solved = CloseOnDrop(solved);
                let mut solvers = Solvers::new(plan, sinks.results.is_some());
                while let Pop::Item((number, batch)) = queue.pop(None) {
                    // Its checked answers are freed here, between batches (see [`Spent`]).
                    returned.try_iter().for_each(drop);
                    solve_batch(&mut solvers, number, batch, stop, |piece| {
                        let _ = solved.push(piece);
                    });
                }
            })
            .map_err(|e| Error::Threads(e.to_string()))?;
        let mut reading = true;
        let mut idling = true;
        loop {
            while reading && !queue.is_full() {
                match batches.next() {
                    Some(batch) => reading = queue.push(batch).is_ok(),
                    None => reading = false,
                }
            }
            if !reading {
                queue.close();
            }
            // While it has idle work, it looks for a piece without waiting.
            let wait = if idling { Some(Duration::ZERO) } else { None };
            match solved.pop(wait) {
                Pop::Item(piece) => {
                    let _ = spent.send(checker.check_piece(piece).solved);
                }
                Pop::Closed => break,
                Pop::TimedOut => idling = idle(),
            }
        }
        handle
            .join()
            .map_err(|_| Error::Threads("a solver thread panicked".into()))?;
        Ok::<(), Error>(())
    })?;
    Ok((checker.tally, checker.resumed))
}

/// What one configuration gave on a puzzle, as the solving hands it to the checking.
struct Answer {
    /// The configuration's place in the plan.
    b: usize,
    /// Its outcome (an empty one when it could not start).
    outcome: Outcome,
    /// The times of its timed solves when there were several.
    times: Vec<f64>,
    /// What a repeat contradicted.
    unsteady: Option<String>,
    /// The name of its effort count.
    effort: &'static str,
    /// Why its solver could not be built, if it could not.
    cannot_start: Option<String>,
}

/// Solved puzzles of one batch, handed from the solving to the checking: the batch's
/// number, whether this is its last piece, the solves run, each puzzle as the batch
/// gave it with the end of its answers in `answers`, and (in the last piece) the
/// batch's emptied list.
struct Piece {
    number: u64,
    finished: bool,
    solves: u64,
    puzzles: Vec<(ToRun, usize)>,
    answers: Vec<Answer>,
    emptied: Vec<ToRun>,
}

impl Piece {
    /// An empty piece of batch `number` with room for `puzzles` puzzles of `answers`
    /// answers each.
    fn new(number: u64, puzzles: usize, answers: usize) -> Piece {
        Piece {
            number,
            finished: false,
            solves: 0,
            puzzles: Vec::with_capacity(puzzles),
            answers: Vec::with_capacity(puzzles * answers),
            emptied: Vec::new(),
        }
    }
}

/// What a checked piece leaves, each part to be freed by the thread that allocated it.
/// glibc's malloc lets a thread reuse memory that another thread allocated and freed
/// on it, and then takes that other thread's arena lock to grow or free it: a solving
/// thread that frees the reading thread's puzzles waits on the reading thread's lock
/// inside its later solves (two solving threads then come nowhere near twice one:
/// benches/README.md), and a reading thread that frees the answers holds the solving
/// thread's lock while it solves.
struct Spent {
    /// Allocated by the reading thread: the puzzles (with their lists of
    /// configurations) in the batch's list.
    read: Vec<ToRun>,
    /// Allocated by the solving thread: the answers, and the piece's emptied list of
    /// puzzles.
    solved: (Vec<Answer>, Vec<(ToRun, usize)>),
}

/// Solves a batch and hands it on in pieces (see [`Piece`]): at the end, and on the way
/// whenever [`HAND_ON`] has passed since the last piece (slow solves).
fn solve_batch(
    solvers: &mut Solvers,
    number: u64,
    mut batch: Vec<ToRun>,
    stop: &AtomicBool,
    mut hand: impl FnMut(Piece),
) {
    let per = solvers.plan.backends.len();
    let mut piece = Piece::new(number, batch.len(), per);
    let mut last = Instant::now();
    // Taken from the end of the reversed list, so that what a stop leaves stays in it
    // and goes back to the reading thread with the rest (see [`Spent`]).
    batch.reverse();
    while let Some(to_run) = batch.pop() {
        if stop.load(Ordering::Relaxed) {
            batch.push(to_run);
            break; // what is queued is dropped; what ran is kept
        }
        let (_, puzzle, backends) = &to_run;
        piece.solves += solvers.solve(puzzle, backends, stop, &mut piece.answers);
        piece.puzzles.push((to_run, piece.answers.len()));
        if last.elapsed() >= HAND_ON {
            hand(std::mem::replace(&mut piece, Piece::new(number, 0, 0)));
            last = Instant::now();
        }
    }
    piece.finished = true;
    piece.emptied = batch;
    hand(piece);
}

/// The solving side of a run: one solver per configuration, built at its first puzzle
/// and kept for every puzzle after it, as `solve` does, so that no solve pays for
/// building a solver (or, for an isolated backend, for starting its worker process)
/// except in the transport figure.
struct Solvers<'a> {
    plan: &'a Plan,
    solvers: Vec<Option<Box<dyn Solver>>>,
    /// Whether the solves read the CPU clock: only for results lines (two system calls
    /// a solve otherwise spent for nothing).
    cpu_time: bool,
}

impl<'a> Solvers<'a> {
    fn new(plan: &'a Plan, cpu_time: bool) -> Solvers<'a> {
        Solvers {
            plan,
            solvers: (0..plan.backends.len()).map(|_| None).collect(),
            cpu_time,
        }
    }

    /// Runs the configurations `backends` on `puzzle` (those left when `stop` is set
    /// are not), appends their answers to `answers` and gives back the solves run.
    fn solve(
        &mut self,
        puzzle: &Puzzle,
        backends: &[usize],
        stop: &AtomicBool,
        answers: &mut Vec<Answer>,
    ) -> u64 {
        let mut solves = 0;
        for &b in backends {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            solves += 1;
            let solver = match &mut self.solvers[b] {
                Some(s) => s,
                slot => match create(&self.plan.backends[b]) {
                    Ok(s) => slot.insert(s),
                    Err(e) => {
                        answers.push(Answer {
                            b,
                            outcome: Outcome::default(),
                            times: Vec::new(),
                            unsteady: None,
                            effort: "",
                            cannot_start: Some(format!("cannot start: {e}")),
                        });
                        continue;
                    }
                },
            };
            for _ in 0..self.plan.warmup {
                solver.solve(puzzle, &self.plan.options());
            }
            let (outcome, times, unsteady) =
                timed_solves(solver.as_mut(), puzzle, self.plan, self.cpu_time);
            answers.push(Answer {
                b,
                outcome,
                times,
                unsteady,
                effort: solver.effort_name(),
                cannot_start: None,
            });
        }
        solves
    }
}

/// The checking side of a run: checks each answer with the independent validator,
/// tallies a puzzle's answers (with those an earlier run gave) and writes their results
/// lines, with buffers reused from puzzle to puzzle.
struct Checker<'a> {
    plan: &'a Plan,
    done: &'a Done,
    sinks: &'a Sinks<'a>,
    backend_names: Vec<Name>,
    effort_names: Vec<Option<Name>>,
    names: Names,
    tally: Tally,
    /// Puzzles of an earlier run whose waiting answers this side took.
    resumed: HashSet<(usize, Fingerprint)>,
    entries: Vec<Kept>,
    /// What every results line repeats: the run's settings, and the puzzle's text.
    settings: RunSettings,
    text: PuzzleText,
    /// The bytes of the last batch's results lines (0 without a results file).
    line_bytes: usize,
}

/// The text a puzzle's results lines repeat, made once a puzzle into buffers kept from
/// one puzzle to the next, and the buffer a solution's one-line form is written into.
#[derive(Default)]
struct PuzzleText {
    source: String,
    line: String,
    /// What makes the givens break a rule, once looked for (`None`: not yet).
    conflict: Option<Option<String>>,
    solution: String,
}

/// One answer, as the run loop holds it when it writes its results line.
struct Solve<'a> {
    index: usize,
    puzzle: &'a Puzzle,
    backend: &'a str,
    effort_name: &'a str,
    outcome: &'a Outcome,
    times: &'a [f64],
    wrong: Option<&'a str>,
    failure: Option<&'a str>,
}

impl PuzzleText {
    /// The results line of `solve` (whose puzzle these buffers were filled for), its
    /// solution written into the solution buffer.
    fn view<'a>(&'a mut self, solve: &Solve<'a>, settings: &'a RunSettings) -> RecordView<'a> {
        let (puzzle, outcome) = (solve.puzzle, solve.outcome);
        // A solution the validator passed keeps every given in a valid grid, so the
        // givens cannot conflict: they are looked at only for another answer.
        let proven_apart = solve.wrong.is_none() && !outcome.solutions.is_empty();
        let conflict = if proven_apart {
            None
        } else {
            self.conflict
                .get_or_insert_with(|| puzzle.conflict())
                .as_deref()
        };
        let solution = match outcome.solutions.first() {
            Some(grid) => {
                self.solution.clear();
                write_line(&puzzle.geometry, grid, &mut self.solution);
                Some(self.solution.as_str())
            }
            None => None,
        };
        RecordView {
            puzzle_index: solve.index,
            source: &self.source,
            file: &puzzle.origin.file,
            line: puzzle.origin.line,
            label: puzzle.label.as_deref(),
            puzzle: &self.line,
            size: puzzle.geometry.n,
            fixed_fraction: puzzle.given_count() as f64 / puzzle.geometry.cells() as f64,
            backend: solve.backend,
            verdict: outcome.verdict,
            solution,
            solutions_found: outcome.solutions_found,
            timed_out: outcome.timed_out,
            time_ms: outcome.time_ms,
            transport_ms: outcome.transport_ms,
            cpu_ms: outcome.cpu_ms,
            peak_rss_kb: outcome.peak_rss_kb,
            clocks: &outcome.clocks,
            failure: solve.failure,
            wrong: solve.wrong,
            conflict,
            effort_name: solve.effort_name,
            stats: &outcome.stats,
            repeat_times_ms: solve.times,
            settings: Some(settings),
        }
    }

    /// Refills the buffers for `puzzle`.
    fn fill(&mut self, puzzle: &Puzzle) {
        self.source.clear();
        puzzle.write_display_name(&mut self.source);
        self.line.clear();
        write_line(&puzzle.geometry, &puzzle.cells, &mut self.line);
        self.conflict = None;
    }
}

impl<'a> Checker<'a> {
    fn new(plan: &'a Plan, done: &'a Done, sinks: &'a Sinks<'a>) -> Checker<'a> {
        let mut names = Names::default();
        Checker {
            plan,
            done,
            sinks,
            backend_names: plan.backends.iter().map(|b| names.get(b)).collect(),
            effort_names: vec![None; plan.backends.len()],
            names,
            tally: plan.tally(),
            resumed: HashSet::new(),
            entries: Vec::new(),
            settings: plan.settings(),
            text: PuzzleText::default(),
            line_bytes: 0,
        }
    }

    /// Checks the answers of a piece and hands on its results lines and its solves.
    fn check_piece(&mut self, piece: Piece) -> Spent {
        // Room for as many bytes as the last batch's lines took, so that the buffer
        // is not grown and copied line after line.
        let mut lines = Vec::with_capacity(self.line_bytes);
        let mut start = 0;
        for ((index, puzzle, _), end) in &piece.puzzles {
            self.check_puzzle(*index, puzzle, &piece.answers[start..*end], &mut lines);
            start = *end;
        }
        if let Some(w) = self.sinks.results {
            if piece.finished {
                self.line_bytes = lines.len();
            }
            w.part(piece.number, lines, piece.finished);
        }
        (self.sinks.progress)(piece.solves);
        // The puzzles go back into the batch's own list (room enough in the last piece).
        let mut puzzles = piece.puzzles;
        let mut read = piece.emptied;
        read.extend(puzzles.drain(..).map(|(to_run, _)| to_run));
        Spent {
            read,
            solved: (piece.answers, puzzles),
        }
    }

    /// Checks the answers to one puzzle, tallies them (with those an earlier run gave)
    /// and appends their results lines to `lines` if a results file is written.
    fn check_puzzle(
        &mut self,
        index: usize,
        puzzle: &Puzzle,
        answers: &[Answer],
        lines: &mut Vec<u8>,
    ) {
        let facts = PuzzleFacts::of(puzzle, index, &mut self.names);
        if self.sinks.results.is_some() {
            self.text.fill(puzzle);
        }
        self.entries.clear();
        let key = (index, facts.fingerprint);
        if let Some(earlier) = self.done.pending.get(&key) {
            self.entries.extend(earlier.iter().cloned());
            self.resumed.insert(key);
        }
        let plan = self.plan;
        for answer in answers {
            let Answer {
                b,
                outcome,
                times,
                unsteady,
                effort,
                cannot_start,
            } = answer;
            let b = *b;
            if let Some(failure) = cannot_start {
                self.cannot_start(index, puzzle, b, failure, lines);
                continue;
            }
            let backend = plan.backends[b].as_str();
            let effort = self.effort_names[b]
                .get_or_insert_with(|| self.names.get(effort))
                .clone();
            let wrong = check(puzzle, outcome).or_else(|| unsteady.clone());
            if let Some(problem) = &wrong {
                (self.sinks.problem)(format!(
                    "WRONG ANSWER: {backend} on {}: {problem}",
                    puzzle.display_name()
                ));
            }
            // A board the configuration does not take is said once, under the table.
            if let Some(failure) = outcome.failure.as_ref().filter(|f| !f.is_not_applicable()) {
                (self.sinks.problem)(format!(
                    "FAILED: {backend} on {}: {failure}",
                    puzzle.display_name()
                ));
            }
            if self.sinks.results.is_some() {
                self.write_result(lines, index, puzzle, b, &effort, outcome, times, &wrong);
            }
            (self.sinks.answered)(puzzle, backend, outcome);
            let solution = outcome.solutions.first().map(Vec::as_slice);
            let mut entry = Kept::of_solve(
                &facts,
                &self.backend_names[b],
                &effort,
                outcome,
                solution,
                wrong,
            );
            entry.set_rounds(times);
            self.entries.push(entry);
        }
        self.tally.add_puzzle(&self.entries);
    }

    /// Reports configuration `b`, whose solver could not be built, as failed on
    /// `puzzle`: a problem line, and a results line of an empty outcome with `failure`.
    fn cannot_start(
        &mut self,
        index: usize,
        puzzle: &Puzzle,
        b: usize,
        failure: &str,
        lines: &mut Vec<u8>,
    ) {
        let plan = self.plan;
        let backend = plan.backends[b].as_str();
        (self.sinks.problem)(format!(
            "FAILED: {backend} on {}: {failure}",
            puzzle.display_name()
        ));
        let outcome = Outcome::default();
        let solve = Solve {
            index,
            puzzle,
            backend,
            effort_name: "",
            outcome: &outcome,
            times: &[],
            wrong: None,
            failure: Some(failure),
        };
        self.text.fill(puzzle);
        let view = self.text.view(&solve, &self.settings);
        if self.sinks.results.is_some() {
            view.write_json_line(lines);
        }
        self.entries
            .push(Kept::new(&view.to_record(), &mut self.names));
    }

    /// Appends the results line of configuration `b`'s answer `outcome` to the puzzle
    /// at `index` (whose text [`PuzzleText::fill`] made) to `lines`, straight from the
    /// outcome: nothing but a failure's text is allocated.
    #[allow(clippy::too_many_arguments)]
    fn write_result(
        &mut self,
        lines: &mut Vec<u8>,
        index: usize,
        puzzle: &Puzzle,
        b: usize,
        effort: &str,
        outcome: &Outcome,
        times: &[f64],
        wrong: &Option<String>,
    ) {
        let failure = outcome.failure.as_ref().map(ToString::to_string);
        let solve = Solve {
            index,
            puzzle,
            backend: &self.plan.backends[b],
            effort_name: effort,
            outcome,
            times,
            wrong: wrong.as_deref(),
            failure: failure.as_deref(),
        };
        self.text
            .view(&solve, &self.settings)
            .write_json_line(lines);
    }
}

/// Solves `puzzle` `repeat` times (at least once) with the same solver: the answer is
/// the first solve's, its times the median of all (with every time given back when
/// there are several); and what is wrong if a repeat contradicts the first verdict.
/// `cpu_time` says whether the solves read the CPU clock.
fn timed_solves(
    solver: &mut dyn Solver,
    puzzle: &Puzzle,
    plan: &Plan,
    cpu_time: bool,
) -> (Outcome, Vec<f64>, Option<String>) {
    let repeat = plan.repeat;
    let options = || SolveOptions {
        cpu_time,
        ..plan.options()
    };
    let mut outcome = solver.solve(puzzle, &options());
    if repeat <= 1 {
        return (outcome, Vec::new(), None);
    }
    let (mut times, mut cpu, mut transport) = (
        vec![outcome.time_ms],
        vec![outcome.cpu_ms],
        vec![outcome.transport_ms],
    );
    let mut unsteady = None;
    for k in 2..=repeat {
        let again = solver.solve(puzzle, &options());
        if !again.verdict.agrees_with(outcome.verdict) && unsteady.is_none() {
            unsteady = Some(format!(
                "solve {k} of --repeat {repeat} says {}, the first said {}",
                again.verdict.name(),
                outcome.verdict.name()
            ));
        }
        times.push(again.time_ms);
        cpu.push(again.cpu_ms);
        transport.push(again.transport_ms);
    }
    let median = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v[(v.len() - 1) / 2]
    };
    outcome.time_ms = median(&times);
    outcome.cpu_ms = median(&cpu);
    outcome.transport_ms = median(&transport);
    (outcome, times, unsteady)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{parse_puzzles, ParseOptions};

    #[test]
    fn a_record_names_the_givens_conflict_whatever_answer_it_holds_and_only_then() {
        let text =
            "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
";
        let puzzles = parse_puzzles(text, "p.txt", &ParseOptions::default()).unwrap();
        let plan = Plan::new(&["dlx"]);
        let (conflicting, sound) = (&puzzles[0], &puzzles[1]);
        let answer = create("dlx").unwrap().solve(sound, &plan.options());
        assert_eq!(answer.solutions.len(), 1);
        let named = "r1c1 and r1c2 both hold 5 in row 1";
        // Its own answer (none), the empty outcome of a backend that could not start,
        // and a solution it cannot have (wrong): the conflict is named on each.
        let own = create("dlx").unwrap().solve(conflicting, &plan.options());
        for outcome in [own, Outcome::default(), answer.clone()] {
            let r = record_of(&outcome, "rows", "dlx", conflicting, 0, &plan);
            assert_eq!(r.conflict.as_deref(), Some(named), "{:?}", r.verdict);
        }
        let r = record_of(&answer, "rows", "dlx", sound, 1, &plan);
        assert_eq!((r.conflict, r.wrong), (None, None));
        let r = record_of(&Outcome::default(), "rows", "dlx", sound, 1, &plan);
        assert_eq!(r.conflict, None);
    }

    #[test]
    fn what_each_thread_allocated_goes_back_to_it_whole_after_the_check() {
        // Every puzzle of a batch, its list of configurations and the batch's own list
        // come back from the checking, so that the thread that read them frees them.
        let text =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...
";
        let puzzles = parse_puzzles(text, "p.txt", &ParseOptions::default()).unwrap();
        let plan = Plan::new(&["dlx", "fast"]);
        let (done, stop, sinks) = (Done::default(), AtomicBool::new(false), Sinks::default());
        let batch: Vec<ToRun> = puzzles
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, p)| (i, p, vec![0, 1]))
            .collect();
        let given = batch.clone();
        let list = given.as_ptr();
        let mut solvers = Solvers::new(&plan, false);
        let mut checker = Checker::new(&plan, &done, &sinks);
        let mut spent = Vec::new();
        solve_batch(&mut solvers, 0, given, &stop, |piece| {
            spent.push(checker.check_piece(piece));
        });
        let back: Vec<&ToRun> = spent.iter().flat_map(|s| &s.read).collect();
        assert_eq!(back.len(), 3);
        for ((i, p, backends), want) in back.into_iter().zip(&batch) {
            assert_eq!((*i, &p.cells, backends), (want.0, &want.1.cells, &want.2));
        }
        // The last piece hands back the batch's own list (the same buffer, not a copy).
        assert_eq!(spent.last().unwrap().read.as_ptr(), list);
        // And every answer, to the solving thread that made it.
        let solved: Vec<usize> = spent
            .iter()
            .flat_map(|s| &s.solved.0)
            .map(|a| a.b)
            .collect();
        assert_eq!(solved, [0, 1, 0, 1, 0, 1]);
        // A stop before the first solve hands every puzzle back unsolved, in the list.
        stop.store(true, Ordering::Relaxed);
        let given = batch.clone();
        let list = given.as_ptr();
        let mut left = Vec::new();
        solve_batch(&mut solvers, 1, given, &stop, |piece| left.push(piece));
        let last = left.pop().unwrap();
        assert!(left.is_empty() && last.puzzles.is_empty() && last.answers.is_empty());
        assert_eq!(last.emptied.as_ptr(), list);
        let indices: Vec<usize> = last.emptied.iter().map(|t| t.0).collect();
        assert_eq!(indices.len(), 3);
        let summary = checker.tally.summary();
        assert_eq!((summary.puzzles, summary.wrong.len()), (3, 0));
    }

    /// The results lines (times taken out) and the per-configuration counts of a run
    /// of `plan` on `puzzles` by one of the two ways of running it, with the solves the
    /// progress was told of.
    fn run_one_way(
        apart: bool,
        plan: &Plan,
        puzzles: &[Puzzle],
    ) -> (Vec<serde_json::Value>, Vec<[usize; 7]>, u64) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let file = std::fs::File::create(&path).unwrap();
        let writer = ResultsWriter::new(path.to_str().unwrap(), file, None, false);
        let told = std::sync::atomic::AtomicU64::new(0);
        let progress = |n: u64| {
            told.fetch_add(n, Ordering::Relaxed);
        };
        let ignore = |_: String| {};
        let sinks = Sinks {
            results: Some(&writer),
            progress: &progress,
            problem: &ignore,
            ..Sinks::default()
        };
        let (done, stop) = (Done::default(), AtomicBool::new(false));
        let batches = Batches {
            puzzles: puzzles.iter().cloned().enumerate(),
            plan,
            done: &done,
            stop: &stop,
            number: 0,
        };
        let results = if apart {
            vec![solve_and_check_apart(plan, batches, &done, &stop, &sinks, &mut || false).unwrap()]
        } else {
            solve_and_check_together(plan, batches, &done, &stop, &sinks).unwrap()
        };
        writer.finish(false).unwrap();
        let mut tally = plan.tally();
        for (t, _) in &results {
            tally.absorb(t);
        }
        let counts = tally
            .summary()
            .backends
            .iter()
            .map(|r| {
                [
                    r.puzzles, r.solved, r.unique, r.multiple, r.none, r.failed, r.wrong,
                ]
            })
            .collect();
        let lines = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                for timing in ["time_ms", "cpu_ms", "transport_ms", "clocks", "stats"] {
                    v.as_object_mut().unwrap().remove(timing);
                }
                v
            })
            .collect();
        (lines, counts, told.into_inner())
    }

    #[test]
    fn checking_on_the_reading_thread_gives_what_the_solving_thread_gives() {
        // Unique, conflicting givens (none), and an empty 4x4 (multiple), in batches of
        // two so that pieces of several batches are checked in their order.
        let text =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
................
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
................
";
        let puzzles = parse_puzzles(text, "p.txt", &ParseOptions::default()).unwrap();
        let mut plan = Plan::new(&["dlx", "fast", "no-such-backend"]);
        plan.batch = 2;
        let together = run_one_way(false, &plan, &puzzles);
        let apart = run_one_way(true, &plan, &puzzles);
        assert_eq!(together.0.len(), 15, "a line per (puzzle, configuration)");
        assert_eq!(together, apart);
        assert_eq!(
            apart.1,
            vec![
                [5, 0, 2, 2, 1, 0, 0],
                [5, 0, 2, 2, 1, 0, 0],
                [5, 0, 0, 0, 0, 5, 0]
            ],
            "dlx, fast, and the configuration that cannot start"
        );
        assert_eq!(apart.2, 15, "every solve reaches the progress");
        let order: Vec<u64> = apart
            .0
            .iter()
            .map(|v| v["line"].as_u64().unwrap())
            .collect();
        assert_eq!(order, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5]);
    }

    #[test]
    fn a_configuration_that_cannot_start_is_a_failed_row_and_a_results_line_naming_why() {
        let text =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
        let puzzles = parse_puzzles(text, "p.txt", &ParseOptions::default()).unwrap();
        let plan = Plan::new(&["dlx", "no-such-backend"]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let writer = ResultsWriter::new(
            path.to_str().unwrap(),
            std::fs::File::create(&path).unwrap(),
            None,
            false,
        );
        let problems = Mutex::new(Vec::new());
        let note = |line: String| problems.lock().unwrap().push(line);
        let sinks = Sinks {
            results: Some(&writer),
            problem: &note,
            ..Sinks::default()
        };
        let stop = AtomicBool::new(false);
        let tally = run_all(
            &plan,
            puzzles.into_iter().enumerate(),
            &Done::default(),
            &stop,
            &sinks,
        )
        .unwrap();
        writer.finish(false).unwrap();
        let summary = tally.summary();
        let row = |b: &str| summary.backends.iter().find(|r| r.backend == b).unwrap();
        assert_eq!((row("dlx").failed, row("no-such-backend").failed), (0, 1));
        let problems = problems.into_inner().unwrap();
        assert!(
            problems.len() == 1 && problems[0].contains("no-such-backend on p.txt:1: cannot start"),
            "{problems:?}"
        );
        let lines = std::fs::read_to_string(&path).unwrap();
        let failed: Vec<Record> = lines
            .lines()
            .map(|l| serde_json::from_str::<Record>(l).unwrap())
            .filter(|r| r.backend == "no-such-backend")
            .collect();
        assert_eq!(failed.len(), 1, "{lines}");
        let r = &failed[0];
        assert!(r.failure.as_deref().unwrap().starts_with("cannot start: "));
        assert_eq!(
            (r.source.as_str(), r.line, r.solution.as_deref()),
            ("p.txt:1", 1, None)
        );
        assert_eq!(r.puzzle, text.trim());
        assert!(r.settings.is_some());
    }
}
