//! The candidate grid, kept in two views that one function updates together:
//! candidates per cell, and per digit the positions in each unit where it can still go.

use super::board::Board;
use crate::model::{CandSet, Puzzle};
use std::sync::Arc;

/// Why a position has no completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broken {
    /// A cell has no candidate left.
    EmptyCell(usize),
    /// A digit has no place left in a unit.
    NoPlace {
        /// The digit.
        digit: u8,
        /// The unit.
        unit: usize,
    },
    /// A digit was placed where it is not a candidate (a given clashing with a peer).
    Clash {
        /// The cell.
        cell: usize,
        /// The digit.
        digit: u8,
    },
    /// A Killer cage's cells are all placed and do not add up to its total.
    CageSum {
        /// The cage (an index into the geometry's cages).
        cage: usize,
    },
}

/// The position something was built for, so a cache can tell whether it still holds.
#[derive(Default, Debug)]
pub struct PositionKey {
    cand: Vec<CandSet>,
    value: Vec<u8>,
}

impl PositionKey {
    /// Whether `s` is the kept position; if not, `s` becomes it.
    pub fn keep(&mut self, s: &State) -> bool {
        if self.cand == s.cand && self.value == s.value {
            return true;
        }
        self.cand.clone_from(&s.cand);
        self.value.clone_from(&s.value);
        false
    }
}

/// The state every rule reads and only [`State::place`] and [`State::eliminate`] write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Candidates of each cell (a placed cell keeps its digit alone).
    pub cand: Vec<CandSet>,
    /// `pos[(d - 1) * units + u]`: the positions in unit `u` where digit `d` can go
    /// (a placed digit keeps its cell).
    pub pos: Vec<u64>,
    /// The digit placed in each cell, 0 while open.
    pub value: Vec<u8>,
    /// Open cells left.
    pub open: usize,
    /// The first contradiction met, if any.
    pub broken: Option<Broken>,
    /// Whether each cell is a given of the puzzle (shared by every copy of the state).
    pub given: Arc<[bool]>,
    units: usize,
}

impl State {
    /// Every candidate everywhere, nothing placed.
    pub fn empty(board: &Board) -> State {
        let cells = board.n * board.n;
        State {
            cand: vec![CandSet(board.full); cells],
            pos: vec![board.full; board.n * board.unit_count()],
            value: vec![0; cells],
            open: cells,
            broken: None,
            given: vec![false; cells].into(),
            units: board.unit_count(),
        }
    }

    /// The puzzle's givens placed (each removing its digit from its peers: Chen's
    /// initialisation and one pass of 1-reduction). A clash of givens breaks the state.
    pub fn new(board: &Board, puzzle: &Puzzle) -> State {
        let mut s = State::empty(board);
        s.given = puzzle.cells.iter().map(|&v| v != 0).collect();
        for (cell, &v) in puzzle.cells.iter().enumerate() {
            if v != 0 {
                s.place(board, cell, v);
            }
        }
        s
    }

    /// The positions of digit `d` in unit `u`.
    pub fn places(&self, d: u8, u: usize) -> u64 {
        self.pos[(d as usize - 1) * self.units + u]
    }

    /// Removes digit `d` from `cell`, in both views; returns whether it was there.
    /// Emptying a cell or a digit's places in a unit records the contradiction.
    pub fn eliminate(&mut self, board: &Board, cell: usize, d: u8) -> bool {
        if !self.cand[cell].contains(d) {
            return false;
        }
        self.cand[cell].remove(d);
        if self.cand[cell].is_empty() && self.broken.is_none() {
            self.broken = Some(Broken::EmptyCell(cell));
        }
        let base = (d as usize - 1) * self.units;
        for &(u, i) in &board.cell_units[cell] {
            let p = &mut self.pos[base + u];
            *p &= !(1u64 << i);
            if *p == 0 && self.broken.is_none() {
                self.broken = Some(Broken::NoPlace { digit: d, unit: u });
            }
        }
        true
    }

    /// Places digit `d` in `cell`: its other candidates go, and `d` leaves every peer
    /// and cage mate. Filling a cage's last cell with a total other than the cage's
    /// records the contradiction. Returns the number of candidates removed.
    pub fn place(&mut self, board: &Board, cell: usize, d: u8) -> usize {
        if self.value[cell] != 0 || !self.cand[cell].contains(d) {
            if self.value[cell] != d && self.broken.is_none() {
                self.broken = Some(Broken::Clash { cell, digit: d });
            }
            return 0;
        }
        self.value[cell] = d;
        self.open -= 1;
        let mut removed = 0;
        for other in self.cand[cell].iter().filter(|&e| e != d) {
            removed += usize::from(self.eliminate(board, cell, other));
        }
        for k in 0..board.peers[cell].len() {
            removed += usize::from(self.eliminate(board, board.peers[cell][k], d));
        }
        for k in 0..board.cage_mates[cell].len() {
            removed += usize::from(self.eliminate(board, board.cage_mates[cell][k], d));
        }
        if let Some(cage) = board.cage_of(cell) {
            let cells = &board.geometry.cages[cage].cells;
            if self.broken.is_none() && cells.iter().all(|&c| self.value[c] != 0) {
                let sum: u32 = cells.iter().map(|&c| u32::from(self.value[c])).sum();
                if sum != board.geometry.cages[cage].sum {
                    self.broken = Some(Broken::CageSum { cage });
                }
            }
        }
        removed
    }

    /// The grid of placed digits (0 for open cells).
    pub fn grid(&self) -> Vec<u8> {
        self.value.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Geometry, Variant};
    use std::sync::Arc;

    fn board4() -> Board {
        Board::new(&Arc::new(Geometry::new(2, 2, Variant::Classic).unwrap()))
    }

    #[test]
    fn both_views_move_together() {
        let b = board4();
        let mut s = State::empty(&b);
        assert_eq!(s.place(&b, 0, 1), 3 + 7);
        assert_eq!(s.cand[0], CandSet::single(1));
        assert!(!s.cand[1].contains(1) && !s.cand[5].contains(1) && s.cand[15].contains(1));
        // Digit 1 in row 0 (unit 0): only position 0; in column 1 (unit 5): rows 2, 3.
        assert_eq!(s.places(1, 0), 0b0001);
        assert_eq!(s.places(1, 5), 0b1100);
        // Every candidate of the cell view is a place of the digit view, and back.
        for cell in 0..16 {
            for d in 1..=4u8 {
                for &(u, i) in &b.cell_units[cell] {
                    assert_eq!(s.cand[cell].contains(d), s.places(d, u) >> i & 1 == 1);
                }
            }
        }
        assert_eq!(s.open, 15);
    }

    #[test]
    fn contradictions_are_recorded() {
        let b = board4();
        let mut s = State::empty(&b);
        for d in [1, 2, 3] {
            s.eliminate(&b, 0, d);
        }
        assert_eq!(s.broken, None);
        s.eliminate(&b, 0, 4);
        assert_eq!(s.broken, Some(Broken::EmptyCell(0)));
        let mut s = State::empty(&b);
        s.place(&b, 0, 1);
        s.place(&b, 1, 1);
        assert_eq!(s.broken, Some(Broken::Clash { cell: 1, digit: 1 }));
    }
}
