//! The engine through good_lp with HiGHS (cargo feature `highs`): the very model the
//! microlp engines solve, handed to a state-of-the-art open-source MIP solver, so the
//! comparison shows what a stronger engine buys. One thread, like every other backend.

use super::engine::{Engine, EngineEnd, EngineRun};
use super::goodlp::build_with;
use super::model::{Cut, IpModel};
use crate::solver::ms;
use good_lp::{highs, ResolutionError, Solution, SolutionStatus, SolverModel};
use std::time::{Duration, Instant};

/// good_lp with HiGHS.
#[derive(Clone, Copy, Debug, Default)]
pub struct GoodLpHighs;

impl Engine for GoodLpHighs {
    fn run(
        &self,
        model: &IpModel,
        cuts: &[Cut],
        integer: bool,
        time_limit: Option<Duration>,
    ) -> EngineRun {
        let start = Instant::now();
        if model.vars.is_empty() {
            // HiGHS refuses a model without columns; with no row violated (the caller
            // checks), the empty point is the answer.
            return EngineRun {
                end: EngineEnd::Values(Vec::new()),
                nodes: 0,
                lp_iterations: 0,
                build_ms: 0.0,
                solve_ms: ms(start.elapsed()),
            };
        }
        let (mut problem, xs) = build_with(model, cuts, integer, highs);
        problem = problem.set_threads(1);
        if let Some(limit) = time_limit {
            problem = problem.set_time_limit(limit.as_secs_f64());
        }
        let build_ms = ms(start.elapsed());
        let solve_start = Instant::now();
        let result = problem.solve();
        let solve_ms = ms(solve_start.elapsed());
        let end = match result {
            Ok(solution) if matches!(solution.status(), SolutionStatus::TimeLimit) => {
                EngineEnd::TimeLimit
            }
            Ok(solution) => EngineEnd::Values(xs.iter().map(|&x| solution.value(x)).collect()),
            Err(ResolutionError::Infeasible) => EngineEnd::Infeasible,
            Err(e) => EngineEnd::Failed(e.to_string()),
        };
        EngineRun {
            end,
            nodes: 0,
            lp_iterations: 0,
            build_ms,
            solve_ms,
        }
    }
}
