//! The board as the rules read it: the model's units with, for each cell, where it
//! sits in each of its units, the pairs of units that share two or more cells (where
//! locked candidates live), and a Killer's cage mates. Built once per geometry.

use crate::model::{Geometry, UnitKind};
use std::sync::Arc;

/// Two units sharing at least two cells: a box (or a Jigsaw's region) and a line, or a
/// box and a diagonal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crossing {
    /// The unit whose places for a digit may all lie in the shared cells.
    pub inner: usize,
    /// The shared cells as positions in `inner`.
    pub inner_mask: u64,
    /// The unit that then loses the digit outside the shared cells.
    pub outer: usize,
    /// The shared cells as positions in `outer`.
    pub outer_mask: u64,
}

/// Precomputed tables of one geometry.
#[derive(Clone, Debug)]
pub struct Board {
    /// The model the puzzle was read with.
    pub geometry: Arc<Geometry>,
    /// Side and number of digits.
    pub n: usize,
    /// Cells of each unit, in the model's order (rows first: row `r` is unit `r`,
    /// column `c` is unit `n + c`, and a row's positions are its columns).
    pub units: Vec<Vec<usize>>,
    /// For each cell, its units and its position in each.
    pub cell_units: Vec<Vec<(usize, u32)>>,
    /// The other cells sharing a unit with each cell.
    pub peers: Vec<Vec<usize>>,
    /// Unit pairs sharing two or more cells, boxes (or regions) as `inner` first
    /// (pointing), then lines as `inner` (claiming).
    pub crossings: Vec<Crossing>,
    /// For each cell, the other cells of its Killer cage (empty without one): a
    /// placed digit leaves them too, since a cage's digits differ (they are not
    /// `peers`, which share a unit).
    pub cage_mates: Vec<Vec<usize>>,
    /// `(1 << n) - 1`: every position of a unit, or every digit.
    pub full: u64,
    /// Peers as bits: cell `b` sees cell `a` iff bit `b % 64` of word
    /// `a * peer_words + b / 64` is set.
    peer_bits: Vec<u64>,
    peer_words: usize,
    /// The cells of each unit as bits, `peer_words` words a unit.
    unit_bits: Vec<u64>,
    /// `sight[c * units + u]`: [`Board::sight`], kept for boards up to
    /// [`SIGHT_TABLE_MAX_N`] (empty above: worked out when asked).
    sight: Vec<u64>,
}

/// Largest side whose [`Board::sight`] is kept as a table (25×25: 375 KB).
const SIGHT_TABLE_MAX_N: usize = 25;

