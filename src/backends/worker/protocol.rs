//! What a parent and its worker say to each other: the worker greets, then answers one
//! JSON request line per puzzle with a line per solution as it is found (`S`) and a last
//! line with the outcome (`O`), or says why it cannot go on (`E`).

use crate::model::puzzle::Grid;
use crate::solver::{Failure, Stats, Verdict};
use serde::{Deserialize, Serialize};

/// The hidden first argument that turns `sudoku-arena` into a worker.
pub(super) const WORKER_ARG: &str = "__worker";

/// The environment variable naming the scratch folder a parent made for its worker.
pub(super) const SCRATCH_ENV: &str = "SUDOKU_ARENA_WORKER_SCRATCH";

/// The version line a worker starts with, so a parent does not talk to a worker of
/// another version (builds of the same version are not told apart).
pub(super) fn hello() -> String {
    format!("W sudoku-arena {}", env!("CARGO_PKG_VERSION"))
}

/// One puzzle for the worker.
#[derive(Serialize, Deserialize)]
pub(super) struct Request {
    pub(super) box_rows: usize,
    pub(super) box_cols: usize,
    pub(super) variant: String,
    /// A Jigsaw board's region of each cell (then the box shape is not read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) regions: Option<Vec<u8>>,
    /// The board's Killer cages.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) cages: Vec<crate::model::Cage>,
    pub(super) cells: Grid,
    pub(super) max_solutions: u64,
    pub(super) keep_solutions: u64,
    /// Time left at the parent's side: the child stops by itself after it too (`None`:
    /// no deadline, only a memory limit).
    pub(super) timeout_ms: Option<f64>,
}

/// The last line of the worker's answer to one puzzle.
#[derive(Serialize, Deserialize)]
pub(super) struct Reply {
    pub(super) verdict: Verdict,
    pub(super) solutions_found: u64,
    pub(super) timed_out: bool,
    pub(super) stats: Stats,
    pub(super) time_ms: f64,
    /// The solving thread's CPU time, ms.
    #[serde(default)]
    pub(super) cpu_ms: f64,
    /// The worker's resident high-water mark over the solve, KiB (`None` when it could
    /// not be reset before the solve).
    #[serde(default)]
    pub(super) peak_rss_kb: Option<u64>,
    pub(super) failure: Option<Failure>,
}

/// A line from the worker.
pub(super) enum Line {
    /// The greeting a worker starts with ([`hello`]).
    Hello(String),
    /// A solution, as soon as it is found.
    Solution(Grid),
    /// The outcome, last.
    Reply(Box<Reply>),
    /// Why the worker cannot go on.
    Error(String),
    /// Anything else: not the protocol.
    Other(String),
}

impl Line {
    /// Reads one line of the worker's output.
    pub(super) fn parse(line: String) -> Line {
        let parsed = match line.split_at_checked(2) {
            Some(("W ", _)) => Some(Line::Hello(line.clone())),
            Some(("S ", rest)) => serde_json::from_str(rest).ok().map(Line::Solution),
            Some(("O ", rest)) => serde_json::from_str(rest).ok().map(Line::Reply),
            Some(("E ", rest)) => Some(Line::Error(rest.to_string())),
            _ => None,
        };
        parsed.unwrap_or(Line::Other(line))
    }
}
