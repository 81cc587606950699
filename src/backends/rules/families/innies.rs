//! The 45 rule of Killer Sudoku (innies and outies): every unit holds each digit once,
//! so `k` units add up to `k · n(n+1)/2` (45 a unit on 9×9). Over one unit or a few
//! adjacent ones (consecutive rows or columns, two boxes or regions side by side):
//!
//! - the cages wholly inside add up to their totals, so the *innies*, the cells of the
//!   units outside those cages, add up to the rest;
//! - when every innie lies in a cage crossing out of the units (or is placed), those
//!   cages' totals less the innies' give the *outies*, their cells outside the units;
//! - when every open innie lies in one cage, the rest of that cage adds up to its total
//!   less theirs: the cage is *split* in two by the units' border.
//!
//! One open cell of such a sum is placed (level 1, rule `45 rule`); two or more are a
//! virtual cage whose fillings (as [`super::sums`] reads them: different digits where
//! the cells share a unit or a cage) prune their candidates (level 2, rule `virtual
//! cages`).

use super::sums;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{push_new, Detail, Step, Sum45, SumSide};
use crate::model::UnitKind;

/// The unit sets the 45 rule adds up, fewest units first: each unit; two boxes (or
/// regions) sharing an edge; runs of 2 to `n - 1` consecutive rows, and of columns.
pub fn areas(board: &Board) -> Vec<Vec<usize>> {
    let g = &board.geometry;
    let n = board.n;
    let mut out: Vec<Vec<usize>> = (0..board.unit_count()).map(|u| vec![u]).collect();
    let boxes: Vec<usize> = (0..board.unit_count())
        .filter(|&u| matches!(g.units[u].kind, UnitKind::Box | UnitKind::Region))
        .collect();
    let touches = |a: usize, b: usize| {
        board.units[a].iter().any(|&c| {
            let (r, col) = (c / n, c % n);
            board.units[b].iter().any(|&x| {
                let (xr, xc) = (x / n, x % n);
                r.abs_diff(xr) + col.abs_diff(xc) == 1
            })
        })
    };
    for (i, &a) in boxes.iter().enumerate() {
        for &b in &boxes[i + 1..] {
            if touches(a, b) {
                out.push(vec![a, b]);
            }
        }
    }
    for len in 2..n {
        for first in 0..=n - len {
            out.push((first..first + len).map(|r| board.row(r)).collect());
            out.push((first..first + len).map(|c| board.column(c)).collect());
        }
    }
    out.sort_by_key(Vec::len);
    out
}

/// What the cages around a set of units fix.
struct Count {
    units: Vec<usize>,
    inside: Vec<usize>,
    crossing: Vec<usize>,
    /// Open innies, placed innies, and the open innies' total.
    innies: (Vec<usize>, Vec<usize>, i64),
    /// Open outies, placed outies and the open outies' total, when every innie lies in
    /// a crossing cage or is placed.
    outies: Option<(Vec<usize>, Vec<usize>, i64)>,
}

fn count(board: &Board, s: &State, units: &[usize]) -> Count {
    let g = &board.geometry;
    let mut inside_area = vec![false; s.value.len()];
    for &u in units {
        for &c in &board.units[u] {
            inside_area[c] = true;
        }
    }
    let n = board.n as i64;
    let area_total = units.len() as i64 * n * (n + 1) / 2;
    let (mut inside, mut crossing) = (Vec::new(), Vec::new());
    for (k, cage) in g.cages.iter().enumerate() {
        let within = cage.cells.iter().filter(|&&c| inside_area[c]).count();
        if within == cage.cells.len() {
            inside.push(k);
        } else if within > 0 {
            crossing.push(k);
        }
    }
    let value = |c: usize| i64::from(s.value[c]);
    let inside_sum: i64 = inside.iter().map(|&k| i64::from(g.cages[k].sum)).sum();
    let innie_cells: Vec<usize> = (0..s.value.len())
        .filter(|&c| inside_area[c] && !board.cage_of(c).is_some_and(|k| inside.contains(&k)))
        .collect();
    let (open, known): (Vec<usize>, Vec<usize>) =
        innie_cells.iter().partition(|&&c| s.value[c] == 0);
    let innie_all = area_total - inside_sum;
    let innie_open = innie_all - known.iter().map(|&c| value(c)).sum::<i64>();
    // Outies: the crossing cages hold every innie but placed ones.
    let outies = open.iter().all(|&c| board.cage_of(c).is_some()).then(|| {
        let uncaged: i64 = known
            .iter()
            .filter(|&&c| board.cage_of(c).is_none())
            .map(|&c| value(c))
            .sum();
        let crossing_sum: i64 = crossing.iter().map(|&k| i64::from(g.cages[k].sum)).sum();
        let mut outside: Vec<usize> = crossing
            .iter()
            .flat_map(|&k| g.cages[k].cells.iter().copied())
            .filter(|&c| !inside_area[c])
            .collect();
        outside.sort_unstable();
        let (o_open, o_known): (Vec<usize>, Vec<usize>) =
            outside.iter().partition(|&&c| s.value[c] == 0);
        let total =
            crossing_sum - (innie_all - uncaged) - o_known.iter().map(|&c| value(c)).sum::<i64>();
        (o_open, o_known, total)
    });
    Count {
        units: units.to_vec(),
        inside,
        crossing,
        innies: (open, known, innie_open),
        outies,
    }
}

