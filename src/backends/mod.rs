//! The backends and the one registry that maps names to constructors and exporters.
//! Adding a backend means one folder here, one entry in [`BACKENDS`] and one in
//! [`CONFIGURATIONS`] per named configuration (`registry.rs`).
//!
//! The engines themselves are private to the crate: use [`create`], [`BACKENDS`] and
//! [`ENCODINGS`]; a program that runs the worker-run configurations (`sat`, `ip`) with a
//! deadline calls [`serve_if_asked`] first in `main`. The engines' own modules stay
//! beside the registry (`dlx/`, `sat/`, ...); `worker/` runs a configuration in a worker
//! process, `timed.rs` times a solve in this one.

mod configure;
pub(crate) mod ext;
mod givens;
pub(crate) mod hint;
mod timed;
mod worker;
internal! {
    mod aco;
    mod csp;
    mod dlx;
    mod fast;
    mod ip;
    mod rules;
    mod sat;
}
mod registry;

pub use configure::{aco_configuration, configuration_syntax, csp_configuration};

pub use registry::{
    backend_info, builtin_configs, configurations_of, default_configs, lookup, set_configs,
    split_spec, BackendInfo, Configuration, MakeSolver, Runs, Set, BACKENDS, CONFIGURATIONS,
};
pub(crate) use worker::PROVE_ARG;
pub use worker::{worker_executable, WORKER_ENV};

use crate::error::{Error, Result};
use crate::model::Puzzle;
use crate::solver::Solver;
use timed::Timed;
use worker::{Isolated, WorkerFor};

/// An encoding that can be written in a standard format for external solvers.
#[non_exhaustive]
pub struct EncodingInfo {
    /// The name used with `export --encoding`.
    pub name: &'static str,
    /// One line on what it is.
    pub summary: &'static str,
    /// Formats it can be written in; the first is the default.
    pub formats: &'static [&'static str],
    /// Writes the encoding of a puzzle in a format.
    pub export: fn(&Puzzle, &str) -> Result<String>,
}

/// Every exportable encoding.
pub const ENCODINGS: &[EncodingInfo] = &[
    EncodingInfo {
        name: "exact-cover",
        summary: "the dlx matrix left after the givens (cages included): column names, then one row per line",
        formats: &["text"],
        export: |puzzle, format| match format {
            "text" => Ok(dlx::export::exact_cover_text(puzzle)),
            f => Err(Error::Config(format!("exact-cover is written as 'text', not '{f}'"))),
        },
    },
    EncodingInfo {
        name: "minizinc",
        summary: "encodings/sudoku.mzn (format mzn) and the puzzle's data file for it (format dzn)",
        formats: &["dzn", "mzn"],
        export: |puzzle, format| match format {
            "dzn" => Ok(ext::minizinc::dzn(puzzle)),
            "mzn" => Ok(ext::minizinc::MODEL.to_string()),
            f => Err(Error::Config(format!("minizinc is written as 'dzn' or 'mzn', not '{f}'"))),
        },
    },
    EncodingInfo {
        name: "prolog",
        summary: "a GNU Prolog CLP(FD) program, fd_all_different per unit, and per cage with its sum (two solutions sought)",
        formats: &["pl"],
        export: |puzzle, format| match format {
            "pl" => Ok(ext::gprolog::program(puzzle, 2)),
            f => Err(Error::Config(format!("prolog is written as 'pl', not '{f}'"))),
        },
    },
    EncodingInfo {
        name: "ip",
        summary: "the presolved 0-1 program of the ip backend, as CPLEX LP or free MPS (CBC, GLPK)",
        formats: &["lp", "mps"],
        export: ip::export::export,
    },
    EncodingInfo {
        name: "sat-naive",
        summary: "the sat backend's minimal encoding as DIMACS CNF (any SAT solver); Killer cages as digit-set selectors (cages=combos)",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "naive", format),
    },
    EncodingInfo {
        name: "sat-efficient",
        summary: "the sat backend's efficient encoding (naive + at most one value per cell) as DIMACS CNF; Killer cages as digit-set selectors (cages=combos)",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "efficient", format),
    },
    EncodingInfo {
        name: "sat-extended",
        summary: "the sat backend's extended encoding (efficient + every value in every unit) as DIMACS CNF; Killer cages as digit-set selectors (cages=combos)",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "extended", format),
    },
    EncodingInfo {
        name: "sat-reduced",
        summary: "the extended encoding with what the givens decide removed, as DIMACS CNF; Killer cages as digit-set selectors (cages=combos)",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "reduced", format),
    },
    EncodingInfo {
        name: "sat-naive+cages=sequential",
        summary: "sat-naive with Killer cages as order-encoded running totals (cages=sequential)",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "naive+cages=sequential", format),
    },
    EncodingInfo {
        name: "sat-efficient+cages=sequential",
        summary: "sat-efficient with Killer cages as order-encoded running totals (cages=sequential)",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "efficient+cages=sequential", format),
    },
    EncodingInfo {
        name: "sat-extended+cages=sequential",
        summary: "sat-extended with Killer cages as order-encoded running totals (cages=sequential)",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "extended+cages=sequential", format),
    },
    EncodingInfo {
        name: "sat-reduced+cages=sequential",
        summary: "sat-reduced with Killer cages as order-encoded running totals (cages=sequential)",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "reduced+cages=sequential", format),
    },
];

