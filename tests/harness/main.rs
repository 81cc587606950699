//! The comparison harness as its user runs it, one binary: `compare` on files and pipes
//! (resume, shards, Ctrl-C, its tables and results lines), `merge` of shards, and the
//! scripts of `examples/` that run shards under GNU parallel and Slurm.

#[path = "../common/mod.rs"]
mod common;

mod compare;
mod compare_stream;
mod merge;
mod shards;
