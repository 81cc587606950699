//! The backends and the one registry that maps names to constructors and exporters.
//! Adding a backend means one folder here and one entry in [`BACKENDS`].
//!
//! The backend modules themselves are not part of the library's API (they are public,
//! hidden from the docs, only for the project's own tests and benches): use [`create`],
//! [`BACKENDS`] and [`ENCODINGS`].

#[doc(hidden)]
pub mod aco;
#[doc(hidden)]
pub mod csp;
#[doc(hidden)]
pub mod dlx;
pub(crate) mod ext;
#[doc(hidden)]
pub mod fast;
#[doc(hidden)]
pub mod hint;
#[doc(hidden)]
pub mod ip;
mod isolated;
#[doc(hidden)]
pub mod rules;
#[doc(hidden)]
pub mod sat;

pub use isolated::{serve_if_asked, worker_executable, WORKER_ENV};

use crate::error::{Error, Result};
use crate::model::Puzzle;
use crate::solver::Solver;
use isolated::{Isolated, Timed};

/// Builds the in-process solver of a configuration (`None` for the default).
pub type MakeSolver = fn(Option<&str>) -> Result<Box<dyn Solver>>;

/// What the registry knows of a backend.
pub struct BackendInfo {
    /// The name used with `--backend`.
    pub name: &'static str,
    /// One line on what it is.
    pub summary: &'static str,
    /// Whether it can prove that a solution is the only one.
    pub proves_uniqueness: bool,
    /// Whether it can count solutions.
    pub counts: bool,
    /// The sides it handles.
    pub sides: &'static str,
    /// Its configurations, selected as `name:config`; the first is the default.
    pub configs: &'static [&'static str],
    /// Whether a solve with a deadline must run in a child process, because the engine
    /// cannot be stopped in time from inside (see [`worker_executable`]).
    pub isolated: bool,
    /// Builds the in-process solver for a configuration (`None` for the default).
    pub make: MakeSolver,
}

/// An encoding that can be written in a standard format for external solvers.
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

/// Every backend, in the order `backends` lists them.
pub const BACKENDS: &[BackendInfo] = &[
    BackendInfo {
        name: "dlx",
        summary:
            "exact cover solved by Dancing Links (Knuth's Algorithm X, minimum-column heuristic)",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64, any box shape, variants",
        configs: &[],
        isolated: false,
        make: |config| match config {
            None => Ok(Box::new(dlx::DlxSolver)),
            Some(c) => Err(Error::Config(format!("dlx has no configuration '{c}'"))),
        },
    },
    BackendInfo {
        name: "fast",
        summary: "bit-parallel speed solver: band-wise digit bit sets, singles and locked candidates by bit operations (9x9); a generic bit-set path otherwise",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64, any box shape, variants",
        configs: &[],
        isolated: false,
        make: |config| match config {
            None => Ok(Box::new(fast::FastSolver::new())),
            Some(c) => Err(Error::Config(format!("fast has no configuration '{c}'"))),
        },
    },
    BackendInfo {
        name: "ext",
        summary: "industrial solvers run on the exported models (each needs its Debian package)",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64 (as the external solver copes)",
        configs: &["gecode", "gprolog", "minisat", "cadical", "cbc", "glpk"],
        isolated: false,
        make: ext::make,
    },
    BackendInfo {
        name: "csp",
        summary: "finite-domain propagation + search; alldifferent by naive, permutation, bounds (Puget), gac (Régin), gac-shave",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64, any box shape, variants",
        configs: csp::CONFIGS,
        isolated: false,
        make: |config| Ok(Box::new(csp::CspSolver::new(csp::Config::from_name(config)?))),
    },
    BackendInfo {
        name: "ip",
        summary:
            "0-1 integer program (x[cell][value], exactly-one rows) presolved, solved by microlp via good_lp (ip), microlp directly (ip:microlp-direct), unpresolved (ip:full), HiGHS (ip:highs, feature highs) or CBC (ip:cbc, feature cbc)",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64 (LP size grows as N^3), any box shape, variants",
        configs: ip::CONFIGS,
        isolated: true,
        make: |config| Ok(Box::new(ip::IpSolver::new(ip::Config::from_name(config)?))),
    },
    BackendInfo {
        name: "rules",
        summary: "human-style rule ladder (singles, locked candidates, subsets, matching, nishio, Eppstein's bilocation/bivalue graph rules, 2-SAT); explains, draws and rates; `rules:ladder` answers unknown when stuck, `rules:guess` then tries digits (Chen's Inference)",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64, any box shape, variants (nishio up to 16)",
        configs: rules::CONFIGS,
        isolated: false,
        make: |config| Ok(Box::new(rules::RulesSolver::new(rules::guessing_from_name(config)?))),
    },
    BackendInfo {
        name: "sat",
        summary: "CNF (x[cell][value]; naive, efficient, extended or givens-reduced encoding) solved by varisat",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64 (clauses grow as N^4), any box shape, variants",
        configs: sat::encode::NAMES,
        isolated: true,
        make: |config| {
            Ok(Box::new(sat::SatSolver::new(
                sat::encode::Encoding::from_name(config)?,
            )))
        },
    },
    BackendInfo {
        name: "aco",
        summary: "Ant Colony System with Best Value Evaporation (Lloyd and Amos) over propagated grids; stochastic: `solved` or `unknown`, never a proof",
        proves_uniqueness: false,
        counts: false,
        sides: "4 to 64, any box shape, variants",
        configs: aco::CONFIGS,
        isolated: false,
        make: |config| Ok(Box::new(aco::AcoSolver::new(aco::Config::from_name(config)?))),
    },
];

