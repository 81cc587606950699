//! Running chosen backends on puzzles: every (backend, puzzle) pair once, in parallel
//! when asked, each answer checked by the independent validator as it comes.

use super::record::{Record, RecordStats};
use crate::backends::create;
use crate::model::format::to_line;
use crate::model::Puzzle;
use crate::solver::{ms, verify, SolveOptions};
use rayon::prelude::*;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// What a comparison runs.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Backend configurations, such as `dlx` or `sat:extended`.
    pub backends: Vec<String>,
    /// Time budget of each solve.
    pub timeout: Duration,
    /// 1 for any solution, 2 to prove uniqueness.
    pub max_solutions: usize,
    /// Worker threads (1 keeps timings cleanest).
    pub jobs: usize,
}

/// Solves one puzzle with one backend and turns the outcome into a record.
pub fn run_one(backend: &str, puzzle: &Puzzle, puzzle_index: usize, plan: &Plan) -> Record {
    let g = &puzzle.geometry;
    let base = |effort_name: String| Record {
        puzzle_index,
        source: puzzle.display_name(),
        puzzle: to_line(g, &puzzle.cells),
        size: g.n,
        fixed_fraction: puzzle.given_count() as f64 / g.cells() as f64,
        backend: backend.to_string(),
        verdict: "unknown".into(),
        solution: None,
        solutions_found: 0,
        timed_out: false,
        time_ms: 0.0,
        wrong: None,
        effort_name,
        stats: RecordStats::default(),
    };
    let mut solver = match create(backend) {
        Ok(s) => s,
        Err(e) => {
            return Record {
                wrong: Some(format!("cannot start: {e}")),
                ..base(String::new())
            }
        }
    };
    let opts = SolveOptions::new(plan.max_solutions, Some(plan.timeout));
    let start = Instant::now();
    let outcome = solver.solve(puzzle, &opts);
    let time_ms = ms(start.elapsed());
    Record {
        verdict: outcome.verdict.name().into(),
        solution: outcome.solutions.first().map(|s| to_line(g, s)),
        solutions_found: outcome.solutions_found,
        timed_out: outcome.timed_out,
        time_ms,
        wrong: verify(puzzle, &outcome).err(),
        stats: RecordStats::from(&outcome.stats),
        ..base(solver.effort_name().to_string())
    }
}

/// Runs every (backend, puzzle) pair not in `done`, calling `on_record` as each finishes
/// (from worker threads). Pairs are interleaved puzzle by puzzle, so an interrupted run
/// has every backend on the same puzzles.
pub fn run_all(
    plan: &Plan,
    puzzles: &[(usize, Puzzle)],
    done: &HashSet<(String, String)>,
    on_record: impl Fn(Record) + Sync,
) -> Result<(), String> {
    let jobs: Vec<(&str, usize, &Puzzle)> = puzzles
        .iter()
        .flat_map(|(i, p)| {
            let line = to_line(&p.geometry, &p.cells);
            plan.backends
                .iter()
                .filter(move |b| !done.contains(&((*b).clone(), line.clone())))
                .map(move |b| (b.as_str(), *i, p))
        })
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.jobs.max(1))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    pool.install(|| {
        jobs.par_iter()
            .with_max_len(1)
            .for_each(|&(b, i, p)| on_record(run_one(b, p, i, plan)))
    });
    Ok(())
}
