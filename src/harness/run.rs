//! Running chosen backends on puzzles: every (backend, puzzle) pair once, on a few
//! threads when asked, each answer checked by the independent validator as it comes.
//!
//! Each thread builds one solver per configuration and keeps it for every puzzle it
//! runs, as `solve` does, so no solve pays for building a solver (or, for an isolated
//! backend, for starting its worker process) except in the transport figure.

use super::entry::{Entry as Kept, Fingerprint};
use super::queue::{CloseOnDrop, Pop, Queue};
use super::record::{Record, RunSettings};
use crate::backends::create;
use crate::error::{Error, Result};
use crate::model::format::to_line;
use crate::model::Puzzle;
use crate::solver::{matches_expected, verify, Outcome, SolveOptions, Solver};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Solves queued per worker thread: enough that the reader and the workers seldom wait
/// for each other on quick solves, few enough that memory holds only a few puzzles.
const QUEUE_PER_THREAD: usize = 64;

/// What a comparison runs.
#[derive(Clone, Debug)]
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
}

impl Plan {
    /// The settings every record of this plan carries.
    pub fn settings(&self) -> RunSettings {
        RunSettings {
            max_solutions: self.max_solutions,
            timeout_s: self.timeout.map(|t| t.as_secs_f64()),
            variant: self.variant.clone(),
        }
    }
}

/// The record of a solve, before the outcome is known.
fn base_record(backend: &str, puzzle: &Puzzle, puzzle_index: usize, plan: &Plan) -> Record {
    let g = &puzzle.geometry;
    Record {
        puzzle_index,
        source: puzzle.display_name(),
        file: puzzle.origin.file.clone(),
        settings: Some(plan.settings()),
        puzzle: to_line(g, &puzzle.cells),
        size: g.n,
        fixed_fraction: puzzle.given_count() as f64 / g.cells() as f64,
        backend: backend.to_string(),
        verdict: Default::default(),
        solution: None,
        solutions_found: 0,
        timed_out: false,
        time_ms: 0.0,
        transport_ms: 0.0,
        cpu_ms: 0.0,
        peak_rss_kb: None,
        clocks: Default::default(),
        failure: None,
        wrong: None,
        conflict: puzzle.conflict(),
        effort_name: String::new(),
        stats: Default::default(),
    }
}

/// Solves one puzzle with `solver` (configuration `backend`) and turns the outcome into
/// a record; the times are the solver's own (see [`crate::solver::Outcome::time_ms`]).
pub fn run_one(
    solver: &mut dyn Solver,
    backend: &str,
    puzzle: &Puzzle,
    puzzle_index: usize,
    plan: &Plan,
) -> Record {
    let opts = SolveOptions {
        mem_limit: plan.mem_limit,
        ..SolveOptions::new(plan.max_solutions, plan.timeout)
    };
    let outcome = solver.solve(puzzle, &opts);
    record_of(
        &outcome,
        solver.effort_name(),
        backend,
        puzzle,
        puzzle_index,
        plan,
    )
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
    let g = &puzzle.geometry;
    Record {
        verdict: outcome.verdict,
        solution: outcome.solutions.first().map(|s| to_line(g, s)),
        solutions_found: outcome.solutions_found,
        timed_out: outcome.timed_out,
        time_ms: outcome.time_ms,
        transport_ms: outcome.transport_ms,
        cpu_ms: outcome.cpu_ms,
        peak_rss_kb: outcome.peak_rss_kb,
        clocks: outcome.clocks.clone(),
        failure: outcome.failure.as_ref().map(ToString::to_string),
        wrong: verify(puzzle, outcome)
            .err()
            .map(|e| e.to_string())
            .or_else(|| {
                (matches_expected(puzzle, outcome) == Some(false))
                    .then(|| "differs from the solution given in the input".to_string())
            }),
        effort_name: effort_name.to_string(),
        stats: outcome.stats.clone(),
        ..base_record(backend, puzzle, puzzle_index, plan)
    }
}

/// The runs an earlier results file already holds (`--resume`): per result, the
/// backend's place in the plan, the puzzle's index and its fingerprint.
#[derive(Debug, Default)]
pub struct Done(HashSet<(usize, usize, Fingerprint)>);

