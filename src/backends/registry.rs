//! The one registry: every backend (a paradigm, listed by `sudoku-arena backends`) and
//! every named configuration of it, one entry each holding everything about it — its
//! constructor, where it solves, whether it is slow or may leave a puzzle undecided,
//! the program or cargo feature it needs, and the named sets (`default`, `strongest`)
//! it belongs to. Nothing else keeps a list of configuration names.

use super::{aco, csp, dlx, ext, fast, ip, rules, sat};
use crate::error::{Error, Result};
use crate::solver::Solver;

/// What the registry knows of a backend: the paradigm behind its configurations.
#[non_exhaustive]
pub struct BackendInfo {
    /// The name used with `--backend`, and before the `:` of its configurations.
    pub name: &'static str,
    /// One line on what it is.
    pub summary: &'static str,
    /// Whether it can prove that a solution is the only one.
    pub proves_uniqueness: bool,
    /// Whether it can count solutions.
    pub counts: bool,
    /// The sides it handles.
    pub sides: &'static str,
    /// Whether its bare name chooses its first configuration; a backend without a
    /// default (the external solvers) must be named with one.
    pub has_default: bool,
}

/// Where a configuration's solve runs, which decides how a deadline is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    /// In this process; the engine checks the deadline itself, often enough.
    InProcess,
    /// With a deadline, in a worker process killed at the deadline unless it has
    /// answered, because the engine cannot be stopped in time from inside (see
    /// [`super::worker_executable`]); without one, in this process.
    Worker,
    /// Always in a worker process, deadline or not: the engine is not thread-safe and
    /// solves behind a lock of the whole process, so two `compare` threads sharing one
    /// process would wait for each other inside their timed solves. Killed at a
    /// deadline as [`Runs::Worker`].
    OwnProcess,
    /// In an external program, killed at the deadline.
    Program {
        /// The program that must be on the `PATH`.
        program: &'static str,
        /// The Debian package that provides it.
        package: &'static str,
    },
}

/// A named set of configurations `compare --backends` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Set {
    /// What `compare` runs when not told: every built-in configuration that decides
    /// every embedded puzzle in well under a second.
    Default,
    /// Per paradigm, our engine beside the strongest engine of that paradigm on the same
    /// model: the verdict table a reader of a comparison came for.
    Strongest,
}

impl Set {
    /// The name used with `--backends`.
    pub fn name(self) -> &'static str {
        match self {
            Set::Default => "default",
            Set::Strongest => "strongest",
        }
    }
}

/// Builds a configuration's solver: `None` for the configuration itself, or the whole
/// text after the backend's `:` when the name carries options (`csp:gac+pairs`,
/// `aco:ants=20`).
pub type MakeSolver = fn(Option<&str>) -> Result<Box<dyn Solver>>;

/// One named configuration and everything about it.
#[non_exhaustive]
pub struct Configuration {
    /// Its one canonical name, as every output writes it (`sat:reduced`, `ip`).
    pub name: &'static str,
    /// Builds its solver (see [`MakeSolver`]).
    pub make: MakeSolver,
    /// Where it solves.
    pub runs: Runs,
    /// Measured to take seconds where others take milliseconds (kept for teaching):
    /// left out of the default set.
    pub slow: bool,
    /// May leave a puzzle undecided by design (a rule ladder that gets stuck, a
    /// stochastic search): left out of the default set.
    pub partial: bool,
    /// The cargo feature it is built with, if any; without it, asking for it is an
    /// error that says how to build it.
    pub feature: Option<&'static str>,
    /// The named sets it belongs to.
    pub sets: &'static [Set],
}

