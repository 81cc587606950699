//! The exact-cover text export: column names on the first line, then one row per line
//! naming the columns it covers. It is the matrix left once the givens are selected, so
//! any exact-cover solver solves exactly the problem `dlx` searches.
//! Format and names: `encodings/exact-cover.md`.

use super::unit_value_column;
use crate::model::Puzzle;

/// The name of column `column` of a puzzle's matrix: `r3c5` for a cell, `b2#7` for value 7 in box 2.
fn column_name(puzzle: &Puzzle, column: usize) -> String {
    let g = &puzzle.geometry;
    let n = g.n;
    if column < n * n {
        g.cell_name(column)
    } else {
        let k = column - n * n;
        format!("{}#{}", g.units[k / n].tag(), k % n + 1)
    }
}

/// Writes the exact-cover text of `puzzle`.
pub fn exact_cover_text(puzzle: &Puzzle) -> String {
    let g = &puzzle.geometry;
    let n = g.n;
    let total = n * n + g.units.len() * n;
    let mut covered = vec![false; total];
    for (cell, &v) in puzzle.cells.iter().enumerate() {
        if v != 0 {
            covered[cell] = true;
            for &u in &g.cell_units[cell] {
                covered[unit_value_column(n, u, v)] = true;
            }
        }
    }
    let names: Vec<String> = (0..total)
        .filter(|&c| !covered[c])
        .map(|c| column_name(puzzle, c))
        .collect();
    let mut out = names.join(" ");
    out.push('\n');
    for (cell, candidates) in puzzle.candidates().into_iter().enumerate() {
        if puzzle.cells[cell] != 0 {
            continue;
        }
        for value in candidates.iter() {
            out.push_str(&g.cell_name(cell));
            for &u in &g.cell_units[cell] {
                out.push(' ');
                out.push_str(&column_name(puzzle, unit_value_column(n, u, value)));
            }
            out.push('\n');
        }
    }
    out
}
