//! The encodings written a second time, from their definitions in `encodings/sat.md`
//! and the model's units alone, so that the check of a certificate's CNF does not rest
//! on the encoder that wrote it: a fault there (a valid grid ruled out, a clause lost)
//! shows as a difference here. Clauses are compared as a set (each clause's literals
//! sorted, repeats dropped): order and repeated clauses change no formula.

use crate::model::Puzzle;
use std::collections::BTreeSet;

/// What x(cell, value) is in an encoding: a variable, or a constant the givens decided.
#[derive(Clone, Copy, PartialEq)]
enum X {
    Var(i32),
    Const(bool),
}

/// The clause set of `encoding` (`naive`, `efficient`, `extended`, `reduced`) of
/// `puzzle`, with `extra` added (the clause excluding a solution, its literals numbered
/// as the encoding numbers them), and the number of variables; `None` for an encoding
/// with another name.
pub fn clauses(
    puzzle: &Puzzle,
    encoding: &str,
    extra: Option<&[(usize, u8)]>,
) -> Option<(usize, BTreeSet<Vec<i32>>)> {
    let g = &puzzle.geometry;
    let n = g.n;
    let (cell_amo, unit_alo, reduced) = match encoding {
        "naive" => (false, false, false),
        "efficient" => (true, false, false),
        "extended" => (true, true, false),
        "reduced" => (true, true, true),
        _ => return None,
    };
    // x(cell, value) at cell * n + value - 1.
    let mut x = Vec::with_capacity(g.cells() * n);
    let mut vars = 0;
    for cell in 0..g.cells() {
        for v in 1..=n as u8 {
            let given = puzzle.cells[cell];
            x.push(match (reduced, given) {
                (false, _) => X::Var((cell * n + v as usize) as i32),
                (true, 0) if ruled_out(puzzle, cell, v) => X::Const(false),
                (true, 0) => {
                    vars += 1;
                    X::Var(vars)
                }
                (true, g) => X::Const(g == v),
            });
        }
    }
    if !reduced {
        vars = (g.cells() * n) as i32;
    }
    let at = |cell: usize, v: u8| x[cell * n + v as usize - 1];
    let mut set = BTreeSet::new();
    // A clause of (cell, value, sign) literals, the constants put in: dropped when one
    // is true, false ones left out.
    let mut add = |lits: &mut dyn Iterator<Item = (usize, u8, bool)>| {
        let mut clause = Vec::new();
        for (cell, v, positive) in lits {
            match at(cell, v) {
                X::Var(k) => clause.push(if positive { k } else { -k }),
                X::Const(value) if value == positive => return,
                X::Const(_) => {}
            }
        }
        clause.sort_unstable();
        clause.dedup();
        set.insert(clause);
    };
    for cell in 0..g.cells() {
        add(&mut (1..=n as u8).map(|v| (cell, v, true)));
        if cell_amo {
            for v in 1..=n as u8 {
                for w in v + 1..=n as u8 {
                    add(&mut [(cell, v, false), (cell, w, false)].into_iter());
                }
            }
        }
    }
    for unit in &g.units {
        for v in 1..=n as u8 {
            for (i, &a) in unit.cells.iter().enumerate() {
                for &b in &unit.cells[i + 1..] {
                    add(&mut [(a, v, false), (b, v, false)].into_iter());
                }
            }
            if unit_alo {
                add(&mut unit.cells.iter().map(|&c| (c, v, true)));
            }
        }
    }
    if !reduced {
        for (cell, &v) in puzzle.cells.iter().enumerate().filter(|(_, &v)| v != 0) {
            add(&mut [(cell, v, true)].into_iter());
        }
    }
    if let Some(extra) = extra {
        add(&mut extra.iter().map(|&(cell, v)| (cell, v, false)));
    }
    Some((vars as usize, set))
}

/// Whether a given in a unit of `cell` holds `v`.
fn ruled_out(puzzle: &Puzzle, cell: usize, v: u8) -> bool {
    let g = &puzzle.geometry;
    g.units
        .iter()
        .filter(|u| u.cells.contains(&cell))
        .any(|u| u.cells.iter().any(|&c| c != cell && puzzle.cells[c] == v))
}
