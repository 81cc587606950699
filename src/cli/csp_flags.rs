//! `--propagation` and `--branch` for `solve` and `count`: the two choices of the `csp`
//! backend as flags, the same as naming them in `--backend csp:LEVEL+RULE`.

use crate::backends::csp::Config;
use crate::backends::split_spec;
use clap::Args;

/// The csp flags shared by `solve` and `count`.
#[derive(Args, Debug, Clone)]
pub struct CspFlags {
    /// csp only: the alldifferent propagation level: naive, permutation, bounds, gac or
    /// gac-shave (the same as --backend csp:LEVEL; picks csp when --backend is not given).
    #[arg(long, value_name = "LEVEL")]
    pub propagation: Option<String>,

    /// csp only: the branching rule: mrv (smallest domain first, the default), pairs
    /// (two-valued cells first, as PS-1-2) or static (first open cell, row-major).
    #[arg(long, value_name = "RULE")]
    pub branch: Option<String>,
}

impl CspFlags {
    /// The backend specification to build: `backend` (`dlx` when not given) when no
    /// flag is set; otherwise the csp configuration `backend` names, with the flags
    /// applied on top. A flag with another backend is a usage error.
    pub fn backend(&self, backend: Option<&str>) -> anyhow::Result<String> {
        if self.propagation.is_none() && self.branch.is_none() {
            return Ok(backend.unwrap_or("dlx").to_string());
        }
        let spec = backend.unwrap_or("csp");
        let (name, config) = split_spec(spec);
        if name != "csp" {
            return Err(anyhow::anyhow!(
                "--propagation and --branch choose a csp configuration; they do not apply to backend '{name}'"
            ));
        }
        let mut chosen = Config::from_name(config)?;
        if let Some(level) = &self.propagation {
            chosen.propagation = Config::propagation(level)?;
        }
        if let Some(rule) = &self.branch {
            chosen.branch = Config::branch(rule)?;
        }
        Ok(format!("csp:{}", chosen.name()))
    }
}
