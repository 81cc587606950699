//! The engine through good_lp with HiGHS (cargo feature `highs`): the very model the
//! microlp engines solve, handed to a state-of-the-art open-source MIP solver, so the
//! comparison shows what a stronger engine buys. One thread, like every other backend.
//!
//! good_lp builds the HiGHS model; the solve itself goes through the `highs` crate so
//! that the run's own figures can be read: LP iterations from the `simplex_iteration_count`
//! info, and branch-and-bound nodes from the solver's closing report, since HiGHS keeps
//! `mip_node_count` as a 64-bit info that the crate's safe accessor cannot read (see
//! [`super::highs_log`]).

use super::engine::{Engine, EngineEnd, EngineRun};
use super::goodlp::build_with;
use super::highs_log::NodeLog;
use super::model::{Cut, IpModel};
use crate::solver::ms;
use ::highs::{HighsModelStatus, HighsSolutionStatus, Model};
use good_lp::highs as highs_problem;
use std::time::{Duration, Instant};

/// good_lp with HiGHS.
#[derive(Clone, Copy, Debug, Default)]
pub struct GoodLpHighs;

/// What one HiGHS run gave, before the log is read.
struct Ran {
    end: EngineEnd,
    lp_iterations: u64,
}

/// Solves a built HiGHS model with one thread and the time limit; `log` (when it could be
/// set up) receives the solver's report.
fn run_highs(
    mut m: Model,
    ncols: usize,
    time_limit: Option<Duration>,
    log: Option<&NodeLog>,
) -> Ran {
    let refused = |name: &str| Ran {
        end: EngineEnd::Failed(format!("HiGHS refused the option {name}")),
        lp_iterations: 0,
    };
    if m.try_set_option("threads", 1).is_err() {
        return refused("threads");
    }
    if let Some(limit) = time_limit {
        if m.try_set_option("time_limit", limit.as_secs_f64()).is_err() {
            return refused("time_limit");
        }
    }
    if let Some(log) = log {
        // The report goes to the file only; if HiGHS will not write there, the run goes
        // on without a node count.
        let path = log.path().to_string_lossy().into_owned();
        let _ = m.try_set_option("log_to_console", false);
        if m.try_set_option("log_file", path.as_str()).is_ok() {
            let _ = m.try_set_option("output_flag", true);
        }
    }
    let solved = match m.try_solve() {
        Ok(s) => s,
        Err(status) => {
            return Ran {
                end: EngineEnd::Failed(format!("HiGHS could not solve the model: {status:?}")),
                lp_iterations: 0,
            }
        }
    };
    let lp_iterations = u64::try_from(solved.simplex_iteration_count()).unwrap_or(0);
    let end = match solved.status() {
        HighsModelStatus::Optimal | HighsModelStatus::ObjectiveBound => {
            if solved.primal_solution_status() == HighsSolutionStatus::Feasible {
                let values = solved.get_solution().columns().to_vec();
                if values.len() == ncols {
                    EngineEnd::Values(values)
                } else {
                    EngineEnd::Failed("HiGHS returned a point of the wrong size".into())
                }
            } else {
                EngineEnd::Failed("HiGHS reported optimal without a feasible point".into())
            }
        }
        HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible => {
            EngineEnd::Infeasible
        }
        HighsModelStatus::ReachedTimeLimit => EngineEnd::TimeLimit,
        other => EngineEnd::Failed(format!("HiGHS ended with status {other:?}")),
    };
    Ran { end, lp_iterations }
}

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
        let (problem, _) = build_with(model, cuts, integer, highs_problem);
        let built = problem.try_into_inner();
        // Only a 0-1 solve has nodes to count.
        let log = if integer { NodeLog::new() } else { None };
        let build_ms = ms(start.elapsed());
        let solve_start = Instant::now();
        let ran = match built {
            Ok(m) => run_highs(m, model.vars.len(), time_limit, log.as_ref()),
            Err(e) => Ran {
                end: EngineEnd::Failed(e.to_string()),
                lp_iterations: 0,
            },
        };
        let solve_ms = ms(solve_start.elapsed());
        let nodes = log.and_then(|l| l.nodes()).unwrap_or(0);
        EngineRun {
            end: ran.end,
            nodes,
            lp_iterations: ran.lp_iterations,
            build_ms,
            solve_ms,
        }
    }
}
