//! Level 6: Sue de Coq. Where a box meets a line, take two or more open cells `C`
//! whose candidates `V` number at least two more than the cells; add open cells `A` of
//! the line outside the box and `B` of the box outside the line, such that no digit is
//! a candidate of both `A` and `B` and the digits of `C`, `A` and `B` together number
//! exactly their cells. The cells of `C` and `A` share a line, those of `C` and `B` a
//! box, and `A` and `B` share no digit: all the cells take different digits, so each
//! of those digits is placed exactly once in them. A digit of `A` (or of `V` missing
//! from `B`) then lies in the line part, so the rest of the line loses it; a digit
//! of `B` (or of `V` missing from `A`), the rest of the box.

use super::board::Board;
use super::state::State;
use super::step::{digits_of, positions_of, Detail, Step};
use crate::model::UnitKind;

/// The subsets of `cells` (at most [`MAX_REST`] of them) as `(mask over the list, digit union)`.
fn subsets(s: &State, cells: &[usize]) -> Vec<(u32, u64)> {
    let mut out = vec![(0u32, 0u64)];
    for (i, &c) in cells.iter().enumerate() {
        let k = out.len();
        for j in 0..k {
            let (m, u) = out[j];
            out.push((m | 1 << i, u | s.cand[c].0));
        }
    }
    out
}

/// Most open cells of the line outside the box (and of the box outside the line) the
/// rule searches: their subsets are paired, so larger boards skip crowded crossings.
const MAX_REST: usize = 8;

fn pick(cells: &[usize], mask: u32) -> Vec<usize> {
    positions_of(u64::from(mask))
        .into_iter()
        .map(|i| cells[i as usize])
        .collect()
}

/// The first Sue de Coq that removes something: crossings in board order.
pub fn find(board: &Board, s: &State) -> Option<Step> {
    let kinds = &board.geometry.units;
    for crossing in &board.crossings {
        let (bx, line) = (crossing.inner, crossing.outer);
        if kinds[bx].kind != UnitKind::Box || kinds[line].kind == UnitKind::Box {
            continue;
        }
        let open = |c: &usize| s.value[*c] == 0;
        let inter: Vec<usize> = positions_of(crossing.inner_mask)
            .into_iter()
            .map(|i| board.cell(bx, i))
            .filter(open)
            .collect();
        if inter.len() < 2 {
            continue;
        }
        let line_rest: Vec<usize> = board.units[line]
            .iter()
            .copied()
            .filter(|c| open(c) && !board.units[bx].contains(c))
            .collect();
        let box_rest: Vec<usize> = board.units[bx]
            .iter()
            .copied()
            .filter(|c| open(c) && !board.units[line].contains(c))
            .collect();
        if line_rest.len() > MAX_REST || box_rest.len() > MAX_REST {
            continue;
        }
        let line_sets = subsets(s, &line_rest);
        let box_sets = subsets(s, &box_rest);
        for &(cm, v) in &subsets(s, &inter) {
            let size = cm.count_ones();
            if size < 2 || v.count_ones() < size + 2 {
                continue;
            }
            for &(am, va) in line_sets.iter().filter(|(m, _)| *m != 0) {
                for &(bm, vb) in box_sets.iter().filter(|(m, _)| *m != 0) {
                    if va & vb != 0
                        || (v | va | vb).count_ones() != size + am.count_ones() + bm.count_ones()
                    {
                        continue;
                    }
                    let (cs, a, b) = (pick(&inter, cm), pick(&line_rest, am), pick(&box_rest, bm));
                    let line_loses = va | (v & !vb);
                    let box_loses = vb | (v & !va);
                    let mut elim = Vec::new();
                    for (unit, loses, keep) in [(line, line_loses, &a), (bx, box_loses, &b)] {
                        for &c in &board.units[unit] {
                            if s.value[c] != 0 || cs.contains(&c) || keep.contains(&c) {
                                continue;
                            }
                            for d in digits_of(s.cand[c].0 & loses) {
                                if !elim.contains(&(c, d)) {
                                    elim.push((c, d));
                                }
                            }
                        }
                    }
                    if elim.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(
                        "Sue de Coq",
                        6,
                        Detail::SueDeCoq {
                            box_unit: bx,
                            line,
                            crossing: cs.clone(),
                            line_cells: a.clone(),
                            box_cells: b.clone(),
                        },
                    );
                    step.cells = cs.iter().chain(&a).chain(&b).copied().collect();
                    step.digits = digits_of(v | va | vb);
                    step.units = vec![bx, line];
                    step.eliminations = elim;
                    return Some(step);
                }
            }
        }
    }
    None
}
