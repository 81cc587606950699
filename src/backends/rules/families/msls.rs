//! Multi-sector locked sets: the open cells where some rows cross some columns. Each
//! takes one digit, so together they take as many digits as there are cells. A digit
//! can be placed in them at most as often as the fewest houses (rows, columns, boxes)
//! that hold all its candidates there, each house holding it once. When these counts
//! add up to the number of cells, every digit is placed that often: each of its
//! covering houses holds it inside the cells, and loses it everywhere else (rank-0
//! set logic, cells as truths and digit-houses as links; the SK loop is of this kind).
//!
//! The fewest lines come from a largest matching of the digit's rows to its columns
//! (König); boxes are tried on top, a subset at a time, while they can beat the lines.
//! The search tries every pair of row and column sets, smallest first, with a greedy
//! lower bound per digit (candidates no two of which share a house) rejecting most
//! pairs; it is kept to 9×9 and smaller boards.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, Step};
use crate::model::UnitKind;

/// Largest board searched: about `4^n` pairs of line sets.
const MAX_N: usize = 9;

/// A largest matching of rows to columns along `edges` (`edges[r]`: the columns row
/// `r` may take, bit per column); returns each column's row, if matched.
fn matching(edges: &[u32], n: usize) -> Vec<Option<usize>> {
    let mut owner: Vec<Option<usize>> = vec![None; n];
    for r in 0..edges.len() {
        let mut seen = 0u32;
        augment(edges, r, &mut seen, &mut owner);
    }
    owner
}

fn augment(edges: &[u32], r: usize, seen: &mut u32, owner: &mut [Option<usize>]) -> bool {
    let mut free = edges[r] & !*seen;
    while free != 0 {
        let c = free.trailing_zeros() as usize;
        free &= free - 1;
        *seen |= 1 << c;
        if owner[c].is_none_or(|o| augment(edges, o, seen, owner)) {
            owner[c] = Some(r);
            return true;
        }
    }
    false
}

/// A smallest set of lines covering every edge (König): `(rows, columns)` bit sets,
/// from a largest matching. Starting from the unmatched rows, the rows not reached by
/// alternating paths and the columns reached.
fn cover_from_rows(edges: &[u32], owner: &[Option<usize>]) -> (u32, u32) {
    let matched_rows: u32 = owner.iter().flatten().fold(0, |m, &r| m | 1 << r);
    let all_rows: u32 = (0..edges.len())
        .filter(|&r| edges[r] != 0)
        .fold(0, |m, r| m | 1 << r);
    let mut rows_reached = all_rows & !matched_rows;
    let mut cols_reached = 0u32;
    loop {
        let mut grew = false;
        for (r, &e) in edges.iter().enumerate() {
            if rows_reached >> r & 1 == 1 {
                let new = e & !cols_reached;
                if new != 0 {
                    cols_reached |= new;
                    grew = true;
                    let mut m = new;
                    while m != 0 {
                        let c = m.trailing_zeros() as usize;
                        m &= m - 1;
                        if let Some(o) = owner[c] {
                            rows_reached |= 1 << o;
                        }
                    }
                }
            }
        }
        if !grew {
            break;
        }
    }
    (all_rows & !rows_reached, cols_reached)
}

/// The boxes of a board as [`find`] reads them: per box its unit and, per row, the
/// columns it holds there.
struct Boxes {
    unit: Vec<usize>,
    cols_in_row: Vec<Vec<u32>>,
    of_cell: Vec<usize>,
}

impl Boxes {
    fn new(board: &Board) -> Boxes {
        let n = board.n;
        let units: Vec<usize> = (0..board.unit_count())
            .filter(|&u| board.geometry.units[u].kind == UnitKind::Box)
            .collect();
        let mut cols_in_row = vec![vec![0u32; n]; units.len()];
        let mut of_cell = vec![0; n * n];
        for (b, &u) in units.iter().enumerate() {
            for &c in &board.units[u] {
                cols_in_row[b][c / n] |= 1 << (c % n);
                of_cell[c] = b;
            }
        }
        Boxes {
            unit: units,
            cols_in_row,
            of_cell,
        }
    }