impl Configuration {
    /// The backend it belongs to: its name before the `:`.
    pub fn backend(&self) -> &'static str {
        self.name.split_once(':').map_or(self.name, |(b, _)| b)
    }

    /// Whether it can run here; the error says what to install or how to build it.
    pub fn available(&self) -> Result<()> {
        if let Some(feature) = self.feature {
            if !built_with(feature) {
                return Err(missing_feature(self.name, feature));
            }
        }
        if let Runs::Program { program, package } = self.runs {
            if crate::process::find_program(program).is_none() {
                return Err(Error::Unavailable {
                    name: self.name.to_string(),
                    program: program.to_string(),
                    package: package.to_string(),
                });
            }
        }
        Ok(())
    }

    /// Whether a named set holds it.
    pub fn in_set(&self, set: Set) -> bool {
        self.sets.contains(&set)
    }

    /// One line on what an external configuration (`ext:NAME`) runs; `None` for a
    /// built-in one.
    pub fn external_summary(&self) -> Option<&'static str> {
        super::ext::summary(self.name)
    }
}

/// The cargo features the registry names: whether this build has each, and what to
/// install and run to get it.
const FEATURES: &[(&str, bool, &str)] = &[
    (
        "highs",
        cfg!(feature = "highs"),
        "needs Debian's cmake and libclang-dev; cargo build --release --features highs",
    ),
    (
        "cbc",
        cfg!(feature = "cbc"),
        "needs Debian's coinor-libcbc-dev; cargo build --release --features cbc",
    ),
    (
        "cadical",
        cfg!(feature = "cadical"),
        "needs only a C++ compiler, about two minutes of CPU cold; cargo build --release --features cadical",
    ),
];

/// Whether this build has a cargo feature the registry names.
fn built_with(feature: &str) -> bool {
    FEATURES.iter().any(|&(f, on, _)| f == feature && on)
}

/// What to install and run to get a configuration that needs a cargo feature.
fn feature_recipe(feature: &str) -> &'static str {
    FEATURES
        .iter()
        .find(|&&(f, _, _)| f == feature)
        .map_or("see README", |&(_, _, how)| how)
}

/// The error for a configuration whose cargo feature this build lacks.
fn missing_feature(name: &str, feature: &str) -> Error {
    Error::Config(format!(
        "{name} is built only with the cargo feature `{feature}` ({})",
        feature_recipe(feature)
    ))
}

/// Every backend, in the order `backends` lists them.
pub const BACKENDS: &[BackendInfo] = &[
    BackendInfo {
        name: "dlx",
        summary:
            "exact cover solved by Dancing Links (Knuth's Algorithm X, minimum-column heuristic)",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64, any box shape, Jigsaw regions, variants, Killer cages",
        has_default: true,
    },
    BackendInfo {
        name: "fast",
        summary: "bit-parallel speed solver: band-wise digit bit sets, singles and locked candidates by bit operations (9x9; on AVX-512 vectors where the processor has them, fast:scalar never); a generic bit-set path otherwise",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64, any box shape, variants; no Jigsaw regions, no Killer cages",
        has_default: true,
    },
    BackendInfo {
        name: "ext",
        summary: "industrial solvers run on the exported models (each needs its Debian package)",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64 (as the external solver copes), Jigsaw regions, Killer cages",
        has_default: false,
    },
    BackendInfo {
        name: "csp",
        summary: "finite-domain propagation + search; alldifferent by naive, permutation, bounds (Puget), gac (Régin), gac-shave; Killer cages by combos (domain consistency, the default) or bounds (cages=bounds)",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64, any box shape, Jigsaw regions, variants, Killer cages",
        has_default: true,
    },
    BackendInfo {
        name: "ip",
        summary:
            "0-1 integer program (x[cell][value], exactly-one rows) presolved, solved by microlp via good_lp (ip), microlp directly (ip:microlp-direct), unpresolved (ip:full), HiGHS (ip:highs, feature highs) or CBC (ip:cbc, feature cbc)",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64 (LP size grows as N^3), any box shape, Jigsaw regions, variants, Killer cages",
        has_default: true,
    },
    BackendInfo {
        name: "rules",
        summary: "human-style rule ladder (singles, locked candidates, subsets, matching, nishio, Eppstein's bilocation/bivalue graph rules, 2-SAT, almost locked sets, death blossom, template chains; on a Killer cage combinations and the 45 rule); explains, draws and rates; `rules:ladder` answers unknown when stuck, `rules:guess` then tries digits (Chen's Inference), `rules:ladder+unique` adds the uniqueness rules and answers `solved`, never `unique`, when one fired, `rules:ladder+weights` adds the weighted house count (sound, solves every magictour puzzle, but slow)",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64, any box shape, Jigsaw regions, variants, Killer cages (nishio up to 16)",
        has_default: true,
    },
    BackendInfo {
        name: "sat",
        summary: "CNF (x[cell][value]; naive, efficient, extended or givens-reduced encoding) solved by varisat, or by CaDiCaL in process (ENCODING+cadical, cargo feature `cadical`); Killer cages as digit-set selectors (+cages=combos, the default) or order-encoded partial sums (+cages=sequential)",
        proves_uniqueness: true,
        counts: true,
        sides: "4 to 64 (clauses grow as N^4), any box shape, Jigsaw regions, variants, Killer cages",
        has_default: true,
    },
    BackendInfo {
        name: "aco",
        summary: "Ant Colony System with Best Value Evaporation (Lloyd and Amos) over propagated grids; stochastic: `solved` or `unknown`, never a proof",
        proves_uniqueness: false,
        counts: false,
        sides: "4 to 64, any box shape, Jigsaw regions, variants; no Killer cages",
        has_default: true,
    },
];

