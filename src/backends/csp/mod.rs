//! The `csp` backend: a small finite-domain constraint engine. Domains are bit sets,
//! one alldifferent constraint per unit, a propagation queue to the fixpoint, then
//! depth-first search with propagation at every node.
//!
//! The alldifferent propagator is chosen by configuration, so the tool shows what each
//! consistency level buys (sections 1.1–1.7 of jmc's "Combinatorial explorations in
//! Su-Doku", on the alldifferent constraint; model, levels and measurements in
//! `docs/csp.md`):
//!
//! - `naive`: the binary decomposition made arc consistent (forward checking);
//! - `permutation`: `naive` plus the dual view, a value with one place goes there (PS-1-2);
//! - `bounds`: `permutation` plus bounds consistency by Hall intervals (Puget);
//! - `gac`: `permutation` plus generalized arc consistency (Régin);
//! - `gac-shave`: `gac` plus singleton consistency on two-valued cells.
//!
//! Killer cages are constraints of their own (distinct digits, a total), propagated at
//! one of two strengths:
//!
//! - `cages=bounds`: bounds consistency on the total (`sum.rs`), and the cage's
//!   distinctness by the level's alldifferent filter;
//! - `cages=combos` (the default): domain consistency on the whole cage, from its
//!   digit combinations (`combos.rs`).
//!
//! Configurations are named `LEVEL`, then `+`-joined options: a branching rule `mrv`
//! (the default), `pairs` or `static`, and a cage strength `cages=combos` or
//! `cages=bounds`, such as `csp:gac+pairs` or `csp:bounds+static+cages=bounds`.

pub mod bounds;
pub mod combos;
pub mod engine;
// The engine propagates `naive` by events (`engine.rs`); this statement of it on one
// unit's domains is kept for its tests.
#[cfg(test)]
pub mod naive;
pub mod permutation;
pub mod regin;
pub mod search;
pub mod shave;
pub mod sum;

use crate::backends::hint::{note_hint, solution_hint};
use crate::error::{Error, Result};
use crate::model::{CandSet, Geometry, Puzzle};
use crate::solver::{ms, reported_at_end, Outcome, SolveOptions, Solver, Stats};
use engine::{Engine, PRUNED_KEYS};
use std::sync::Arc;
use std::time::Instant;

/// A propagator found that the constraint cannot be satisfied by the current domains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict;

/// The alldifferent propagation level, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Propagation {
    /// Forward checking on the binary decomposition.
    Naive,
    /// `Naive` plus hidden singles (the dual of the permutation).
    Permutation,
    /// `Permutation` plus bounds consistency (Puget's Hall intervals).
    Bounds,
    /// `Permutation` plus generalized arc consistency (Régin).
    Gac,
    /// `Gac` plus shaving of two-valued cells.
    GacShave,
}

/// Every propagation level, weakest first, as named on the command line.
pub const PROPAGATIONS: &[(&str, Propagation)] = &[
    ("naive", Propagation::Naive),
    ("permutation", Propagation::Permutation),
    ("bounds", Propagation::Bounds),
    ("gac", Propagation::Gac),
    ("gac-shave", Propagation::GacShave),
];

/// The variable-choice rule of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Branch {
    /// Smallest domain first (Norvig), ties to the cell with most open peers.
    Mrv,
    /// PS-1-2: the first two-valued cell in row-major order; MRV when there is none.
    Pairs,
    /// The first open cell in row-major order: a fixed order, under which stronger
    /// propagation provably never needs more nodes (see `docs/csp.md`).
    Static,
}

/// Every branching rule, as named on the command line; the first is the default.
pub const BRANCHES: &[(&str, Branch)] = &[
    ("mrv", Branch::Mrv),
    ("pairs", Branch::Pairs),
    ("static", Branch::Static),
];

/// How strongly a Killer cage is propagated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CageStrength {
    /// Bounds consistency on the total, plus the level's alldifferent on the cage.
    Bounds,
    /// Domain consistency on the cage: every value kept has a combination of the
    /// cage's digits, laid on its cells, that holds it.
    Combos,
}

/// Every cage strength, as named after `cages=`; the first is the default.
pub const CAGE_STRENGTHS: &[(&str, CageStrength)] = &[
    ("combos", CageStrength::Combos),
    ("bounds", CageStrength::Bounds),
];

/// A propagation level, a branching rule and a cage strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// The alldifferent propagator.
    pub propagation: Propagation,
    /// The variable choice.
    pub branch: Branch,
    /// The Killer cage propagator (unused on a board without cages).
    pub cages: CageStrength,
}

