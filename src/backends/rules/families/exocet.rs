//! The junior exocet: two *base* cells of one box in one row of a band, holding two to
//! four *base digits* between them, and two *target* cells of the band's other boxes,
//! in its other rows. The base cells, sharing a row and a box, take two different
//! digits `x` and `y`. Take `x`: it appears once in each of three *cross-lines*, the
//! target columns and the base box's third column. Within the band the third column
//! cannot hold it (it lies in the base box), a target column's cell in the base row
//! cannot (the row has `x` in a base cell), and its third cell, the *companion*, is
//! required to hold no base digit; so `x` sits in the cross-lines either at a target or
//! outside the band. Outside the band the cross-lines' cells that can hold each base
//! digit are required to lie in two houses (rows, columns or boxes), which hold it
//! twice at most: so `x` is in a target, and so is `y`. The two targets then hold
//! exactly the base cells' two digits: a target loses every digit the base cells lack.
//!
//! A target's digit also sits in its *mirror*. Say the first target holds `x`. In the
//! second target's box `x` is not in the base row (a base cell has it) nor in the
//! first target's row, so it is in the band's third row there: not in the second
//! target's column (that cell is the second target, holding `y`, or its companion), so
//! in one of the other two cells, the mirror. A target loses every base digit its
//! mirror cannot take, and a base cell every digit neither target can still take.
//!
//! Found along rows (bands of three rows) and along columns (stacks), on classic 9×9
//! boards and X-Sudoku (the argument uses rows, columns and boxes only).

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{digits_of, push_new, Detail, Exocet, Step};

/// Most base digits a pattern may have.
const MAX_BASE_DIGITS: u32 = 4;

/// A cell's row, column and box on a 9×9 board, as unit indices of [`Board`].
fn houses(board: &Board, cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [board.row(r), board.column(c), 18 + r / 3 * 3 + c / 3]
}

/// At most two houses holding every one of `cells`, as sorted unit indices, if any do.
fn cover(board: &Board, cells: &[usize]) -> Option<Vec<usize>> {
    let Some(&first) = cells.first() else {
        return Some(Vec::new());
    };
    for h in houses(board, first) {
        let rest: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| !houses(board, c).contains(&h))
            .collect();
        let Some(&second) = rest.first() else {
            return Some(vec![h]);
        };
        if let Some(&k) = houses(board, second)
            .iter()
            .find(|&&k| rest.iter().all(|&c| houses(board, c).contains(&k)))
        {
            let mut pair = vec![h, k];
            pair.sort_unstable();
            return Some(pair);
        }
    }
    None
}

/// The junior exocets that remove something, as one step: each base (rows before
/// columns, then bands, base boxes, base rows and base cells in order) with its first
/// pair of targets that removes something, kept when it removes something the ones
/// before it do not.
pub fn find(board: &Board, s: &State) -> Option<Step> {
    let mut found: Vec<Exocet> = Vec::new();
    each_base(board, s, &mut |pairings| {
        found.extend(pairings.into_iter().find(|x| !x.eliminations.is_empty()));
    });
    step_of(found)
}

/// Every junior exocet of a position, each base with every pair of targets that
/// passes (what it removes may be nothing): the facts [`super::weights`] counts with.
pub fn pairings(board: &Board, s: &State) -> Vec<Exocet> {
    let mut all = Vec::new();
    each_base(board, s, &mut |pairings| all.extend(pairings));
    all
}

/// The mirror of `target` in an exocet with base cells `base` and other target
/// `other`: the cells of `other`'s box in the band's line that holds neither the base
/// nor `target`, outside `other`'s cross-line (9×9 boards).
pub fn mirror(base: &[usize], target: usize, other: usize) -> Vec<usize> {
    let along_rows = base[0] / 9 == base[1] / 9;
    let line = |c: usize| if along_rows { c / 9 } else { c % 9 };
    let across = |c: usize| if along_rows { c % 9 } else { c / 9 };
    let at = |l: usize, a: usize| if along_rows { l * 9 + a } else { a * 9 + l };
    let first_line = line(base[0]) / 3 * 3;
    let third = (first_line..first_line + 3)
        .find(|&l| l != line(base[0]) && l != line(target))
        .expect("a band has three lines");
    let first = across(other) / 3 * 3;
    (first..first + 3)
        .filter(|&a| a != across(other))
        .map(|a| at(third, a))
        .collect()
}