/// The sets of a configuration in both named sets.
const BOTH: &[Set] = &[Set::Default, Set::Strongest];
/// The sets of a configuration in the default set only.
const DEFAULT: &[Set] = &[Set::Default];
/// The sets of a configuration in the strongest set only.
const STRONGEST: &[Set] = &[Set::Strongest];

/// A configuration of an in-process backend that is in `sets`, not slow, not partial.
const fn plain(name: &'static str, make: MakeSolver, sets: &'static [Set]) -> Configuration {
    Configuration {
        name,
        make,
        runs: Runs::InProcess,
        slow: false,
        partial: false,
        feature: None,
        sets,
    }
}

/// `ext:NAME`: the external tool of that name, run as a program.
const fn external(
    name: &'static str,
    program: &'static str,
    package: &'static str,
    make: MakeSolver,
    sets: &'static [Set],
) -> Configuration {
    Configuration {
        name,
        make,
        runs: Runs::Program { program, package },
        slow: false,
        partial: false,
        feature: None,
        sets,
    }
}

/// Refuses options on a configuration that takes none.
fn no_options(name: &str, options: Option<&str>) -> Result<()> {
    match options {
        None => Ok(()),
        Some(o) => Err(Error::Config(format!(
            "{name} takes no options ('{o}'); `sudoku-arena backends` lists the configurations"
        ))),
    }
}

fn make_csp(text: &str) -> Result<Box<dyn Solver>> {
    Ok(Box::new(csp::CspSolver::new(csp::Config::from_name(
        Some(text),
    )?)))
}

fn make_sat(text: &str) -> Result<Box<dyn Solver>> {
    Ok(Box::new(sat::SatSolver::from_config(Some(text))?))
}

fn make_ip(text: &str) -> Result<Box<dyn Solver>> {
    Ok(Box::new(ip::IpSolver::new(ip::Config::from_name(Some(
        text,
    ))?)))
}

fn make_aco(text: &str) -> Result<Box<dyn Solver>> {
    Ok(Box::new(aco::AcoSolver::new(aco::Config::from_name(
        Some(text),
    )?)))
}

fn make_rules(text: &str) -> Result<Box<dyn Solver>> {
    Ok(Box::new(rules::from_name(Some(text))?))
}

