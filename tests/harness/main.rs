//! The comparison harness as its user runs it: `compare` on files and pipes (resume, shards,
//! Ctrl-C, results lines), `merge`, and the shard scripts under GNU parallel and Slurm.

#[path = "../common/mod.rs"]
mod common;

mod compare;
mod compare_stream;
mod merge;
mod report;
mod shards;