/// Every exportable encoding.
pub const ENCODINGS: &[EncodingInfo] = &[
    EncodingInfo {
        name: "exact-cover",
        summary: "the dlx matrix left after the givens: column names, then one row per line",
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
        summary: "a GNU Prolog CLP(FD) program, fd_all_different per unit (two solutions sought)",
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
        summary: "the sat backend's minimal encoding as DIMACS CNF (any SAT solver)",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "naive", format),
    },
    EncodingInfo {
        name: "sat-efficient",
        summary: "the sat backend's efficient encoding (naive + at most one value per cell) as DIMACS CNF",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "efficient", format),
    },
    EncodingInfo {
        name: "sat-extended",
        summary: "the sat backend's extended encoding (efficient + every value in every unit) as DIMACS CNF",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "extended", format),
    },
    EncodingInfo {
        name: "sat-reduced",
        summary: "the extended encoding with what the givens decide removed, as DIMACS CNF",
        formats: &["dimacs"],
        export: |puzzle, format| sat::dimacs::export_as(puzzle, "reduced", format),
    },
];

/// Splits a backend specification such as `sat:extended` into its name and
/// configuration (`None` when it names no configuration).
pub fn split_spec(spec: &str) -> (&str, Option<&str>) {
    match spec.split_once(':') {
        Some((name, config)) => (name, Some(config)),
        None => (spec, None),
    }
}

/// The registry entry of a backend specification and its configuration.
fn lookup(spec: &str) -> Result<(&'static BackendInfo, Option<&str>)> {
    let (name, config) = split_spec(spec);
    let info = BACKENDS
        .iter()
        .find(|b| b.name == name)
        .ok_or_else(|| Error::UnknownBackend {
            name: name.to_string(),
            available: BACKENDS
                .iter()
                .map(|b| b.name)
                .collect::<Vec<_>>()
                .join(", "),
        })?;
    Ok((info, config))
}

/// Builds a solver from a name such as `dlx` or `sat:extended`. Keep it and reuse it
/// across puzzles: an isolated backend keeps its worker process between solves.
pub fn create(spec: &str) -> Result<Box<dyn Solver>> {
    let (info, config) = lookup(spec)?;
    let local = (info.make)(config)?;
    Ok(if info.isolated {
        Box::new(Isolated::new(spec.to_string(), local))
    } else {
        Box::new(Timed(local))
    })
}

/// The one name of the configuration `spec` chooses, as every output writes it (`sat`
/// is `sat:naive`, `ip:good_lp` is `ip`); an error if there is no such configuration.
pub fn canonical(spec: &str) -> Result<String> {
    Ok(create(spec)?.name())
}

/// Builds a solver that always solves in this process (what a worker runs).
fn create_in_process(spec: &str) -> Result<Box<dyn Solver>> {
    let (info, config) = lookup(spec)?;
    Ok(Box::new(Timed((info.make)(config)?)))
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
/// The configurations `compare` runs by default: every built-in one except those the
/// registry marks slow (kept for teaching, such as `ip:full`), so that the first run a
/// person makes decides every embedded puzzle in well under a second each.
pub fn default_configs() -> Vec<String> {
    builtin_configs()
        .into_iter()
        .filter(|c| !SLOW_CONFIGS.contains(&c.as_str()) && !PARTIAL_CONFIGS.contains(&c.as_str()))
        .collect()
}

/// Built-in configurations left out of `compare`'s default set: measured to take
/// seconds on puzzles the others solve in milliseconds.
pub const SLOW_CONFIGS: &[&str] = &["ip:full"];

/// Built-in configurations that by design may leave a puzzle undecided: the rule ladder
/// answers `unknown` when no rule applies, the ant colony (stochastic, proves nothing)
/// answers `solved` or `unknown`. In `--backends all`, not in the default set, whose
/// every configuration decides every embedded puzzle.
pub const PARTIAL_CONFIGS: &[&str] = &["rules:ladder", "aco", "aco:no-bve"];

/// Every built-in configuration (`compare --backends all`), by its canonical name (see
/// [`canonical`]): each backend's configurations, or its name when it has none.
/// External solvers (`ext`) are left out.
pub fn builtin_configs() -> Vec<String> {
    let mut names = Vec::new();
    for b in BACKENDS.iter().filter(|b| b.name != "ext") {
        if b.configs.is_empty() {
            names.push(b.name.to_string());
        } else {
            names.extend(b.configs.iter().map(|c| {
                let spec = format!("{}:{c}", b.name);
                canonical(&spec).unwrap_or(spec)
            }));
        }
    }
    names
}
