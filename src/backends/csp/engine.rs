//! The propagation engine: one alldifferent constraint per unit, two queues, and the
//! chosen propagators run until nothing changes anywhere (the fixpoint).
//!
//! - The binary decomposition (`naive`, present at every level) is driven by events:
//!   when a cell becomes fixed, its value is removed from its peers, exactly what
//!   `naive::filter` (the plain statement of it the tests check) does within one unit,
//!   without rescanning the unit.
//! - The unit propagators (`permutation`, `bounds`, `gac`) run on a unit whose cells
//!   changed: its domains are copied into a small buffer, filtered there by the
//!   generic propagators (which know nothing of Sudoku), and written back.
//!
//! - A Killer cage is a constraint of its own, on a third queue: its cells are peers
//!   of one another for the binary decomposition (distinct digits), and a cage whose
//!   cells changed runs its filter on a copy of its domains: with `cages=combos`, the
//!   domain-consistent one (`combos.rs`); with `cages=bounds`, bounds consistency on the
//!   total (`sum.rs`) and the level's alldifferent filter on the cage's cells.
//!
//! Fixed cells are propagated first (cheap), units after, cages last. The propagators
//! are monotone and sound, so the order does not change the fixpoint, only the work to
//! reach it.

use super::combos::{self, Combos};
use super::{bounds, permutation, regin::Regin, shave, sum, CageStrength, Conflict, Propagation};
use crate::model::{combinations, CandSet, Geometry};
use std::time::Instant;

/// The propagators, for the per-propagator counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Forward checking.
    Naive = 0,
    /// Hidden singles.
    Permutation = 1,
    /// Hall intervals.
    Bounds = 2,
    /// Régin.
    Gac = 3,
    /// Singleton consistency on two-valued cells.
    Shave = 4,
    /// Bounds consistency on a cage's total (`cages=bounds`).
    CageSum = 5,
    /// Domain consistency on a whole cage (`cages=combos`).
    CageCombos = 6,
}

/// Names of the per-propagator counters in `Stats::extra`, indexed by [`Kind`]. What
/// the level's alldifferent filter removes on a cage counts under its own name.
pub const PRUNED_KEYS: [&str; 7] = [
    "pruned_naive",
    "pruned_permutation",
    "pruned_bounds",
    "pruned_gac",
    "pruned_shave",
    "pruned_cage_sum",
    "pruned_cage_combos",
];

/// Work done by the engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Propagator invocations (one per propagator per unit or cage visit).
    pub calls: u64,
    /// Values removed, per propagator ([`Kind`] order).
    pub pruned: [u64; 7],
    /// Singleton tests run by the shaving step.
    pub shave_trials: u64,
}

impl Counters {
    /// Values removed by all propagators together.
    pub fn pruned_total(&self) -> u64 {
        self.pruned.iter().sum()
    }
}

/// A Killer cage as the engine states it.
struct CageRule {
    cells: Vec<usize>,
    sum: u32,
    /// Its digit sets, when it is propagated by `combos`; `None` under `cages=bounds`,
    /// or when it has more than [`combos::MAX_COMBINATIONS`] of them.
    combinations: Option<Vec<CandSet>>,
}

/// A finite-domain engine over cells `0..cells`, with one alldifferent (permutation)
/// constraint per unit and one cage constraint per Killer cage.
pub struct Engine {
    level: Propagation,
    /// The side of the board: the number of values.
    n: usize,
    units: Vec<Vec<usize>>,
    cell_units: Vec<Vec<usize>>,
    /// The other cells sharing a unit or a cage with each cell, all in one array: those
    /// of cell `c` are `peers[peer_start[c]..peer_start[c + 1]]`.
    peers: Vec<u32>,
    peer_start: Vec<usize>,
    regin: Regin,
    cages: Vec<CageRule>,
    /// The cage of each cell, or `u32::MAX`.
    cell_cage: Vec<u32>,
    combos: Combos,
    fixed_queue: Vec<usize>,
    unit_queue: Vec<usize>,
    queued: Vec<bool>,
    cage_queue: Vec<usize>,
    cage_queued: Vec<bool>,
    buffer: Vec<CandSet>,
    /// Work counters, accumulated until reset by the caller.
    pub counters: Counters,
    /// When set, the shaving step stops (soundly: it only ever removes values) once
    /// this instant has passed.
    pub deadline: Option<Instant>,
}

