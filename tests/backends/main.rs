//! What lies below the harness, through the library's API: the model it reads and every
//! backend, alone, against `dlx` and under a memory limit.

#[path = "../common/mod.rs"]
mod common;

mod aco;
mod cages_ip_dlx;
mod crosscheck;
mod csp;
mod csp_cages;
mod dlx;
mod exact_cover_export;
mod fast;
mod hotpath;
mod input;
mod ip;
#[cfg(any(feature = "highs", feature = "cbc"))]
mod ip_engines;
mod killer_support;
mod memory;
mod puzzle_cells;
mod regressions;
mod sat;
mod sat_cadical;
mod uniqueness;
