//! Multi-sector locked sets: the open cells where some rows cross some columns. Each
//! takes one digit, so together they take as many digits as there are cells. A digit
//! can be placed in them at most as often as the fewest lines (rows or columns) that
//! hold all its candidates there (by König's theorem, the size of a largest set of its
//! candidates there no two in one line). When these counts add up to the number of
//! cells, every digit is placed that often: each of its covering lines holds it inside
//! the cells, and loses it everywhere else.
//!
//! Rows and columns on every board; the search tries every pair of row and column
//! sets, smallest first, and so is kept to 9×9 and smaller.

use super::board::Board;
use super::state::State;
use super::step::{digits_of, Detail, Step};

/// Largest board searched: `2^(2n)` pairs of line sets.
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

/// The first multi-sector locked set that removes something.
pub fn find(board: &Board, s: &State) -> Option<Step> {
    let n = board.n;
    if n > MAX_N {
        return None;
    }
    let all = (1u32 << n) - 1;
    let mut by_size: Vec<u32> = (1..all).collect();
    by_size.sort_by_key(|m| (m.count_ones(), *m));
    // Per digit and row, the columns holding it as a candidate.
    let places: Vec<Vec<u32>> = (1..=n as u8)
        .map(|d| {
            (0..n)
                .map(|r| {
                    (0..n)
                        .filter(|&c| {
                            s.value[r * n + c] == 0 && s.cand[r * n + c].0 >> (d - 1) & 1 == 1
                        })
                        .fold(0u32, |m, c| m | 1 << c)
                })
                .collect()
        })
        .collect();
    let open: Vec<u32> = (0..n)
        .map(|r| {
            (0..n)
                .filter(|&c| s.value[r * n + c] == 0)
                .fold(0u32, |m, c| m | 1 << c)
        })
        .collect();
    for total in 4..=2 * n - 2 {
        for &rows in by_size.iter().filter(|m| (m.count_ones() as usize) < total) {
            let k = total - rows.count_ones() as usize;
            if k < 2 || k > n - 1 || rows.count_ones() < 2 {
                continue;
            }
            for &cols in by_size.iter().filter(|m| m.count_ones() as usize == k) {
                if let Some(step) = pattern(board, &places, &open, rows, cols) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The step of the cells where `rows` cross `cols`, if their digits' line counts add
/// up to the number of cells and a covering line holds a digit elsewhere.
fn pattern(board: &Board, places: &[Vec<u32>], open: &[u32], rows: u32, cols: u32) -> Option<Step> {
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
    // A greedy matching per digit is a lower bound of its largest: most pairs of
    // line sets fail on these bounds alone.
    let mut bound = 0;
    for per_row in places {
        let mut used = 0u32;
        for &r in row_list {
            let free = per_row[r] & cols & !used;
            used |= free & free.wrapping_neg();
        }
        bound += used.count_ones() as usize;
        if bound > cells {
            return None;
        }
    }
    let mut room = cells;
    let mut matchings = Vec::with_capacity(n);
    for per_row in places {
        let edges: Vec<u32> = row_list.iter().map(|&r| per_row[r] & cols).collect();
        let owner = matching(&edges, n);
        let size = owner.iter().flatten().count();
        if size > room {
            return None;
        }
        room -= size;
        matchings.push((edges, owner));
    }
    if room != 0 {
        // Fewer placements than cells: no solution; left to the rules that show why.
        return None;
    }
    let mut covers = Vec::new();
    let mut eliminations = Vec::new();
    for (i, (edges, owner)) in matchings.iter().enumerate() {
        let d = i as u8 + 1;
        if owner.iter().all(Option::is_none) {
            continue;
        }
        let (cover_rows, cover_cols) = cover_from_rows(edges, owner);
        let mut lines = Vec::new();
        for (k, &r) in row_list.iter().enumerate() {
            if cover_rows >> k & 1 == 1 {
                lines.push(board.row(r));
                let mut outside = places[i][r] & !cols;
                while outside != 0 {
                    let c = outside.trailing_zeros() as usize;
                    outside &= outside - 1;
                    eliminations.push((r * n + c, d));
                }
            }
        }
        for c in (0..n).filter(|&c| cover_cols >> c & 1 == 1) {
            lines.push(board.column(c));
            for r in (0..n).filter(|&r| rows >> r & 1 == 0) {
                if places[i][r] >> c & 1 == 1 {
                    eliminations.push((r * n + c, d));
                }
            }
        }
        covers.push((d, lines));
    }
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort_unstable();
    eliminations.dedup();
    let mut step = Step::new(Detail::Msls { covers });
    step.cells = row_list
        .iter()
        .flat_map(|&r| {
            (0..n)
                .filter(move |&c| (open[r] & cols) >> c & 1 == 1)
                .map(move |c| r * n + c)
        })
        .collect();
    step.digits = digits_of(board.full);
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
