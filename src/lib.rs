//! sudoku-arena: one puzzle model, many solving paradigms, compared honestly.
//!
//! Every backend — exact cover (`dlx`), a bit-parallel speed solver (`fast`), SAT
//! (`sat`), integer programming (`ip`), constraint propagation (`csp`), a human-style
//! rule ladder (`rules`), an ant colony (`aco`) and external solvers (`ext:*`) — reads
//! the same [`model::Puzzle`] (cells plus units, each unit a permutation constraint) and
//! answers through one [`solver::Solver`] trait; [`backends::BACKENDS`] lists them and
//! [`backends::create`] builds one by name. Every answer can be checked with the
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
//! # What the library offers
//!
//! - [`model`]: the puzzle model: [`model::Puzzle`], [`model::Geometry`] (cells and
//!   units), parsing ([`model::parse_puzzles`], [`model::PuzzleReader`] for a stream),
//!   one-line and grid forms, the independent [`model::validate`].
//! - [`input`]: where puzzles come from: files, standard input, the embedded
//!   [`input::EXAMPLES`], puzzles a program holds.
//! - [`solver`]: the [`solver::Solver`] trait every backend answers through, its
//!   [`solver::Outcome`] and [`solver::Verdict`], and the validator [`solver::verify`].
//! - [`backends`]: a backend built by name ([`backends::create`]), the registry of
//!   backends and configurations, the exportable encodings, the worker process.
//! - [`harness`]: a whole comparison ([`harness::Comparison`]), the merge of a sharded
//!   run's results files ([`harness::Merge`]), results records and the tables.
//! - [`analysis`]: what drives the rule engine and checks it against other backends: a
//!   puzzle explained step by step, its difficulty rated.
//! - [`generate`]: puzzles made: unique and minimal, of a difficulty, or a fixed
//!   fraction of a full grid.
//! - [`clock`]: which clock each time of an outcome was read from; [`error`]: the
//!   library's [`Error`].
//!
//! The engines themselves (`dlx`, `sat`, `ip`, `csp`, `fast`, `rules`, `aco`, `ext`) are
//! private: a program reaches them by name through [`backends::create`], so that their
//! insides can change without breaking it.
//!
//! A solver is meant to be kept and reused across puzzles. Times in an
//! [`solver::Outcome`] are measured around the solve itself, the same way for every
//! built-in backend, or read from an external solver's own report; the cost of reaching
//! a worker or a solver process is reported apart as `transport_ms`, and `clocks` names
//! what each time was read from ([`clock`]).
//!
//! # Unix only
//!
//! The library runs on Unix (Linux first): a solve with a deadline that its engine
//! cannot honour runs in a worker process in a process group of its own, killed with
//! everything it started at the deadline; memory is read from `/proc`, CPU time from
//! `wait4` and the thread's clock. None of that has a portable equivalent, so the crate
//! does not build elsewhere.
//!
//! # Isolated backends in your own program
//!
//! Backends whose engine cannot be interrupted (`sat`, `ip`) solve with a deadline in a
//! worker process, killed at the deadline unless it has answered. The worker is an
//! executable started with a hidden first argument; [`backends::worker_executable`]
//! says which one is used. A program that links the library becomes its own worker by
//! calling [`backends::serve_if_asked`] first thing in `main` (it needs no cargo
//! feature and no `sudoku-arena` binary; `examples/own_worker.rs` is a whole one):
//!
//! ```no_run
//! use sudoku_arena::backends::{create, serve_if_asked};
//! use sudoku_arena::model::{parse_puzzles, ParseOptions};
//! use sudoku_arena::solver::SolveOptions;
//! use std::time::Duration;
//!
//! fn main() -> Result<(), Box<dyn std::error::Error>> {
//!     // Started as a worker: serve the parent, then exit.
//!     if let Some(status) = serve_if_asked() {
//!         std::process::exit(status);
//!     }
//!     let puzzle = parse_puzzles(&".".repeat(81), "empty", &ParseOptions::default())?.remove(0);
//!     let mut sat = create("sat")?;
//!     let outcome = sat.solve(&puzzle, &SolveOptions::new(2, Some(Duration::from_secs(1))));
//!     println!("{}", outcome.verdict.name());
//!     Ok(())
//! }
//! ```
//!
//! Without it, and without a `sudoku-arena` binary to run, such a backend solves in the
//! calling process and stops only where its engine checks the deadline.
//!
//! # Cargo features
//!
//! `cli` (on by default) builds the `sudoku-arena` command and its crates (clap,
//! clap_complete, indicatif, ctrlc); a library user who sets `default-features = false`
//! compiles none of them; the SVG plot (`harness::plot`) needs none. `cadical`, `highs` and `cbc` add the strongest engines
//! of their paradigms (README.md says what each needs). `internals` is not for users:
//! it opens the engines' modules to the project's own micro-benchmarks.
#![warn(missing_docs)]
#![deny(unsafe_code)]

/// Declares modules private to the crate, or public under the cargo feature `internals`,
/// which only the project's own micro-benchmarks turn on (they time an engine's phases
/// apart: `benches/sat.rs`, `ip.rs`, `rules.rs`, `harness.rs`). What it opens is not the
/// library's API and may change in any release.
macro_rules! internal {
    ($($(#[$attr:meta])* mod $name:ident;)*) => {$(
        $(#[$attr])*
        #[cfg(feature = "internals")]
        pub mod $name;
        $(#[$attr])*
        #[cfg(not(feature = "internals"))]
        pub(crate) mod $name;
    )*};
}

pub mod analysis;
pub mod backends;
pub mod certificate;
pub mod clock;
pub mod error;
pub mod generate;
mod graph;
pub mod harness;
pub mod input;
pub mod model;
mod process;
pub mod proof;
mod rng;
pub mod solver;
#[cfg(test)]
mod test_support;
mod words;

/// The Rust blocks of README.md, compiled and run as doctests so that the front door
/// never shows code that does not build.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use error::{Error, Result};
