//! The 0-1 model of a puzzle, solver-independent: binary variables `x[cell][value]`, one
//! equality row "exactly one" per cell and per (unit, value), built from the unit list so
//! every geometry and variant works, and for each Killer cage a row for its total
//! (`Σ value · x = total`) and one "at most one" row per value. Two forms: the full model
//! (givens fixed through variable bounds) and the presolved one (only what the givens
//! and cages leave open).

use crate::model::Puzzle;

/// One binary variable: "cell holds value".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Var {
    /// The cell, row-major.
    pub cell: usize,
    /// The value, `1..=n`.
    pub value: u8,
    /// Lower bound: 1 fixes a given's variable, 0 otherwise.
    pub lower: u8,
}

/// What a row stands for, for names in exports; it also fixes the row's coefficients
/// and sense ([`Row::weight`], [`RowKind::at_most`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// Exactly one value in this cell.
    Cell(usize),
    /// This value exactly once in this unit (unit index, value).
    UnitValue(usize, u8),
    /// The values of this cage (its index) add up to its total: each variable weighs its
    /// value.
    CageSum(usize),
    /// This value at most once in this cage (cage index, value): the cage's digits
    /// differ.
    CageValue(usize, u8),
}

impl RowKind {
    /// Whether the row reads `Σ ≤ rhs` (a cage's value) rather than `Σ = rhs`.
    pub fn at_most(self) -> bool {
        matches!(self, RowKind::CageValue(..))
    }
}

/// One linear row: the weighted sum of its variables equals `rhs` (or is at most `rhs`,
/// [`RowKind::at_most`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// What the row stands for.
    pub kind: RowKind,
    /// Indices into [`IpModel::vars`], weighted by [`Row::weight`].
    pub vars: Vec<usize>,
    /// The right-hand side once the givens are substituted.
    pub rhs: i32,
}

impl Row {
    /// The coefficient of `var` in this row: its value in a cage's total, else 1.
    pub fn weight(&self, var: &Var) -> i32 {
        match self.kind {
            RowKind::CageSum(_) => i32::from(var.value),
            _ => 1,
        }
    }
}

/// Size of a model: what `Stats` reports before and after presolve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ModelSize {
    /// Variables.
    pub variables: u64,
    /// Constraints (rows).
    pub constraints: u64,
    /// Non-zero coefficients.
    pub nonzeros: u64,
}

/// A no-good cut: the sum of these variables is at most `len - 1`, which forbids one
/// assignment of the blank cells already found.
pub type Cut = Vec<usize>;

/// A 0-1 feasibility model of one puzzle (zero objective).
#[derive(Clone, Debug)]
pub struct IpModel {
    /// The variables.
    pub vars: Vec<Var>,
    /// The equality rows.
    pub rows: Vec<Row>,
    /// The puzzle's givens, to complete decoded grids.
    pub givens: Vec<u8>,
    /// Whether this is the presolved form.
    pub presolved: bool,
}

impl IpModel {
    /// The full model: N³ variables, every cell and (unit, value) row, a given's own
    /// variable fixed to 1 through its lower bound (not through an extra row).
    pub fn full(puzzle: &Puzzle) -> IpModel {
        let g = &puzzle.geometry;
        let n = g.n;
        let var_of = |cell: usize, value: u8| cell * n + value as usize - 1;
        let vars = (0..g.cells())
            .flat_map(|cell| {
                (1..=n as u8).map(move |value| Var {
                    cell,
                    value,
                    lower: u8::from(puzzle.cells[cell] == value),
                })
            })
            .collect();
        let mut rows: Vec<Row> = (0..g.cells())
            .map(|cell| Row {
                kind: RowKind::Cell(cell),
                vars: (1..=n as u8).map(|v| var_of(cell, v)).collect(),
                rhs: 1,
            })
            .collect();
        for (u, unit) in g.units.iter().enumerate() {
            for value in 1..=n as u8 {
                rows.push(Row {
                    kind: RowKind::UnitValue(u, value),
                    vars: unit.cells.iter().map(|&c| var_of(c, value)).collect(),
                    rhs: 1,
                });
            }
        }
        for (k, cage) in g.cages.iter().enumerate() {
            rows.push(Row {
                kind: RowKind::CageSum(k),
                vars: cage
                    .cells
                    .iter()
                    .flat_map(|&c| (1..=n as u8).map(move |v| var_of(c, v)))
                    .collect(),
                rhs: cage.sum as i32,
            });
            for value in 1..=n as u8 {
                rows.push(Row {
                    kind: RowKind::CageValue(k, value),
                    vars: cage.cells.iter().map(|&c| var_of(c, value)).collect(),
                    rhs: 1,
                });
            }
        }
        IpModel {
            vars,
            rows,
            givens: puzzle.cells.clone(),
            presolved: false,
        }
    }

