//! The `ip` backend: Sudoku as a 0-1 integer program (one binary per cell and value,
//! "exactly one" rows per cell and per unit and value, for a Killer cage a row for its
//! total and "at most one" per value, zero objective), presolved by the givens and the
//! cages, solved by microlp through good_lp or directly.
//!
//! One solve: the root LP relaxation first (if its point is integral it is the first
//! solution, and how often that happens is reported), then the 0-1 program; every
//! solution found adds a no-good cut over the blank cells and the program is solved
//! again, until the cut makes it infeasible (uniqueness proven) or enough solutions are
//! found. The deadline is passed to microlp as its time limit, which microlp checks
//! only every thousand simplex pivots (measured in `encodings/ip.md`), so the registry
//! runs `ip` in a worker (`Runs::Worker`): a solve with a deadline runs in a worker process killed at the
//! deadline. Model and choices: `encodings/ip.md`.

pub mod cages;
#[cfg(feature = "cbc")]
pub mod cbc;
pub mod direct;
pub mod engine;
pub mod export;
pub mod goodlp;
#[cfg(feature = "highs")]
pub mod highs;
#[cfg(feature = "highs")]
pub mod highs_log;
pub mod model;
pub mod singletons;
#[cfg(test)]
mod tests;

use crate::error::{Error, Result};
use crate::model::Puzzle;
use crate::solver::{ms, Failure, Outcome, SolveOptions, Solver, Stats};
use engine::{Engine, EngineEnd, EngineRun};
use model::{Cut, IpModel, ModelSize};
use std::time::{Duration, Instant};

/// The configurations of `ip`; the first is the default.
pub const CONFIGS: &[&str] = &[
    "good_lp",
    "microlp-direct",
    "full",
    #[cfg(feature = "highs")]
    "highs",
    #[cfg(feature = "cbc")]
    "cbc",
];

/// Which engine and which model a configuration uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Config {
    /// good_lp + its microlp, presolved model (the default).
    GoodLp,
    /// microlp 0.7 called directly, presolved model.
    MicrolpDirect,
    /// good_lp + its microlp on the full N³ model, givens fixed through bounds.
    Full,
    /// good_lp + HiGHS (cargo feature `highs`), presolved model.
    #[cfg(feature = "highs")]
    Highs,
    /// good_lp + COIN-OR CBC (cargo feature `cbc`), presolved model.
    #[cfg(feature = "cbc")]
    Cbc,
}

impl Config {
    /// The configuration named `name` (`None` for the default).
    pub fn from_name(name: Option<&str>) -> Result<Config> {
        match name {
            None | Some("good_lp") => Ok(Config::GoodLp),
            Some("microlp-direct") => Ok(Config::MicrolpDirect),
            Some("full") => Ok(Config::Full),
            #[cfg(feature = "highs")]
            Some("highs") => Ok(Config::Highs),
            #[cfg(not(feature = "highs"))]
            Some("highs") => Err(Error::Config(
                "ip:highs is built only with the cargo feature `highs` \
                 (cargo build --release --features highs; needs Debian's cmake and libclang-dev)"
                    .to_string(),
            )),
            #[cfg(feature = "cbc")]
            Some("cbc") => Ok(Config::Cbc),
            #[cfg(not(feature = "cbc"))]
            Some("cbc") => Err(Error::Config(
                "ip:cbc is built only with the cargo feature `cbc` \
                 (cargo build --release --features cbc; needs Debian's coinor-libcbc-dev)"
                    .to_string(),
            )),
            Some(other) => Err(Error::Config(format!(
                "ip has no configuration '{other}'{} (available: {})",
                crate::words::did_you_mean(other, CONFIGS.iter().copied()),
                CONFIGS.join(", ")
            ))),
        }
    }

    /// The name used after `ip:`.
    pub fn name(self) -> &'static str {
        match self {
            Config::GoodLp => "good_lp",
            Config::MicrolpDirect => "microlp-direct",
            Config::Full => "full",
            #[cfg(feature = "highs")]
            Config::Highs => "highs",
            #[cfg(feature = "cbc")]
            Config::Cbc => "cbc",
        }
    }

    /// Whether the engine's node count is read: CBC's is not (the safe `coin_cbc` API
    /// has no getter for it), so its runs carry `nodes_unreported` and read 0 nodes.
    pub fn reports_nodes(self) -> bool {
        #[cfg(feature = "cbc")]
        if self == Config::Cbc {
            return false;
        }
        true
    }
}

/// The integer-programming solver. It stops on microlp's own time limit, which can be
/// late by up to a thousand simplex pivots: the registry runs it in a worker process
/// when a deadline must be held.
pub struct IpSolver {
    config: Config,
    engine: Box<dyn Engine>,
}

