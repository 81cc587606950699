//! The engine through good_lp with COIN-OR CBC (cargo feature `cbc`, linked to Debian's
//! libcbc): the very model the microlp engines solve, handed to the classic open-source
//! branch-and-cut solver. One thread, its log silenced, and its own time limit set from
//! the deadline in wall-clock seconds (good_lp's `with_time_limit` rounds up to whole
//! seconds and CBC counts CPU time unless told otherwise, so both are set here).
//!
//! The safe `coin_cbc` API gives CBC's LP iteration count but not its node count
//! (`Cbc_getNodeCount` is reachable only through raw pointers), so the run reports
//! nodes as 0 and the backend marks them unreported. libcbc is not thread-safe: the
//! `singlethread-cbc` feature of `coin_cbc` puts every solve behind one process-wide
//! lock, so the registry runs `ip:cbc` in a worker process of its own for every solve
//! (`Runs::OwnProcess`): parallel `compare` jobs then never wait for each other's CBC
//! inside a timed solve.

use super::engine::{Engine, EngineEnd, EngineRun};
use super::goodlp::build_with;
use super::model::{Cut, IpModel};
use crate::solver::ms;
use good_lp::{coin_cbc, ResolutionError, Solution, SolutionStatus, SolverModel};
use std::time::{Duration, Instant};

/// good_lp with CBC.
#[derive(Clone, Copy, Debug, Default)]
pub struct GoodLpCbc;

impl Engine for GoodLpCbc {
    fn run(
        &self,
        model: &IpModel,
        cuts: &[Cut],
        integer: bool,
        time_limit: Option<Duration>,
    ) -> EngineRun {
        let start = Instant::now();
        let (mut problem, xs) = build_with(model, cuts, integer, coin_cbc);
        problem.set_parameter("threads", "0");
        if let Some(limit) = time_limit {
            problem.set_parameter("timeMode", "elapsed");
            problem.set_parameter("seconds", &format!("{:.6}", limit.as_secs_f64()));
        }
        let build_ms = ms(start.elapsed());
        let solve_start = Instant::now();
        let result = problem.solve();
        let solve_ms = ms(solve_start.elapsed());
        let (end, lp_iterations) = match result {
            Ok(solution) => {
                let iterations = u64::try_from(solution.model().iteration_count()).unwrap_or(0);
                let end = if matches!(solution.status(), SolutionStatus::TimeLimit) {
                    EngineEnd::TimeLimit
                } else {
                    EngineEnd::Values(xs.iter().map(|&x| solution.value(x)).collect())
                };
                (end, iterations)
            }
            Err(ResolutionError::Infeasible) => (EngineEnd::Infeasible, 0),
            Err(e) => (EngineEnd::Failed(e.to_string()), 0),
        };
        EngineRun {
            end,
            nodes: 0,
            lp_iterations,
            build_ms,
            solve_ms,
        }
    }
}
