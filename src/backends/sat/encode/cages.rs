//! Killer cages in CNF, two ways. Both state the cage's distinct digits as pairwise "not
//! both" clauses per digit over its cells; they differ in how they state its total:
//!
//! - [`CageEncoding::Combos`]: one selector variable per digit set of the cage's size and
//!   total ([`combinations`]); some selector is true, and a true selector puts each of
//!   its digits in some cell of the cage and every other digit in none.
//! - [`CageEncoding::Sequential`]: the partial sums of the cage's cells, one after the
//!   other, each in the order encoding (one variable per "the first i cells add up to at
//!   least t"), linked by P(i) = P(i-1) + value(cell i) in both directions (at least and
//!   at most), the last one fixed to the total.
//!
//! A cage is stated over what the encoding made of each (cell, value): with the reduced
//! encoding a given is the constant true, so a given cell contributes its value as a
//! constant and the clauses it decides are left out. Definitions, soundness and sizes:
//! `encodings/sat.md`, "Killer cages".

use super::{not, Builder, Literal};
use crate::model::cage::combinations_within;
use crate::model::{Cage, CandSet, Geometry};

/// How the total of a Killer cage is stated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CageEncoding {
    /// A selector variable per allowed digit set, each set's digits in the cage and the
    /// rest not.
    Combos,
    /// Order-encoded partial sums of the cage's cells, the last equal to the total.
    Sequential,
}

/// The names of the cage statements, as in `sat:ENCODING+cages=NAME`.
const NAMES: &[&str] = &["combos", "sequential"];

impl CageEncoding {
    /// Both statements, in the order of their names.
    pub const ALL: [CageEncoding; 2] = [CageEncoding::Combos, CageEncoding::Sequential];

    /// The statement used when none is named (and the one the DIMACS export writes).
    pub const DEFAULT: CageEncoding = CageEncoding::Combos;

    /// The statement named `name`; the error lists the names.
    pub fn from_name(name: &str) -> crate::error::Result<CageEncoding> {
        NAMES
            .iter()
            .position(|&n| n == name)
            .map(|i| CageEncoding::ALL[i])
            .ok_or_else(|| {
                crate::error::Error::Config(format!(
                    "sat has no cage statement '{name}'{} (available: cages={})",
                    crate::words::did_you_mean(name, NAMES.iter().copied()),
                    NAMES.join(", cages=")
                ))
            })
    }

    /// The name used after `cages=`.
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// One line on what the statement's clauses say, for the DIMACS header.
    pub fn describe(self) -> &'static str {
        match self {
            CageEncoding::Combos => {
                "per cage, pairwise not-both per digit; one selector per digit set of its size and total, at least one selector true, a selector puts each of its digits in some cell of the cage and each other digit in none"
            }
            CageEncoding::Sequential => {
                "per cage, pairwise not-both per digit; order-encoded partial sums of its cells in order (a variable per: the first i cells add up to at least t), each the one before plus the next cell's value, in both directions, the last equal to the total"
            }
        }
    }
}

/// States `cage` of board `g` as `how` says into `b`. With `once` (the reduced
/// encoding), a "not both" pair of two cells that share a unit is left to the unit,
/// which states it already.
pub(super) fn state(b: &mut Builder, g: &Geometry, cage: &Cage, how: CageEncoding, once: bool) {
    let cells = &cage.cells;
    for v in 1..=g.n as u8 {
        let keep =
            |i: usize, j: usize| !once || g.peers[cells[i]].binary_search(&cells[j]).is_err();
        b.at_most_one(cells.iter().map(|&c| (c, v)), keep);
    }
    match how {
        CageEncoding::Combos => combos(b, g.n, cage),
        CageEncoding::Sequential => sequential(b, g.n, cage),
    }
}

/// The size of the cages' statement on the unreduced encodings of board `g`: auxiliary
/// variables and clauses (what the reduced encoding is compared with).
pub(in crate::backends::sat) fn full_size(g: &Geometry, how: CageEncoding) -> (usize, usize) {
    let base = g.cells() * g.n;
    let literal: Vec<Literal> = (1..=base as i32).map(Literal::Var).collect();
    let mut b = Builder::new(g.n, &literal, base);
    for cage in &g.cages {
        state(&mut b, g, cage, how, false);
    }
    (b.cnf.vars - base, b.cnf.clauses())
}

