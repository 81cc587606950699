//! Level 5: the 2-SAT rule (the remark of Eppstein's "Solving single-digit Sudoku
//! subproblems": a heuristic reduction to 2-SAT with implications about single
//! digits). Each open candidate "cell c holds d" is a variable; the clauses are the
//! two-literal facts of the position:
//!
//! - at most one digit per cell and one place per digit in a unit (weak links);
//! - a cell with two candidates holds one of them, a digit with two places in a unit
//!   takes one of them (strong links: the bivalue and bilocation edges);
//! - one-step look-aheads: if placing `d` in `c` leaves `d` one place in another unit,
//!   `c = d` implies that place; if it leaves none, `c ≠ d`; a two-candidate cell
//!   {x, y} and a three-candidate cell {x, y, z} of a unit: unless the second holds z
//!   they are a naked pair, so "not z" removes x and y from the rest of the unit; and
//!   the same in the digit view: digits with places {a, b} and {a, b, c} in a unit are
//!   a hidden pair unless c holds the second, so "c is not it" empties a and b of
//!   every other digit.
//!
//! Solved by strongly connected components of the implication graph (one
//! implementation, `crate::graph::scc::Digraph`) and reachability over its
//! condensation: a literal is forced in every solution of the instance when its
//! negation implies it. Every forced literal is placed or removed in one step, each with
//! its own chain of implications (the step's links are those chains in turn). When a literal and its
//! negation imply each other the instance, and so the puzzle, has no solution.

use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::{PositionKey, State};
use crate::backends::rules::engine::step::{
    self, ones, push_new, Contradiction, Detail, Forced, Link, Step,
};
use crate::graph::scc::Digraph;
use std::rc::Rc;

/// The implication graph of a position: node `2v` is "candidate `v` holds", `2v + 1`
/// "it does not".
pub struct Instance {
    /// `(cell, digit)` of each variable.
    pub vars: Vec<(usize, u8)>,
    /// The variable of each candidate, at `cell * n + digit - 1` (`u32::MAX` for none).
    pub index: Vec<u32>,
    /// The implications.
    pub graph: Digraph,
}

/// The 2-SAT instance of the last position asked for, kept by the engine that owns it
/// (its `Scratch`): 2-SAT, the ALS rule and template chains read the instance of one
/// stuck position, so it is built once per position rather than once per rule.
#[derive(Default)]
pub struct Kept {
    position: PositionKey,
    instance: Option<Rc<Instance>>,
}

impl Kept {
    /// The 2-SAT instance of a position, built unless it is the kept position.
    pub fn instance(&mut self, board: &Board, s: &State) -> Rc<Instance> {
        if !self.position.keep(s) {
            self.instance = None;
        }
        self.instance
            .get_or_insert_with(|| Rc::new(instance(board, s)))
            .clone()
    }
}