impl IpSolver {
    /// A solver for a configuration.
    pub fn new(config: Config) -> IpSolver {
        let engine: Box<dyn Engine> = match config {
            Config::GoodLp | Config::Full => Box::new(goodlp::GoodLpMicrolp),
            Config::MicrolpDirect => Box::new(direct::MicrolpDirect),
            #[cfg(feature = "highs")]
            Config::Highs => Box::new(highs::GoodLpHighs),
            #[cfg(feature = "cbc")]
            Config::Cbc => Box::new(cbc::GoodLpCbc),
        };
        IpSolver { config, engine }
    }
}

/// The size of the full model of a puzzle (before presolve), without building it: a
/// cage of `k` cells adds its total's row and `n` value rows, `k·n` non-zeros each way.
fn full_size(puzzle: &Puzzle) -> ModelSize {
    let g = &puzzle.geometry;
    let n = g.n as u64;
    let caged: u64 = g.cages.iter().map(|c| c.cells.len() as u64).sum();
    ModelSize {
        variables: n * n * n,
        constraints: n * n + g.units.len() as u64 * n + g.cages.len() as u64 * (n + 1),
        nonzeros: g
            .cell_units
            .iter()
            .map(|u| n * (1 + u.len() as u64))
            .sum::<u64>()
            + 2 * n * caged,
    }
}

/// Counters gathered over the engine calls of one solve.
#[derive(Default)]
struct Tally {
    build_ms: f64,
    solve_ms: f64,
    nodes: u64,
    lp_iterations: u64,
    mip_calls: u64,
    lp_calls: u64,
    /// LP solves after a cut that proved no further solution without a 0-1 solve.
    cut_lp_infeasible: u64,
    /// LP solves after a cut whose point was already the next solution.
    cut_lp_integral: u64,
    lp_failed: u64,
    failed: Option<String>,
}

impl Tally {
    fn add(&mut self, run: &EngineRun) {
        self.build_ms += run.build_ms;
        self.solve_ms += run.solve_ms;
        self.nodes += run.nodes;
        self.lp_iterations += run.lp_iterations;
    }
}

/// The time left before the deadline (`Some(None)` without one), or `None` once it
/// has passed.
fn time_left(opts: &SolveOptions) -> Option<Option<Duration>> {
    match opts.deadline {
        Some(d) => match d.checked_duration_since(Instant::now()) {
            Some(r) if !r.is_zero() => Some(Some(r)),
            _ => None,
        },
        None => Some(None),
    }
}

/// One engine call with the time left, counted in `tally`. An engine's own time limit
/// ends the solve only once this process's clock says the deadline has passed: an
/// engine's clock may run ahead of ours (CBC stops when it expects the next node to
/// overrun), so before the deadline it runs again with the time still left. `Err` when
/// the deadline has passed, or the engine stopped on a limit it was never given.
fn run_engine(
    engine: &dyn Engine,
    (model, cuts, integer): (&IpModel, &[Cut], bool),
    opts: &SolveOptions,
    tally: &mut Tally,
) -> std::result::Result<EngineRun, End> {
    loop {
        let remaining = time_left(opts).ok_or(End::Deadline)?;
        let run = engine.run(model, cuts, integer, remaining);
        tally.add(&run);
        match integer {
            true => tally.mip_calls += 1,
            false => tally.lp_calls += 1,
        }
        if run.end != EngineEnd::TimeLimit {
            return Ok(run);
        }
        if remaining.is_none() {
            tally.failed = Some("the engine stopped on a time limit it was not given".into());
            return Err(End::Failed);
        }
    }
}

/// How the search loop ended.
#[derive(PartialEq, Eq)]
enum End {
    /// Infeasible with the cuts: every solution was found.
    Complete,
    /// Enough solutions found.
    Limit,
    /// The deadline passed.
    Deadline,
    /// The engine failed or returned a point that is not a grid.
    Failed,
}

impl Solver for IpSolver {
    fn name(&self) -> String {
        match self.config {
            Config::GoodLp => "ip".to_string(),
            c => format!("ip:{}", c.name()),
        }
    }