    /// The presolved model: variables only for the values a blank cell keeps once its
    /// given peers are excluded and its cage's digit sets narrowed it
    /// ([`super::cages::narrow`]); givens substituted as constants, so their rows vanish
    /// or lower a right-hand side. A row no 0-1 point can meet (an equality left with no
    /// variable and a non-zero right-hand side, say) proves the puzzle infeasible
    /// ([`IpModel::infeasible_row`]).
    pub fn presolved(puzzle: &Puzzle) -> IpModel {
        let g = &puzzle.geometry;
        let n = g.n;
        let mut candidates = puzzle.candidates();
        super::cages::narrow(puzzle, &mut candidates);
        // var_at[cell * n + value - 1] = index of the variable, if created.
        let mut var_at = vec![usize::MAX; g.cells() * n];
        let mut vars = Vec::new();
        for (cell, cands) in candidates.iter().enumerate() {
            if puzzle.cells[cell] != 0 {
                continue;
            }
            for value in cands.iter() {
                var_at[cell * n + value as usize - 1] = vars.len();
                vars.push(Var {
                    cell,
                    value,
                    lower: 0,
                });
            }
        }
        let mut rows = Vec::new();
        for cell in (0..g.cells()).filter(|&c| puzzle.cells[c] == 0) {
            let cell_vars: Vec<usize> = (0..n)
                .map(|k| var_at[cell * n + k])
                .filter(|&i| i != usize::MAX)
                .collect();
            rows.push(Row {
                kind: RowKind::Cell(cell),
                vars: cell_vars,
                rhs: 1,
            });
        }
        for (u, unit) in g.units.iter().enumerate() {
            for value in 1..=n as u8 {
                let given_here = unit
                    .cells
                    .iter()
                    .filter(|&&c| puzzle.cells[c] == value)
                    .count() as i32;
                let unit_vars: Vec<usize> = unit
                    .cells
                    .iter()
                    .map(|&c| var_at[c * n + value as usize - 1])
                    .filter(|&i| i != usize::MAX)
                    .collect();
                let rhs = 1 - given_here;
                if unit_vars.is_empty() && rhs == 0 {
                    continue; // 0 = 0: the given satisfies the row.
                }
                rows.push(Row {
                    kind: RowKind::UnitValue(u, value),
                    vars: unit_vars,
                    rhs,
                });
            }
        }
        let var_at = &var_at;
        for (k, cage) in g.cages.iter().enumerate() {
            let vars_of = |cell: usize| {
                (0..n)
                    .map(move |v| var_at[cell * n + v])
                    .filter(|&i| i != usize::MAX)
            };
            let given: i32 = cage.cells.iter().map(|&c| i32::from(puzzle.cells[c])).sum();
            let sum_vars: Vec<usize> = cage.cells.iter().flat_map(|&c| vars_of(c)).collect();
            let rhs = cage.sum as i32 - given;
            if !sum_vars.is_empty() || rhs != 0 {
                rows.push(Row {
                    kind: RowKind::CageSum(k),
                    vars: sum_vars,
                    rhs,
                });
            }
            for value in 1..=n as u8 {
                let given_here = cage
                    .cells
                    .iter()
                    .filter(|&&c| puzzle.cells[c] == value)
                    .count() as i32;
                let value_vars: Vec<usize> = cage
                    .cells
                    .iter()
                    .map(|&c| var_at[c * n + value as usize - 1])
                    .filter(|&i| i != usize::MAX)
                    .collect();
                let rhs = 1 - given_here;
                // At most as many variables as the right-hand side: the bounds keep it.
                if rhs >= 0 && value_vars.len() <= rhs as usize {
                    continue;
                }
                rows.push(Row {
                    kind: RowKind::CageValue(k, value),
                    vars: value_vars,
                    rhs,
                });
            }
        }
        IpModel {
            vars,
            rows,
            givens: puzzle.cells.clone(),
            presolved: true,
        }
    }