/// Every named configuration, in the order `--backends all` runs them; within a
/// backend the first is the one its bare name chooses.
pub const CONFIGURATIONS: &[Configuration] = &[
    plain(
        "dlx",
        |o| {
            no_options("dlx", o)?;
            Ok(Box::new(dlx::DlxSolver))
        },
        BOTH,
    ),
    plain(
        "fast",
        |o| {
            no_options("fast", o)?;
            Ok(Box::new(fast::FastSolver::new()))
        },
        BOTH,
    ),
    plain(
        "fast:scalar",
        |o| {
            no_options("fast:scalar", o)?;
            Ok(Box::new(fast::FastSolver::scalar()))
        },
        &[],
    ),
    plain(
        "csp:permutation",
        |o| make_csp(o.unwrap_or("permutation")),
        BOTH,
    ),
    plain("csp:naive", |o| make_csp(o.unwrap_or("naive")), DEFAULT),
    plain("csp:bounds", |o| make_csp(o.unwrap_or("bounds")), BOTH),
    plain("csp:gac", |o| make_csp(o.unwrap_or("gac")), BOTH),
    plain(
        "csp:gac-shave",
        |o| make_csp(o.unwrap_or("gac-shave")),
        DEFAULT,
    ),
    Configuration {
        runs: Runs::Worker,
        ..plain("ip", |o| make_ip(o.unwrap_or("good_lp")), BOTH)
    },
    Configuration {
        runs: Runs::Worker,
        ..plain(
            "ip:microlp-direct",
            |o| make_ip(o.unwrap_or("microlp-direct")),
            DEFAULT,
        )
    },
    Configuration {
        runs: Runs::Worker,
        slow: true,
        ..plain("ip:full", |o| make_ip(o.unwrap_or("full")), &[])
    },
    Configuration {
        runs: Runs::Worker,
        feature: Some("highs"),
        ..plain(
            "ip:highs",
            |o| {
                no_options("ip:highs", o)?;
                make_ip("highs")
            },
            STRONGEST,
        )
    },
    Configuration {
        runs: Runs::OwnProcess,
        feature: Some("cbc"),
        ..plain(
            "ip:cbc",
            |o| {
                no_options("ip:cbc", o)?;
                make_ip("cbc")
            },
            STRONGEST,
        )
    },
    Configuration {
        partial: true,
        ..plain("rules:ladder", |o| make_rules(o.unwrap_or("ladder")), &[])
    },
    plain("rules:guess", |o| make_rules(o.unwrap_or("guess")), DEFAULT),
    Configuration {
        partial: true,
        ..plain(
            "rules:ladder+unique",
            |o| make_rules(o.unwrap_or("ladder+unique")),
            &[],
        )
    },
    Configuration {
        partial: true,
        ..plain(
            "rules:ladder+weights",
            |o| make_rules(o.unwrap_or("ladder+weights")),
            &[],
        )
    },
    Configuration {
        runs: Runs::Worker,
        ..plain("sat:naive", |o| make_sat(o.unwrap_or("naive")), DEFAULT)
    },
    Configuration {
        runs: Runs::Worker,
        ..plain(
            "sat:efficient",
            |o| make_sat(o.unwrap_or("efficient")),
            DEFAULT,
        )
    },
    Configuration {
        runs: Runs::Worker,
        ..plain(
            "sat:extended",
            |o| make_sat(o.unwrap_or("extended")),
            DEFAULT,
        )
    },
    Configuration {
        runs: Runs::Worker,
        ..plain("sat:reduced", |o| make_sat(o.unwrap_or("reduced")), BOTH)
    },
    Configuration {
        runs: Runs::Worker,
        feature: Some("cadical"),
        ..plain(
            "sat:naive+cadical",
            |o| make_sat(o.unwrap_or("naive+cadical")),
            &[],
        )
    },
    Configuration {
        runs: Runs::Worker,
        feature: Some("cadical"),
        ..plain(
            "sat:efficient+cadical",
            |o| make_sat(o.unwrap_or("efficient+cadical")),
            &[],
        )
    },
    Configuration {
        runs: Runs::Worker,
        feature: Some("cadical"),
        ..plain(
            "sat:extended+cadical",
            |o| make_sat(o.unwrap_or("extended+cadical")),
            &[],
        )
    },
    Configuration {
        runs: Runs::Worker,
        feature: Some("cadical"),
        ..plain(
            "sat:reduced+cadical",
            |o| make_sat(o.unwrap_or("reduced+cadical")),
            STRONGEST,
        )
    },
    Configuration {
        partial: true,
        ..plain("aco", |o| make_aco(o.unwrap_or("bve")), &[])
    },
    Configuration {
        partial: true,
        ..plain("aco:no-bve", |o| make_aco(o.unwrap_or("no-bve")), &[])
    },
    external(
        "ext:gecode",
        "minizinc",
        "minizinc",
        |o| ext::make("gecode", o),
        STRONGEST,
    ),
    external(
        "ext:gprolog",
        "gprolog",
        "gprolog",
        |o| ext::make("gprolog", o),
        &[],
    ),
    external(
        "ext:minisat",
        "minisat",
        "minisat",
        |o| ext::make("minisat", o),
        &[],
    ),
    external(
        "ext:cadical",
        "cadical",
        "cadical",
        |o| ext::make("cadical", o),
        &[],
    ),
    external("ext:cbc", "cbc", "coinor-cbc", |o| ext::make("cbc", o), &[]),
    external(
        "ext:glpk",
        "glpsol",
        "glpk-utils",
        |o| ext::make("glpk", o),
        &[],
    ),
];