    fn effort_name(&self) -> &'static str {
        "B&B nodes"
    }

    /// Every engine solves the one model, which states Killer cages.
    fn refuses(&self, _: &crate::model::Geometry) -> Option<String> {
        None
    }

    /// Presolve, root LP, then 0-1 solves with no-good cuts; `on_solution` sees each
    /// solution as soon as it is found.
    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        let start = Instant::now();
        // The givens' presolve first (its verdict on clashing givens stays its own),
        // then the singleton rows.
        let (model, clash, infeasible, singles) = match self.config {
            Config::Full => (IpModel::full(puzzle), false, false, None),
            _ => {
                let presolved = IpModel::presolved(puzzle);
                if presolved.infeasible_row().is_some() {
                    (presolved, true, false, None)
                } else {
                    let r = singletons::reduce(&presolved);
                    (r.model, false, r.infeasible, Some(r.fixed_one))
                }
            }
        };
        let presolve_ms = ms(start.elapsed());
        let before = full_size(puzzle);
        let after = model.size();
        let mut stats = Stats {
            variables: after.variables,
            constraints: after.constraints,
            nonzeros: after.nonzeros,
            ..Stats::default()
        };
        stats
            .extra
            .insert("variables_before".into(), before.variables as f64);
        stats
            .extra
            .insert("constraints_before".into(), before.constraints as f64);
        stats
            .extra
            .insert("nonzeros_before".into(), before.nonzeros as f64);
        stats.extra.insert("presolve_ms".into(), presolve_ms);
        if let Some(k) = singles {
            stats.extra.insert("singletons_fixed".into(), k as f64);
        }

        let mut tally = Tally::default();
        let mut solutions = Vec::new();
        let mut found = 0u64;
        let mut cuts: Vec<Cut> = Vec::new();
        let mut decode_ms = 0.0;
        let end = if infeasible {
            stats.extra.insert("singletons_infeasible".into(), 1.0);
            End::Complete
        } else if clash || model.infeasible_row().is_some() {
            stats.extra.insert("presolve_infeasible".into(), 1.0);
            End::Complete
        } else {
            loop {
                // A cut over no variable (every cell was decided before any engine ran)
                // reads 0 <= -1: no other solution.
                if cuts.last().is_some_and(|c| c.is_empty()) {
                    break End::Complete;
                }
                // The LP relaxation with the cuts so far: infeasible proves there is no
                // (further) solution, an integral point is one, and only a fractional
                // point needs the 0-1 solve.
                let first = cuts.is_empty();
                let lp = match run_engine(&*self.engine, (&model, &cuts, false), opts, &mut tally) {
                    Ok(run) => run,
                    Err(end) => break end,
                };
                if first {
                    stats.extra.insert("root_lp_ms".into(), lp.solve_ms);
                }
                let mut point = None;
                match lp.end {
                    EngineEnd::Values(values) => {
                        let integral = IpModel::is_integral(&values);
                        if first {
                            stats
                                .extra
                                .insert("root_lp_integral".into(), f64::from(u8::from(integral)));
                        } else if integral {
                            tally.cut_lp_integral += 1;
                        }
                        if integral {
                            point = Some(values);
                        }
                    }
                    EngineEnd::Infeasible => {
                        if first {
                            stats.extra.insert("root_lp_infeasible".into(), 1.0);
                        } else {
                            tally.cut_lp_infeasible += 1;
                        }
                        break End::Complete;
                    }
                    // Only once the deadline has passed (`run_engine`).
                    EngineEnd::TimeLimit => break End::Deadline,
                    // The LP is only a shortcut: the 0-1 solve below decides.
                    EngineEnd::Failed(_) => tally.lp_failed += 1,
                }
                let values = match point {
                    Some(v) => v,
                    None => {
                        let model_cuts = (&model, &cuts[..], true);
                        let run = match run_engine(&*self.engine, model_cuts, opts, &mut tally) {
                            Ok(run) => run,
                            Err(end) => break end,
                        };
                        match run.end {
                            EngineEnd::Values(v) => v,
                            EngineEnd::Infeasible => break End::Complete,
                            EngineEnd::TimeLimit => break End::Deadline,
                            EngineEnd::Failed(why) => {
                                tally.failed = Some(why);
                                break End::Failed;
                            }
                        }
                    }
                };
                let decode_start = Instant::now();
                let grid = model.decode(&values);
                decode_ms += ms(decode_start.elapsed());
                let Some(grid) = grid else {
                    tally.failed = Some("the engine's point is not a grid".into());
                    break End::Failed;
                };
                found += 1;
                on_solution(&grid);
                cuts.push(model.no_good(&grid));
                if solutions.len() < opts.keep_solutions {
                    solutions.push(grid);
                }
                if found as usize >= opts.max_solutions {
                    break End::Limit;
                }
            }
        };

        stats.encode_ms = presolve_ms + tally.build_ms;
        stats.solve_ms = tally.solve_ms;
        stats.decode_ms = decode_ms;
        stats.nodes = tally.nodes;
        stats.propagations = tally.lp_iterations;
        stats.extra.insert("build_ms".into(), tally.build_ms);
        stats
            .extra
            .insert("mip_solves".into(), tally.mip_calls as f64);
        stats.extra.insert("cuts".into(), cuts.len() as f64);
        stats
            .extra
            .insert("lp_solves".into(), tally.lp_calls as f64);
        if tally.cut_lp_infeasible > 0 {
            stats
                .extra
                .insert("cut_lp_infeasible".into(), tally.cut_lp_infeasible as f64);
        }
        if tally.cut_lp_integral > 0 {
            stats
                .extra
                .insert("cut_lp_integral".into(), tally.cut_lp_integral as f64);
        }
        if tally.lp_failed > 0 {
            stats
                .extra
                .insert("lp_failed".into(), tally.lp_failed as f64);
        }
        if !self.config.reports_nodes() {
            stats.extra.insert("nodes_unreported".into(), 1.0);
        }
        Outcome {
            failure: tally.failed.map(Failure::Engine),
            ..Outcome::from_search(
                solutions,
                found,
                end == End::Complete,
                end == End::Deadline,
                stats,
            )
        }
    }
}
