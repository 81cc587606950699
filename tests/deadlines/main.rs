//! Deadlines, alone in a binary: its one test checks the whole process (no child, no busy
//! thread, no tagged process left) and names the worker through the environment.

#[path = "../common/mod.rs"]
mod common;

mod deadlines;
