//! The contract every backend fulfils: one `solve` call per puzzle, with a solution
//! limit and a deadline, returning solutions, a verdict and comparable effort figures.

use crate::model::puzzle::Grid;
use crate::model::{validate, Puzzle};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// What the caller asks of one solve.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Stop after this many solutions: 1 finds any, 2 proves uniqueness, `usize::MAX` counts all.
    pub max_solutions: usize,
    /// Stop with verdict `unknown` once this instant has passed.
    pub deadline: Option<Instant>,
    /// Keep at most this many of the solutions found (counting may find millions).
    pub keep_solutions: usize,
    /// Stop with verdict `memout` once the solve's resident memory passes this many
    /// bytes. Held where the solve runs in processes of its own (a worker, an external
    /// solver and everything it starts), whose resident size is watched; a backend that
    /// solves in the caller's process goes to a worker when it is set (see
    /// [`crate::backends::create`]). `None`: no limit.
    pub mem_limit: Option<u64>,
    /// Read the solving thread's CPU clock around a solve in this process, for
    /// [`Outcome::cpu_ms`]. Off unless asked for: each read is a system call, a fair
    /// share of the quickest solves (benches/README.md has the figure), so a caller
    /// pays for it only when it keeps the CPU time (`compare` does when it writes
    /// records). External solvers' and workers' CPU times come from the kernel's
    /// accounting of their processes and are read either way.
    pub cpu_time: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            max_solutions: 2,
            deadline: None,
            keep_solutions: 2,
            mem_limit: None,
            cpu_time: false,
        }
    }
}

impl SolveOptions {
    /// Options that look for up to `max_solutions` solutions with an optional time budget.
    pub fn new(max_solutions: usize, timeout: Option<Duration>) -> SolveOptions {
        SolveOptions {
            max_solutions: max_solutions.max(1),
            // A budget so large that the deadline overflows the clock is no budget.
            deadline: timeout.and_then(|t| Instant::now().checked_add(t)),
            keep_solutions: 2,
            mem_limit: None,
            cpu_time: false,
        }
    }

    /// Whether the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// What is known about a puzzle's solutions after a solve.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Verdict {
    /// Exactly one solution, proven.
    Unique,
    /// Two or more solutions.
    Multiple,
    /// No solution, proven.
    None,
    /// A solution found, but not proven the only one: it was not asked (`--first`), or
    /// the deadline (`timed_out`) or a failure stopped the proof.
    Solved,
    /// No solution found and nothing proven: stopped by the deadline, or the backend
    /// failed or cannot decide.
    #[default]
    Unknown,
    /// Stopped because its resident memory passed the limit
    /// ([`SolveOptions::mem_limit`]): not an answer, whatever solutions it found
    /// before (they are kept and checked).
    Memout,
}

impl Verdict {
    /// The word used in output.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::None => "none",
            Verdict::Solved => "solved",
            Verdict::Unknown => "unknown",
            Verdict::Memout => "memout",
        }
    }

    /// The verdict of a search that found `found` solutions and either finished
    /// (`complete`) or was stopped early (by its solution limit, a deadline or a failure).
    pub fn from_search(found: usize, complete: bool) -> Verdict {
        match (found, complete) {
            (0, true) => Verdict::None,
            (1, true) => Verdict::Unique,
            (f, _) if f >= 2 => Verdict::Multiple,
            (1, false) => Verdict::Solved,
            _ => Verdict::Unknown,
        }
    }

    /// Whether the verdict settles the number of solutions (one, several or none).
    pub fn is_decided(self) -> bool {
        matches!(self, Verdict::Unique | Verdict::Multiple | Verdict::None)
    }

    /// The verdict named `name` (as written by [`Verdict::name`]).
    pub fn from_name(name: &str) -> Option<Verdict> {
        [
            Verdict::Unique,
            Verdict::Multiple,
            Verdict::None,
            Verdict::Solved,
            Verdict::Unknown,
            Verdict::Memout,
        ]
        .into_iter()
        .find(|v| v.name() == name)
    }

    /// Whether two verdicts on the same puzzle can both be true (`unknown` and `memout`
    /// are no answer, so they agree with every verdict).
    pub fn agrees_with(self, other: Verdict) -> bool {
        use Verdict::*;
        match (self, other) {
            (Unknown | Memout, _) | (_, Unknown | Memout) => true,
            (Solved, v) | (v, Solved) => v != None,
            (a, b) => a == b,
        }
    }
}

