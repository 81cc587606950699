//! Hand-made positions for the rules' unit tests.

use super::engine::board::Board;
use super::engine::state::State;
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

/// The position the ladder reaches on a puzzle line with the rules before `rule` (its
/// name in the ladder) and no further.
pub fn settled(line: &str, rule: &str) -> (Board, State) {
    let upto = super::engine::rule_index(rule).expect("the rule is in the ladder");
    let (b, mut s) = position(line, &[]);
    super::engine::settle(&b, &mut s, upto);
    (b, s)
}

/// The first `count` puzzle lines of a file's text (comment lines skipped).
pub fn puzzle_lines(text: &str, count: usize) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !l.starts_with('#')).take(count)
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

/// 9x9: digit 4 in rows 1 and 5 only in columns 2 and 8 (an X-wing).
pub fn x_wing() -> (Board, State) {
    let elim: Vec<(usize, u8)> = [0usize, 4]
        .iter()
        .flat_map(|&r| {
            (0..9)
                .filter(|&c| c != 1 && c != 7)
                .map(move |c| (r * 9 + c, 4))
        })
        .collect();
    position(&".".repeat(81), &elim)
}

/// 4x4: digit 1 allowed only at r1c1, r2c3, r3c2, r4c4 and r1c2; the last is in no
/// valid placement (r1c2 leaves column 1 without a row for the 1).
pub fn nishio_position() -> (Board, State) {
    let keep = [0usize, 6, 9, 15, 1];
    let elim: Vec<(usize, u8)> = (0..16)
        .filter(|c| !keep.contains(c))
        .map(|c| (c, 1))
        .collect();
    position(&".".repeat(16), &elim)
}
