//! The engine that calls the newest microlp release directly, with no modelling layer:
//! the same rows, bounds and time limit as [`super::goodlp`], so comparing the two shows
//! what the layer and the older release cost.

use super::engine::{Engine, EngineEnd, EngineRun};
use super::model::{Cut, IpModel};
use crate::solver::ms;
use microlp::{ComparisonOp, Error, OptimizationDirection, Problem, SolveOptions, SolveOutcome};
use std::time::{Duration, Instant};

/// microlp (0.7) called directly.
#[derive(Clone, Copy, Debug, Default)]
pub struct MicrolpDirect;

/// The model as a microlp problem, ready to solve.
pub struct Built {
    problem: Problem,
    xs: Vec<microlp::Variable>,
}

/// Builds the microlp problem: binaries (or `[0,1]` reals for the relaxation) with
/// their bounds, one equality (or `≤`, for a cage's value) per row, one `≤` per cut,
/// zero objective.
pub fn build(model: &IpModel, cuts: &[Cut], integer: bool) -> Built {
    let mut problem = Problem::new(OptimizationDirection::Minimize);
    let xs: Vec<microlp::Variable> = model
        .vars
        .iter()
        .map(|v| {
            if integer {
                problem.add_integer_var(0.0, (v.lower as i32, 1))
            } else {
                problem.add_var(0.0, (v.lower as f64, 1.0))
            }
        })
        .collect();
    for row in &model.rows {
        let terms: Vec<(microlp::Variable, f64)> = row
            .vars
            .iter()
            .map(|&i| (xs[i], f64::from(row.weight(&model.vars[i]))))
            .collect();
        let op = match row.kind.at_most() {
            true => ComparisonOp::Le,
            false => ComparisonOp::Eq,
        };
        problem.add_constraint(terms, op, row.rhs as f64);
    }
    for cut in cuts {
        let terms: Vec<(microlp::Variable, f64)> = cut.iter().map(|&i| (xs[i], 1.0)).collect();
        problem.add_constraint(terms, ComparisonOp::Le, cut.len() as f64 - 1.0);
    }
    Built { problem, xs }
}

impl Engine for MicrolpDirect {
    fn run(
        &self,
        model: &IpModel,
        cuts: &[Cut],
        integer: bool,
        time_limit: Option<Duration>,
    ) -> EngineRun {
        let start = Instant::now();
        let Built { problem, xs } = build(model, cuts, integer);
        let mut options = SolveOptions::default();
        options.time_limit = time_limit;
        // Dual fixing keeps an optimum, not every feasible point; the no-good loop
        // enumerates solutions, so every integral point must stay reachable.
        options.dual_fixing = false;
        let build_ms = ms(start.elapsed());
        let solve_start = Instant::now();
        let result = problem.solve_with(options);
        let solve_ms = ms(solve_start.elapsed());
        let (end, nodes, lp_iterations) = match result {
            Ok(SolveOutcome::Solution(solution)) => {
                let stats = solution.stats();
                let values = xs.iter().map(|&x| solution.var_value(x)).collect();
                (
                    EngineEnd::Values(values),
                    stats.nodes_solved,
                    stats.lp_iterations,
                )
            }
            Ok(interrupted) => {
                let stats = interrupted.stats();
                (
                    EngineEnd::TimeLimit,
                    stats.nodes_solved,
                    stats.lp_iterations,
                )
            }
            Err(Error::Infeasible) => (EngineEnd::Infeasible, 0, 0),
            Err(e) => (EngineEnd::Failed(e.to_string()), 0, 0),
        };
        EngineRun {
            end,
            nodes,
            lp_iterations,
            build_ms,
            solve_ms,
        }
    }
}
