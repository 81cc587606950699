//! The `sat` backend: Sudoku as CNF (one Boolean per cell and value), solved by the
//! `varisat` CDCL solver or, in the `+cadical` configurations, by CaDiCaL.
//!
//! Four encodings ([`encode::Encoding`]): Lynce and Ouaknine's minimal (`naive`, the
//! default), efficient and extended encodings, and the extended one reduced by the
//! givens. After each model a blocking clause (the negation of the found assignment on
//! the blank cells) is added to the same solver and it runs again: unsat proves that
//! every solution was found ([`search`]). varisat cannot be interrupted, so a solve with a
//! deadline on `sat:ENCODING` runs in a worker process, killed at the deadline unless
//! varisat stopped there between two solutions and answered;
//! CaDiCaL's terminate callback checks the deadline, so `sat:ENCODING+cadical` runs in
//! this process (cargo feature `cadical`). Encodings, counts and measurements:
//! `encodings/sat.md`.

#[cfg(feature = "cadical")]
mod cadical_engine;
pub mod dimacs;
pub mod encode;
pub mod search;
#[cfg(test)]
mod tests;
mod varisat_engine;

use crate::error::Result;
use crate::model::Puzzle;
use crate::solver::{ms, Failure, Outcome, SolveOptions, Solver, Stats};
use encode::{empty_grid_clauses, Cnf, Encoded, Encoding};
use search::Incremental;
pub use search::{enumerate, End, Enumeration};
use std::time::Instant;
pub use varisat_engine::{load, refute, refute_dimacs};

/// The suffix of a configuration that solves with CaDiCaL.
const CADICAL_SUFFIX: &str = "+cadical";

/// The SAT engine a configuration solves with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// varisat, pure Rust; cannot be interrupted.
    Varisat,
    /// CaDiCaL in process, stopped at the deadline by its terminate callback.
    #[cfg(feature = "cadical")]
    Cadical,
}

impl Engine {
    /// The engine's name, as in failure messages.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Varisat => "varisat",
            #[cfg(feature = "cadical")]
            Engine::Cadical => "cadical",
        }
    }
}

/// The CaDiCaL engine, for `encoding`'s configuration.
#[cfg(feature = "cadical")]
fn cadical(_encoding: Encoding) -> Result<Engine> {
    Ok(Engine::Cadical)
}

/// The error for `encoding`'s CaDiCaL configuration in a build without it, which says
/// how to build it.
#[cfg(not(feature = "cadical"))]
fn cadical(encoding: Encoding) -> Result<Engine> {
    Err(crate::error::Error::Config(format!(
        "sat:{}{CADICAL_SUFFIX} is built only with the cargo feature `cadical` \
         (cargo build --release --features cadical; needs only a C++ compiler, which \
         builds CaDiCaL's bundled sources in about two minutes of CPU)",
        encoding.name()
    )))
}

/// The SAT solver backend: an encoding and the engine that solves it.
pub struct SatSolver {
    encoding: Encoding,
    engine: Engine,
}

impl SatSolver {
    /// A solver for an encoding, on varisat.
    pub fn new(encoding: Encoding) -> SatSolver {
        SatSolver {
            encoding,
            engine: Engine::Varisat,
        }
    }

    /// The solver of a configuration, `ENCODING` or `ENCODING+cadical` (`None` for the
    /// default); an error that says how to build it when it needs the `cadical` feature.
    pub fn from_config(config: Option<&str>) -> Result<SatSolver> {
        let Some(encoding) = config.and_then(|c| c.strip_suffix(CADICAL_SUFFIX)) else {
            return Ok(SatSolver::new(Encoding::from_name(config)?));
        };
        let encoding = Encoding::from_name(Some(encoding))?;
        Ok(SatSolver {
            encoding,
            engine: cadical(encoding)?,
        })
    }
}

impl Solver for SatSolver {
    fn name(&self) -> String {
        match self.engine {
            Engine::Varisat => format!("sat:{}", self.encoding.name()),
            #[cfg(feature = "cadical")]
            Engine::Cadical => format!("sat:{}{CADICAL_SUFFIX}", self.encoding.name()),
        }
    }