/// Effort figures, named the same across backends so the harness can compare them.
/// The same type is written to and read back from results files and the worker's
/// replies; every field defaults, so older files still read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct Stats {
    /// Search nodes: choices tried (DLX rows, CSP branches, SAT decisions, B&B nodes).
    pub nodes: u64,
    /// Dead ends: backtracks, failures or conflicts.
    pub backtracks: u64,
    /// Propagation work: link updates, prunings or propagated literals.
    pub propagations: u64,
    /// Encoding size: variables, or exact-cover rows.
    pub variables: u64,
    /// Encoding size: constraints or clauses, or exact-cover columns.
    pub constraints: u64,
    /// Encoding size: non-zeros, literals, or matrix nodes.
    pub nonzeros: u64,
    /// Time to build the encoding, in milliseconds.
    #[serde(serialize_with = "serialize_ms")]
    pub encode_ms: f64,
    /// Time in the search itself, in milliseconds.
    #[serde(serialize_with = "serialize_ms")]
    pub solve_ms: f64,
    /// Time to read solutions back, in milliseconds.
    #[serde(serialize_with = "serialize_ms")]
    pub decode_ms: f64,
    /// Backend-specific counters, by name.
    #[serde(
        skip_serializing_if = "BTreeMap::is_empty",
        serialize_with = "serialize_extra"
    )]
    pub extra: BTreeMap<String, f64>,
}

/// Why a backend could not finish: a first-class result, reported beside the verdict
/// (which says what was known before the failure: `unknown` when nothing was found),
/// never hidden in the statistics.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "kind", content = "message", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Failure {
    /// The backend's own engine failed (numerical trouble, a model that is not a grid).
    #[error("the engine failed: {0}")]
    Engine(String),
    /// The child process that runs an isolated backend died or answered nonsense.
    #[error("the worker process failed: {0}")]
    Worker(String),
    /// An external solver could not be run or its output could not be read.
    #[error("the external solver failed: {0}")]
    External(String),
    /// The backend does not take this kind of board (a Killer's cages, a Jigsaw's
    /// regions) and was not asked: no answer, and no fault of the backend's either.
    #[error("not applicable: {0}")]
    NotApplicable(String),
}

impl Failure {
    /// Whether this is a refusal of a board the backend does not take (shown as `n/a`),
    /// not a failure while solving.
    pub fn is_not_applicable(&self) -> bool {
        matches!(self, Failure::NotApplicable(_))
    }
}

/// The start of the text of a [`Failure::NotApplicable`], as results files write it.
pub const NOT_APPLICABLE: &str = "not applicable: ";

/// The answer to one solve.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Outcome {
    /// What is known about the solutions.
    pub verdict: Verdict,
    /// Solutions found, at most `keep_solutions` of them.
    pub solutions: Vec<Grid>,
    /// How many solutions were found (may exceed `solutions.len()`).
    pub solutions_found: u64,
    /// Whether the deadline stopped the search.
    pub timed_out: bool,
    /// Effort figures.
    pub stats: Stats,
    /// Time of the solve itself, in milliseconds: the wall time around the backend's
    /// search in the process that ran it, or, for an external solver, its own report of
    /// the time it spent on the puzzle once it held it, or its processes' time where
    /// MiniSat's user-time report read zero or the deadline killed the solver (`clocks`
    /// says which).
    pub time_ms: f64,
    /// Time spent getting the puzzle to a child process and the answer back (process
    /// start, pipes, files, serialisation, MiniZinc's flattening), in milliseconds; 0
    /// for a solve in this process.
    /// Reported apart so that it never counts as solving.
    pub transport_ms: f64,
    /// CPU time of the solve, in milliseconds: the solving thread's CPU clock, or the
    /// external solver's processes' (`clocks.cpu_source` says which). The thread's
    /// clock is read just outside the wall clock's window (its reads are system calls,
    /// which are not solving) and capped at the wall time (see `clock::timed`); 0
    /// when [`SolveOptions::cpu_time`] is off.
    pub cpu_ms: f64,
    /// Peak resident memory of the solve, in KiB (the kernel's `kB`). In a worker
    /// process: the worker's high-water mark (`VmHWM`) over the solve, reset before it,
    /// so the program and the solver it keeps count too. For an external solver: the
    /// largest resident size of its processes, added up over all of them alive at once,
    /// sampled from `/proc` every few milliseconds while it runs (a run shorter than the
    /// first sample, 1 ms, has none). For a solve stopped at the memory limit: the last
    /// sample. `None` for a solve in the caller's own process, whose memory is shared
    /// with everything else it runs.
    pub peak_rss_kb: Option<u64>,
    /// What `time_ms` and `cpu_ms` were read from, and how finely. A backend that runs
    /// an external solver sets them (with `time_ms` the solver's own statistic and
    /// `cpu_ms` from its processes); for every other one they are set by whoever times
    /// the solve.
    pub clocks: crate::clock::Clocks,
    /// Why the backend could not answer, if it could not.
    pub failure: Option<Failure>,
    /// For a backend that can stop part-way without guessing (the rule ladder), the
    /// grid it reached when stuck (`0` for open cells); `None` otherwise.
    pub partial: Option<Grid>,
}

