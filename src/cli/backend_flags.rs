//! The flags that choose and bound a backend, shared by `solve` and `count`:
//! `--backend`, the configuration flags (`--propagation`, `--branch` for csp,
//! `--encoding` for sat, the same as naming them in `--backend NAME:CONFIG`),
//! `--timeout` and `--mem-limit`; and `solve`'s flags of the ant colony (`--ants`, `--q0`, `--rho`,
//! `--bve`, `--no-bve`, `--seed`), which `count` has not: it refuses aco.

use super::{Budget, MemLimit};
use clap::Args;
use sudoku_arena::backends::{aco_configuration, canonical, csp_configuration, split_spec};

/// The backend flags of `solve` and `count`.
#[derive(Args, Debug, Clone)]
pub struct BackendFlags {
    /// The backend, as NAME or NAME:CONFIG (`sat:reduced`, `csp:gac+pairs`, `ext:minisat`);
    /// `sudoku-arena backends` lists them all. dlx when not given.
    #[arg(long, short, value_name = "NAME", visible_alias = "backends")]
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
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = super::parse_budget, allow_hyphen_values = true)]
    pub timeout: Budget,

    #[arg(long, value_name = "MB", default_value = "none", value_parser = super::parse_mem_limit, allow_hyphen_values = true, help = super::MEM_LIMIT_HELP, long_help = super::MEM_LIMIT_LONG_HELP)]
    pub mem_limit: MemLimit,
}

/// The flags of the ant colony (`solve` only: `count` refuses aco), the same as naming
/// them in `--backend aco:CONFIG`.
#[derive(Args, Debug, Clone)]
pub struct AcoFlags {
    /// aco only: ants per iteration, 1 to 10000 (default 10; picks aco when --backend is
    /// not given). Each ant holds a board: 10,000 ants on a 64x64 grid take about 600 MB.
    #[arg(long, value_name = "N", help_heading = "Ant colony (aco)")]
    pub ants: Option<String>,

    /// aco only: greediness, the chance (0 to 1) that an ant takes a cell's strongest
    /// value instead of a pheromone-weighted draw (default 0.9).
    #[arg(long, value_name = "P", help_heading = "Ant colony (aco)")]
    pub q0: Option<String>,

    /// aco only: global pheromone evaporation, above 0 and at most 1 (default 0.9).
    #[arg(long, value_name = "R", help_heading = "Ant colony (aco)")]
    pub rho: Option<String>,

    /// aco only: the best value evaporation rate per iteration (default 0.005).
    #[arg(
        long,
        value_name = "RATE",
        help_heading = "Ant colony (aco)",
        conflicts_with = "no_bve"
    )]
    pub bve: Option<String>,

    /// aco only: turn best value evaporation off (plain Ant Colony System).
    #[arg(long, help_heading = "Ant colony (aco)")]
    pub no_bve: bool,

    /// aco only: the seed of the colony's random numbers (default 1); the same seed
    /// gives the same run on every machine. E.g. `-b aco --seed 7 --ants 20`.
    #[arg(long, value_name = "N", help_heading = "Ant colony (aco)")]
    pub seed: Option<String>,
}

impl AcoFlags {
    /// The aco configuration items the flags give, such as `ants=20`.
    fn items(&self) -> Vec<String> {
        let mut items = Vec::new();
        for (key, flag) in [
            ("ants", &self.ants),
            ("q0", &self.q0),
            ("rho", &self.rho),
            ("bve", &self.bve),
            ("seed", &self.seed),
        ] {
            if let Some(v) = flag {
                items.push(format!("{key}={v}"));
            }
        }
        if self.no_bve {
            items.push("no-bve".to_string());
        }
        items
    }
}

impl BackendFlags {
    /// The canonical name of the configuration these flags choose, with the ant
    /// colony's flags where the command has them. A configuration flag with another
    /// backend, or one that contradicts what `--backend` already names, is a usage
    /// error.
    pub fn spec(&self, aco: Option<&AcoFlags>) -> anyhow::Result<String> {
        let csp_flags = self.propagation.is_some() || self.branch.is_some();
        let aco_items = aco.map(AcoFlags::items).unwrap_or_default();
        let families = [csp_flags, self.encoding.is_some(), !aco_items.is_empty()];
        if families.iter().filter(|&&f| f).count() > 1 {
            anyhow::bail!(
                "--encoding is for sat, --propagation/--branch for csp and --ants/--q0/--rho/--bve/--no-bve/--seed for aco: give the flags of one backend"
            );
        }
        let spec = if csp_flags {
            self.csp_spec()?
        } else if !aco_items.is_empty() {
            self.aco_spec(&aco_items)?
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

    /// The aco configuration `--backend` names, with the aco flags' `items` added; a
    /// flag that sets what `--backend` already sets is a usage error.
    fn aco_spec(&self, items: &[String]) -> anyhow::Result<String> {
        let spec = self.backend.as_deref().unwrap_or("aco");
        let (name, config) = split_spec(spec);
        if name != "aco" {
            anyhow::bail!(
                "--ants, --q0, --rho, --bve, --no-bve and --seed choose an aco configuration; they do not apply to backend '{name}'"
            );
        }
        let mut all: Vec<&str> = config.into_iter().filter(|c| !c.is_empty()).collect();
        all.extend(items.iter().map(String::as_str));
        aco_configuration(&all.join("+"))
            .map_err(|e| anyhow::anyhow!("--backend {spec} with the aco flags: {e}"))
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
        // Checked in the order a reader gives them: the named configuration, then
        // each flag against it.
        csp_configuration(config, None, None)?;
        if let Some(flag) = &self.propagation {
            if let Some(named) = level.filter(|l| l != flag) {
                anyhow::bail!("--backend {spec} already names the level '{named}'; --propagation {flag} contradicts it");
            }
            csp_configuration(config, Some(flag), None)?;
        }
        if let Some(flag) = &self.branch {
            if let Some(named) = rule.filter(|r| r != flag) {
                anyhow::bail!("--backend {spec} already names the branching rule '{named}'; --branch {flag} contradicts it");
            }
        }
        let (level, rule) = (self.propagation.as_deref(), self.branch.as_deref());
        Ok(format!("csp:{}", csp_configuration(config, level, rule)?))
    }
}
