//! One ant's copy of the grid with the paper's constraint propagation (section 3.1):
//! when a cell is fixed its value leaves every peer (rule 1: elimination), a cell left
//! with one value is fixed (naked single), and a value with one place left in a unit is
//! fixed there (rule 2: hidden single), recursively until nothing changes.
//!
//! A cell whose candidates run out is left open and empty: the ant meets it later and
//! counts it as failed. Nothing else is checked (a unit that has lost a value for good is
//! not noticed until its cells empty), as in the paper: the ants' score is the number of
//! cells fixed, and only a board with every cell fixed is a solution. Every fix takes a
//! value still among the cell's candidates and removes it from all peers at once, so two
//! peers never hold the same value: a board with every cell fixed is a valid grid.

use crate::model::{CandSet, Geometry};

/// A grid being filled: candidates, fixed values and, per unit and value, how many cells
/// of the unit still allow the value.
#[derive(Clone, Debug)]
pub struct Board {
    /// Candidates of each cell (one value once fixed, none when failed).
    pub cands: Vec<CandSet>,
    /// The fixed value of each cell, `0` while open.
    pub value: Vec<u8>,
    /// `places[unit * n + value - 1]`: cells of the unit whose candidates hold the value.
    places: Vec<u16>,
    /// Number of fixed cells.
    pub fixed: usize,
    /// Candidate eliminations made so far (the propagation effort).
    pub eliminations: u64,
    /// Fixes waiting to be made, `(cell, value)`.
    pending: Vec<(usize, u8)>,
}

impl Board {
    /// The open board of `g`: every cell allows every value.
    pub fn new(g: &Geometry) -> Board {
        let n = g.n;
        Board {
            cands: vec![CandSet::full(n); n * n],
            value: vec![0; n * n],
            places: vec![n as u16; g.units.len() * n],
            fixed: 0,
            eliminations: 0,
            pending: Vec::new(),
        }
    }

    /// Whether the cell has no candidate left (and so can never be fixed).
    pub fn is_empty(&self, cell: usize) -> bool {
        self.cands[cell].is_empty()
    }

    /// Fixes `cell` to `value` and propagates; `false` if the value was no longer among
    /// the cell's candidates (or the cell was already fixed), which changes nothing.
    pub fn fix(&mut self, g: &Geometry, cell: usize, value: u8) -> bool {
        if self.value[cell] != 0 || !self.cands[cell].contains(value) {
            return false;
        }
        self.pending.push((cell, value));
        while let Some((c, v)) = self.pending.pop() {
            if self.value[c] == 0 && self.cands[c].contains(v) {
                self.assign(g, c, v);
            }
        }
        true
    }

    /// Sets `cell` to `value` (one of its candidates) and removes it from every peer,
    /// queueing the singles that this creates.
    fn assign(&mut self, g: &Geometry, cell: usize, value: u8) {
        self.value[cell] = value;
        self.fixed += 1;
        let others = self.cands[cell] & !CandSet::single(value);
        self.cands[cell] = CandSet::single(value);
        for w in others.iter() {
            self.lose_place(g, cell, w);
        }
        for &p in &g.peers[cell] {
            if self.cands[p].contains(value) {
                self.cands[p].remove(value);
                self.eliminations += 1;
                self.lose_place(g, p, value);
                if self.value[p] == 0 && self.cands[p].len() == 1 {
                    let only = self.cands[p].first().unwrap_or(value);
                    self.pending.push((p, only));
                }
            }
        }
    }

    /// Records that `cell` no longer allows `value`; a unit where the value then has one
    /// place left gets that place queued (a hidden single).
    fn lose_place(&mut self, g: &Geometry, cell: usize, value: u8) {
        let n = g.n;
        for &u in &g.cell_units[cell] {
            let k = u * n + value as usize - 1;
            self.places[k] -= 1;
            if self.places[k] == 1 {
                let place = g.units[u]
                    .cells
                    .iter()
                    .copied()
                    .find(|&c| self.cands[c].contains(value));
                if let Some(c) = place.filter(|&c| self.value[c] == 0) {
                    self.pending.push((c, value));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Variant;

    #[test]
    fn a_fix_eliminates_from_peers_and_fills_singles() {
        let g = Geometry::new(2, 2, Variant::Classic).unwrap();
        let mut b = Board::new(&g);
        // Row 1: 1 2 3 _ leaves 4 as the only value for r1c4 (a naked single).
        for (cell, v) in [(0, 1), (1, 2), (2, 3)] {
            assert!(b.fix(&g, cell, v));
        }
        assert_eq!(b.value[3], 4);
        assert!(!b.cands[4].contains(1) && !b.cands[4].contains(2));
        // A value that is no longer a candidate is refused and changes nothing.
        let before = b.value.clone();
        assert!(!b.fix(&g, 4, 1));
        assert_eq!(b.value, before);
        // Any two fixed peers differ.
        for c in 0..16 {
            for &p in &g.peers[c] {
                assert!(b.value[c] == 0 || b.value[c] != b.value[p]);
            }
        }
    }

    #[test]
    fn a_value_with_one_place_in_a_unit_is_fixed_there() {
        let g = Geometry::new(3, 3, Variant::Classic).unwrap();
        let mut b = Board::new(&g);
        // 1s in rows 2 and 3 (boxes 2 and 3) and in columns 2 and 3 (boxes 4 and 7)
        // leave r1c1 as the only place of 1 in box 1.
        for (cell, v) in [(9 + 4, 1), (18 + 7, 1), (27 + 1, 1), (54 + 2, 1)] {
            assert!(b.fix(&g, cell, v));
        }
        assert_eq!(b.value[0], 1);
    }
}
