//! The flags that choose and bound a backend, shared by `solve` and `count`:
//! `--backend`, the configuration flags (`--propagation`, `--branch` for csp,
//! `--encoding` for sat, the same as naming them in `--backend NAME:CONFIG`) and
//! `--timeout`.

use super::Budget;
use crate::backends::csp::Config;
use crate::backends::{canonical, split_spec};
use clap::Args;

/// The backend flags of `solve` and `count`.
#[derive(Args, Debug, Clone)]
pub struct BackendFlags {
    /// The backend, as NAME or NAME:CONFIG (`sat:reduced`, `csp:gac+pairs`, `ext:minisat`);
    /// `sudoku-arena backends` lists them all. dlx when not given.
    #[arg(long, short, value_name = "NAME")]
    pub backend: Option<String>,

    /// csp only: the alldifferent propagation level: naive, permutation, bounds, gac or
    /// gac-shave (the same as --backend csp:LEVEL; picks csp when --backend is not given).
    #[arg(long, value_name = "LEVEL")]
    pub propagation: Option<String>,

    /// csp only: the branching rule: mrv (smallest domain first, the default), pairs
    /// (two-valued cells first, as PS-1-2) or static (first open cell, row-major).
    #[arg(long, value_name = "RULE")]
    pub branch: Option<String>,

    /// sat only: the CNF encoding: naive, efficient, extended or reduced (the same as
    /// --backend sat:ENCODING; picks sat when --backend is not given).
    #[arg(long, value_name = "NAME")]
    pub encoding: Option<String>,

    /// Time budget per puzzle in seconds (fractions allowed), or `none`; when it runs out
    /// the verdict is `unknown` (or `solved` if a solution was found). The same default
    /// in every command.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = super::parse_budget)]
    pub timeout: Budget,
}

impl BackendFlags {
    /// The canonical name of the configuration these flags choose. A configuration flag
    /// with another backend, or one that contradicts what `--backend` already names, is
    /// a usage error.
    pub fn spec(&self) -> anyhow::Result<String> {
        let csp_flags = self.propagation.is_some() || self.branch.is_some();
        if csp_flags && self.encoding.is_some() {
            anyhow::bail!(
                "--encoding is for sat and --propagation/--branch for csp: give one or the other"
            );
        }
        let spec = if csp_flags {
            self.csp_spec()?
        } else if let Some(encoding) = &self.encoding {
            let spec = self.backend.as_deref().unwrap_or("sat");
            match split_spec(spec) {
                ("sat", None) => format!("sat:{encoding}"),
                ("sat", Some(named)) if named == encoding => spec.to_string(),
                ("sat", Some(named)) => anyhow::bail!(
                    "--backend {spec} already names the encoding '{named}'; --encoding {encoding} contradicts it"
                ),
                (name, _) => anyhow::bail!(
                    "--encoding chooses a sat encoding; it does not apply to backend '{name}'"
                ),
            }
        } else {
            self.backend.clone().unwrap_or_else(|| "dlx".to_string())
        };
        Ok(canonical(&spec)?)
    }

    /// The csp configuration `--backend` names, with `--propagation` and `--branch`.
    fn csp_spec(&self) -> anyhow::Result<String> {
        let spec = self.backend.as_deref().unwrap_or("csp");
        let (name, config) = split_spec(spec);
        if name != "csp" {
            anyhow::bail!(
                "--propagation and --branch choose a csp configuration; they do not apply to backend '{name}'"
            );
        }
        let (level, rule) = match config {
            Some(c) => match c.split_once('+') {
                Some((l, r)) => (Some(l).filter(|l| !l.is_empty()), Some(r)),
                None => (Some(c).filter(|c| !c.is_empty()), None),
            },
            None => (None, None),
        };
        let mut chosen = Config::from_name(config)?;
        if let Some(flag) = &self.propagation {
            if let Some(named) = level.filter(|l| l != flag) {
                anyhow::bail!("--backend {spec} already names the level '{named}'; --propagation {flag} contradicts it");
            }
            chosen.propagation = Config::propagation(flag)?;
        }
        if let Some(flag) = &self.branch {
            if let Some(named) = rule.filter(|r| r != flag) {
                anyhow::bail!("--backend {spec} already names the branching rule '{named}'; --branch {flag} contradicts it");
            }
            chosen.branch = Config::branch(flag)?;
        }
        Ok(format!("csp:{}", chosen.name()))
    }
}
