//! The exact-cover export is a complete statement of the problem: read back by a plain
//! reader into the generic engine, it yields the same solution as `dlx`. (Its 4x4
//! golden file, through the registry's encodings: `tests/backends/exact_cover_export.rs`;
//! the backend's other tests, through the registry: `tests/backends/dlx.rs`.)

use super::export::exact_cover_text;
use super::matrix::ExactCover;
use crate::backends::create;
use crate::model::Variant;
use crate::solver::SolveOptions;
use crate::test_support::puzzle;

/// Solves an exact-cover text file knowing nothing of Sudoku; returns the chosen rows' text.
fn solve_text(text: &str) -> Vec<Vec<Vec<String>>> {
    let mut lines = text.lines();
    let columns: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split_whitespace().collect()).collect();
    let mut m = ExactCover::new(columns.len());
    for row in &rows {
        let idx: Vec<usize> = row
            .iter()
            .map(|name| columns.iter().position(|c| c == name).unwrap())
            .collect();
        m.add_row(&idx);
    }
    let mut solutions = Vec::new();
    m.search(10, None, |chosen| {
        solutions.push(
            chosen
                .iter()
                .map(|&r| rows[r].iter().map(|s| s.to_string()).collect())
                .collect(),
        )
    });
    solutions
}

/// Reads the cell and value a row of the export places: `r3c5 r3#7 ...` → (cell, 7).
fn decode(row: &[String], n: usize) -> (usize, u8) {
    let (r, c) = row[0][1..].split_once('c').unwrap();
    let value = row[1].split_once('#').unwrap().1.parse().unwrap();
    (
        (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1,
        value,
    )
}

#[test]
fn export_read_back_gives_the_dlx_solution() {
    for (text, variant) in [
        (
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            Variant::Classic,
        ),
        ("1...............", Variant::X),
        (
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
            Variant::Classic,
        ),
    ] {
        let p = puzzle(text, variant);
        let solutions = solve_text(&exact_cover_text(&p));
        let expected = create("dlx")
            .unwrap()
            .solve(&p, &SolveOptions::new(10, None));
        assert_eq!(solutions.len() as u64, expected.solutions_found);
        let mut grid = p.cells.clone();
        for row in &solutions[0] {
            let (cell, value) = decode(row, p.n());
            grid[cell] = value;
        }
        assert!(expected.solutions.contains(&grid));
    }
}
