//! A random completed grid: a randomized depth-first search on the empty grid with the
//! choice rule of Dancing Links — branch on whichever is most constrained, an open cell
//! (its candidates) or a value of a unit not yet placed (the cells it can go to), ties
//! broken at random, the options in random order — and every placement removed from the
//! cell's peers at once. Seeing hidden singles as well as naked ones is what keeps
//! 16x16 fast; a search that still backtracks too long restarts with a larger budget.
//! Larger classic boards come from [`super::swaps`] instead (see [`super::full`]).

use crate::model::puzzle::Grid;
use crate::model::{CandSet, Geometry};
use crate::rng::Rng;

/// Backtracks allowed per cell of the grid before the first restart.
const BACKTRACKS_PER_CELL: usize = 2;

/// A random completed grid of `geometry` by the randomized search, restarting with a
/// doubled budget until it succeeds (fast up to 16x16; minutes at 36x36).
pub fn search_grid(geometry: &Geometry, rng: &mut Rng) -> Grid {
    let mut limit = BACKTRACKS_PER_CELL * geometry.cells();
    loop {
        if let Some(grid) = Search::new(geometry).run(rng, limit) {
            return grid;
        }
        limit *= 2;
    }
}

/// A random completion of `givens` (`0` for blank) by the randomized search within
/// `limit` backtracks; `None` if the givens clash or the budget runs out.
pub fn random_completion(
    geometry: &Geometry,
    givens: &[u8],
    rng: &mut Rng,
    limit: usize,
) -> Option<Grid> {
    let mut search = Search::new(geometry);
    for (cell, &v) in givens.iter().enumerate() {
        if v != 0 && !(search.cand[cell].contains(v) && search.place(cell, v)) {
            return None;
        }
    }
    search.run(rng, limit)
}

/// One search: candidates, the grid, the places left for each (unit, value), and a trail
/// of changed candidate sets to undo.
struct Search<'g> {
    g: &'g Geometry,
    cand: Vec<CandSet>,
    grid: Grid,
    /// For unit `u` and value `v`, at `u * n + v - 1`: the cells of `u` with `v` as a
    /// candidate.
    places: Vec<u32>,
    /// Whether `v` is placed in unit `u` (same index).
    done: Vec<bool>,
    trail: Vec<(usize, CandSet)>,
    open: usize,
}

/// A choice point: the placements still to try and the trail length before them.
struct Frame {
    options: Vec<(usize, u8)>,
    placed: Option<usize>,
    mark: usize,
}

impl<'g> Search<'g> {
    fn new(g: &'g Geometry) -> Search<'g> {
        Search {
            g,
            cand: vec![CandSet::full(g.n); g.cells()],
            grid: vec![0; g.cells()],
            places: vec![g.n as u32; g.units.len() * g.n],
            done: vec![false; g.units.len() * g.n],
            trail: Vec::new(),
            open: g.cells(),
        }
    }

    fn slot(&self, unit: usize, v: u8) -> usize {
        unit * self.g.n + v as usize - 1
    }

    /// Searches for a completed grid; `None` after `limit` backtracks.
    fn run(mut self, rng: &mut Rng, limit: usize) -> Option<Grid> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut backtracks = 0;
        let mut descend = true;
        loop {
            if descend {
                if self.open == 0 {
                    return Some(self.grid);
                }
                let mut options = self.choose(rng);
                rng.shuffle(&mut options);
                stack.push(Frame {
                    options,
                    placed: None,
                    mark: self.trail.len(),
                });
            }
            let frame = stack.last_mut()?;
            if let Some(cell) = frame.placed.take() {
                let mark = frame.mark;
                self.undo(cell, mark);
            }
            let frame = stack.last_mut()?;
            match frame.options.pop() {
                Some((cell, v)) => {
                    frame.placed = Some(cell);
                    descend = self.place(cell, v);
                }
                None => {
                    stack.pop();
                    backtracks += 1;
                    if backtracks > limit {
                        return None;
                    }
                    descend = false;
                }
            }
        }
    }