impl Outcome {
    /// The outcome of a search that found `found` solutions (keeping `solutions`) and
    /// either finished (`complete`) or was stopped early; times are filled in by whoever
    /// times the solve.
    pub fn from_search(
        solutions: Vec<Grid>,
        found: u64,
        complete: bool,
        timed_out: bool,
        stats: Stats,
    ) -> Outcome {
        Outcome {
            verdict: Verdict::from_search(found as usize, complete),
            solutions,
            solutions_found: found,
            timed_out,
            stats,
            ..Outcome::default()
        }
    }

    /// An outcome with no answer because of `failure` (keeping any solutions found
    /// before it).
    pub fn failed(failure: Failure, solutions: Vec<Grid>, found: u64) -> Outcome {
        Outcome {
            failure: Some(failure),
            ..Outcome::from_search(solutions, found, false, false, Stats::default())
        }
    }
}

/// A solving paradigm behind one interface.
///
/// Solvers made by [`crate::backends::create`] fill in [`Outcome::time_ms`] (and
/// [`Outcome::transport_ms`] when they solve in a child process); a solver is meant to be
/// kept and reused across puzzles, as building one may cost more than an easy solve.
pub trait Solver {
    /// The configuration name, such as `dlx` or `sat:extended`.
    fn name(&self) -> String;

    /// Looks for up to `opts.max_solutions` solutions of `puzzle` before `opts.deadline`,
    /// telling `on_solution` of each solution as it is found (or, for a backend whose
    /// search cannot, at the end), so that a solve stopped from outside still gives what
    /// it found. The one method every backend writes.
    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome;

    /// [`Solver::solve_streaming`] for a caller that wants only the outcome.
    fn solve(&mut self, puzzle: &Puzzle, opts: &SolveOptions) -> Outcome {
        self.solve_streaming(puzzle, opts, &mut |_| {})
    }

    /// What `Stats::nodes` counts for this backend, for report headings.
    fn effort_name(&self) -> &'static str {
        "search nodes"
    }

    /// Whether this solver answers a puzzle whose givens conflict (a value twice in one
    /// unit) itself, exactly as [`crate::backends::create`]'s check before every solve
    /// would: verdict `none` and the statistic `givens_conflict`. Such a solver is not
    /// wrapped in that check, which it would pay on every puzzle.
    fn checks_givens(&self) -> bool {
        false
    }

    /// Why this solver does not take boards like `geometry`, if it does not. The
    /// default takes units of any shape (a Jigsaw's regions too) but no Killer cages: a
    /// backend that does not state a cage would answer another puzzle, so a backend that
    /// states them says so here. [`crate::backends::create`] asks before every solve
    /// and answers a refused puzzle with [`Failure::NotApplicable`].
    fn refuses(&self, geometry: &crate::model::Geometry) -> Option<String> {
        geometry
            .has_cages()
            .then(|| format!("{} does not take Killer cages", self.name()))
    }
}

/// Tells `on_solution` of each solution `out` kept, then gives `out` back: the
/// [`Solver::solve_streaming`] of a backend whose search answers only when it ends.
pub(crate) fn reported_at_end(out: Outcome, on_solution: &mut dyn FnMut(&[u8])) -> Outcome {
    out.solutions.iter().for_each(|s| on_solution(s));
    out
}

/// What the independent check of an outcome found wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// A solution breaks a rule or changes a given.
    #[error("solution {index} is wrong: {error}")]
    Invalid {
        /// 1-based position of the solution in the outcome.
        index: usize,
        /// What the validator found.
        error: crate::model::ValidationError,
    },
    /// The same solution is listed twice.
    #[error("solution {0} repeats an earlier one")]
    Repeated(usize),
    /// The verdict does not match the solutions found.
    #[error("verdict '{verdict}' does not match {found} solution(s) found, {kept} kept")]
    Inconsistent {
        /// The verdict given.
        verdict: &'static str,
        /// Solutions the backend says it found.
        found: u64,
        /// Solutions it kept.
        kept: u64,
    },
}