/// Builds a solver from a name such as `dlx` or `sat:extended`. Keep it and reuse it
/// across puzzles: a worker-run configuration keeps its worker process between solves.
/// A puzzle whose givens break a rule gets verdict `none` without reaching the backend
/// (or from the backend, the same outcome, when it checks the givens itself:
/// [`Solver::checks_givens`]).
/// With a memory limit ([`crate::solver::SolveOptions::mem_limit`]), every built-in
/// configuration solves in a worker process, whose memory is its own to measure and
/// bound; an external solver's processes are bounded where they run.
pub fn create(spec: &str) -> Result<Box<dyn Solver>> {
    let (config, options) = lookup(spec)?;
    config.available()?;
    let local = (config.make)(options)?;
    let spec = spec.to_string();
    let checks_givens = local.checks_givens();
    let solver: Box<dyn Solver> = match config.runs {
        Runs::Worker => Box::new(Isolated::new(spec, local, WorkerFor::Deadline)),
        Runs::OwnProcess => Box::new(Isolated::new(spec, local, WorkerFor::Every)),
        Runs::InProcess => Box::new(Isolated::new(spec, local, WorkerFor::MemoryLimit)),
        Runs::Program { .. } => Box::new(Timed(local)),
    };
    Ok(Box::new(givens::GivensChecked(solver, !checks_givens)))
}

/// The one name of the configuration `spec` chooses, as every output writes it (`sat`
/// is `sat:naive`, `ip:good_lp` is `ip`); an error if there is no such configuration.
pub fn canonical(spec: &str) -> Result<String> {
    Ok(create(spec)?.name())
}

/// Exits with `status` at once, killing every worker and external solver process this
/// program started and the processes they started (what a second Ctrl-C does: a solve
/// under way is not waited for).
pub fn exit_killing_workers(status: i32) -> ! {
    crate::process::exit_killing_children(status)
}

/// Builds a solver that always solves in this process (what a worker runs).
fn create_in_process(spec: &str) -> Result<Box<dyn Solver>> {
    let (config, options) = lookup(spec)?;
    Ok(Box::new(Timed((config.make)(options)?)))
}

/// If this process was started as a worker, serves until its input ends and returns the
/// exit status; otherwise marks this executable as able to serve and returns `None`.
/// `main` calls it first; a program linking the library may do the same, so that its
/// own executable runs the workers.
pub fn serve_if_asked() -> Option<i32> {
    worker::serve_if_asked(create_in_process)
}

/// Finds an encoding by name.
pub fn encoding(name: &str) -> Result<&'static EncodingInfo> {
    ENCODINGS
        .iter()
        .find(|e| e.name == name)
        .ok_or_else(|| Error::UnknownEncoding {
            name: name.to_string(),
            available: ENCODINGS
                .iter()
                .map(|e| e.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}
