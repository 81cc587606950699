//! The `ip` backend's presolve on the no-solution puzzles the integration tests solve
//! (`tests/backends/ip.rs`, `tests/backends/ip_engines.rs`), from the shared test
//! helpers: which of them it finds out alone and which it leaves to the LP. The model's
//! own unit tests, on puzzles of their own, are in `model.rs`.

use super::model::IpModel;
use crate::test_support::{infeasible_past_presolve, no_value_left_puzzle};

#[test]
fn presolve_spots_a_cell_left_without_a_value_and_passes_what_only_the_lp_sees() {
    let no_value = IpModel::presolved(&no_value_left_puzzle());
    assert!(no_value.infeasible_row().is_some());
    // Every cell and every (unit, value) keeps a place: presolve passes it.
    let p = infeasible_past_presolve();
    assert!(IpModel::presolved(&p).infeasible_row().is_none());
}