/// Checks an outcome with the independent validator: every solution is valid and keeps
/// the givens, no solution is repeated, and the verdict matches what was found.
pub fn verify(puzzle: &Puzzle, outcome: &Outcome) -> Result<(), VerifyError> {
    // A few solutions (the usual one or two) are compared with each other; a set only
    // pays for itself on many.
    let few = outcome.solutions.len() <= 16;
    let mut seen: std::collections::HashSet<&[u8]> = std::collections::HashSet::new();
    for (i, s) in outcome.solutions.iter().enumerate() {
        validate(puzzle, s).map_err(|error| VerifyError::Invalid {
            index: i + 1,
            error,
        })?;
        let repeated = if few {
            outcome.solutions[..i].contains(s)
        } else {
            !seen.insert(s)
        };
        if repeated {
            return Err(VerifyError::Repeated(i + 1));
        }
    }
    let kept = outcome.solutions.len() as u64;
    let consistent = match outcome.verdict {
        Verdict::Unique | Verdict::Solved => outcome.solutions_found == 1 && kept == 1,
        Verdict::Multiple => outcome.solutions_found >= 2 && kept >= 1,
        Verdict::None => outcome.solutions_found == 0,
        Verdict::Unknown => outcome.solutions_found == 0 && kept == 0,
        Verdict::Memout => kept <= outcome.solutions_found,
    };
    if !consistent {
        return Err(VerifyError::Inconsistent {
            verdict: outcome.verdict.name(),
            found: outcome.solutions_found,
            kept,
        });
    }
    Ok(())
}

/// Whether a proven-unique answer is the solution the input gave with the puzzle (a CSV
/// solutions column): `None` when the input gave none or the answer is not proven unique
/// (another solution of a puzzle with several is not a mistake).
pub fn matches_expected(puzzle: &Puzzle, outcome: &Outcome) -> Option<bool> {
    let expected = puzzle.expected.as_ref()?;
    if outcome.verdict != Verdict::Unique {
        return None;
    }
    Some(outcome.solutions.first() == Some(expected))
}

/// Milliseconds as a float, the unit of every reported time.
pub(crate) fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// A time in milliseconds rounded as every output writes it: to the nanosecond (the
/// wall clock's step), or to three significant digits below 100 ns, whichever is finer
/// (a median of two solves may fall between two nanoseconds); no `1.3517080000000001`.
pub(crate) fn round_ms(v: f64) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    if v.abs() >= 1e-4 {
        return (v * 1e6).round() / 1e6;
    }
    round_significant(v, 3)
}

/// `v` rounded to `digits` significant digits (finite and non-zero `v`; others as they
/// are).
pub(crate) fn round_significant(v: f64, digits: i32) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    let scale = 10f64.powi(digits - 1 - v.abs().log10().floor() as i32);
    (v * scale).round() / scale
}

/// Serialises milliseconds rounded as every output writes them ([`round_ms`]).
pub(crate) fn serialize_ms<S: serde::Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(round_ms(*v))
}

/// Serialises named figures rounded as times are ([`round_ms`]).
fn serialize_extra<S: serde::Serializer>(
    v: &BTreeMap<String, f64>,
    s: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(v.len()))?;
    for (k, x) in v {
        map.serialize_entry(k, &round_ms(*x))?;
    }
    map.end()
}

#[cfg(test)]
mod tests {
    use super::Verdict::*;
    use super::*;

    #[test]
    fn verdict_from_search() {
        assert_eq!(Verdict::from_search(0, true), None);
        assert_eq!(Verdict::from_search(1, true), Unique);
        assert_eq!(Verdict::from_search(2, false), Multiple);
        assert_eq!(Verdict::from_search(1, false), Solved);
        // A solution found before the deadline stopped the proof of uniqueness.
        assert_eq!(Verdict::from_search(1, false), Solved);
        assert_eq!(Verdict::from_search(0, false), Unknown);
    }

    #[test]
    fn agreement() {
        assert!(Solved.agrees_with(Unique) && Solved.agrees_with(Multiple));
        assert!(!Solved.agrees_with(None) && !Unique.agrees_with(Multiple));
        assert!(Unknown.agrees_with(None));
        for v in [Unique, Multiple, None, Solved, Unknown, Memout] {
            assert!(Memout.agrees_with(v) && v.agrees_with(Memout));
        }
        assert!(!Memout.is_decided());
        assert_eq!(Verdict::from_name("memout"), Some(Memout));
    }
}