/// Calls `each` with the passing pairings of targets of every base in turn (rows
/// before columns, then bands, base boxes, base rows and base cells in order).
fn each_base(board: &Board, s: &State, each: &mut dyn FnMut(Vec<Exocet>)) {
    let g = &board.geometry;
    if g.n != 9 || g.box_rows != 3 || g.box_cols != 3 {
        return;
    }
    for transposed in [false, true] {
        // `at(line, across)`: the cell of row `line`, column `across` when reading
        // rows; of column `line`, row `across` when reading columns.
        let at = |line: usize, across: usize| {
            if transposed {
                across * 9 + line
            } else {
                line * 9 + across
            }
        };
        let cross_unit = |across: usize| {
            if transposed {
                board.row(across)
            } else {
                board.column(across)
            }
        };
        for band in 0..3 {
            let lines = [band * 3, band * 3 + 1, band * 3 + 2];
            for stack in 0..3 {
                let box_cols = [stack * 3, stack * 3 + 1, stack * 3 + 2];
                for &line in &lines {
                    for (i, j, k) in [(0, 1, 2), (0, 2, 1), (1, 2, 0)] {
                        let base = [at(line, box_cols[i]), at(line, box_cols[j])];
                        if base.iter().any(|&c| s.value[c] != 0) {
                            continue;
                        }
                        let digits = s.cand[base[0]].0 | s.cand[base[1]].0;
                        if !(2..=MAX_BASE_DIGITS).contains(&digits.count_ones()) {
                            continue;
                        }
                        let pattern = Pattern {
                            base,
                            digits,
                            third: box_cols[k],
                            others: lines.iter().copied().filter(|&l| l != line).collect(),
                            band: lines,
                        };
                        each(targets(board, s, &pattern, stack, &at, &cross_unit));
                    }
                }
            }
        }
    }
}

/// One step of the exocets found, each kept when it removes something new.
fn step_of(found: Vec<Exocet>) -> Option<Step> {
    let mut step = Step::new(Detail::Exocet {
        patterns: Vec::new(),
    });
    let mut patterns = Vec::new();
    for exocet in found {
        let new: Vec<(usize, u8)> = exocet
            .eliminations
            .iter()
            .copied()
            .filter(|e| !step.eliminations.contains(e))
            .collect();
        if new.is_empty() {
            continue;
        }
        step.eliminations.extend(new);
        let mirrors = exocet.mirrors.iter().flat_map(|(_, m)| m);
        for &c in exocet.base.iter().chain(&exocet.targets).chain(mirrors) {
            push_new(&mut step.cells, c);
        }
        for &d in &exocet.digits {
            push_new(&mut step.digits, d);
        }
        for &u in &exocet.cross_lines {
            push_new(&mut step.units, u);
        }
        patterns.push(exocet);
    }
    if patterns.is_empty() {
        return None;
    }
    step.digits.sort_unstable();
    step.detail = Detail::Exocet { patterns };
    Some(step)
}

/// A base: its cells and digits, and the band around it.
struct Pattern {
    base: [usize; 2],
    digits: u64,
    /// The base box's cross-line (the across index of its third cell in the line).
    third: usize,
    /// The band's two other lines.
    others: Vec<usize>,
    band: [usize; 3],
}

/// A target cell with its companion and its cross-line (across index).
struct Target {
    cell: usize,
    companion: usize,
    across: usize,
}