/// The sums a count fixes, each as the facts of a step (cells not yet checked).
fn sums_of(board: &Board, s: &State, c: &Count) -> Vec<Sum45> {
    let g = &board.geometry;
    let with_digits =
        |cells: &[usize]| -> Vec<(usize, u8)> { cells.iter().map(|&c| (c, s.value[c])).collect() };
    let base = |side, cells: Vec<usize>, known: &[usize], total| Sum45 {
        units: c.units.clone(),
        inside: c.inside.clone(),
        crossing: c.crossing.clone(),
        side,
        distinct: sums::all_differ(board, &cells),
        cells,
        known: with_digits(known),
        innies: Vec::new(),
        innies_known: Vec::new(),
        innie_total: total,
        total,
        combinations: Vec::new(),
    };
    let (open, known, total) = &c.innies;
    let mut out = Vec::new();
    if !open.is_empty() {
        out.push(base(SumSide::Innies, open.clone(), known, *total));
    }
    if let Some((o_open, o_known, o_total)) = &c.outies {
        if !o_open.is_empty() {
            out.push(base(SumSide::Outies, o_open.clone(), o_known, *o_total));
        }
    }
    // The split: every open innie in one cage.
    let cage = open.first().and_then(|&x| board.cage_of(x));
    if let Some(k) = cage.filter(|&k| open.iter().all(|&x| board.cage_of(x) == Some(k))) {
        let cells = &g.cages[k].cells;
        let rest: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&x| s.value[x] == 0 && !open.contains(&x))
            .collect();
        let placed: Vec<usize> = cells.iter().copied().filter(|&x| s.value[x] != 0).collect();
        let placed_sum: i64 = placed.iter().map(|&x| i64::from(s.value[x])).sum();
        if !rest.is_empty() {
            let mut split = base(
                SumSide::Split(k),
                rest,
                &placed,
                i64::from(g.cages[k].sum) - placed_sum - total,
            );
            split.innies = open.clone();
            split.innies_known = with_digits(known);
            split.innie_total = *total;
            out.push(split);
        }
    }
    out
}

/// A step of a sum's facts.
fn step_of(sum: Sum45) -> Step {
    let mut step = Step::new(Detail::Sum45(Box::new(sum.clone())));
    step.cells = sum.cells.clone();
    for &c in &sum.innies {
        push_new(&mut step.cells, c);
    }
    step.units = sum.units;
    step
}

/// Every candidate of `cells`: what a sum no filling makes removes (a contradiction).
fn everything(s: &State, cells: &[usize]) -> Vec<(usize, u8)> {
    cells
        .iter()
        .flat_map(|&c| s.cand[c].iter().map(move |d| (c, d)))
        .collect()
}

/// The first area and side, fewest units first, whose sum is one open cell: it is
/// placed (or, when the sum is not one of its candidates, loses them all).
pub fn single(board: &Board, s: &State) -> Option<Step> {
    if !board.geometry.has_cages() {
        return None;
    }
    for units in areas(board) {
        let c = count(board, s, &units);
        for sum in sums_of(board, s, &c) {
            if sum.cells.len() != 1 {
                continue;
            }
            let cell = sum.cells[0];
            let total = sum.total;
            let mut step = step_of(sum);
            match u8::try_from(total) {
                Ok(d) if d >= 1 && s.cand[cell].contains(d) => {
                    step.digits.push(d);
                    step.placements.push((cell, d));
                }
                _ => step.eliminations = everything(s, &[cell]),
            }
            return Some(step);
        }
    }
    None
}

