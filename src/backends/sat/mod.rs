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
//! this process (cargo feature `cadical`). Killer cages are stated on top of any encoding,
//! two ways ([`CageEncoding`]; `+cages=combos`, the default, or `+cages=sequential`).
//! Encodings, counts and measurements: `encodings/sat.md`.

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
pub use encode::CageEncoding;
use encode::{empty_grid_clauses, Cnf, Encoded, Encoding};
use search::Incremental;
pub use search::{enumerate, End, Enumeration};
use std::time::Instant;
pub use varisat_engine::{load, refute, refute_dimacs};

/// The option of a configuration that solves with CaDiCaL (`sat:ENCODING+cadical`).
const CADICAL_OPTION: &str = "cadical";

/// The option that names the cage statement (`sat:ENCODING+cages=NAME`).
const CAGES_OPTION: &str = "cages=";

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
        "sat:{}+{CADICAL_OPTION} is built only with the cargo feature `cadical` \
         (cargo build --release --features cadical; needs only a C++ compiler, which \
         builds CaDiCaL's bundled sources in about two minutes of CPU)",
        encoding.name()
    )))
}

/// The SAT solver backend: an encoding, the statement of Killer cages on top of it, and
/// the engine that solves it.
pub struct SatSolver {
    encoding: Encoding,
    cages: CageEncoding,
    engine: Engine,
}

impl SatSolver {
    /// A solver for an encoding, on varisat, cages stated the default way.
    pub fn new(encoding: Encoding) -> SatSolver {
        SatSolver {
            encoding,
            cages: CageEncoding::DEFAULT,
            engine: Engine::Varisat,
        }
    }

    /// The solver of a configuration, `ENCODING` followed by options `+cadical` and
    /// `+cages=NAME` in either order (`None` for the default); an error names what is
    /// wrong, or says how to build a `cadical` configuration this build lacks.
    pub fn from_config(config: Option<&str>) -> Result<SatSolver> {
        let mut parts = config.map(|c| c.split('+'));
        let encoding = Encoding::from_name(parts.as_mut().and_then(Iterator::next))?;
        let mut solver = SatSolver::new(encoding);
        let (mut cadical_named, mut cages_named) = (false, false);
        for option in parts.into_iter().flatten() {
            let repeated = if option == CADICAL_OPTION {
                std::mem::replace(&mut cadical_named, true)
            } else if let Some(name) = option.strip_prefix(CAGES_OPTION) {
                solver.cages = CageEncoding::from_name(name)?;
                std::mem::replace(&mut cages_named, true)
            } else {
                return Err(crate::error::Error::Config(format!(
                    "sat has no option '{option}' (options: +{CADICAL_OPTION}, +{CAGES_OPTION}NAME)"
                )));
            };
            if repeated {
                return Err(crate::error::Error::Config(format!(
                    "sat: option '{option}' given twice"
                )));
            }
        }
        if cadical_named {
            solver.engine = cadical(encoding)?;
        }
        Ok(solver)
    }
}

impl Solver for SatSolver {
    /// `sat:ENCODING`, then `+cadical` for CaDiCaL and `+cages=NAME` when the cage
    /// statement is not the default one.
    fn name(&self) -> String {
        let mut name = format!("sat:{}", self.encoding.name());
        #[cfg(feature = "cadical")]
        if self.engine == Engine::Cadical {
            name.push('+');
            name.push_str(CADICAL_OPTION);
        }
        if self.cages != CageEncoding::DEFAULT {
            name.push('+');
            name.push_str(CAGES_OPTION);
            name.push_str(self.cages.name());
        }
        name
    }

    /// Takes every board: units of any shape (Jigsaw regions) are read from the unit
    /// list, and Killer cages are stated by the configuration's cage statement.
    /// Takes every board; `cages=combos` lists each cage's digit sets, so a cage with
    /// too many is left to `cages=sequential`.
    fn refuses(&self, geometry: &crate::model::Geometry) -> Option<String> {
        if self.cages != CageEncoding::Combos {
            return None;
        }
        crate::model::cage::unlisted_cage(geometry)
            .map(|why| format!("{why}; +cages=sequential takes it"))
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
        let Some(encoded) = Encoded::build_until(puzzle, self.encoding, self.cages, opts.deadline)
        else {
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
/// for comparison the full encoding's figures (N³ variables and the cage statement's
/// auxiliary ones; clauses with the givens as unit clauses and the cages stated without
/// regard to the givens).
fn record_size(stats: &mut Stats, puzzle: &Puzzle, encoded: &Encoded) {
    stats.variables = encoded.cnf.vars as u64;
    stats.constraints = encoded.cnf.clauses() as u64;
    stats.nonzeros = encoded.cnf.lits.len() as u64;
    let full = match encoded.encoding {
        Encoding::Reduced => Encoding::Extended,
        e => e,
    };
    let n = puzzle.n() as f64;
    let (cage_vars, cage_clauses) = match puzzle.geometry.has_cages() {
        true => encode::cages::full_size(&puzzle.geometry, encoded.cages),
        false => (0, 0),
    };
    let clauses_full =
        empty_grid_clauses(puzzle, full) + puzzle.given_count() as u64 + cage_clauses as u64;
    stats
        .extra
        .insert("variables_full".into(), n * n * n + cage_vars as f64);
    stats
        .extra
        .insert("clauses_full".into(), clauses_full as f64);
}