/// Every pair of targets for one base, one in each of the band's other boxes, whose
/// cross-lines pass the cover test, with what each exocet removes.
fn targets(
    board: &Board,
    s: &State,
    p: &Pattern,
    stack: usize,
    at: &dyn Fn(usize, usize) -> usize,
    cross_unit: &dyn Fn(usize) -> usize,
) -> Vec<Exocet> {
    // The digits a cell can hold (its own, once placed).
    let can_hold = |c: usize| {
        if s.value[c] != 0 {
            1u64 << (s.value[c] - 1)
        } else {
            s.cand[c].0
        }
    };
    let holds_base = |c: usize| can_hold(c) & p.digits != 0;
    let stacks: Vec<usize> = (0..3).filter(|&t| t != stack).collect();
    // Per other box of the band, the targets it offers.
    let offers: Vec<Vec<Target>> = stacks
        .iter()
        .map(|&t| {
            let mut v = Vec::new();
            for across in t * 3..t * 3 + 3 {
                for (a, b) in [(0, 1), (1, 0)] {
                    let (cell, companion) = (at(p.others[a], across), at(p.others[b], across));
                    if s.value[cell] == 0
                        && s.cand[cell].0 & p.digits != 0
                        && !holds_base(companion)
                    {
                        v.push(Target {
                            cell,
                            companion,
                            across,
                        });
                    }
                }
            }
            v
        })
        .collect();
    let mut found = Vec::new();
    for o1 in &offers[0] {
        for o2 in &offers[1] {
            let (t1, comp1, a1) = (o1.cell, o1.companion, o1.across);
            let (t2, comp2, a2) = (o2.cell, o2.companion, o2.across);
            let crosses = [p.third, a1, a2];
            // The cross-lines' cells outside the band.
            let outside: Vec<usize> = (0..9)
                .filter(|l| !p.band.contains(l))
                .flat_map(|l| crosses.map(|a| at(l, a)))
                .collect();
            let mut covers = Vec::new();
            for d in digits_of(p.digits) {
                let mut holding: Vec<usize> = outside
                    .iter()
                    .copied()
                    .filter(|&c| can_hold(c) >> (d - 1) & 1 == 1)
                    .collect();
                holding.sort_unstable();
                match cover(board, &holding) {
                    Some(h) => covers.push((d, h)),
                    None => break,
                }
            }
            if covers.len() != p.digits.count_ones() as usize {
                continue;
            }
            let base_has = s.cand[p.base[0]].0 | s.cand[p.base[1]].0;
            let mut eliminations = Vec::new();
            let mut mirrors = Vec::new();
            let mut targets_keep = 0;
            for (t, other) in [(o1, o2), (o2, o1)] {
                let mirror = mirror(&p.base, t.cell, other.cell);
                let mirror_has = mirror.iter().fold(0, |m, &c| m | can_hold(c));
                let keep = s.cand[t.cell].0 & base_has & mirror_has;
                eliminations.extend(
                    digits_of(s.cand[t.cell].0 & !keep)
                        .into_iter()
                        .map(|d| (t.cell, d)),
                );
                if s.cand[t.cell].0 & base_has & !mirror_has != 0 {
                    mirrors.push((t.cell, mirror));
                }
                targets_keep |= keep;
            }
            for b in p.base {
                eliminations.extend(
                    digits_of(s.cand[b].0 & !targets_keep)
                        .into_iter()
                        .map(|d| (b, d)),
                );
            }
            found.push(Exocet {
                base: p.base.to_vec(),
                digits: digits_of(p.digits),
                targets: vec![t1, t2],
                companions: vec![comp1, comp2],
                cross_lines: crosses.iter().map(|&a| cross_unit(a)).collect(),
                outside,
                covers,
                mirrors,
                eliminations,
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::position;
    use super::*;

    #[test]
    fn two_houses_cover_cells_of_a_row_and_a_box_but_not_three_rows() {
        let (b, _) = position(&".".repeat(81), &[]);
        // r4c1, r4c5 (row 4) and r8c2 (row 8, the first house of it tried).
        assert_eq!(cover(&b, &[27, 31, 64]), Some(vec![3, 7]));
        // r4c1, r4c5, r8c2, r9c1: row 4 and box 7.
        assert_eq!(cover(&b, &[27, 31, 64, 72]), Some(vec![3, 24]));
        // r4c1, r5c5, r8c8: three rows, columns and boxes.
        assert_eq!(cover(&b, &[27, 40, 70]), None);
        assert_eq!(cover(&b, &[]), Some(vec![]));
    }
}
