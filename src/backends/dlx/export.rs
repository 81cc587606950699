//! The exact-cover text export: column names on the first line, then one row per line
//! naming the columns it covers. It is the matrix left once the givens are selected, so
//! any exact-cover solver solves exactly the problem `dlx` searches, Killer cages
//! included. Format and names: `encodings/exact-cover.md`.

use super::cages::PLACEMENT_CAP;
use super::SudokuCover;
use crate::model::Puzzle;

/// Writes the exact-cover text of `puzzle`: the columns the givens leave uncovered, and
/// every row but the givens' own that covers none of the givens' columns.
pub fn exact_cover_text(puzzle: &Puzzle) -> String {
    let g = &puzzle.geometry;
    let cover = SudokuCover::build(puzzle, None, PLACEMENT_CAP);
    let m = &cover.matrix;
    let mut covered = vec![false; m.columns()];
    let mut given = vec![false; m.rows()];
    for &r in &cover.given_rows {
        given[r] = true;
        for c in m.row_columns(r) {
            covered[c] = true;
        }
    }
    let names: Vec<String> = (0..m.columns()).map(|c| cover.column_name(g, c)).collect();
    let open: Vec<&str> = (0..m.columns())
        .filter(|&c| !covered[c])
        .map(|c| names[c].as_str())
        .collect();
    let mut out = open.join(" ");
    out.push('\n');
    for r in (0..m.rows()).filter(|&r| !given[r]) {
        let columns = m.row_columns(r);
        if columns.iter().any(|&c| covered[c]) {
            continue;
        }
        let line: Vec<&str> = columns.iter().map(|&c| names[c].as_str()).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}
