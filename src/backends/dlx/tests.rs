//! The exact-cover export is a complete statement of the problem: read back by a plain
//! reader into the generic engine, it yields the same solutions as `dlx`, Killer cages
//! included. Both statements of a cage (placements, digit sets) give the same solutions.
//! (Its 4x4 golden file, through the registry's encodings:
//! `tests/backends/exact_cover_export.rs`; the backend's other tests, through the
//! registry: `tests/backends/dlx.rs`, and on random Killers against a brute force:
//! `tests/backends/cages_ip_dlx.rs`.)

use super::cages::PLACEMENT_CAP;
use super::export::exact_cover_text;
use super::matrix::ExactCover;
use super::SudokuCover;
use crate::backends::create;
use crate::model::{Cage, Geometry, Puzzle, Variant};
use crate::solver::{SolveOptions, Solver};
use crate::test_support::puzzle;
use std::sync::Arc;

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

/// The cell of a column name `r3c5`, if it is one.
fn cell_of(name: &str, n: usize) -> Option<usize> {
    let (r, c) = name.strip_prefix('r')?.split_once('c')?;
    Some((r.parse::<usize>().ok()? - 1) * n + c.parse::<usize>().ok()? - 1)
}

/// Reads the cells and values a row of the export places: each cell column `r3c5` is
/// followed by its row's column `r3#7` → (cell, 7). A cage's digit-set row places none.
fn decode(row: &[String], n: usize) -> Vec<(usize, u8)> {
    (0..row.len())
        .filter_map(|k| {
            let cell = cell_of(&row[k], n)?;
            let value = row[k + 1].split_once('#').unwrap().1.parse().unwrap();
            Some((cell, value))
        })
        .collect()
}

/// A Killer cut from the canonical pattern of `box_rows × box_cols` boxes: each row
/// in runs of `run` cells (the last shorter), except that the first row is one cage
/// when `whole_first_row`, with every `given_every`-th cell given (0: none).
fn pattern_killer(
    (box_rows, box_cols): (usize, usize),
    run: usize,
    whole_first_row: bool,
    given_every: usize,
) -> Puzzle {
    let board = Geometry::new(box_rows, box_cols, Variant::Classic).unwrap();
    let n = board.n;
    let solution: Vec<u8> = (0..board.cells()).map(|c| board.pattern_value(c)).collect();
    let mut cages = Vec::new();
    for r in 0..n {
        let step = if r == 0 && whole_first_row { n } else { run };
        for start in (0..n).step_by(step) {
            let cells: Vec<usize> = (start..n.min(start + step)).map(|c| r * n + c).collect();
            let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
            cages.push(Cage { cells, sum });
        }
    }
    let cells = (0..board.cells())
        .map(|c| match given_every {
            0 => 0,
            k if c % k == 0 => solution[c],
            _ => 0,
        })
        .collect();
    Puzzle::new(Arc::new(board.with_cages(cages).unwrap()), cells)
}

#[test]
fn export_read_back_gives_the_dlx_solution() {
    let mut puzzles = vec![
        puzzle(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            Variant::Classic,
        ),
        puzzle("1...............", Variant::X),
        puzzle(
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
            Variant::Classic,
        ),
    ];
    // Killers: cages by placements, and a whole row of 45 by its digit set.
    puzzles.push(pattern_killer((2, 2), 2, false, 0));
    puzzles.push(pattern_killer((2, 3), 3, false, 5));
    puzzles.push(pattern_killer((3, 3), 3, true, 4));
    for p in puzzles {
        let text = exact_cover_text(&p);
        let solutions = solve_text(&text);
        let expected = create("dlx")
            .unwrap()
            .solve(&p, &SolveOptions::new(10, None));
        assert_eq!(solutions.len() as u64, expected.solutions_found, "{text}");
        let mut grid = p.cells.clone();
        for row in &solutions[0] {
            for (cell, value) in decode(row, p.n()) {
                grid[cell] = value;
            }
        }
        assert!(expected.solutions.contains(&grid));
        if p.geometry.has_cages() {
            let rows = text.lines().skip(1);
            let cage_rows = rows.filter(|l| l.split(' ').any(|c| c == "cage_r1c1"));
            assert!(cage_rows.count() > 0, "{text}");
        }
    }
}

/// Every solution of `p` (up to 500) from the matrix built with `cap` placement rows
/// per cage, sorted.
fn solutions_with_cap(p: &Puzzle, cap: usize) -> Vec<Vec<u8>> {
    let mut cover = SudokuCover::build(p, None, cap);
    assert!(cover.given_rows.iter().all(|&r| cover.matrix.select_row(r)));
    let SudokuCover {
        matrix,
        placed,
        spans,
        ..
    } = &mut cover;
    let mut out = Vec::new();
    matrix.search(500, None, |rows| {
        let mut grid = p.cells.clone();
        for &r in rows {
            let (start, end) = spans[r];
            for &(cell, value) in &placed[start as usize..end as usize] {
                grid[cell] = value;
            }
        }
        out.push(grid);
    });
    out.sort();
    out
}

#[test]
fn cages_stated_by_placements_or_by_digit_sets_give_the_same_solutions() {
    for p in [
        pattern_killer((2, 2), 2, false, 0),
        pattern_killer((2, 2), 3, false, 7),
        pattern_killer((2, 3), 2, false, 4),
        pattern_killer((3, 3), 3, true, 5),
    ] {
        let by_sets = solutions_with_cap(&p, 0);
        let usual = solutions_with_cap(&p, PLACEMENT_CAP);
        assert!(!usual.is_empty() && usual.len() < 500);
        assert!(usual.iter().all(|s| p.geometry.is_solution(s)));
        assert_eq!(by_sets, usual, "{}", p.geometry.describe());
        let whole = SudokuCover::build(&p, None, 0);
        assert!(whole.by_sets.iter().all(|&s| s));
    }
}

#[test]
fn a_cage_past_the_cap_is_stated_by_its_sets_and_every_cage_is_taken() {
    let p = pattern_killer((3, 3), 3, true, 0);
    let cover = SudokuCover::build(&p, None, PLACEMENT_CAP);
    // The first row (one cage of 45) by its one set, the 3-cell cages by placements.
    assert!(cover.by_sets[0] && cover.by_sets.iter().skip(1).all(|&s| !s));
    assert_eq!(
        cover.column_name(&p.geometry, cover.cage_first[0] + 9),
        "cage_r1c1#9"
    );
    assert_eq!(super::DlxSolver.refuses(&p.geometry), None);
}
