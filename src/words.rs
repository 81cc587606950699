//! Words for counts in what the library writes for people (tables, explanations,
//! ratings), so that every message counts the same way.

/// A count and its word, in the plural unless the count is 1: `1 puzzle`, `3 puzzles`.
pub fn counted<N: std::fmt::Display + PartialEq + From<u8>>(n: N, word: &str) -> String {
    if n == N::from(1) {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
