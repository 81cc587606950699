//! Test helpers every unit test of the crate may use (the integration tests include the
//! same file, `shared.rs`, by path from `tests/common/mod.rs`): an independent
//! brute-force counter, small random puzzles, the test data of `tests/data/`, and the
//! solution `dlx` finds.

use crate::backends::create;
use crate::model::{parse_puzzles, Geometry, ParseOptions, Puzzle, Variant};
use crate::solver::SolveOptions;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod shared;
pub(crate) use shared::*;
