//! Ratings: the hardest level a puzzle needs, whether guessing was needed, and Chen's
//! game complexity.

use super::board::Board;
use super::state::State;
use crate::model::Puzzle;

/// Chen's game complexity (Definition 14): the mean over all cells of `log2` of the
/// number of candidates after initialisation and one pass of 1-reduction (every given
/// removed from its peers; givens count as one candidate, log 0). Base 2, which puts
/// 17-clue puzzles near Chen's reported 1.75. An emptied cell counts as one candidate.
pub fn game_complexity(board: &Board, puzzle: &Puzzle) -> f64 {
    let s = State::new(board, puzzle);
    let total: f64 = s
        .cand
        .iter()
        .map(|c| f64::from(c.len().max(1)).log2())
        .sum();
    total / s.cand.len() as f64
}

#[cfg(test)]
mod tests {
    use super::super::testutil::position;
    use super::*;
    use crate::model::{parse_puzzles, ParseOptions};

    #[test]
    fn complexity_of_an_empty_and_a_full_grid() {
        let p = parse_puzzles(&".".repeat(16), "t", &ParseOptions::default())
            .unwrap()
            .remove(0);
        let (b, _) = position(&".".repeat(16), &[]);
        assert!((game_complexity(&b, &p) - 2.0).abs() < 1e-12);
        let full = "1234341221434321";
        let p = parse_puzzles(full, "t", &ParseOptions::default())
            .unwrap()
            .remove(0);
        assert_eq!(game_complexity(&b, &p), 0.0);
    }
}
