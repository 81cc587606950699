//! Helpers shared by the integration tests: an independent brute-force counter, a small
//! seeded random generator of small puzzles, and the test data of `tests/data/`; running
//! the binary ([`cli`]), scratch and results files ([`files`]), the HTML report read
//! back ([`page`]), whether an external
//! program may be driven ([`external`]), and the processes a test started
//! ([`processes`]). Each test binary's `main.rs` declares it once; the benches include
//! it by path.
#![allow(dead_code)]

pub mod cli;
pub mod external;
pub mod files;
pub mod page;
pub mod processes;

/// An empty 25x25 grid on one line: counting its solutions (far beyond 10^98, the
/// count of 16x16 grids) never ends on any machine, so a test that needs a solve to
/// reach its deadline uses it.
pub fn empty_25x25() -> String {
    vec!["0"; 625].join(" ")
}

/// The one timing slack of the tests: how long past its budget a solve may answer, and
/// the unit of every other wait and bound on time, on an idle machine. Set
/// `SUDOKU_ARENA_TEST_SLACK=3` to multiply it (and so all of them) on a slow one.
pub const SLACK: std::time::Duration = std::time::Duration::from_secs(1);

/// [`SLACK`] times `SUDOKU_ARENA_TEST_SLACK` (1 when unset; a value that is not a
/// positive number is refused loudly rather than ignored).
pub fn slack() -> std::time::Duration {
    let factor = match std::env::var("SUDOKU_ARENA_TEST_SLACK") {
        Err(_) => 1.0,
        Ok(v) => match v.trim().parse::<f64>() {
            Ok(f) if f > 0.0 && f.is_finite() => f,
            _ => panic!("SUDOKU_ARENA_TEST_SLACK={v}: give a positive number, such as 3"),
        },
    };
    SLACK.mul_f64(factor)
}

#[path = "../../src/test_support/shared.rs"]
mod shared;
pub use shared::*;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use sudoku_arena::backends::create;
use sudoku_arena::model::{parse_puzzles, Geometry, ParseOptions, Puzzle, Variant};
use sudoku_arena::solver::SolveOptions;

/// Where the benches read the 9x9 sets: the folder `SUDOKU_ARENA_DATA` names (the
/// complete sets under the same file names, for long runs), else `tests/data/`.
pub fn bench_data_dir() -> PathBuf {
    std::env::var_os("SUDOKU_ARENA_DATA").map_or_else(data_dir, PathBuf::from)
}

/// At most the first `count` puzzles of a 9x9 set in [`bench_data_dir`].
pub fn bench_puzzles(file: &str, count: usize) -> Vec<Puzzle> {
    puzzles_in(&bench_data_dir(), file, count)
}

/// Instance `index` of the generator's fixed-fraction puzzles (seed `seed`) on `b`×`b`
/// boxes: `fraction` of a random full grid's cells kept, as `generate --fixed-fraction`.
pub fn fixed_fraction_puzzle(b: usize, fraction: f64, seed: u64, index: usize) -> Puzzle {
    let geometry = Arc::new(Geometry::new(b, b, Variant::Classic).unwrap());
    sudoku_arena::generate::fixed_fraction(&geometry, fraction, seed, index).puzzle
}