fn lookup<T: Copy>(table: &[(&str, T)], what: &str, name: &str) -> Result<T> {
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, t)| t)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            Error::Config(format!(
                "csp has no {what} '{name}'{} (available: {})",
                crate::words::did_you_mean(name, names.iter().copied()),
                names.join(", ")
            ))
        })
}

fn name_of<T: PartialEq>(table: &[(&'static str, T)], value: T) -> &'static str {
    table
        .iter()
        .find(|(_, t)| *t == value)
        .map_or("?", |(n, _)| n)
}

impl Config {
    /// The configuration named `LEVEL` followed by options joined by `+`, each a
    /// branching rule or `cages=STRENGTH`, in any order, each kind at most once; the
    /// level may be left out (`+pairs`, `cages=bounds`). `None`, and whatever is not
    /// named: `permutation`, `mrv`, `cages=combos`.
    pub fn from_name(name: Option<&str>) -> Result<Config> {
        let name = name.unwrap_or("");
        let mut items = name.split('+');
        let first = items.next().unwrap_or("");
        let (level, options): (&str, Vec<&str>) = if first.contains('=') {
            ("", std::iter::once(first).chain(items).collect())
        } else {
            (first, items.collect())
        };
        let mut config = Config {
            propagation: match level {
                "" => Propagation::Permutation,
                l => Config::propagation(l)?,
            },
            branch: Branch::Mrv,
            cages: CAGE_STRENGTHS[0].1,
        };
        let (mut branch_seen, mut cages_seen) = (false, false);
        for item in options {
            let twice = |what: &str| {
                Error::Config(format!("csp configuration '{name}' gives the {what} twice"))
            };
            match item.split_once('=') {
                Some(("cages", strength)) => {
                    if std::mem::replace(&mut cages_seen, true) {
                        return Err(twice("cage strength"));
                    }
                    config.cages = Config::cage_strength(strength)?;
                }
                Some((key, _)) => {
                    return Err(Error::Config(format!(
                        "csp has no option '{key}' (options: a branching rule, or cages=STRENGTH)"
                    )))
                }
                None => {
                    if std::mem::replace(&mut branch_seen, true) {
                        return Err(twice("branching rule"));
                    }
                    config.branch = Config::branch(item)?;
                }
            }
        }
        Ok(config)
    }

    /// The propagation level named `name`.
    pub fn propagation(name: &str) -> Result<Propagation> {
        lookup(PROPAGATIONS, "propagation level", name)
    }

    /// The branching rule named `name`.
    pub fn branch(name: &str) -> Result<Branch> {
        lookup(BRANCHES, "branching rule", name)
    }

    /// The cage strength named `name` (the text after `cages=`).
    pub fn cage_strength(name: &str) -> Result<CageStrength> {
        lookup(CAGE_STRENGTHS, "cage strength", name)
    }

    /// The name after `csp:`: the level, then the branching rule when it is not `mrv`,
    /// then the cage strength when it is not `combos`.
    pub fn name(self) -> String {
        let mut name = name_of(PROPAGATIONS, self.propagation).to_string();
        if self.branch != Branch::Mrv {
            name = format!("{name}+{}", name_of(BRANCHES, self.branch));
        }
        if self.cages != CAGE_STRENGTHS[0].1 {
            name = format!("{name}+cages={}", name_of(CAGE_STRENGTHS, self.cages));
        }
        name
    }
}

/// The domains a puzzle starts from: a given's value, or every value for a blank.
fn initial_domains(puzzle: &Puzzle) -> Vec<CandSet> {
    let full = CandSet::full(puzzle.n());
    puzzle
        .cells
        .iter()
        .map(|&v| match v {
            0 => full,
            v if (v as usize) <= puzzle.n() => CandSet::single(v),
            _ => CandSet::EMPTY,
        })
        .collect()
}

/// The domains after propagation alone at the root (no search), or `Err` when
/// propagation alone proves the puzzle has no solution: what the tests compare levels by.
#[cfg(test)]
pub fn root_domains(
    puzzle: &Puzzle,
    propagation: Propagation,
) -> std::result::Result<Vec<CandSet>, Conflict> {
    root_domains_with(puzzle, propagation, CAGE_STRENGTHS[0].1)
}

/// [`root_domains`] with the cages propagated at `cages`.
#[cfg(test)]
pub fn root_domains_with(
    puzzle: &Puzzle,
    propagation: Propagation,
    cages: CageStrength,
) -> std::result::Result<Vec<CandSet>, Conflict> {
    let mut engine = Engine::new(&puzzle.geometry, propagation, cages);
    let mut doms = initial_domains(puzzle);
    engine.propagate(&mut doms, None)?;
    Ok(doms)
}

/// The constraint solver.
pub struct CspSolver {
    config: Config,
    /// The engine of the last board solved on, reused while the board stays the same
    /// (building one costs more than propagating an easy puzzle).
    engine: Option<(Arc<Geometry>, Engine)>,
}

impl CspSolver {
    /// A solver for a configuration.
    pub fn new(config: Config) -> CspSolver {
        CspSolver {
            config,
            engine: None,
        }
    }

    /// An engine for `geometry`, readied for a new puzzle.
    fn engine_for(&mut self, geometry: &Arc<Geometry>) -> &mut Engine {
        let reusable = self
            .engine
            .as_ref()
            .is_some_and(|(g, _)| Arc::ptr_eq(g, geometry) || **g == **geometry);
        if !reusable {
            self.engine = None;
        }
        let (propagation, cages) = (self.config.propagation, self.config.cages);
        let (_, engine) = self
            .engine
            .get_or_insert_with(|| (geometry.clone(), Engine::new(geometry, propagation, cages)));
        engine.begin_puzzle();
        engine
    }
}

impl CspSolver {
    /// Runs the whole search, reporting the solutions at the end.
    fn search(&mut self, puzzle: &Puzzle, opts: &SolveOptions) -> Outcome {
        let start = Instant::now();
        let g = &puzzle.geometry;
        let branch = self.config.branch;
        let engine = self.engine_for(g);
        engine.deadline = opts.deadline;
        let mut doms = initial_domains(puzzle);
        let mut stats = Stats {
            variables: g.cells() as u64,
            constraints: (g.units.len() + g.cages.len()) as u64,
            nonzeros: g
                .units
                .iter()
                .map(|u| &u.cells)
                .chain(g.cages.iter().map(|c| &c.cells))
                .map(|cells| cells.len() as u64)
                .sum(),
            ..Stats::default()
        };
        stats.encode_ms = ms(start.elapsed());

        let search_start = Instant::now();
        let root = engine.propagate(&mut doms, None);
        let root_open = doms.iter().filter(|d| d.len() > 1).count();
        let end = match root {
            Err(Conflict) => search::SearchEnd {
                complete: true,
                ..Default::default()
            },
            Ok(()) if opts.expired() => search::SearchEnd {
                timed_out: true,
                ..Default::default()
            },
            Ok(()) => {
                // The hint is a solution of the plain board: of no use against
                // regions or cages.
                let hint = g
                    .is_plain()
                    .then(|| solution_hint(puzzle, opts.deadline))
                    .flatten();
                note_hint(&mut stats, hint.as_deref());
                let first_value = hint.unwrap_or_else(|| vec![1; g.cells()]);
                search::search(engine, doms, branch, &g.peers, &first_value, opts)
            }
        };
        stats.solve_ms = ms(search_start.elapsed());

        let decode_start = Instant::now();
        let solutions: Vec<Vec<u8>> = end.solutions;
        stats.decode_ms = ms(decode_start.elapsed());
        stats.nodes = end.nodes;
        stats.backtracks = end.failures;
        stats.propagations = engine.counters.pruned_total();
        let extra = &mut stats.extra;
        extra.insert("propagator_calls".into(), engine.counters.calls as f64);
        for (key, &pruned) in PRUNED_KEYS.iter().zip(&engine.counters.pruned) {
            extra.insert(key.to_string(), pruned as f64);
        }
        extra.insert("shave_trials".into(), engine.counters.shave_trials as f64);
        extra.insert("augmentations".into(), engine.augmentations() as f64);
        extra.insert("root_open_cells".into(), root_open as f64);
        let search_free = end.nodes == 0 && !end.timed_out;
        extra.insert("search_free".into(), if search_free { 1.0 } else { 0.0 });
        Outcome::from_search(solutions, end.found, end.complete, end.timed_out, stats)
    }
}

impl Solver for CspSolver {
    fn name(&self) -> String {
        format!("csp:{}", self.config.name())
    }

    fn effort_name(&self) -> &'static str {
        "search nodes"
    }

    /// Every board: units of any shape, and Killer cages (stated as constraints of
    /// their own at the configured strength).
    fn refuses(&self, _geometry: &Geometry) -> Option<String> {
        None
    }

    fn solve_streaming(
        &mut self,
        puzzle: &Puzzle,
        opts: &SolveOptions,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Outcome {
        reported_at_end(self.search(puzzle, opts), on_solution)
    }
}

#[cfg(test)]
mod tests;
