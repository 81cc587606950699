//! Deadlines of every configuration and command, alone in a binary: its one test checks
//! the whole process (no child left, no thread using CPU, no tagged process) and names
//! the worker program through the environment, which any other test beside it would upset.

#[path = "../common/mod.rs"]
mod common;

mod deadlines;