impl Board {
    /// The tables of a geometry.
    pub fn new(geometry: &Arc<Geometry>) -> Board {
        let g = geometry;
        let n = g.n;
        let units: Vec<Vec<usize>> = g.units.iter().map(|u| u.cells.clone()).collect();
        let mut cell_units = vec![Vec::new(); g.cells()];
        for (u, cells) in units.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                cell_units[c].push((u, i as u32));
            }
        }
        let mask_in = |u: usize, other: usize| -> u64 {
            units[u]
                .iter()
                .enumerate()
                .filter(|(_, c)| units[other].contains(c))
                .fold(0u64, |m, (i, _)| m | 1 << i)
        };
        // A Jigsaw's regions cross the lines as boxes do.
        let boxy = |u: usize| matches!(g.units[u].kind, UnitKind::Box | UnitKind::Region);
        let mut crossings = Vec::new();
        for boxes_inner in [true, false] {
            for a in 0..units.len() {
                if boxy(a) != boxes_inner {
                    continue;
                }
                for b in 0..units.len() {
                    if a == b || boxy(b) == boxes_inner {
                        continue;
                    }
                    let inner_mask = mask_in(a, b);
                    if inner_mask.count_ones() >= 2 {
                        crossings.push(Crossing {
                            inner: a,
                            inner_mask,
                            outer: b,
                            outer_mask: mask_in(b, a),
                        });
                    }
                }
            }
        }
        let cells = g.cells();
        let peer_words = cells.div_ceil(64);
        let mut peer_bits = vec![0u64; cells * peer_words];
        for (a, ps) in g.peers.iter().enumerate() {
            for &b in ps {
                peer_bits[a * peer_words + b / 64] |= 1 << (b % 64);
            }
        }
        let mut unit_bits = vec![0u64; units.len() * peer_words];
        for (u, cells) in units.iter().enumerate() {
            for &c in cells {
                unit_bits[u * peer_words + c / 64] |= 1 << (c % 64);
            }
        }
        let mut cage_mates = vec![Vec::new(); cells];
        for cage in &g.cages {
            for &c in &cage.cells {
                cage_mates[c] = cage.cells.iter().copied().filter(|&x| x != c).collect();
            }
        }
        let mut board = Board {
            cage_mates,
            unit_bits,
            sight: Vec::new(),
            peer_bits,
            peer_words,
            geometry: geometry.clone(),
            n,
            units,
            cell_units,
            peers: g.peers.clone(),
            crossings,
            full: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
        };
        if n <= SIGHT_TABLE_MAX_N {
            board.sight = (0..cells)
                .flat_map(|c| (0..board.units.len()).map(move |u| (c, u)))
                .map(|(c, u)| board.sight_of(c, u))
                .collect();
        }
        board
    }

    /// Number of units.
    pub fn unit_count(&self) -> usize {
        self.units.len()
    }

    /// The cell at a position of a unit.
    pub fn cell(&self, unit: usize, pos: u32) -> usize {
        self.units[unit][pos as usize]
    }

    /// The unit that is row `r`.
    pub fn row(&self, r: usize) -> usize {
        r
    }

    /// The unit that is column `c`.
    pub fn column(&self, c: usize) -> usize {
        self.n + c
    }

    /// The positions of unit `u` that are cell `c` or see it (every position when `u`
    /// holds `c`).
    pub fn sight(&self, c: usize, u: usize) -> u64 {
        if self.sight.is_empty() {
            self.sight_of(c, u)
        } else {
            self.sight[c * self.units.len() + u]
        }
    }

    fn sight_of(&self, c: usize, u: usize) -> u64 {
        self.units[u]
            .iter()
            .enumerate()
            .filter(|&(_, &x)| x == c || self.sees(x, c))
            .fold(0u64, |m, (i, _)| m | 1 << i)
    }

    /// Words of a cell set as bits ([`Board::peer_row`], [`Board::unit_row`]).
    pub fn words(&self) -> usize {
        self.peer_words
    }

    /// The peers of cell `c` as bits: cell `b` is bit `b % 64` of word `b / 64`.
    pub fn peer_row(&self, c: usize) -> &[u64] {
        &self.peer_bits[c * self.peer_words..(c + 1) * self.peer_words]
    }

    /// The cells of unit `u` as bits, as [`Board::peer_row`].
    pub fn unit_row(&self, u: usize) -> &[u64] {
        &self.unit_bits[u * self.peer_words..(u + 1) * self.peer_words]
    }

    /// Whether two different cells share a unit.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peer_bits[a * self.peer_words + b / 64] >> (b % 64) & 1 == 1
    }

    /// A cell's name, `r3c5`.
    pub fn cell_name(&self, cell: usize) -> String {
        self.geometry.cell_name(cell)
    }

    /// A unit's name, `row 3`, `box 5`.
    pub fn unit_name(&self, unit: usize) -> String {
        self.geometry.units[unit].name()
    }

    /// Whether two different cells must hold different digits: they share a unit or a
    /// Killer cage.
    pub fn differ(&self, a: usize, b: usize) -> bool {
        self.sees(a, b) || (a != b && self.cage_mates[a].contains(&b))
    }

    /// The cage of a cell, if it has one (an index into the geometry's `cages`).
    pub fn cage_of(&self, cell: usize) -> Option<usize> {
        self.geometry.cage_of[cell].map(|k| k as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Variant;

    #[test]
    fn crossings_of_a_9x9_board() {
        let g = Arc::new(Geometry::new(3, 3, Variant::Classic).unwrap());
        let b = Board::new(&g);
        // Each box meets 3 rows and 3 columns; both directions.
        assert_eq!(b.crossings.len(), 9 * 6 * 2);
        let first = &b.crossings[0];
        assert_eq!((first.inner, first.outer), (18, 0));
        assert_eq!((first.inner_mask, first.outer_mask), (0b111, 0b111));
        assert!(b.cell_units[10].contains(&(1, 1)) && b.cell_units[10].contains(&(18, 4)));
        // r1c1 sees r1c9, r9c1 and r3c3, not r4c4 nor itself.
        assert!(b.sees(0, 8) && b.sees(0, 72) && b.sees(0, 20));
        assert!(!b.sees(0, 30) && !b.sees(0, 0));
    }

    #[test]
    fn x_boards_cross_diagonals_with_boxes() {
        let g = Arc::new(Geometry::new(2, 2, Variant::X).unwrap());
        let b = Board::new(&g);
        let diag = b.crossings.iter().filter(|c| c.outer == 12 && c.inner == 8);
        assert_eq!(diag.count(), 1);
    }
}
