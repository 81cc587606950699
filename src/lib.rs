//! sudoku-arena: one puzzle model, many solving paradigms, compared honestly.
//!
//! Every backend — exact cover (`dlx`), SAT (`sat`), integer programming (`ip`),
//! constraint propagation (`csp`) and external solvers (`ext:*`) — reads the same
//! [`model::Puzzle`] (cells plus units, each unit a permutation constraint) and answers
//! through one [`solver::Solver`] trait. Every answer can be checked with the
//! independent validator [`solver::verify`].
//!
//! ```
//! use sudoku_arena::backends::create;
//! use sudoku_arena::model::{parse_puzzles, ParseOptions};
//! use sudoku_arena::solver::{verify, SolveOptions, Verdict};
//! use std::time::Duration;
//!
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle = parse_puzzles(text, "example", &ParseOptions::default())?.remove(0);
//!
//! // Look for two solutions, so the verdict says whether the solution is unique.
//! let mut solver = create("csp:gac")?;
//! let opts = SolveOptions::new(2, Some(Duration::from_secs(10)));
//! let outcome = solver.solve(&puzzle, &opts);
//! verify(&puzzle, &outcome)?;
//! assert_eq!(outcome.verdict, Verdict::Unique);
//! assert!(outcome.solutions[0].starts_with(&[5, 3, 4, 6, 7, 8, 9, 1, 2]));
//! println!("{} in {:.3} ms", outcome.verdict.name(), outcome.time_ms);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A solver is meant to be kept and reused across puzzles. Backends whose engine cannot
//! be interrupted (`sat`, `ip`) solve with a deadline in a worker process, killed at the
//! deadline; see [`backends::worker_executable`] for how the worker binary is found.
//! Times in an [`solver::Outcome`] are measured around the solve itself, the same way for
//! every built-in backend, or read from an external solver's own report; the cost of
//! reaching a worker or a solver process is reported apart as `transport_ms`, and
//! `clocks` names what each time was read from ([`clock`]).
#![warn(missing_docs)]

pub mod backends;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;
pub mod clock;
pub mod error;
pub mod examples;
pub mod generate;
pub mod graph;
pub mod harness;
pub mod model;
#[doc(hidden)]
pub mod process;
pub mod rng;
pub mod solver;

pub use error::{Error, Result};
