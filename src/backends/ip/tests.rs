//! The `ip` backend's presolve on the no-solution puzzles the integration tests solve
//! (`tests/backends/ip.rs`, `tests/backends/ip_engines.rs`), from the shared test
//! helpers, and its solve loop's reading of an engine's time limit. The model's own unit
//! tests, on puzzles of their own, are in `model.rs`.

use super::engine::{Engine, EngineEnd, EngineRun};
use super::model::{Cut, IpModel};
use super::{Config, IpSolver};
use crate::solver::{SolveOptions, Solver, Verdict};
use crate::test_support::{empty_puzzle, infeasible_past_presolve, no_value_left_puzzle};
use std::time::{Duration, Instant};

#[test]
fn presolve_spots_a_cell_left_without_a_value_and_passes_what_only_the_lp_sees() {
    let no_value = IpModel::presolved(&no_value_left_puzzle());
    assert!(no_value.infeasible_row().is_some());
    // Every cell and every (unit, value) keeps a place: presolve passes it.
    let p = infeasible_past_presolve();
    assert!(IpModel::presolved(&p).infeasible_row().is_none());
}

/// An engine whose clock runs ahead of the process's: every call says its time limit
/// stopped it, however much time was left.
struct StopsEarly;

impl Engine for StopsEarly {
    fn run(&self, _: &IpModel, _: &[Cut], _: bool, _: Option<Duration>) -> EngineRun {
        EngineRun {
            end: EngineEnd::TimeLimit,
            nodes: 0,
            lp_iterations: 0,
            build_ms: 0.0,
            solve_ms: 0.0,
        }
    }
}

fn stops_early() -> IpSolver {
    IpSolver {
        config: Config::GoodLp,
        engine: Box::new(StopsEarly),
    }
}

#[test]
fn an_engine_stopping_before_the_deadline_is_run_again_until_the_deadline_passes() {
    let budget = Duration::from_millis(50);
    let start = Instant::now();
    let opts = SolveOptions {
        deadline: Some(start + budget),
        ..SolveOptions::default()
    };
    let out = stops_early().solve(&empty_puzzle(2, 2), &opts);
    assert!(
        start.elapsed() >= budget,
        "stopped after {:?}",
        start.elapsed()
    );
    assert_eq!(out.verdict, Verdict::Unknown);
    assert_eq!(out.failure, None);
}

#[test]
fn an_engine_stopping_on_a_limit_it_was_not_given_has_failed() {
    let out = stops_early().solve(&empty_puzzle(2, 2), &SolveOptions::default());
    assert_eq!(out.verdict, Verdict::Unknown);
    assert!(out.failure.is_some(), "{out:?}");
}
