//! Singleton-row presolve on the 0-1 model, to a fixpoint: a row `Σ x = 1` left with one
//! variable fixes it to 1; a variable at 1 lowers the right-hand side of each of its rows,
//! and a row whose right-hand side reaches 0 fixes all its other variables to 0. This is
//! the reduction every MIP presolver starts with (in Sudoku terms it places naked and
//! hidden singles), done on the rows alone, so it serves every engine and variant alike.
//! The same bounds read a cage's rows, whose coefficients are positive: a variable
//! weighing more than its row's right-hand side goes to 0, and an equality whose open
//! weights add up to exactly its right-hand side fixes them all to 1.
//! What it fixes to 1 joins the givens; what is left is an ordinary [`IpModel`], smaller,
//! with the same solutions on the cells still open.

use super::model::{IpModel, Row, Var};

/// The reduced model and what the reduction did.
pub struct Reduced {
    /// The model left to solve (its `givens` include the cells fixed here).
    pub model: IpModel,
    /// Variables fixed to 1 (cells placed).
    pub fixed_one: usize,
    /// Whether a row became impossible (right-hand side below 0, or an equality's above
    /// what its open variables can reach): the puzzle has no solution.
    pub infeasible: bool,
}

/// Reduces `model` by singleton rows until none is left.
pub fn reduce(model: &IpModel) -> Reduced {
    let nvars = model.vars.len();
    let mut rows_of: Vec<Vec<usize>> = vec![Vec::new(); nvars];
    for (r, row) in model.rows.iter().enumerate() {
        for &v in &row.vars {
            rows_of[v].push(r);
        }
    }
    let weight = |r: usize, v: usize| model.rows[r].weight(&model.vars[v]);
    // Per variable: None = open, Some(value) = fixed.
    let mut fixed: Vec<Option<bool>> = vec![None; nvars];
    let mut rhs: Vec<i32> = model.rows.iter().map(|r| r.rhs).collect();
    let mut open: Vec<usize> = model.rows.iter().map(|r| r.vars.len()).collect();
    // The weights of each row's open variables added up: the most it can still reach.
    let mut reach: Vec<i32> = model
        .rows
        .iter()
        .enumerate()
        .map(|(r, row)| row.vars.iter().map(|&v| weight(r, v)).sum())
        .collect();
    let mut queue: Vec<usize> = (0..model.rows.len()).collect();
    let mut infeasible = false;
    let mut fixed_one = 0;
    let mut to_fix: Vec<(usize, bool)> = Vec::new();
    while let Some(r) = queue.pop() {
        if infeasible {
            break;
        }
        let at_most = model.rows[r].kind.at_most();
        if rhs[r] < 0 || (!at_most && rhs[r] > reach[r]) {
            infeasible = true;
            break;
        }
        if open[r] == 0 {
            continue;
        }
        // Row at 0: every open variable goes to 0. An equality its open variables meet
        // only all together: they go to 1 (a cell or unit row with one variable left).
        // Otherwise a variable weighing more than what is left goes to 0.
        to_fix.clear();
        for &v in model.rows[r].vars.iter().filter(|&&v| fixed[v].is_none()) {
            if rhs[r] == 0 || weight(r, v) > rhs[r] {
                to_fix.push((v, false));
            } else if !at_most && reach[r] == rhs[r] {
                to_fix.push((v, true));
            }
        }
        for &(v, value) in &to_fix {
            fixed[v] = Some(value);
            fixed_one += usize::from(value);
            for &s in &rows_of[v] {
                let w = weight(s, v);
                open[s] -= 1;
                reach[s] -= w;
                if value {
                    rhs[s] -= w;
                }
                queue.push(s);
            }
        }
    }
    let mut givens = model.givens.clone();
    let mut index = vec![usize::MAX; nvars];
    let mut vars: Vec<Var> = Vec::new();
    for (i, var) in model.vars.iter().enumerate() {
        match fixed[i] {
            Some(true) => givens[var.cell] = var.value,
            Some(false) => {}
            None => {
                index[i] = vars.len();
                vars.push(*var);
            }
        }
    }
    let rows = model
        .rows
        .iter()
        .enumerate()
        .filter(|&(r, row)| open[r] > 0 || (rhs[r] != 0 && !row.kind.at_most()) || rhs[r] < 0)
        .map(|(r, row)| Row {
            kind: row.kind,
            vars: row
                .vars
                .iter()
                .filter(|&&v| fixed[v].is_none())
                .map(|&v| index[v])
                .collect(),
            rhs: rhs[r],
        })
        .collect();
    Reduced {
        model: IpModel {
            vars,
            rows,
            givens,
            presolved: model.presolved,
        },
        fixed_one,
        infeasible,
    }
}

#[cfg(test)]
mod tests {
    use super::reduce;
    use crate::backends::ip::model::IpModel;
    use crate::model::{parse_puzzles, ParseOptions};

    fn model(text: &str) -> IpModel {
        let p = parse_puzzles(text, "test", &ParseOptions::default())
            .unwrap()
            .remove(0);
        IpModel::presolved(&p)
    }

    #[test]
    fn singles_fill_an_easy_grid_and_leave_no_row() {
        // A newspaper puzzle that naked and hidden singles solve outright.
        let m = model(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let r = reduce(&m);
        assert!(!r.infeasible);
        assert!(r.model.vars.is_empty() && r.model.rows.is_empty());
        assert!(r.model.givens.iter().all(|&v| v != 0));
        assert_eq!(r.fixed_one, 81 - 30);
    }

    #[test]
    fn a_clash_the_singles_reach_is_infeasible() {
        // r1c8 and r1c9 can only hold 9.
        let m = model(
            "12345.............................6........7........8.........6........7........8",
        );
        assert!(m.infeasible_row().is_none());
        assert!(reduce(&m).infeasible);
    }

    #[test]
    fn an_empty_grid_is_left_alone() {
        let m = model(&".".repeat(16));
        let r = reduce(&m);
        assert!(!r.infeasible);
        assert_eq!(r.model.vars.len(), m.vars.len());
        assert_eq!(r.model.rows.len(), m.rows.len());
        assert_eq!(r.fixed_one, 0);
    }
}
