//! The engine through the good_lp modelling layer and its pure-Rust microlp solver (the
//! microlp release good_lp pins). Variables, bounds and rows go through good_lp's
//! `ProblemVariables`, `Expression` and `Constraint`, as a good_lp user would write them.

use super::engine::{Engine, EngineEnd, EngineRun};
use super::model::{Cut, IpModel};
use crate::solver::ms;
use good_lp::solvers::microlp::MicroLpSolution;
use good_lp::{
    microlp, variable, Expression, ProblemVariables, ResolutionError, Solution, SolverModel,
    Variable, WithTimeLimit,
};
use std::time::{Duration, Instant};

/// good_lp with its microlp solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct GoodLpMicrolp;

/// The sum of some variables, as a good_lp expression.
fn sum_of(xs: &[Variable], indices: &[usize]) -> Expression {
    weighted_sum(xs, indices, |_| 1.0)
}

/// The sum of some variables, each times `weight(index)`, as a good_lp expression.
fn weighted_sum(xs: &[Variable], indices: &[usize], weight: impl Fn(usize) -> f64) -> Expression {
    let mut e = Expression::with_capacity(indices.len());
    for &i in indices {
        e.add_mul(weight(i), xs[i]);
    }
    e
}

/// The model as a good_lp problem for microlp, ready to solve.
pub struct Built {
    problem: good_lp::solvers::microlp::MicroLpProblem,
    xs: Vec<Variable>,
}

/// Builds the good_lp problem: binaries (or `[0,1]` reals for the relaxation) with
/// their bounds, one equality (or `≤`, for a cage's value) per row, one `≤` per cut,
/// zero objective.
pub fn build(model: &IpModel, cuts: &[Cut], integer: bool) -> Built {
    let (problem, xs) = build_with(model, cuts, integer, microlp);
    Built { problem, xs }
}

/// The same problem for any good_lp solver (`microlp`, or `highs` with that feature),
/// with its variables, so every good_lp engine solves the very same model.
pub fn build_with<S: good_lp::Solver>(
    model: &IpModel,
    cuts: &[Cut],
    integer: bool,
    solver: S,
) -> (S::Model, Vec<Variable>) {
    let mut vars = ProblemVariables::new();
    let xs: Vec<Variable> = model
        .vars
        .iter()
        .map(|v| {
            let def = variable().min(v.lower).max(1);
            vars.add(if integer { def.integer() } else { def })
        })
        .collect();
    let mut problem = vars.minimise(Expression::with_capacity(0)).using(solver);
    for row in &model.rows {
        let sum = weighted_sum(&xs, &row.vars, |i| f64::from(row.weight(&model.vars[i])));
        problem.add_constraint(match row.kind.at_most() {
            true => sum.leq(row.rhs),
            false => sum.eq(row.rhs),
        });
    }
    for cut in cuts {
        problem.add_constraint(sum_of(&xs, cut).leq(cut.len() as f64 - 1.0));
    }
    (problem, xs)
}

impl Engine for GoodLpMicrolp {
    fn run(
        &self,
        model: &IpModel,
        cuts: &[Cut],
        integer: bool,
        time_limit: Option<Duration>,
    ) -> EngineRun {
        let start = Instant::now();
        let Built { mut problem, xs } = build(model, cuts, integer);
        if let Some(limit) = time_limit {
            problem = problem.with_time_limit(limit.as_secs_f64());
        }
        let build_ms = ms(start.elapsed());
        let solve_start = Instant::now();
        let result = problem.solve();
        let solve_ms = ms(solve_start.elapsed());
        let (end, nodes, lp_iterations) = match result {
            Ok(solution) => {
                let values = xs.iter().map(|&x| solution.value(x)).collect();
                let stats = MicroLpSolution::into_inner(solution).stats();
                (
                    EngineEnd::Values(values),
                    stats.nodes_solved,
                    stats.lp_iterations,
                )
            }
            Err(ResolutionError::Infeasible) => (EngineEnd::Infeasible, 0, 0),
            Err(ResolutionError::Other(msg)) if msg.contains("Time limit") => {
                (EngineEnd::TimeLimit, 0, 0)
            }
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
