//! The `ip` backend's presolve on the no-solution puzzles the integration tests solve
//! (`tests/backends/ip.rs`, `tests/backends/ip_engines.rs`), from the shared test
//! helpers, its solve loop's reading of an engine's time limit, and its Killer cage
//! rows: their size, what presolve and the singleton rows make of them, and solves
//! every configuration agrees on. The model's own unit tests, on puzzles of their own,
//! are in `model.rs`; random Killers against a brute force are in
//! `tests/backends/cages_ip_dlx.rs`.

use super::engine::{Engine, EngineEnd, EngineRun};
use super::model::{Cut, IpModel, RowKind};
use super::{full_size, singletons, Config, IpSolver};
use crate::model::{Cage, Geometry, Puzzle, Variant};
use crate::solver::{verify, SolveOptions, Solver, Verdict};
use crate::test_support::{empty_puzzle, infeasible_past_presolve, no_value_left_puzzle};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A 4x4 Killer with `cages` and `cells` (0 = blank).
fn killer(cages: Vec<Cage>, cells: Vec<u8>) -> Puzzle {
    let g = Geometry::new(2, 2, Variant::Classic)
        .unwrap()
        .with_cages(cages)
        .unwrap();
    Puzzle::new(Arc::new(g), cells)
}

fn cage(cells: &[usize], sum: u32) -> Cage {
    Cage {
        cells: cells.to_vec(),
        sum,
    }
}

#[test]
fn a_cage_adds_its_total_and_a_row_per_value_to_the_full_model() {
    let p = killer(vec![cage(&[0, 1], 3), cage(&[2, 3, 7], 9)], vec![0; 16]);
    let m = IpModel::full(&p);
    assert_eq!(m.size(), full_size(&p));
    let plain = IpModel::full(&empty_puzzle(2, 2)).size();
    assert_eq!(m.size().constraints, plain.constraints + 2 * (1 + 4));
    assert_eq!(m.size().nonzeros, plain.nonzeros + 2 * 4 * 5);
    let total = m
        .rows
        .iter()
        .find(|r| r.kind == RowKind::CageSum(0))
        .unwrap();
    let weighted: Vec<i32> = total
        .vars
        .iter()
        .map(|&v| total.weight(&m.vars[v]))
        .collect();
    assert_eq!((weighted, total.rhs), (vec![1, 2, 3, 4, 1, 2, 3, 4], 3));
    assert!(RowKind::CageValue(0, 1).at_most() && !RowKind::CageSum(0).at_most());
}

#[test]
fn presolve_keeps_the_values_of_a_cages_sets_and_the_singletons_place_what_they_decide() {
    // 3 in r1c1 and r1c2 is 1 + 2, and r3c1 = 1 leaves r1c1 the 2; a one-cell cage of
    // 4 is a given in all but name; the cage of 5 in r4c1 and r4c2 shares a box with
    // r3c1, so it holds 2 + 3, not 1 + 4.
    let mut cells = vec![0; 16];
    cells[8] = 1;
    let p = killer(
        vec![cage(&[0, 1], 3), cage(&[15], 4), cage(&[12, 13], 5)],
        cells,
    );
    let m = IpModel::presolved(&p);
    let values = |cell: usize| -> Vec<u8> {
        let vs = m.vars.iter().filter(|v| v.cell == cell);
        vs.map(|v| v.value).collect()
    };
    assert_eq!(values(0), vec![2]);
    assert_eq!(values(1), vec![1, 2]);
    assert_eq!(values(15), vec![4]);
    assert_eq!((values(12), values(13)), (vec![2, 3], vec![2, 3]));
    let r = singletons::reduce(&m);
    assert!(!r.infeasible);
    assert_eq!((r.model.givens[0], r.model.givens[1]), (2, 1));
    assert_eq!(r.model.givens[15], 4);
}

#[test]
fn a_cage_its_givens_overshoot_or_that_a_row_cannot_hold_is_infeasible_before_any_engine() {
    // Givens 3 and 4 in a cage of 6 with a blank third cell.
    let mut cells = vec![0; 16];
    cells[0] = 3;
    cells[1] = 4;
    let over = killer(vec![cage(&[0, 1, 4], 6)], cells);
    assert!(IpModel::presolved(&over).infeasible_row().is_some());
    // Row 1 as two cages of 3: both need 1 and 2, and 3 has no place in the row.
    let twice = killer(vec![cage(&[0, 1], 3), cage(&[2, 3], 3)], vec![0; 16]);
    let m = IpModel::presolved(&twice);
    assert_eq!(m.infeasible_row().unwrap().kind, RowKind::UnitValue(0, 3));
    for config in [Config::GoodLp, Config::MicrolpDirect, Config::Full] {
        let out = IpSolver::new(config).solve(&twice, &SolveOptions::default());
        assert_eq!(out.verdict, Verdict::None, "{}", config.name());
    }
}

#[test]
fn every_configuration_counts_a_killer_alike_and_each_solution_keeps_the_cages() {
    // The grid 1234/3412/2143/4321 in two-cell cages, nothing given.
    let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let pairs = [
        [0, 4],
        [1, 2],
        [3, 7],
        [5, 6],
        [8, 9],
        [12, 13],
        [10, 14],
        [11, 15],
    ];
    let cages = pairs
        .iter()
        .map(|c| cage(c, c.iter().map(|&i| u32::from(grid[i])).sum()))
        .collect();
    let p = killer(cages, vec![0; 16]);
    let opts = SolveOptions {
        max_solutions: usize::MAX,
        keep_solutions: usize::MAX,
        ..SolveOptions::default()
    };
    let mut counts = Vec::new();
    for config in [Config::GoodLp, Config::MicrolpDirect, Config::Full] {
        let mut solver = IpSolver::new(config);
        assert_eq!(solver.refuses(&p.geometry), None);
        let out = solver.solve(&p, &opts);
        verify(&p, &out).unwrap();
        assert!(out.solutions.contains(&grid.to_vec()), "{}", config.name());
        counts.push(out.solutions_found);
    }
    assert!(
        counts.iter().all(|&c| c == counts[0] && c >= 1),
        "{counts:?}"
    );
}

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