fn is_single(bits: u64) -> bool {
    bits != 0 && bits & (bits - 1) == 0
}

impl Engine {
    /// An engine on the units and cages of a board, each cage propagated at `strength`.
    pub fn new(geometry: &Geometry, level: Propagation, strength: CageStrength) -> Engine {
        let vars = geometry.cells();
        let units: Vec<Vec<usize>> = geometry.units.iter().map(|u| u.cells.clone()).collect();
        let cages: Vec<CageRule> = geometry
            .cages
            .iter()
            .map(|cage| {
                let (n, k) = (geometry.n, cage.cells.len());
                let listed = strength == CageStrength::Combos
                    && combos::count(n, k, cage.sum) <= combos::MAX_COMBINATIONS;
                CageRule {
                    cells: cage.cells.clone(),
                    sum: cage.sum,
                    combinations: listed.then(|| combinations(n, k, cage.sum)),
                }
            })
            .collect();
        let mut cell_cage = vec![u32::MAX; vars];
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                cell_cage[c] = k as u32;
            }
        }
        let mut cell_units = vec![Vec::new(); vars];
        for (u, cells) in units.iter().enumerate() {
            for &c in cells {
                cell_units[c].push(u);
            }
        }
        let mut peers = Vec::new();
        let mut peer_start = vec![0];
        for (c, its_units) in cell_units.iter().enumerate() {
            let mates = cages
                .get(cell_cage[c] as usize)
                .map_or(&[][..], |cage| &cage.cells[..]);
            let mut p: Vec<u32> = its_units
                .iter()
                .flat_map(|&u| units[u].iter().copied())
                .chain(mates.iter().copied())
                .filter(|&o| o != c)
                .map(|o| o as u32)
                .collect();
            p.sort_unstable();
            p.dedup();
            peers.extend(p);
            peer_start.push(peers.len());
        }
        Engine {
            level,
            n: geometry.n,
            queued: vec![false; units.len()],
            unit_queue: Vec::with_capacity(units.len()),
            cage_queued: vec![false; cages.len()],
            cage_queue: Vec::with_capacity(cages.len()),
            fixed_queue: Vec::with_capacity(vars),
            units,
            cell_units,
            peers,
            peer_start,
            regin: Regin::new(),
            cages,
            cell_cage,
            combos: Combos::new(),
            buffer: Vec::with_capacity(64),
            counters: Counters::default(),
            deadline: None,
        }
    }

    /// Readies the engine for a new puzzle: every work counter at 0 and no matching kept
    /// from the last one, so that a solver reused across puzzles reports each puzzle's
    /// own work, whatever it solved before (under `compare --jobs 2`, which thread ran
    /// what changed `augmentations`).
    pub fn begin_puzzle(&mut self) {
        self.counters = Counters::default();
        self.regin = Regin::new();
        self.combos = Combos::new();
    }

    /// Augmenting-path searches Régin's filter started since the last reset.
    pub fn augmentations(&self) -> u64 {
        self.regin.augmentations
    }

    /// Propagates to the fixpoint after the cell `changed` was narrowed (`None`: every
    /// cell and unit is examined, as at the root). Fails when a domain empties or a
    /// unit cannot be completed; `doms` is then left part-way and must be thrown away.
    pub fn propagate(
        &mut self,
        doms: &mut [CandSet],
        changed: Option<usize>,
    ) -> Result<(), Conflict> {
        self.fixpoint(doms, changed)?;
        if self.level == Propagation::GacShave {
            shave::shave(self, doms)?;
        }
        Ok(())
    }

    /// The fixpoint of the level's alldifferent propagators (no shaving).
    pub(super) fn fixpoint(
        &mut self,
        doms: &mut [CandSet],
        changed: Option<usize>,
    ) -> Result<(), Conflict> {
        match changed {
            None => {
                for cell in 0..doms.len() {
                    self.touched(doms, cell);
                }
                for u in 0..self.units.len() {
                    self.enqueue(u);
                }
                for k in 0..self.cages.len() {
                    self.enqueue_cage(k);
                }
            }
            Some(cell) => self.touched(doms, cell),
        }
        let result = self.drain(doms);
        self.fixed_queue.clear();
        for u in self.unit_queue.drain(..) {
            self.queued[u] = false;
        }
        for k in self.cage_queue.drain(..) {
            self.cage_queued[k] = false;
        }
        result
    }

    fn enqueue(&mut self, unit: usize) {
        if !self.queued[unit] {
            self.queued[unit] = true;
            self.unit_queue.push(unit);
        }
    }

    fn enqueue_cage(&mut self, cage: usize) {
        if !self.cage_queued[cage] {
            self.cage_queued[cage] = true;
            self.cage_queue.push(cage);
        }
    }

    /// Records that `cell` changed: its units and its cage are due, and if it is
    /// fixed, its value must leave its peers (its cage mates among them).
    fn touched(&mut self, doms: &[CandSet], cell: usize) {
        if is_single(doms[cell].0) {
            self.fixed_queue.push(cell);
        }
        if self.level != Propagation::Naive {
            for k in 0..self.cell_units[cell].len() {
                self.enqueue(self.cell_units[cell][k]);
            }
        }
        if let Some(&cage) = self.cell_cage.get(cell).filter(|&&k| k != u32::MAX) {
            self.enqueue_cage(cage as usize);
        }
    }

    fn drain(&mut self, doms: &mut [CandSet]) -> Result<(), Conflict> {
        loop {
            if let Some(cell) = self.fixed_queue.pop() {
                self.eliminate(doms, cell)?;
            } else if let Some(u) = self.unit_queue.pop() {
                self.queued[u] = false;
                let changed = self.filter_unit(u, doms)?;
                let mut bits = changed;
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.touched(doms, self.units[u][k]);
                }
            } else if let Some(cage) = self.cage_queue.pop() {
                self.cage_queued[cage] = false;
                let mut bits = self.filter_cage(cage, doms)?;
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.touched(doms, self.cages[cage].cells[k]);
                }
            } else {
                return Ok(());
            }
        }
    }

    /// The binary decomposition fired by a fixed cell: its value leaves every peer.
    /// A peer fixed to the same value empties, which is the failure.
    fn eliminate(&mut self, doms: &mut [CandSet], cell: usize) -> Result<(), Conflict> {
        self.counters.calls += 1;
        let value = doms[cell].0;
        for k in self.peer_start[cell]..self.peer_start[cell + 1] {
            let p = self.peers[k] as usize;
            let bits = doms[p].0;
            if bits & value != 0 {
                let left = bits & !value;
                if left == 0 {
                    return Err(Conflict);
                }
                doms[p].0 = left;
                self.counters.pruned[Kind::Naive as usize] += 1;
                self.touched(doms, p);
            }
        }
        Ok(())
    }

    /// Runs the level's unit propagators once on one unit: `permutation` in place,
    /// then `bounds` or `gac` on a copy of the unit's domains. Returns the positions
    /// (in the unit) of the cells narrowed; the caller puts their units, this one too,
    /// back on the queue, so a unit is filtered again until a visit changes nothing.
    fn filter_unit(&mut self, unit: usize, doms: &mut [CandSet]) -> Result<u64, Conflict> {
        if self.level == Propagation::Naive {
            return Ok(0);
        }
        let (_, mut changed) = self.step(
            Kind::Permutation,
            permutation::filter_at(doms, &self.units[unit]),
        )?;
        if self.level == Propagation::Permutation {
            return Ok(changed);
        }
        let mut buf = std::mem::take(&mut self.buffer);
        buf.clear();
        buf.extend(self.units[unit].iter().map(|&c| doms[c]));
        let result = if self.level == Propagation::Bounds {
            self.step(Kind::Bounds, bounds::filter(&mut buf).map(|p| (p, 0)))
        } else {
            let r = self.regin.filter(unit, &mut buf);
            self.step(Kind::Gac, r.map(|p| (p, 0)))
        };
        if result.is_ok() {
            for (k, &value) in buf.iter().enumerate() {
                let c = self.units[unit][k];
                if doms[c] != value {
                    doms[c] = value;
                    changed |= 1 << k;
                }
            }
        }
        self.buffer = buf;
        result?;
        Ok(changed)
    }

    /// Runs a cage's filter once: `combos` when the cage has its combinations listed;
    /// otherwise bounds consistency on the total, then the level's alldifferent filter
    /// on the cage's cells (`naive` is the binary decomposition already in the peers;
    /// the stronger levels add hidden singles on a cage of `n` cells, the one kind
    /// whose digits are every value, as they do on units). Returns the positions (in
    /// the cage) of the cells narrowed, for the caller to put their units and this cage
    /// back on the queue.
    fn filter_cage(&mut self, cage: usize, doms: &mut [CandSet]) -> Result<u64, Conflict> {
        let mut changed = 0u64;
        if self.cages[cage].combinations.is_none()
            && self.level != Propagation::Naive
            && self.cages[cage].cells.len() == self.n
        {
            let r = permutation::filter_at(doms, &self.cages[cage].cells);
            changed = self.step(Kind::Permutation, r)?.1;
        }
        let mut buf = std::mem::take(&mut self.buffer);
        buf.clear();
        buf.extend(self.cages[cage].cells.iter().map(|&c| doms[c]));
        let rule = &self.cages[cage];
        let result = match &rule.combinations {
            Some(list) => {
                let r = self.combos.filter(&mut buf, list);
                self.step(Kind::CageCombos, r.map(|p| (p, 0)))
            }
            None => {
                let sum = rule.sum;
                let r = sum::filter(&mut buf, sum);
                self.step(Kind::CageSum, r.map(|p| (p, 0)))
                    .and_then(|_| match self.level {
                        Propagation::Naive | Propagation::Permutation => Ok((0, 0)),
                        Propagation::Bounds => {
                            let r = bounds::filter(&mut buf);
                            self.step(Kind::Bounds, r.map(|p| (p, 0)))
                        }
                        Propagation::Gac | Propagation::GacShave => {
                            // Régin's kept matchings: the units' first, the cages' after.
                            let r = self.regin.filter(self.units.len() + cage, &mut buf);
                            self.step(Kind::Gac, r.map(|p| (p, 0)))
                        }
                    })
            }
        };
        if result.is_ok() {
            for (k, &value) in buf.iter().enumerate() {
                let c = self.cages[cage].cells[k];
                if doms[c] != value {
                    doms[c] = value;
                    changed |= 1 << k;
                }
            }
        }
        self.buffer = buf;
        result?;
        Ok(changed)
    }

    /// Counts one propagator call and what it removed (the first of the pair).
    fn step(
        &mut self,
        kind: Kind,
        result: Result<(u64, u64), Conflict>,
    ) -> Result<(u64, u64), Conflict> {
        self.counters.calls += 1;
        let (pruned, changed) = result?;
        self.counters.pruned[kind as usize] += pruned;
        Ok((pruned, changed))
    }
}

impl shave::Propagate for Engine {
    fn fixpoint(
        &mut self,
        doms: &mut [CandSet],
        changed: Option<usize>,
        trial: bool,
    ) -> Result<(), Conflict> {
        if !trial {
            return Engine::fixpoint(self, doms, changed);
        }
        // What a trial prunes is not kept, so it is not counted either.
        let pruned = self.counters.pruned;
        let outcome = Engine::fixpoint(self, doms, changed);
        self.counters.pruned = pruned;
        outcome
    }

    fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn count_trial(&mut self, removed: bool) {
        self.counters.shave_trials += 1;
        if removed {
            self.counters.pruned[Kind::Shave as usize] += 1;
        }
    }
}
