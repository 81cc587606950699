//! The command line as its user drives it, one binary: every command through the built
//! `sudoku-arena` with its flags, input files and pipes, bad input, outputs, formats and
//! words. The comparison harness's commands (`compare`, `merge`, shards) are
//! `tests/harness/`.

#[path = "../common/mod.rs"]
mod common;

mod bad_input;
mod cli;
mod cli_flags;
mod formats;
mod generate;
mod outputs;
mod words;