    /// The size of the model.
    pub fn size(&self) -> ModelSize {
        ModelSize {
            variables: self.vars.len() as u64,
            constraints: self.rows.len() as u64,
            nonzeros: self.rows.iter().map(|r| r.vars.len() as u64).sum(),
        }
    }

    /// A row no 0-1 assignment can meet on its face: a right-hand side below 0, or an
    /// equality whose right-hand side passes the weights of all its variables together
    /// (in particular, no variable left and a non-zero right-hand side).
    pub fn infeasible_row(&self) -> Option<&Row> {
        self.rows.iter().find(|r| {
            let most: i64 = r
                .vars
                .iter()
                .map(|&v| i64::from(r.weight(&self.vars[v])))
                .sum();
            r.rhs < 0 || (!r.kind.at_most() && i64::from(r.rhs) > most)
        })
    }

    /// The variables of blank cells, the ones a no-good cut ranges over.
    fn is_blank_var(&self, var: usize) -> bool {
        self.givens[self.vars[var].cell] == 0
    }

    /// The grid an assignment stands for, or `None` if the values are not a 0-1 point
    /// that puts exactly one value in every blank cell (numerical trouble).
    pub fn decode(&self, values: &[f64]) -> Option<Vec<u8>> {
        let mut grid = self.givens.clone();
        let mut filled = vec![false; grid.len()];
        for (var, &x) in self.vars.iter().zip(values) {
            if (x - x.round()).abs() > 1e-6 {
                return None;
            }
            if x.round() == 1.0 && self.givens[var.cell] == 0 {
                if filled[var.cell] {
                    return None;
                }
                filled[var.cell] = true;
                grid[var.cell] = var.value;
            }
        }
        let complete = grid.iter().all(|&v| v != 0);
        complete.then_some(grid)
    }

    /// Whether every value is within `1e-6` of 0 or 1.
    pub fn is_integral(values: &[f64]) -> bool {
        values.iter().all(|&x| (x - x.round()).abs() <= 1e-6)
    }

    /// The no-good cut forbidding `grid` on the blank cells: the variables that are 1.
    pub fn no_good(&self, grid: &[u8]) -> Cut {
        (0..self.vars.len())
            .filter(|&i| self.is_blank_var(i) && grid[self.vars[i].cell] == self.vars[i].value)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{parse_puzzles, Geometry, ParseOptions, Variant};
    use std::sync::Arc;

    fn puzzle(text: &str) -> Puzzle {
        parse_puzzles(text, "test", &ParseOptions::default())
            .unwrap()
            .remove(0)
    }

    /// A 4x4 puzzle with two 1s in its first row (the parser refuses it).
    fn clashing() -> Puzzle {
        let geometry = Geometry::new(2, 2, Variant::Classic).unwrap();
        let mut cells = vec![0; 16];
        cells[0] = 1;
        cells[1] = 1;
        Puzzle::new(Arc::new(geometry), cells)
    }

    #[test]
    fn full_model_size_is_n_cubed() {
        let p = puzzle(&".".repeat(81));
        let size = IpModel::full(&p).size();
        assert_eq!(size.variables, 729);
        assert_eq!(size.constraints, 81 + 27 * 9);
        assert_eq!(size.nonzeros, 4 * 729);
    }

    #[test]
    fn presolve_drops_givens_and_excluded_values() {
        // 4x4 with one given: cell r1c1 = 1.
        let p = puzzle("1...............");
        let m = IpModel::presolved(&p);
        // 15 blank cells; the 7 peers of r1c1 lose value 1: 15*4 - 7 = 53.
        assert_eq!(m.vars.len(), 53);
        // 15 cell rows + 12 units * 4 values - 3 rows satisfied by the given.
        assert_eq!(m.rows.len(), 15 + 48 - 3);
        assert!(m.infeasible_row().is_none());
    }

    #[test]
    fn presolve_spots_clashing_givens() {
        let p = clashing();
        let m = IpModel::presolved(&p);
        assert!(m.infeasible_row().is_some());
    }

    #[test]
    fn decode_rejects_fractional_and_double_values() {
        let p = puzzle("1234341221434321");
        let m = IpModel::full(&p);
        let mut values = vec![0.0; m.vars.len()];
        for (i, v) in m.vars.iter().enumerate() {
            if p.cells[v.cell] == v.value {
                values[i] = 1.0;
            }
        }
        assert_eq!(m.decode(&values), Some(p.cells.clone()));
        values[0] = 0.5;
        assert_eq!(m.decode(&values), None);
    }
}
