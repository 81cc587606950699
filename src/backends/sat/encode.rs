//! The CNF encodings of the `sat` backend, built from the puzzle's unit list so that any
//! side, box shape and variant is encoded the same way.
//!
//! One Boolean x(cell, value) per cell and value. Numbered for DIMACS as
//! `var(cell, value) = cell * N + value` (cell = row * N + column from 0, value from 1),
//! so the N³ variables are 1..=N³. The reduced encoding renumbers the variables it keeps
//! in the same order (see [`Literal`]). Killer cages are stated after the units by
//! [`cages`], whose auxiliary variables follow the cells' ones. Definitions and
//! counts: `encodings/sat.md`.

pub(in crate::backends::sat) mod cages;

use crate::model::Puzzle;
pub use cages::CageEncoding;
use std::time::Instant;

/// The four encodings; the first is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Lynce and Ouaknine's minimal encoding (the naive alldifferent translation): per
    /// cell "at least one value", per unit and value pairwise "not both".
    Naive,
    /// Naive plus per cell pairwise "at most one value".
    Efficient,
    /// Efficient plus per unit and value "at least one cell".
    Extended,
    /// Extended after removing what the givens decide (no variable for a value a given
    /// rules out, satisfied clauses dropped, false literals removed), with each "not
    /// both" pair of two cells that share several units (a row or a column and a box)
    /// stated once.
    Reduced,
}

/// The names of the encodings, as used in `sat:NAME` and `export --encoding sat-NAME`.
const NAMES: &[&str] = &["naive", "efficient", "extended", "reduced"];

/// How many cells' clauses [`Encoded::build_until`] states between two reads of the
/// clock (a 64x64 cell's at-most-one takes some 2,000 clauses).
const CLOCK_CELLS: usize = 256;

impl Encoding {
    /// Every encoding, in the order of `NAMES`.
    pub const ALL: [Encoding; 4] = [
        Encoding::Naive,
        Encoding::Efficient,
        Encoding::Extended,
        Encoding::Reduced,
    ];

    /// The encoding named `name` (`None` for the default, naive).
    pub fn from_name(name: Option<&str>) -> crate::error::Result<Encoding> {
        let name = name.unwrap_or(NAMES[0]);
        NAMES
            .iter()
            .position(|&n| n == name)
            .map(|i| Encoding::ALL[i])
            .ok_or_else(|| {
                crate::error::Error::Config(format!(
                    "sat has no encoding '{name}'{} (available: {})",
                    crate::words::did_you_mean(name, NAMES.iter().copied()),
                    NAMES.join(", ")
                ))
            })
    }

    /// The name used after `sat:`.
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// Whether the per-cell "at most one value" clauses are included.
    fn cell_at_most_one(self) -> bool {
        self != Encoding::Naive
    }

    /// Whether the per-unit "every value somewhere" clauses are included.
    fn unit_at_least_one(self) -> bool {
        matches!(self, Encoding::Extended | Encoding::Reduced)
    }
}

/// A clause set in DIMACS terms: variables 1..=`vars`, literals as signed integers,
/// clauses stored one after another (`ends[i]` is where clause `i` ends in `lits`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    /// Number of variables.
    pub vars: usize,
    /// Every clause's literals, concatenated.
    pub lits: Vec<i32>,
    /// The end of each clause in `lits`.
    pub ends: Vec<usize>,
}

impl Cnf {
    /// Number of clauses.
    pub fn clauses(&self) -> usize {
        self.ends.len()
    }

    /// The clauses, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[i32]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(self.ends.iter()).map(|(s, &e)| &self.lits[s..e])
    }

    /// Appends a clause.
    pub fn push(&mut self, clause: &[i32]) {
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
    }
}

/// What x(cell, value) is in an encoding: a variable, or a constant the givens decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Literal {
    /// The DIMACS variable number.
    Var(i32),
    /// Decided by the givens (reduced encoding only).
    Const(bool),
}

/// An encoded puzzle: the clauses and what each (cell, value) became.
#[derive(Clone, Debug)]
pub struct Encoded {
    /// The encoding used.
    pub encoding: Encoding,
    /// How Killer cages are stated (whether or not the board has any).
    pub cages: CageEncoding,
    /// The variables that stand for a (cell, value): 1..=`cell_vars`; the cage
    /// statement's auxiliary variables are the ones above, up to `cnf.vars`.
    pub cell_vars: usize,
    /// The side N.
    pub n: usize,
    /// The clauses.
    pub cnf: Cnf,
    /// x(cell, value) at index `cell * N + value - 1`.
    pub literal: Vec<Literal>,
}

impl Encoded {
    /// Builds `encoding` of `puzzle`, its cages (if any) stated the default way.
    pub fn build(puzzle: &Puzzle, encoding: Encoding) -> Encoded {
        Encoded::build_with(puzzle, encoding, CageEncoding::DEFAULT)
    }