/// The digit sets of the cage: those of its size and total that draw only digits some
/// cell may still hold and hold every digit a cell is fixed to. Then a selector per
/// set, at least one true; a selector true puts each of its digits in some cell (a
/// clause) and each other digit in none (a binary clause per cell). No set left is the
/// empty clause.
fn combos(b: &mut Builder, n: usize, cage: &Cage) {
    let cells = &cage.cells;
    let (mut allowed, mut required) = (CandSet::EMPTY, CandSet::EMPTY);
    for &c in cells {
        for v in 1..=n as u8 {
            match b.x(c, v) {
                Literal::Const(false) => {}
                Literal::Const(true) => {
                    allowed.insert(v);
                    required.insert(v);
                }
                Literal::Var(_) => allowed.insert(v),
            }
        }
    }
    let sets: Vec<CandSet> = combinations_within(n, cells.len(), cage.sum, allowed)
        .into_iter()
        .filter(|s| s.0 & required.0 == required.0)
        .collect();
    let selectors: Vec<Literal> = sets.iter().map(|_| b.fresh()).collect();
    b.push(&selectors);
    let mut clause = Vec::with_capacity(cells.len() + 1);
    for (set, &s) in sets.iter().zip(&selectors) {
        for v in 1..=n as u8 {
            if set.contains(v) {
                clause.clear();
                clause.push(not(s));
                clause.extend(cells.iter().map(|&c| b.x(c, v)));
                b.push(&clause);
            } else {
                for &c in cells {
                    let x = b.x(c, v);
                    b.push(&[not(s), not(x)]);
                }
            }
        }
    }
}

/// The bounds every solution puts on the partial sums of the cage's cells taken in
/// `order` (the fixed ones, with their values, first): for i = 0..=k, the least and the
/// most the first i cells can add up to, given that the cage's digits are distinct, the
/// unfixed cells avoid the fixed digits, and the rest must make up the total. `None`
/// when some bound is empty (no solution keeps the cage).
fn partial_sum_bounds(
    n: usize,
    order: &[(usize, Option<u8>)],
    total: i64,
) -> Option<Vec<(i64, i64)>> {
    let k = order.len();
    let fixed: Vec<i64> = order
        .iter()
        .filter_map(|&(_, f)| f.map(i64::from))
        .collect();
    let g = fixed.len();
    let fixed_total: i64 = fixed.iter().sum();
    let avail: Vec<i64> = (1..=n as i64).filter(|d| !fixed.contains(d)).collect();
    if k - g > avail.len() {
        return None;
    }
    let least = |j: usize| avail[..j].iter().sum::<i64>();
    let most = |j: usize| avail[avail.len() - j..].iter().sum::<i64>();
    let mut bounds = Vec::with_capacity(k + 1);
    let mut prefix = 0;
    for i in 0..=k {
        if i > 0 && i <= g {
            prefix += fixed[i - 1];
        }
        let (before, after) = (i.saturating_sub(g), k - i.max(g));
        let rest = fixed_total - prefix;
        let lo = (prefix + least(before)).max(total - rest - most(after));
        let hi = (prefix + most(before)).min(total - rest - least(after));
        if lo > hi {
            return None;
        }
        bounds.push((lo, hi));
    }
    Some(bounds)
}

/// The cage's total as order-encoded partial sums. With P(i) the sum of the first i
/// cells (the fixed ones first) and ge(i, t) the literal "P(i) ≥ t" (true at or below
/// the least bound, false above the most, a variable between), for each cell i, value d
/// and P(i-1) = a in its bounds: ge(i-1, a) ∧ x(cell i, d) → ge(i, a+d), and
/// ¬ge(i-1, a+1) ∧ x(cell i, d) → ¬ge(i, a+d+1); plus ge(i, t+1) → ge(i, t). P(0) is 0
/// and P(k) the total, both constants.
fn sequential(b: &mut Builder, n: usize, cage: &Cage) {
    let fixed = |b: &Builder, c: usize| (1..=n as u8).find(|&v| b.x(c, v) == Literal::Const(true));
    let mut order: Vec<(usize, Option<u8>)> =
        cage.cells.iter().map(|&c| (c, fixed(b, c))).collect();
    order.sort_by_key(|&(_, f)| f.is_none());
    let Some(bounds) = partial_sum_bounds(n, &order, i64::from(cage.sum)) else {
        b.push(&[]);
        return;
    };
    // The variables of ge(i, t) for t in lo(i)+1 ..= hi(i).
    let ge_vars: Vec<Vec<Literal>> = bounds
        .iter()
        .map(|&(lo, hi)| (lo..hi).map(|_| b.fresh()).collect())
        .collect();
    let ge = |i: usize, t: i64| {
        let (lo, hi) = bounds[i];
        match t {
            t if t <= lo => Literal::Const(true),
            t if t > hi => Literal::Const(false),
            t => ge_vars[i][(t - lo - 1) as usize],
        }
    };
    for (i, &(cell, _)) in order.iter().enumerate().map(|(i, o)| (i + 1, o)) {
        let (lo, hi) = bounds[i];
        for t in lo + 2..=hi {
            b.push(&[not(ge(i, t)), ge(i, t - 1)]);
        }
        let (before_lo, before_hi) = bounds[i - 1];
        for d in 1..=n as u8 {
            let x = b.x(cell, d);
            if x == Literal::Const(false) {
                continue;
            }
            let d = i64::from(d);
            for a in before_lo..=before_hi {
                b.push(&[not(ge(i - 1, a)), not(x), ge(i, a + d)]);
                b.push(&[ge(i - 1, a + 1), not(x), not(ge(i, a + d + 1))]);
            }
        }
    }
}