    fn effort_name(&self) -> &'static str {
        "solver calls"
    }

    /// Encodes, loads the clauses into the engine, then solves with a blocking clause
    /// after each model until unsat or enough solutions; `on_solution` sees each
    /// solution as soon as it is found.
    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        let start = Instant::now();
        let Some(encoded) = Encoded::build_until(puzzle, self.encoding, opts.deadline) else {
            // The deadline passed while the clauses were stated: no search was made.
            let stats = Stats {
                encode_ms: ms(start.elapsed()),
                ..Stats::default()
            };
            return Outcome::from_search(Vec::new(), 0, false, true, stats);
        };
        let mut stats = Stats::default();
        record_size(&mut stats, puzzle, &encoded);
        stats.encode_ms = ms(start.elapsed());
        let e = match self.engine {
            Engine::Varisat => {
                let load = |cnf: &Cnf| Some(load(cnf));
                search_with(load, puzzle, &encoded, opts, on_solution, &mut stats).0
            }
            #[cfg(feature = "cadical")]
            Engine::Cadical => {
                let deadline = opts.deadline;
                let (e, mut solver) = search_with(
                    |cnf| cadical_engine::Cadical::load(cnf, deadline),
                    puzzle,
                    &encoded,
                    opts,
                    on_solution,
                    &mut stats,
                );
                stats.backtracks = solver.as_mut().map_or(0, |s| s.learnt());
                stats
                    .extra
                    .insert("learnt_clauses".into(), stats.backtracks as f64);
                e
            }
        };
        let failure = (e.end == End::Failed).then(|| {
            Failure::Engine(format!(
                "{} failed or gave a model that is not a grid",
                self.engine.name()
            ))
        });
        Outcome {
            failure,
            ..Outcome::from_search(
                e.solutions,
                e.found,
                e.end == End::Complete,
                e.end == End::Deadline,
                stats,
            )
        }
    }
}

/// Loads the encoding into an engine (timed as part of `encode_ms`, and alone as
/// `extra.load_ms`), then enumerates; fills the search's figures and returns the engine
/// for its own counters. A load that gives no engine was stopped by the deadline.
fn search_with<E: Incremental>(
    load: impl FnOnce(&Cnf) -> Option<E>,
    puzzle: &Puzzle,
    encoded: &Encoded,
    opts: &SolveOptions,
    on_solution: &mut dyn FnMut(&[u8]),
    stats: &mut Stats,
) -> (Enumeration, Option<E>) {
    let t = Instant::now();
    let engine = load(&encoded.cnf);
    let load_ms = ms(t.elapsed());
    stats.encode_ms += load_ms;
    stats.extra.insert("load_ms".into(), load_ms);
    let Some(mut engine) = engine else {
        stats.extra.insert("solver_calls".into(), 0.0);
        return (Enumeration::stopped_before_search(), None);
    };
    let e = enumerate(puzzle, encoded, &mut engine, opts, on_solution);
    stats.solve_ms = e.solve_ms;
    stats.decode_ms = e.decode_ms;
    stats.nodes = e.calls;
    stats.extra.insert("solver_calls".into(), e.calls as f64);
    (e, Some(engine))
}

/// Puts the size of an encoding in the statistics: variables, clauses and literals, and
/// for comparison the full encoding's figures (N³ variables, clauses with the givens as
/// unit clauses).
fn record_size(stats: &mut Stats, puzzle: &Puzzle, encoded: &Encoded) {
    stats.variables = encoded.cnf.vars as u64;
    stats.constraints = encoded.cnf.clauses() as u64;
    stats.nonzeros = encoded.cnf.lits.len() as u64;
    let full = match encoded.encoding {
        Encoding::Reduced => Encoding::Extended,
        e => e,
    };
    let n = puzzle.n() as f64;
    let clauses_full = empty_grid_clauses(puzzle, full) + puzzle.given_count() as u64;
    stats.extra.insert("variables_full".into(), n * n * n);
    stats
        .extra
        .insert("clauses_full".into(), clauses_full as f64);
}