/// The first area and side, fewest units first, whose sum of two or more open cells
/// removes something: the candidates no filling of the virtual cage uses.
pub fn virtual_cages(board: &Board, s: &State) -> Option<Step> {
    if !board.geometry.has_cages() {
        return None;
    }
    for units in areas(board) {
        let c = count(board, s, &units);
        for mut sum in sums_of(board, s, &c) {
            if sum.cells.len() < 2 {
                continue;
            }
            let Some(f) = sums::fillings(board, s, &sum.cells, sum.total, sum.distinct, (0, 0))
            else {
                continue;
            };
            let removed = if f.any() {
                f.unused(s, &sum.cells)
            } else {
                everything(s, &sum.cells)
            };
            if removed.is_empty() {
                continue;
            }
            sum.combinations = f.combinations;
            let mut step = step_of(sum);
            step.eliminations = removed;
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cage, Geometry, Puzzle, Variant};
    use std::sync::Arc;

    fn killer(cages: &[(&[usize], u32)], givens: &[(usize, u8)]) -> (Board, State) {
        let cages = cages
            .iter()
            .map(|&(cells, sum)| Cage {
                cells: cells.to_vec(),
                sum,
            })
            .collect();
        let g = Geometry::new(3, 3, Variant::Classic)
            .unwrap()
            .with_cages(cages)
            .unwrap();
        let mut cells = vec![0; 81];
        for &(c, d) in givens {
            cells[c] = d;
        }
        let p = Puzzle::new(Arc::new(g), cells);
        let b = Board::new(&p.geometry);
        let s = State::new(&b, &p);
        (b, s)
    }

    #[test]
    fn areas_are_units_then_neighbours_then_runs() {
        let g = Arc::new(Geometry::new(3, 3, Variant::Classic).unwrap());
        let a = areas(&Board::new(&g));
        assert_eq!(a[..27], (0..27).map(|u| vec![u]).collect::<Vec<_>>()[..]);
        // 12 pairs of boxes side by side, 2 × 35 runs of 2 to 8 rows or columns.
        assert_eq!(a.len(), 27 + 12 + 70);
        assert!(a.contains(&vec![18, 19]) && !a.contains(&vec![18, 22]));
    }

    #[test]
    fn one_innie_is_placed() {
        // Row 1: cages r1c1-r1c4 (10) and r1c5-r1c8 (26) inside; r1c9 sticks down into
        // a cage with r2c9. So r1c9 = 45 - 36 = 9.
        let (b, s) = killer(
            &[(&[0, 1, 2, 3], 10), (&[4, 5, 6, 7], 26), (&[8, 17], 12)],
            &[],
        );
        let step = single(&b, &s).unwrap();
        assert_eq!(step.placements, vec![(8, 9)]);
        let Detail::Sum45(sum) = &step.detail else {
            panic!("{step:?}")
        };
        assert_eq!((sum.side, &sum.units), (SumSide::Innies, &vec![0]));
        assert_eq!(sum.inside, vec![0, 1]);
    }

    #[test]
    fn one_outie_is_placed() {
        // Row 1 all in cages: r1c1-r1c4 (10) inside, r1c5-r1c9 with r2c9 (38) crossing:
        // the outie r2c9 is 10 + 38 - 45 = 3.
        let (b, s) = killer(&[(&[0, 1, 2, 3], 10), (&[4, 5, 6, 7, 8, 17], 38)], &[]);
        let step = single(&b, &s).unwrap();
        assert_eq!(step.placements, vec![(17, 3)]);
        let Detail::Sum45(sum) = &step.detail else {
            panic!("{step:?}")
        };
        assert_eq!(sum.side, SumSide::Outies);
        assert_eq!(sum.crossing, vec![1]);
    }

    #[test]
    fn two_innies_make_a_virtual_cage() {
        // Row 1: r1c1-r1c7 (28 = 1..7) inside; r1c8 and r1c9 add up to 17: {8, 9}.
        let (b, s) = killer(&[(&[0, 1, 2, 3, 4, 5, 6], 28)], &[]);
        assert_eq!(single(&b, &s), None);
        let step = virtual_cages(&b, &s).unwrap();
        let Detail::Sum45(sum) = &step.detail else {
            panic!("{step:?}")
        };
        assert_eq!((sum.total, sum.distinct), (17, true));
        assert_eq!(sum.combinations, vec![0b1_1000_0000]);
        assert_eq!(step.eliminations.len(), 14);
    }
}
