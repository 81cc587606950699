//! The simplest rules, for building puzzles: naked singles (a cell with one candidate)
//! and hidden singles (a value with one place in a unit), applied until nothing changes.
//! Kept here rather than borrowed from the `rules` engine because generation only needs
//! placements and contradictions, many thousands of times, not explained steps.

use crate::model::puzzle::Grid;
use crate::model::{CandSet, Geometry};

/// A position: candidates of every cell and the values placed so far.
#[derive(Clone, Debug)]
pub struct Position<'g> {
    g: &'g Geometry,
    /// Candidates of each cell (a placed cell keeps only its value).
    pub cand: Vec<CandSet>,
    /// Values placed, `0` for open.
    pub grid: Grid,
    open: usize,
}

impl<'g> Position<'g> {
    /// The empty grid.
    pub fn new(g: &'g Geometry) -> Position<'g> {
        Position {
            g,
            cand: vec![CandSet::full(g.n); g.cells()],
            grid: vec![0; g.cells()],
            open: g.cells(),
        }
    }

    /// Whether every cell holds a value.
    pub fn solved(&self) -> bool {
        self.open == 0
    }

    /// Places `v` in `cell` and removes it from the peers; false on a contradiction
    /// (the value is not a candidate, or a peer is left without one).
    pub fn place(&mut self, cell: usize, v: u8) -> bool {
        if !self.cand[cell].contains(v) {
            return false;
        }
        if self.grid[cell] == v {
            return true;
        }
        self.grid[cell] = v;
        self.cand[cell] = CandSet::single(v);
        self.open -= 1;
        let bit = !CandSet::single(v);
        let mut ok = true;
        for &p in &self.g.peers[cell] {
            if self.grid[p] == v {
                ok = false;
            }
            self.cand[p] = self.cand[p] & bit;
            ok &= !self.cand[p].is_empty();
        }
        ok
    }

    /// Applies naked and hidden singles until none applies; false on a contradiction
    /// (a cell without candidates, or a value with no place left in a unit).
    pub fn propagate(&mut self) -> bool {
        let n = self.g.n;
        loop {
            let mut progress = false;
            for cell in 0..self.g.cells() {
                if self.grid[cell] == 0 && self.cand[cell].len() == 1 {
                    let v = self.cand[cell].first().expect("one candidate");
                    if !self.place(cell, v) {
                        return false;
                    }
                    progress = true;
                }
            }
            for unit in &self.g.units {
                for v in 1..=n as u8 {
                    let mut places = unit.cells.iter().filter(|&&c| self.cand[c].contains(v));
                    let Some(&first) = places.next() else {
                        return false;
                    };
                    if places.next().is_none() && self.grid[first] == 0 {
                        if !self.place(first, v) {
                            return false;
                        }
                        progress = true;
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Variant;

    #[test]
    fn singles_finish_a_nearly_full_grid_and_see_clashes() {
        let g = Geometry::new(2, 2, Variant::Classic).unwrap();
        let full = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let mut p = Position::new(&g);
        for cell in [0, 1, 2, 4, 5, 6, 8, 9, 10] {
            assert!(p.place(cell, full[cell]));
        }
        assert!(p.propagate());
        assert!(p.solved());
        assert_eq!(p.grid, full.to_vec());
        let mut q = Position::new(&g);
        assert!(q.place(0, 1));
        assert!(!q.place(1, 1));
    }
}
