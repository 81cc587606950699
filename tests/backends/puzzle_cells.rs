//! `Puzzle::try_new` refuses cells that do not fit the grid, naming the cell, so that a
//! value above the side never reaches a backend (a 12 in a 9x9 grid once passed and
//! panicked inside `dlx`).

use std::sync::Arc;
use sudoku_arena::backends::create;
use sudoku_arena::model::{CellsError, Geometry, Puzzle, Variant};
use sudoku_arena::solver::{SolveOptions, Verdict};

fn nine() -> Arc<Geometry> {
    Arc::new(Geometry::new(3, 3, Variant::Classic).unwrap())
}

#[test]
fn a_value_above_the_side_is_refused_with_its_cell() {
    let mut cells = vec![0; 81];
    cells[12] = 12;
    let e = Puzzle::try_new(nine(), cells).unwrap_err();
    assert_eq!(
        e,
        CellsError::Value {
            cell: "r2c4".into(),
            value: 12,
            n: 9
        }
    );
    assert_eq!(
        e.to_string(),
        "r2c4: value 12 is above 9, the largest of a 9x9 grid"
    );
    // The library's error carries it unchanged.
    let e: sudoku_arena::Error = e.into();
    assert!(e.to_string().starts_with("r2c4: value 12"), "{e}");
}

#[test]
fn a_wrong_cell_count_is_refused() {
    let e = Puzzle::try_new(nine(), vec![0; 80]).unwrap_err();
    assert_eq!(e.to_string(), "80 cells for a 9x9 grid, which has 81");
}

#[test]
fn cells_that_fit_make_a_puzzle_every_backend_can_solve() {
    let mut cells = vec![0; 81];
    cells[0] = 9;
    cells[80] = 1;
    let p = Puzzle::try_new(nine(), cells).unwrap();
    assert_eq!(p.given_count(), 2);
    let out = create("dlx")
        .unwrap()
        .solve(&p, &SolveOptions::new(1, None));
    assert_eq!(out.verdict, Verdict::Solved);
}

#[test]
#[should_panic(expected = "r1c1: value 12 is above 9")]
fn new_panics_at_once_on_a_value_above_the_side() {
    let mut cells = vec![0; 81];
    cells[0] = 12;
    Puzzle::new(nine(), cells);
}
