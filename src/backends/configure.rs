//! Configuration names built from their parts, for callers that take the parts one by
//! one (the command line's `--propagation`, `--branch` and ant-colony flags), and the
//! syntax each backend's configuration names follow beyond its named ones.

use super::{aco, csp};
use crate::error::Result;

/// The `csp` configuration (without the `csp:` prefix) of `config` (a name such as
/// `gac+pairs`, or `None` for the default) with its propagation level and branching
/// rule replaced by `propagation` and `branch` where given.
pub fn csp_configuration(
    config: Option<&str>,
    propagation: Option<&str>,
    branch: Option<&str>,
) -> Result<String> {
    let mut chosen = csp::Config::from_name(config)?;
    if let Some(level) = propagation {
        chosen.propagation = csp::Config::propagation(level)?;
    }
    if let Some(rule) = branch {
        chosen.branch = csp::Config::branch(rule)?;
    }
    Ok(chosen.name())
}

/// The `aco` configuration named by `items`, KEY=VALUE items (or `no-bve`) joined by
/// `+`, in its one canonical spelling (`aco` for the defaults).
pub fn aco_configuration(items: &str) -> Result<String> {
    Ok(aco::Config::from_name(Some(items))?.name())
}

/// What a backend's configuration names may be besides its named configurations, as
/// a clause for a listing of the backends; `None` when there is nothing more.
pub fn configuration_syntax(backend: &str) -> Option<String> {
    match backend {
        "csp" => Some(format!(
            "LEVEL+BRANCH adds a branching rule, one of {} (default mrv), and +cages=STRENGTH the Killer cage propagator, one of {} (default {}), e.g. csp:gac+pairs, csp:bounds+cages=bounds",
            csp::BRANCHES
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", "),
            csp::CAGE_STRENGTHS
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", "),
            csp::CAGE_STRENGTHS[0].0,
        )),
        "aco" => Some(format!(
            "or KEY=VALUE items joined by '+' (keys {}), e.g. aco:ants=20+q0=0.8+seed=7",
            aco::config::KEYS.join(", ")
        )),
        _ => None,
    }
}
