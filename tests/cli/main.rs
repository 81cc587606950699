//! The command line as its user drives it: each command of the built binary with its flags,
//! input, bad input, outputs, formats and words (the harness's commands: `tests/harness/`).

#[path = "../common/mod.rs"]
mod common;

mod bad_input;
mod certificates;
mod cli;
mod cli_flags;
mod formats;
mod generate;
mod labels;
mod outputs;
mod variants;
mod words;