/// The 2-SAT instance of a position.
pub fn instance(board: &Board, s: &State) -> Instance {
    let n = board.n;
    let cells = n * n;
    let mut index = vec![u32::MAX; cells * n];
    let mut vars = Vec::new();
    for c in (0..cells).filter(|&c| s.value[c] == 0) {
        for d in s.cand[c].iter() {
            index[c * n + d as usize - 1] = vars.len() as u32;
            vars.push((c, d));
        }
    }
    let var = |c: usize, d: u8| index[c * n + d as usize - 1];
    let mut arcs: Vec<(u32, u32)> = Vec::new();
    // Clause (a ∨ b) as the two implications ¬a → b, ¬b → a; literals are nodes.
    let mut clause = |a: u32, b: u32| {
        arcs.push((a ^ 1, b));
        arcs.push((b ^ 1, a));
    };
    let pos = |v: u32| 2 * v;
    let neg = |v: u32| 2 * v + 1;
    let mut ds: Vec<u8> = Vec::with_capacity(n);
    for c in (0..cells).filter(|&c| s.value[c] == 0) {
        ds.clear();
        ds.extend(s.cand[c].iter());
        for (i, &a) in ds.iter().enumerate() {
            for &b in &ds[i + 1..] {
                clause(neg(var(c, a)), neg(var(c, b)));
            }
        }
        if ds.len() == 2 {
            clause(pos(var(c, ds[0])), pos(var(c, ds[1])));
        }
    }
    // Per unit, the digits placed in it.
    let placed_in: Vec<u64> = board
        .units
        .iter()
        .map(|cells| {
            cells
                .iter()
                .filter(|&&x| s.value[x] != 0)
                .fold(0u64, |m, &x| m | 1 << (s.value[x] - 1))
        })
        .collect();
    let mut open: Vec<usize> = Vec::with_capacity(n);
    for (u, &placed) in placed_in.iter().enumerate() {
        for d in 1..=n as u8 {
            if placed >> (d - 1) & 1 == 1 {
                continue;
            }
            open.clear();
            open.extend(ones(s.places(d, u)).map(|i| board.cell(u, i as u32)));
            for (i, &a) in open.iter().enumerate() {
                for &b in &open[i + 1..] {
                    clause(neg(var(a, d)), neg(var(b, d)));
                }
            }
            if open.len() == 2 {
                clause(pos(var(open[0], d)), pos(var(open[1], d)));
            }
        }
    }
    // Pair look-ahead: a two-candidate cell {x, y} and a three-candidate cell {x, y, z}
    // of a unit make a naked pair unless the second holds z; so "not z" removes x
    // and y from the rest of the unit.
    for c in (0..cells).filter(|&c| s.value[c] == 0 && s.cand[c].len() == 2) {
        for &(u, _) in &board.cell_units[c] {
            for &w in &board.units[u] {
                if w == c || s.value[w] != 0 || s.cand[w].len() != 3 {
                    continue;
                }
                if s.cand[w].0 & s.cand[c].0 != s.cand[c].0 {
                    continue;
                }
                let Some(z) = s.cand[w].iter().find(|&e| !s.cand[c].contains(e)) else {
                    continue;
                };
                for &o in &board.units[u] {
                    if o == c || o == w || s.value[o] != 0 {
                        continue;
                    }
                    for e in s.cand[c].iter().filter(|&e| s.cand[o].contains(e)) {
                        clause(pos(var(w, z)), neg(var(o, e)));
                    }
                }
            }
        }
    }
    // Hidden-pair look-ahead, the same in the digit view: digit x with places {a, b}
    // and digit y with places {a, b, c} in a unit are a hidden pair unless c holds y;
    // so "c is not y" removes every other digit from a and b.
    for u in 0..board.unit_count() {
        for x in 1..=n as u8 {
            let px = s.places(x, u);
            if px.count_ones() != 2 || board.units[u].iter().any(|&c| s.value[c] == x) {
                continue;
            }
            for y in (1..=n as u8).filter(|&y| y != x) {
                let py = s.places(y, u);
                if py.count_ones() != 3 || py & px != px {
                    continue;
                }
                let c = board.cell(u, (py & !px).trailing_zeros());
                if s.value[c] != 0 {
                    continue;
                }
                for i in step::positions_of(px) {
                    let a = board.cell(u, i);
                    for e in s.cand[a].iter().filter(|&e| e != x && e != y) {
                        clause(pos(var(c, y)), neg(var(a, e)));
                    }
                }
            }
        }
    }
    // Look-aheads: c = d against each unit not holding c.
    for (v, &(c, d)) in vars.iter().enumerate() {
        let v = v as u32;
        for (u, &placed) in placed_in.iter().enumerate() {
            if placed >> (d - 1) & 1 == 1 {
                continue;
            }
            let sight = board.sight(c, u);
            if sight == board.full && board.cell_units[c].iter().any(|&(w, _)| w == u) {
                continue;
            }
            let left = s.places(d, u) & !sight;
            match left.count_ones() {
                0 => clause(neg(v), neg(v)),
                1 => clause(neg(v), pos(var(board.cell(u, left.trailing_zeros()), d))),
                _ => {}
            }
        }
    }
    // Repeated implications (a pair of cells sharing a row and a box) change no
    // reachability; they are kept rather than sorted away.
    Instance {
        graph: Digraph::new(vars.len() * 2, &arcs),
        vars,
        index,
    }
}

impl Instance {
    fn literal_link(&self, a: u32, b: u32) -> Link {
        let (fa, fb) = (self.vars[a as usize / 2], self.vars[b as usize / 2]);
        let (if_from, if_to) = (a.is_multiple_of(2), b.is_multiple_of(2));
        Link {
            from: fa,
            to: fb,
            strong: !if_from && if_to,
            if_from,
            if_to,
        }
    }

    /// The chain of implications from literal node `a` to `b`, if any.
    pub fn chain(&self, a: u32, b: u32) -> Option<Vec<Link>> {
        let arcs = self.graph.path(a, b)?;
        Some(
            arcs.into_iter()
                .map(|(p, x)| self.literal_link(p, x))
                .collect(),
        )
    }
}

/// Largest number of open candidates the rule runs on: the closure over the
/// condensation costs up to (2 × candidates)² / 64 words, so a nearly empty 16×16 or
/// 25×25 board is left to the other rules (a 9×9 board has at most 729).
const MAX_CANDIDATES: usize = 2500;

