//! What an LP/MIP engine is asked and what it answers, so the solve loop is the same for
//! good_lp + microlp, microlp called directly, and any optional engine.

use super::model::{Cut, IpModel};
use std::time::Duration;

/// How one engine call ended.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineEnd {
    /// A point meeting every row: one value per model variable.
    Values(Vec<f64>),
    /// Proven infeasible.
    Infeasible,
    /// The time limit stopped it first.
    TimeLimit,
    /// The engine failed (numerical trouble, unsupported input); the message says why.
    Failed(String),
}

/// One engine call: its end and what it cost.
#[derive(Clone, Debug)]
pub struct EngineRun {
    /// How it ended.
    pub end: EngineEnd,
    /// Branch-and-bound nodes solved, where the engine reports them.
    pub nodes: u64,
    /// Simplex pivots, where the engine reports them.
    pub lp_iterations: u64,
    /// Time to turn the model into the engine's own problem, in milliseconds.
    pub build_ms: f64,
    /// Time in the engine's solve, in milliseconds.
    pub solve_ms: f64,
}

/// An LP/MIP engine for the 0-1 model.
pub trait Engine {
    /// Solves `model` with `cuts` added, as a 0-1 program (`integer`) or as its LP
    /// relaxation, giving up once `time_limit` has passed (the engine checks it itself,
    /// inside its simplex loops, so a call returns soon after the limit).
    fn run(
        &self,
        model: &IpModel,
        cuts: &[Cut],
        integer: bool,
        time_limit: Option<Duration>,
    ) -> EngineRun;
}
