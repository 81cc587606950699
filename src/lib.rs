//! sudoku-arena: one puzzle model, many solving paradigms, compared honestly.
pub mod backends;
pub mod cli;
pub mod examples;
pub mod graph;
pub mod harness;
pub mod model;
pub mod solver;