/// The configurations of a backend, in registry order.
pub fn configurations_of(backend: &str) -> impl Iterator<Item = &'static Configuration> + '_ {
    CONFIGURATIONS
        .iter()
        .filter(move |c| c.backend() == backend)
}

/// Splits a backend specification such as `sat:extended` into its backend's name and
/// the text after the `:` (`None` when there is none).
pub fn split_spec(spec: &str) -> (&str, Option<&str>) {
    match spec.split_once(':') {
        Some((name, config)) => (name, Some(config)),
        None => (spec, None),
    }
}

/// The registry entry a specification names, with the options it adds (`None` when
/// it names the entry itself): an entry by its exact name; a backend's bare name is its
/// first entry; `csp:gac+pairs` is `csp:gac` with options; any other text after a
/// backend's `:` is given to its first entry to read (`ip:good_lp`, `aco:ants=20`).
pub fn lookup(spec: &str) -> Result<(&'static Configuration, Option<&str>)> {
    if let Some(c) = CONFIGURATIONS.iter().find(|c| c.name == spec) {
        return Ok((c, None));
    }
    let (backend, text) = split_spec(spec);
    let Some(first) = configurations_of(backend).next() else {
        return Err(Error::UnknownBackend {
            name: backend.to_string(),
            available: BACKENDS
                .iter()
                .map(|b| b.name)
                .collect::<Vec<_>>()
                .join(", "),
        });
    };
    // A backend without a default (the external solvers) takes only its entries' names.
    if backend_info(backend).is_some_and(|b| !b.has_default) {
        let known = configurations_of(backend)
            .map(|c| c.name)
            .collect::<Vec<_>>()
            .join(", ");
        return Err(Error::Config(match text {
            None => format!("{backend} has no default: name one of {known}"),
            Some(_) => format!(
                "unknown configuration '{spec}'{} (known: {known})",
                crate::words::did_you_mean(spec, configurations_of(backend).map(|c| c.name))
            ),
        }));
    }
    let Some(text) = text else {
        return Ok((first, None));
    };
    // The longest such name: `sat:reduced+cadical+cages=sequential` is
    // `sat:reduced+cadical` with options, not `sat:reduced`.
    let with_options = configurations_of(backend)
        .filter(|c| {
            c.name
                .split_once(':')
                .and_then(|(_, own)| text.strip_prefix(own))
                .is_some_and(|rest| rest.starts_with('+'))
        })
        .max_by_key(|c| c.name.len());
    Ok((with_options.unwrap_or(first), Some(text)))
}

/// The backend named `name`.
pub fn backend_info(name: &str) -> Option<&'static BackendInfo> {
    BACKENDS.iter().find(|b| b.name == name)
}

/// The canonical names of the built-in configurations (every one but `ext:*`) that
/// `keep` accepts, in registry order.
fn builtin_where(keep: impl Fn(&Configuration) -> bool) -> Vec<String> {
    CONFIGURATIONS
        .iter()
        .filter(|c| !matches!(c.runs, Runs::Program { .. }) && keep(c))
        .map(|c| c.name.to_string())
        .collect()
}

/// Every built-in configuration (`compare --backends all`): all but the external
/// solvers, those of cargo features this build lacks included (a run skips them with a
/// line saying how to build them).
pub fn builtin_configs() -> Vec<String> {
    builtin_where(|_| true)
}