    /// Builds `encoding` of `puzzle` with its cages stated as `cages` says.
    pub fn build_with(puzzle: &Puzzle, encoding: Encoding, cages: CageEncoding) -> Encoded {
        Encoded::build_until(puzzle, encoding, cages, None).expect("no deadline to pass")
    }

    /// Builds `encoding` of `puzzle` (cages stated as `cages` says), or gives up once
    /// `deadline` has passed (the clauses of an empty 64x64 take about half a second to
    /// state): `None` then. The clock is read every 256 cells, before each unit and
    /// before each cage.
    pub fn build_until(
        puzzle: &Puzzle,
        encoding: Encoding,
        cages: CageEncoding,
        deadline: Option<Instant>,
    ) -> Option<Encoded> {
        let expired = || deadline.is_some_and(|d| Instant::now() >= d);
        let g = &puzzle.geometry;
        let n = g.n;
        let literal = if encoding == Encoding::Reduced {
            reduced_literals(puzzle)
        } else {
            (1..=(n * n * n) as i32).map(Literal::Var).collect()
        };
        let vars = literal
            .iter()
            .filter(|l| matches!(l, Literal::Var(_)))
            .count();
        let mut b = Builder::new(n, &literal, vars);
        let cell_vars = vars;
        let once = encoding == Encoding::Reduced;
        let values = 1..=n as u8;
        for cell in 0..n * n {
            b.clause(values.clone().map(|v| (cell, v, true)));
        }
        if encoding.cell_at_most_one() {
            for cell in 0..n * n {
                if cell % CLOCK_CELLS == 0 && expired() {
                    return None;
                }
                b.at_most_one(values.clone().map(|v| (cell, v)), |_, _| true);
            }
        }
        if encoding.unit_at_least_one() {
            for unit in &g.units {
                for v in values.clone() {
                    b.clause(unit.cells.iter().map(|&c| (c, v, true)));
                }
            }
        }
        let mut fresh = Vec::new();
        for (u, unit) in g.units.iter().enumerate() {
            if expired() {
                return None;
            }
            // Which pairs of the unit's cells (by place in it) no earlier unit holds: the
            // reduced encoding states the others' clauses there already. A cell's units
            // are listed in increasing order.
            let k = unit.cells.len();
            if once {
                fresh.clear();
                fresh.extend((0..k * k).map(|ij| {
                    let (a, b) = (unit.cells[ij / k], unit.cells[ij % k]);
                    !g.cell_units[a]
                        .iter()
                        .take_while(|&&w| w < u)
                        .any(|w| g.cell_units[b].contains(w))
                }));
            }
            for v in values.clone() {
                let keep = |i: usize, j: usize| !once || fresh[i * k + j];
                b.at_most_one(unit.cells.iter().map(|&c| (c, v)), keep);
            }
        }
        for cage in &g.cages {
            if expired() {
                return None;
            }
            cages::state(&mut b, g, cage, cages, once);
        }
        // The givens last: a solver that simplifies while loading (varisat does) then
        // loads the structure before any literal is fixed.
        if encoding != Encoding::Reduced {
            for (cell, &v) in puzzle.cells.iter().enumerate() {
                if v != 0 {
                    b.clause([(cell, v, true)]);
                }
            }
        }
        let cnf = b.cnf;
        Some(Encoded {
            encoding,
            cages,
            cell_vars,
            n,
            cnf,
            literal,
        })
    }

    /// What x(cell, value) is.
    pub fn literal(&self, cell: usize, value: u8) -> Literal {
        self.literal[cell * self.n + value as usize - 1]
    }

    /// Reads the grid from a model (`true` at index `var - 1` for each true variable);
    /// `None` if some cell has no value or several.
    pub fn decode(&self, model: &[bool]) -> Option<Vec<u8>> {
        let n = self.n;
        let truth = |l: Literal| match l {
            Literal::Var(v) => model.get(v as usize - 1).copied().unwrap_or(false),
            Literal::Const(b) => b,
        };
        (0..n * n)
            .map(|cell| {
                let mut values = (1..=n as u8).filter(|&v| truth(self.literal(cell, v)));
                let first = values.next()?;
                values.next().is_none().then_some(first)
            })
            .collect()
    }

    /// The clause that forbids `grid` on the cells that were blank in `puzzle`: the
    /// negation of their assignment. Empty when no cell was blank.
    pub fn blocking_clause(&self, puzzle: &Puzzle, grid: &[u8]) -> Vec<i32> {
        (0..grid.len())
            .filter(|&c| puzzle.cells[c] == 0)
            .filter_map(|c| match self.literal(c, grid[c]) {
                Literal::Var(v) => Some(-v),
                Literal::Const(_) => None,
            })
            .collect()
    }
}

