//! Analysis that drives the rule engine and other backends: ratings, the diagnosis of
//! stuck positions, the replay of steps against known solutions.

pub mod rate;
pub mod soundness;
pub mod stuck;