/// The configurations `compare` runs by default: every built-in one that is in the
/// default set, so that the first run a person makes decides every embedded puzzle in
/// well under a second each.
pub fn default_configs() -> Vec<String> {
    builtin_where(|c| c.in_set(Set::Default) && !c.slow && !c.partial)
}

/// The configurations of a named set, external ones included.
pub fn set_configs(set: Set) -> Vec<String> {
    CONFIGURATIONS
        .iter()
        .filter(|c| c.in_set(set))
        .map(|c| c.name.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_builds_the_solver_of_its_own_name() {
        for c in CONFIGURATIONS {
            if c.available().is_err() {
                continue; // a feature this build lacks, a program not installed
            }
            let solver = (c.make)(None).unwrap_or_else(|e| panic!("{}: {e}", c.name));
            assert_eq!(solver.name(), c.name);
            assert!(backend_info(c.backend()).is_some(), "{}", c.name);
        }
    }

    #[test]
    fn names_are_unique_and_every_backend_has_configurations() {
        for (i, c) in CONFIGURATIONS.iter().enumerate() {
            assert!(
                CONFIGURATIONS[..i].iter().all(|d| d.name != c.name),
                "{} twice",
                c.name
            );
        }
        for b in BACKENDS {
            assert!(configurations_of(b.name).next().is_some(), "{}", b.name);
        }
    }

    #[test]
    fn a_spec_finds_its_entry_and_options() {
        let found = |spec| lookup(spec).map(|(c, o)| (c.name, o)).unwrap();
        assert_eq!(found("csp:gac"), ("csp:gac", None));
        assert_eq!(found("csp"), ("csp:permutation", None));
        assert_eq!(found("csp:gac+pairs"), ("csp:gac", Some("gac+pairs")));
        assert_eq!(found("ip:good_lp"), ("ip", Some("good_lp")));
        assert_eq!(found("aco:ants=20"), ("aco", Some("ants=20")));
        assert_eq!(found("sat:reduced+cadical"), ("sat:reduced+cadical", None));
        assert_eq!(found("sat"), ("sat:naive", None));
        assert_eq!(
            found("sat:reduced+cadical+cages=sequential"),
            (
                "sat:reduced+cadical",
                Some("reduced+cadical+cages=sequential")
            )
        );
        assert_eq!(
            found("sat:reduced+cages=sequential"),
            ("sat:reduced", Some("reduced+cages=sequential"))
        );
        assert!(lookup("ext").is_err() && lookup("nosuch").is_err());
        let typo = lookup("ext:minisat2").map(|(c, _)| c.name).unwrap_err();
        assert!(
            typo.to_string()
                .contains("unknown configuration 'ext:minisat2'"),
            "{typo}"
        );
    }

    #[test]
    fn the_default_set_leaves_out_slow_partial_and_external_configurations() {
        let default = default_configs();
        for c in CONFIGURATIONS {
            let expected = c.in_set(Set::Default)
                && !c.slow
                && !c.partial
                && !matches!(c.runs, Runs::Program { .. });
            assert_eq!(
                default.contains(&c.name.to_string()),
                expected,
                "{}",
                c.name
            );
        }
        assert!(!default.contains(&"ip:full".to_string()));
    }

    #[test]
    fn the_strongest_set_puts_each_paradigms_engines_side_by_side() {
        let strongest = set_configs(Set::Strongest);
        for name in [
            "dlx",
            "fast",
            "sat:reduced",
            "sat:reduced+cadical",
            "ip",
            "ip:highs",
            "ip:cbc",
            "csp:gac",
            "ext:gecode",
        ] {
            assert!(strongest.contains(&name.to_string()), "{name}");
        }
    }

    #[test]
    fn a_configuration_without_its_feature_says_how_to_build_it() {
        let highs = lookup("ip:highs").unwrap().0;
        let built = cfg!(feature = "highs");
        match highs.available() {
            Ok(()) => assert!(built),
            Err(e) => assert!(!built && e.to_string().contains("--features highs"), "{e}"),
        }
    }
}