/// x(cell, value) for the reduced encoding: a given's own value is true and its other
/// values false; a value a given rules out from a blank cell is false; the rest are
/// variables numbered from 1 in (cell, value) order.
fn reduced_literals(puzzle: &Puzzle) -> Vec<Literal> {
    let n = puzzle.n();
    let candidates = puzzle.candidates();
    let mut next = 0;
    let mut literal = Vec::with_capacity(n * n * n);
    for (cell, cands) in candidates.iter().enumerate() {
        for v in 1..=n as u8 {
            literal.push(match puzzle.cells[cell] {
                0 if cands.contains(v) => {
                    next += 1;
                    Literal::Var(next)
                }
                0 => Literal::Const(false),
                given => Literal::Const(given == v),
            });
        }
    }
    literal
}

/// Builds clauses over (cell, value, positive) literals, simplifying by the constants.
pub(super) struct Builder<'a> {
    n: usize,
    literal: &'a [Literal],
    /// The clauses so far; `cnf.vars` counts the variables, auxiliary ones included.
    pub(super) cnf: Cnf,
    clause: Vec<i32>,
    /// The literals of the "not both" clauses being built, each with its place in the
    /// list given.
    open: Vec<(usize, Literal)>,
}

impl<'a> Builder<'a> {
    /// A builder with no clause yet, over the (cell, value) table `literal` of side `n`
    /// with `vars` variables.
    pub(super) fn new(n: usize, literal: &'a [Literal], vars: usize) -> Builder<'a> {
        Builder {
            n,
            literal,
            cnf: Cnf {
                vars,
                ..Cnf::default()
            },
            clause: Vec::with_capacity(n),
            open: Vec::with_capacity(n),
        }
    }

    /// What x(cell, value) is.
    pub(super) fn x(&self, cell: usize, value: u8) -> Literal {
        self.literal[cell * self.n + value as usize - 1]
    }

    /// A new auxiliary variable, numbered after every variable so far.
    pub(super) fn fresh(&mut self) -> Literal {
        self.cnf.vars += 1;
        Literal::Var(self.cnf.vars as i32)
    }

    /// Adds the clause of `lits`, each a DIMACS literal (`Var` of a signed number) or a
    /// constant (see [`not`]): dropped when a constant is true, false constants left out.
    pub(super) fn push(&mut self, lits: &[Literal]) {
        self.clause.clear();
        for &l in lits {
            match l {
                Literal::Var(v) => self.clause.push(v),
                Literal::Const(true) => return,
                Literal::Const(false) => {}
            }
        }
        self.cnf.push(&self.clause);
    }

    /// Adds the pairwise "not both" clauses over the given (cell, value) literals, in
    /// pair order, for the pairs `keep` accepts (by their places in the list). A pair
    /// with a false literal is satisfied, so false literals are left out before pairing
    /// (which is what makes the reduced encoding cheap to build).
    pub(super) fn at_most_one(
        &mut self,
        lits: impl IntoIterator<Item = (usize, u8)>,
        keep: impl Fn(usize, usize) -> bool,
    ) {
        let n = self.n;
        self.open.clear();
        self.open.extend(
            lits.into_iter()
                .enumerate()
                .map(|(i, (cell, value))| (i, self.literal[cell * n + value as usize - 1]))
                .filter(|&(_, l)| l != Literal::Const(false)),
        );
        for i in 0..self.open.len() {
            for j in i + 1..self.open.len() {
                let ((a, la), (b, lb)) = (self.open[i], self.open[j]);
                if !keep(a, b) {
                    continue;
                }
                match (la, lb) {
                    (Literal::Var(a), Literal::Var(b)) => self.cnf.push(&[-a, -b]),
                    (Literal::Var(a), _) | (_, Literal::Var(a)) => self.cnf.push(&[-a]),
                    _ => self.cnf.push(&[]),
                }
            }
        }
    }

    /// Adds the clause unless a literal is true; false literals are left out.
    fn clause(&mut self, lits: impl IntoIterator<Item = (usize, u8, bool)>) {
        self.clause.clear();
        for (cell, value, positive) in lits {
            match self.literal[cell * self.n + value as usize - 1] {
                Literal::Var(v) => self.clause.push(if positive { v } else { -v }),
                Literal::Const(b) if b == positive => return,
                Literal::Const(_) => {}
            }
        }
        self.cnf.push(&self.clause);
    }
}

/// The negation of a literal of [`Builder::push`]: the opposite sign, or the other constant.
pub(super) fn not(l: Literal) -> Literal {
    match l {
        Literal::Var(v) => Literal::Var(-v),
        Literal::Const(b) => Literal::Const(!b),
    }
}

/// Clause counts of the full (unreduced) encodings of an empty grid, from the
/// definitions: the oracle the tests compare the built encodings with.
pub fn empty_grid_clauses(puzzle: &Puzzle, encoding: Encoding) -> u64 {
    let g = &puzzle.geometry;
    let n = g.n as u64;
    let pairs = |k: u64| k * k.saturating_sub(1) / 2;
    let mut clauses = n * n
        + g.units
            .iter()
            .map(|u| n * pairs(u.cells.len() as u64))
            .sum::<u64>();
    if encoding.cell_at_most_one() {
        clauses += n * n * pairs(n);
    }
    if encoding.unit_at_least_one() {
        clauses += g.units.len() as u64 * n;
    }
    clauses
}
