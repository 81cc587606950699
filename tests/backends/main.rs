//! The library below the harness, one binary: the model it reads (input, cells, the
//! per-solve path), every backend through the registry (each on its own, then all against
//! `dlx` and the validator) and a solve's memory limit. A few of these also drive the
//! binary for their backend's flags; whole commands are tested in `tests/cli/`.

#[path = "../common/mod.rs"]
mod common;

mod aco;
mod crosscheck;
mod csp;
mod dlx;
mod exact_cover_export;
mod fast;
mod hotpath;
mod input;
mod ip;
#[cfg(any(feature = "highs", feature = "cbc"))]
mod ip_engines;
mod memory;
mod puzzle_cells;
mod regressions;
mod sat;
mod sat_cadical;
mod uniqueness;
