//! Hand-made positions for the rules' unit tests.

use super::board::Board;
use super::state::State;
use crate::model::{parse_puzzles, ParseOptions};

/// The position of a puzzle line with some candidates removed by hand.
pub fn position(line: &str, eliminate: &[(usize, u8)]) -> (Board, State) {
    let p = parse_puzzles(line, "test", &ParseOptions::default())
        .unwrap()
        .remove(0);
    let b = Board::new(&p.geometry);
    let mut s = State::new(&b, &p);
    for &(c, d) in eliminate {
        s.eliminate(&b, c, d);
    }
    (b, s)
}

/// An empty 9x9 grid whose first row's first cells have the given candidates.
pub fn row_candidates(lists: &[&[u8]]) -> (Board, State) {
    let elim: Vec<(usize, u8)> = lists
        .iter()
        .enumerate()
        .flat_map(|(c, keep)| (1..=9u8).filter(|d| !keep.contains(d)).map(move |d| (c, d)))
        .collect();
    position(&".".repeat(81), &elim)
}
