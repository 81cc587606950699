//! One line of a results file: the outcome of one backend on one puzzle, self-contained
//! so that results files from several runs or machines can be merged and resumed.

use crate::solver::Stats;
use serde::{Deserialize, Serialize};

/// The outcome of one (backend, puzzle) run, as written to the JSON-lines results file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Record {
    /// Position of the puzzle in the whole input (all files, in order), from 0.
    pub puzzle_index: usize,
    /// Where the puzzle came from (`file:line` or the example's label).
    pub source: String,
    /// The puzzle in one-line form: with the backend, the key for `--resume`.
    pub puzzle: String,
    /// Side of the grid.
    pub size: usize,
    /// Fraction of cells given, 0 to 1.
    pub fixed_fraction: f64,
    /// Backend configuration, such as `sat:extended`.
    pub backend: String,
    /// `unique`, `multiple`, `none`, `solved` or `unknown`.
    pub verdict: String,
    /// The first solution found, in one-line form.
    pub solution: Option<String>,
    /// How many solutions were found.
    pub solutions_found: u64,
    /// Whether the deadline stopped the solve.
    pub timed_out: bool,
    /// Wall-clock time of the whole solve call, in milliseconds.
    pub time_ms: f64,
    /// What the independent validator found wrong, if anything.
    pub wrong: Option<String>,
    /// What the backend's `nodes` count (e.g. `rows tried`, `decisions`).
    #[serde(default)]
    pub effort_name: String,
    /// The backend's effort figures.
    pub stats: RecordStats,
}

/// The statistics kept in a record (the solver's `Stats`, read back from JSON).
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct RecordStats {
    /// Search nodes.
    #[serde(default)]
    pub nodes: u64,
    /// Backtracks, failures or conflicts.
    #[serde(default)]
    pub backtracks: u64,
    /// Propagation work.
    #[serde(default)]
    pub propagations: u64,
    /// Encoding variables (or rows).
    #[serde(default)]
    pub variables: u64,
    /// Encoding constraints (or columns).
    #[serde(default)]
    pub constraints: u64,
    /// Encoding non-zeros.
    #[serde(default)]
    pub nonzeros: u64,
    /// Encode time, ms.
    #[serde(default)]
    pub encode_ms: f64,
    /// Search time, ms.
    #[serde(default)]
    pub solve_ms: f64,
    /// Decode time, ms.
    #[serde(default)]
    pub decode_ms: f64,
    /// Backend-specific counters.
    #[serde(default)]
    pub extra: std::collections::BTreeMap<String, f64>,
}

impl From<&Stats> for RecordStats {
    fn from(s: &Stats) -> RecordStats {
        RecordStats {
            nodes: s.nodes,
            backtracks: s.backtracks,
            propagations: s.propagations,
            variables: s.variables,
            constraints: s.constraints,
            nonzeros: s.nonzeros,
            encode_ms: s.encode_ms,
            solve_ms: s.solve_ms,
            decode_ms: s.decode_ms,
            extra: s.extra.clone(),
        }
    }
}

impl Record {
    /// The key `--resume` uses to know a run is already done.
    pub fn key(&self) -> (String, String) {
        (self.backend.clone(), self.puzzle.clone())
    }

    /// Whether the backend answered with a solution.
    pub fn solved(&self) -> bool {
        self.solution.is_some() && self.wrong.is_none()
    }
}

/// Reads every record of a JSON-lines results file; names the line of a bad one.
pub fn read_records(path: &str) -> Result<Vec<Record>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: cannot read: {e}"))?;
    parse_records(&text, path)
}

/// Parses JSON-lines text into records. A truncated last line (an interrupted write) is skipped.
pub fn parse_records(text: &str, path: &str) -> Result<Vec<Record>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut records = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(line) {
            Ok(r) => records.push(r),
            Err(_) if i + 1 == lines.len() && !text.ends_with('\n') => break,
            Err(e) => return Err(format!("{path}:{}: not a results record: {e}", i + 1)),
        }
    }
    Ok(records)
}
