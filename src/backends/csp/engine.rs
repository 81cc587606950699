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
//! Fixed cells are propagated first (cheap), units after. The propagators are monotone
//! and sound, so the order does not change the fixpoint, only the work to reach it.

use super::{bounds, permutation, regin::Regin, shave, Conflict, Propagation};
use crate::model::{CandSet, Geometry};
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
}

/// Names of the per-propagator counters in `Stats::extra`, indexed by [`Kind`].
pub const PRUNED_KEYS: [&str; 5] = [
    "pruned_naive",
    "pruned_permutation",
    "pruned_bounds",
    "pruned_gac",
    "pruned_shave",
];

/// Work done by the engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Propagator invocations (one per propagator per unit visit).
    pub calls: u64,
    /// Values removed, per propagator ([`Kind`] order).
    pub pruned: [u64; 5],
    /// Singleton tests run by the shaving step.
    pub shave_trials: u64,
}

impl Counters {
    /// Values removed by all propagators together.
    pub fn pruned_total(&self) -> u64 {
        self.pruned.iter().sum()
    }
}

/// A finite-domain engine over cells `0..cells`, with one alldifferent (permutation)
/// constraint per unit.
pub struct Engine {
    level: Propagation,
    units: Vec<Vec<usize>>,
    cell_units: Vec<Vec<usize>>,
    /// The other cells sharing a unit with each cell, all in one array: those of cell
    /// `c` are `peers[peer_start[c]..peer_start[c + 1]]`.
    peers: Vec<u32>,
    peer_start: Vec<usize>,
    regin: Regin,
    fixed_queue: Vec<usize>,
    unit_queue: Vec<usize>,
    queued: Vec<bool>,
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
    /// An engine on the units of a board.
    pub fn new(geometry: &Geometry, level: Propagation) -> Engine {
        let units: Vec<Vec<usize>> = geometry.units.iter().map(|u| u.cells.clone()).collect();
        Engine::from_units(geometry.cells(), units, level)
    }

    /// An engine on any permutation units over variables `0..vars` (each unit of `k`
    /// variables takes the values `1..=k`, `k ≤ 64`).
    fn from_units(vars: usize, units: Vec<Vec<usize>>, level: Propagation) -> Engine {
        let mut cell_units = vec![Vec::new(); vars];
        for (u, cells) in units.iter().enumerate() {
            for &c in cells {
                cell_units[c].push(u);
            }
        }
        let mut peers = Vec::new();
        let mut peer_start = vec![0];
        for (c, its_units) in cell_units.iter().enumerate() {
            let mut p: Vec<u32> = its_units
                .iter()
                .flat_map(|&u| units[u].iter().copied())
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
            queued: vec![false; units.len()],
            unit_queue: Vec::with_capacity(units.len()),
            fixed_queue: Vec::with_capacity(vars),
            units,
            cell_units,
            peers,
            peer_start,
            regin: Regin::new(),
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
            }
            Some(cell) => self.touched(doms, cell),
        }
        let result = self.drain(doms);
        self.fixed_queue.clear();
        for u in self.unit_queue.drain(..) {
            self.queued[u] = false;
        }
        result
    }

    fn enqueue(&mut self, unit: usize) {
        if !self.queued[unit] {
            self.queued[unit] = true;
            self.unit_queue.push(unit);
        }
    }

    /// Records that `cell` changed: its units are due, and if it is fixed, its value
    /// must leave its peers.
    fn touched(&mut self, doms: &[CandSet], cell: usize) {
        if is_single(doms[cell].0) {
            self.fixed_queue.push(cell);
        }
        if self.level != Propagation::Naive {
            for k in 0..self.cell_units[cell].len() {
                self.enqueue(self.cell_units[cell][k]);
            }
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