    /// The columns boxes `set` (bits by box number) hold in row `r`.
    fn cols(&self, set: u32, r: usize) -> u32 {
        let mut m = 0;
        let mut b = set;
        while b != 0 {
            m |= self.cols_in_row[b.trailing_zeros() as usize][r];
            b &= b - 1;
        }
        m
    }
}

/// The first multi-sector locked set that removes something.
pub fn find(board: &Board, s: &State) -> Option<Step> {
    let n = board.n;
    if n > MAX_N {
        return None;
    }
    let all = (1u32 << n) - 1;
    let mut of_size: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
    for m in 1..all {
        of_size[m.count_ones() as usize].push(m);
    }
    let open: Vec<u32> = (0..n)
        .map(|r| {
            (0..n)
                .filter(|&c| s.value[r * n + c] == 0)
                .fold(0u32, |m, c| m | 1 << c)
        })
        .collect();
    // Per digit and row, the open columns holding it as a candidate.
    let places: Vec<Vec<u32>> = (1..=n as u8)
        .map(|d| {
            (0..n)
                .map(|r| s.places(d, board.row(r)) as u32 & open[r])
                .collect()
        })
        .collect();
    let boxes = Boxes::new(board);
    for total in 4..=2 * n - 2 {
        for row_count in 2..=(total - 2).min(n - 1) {
            let col_count = total - row_count;
            if col_count > n - 1 {
                continue;
            }
            for &rows in &of_size[row_count] {
                for &cols in &of_size[col_count] {
                    if let Some(step) = pattern(board, &boxes, &places, &open, rows, cols) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// A smallest set of houses (rows, columns, boxes) holding every cell of `edges`
/// (per row of `row_list`, the columns): `(boxes, rows, columns)` as bits (rows by
/// their place in `row_list`). `owner` is a largest matching of `edges` (its size the
/// fewest lines); boxes are tried only while they can beat the lines, and not at all
/// when `floor` (a lower bound) says the lines are fewest.
fn cover(
    boxes: &Boxes,
    row_list: &[usize],
    edges: &[u32],
    owner: &[Option<usize>],
    floor: u32,
    n: usize,
) -> (u32, u32, u32) {
    let lines = owner.iter().flatten().count() as u32;
    let (rows, cols) = cover_from_rows(edges, owner);
    let mut best = (lines, 0u32, rows, cols);
    if floor >= lines {
        return (0, rows, cols);
    }
    // The boxes touching the cells.
    let mut touched = 0u32;
    for (k, &r) in row_list.iter().enumerate() {
        let mut m = edges[k];
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            touched |= 1 << boxes.of_cell[r * n + c];
        }
    }
    let mut subset = touched;
    while subset != 0 && best.0 > floor {
        let size = subset.count_ones();
        if size < best.0 {
            let rest: Vec<u32> = row_list
                .iter()
                .zip(edges)
                .map(|(&r, &e)| e & !boxes.cols(subset, r))
                .collect();
            let owner = matching(&rest, n);
            let total = size + owner.iter().flatten().count() as u32;
            if total < best.0 {
                let (rows, cols) = cover_from_rows(&rest, &owner);
                best = (total, subset, rows, cols);
            }
        }
        subset = (subset - 1) & touched;
    }
    (best.1, best.2, best.3)
}

/// The step of the cells where `rows` cross `cols`, if the fewest houses covering each
/// digit's candidates there add up to the number of cells and a covering house holds
/// a digit elsewhere.
fn pattern(
    board: &Board,
    boxes: &Boxes,
    places: &[Vec<u32>],
    open: &[u32],
    rows: u32,
    cols: u32,
) -> Option<Step> {
    let n = board.n;
    let mut row_list = [0usize; MAX_N];
    let mut k = 0;
    let mut cells = 0;
    for r in (0..n).filter(|&r| rows >> r & 1 == 1) {
        row_list[k] = r;
        k += 1;
        cells += (open[r] & cols).count_ones() as usize;
    }
    let row_list = &row_list[..k];
    if cells == 0 {
        return None;
    }
    // Candidates of one digit no two of which share a house, picked greedily, are a
    // lower bound of the houses covering it: most pairs of line sets fail on these
    // bounds alone.
    let mut floors = [0u32; MAX_N];
    let mut bound = 0;
    for (i, per_row) in places.iter().enumerate() {
        let (mut used_cols, mut used_boxes) = (0u32, 0u32);
        for &r in row_list {
            let mut free = per_row[r] & cols & !used_cols;
            while free != 0 {
                let c = free.trailing_zeros() as usize;
                free &= free - 1;
                let b = boxes.of_cell[r * n + c];
                if used_boxes >> b & 1 == 0 {
                    used_cols |= 1 << c;
                    used_boxes |= 1 << b;
                    floors[i] += 1;
                    break;
                }
            }
        }
        bound += floors[i] as usize;
        if bound > cells {
            return None;
        }
    }
    // The fewest lines per digit; boxes can save at most the gap to each floor.
    let mut matchings = Vec::with_capacity(n);
    let (mut lines, mut saving) = (0usize, 0usize);
    for (i, per_row) in places.iter().enumerate() {
        let edges: Vec<u32> = row_list.iter().map(|&r| per_row[r] & cols).collect();
        let owner = matching(&edges, n);
        let size = owner.iter().flatten().count();
        lines += size;
        saving += size - floors[i] as usize;
        matchings.push((edges, owner));
    }
    if lines < cells || lines - cells > saving {
        // Fewer placements than cells (no solution, left to the rules that show why),
        // or more than the houses can come down to.
        return None;
    }
    let mut room = cells;
    let mut covers_bits = Vec::with_capacity(n);
    for (i, (edges, owner)) in matchings.iter().enumerate() {
        let floor = if lines == cells { u32::MAX } else { floors[i] };
        let (b, r, c) = cover(boxes, row_list, edges, owner, floor, n);
        let size = (b.count_ones() + r.count_ones() + c.count_ones()) as usize;
        if size > room {
            return None;
        }
        room -= size;
        covers_bits.push((b, r, c));
    }
    if room != 0 {
        return None;
    }
    let in_cells = |c: usize| rows >> (c / n) & 1 == 1 && cols >> (c % n) & 1 == 1;
    let mut covers = Vec::new();
    let mut eliminations = Vec::new();
    for (i, &(cover_boxes, cover_rows, cover_cols)) in covers_bits.iter().enumerate() {
        let d = i as u8 + 1;
        let mut houses = Vec::new();
        for (k, &r) in row_list.iter().enumerate() {
            if cover_rows >> k & 1 == 1 {
                houses.push(board.row(r));
            }
        }
        for c in (0..n).filter(|&c| cover_cols >> c & 1 == 1) {
            houses.push(board.column(c));
        }
        for b in (0..boxes.unit.len()).filter(|&b| cover_boxes >> b & 1 == 1) {
            houses.push(boxes.unit[b]);
        }
        if houses.is_empty() {
            continue;
        }
        for &u in &houses {
            for &c in &board.units[u] {
                if !in_cells(c) && places[i][c / n] >> (c % n) & 1 == 1 {
                    eliminations.push((c, d));
                }
            }
        }
        covers.push((d, houses));
    }
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort_unstable();
    eliminations.dedup();
    let digits: Vec<u8> = covers.iter().map(|&(d, _)| d).collect();
    let mut step = Step::new(Detail::Msls { covers });
    step.cells = row_list
        .iter()
        .flat_map(|&r| {
            (0..n)
                .filter(move |&c| (open[r] & cols) >> c & 1 == 1)
                .map(move |c| r * n + c)
        })
        .collect();
    step.digits = digits;
    step.units = row_list
        .iter()
        .map(|&r| board.row(r))
        .chain(
            (0..n)
                .filter(|&c| cols >> c & 1 == 1)
                .map(|c| board.column(c)),
        )
        .collect();
    step.eliminations = eliminations;
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn koenig_cover_has_the_size_of_the_largest_matching() {
        // Rows 0 and 1 may take column 0 only; row 2 columns 0 and 1.
        let edges = [0b01, 0b01, 0b11];
        let owner = matching(&edges, 2);
        assert_eq!(owner.iter().flatten().count(), 2);
        let (r, c) = cover_from_rows(&edges, &owner);
        assert_eq!((r.count_ones() + c.count_ones()), 2);
        // Every edge is covered.
        for (row, &e) in edges.iter().enumerate() {
            for col in 0..2 {
                if e >> col & 1 == 1 {
                    assert!(r >> row & 1 == 1 || c >> col & 1 == 1);
                }
            }
        }
    }
}