    /// The options of the most constrained open cell or unplaced (unit, value), chosen
    /// uniformly among ties; empty at a dead end.
    fn choose(&self, rng: &mut Rng) -> Vec<(usize, u8)> {
        let mut best = u32::MAX;
        let mut ties = 0;
        let mut chosen = Choice::Cell(0);
        let mut consider = |size: u32, choice: Choice| {
            if size < best {
                (best, ties, chosen) = (size, 1, choice);
            } else if size == best {
                ties += 1;
                if rng.below(ties) == 0 {
                    chosen = choice;
                }
            }
        };
        for (cell, c) in self.cand.iter().enumerate() {
            if self.grid[cell] == 0 {
                consider(c.len(), Choice::Cell(cell));
            }
        }
        for (slot, &k) in self.places.iter().enumerate() {
            if !self.done[slot] {
                consider(k, Choice::Slot(slot));
            }
        }
        match chosen {
            Choice::Cell(cell) => self.cand[cell].iter().map(|v| (cell, v)).collect(),
            Choice::Slot(slot) => {
                let v = (slot % self.g.n) as u8 + 1;
                self.g.units[slot / self.g.n]
                    .cells
                    .iter()
                    .filter(|&&c| self.grid[c] == 0 && self.cand[c].contains(v))
                    .map(|&c| (c, v))
                    .collect()
            }
        }
    }

    /// Removes the values of `drop` from the candidates of `cell`, keeping the place
    /// counts and the trail; false if the cell is left without a candidate.
    fn remove(&mut self, cell: usize, drop: CandSet) -> bool {
        let gone = self.cand[cell] & drop;
        if gone.is_empty() {
            return true;
        }
        self.trail.push((cell, self.cand[cell]));
        self.cand[cell] = self.cand[cell] & !gone;
        for v in gone.iter() {
            for &u in &self.g.cell_units[cell] {
                let s = self.slot(u, v);
                self.places[s] -= 1;
            }
        }
        !self.cand[cell].is_empty()
    }

    /// Places `v` in `cell` and removes it from the open peers; false if a peer is left
    /// without a candidate (a value left without a place shows up at the next choice).
    fn place(&mut self, cell: usize, v: u8) -> bool {
        self.grid[cell] = v;
        self.open -= 1;
        for i in 0..self.g.cell_units[cell].len() {
            let s = self.slot(self.g.cell_units[cell][i], v);
            self.done[s] = true;
        }
        self.remove(cell, !CandSet::single(v));
        let bit = CandSet::single(v);
        let mut ok = true;
        for i in 0..self.g.peers[cell].len() {
            let p = self.g.peers[cell][i];
            if self.grid[p] == 0 {
                ok &= self.remove(p, bit);
            }
        }
        ok
    }

    /// Takes back the placement in `cell` and every candidate change after `mark`.
    fn undo(&mut self, cell: usize, mark: usize) {
        while self.trail.len() > mark {
            let (p, old) = self.trail.pop().expect("trail is longer than mark");
            let back = old & !self.cand[p];
            self.cand[p] = old;
            for v in back.iter() {
                for &u in &self.g.cell_units[p] {
                    let s = self.slot(u, v);
                    self.places[s] += 1;
                }
            }
        }
        let v = self.grid[cell];
        self.grid[cell] = 0;
        self.open += 1;
        for i in 0..self.g.cell_units[cell].len() {
            let s = self.slot(self.g.cell_units[cell][i], v);
            self.done[s] = false;
        }
    }
}

/// What a choice point branches on.
#[derive(Clone, Copy)]
enum Choice {
    /// The candidates of an open cell.
    Cell(usize),
    /// The places of a value in a unit, at `unit * n + value - 1`.
    Slot(usize),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{validate, Puzzle, Variant};
    use std::sync::Arc;

    fn check(br: usize, bc: usize, variant: Variant, seed: u64) -> Grid {
        let g = Arc::new(Geometry::new(br, bc, variant).unwrap());
        let grid = search_grid(&g, &mut Rng::new(seed));
        let empty = Puzzle::new(g.clone(), vec![0; g.cells()]);
        validate(&empty, &grid).unwrap();
        grid
    }

    #[test]
    fn grids_of_every_shape_are_valid() {
        check(2, 2, Variant::Classic, 1);
        check(2, 3, Variant::Classic, 2);
        check(3, 3, Variant::Classic, 3);
        check(3, 3, Variant::X, 4);
        check(4, 4, Variant::Classic, 5);
        check(3, 4, Variant::Classic, 6);
    }

    #[test]
    fn same_seed_same_grid_other_seed_other_grid() {
        let a = check(3, 3, Variant::Classic, 11);
        assert_eq!(a, check(3, 3, Variant::Classic, 11));
        assert_ne!(a, check(3, 3, Variant::Classic, 12));
    }
}
