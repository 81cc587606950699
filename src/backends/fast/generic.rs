//! The generic path: every board the model supports (sides 4 to 64, rectangular
//! boxes, the X variant) with one 64-bit candidate set per cell.
//!
//! Simpler and slower than the 9×9 band path, but correct everywhere: naked singles
//! through an event queue (a fixed cell's value leaves its peers), hidden singles per
//! unit with the once/twice bit trick, both to a fixpoint; then depth-first search on
//! the cell with fewest candidates, each child a copy of its parent's candidate array
//! in a reusable arena (one array per depth), so nothing is allocated once the arena is
//! as deep as the search goes.

use super::{Contradiction, Search};
use crate::model::Geometry;
use std::time::Instant;

/// A branching point: the cell and the values not yet tried.
#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: usize,
    left: u64,
}

/// The generic solver for one geometry, with its reusable work space.
pub struct Generic {
    n: usize,
    cells: usize,
    full: u64,
    /// Cells of every unit, `n` per unit, back to back.
    units: Vec<u32>,
    /// Units of each cell: `cell_units[cell_unit_start[c]..cell_unit_start[c + 1]]`.
    cell_units: Vec<u32>,
    cell_unit_start: Vec<usize>,
    /// Peers of each cell: `peers[peer_start[c]..peer_start[c + 1]]`.
    peers: Vec<u32>,
    peer_start: Vec<usize>,
    fixed_queue: Vec<u32>,
    unit_queue: Vec<u32>,
    queued: Vec<bool>,
    arena: Vec<u64>,
    frames: Vec<Frame>,
}

fn single(bits: u64) -> bool {
    bits != 0 && bits & (bits - 1) == 0
}

impl Generic {
    /// A solver for the units of `geometry`.
    pub fn new(geometry: &Geometry) -> Generic {
        let n = geometry.n;
        let cells = geometry.cells();
        let units = geometry
            .units
            .iter()
            .flat_map(|u| u.cells.iter().map(|&c| c as u32))
            .collect();
        let mut cell_units = Vec::new();
        let mut cell_unit_start = vec![0];
        let mut peers = Vec::new();
        let mut peer_start = vec![0];
        for c in 0..cells {
            cell_units.extend(geometry.cell_units[c].iter().map(|&u| u as u32));
            cell_unit_start.push(cell_units.len());
            peers.extend(geometry.peers[c].iter().map(|&p| p as u32));
            peer_start.push(peers.len());
        }
        let full = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        Generic {
            n,
            cells,
            full,
            units,
            cell_units,
            cell_unit_start,
            peers,
            peer_start,
            fixed_queue: Vec::with_capacity(cells),
            unit_queue: Vec::with_capacity(geometry.units.len()),
            queued: vec![false; geometry.units.len()],
            arena: Vec::new(),
            frames: Vec::new(),
        }
    }

    fn enqueue_units_of(&mut self, cell: usize) {
        for k in self.cell_unit_start[cell]..self.cell_unit_start[cell + 1] {
            let u = self.cell_units[k] as usize;
            if !self.queued[u] {
                self.queued[u] = true;
                self.unit_queue.push(u as u32);
            }
        }
    }

    /// Records that `cell` narrowed: its units are due, and if it is fixed its value
    /// must leave its peers.
    fn touched(&mut self, doms: &[u64], cell: usize) {
        if single(doms[cell]) {
            self.fixed_queue.push(cell as u32);
        }
        self.enqueue_units_of(cell);
    }

    /// Propagates to the fixpoint after `changed` narrowed (`None`: everything, as at
    /// the root). The queues are left empty whatever the result.
    fn propagate(&mut self, doms: &mut [u64], changed: Option<usize>) -> Result<(), Contradiction> {
        match changed {
            Some(c) => self.touched(doms, c),
            None => {
                for c in 0..self.cells {
                    self.touched(doms, c);
                }
            }
        }
        let result = self.drain(doms);
        self.fixed_queue.clear();
        for u in self.unit_queue.drain(..) {
            self.queued[u as usize] = false;
        }
        result
    }

    fn drain(&mut self, doms: &mut [u64]) -> Result<(), Contradiction> {
        loop {
            if let Some(c) = self.fixed_queue.pop() {
                let c = c as usize;
                let v = doms[c];
                if v == 0 {
                    return Err(Contradiction);
                }
                for k in self.peer_start[c]..self.peer_start[c + 1] {
                    let p = self.peers[k] as usize;
                    let d = doms[p];
                    if d & v != 0 {
                        let left = d & !v;
                        if left == 0 {
                            return Err(Contradiction);
                        }
                        doms[p] = left;
                        self.touched(doms, p);
                    }
                }
            } else if let Some(u) = self.unit_queue.pop() {
                let u = u as usize;
                self.queued[u] = false;
                self.hidden_singles(doms, u)?;
            } else {
                return Ok(());
            }
        }
    }