impl Done {
    /// The runs of `entries` that `plan` would run again.
    pub fn new(plan: &Plan, entries: &[Kept]) -> Done {
        Done(
            entries
                .iter()
                .filter_map(|e| {
                    let b = plan.backends.iter().position(|b| b == e.backend())?;
                    Some((b, e.puzzle_index, e.puzzle))
                })
                .collect(),
        )
    }

    /// How many runs are done.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no run is done.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The backends (places in `plan`) still to run on puzzle `index`.
    pub fn to_run(&self, plan: &Plan, index: usize, puzzle: &Puzzle) -> Vec<usize> {
        let all = 0..plan.backends.len();
        if self.0.is_empty() {
            return all.collect();
        }
        let fp = Fingerprint::of(&to_line(&puzzle.geometry, &puzzle.cells));
        all.filter(|&b| !self.0.contains(&(b, index, fp))).collect()
    }
}

/// Runs every (backend, puzzle) pair not in `done` as the puzzles come from `puzzles`
/// (their index in the input, and the puzzle), calling `on_record` as each finishes
/// (from the worker threads). The calling thread reads the puzzles and hands the pairs
/// to the workers through a short queue, puzzle by puzzle, so that memory holds a few
/// puzzles however long the input, and an interrupted run has every backend on the same
/// puzzles. Once `stop` is set no new solve starts and no more is read (the solves
/// running finish, the queued ones are dropped), so an interrupted run still reports
/// what it did.
pub fn run_all(
    plan: &Plan,
    puzzles: impl Iterator<Item = (usize, Puzzle)>,
    done: &Done,
    stop: &AtomicBool,
    on_record: impl Fn(Record) + Sync,
) -> Result<()> {
    let threads = plan.jobs.max(1);
    let queue = Queue::<(usize, usize, Arc<Puzzle>)>::new(QUEUE_PER_THREAD * threads);
    let (queue, on_record) = (&queue, &on_record);
    std::thread::scope(|scope| {
        // Closed on every way out, so that the workers end.
        let _closed = CloseOnDrop(queue);
        let spawned: std::io::Result<Vec<_>> = (0..threads)
            .map(|t| {
                std::thread::Builder::new()
                    .name(format!("compare-{t}"))
                    .spawn_scoped(scope, move || {
                        // A worker that ends (or panics) closes the queue, so that the
                        // reader is not left waiting for room.
                        let _gone = CloseOnDrop(queue);
                        // This thread's solvers, one per configuration, kept for every
                        // puzzle it runs.
                        let mut solvers: HashMap<usize, Box<dyn Solver>> = HashMap::new();
                        // Until the queue is empty and closed.
                        while let Pop::Item((b, index, puzzle)) = queue.pop(None) {
                            if stop.load(Ordering::Relaxed) {
                                continue; // drained, so that the reader is not held up
                            }
                            let backend = plan.backends[b].as_str();
                            let record = match solvers.entry(b) {
                                Entry::Occupied(e) => {
                                    run_one(e.into_mut().as_mut(), backend, &puzzle, index, plan)
                                }
                                Entry::Vacant(v) => match create(backend) {
                                    Ok(s) => {
                                        run_one(v.insert(s).as_mut(), backend, &puzzle, index, plan)
                                    }
                                    Err(e) => Record {
                                        failure: Some(format!("cannot start: {e}")),
                                        ..base_record(backend, &puzzle, index, plan)
                                    },
                                },
                            };
                            on_record(record);
                        }
                    })
            })
            .collect();
        let handles = spawned.map_err(|e| Error::Threads(e.to_string()))?;
        'read: for (index, puzzle) in puzzles {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let backends = done.to_run(plan, index, &puzzle);
            let puzzle = Arc::new(puzzle);
            for b in backends {
                if queue.push((b, index, puzzle.clone())).is_err() {
                    break 'read; // a worker is gone (a panic, reported below)
                }
            }
        }
        queue.close();
        for h in handles {
            h.join()
                .map_err(|_| Error::Threads("a solver thread panicked".into()))?;
        }
        Ok(())
    })
}