/// Every literal forced by the position's 2-SAT instance, as one step (or the
/// contradiction when the instance has no solution).
pub fn find(board: &Board, s: &State, kept: &mut Kept) -> Option<Step> {
    let open: usize = (0..s.value.len())
        .filter(|&c| s.value[c] == 0)
        .map(|c| s.cand[c].len() as usize)
        .sum();
    if open > MAX_CANDIDATES {
        return None;
    }
    let inst = kept.instance(board, s);
    let nodes = inst.graph.nodes();
    if nodes == 0 {
        return None;
    }
    let list = match inst.graph.forced_literals(inst.vars.len()) {
        Ok(list) => list,
        Err(v) => {
            let (c, d) = inst.vars[v as usize];
            let (p, q) = (2 * v, 2 * v + 1);
            let mut st = Step::new(Detail::Contradiction {
                what: Contradiction::TwoSat,
            });
            st.cells.push(c);
            st.digits.push(d);
            st.links = inst.chain(p, q).unwrap_or_default();
            st.links.extend(inst.chain(q, p).unwrap_or_default());
            return Some(st);
        }
    };
    let forced: Vec<Forced> = list
        .into_iter()
        .map(|(v, placed)| {
            let (p, q) = (2 * v, 2 * v + 1);
            let (a, b) = if placed { (q, p) } else { (p, q) };
            Forced {
                candidate: inst.vars[v as usize],
                placed,
                chain: inst.chain(a, b).unwrap_or_default(),
            }
        })
        .collect();
    if forced.is_empty() {
        return None;
    }
    let mut step = Step::new(Detail::TwoSat { forced: Vec::new() });
    for f in &forced {
        push_new(&mut step.cells, f.candidate.0);
        step.digits.push(f.candidate.1);
        if f.placed {
            step.placements.push(f.candidate);
        } else {
            step.eliminations.push(f.candidate);
        }
        step.links.extend(f.chain.iter().cloned());
    }
    for l in step.links.clone() {
        for x in [l.from.0, l.to.0] {
            push_new(&mut step.cells, x);
        }
    }
    step.detail = Detail::TwoSat { forced };
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::{position, x_wing};
    use super::*;

    #[test]
    fn a_forced_chain_is_found_with_its_implications() {
        // Digit 1 on a ring of strong links r1c1 - r1c5 (row 1) - r5c5 (column 5) -
        // r5c1 (row 5) - r1c1 (column 1): either alternation is possible, so nothing
        // is placed.
        let mut elim: Vec<(usize, u8)> = Vec::new();
        let keep = |cells: Vec<usize>, k: [usize; 2]| {
            cells
                .into_iter()
                .filter(move |c| !k.contains(c))
                .map(|c| (c, 1u8))
        };
        elim.extend(keep((0..9).collect(), [0, 4]));
        elim.extend(keep((0..9).map(|r| r * 9 + 4).collect(), [4, 40]));
        elim.extend(keep((36..45).collect(), [40, 36]));
        elim.extend(keep((0..9).map(|r| r * 9).collect(), [0, 36]));
        let (b, s) = position(&".".repeat(81), &elim);
        // A 4-cycle of 1s: every solution alternates; 2-SAT fixes nothing.
        let before = find(&b, &s, &mut Kept::default());
        assert!(
            before.is_none() || before.as_ref().is_some_and(|st| st.placements.is_empty()),
            "{before:?}"
        );
        // Column 1 keeps 1 at r1c1 and r9c1 instead: r1c1 ≠ 1 forces r1c5 = 1, so
        // r5c5 ≠ 1, and row 5 has no 1 left: r1c1 holds 1.
        let mut elim2 = elim.clone();
        elim2.retain(|&(c, _)| c % 9 != 0);
        elim2.extend(keep((0..9).map(|r| r * 9).collect(), [0, 72]));
        let (b, s) = position(&".".repeat(81), &elim2);
        let step = find(&b, &s, &mut Kept::default()).unwrap();
        assert!(step.placements.contains(&(0, 1)), "{step:?}");
        let first = step.links.first().unwrap();
        assert!(!first.if_from);
        assert!(!step.links.is_empty());
    }

    #[test]
    fn an_x_wing_is_a_2sat_consequence() {
        // The X-wing's eliminations follow from the look-ahead: a 4 in column 2 or 8
        // outside rows 1 and 5 leaves row 1 or row 5 one place, and then none.
        let (b, s) = x_wing();
        let step = find(&b, &s, &mut Kept::default()).unwrap();
        assert!(step.placements.is_empty());
        assert!(step
            .eliminations
            .iter()
            .all(|&(c, d)| d == 4 && (c % 9 == 1 || c % 9 == 7)));
        assert!(step.eliminations.contains(&(9 + 1, 4)));
        // Every literal fixed has its own chain, from its negation to it, and the
        // reason names each one.
        let Detail::TwoSat { forced } = &step.detail else {
            panic!("{step:?}")
        };
        assert_eq!(forced.len(), step.eliminations.len());
        let reason = super::super::super::present::text::reason(&b, &step);
        for f in forced {
            assert!(!f.placed);
            let (first, last) = (f.chain.first().unwrap(), f.chain.last().unwrap());
            assert_eq!((first.from, first.if_from), (f.candidate, true));
            assert_eq!((last.to, last.if_to), (f.candidate, false));
            let name = format!("{}≠4 because", b.cell_name(f.candidate.0));
            assert!(reason.contains(&name), "{name} not in {reason}");
        }
    }

    #[test]
    fn an_open_grid_forces_nothing() {
        let (b, s) = position(&".".repeat(81), &[]);
        assert_eq!(find(&b, &s, &mut Kept::default()), None);
    }
}