    /// Every value needs a place in unit `u`; a value with one place goes there.
    fn hidden_singles(&mut self, doms: &mut [u64], u: usize) -> Result<(), Contradiction> {
        let base = u * self.n;
        let (mut once, mut twice) = (0u64, 0u64);
        for k in base..base + self.n {
            let d = doms[self.units[k] as usize];
            twice |= once & d;
            once |= d;
        }
        if once != self.full {
            return Err(Contradiction);
        }
        let lone = once & !twice;
        if lone == 0 {
            return Ok(());
        }
        for k in base..base + self.n {
            let c = self.units[k] as usize;
            let d = doms[c];
            let h = d & lone;
            if h != 0 && h != d {
                if !single(h) {
                    return Err(Contradiction);
                }
                doms[c] = h;
                self.touched(doms, c);
            }
        }
        Ok(())
    }

    /// The open cell with fewest candidates (the first such), or `None` when every
    /// cell is fixed.
    fn choose(doms: &[u64]) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (c, &d) in doms.iter().enumerate() {
            if d & d.wrapping_sub(1) == 0 {
                continue;
            }
            let size = d.count_ones();
            if best.is_none_or(|(s, _)| size < s) {
                best = Some((size, c));
                if size == 2 {
                    break;
                }
            }
        }
        best.map(|(_, c)| c)
    }

    /// Searches `givens` (one value per cell, 0 for blank) for up to `max` solutions,
    /// calling `on_solution` with each as it is found.
    pub fn search(
        &mut self,
        givens: &[u8],
        max: u64,
        deadline: Option<Instant>,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Search {
        let cells = self.cells;
        let mut end = Search::default();
        let mut arena = std::mem::take(&mut self.arena);
        let mut frames = std::mem::take(&mut self.frames);
        frames.clear();
        if arena.len() < cells {
            arena.resize(cells, 0);
        }
        for (d, &v) in arena.iter_mut().zip(givens) {
            *d = match v {
                0 => self.full,
                v if (v as usize) <= self.n => 1 << (v - 1),
                _ => 0,
            };
        }
        let mut grid = vec![0u8; cells];
        let mut report = |doms: &[u64], end: &mut Search| {
            for (g, &d) in grid.iter_mut().zip(doms) {
                *g = d.trailing_zeros() as u8 + 1;
            }
            end.found += 1;
            on_solution(&grid);
        };
        if self.propagate(&mut arena[..cells], None).is_err() {
            end.complete = true;
        } else if deadline.is_some_and(|d| Instant::now() >= d) {
            end.timed_out = true;
        } else {
            match Generic::choose(&arena[..cells]) {
                None => {
                    report(&arena[..cells], &mut end);
                    end.complete = true;
                }
                Some(cell) => frames.push(Frame {
                    cell,
                    left: arena[cell],
                }),
            }
        }
        // Frame k (from 0) branches on the candidates in arena slot k; its children
        // are built in slot k + 1.
        let every = if self.n <= 16 { 16 } else { 1 };
        while let Some(top) = frames.last_mut() {
            if top.left == 0 {
                frames.pop();
                continue;
            }
            let value = top.left & top.left.wrapping_neg();
            top.left &= !value;
            let cell = top.cell;
            end.nodes += 1;
            if end.nodes % every == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                end.timed_out = true;
                break;
            }
            let k = frames.len();
            if arena.len() < (k + 1) * cells {
                arena.resize((k + 1) * cells, 0);
            }
            let (parent, child) = arena.split_at_mut(k * cells);
            let child = &mut child[..cells];
            child.copy_from_slice(&parent[(k - 1) * cells..]);
            child[cell] = value;
            if self.propagate(child, Some(cell)).is_err() {
                end.failures += 1;
                continue;
            }
            match Generic::choose(child) {
                None => {
                    report(child, &mut end);
                    if end.found >= max {
                        break;
                    }
                }
                Some(next) => frames.push(Frame {
                    cell: next,
                    left: child[next],
                }),
            }
        }
        if frames.is_empty() && !end.timed_out && end.found < max {
            end.complete = true;
        }
        self.arena = arena;
        self.frames = frames;
        end
    }
}
