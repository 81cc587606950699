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

/// A whole number with its thousands grouped by commas (`1,143`).
pub(crate) fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands_are_grouped_by_commas() {
        let cases = [(0, "0"), (999, "999"), (1_000, "1,000"), (1_143, "1,143")];
        for (n, want) in cases {
            assert_eq!(super::grouped(n), want);
        }
        assert_eq!(super::grouped(98_316_000), "98,316,000");
    }
}
