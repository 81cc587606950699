//! The comparison harness: run backends side by side, check every answer, and report.
//!
//! [`run::run_all`] owns the run: batches of puzzles on solving threads, every
//! configuration on each puzzle, each answer checked by the independent validator and
//! the answers to a puzzle cross-checked as they come, into a constant-memory
//! [`tally::Tally`] (per configuration: counts and HDR histograms of times). Results go
//! to a JSON-lines file through [`writer::ResultsWriter`] in input order;
//! [`resume`] goes on with an interrupted run; [`merge`] folds shards of a run back
//! into one tally; [`report`] renders a tally as a terminal table, Markdown and CSV.
//!
//! A comparison from code:
//!
//! ```
//! use sudoku_arena::harness::report::{render, Part};
//! use sudoku_arena::harness::run::{compare, Plan};
//! use sudoku_arena::model::{parse_puzzles, ParseOptions};
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! 52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
//! let puzzles = parse_puzzles(text, "inline", &ParseOptions::default())?;
//! let tally = compare(&Plan::new(&["dlx", "fast", "csp:gac"]), puzzles)?;
//! let summary = tally.summary();
//! assert!(summary.clean()); // no wrong answer, no disagreement
//! assert!(summary.backends.iter().all(|b| b.unique == 2));
//! let table = render(&[Part { heading: String::new(), tally: &tally }], &[], 1);
//! print!("{}", table.terminal);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
pub mod entry;
pub mod feed;
mod json;
pub mod machine;
pub mod merge;
#[cfg(feature = "plot")]
pub mod plot;
pub mod queue;
pub mod record;
pub mod report;
pub mod resume;
pub mod run;
pub mod summary;
pub mod tally;
pub mod times;
pub mod writer;

pub use merge::{Merge, Merged};
