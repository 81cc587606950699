//! Running chosen backends on puzzles: every (backend, puzzle) pair once, on a few
//! threads when asked, each answer checked by the independent validator as it comes.
//!
//! Each thread builds one solver per configuration and keeps it for every puzzle it
//! runs, as `solve` does, so no solve pays for building a solver (or, for an isolated
//! backend, for starting its worker process) except in the transport figure.

use super::record::{Record, RunSettings};
use crate::backends::create;
use crate::error::{Error, Result};
use crate::model::format::to_line;
use crate::model::Puzzle;
use crate::solver::{matches_expected, verify, SolveOptions, Solver};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// What a comparison runs.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Backend configurations, such as `dlx` or `sat:extended`.
    pub backends: Vec<String>,
    /// Time budget of each solve (`None`: no limit).
    pub timeout: Option<Duration>,
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
        failure: None,
        wrong: None,
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
    let opts = SolveOptions::new(plan.max_solutions, plan.timeout);
    let outcome = solver.solve(puzzle, &opts);
    let g = &puzzle.geometry;
    Record {
        verdict: outcome.verdict,
        solution: outcome.solutions.first().map(|s| to_line(g, s)),
        solutions_found: outcome.solutions_found,
        timed_out: outcome.timed_out,
        time_ms: outcome.time_ms,
        transport_ms: outcome.transport_ms,
        failure: outcome.failure.as_ref().map(ToString::to_string),
        wrong: verify(puzzle, &outcome)
            .err()
            .map(|e| e.to_string())
            .or_else(|| {
                (matches_expected(puzzle, &outcome) == Some(false))
                    .then(|| "differs from the solution given in the input".to_string())
            }),
        effort_name: solver.effort_name().to_string(),
        stats: outcome.stats,
        ..base_record(backend, puzzle, puzzle_index, plan)
    }
}

/// Runs every (backend, puzzle) pair not in `done`, calling `on_record` as each finishes
/// (from the worker threads). Pairs are taken puzzle by puzzle, so an interrupted run
/// has every backend on the same puzzles. Once `stop` is set no new solve starts (the
/// ones running finish), so an interrupted run still reports what it did.
pub fn run_all(
    plan: &Plan,
    puzzles: &[(usize, Puzzle)],
    done: &HashSet<(String, usize, String)>,
    stop: &AtomicBool,
    on_record: impl Fn(Record) + Sync,
) -> Result<()> {
    let jobs: Vec<(&str, usize, &Puzzle)> = puzzles
        .iter()
        .flat_map(|(i, p)| {
            let line = to_line(&p.geometry, &p.cells);
            plan.backends
                .iter()
                .filter(move |b| !done.contains(&((*b).clone(), *i, line.clone())))
                .map(move |b| (b.as_str(), *i, p))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let threads = plan.jobs.clamp(1, jobs.len().max(1));
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                std::thread::Builder::new()
                    .name(format!("compare-{t}"))
                    .spawn_scoped(scope, || {
                        // This thread's solvers, one per configuration, kept for every
                        // puzzle it runs.
                        let mut solvers: HashMap<&str, Box<dyn Solver>> = HashMap::new();
                        loop {
                            if stop.load(Ordering::Relaxed) {
                                break;
                            }
                            let k = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&(backend, index, puzzle)) = jobs.get(k) else {
                                break;
                            };
                            let record = match solvers.entry(backend) {
                                std::collections::hash_map::Entry::Occupied(e) => {
                                    run_one(e.into_mut().as_mut(), backend, puzzle, index, plan)
                                }
                                std::collections::hash_map::Entry::Vacant(v) => {
                                    match create(backend) {
                                        Ok(s) => run_one(
                                            v.insert(s).as_mut(),
                                            backend,
                                            puzzle,
                                            index,
                                            plan,
                                        ),
                                        Err(e) => Record {
                                            failure: Some(format!("cannot start: {e}")),
                                            ..base_record(backend, puzzle, index, plan)
                                        },
                                    }
                                }
                            };
                            on_record(record);
                        }
                    })
            })
            .collect();
        for h in handles {
            h.map_err(|e| Error::Threads(e.to_string()))?
                .join()
                .map_err(|_| Error::Threads("a solver thread panicked".into()))?;
        }
        Ok(())
    })
}
