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

/// `line` broken at spaces into lines of at most `width` characters, each one after the
/// first starting with `indent` (a word longer than the width stays whole); for prose
/// printed to a terminal of known width. Every line ends with a newline.
pub fn wrap(line: &str, width: usize, indent: &str) -> String {
    if line.chars().count() <= width {
        return format!("{line}\n");
    }
    let body = line.trim_start();
    // The line's own leading spaces are kept on its first line.
    let mut current = line[..line.len() - body.len()].to_string();
    let mut prefix = current.chars().count();
    let mut out = String::new();
    for word in body.split_whitespace() {
        let len = current.chars().count();
        if len > prefix {
            if len + 1 + word.chars().count() > width {
                out.push_str(&current);
                out.push('\n');
                current = indent.to_string();
                prefix = indent.chars().count();
            } else {
                current.push(' ');
            }
        }
        current.push_str(word);
    }
    out.push_str(&current);
    out.push('\n');
    out
}

/// `: did you mean 'NAME'?` for the choice nearest to `name` when it is near enough to
/// be a slip (a letter wrong, missing, added, or two swapped: one edit per three
/// letters), else nothing; for messages that refuse an unknown name.
pub(crate) fn did_you_mean<'a>(name: &str, choices: impl IntoIterator<Item = &'a str>) -> String {
    let allowed = (name.chars().count() / 3).max(1);
    choices
        .into_iter()
        .map(|choice| (edits(&name.to_lowercase(), &choice.to_lowercase()), choice))
        .filter(|&(d, _)| d <= allowed)
        .min_by_key(|&(d, _)| d)
        .map_or(String::new(), |(_, choice)| {
            format!(": did you mean '{choice}'?")
        })
}

/// The edits (a letter replaced, deleted, inserted, or two neighbours swapped) that
/// turn `a` into `b`: the optimal string alignment distance.
fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // Three rows of the table: two back (for a swap), the last, the one being filled.
    let mut two_back = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(two_back[j - 2] + 1);
            }
        }
        std::mem::swap(&mut two_back, &mut last);
        std::mem::swap(&mut last, &mut row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_slip_gets_the_nearest_name_and_a_stranger_gets_nothing() {
        let backends = ["dlx", "fast", "ext", "csp", "ip", "rules", "sat", "aco"];
        let cases = [
            ("dxl", ": did you mean 'dlx'?"),
            ("dl", ": did you mean 'dlx'?"),
            ("rule", ": did you mean 'rules'?"),
            ("fats", ": did you mean 'fast'?"),
            ("gecode", ""),
            ("DLX", ": did you mean 'dlx'?"),
            ("xyz", ""),
        ];
        for (name, want) in cases {
            assert_eq!(super::did_you_mean(name, backends), want, "{name}");
        }
        let encodings = ["naive", "efficient", "extended", "reduced"];
        assert_eq!(
            super::did_you_mean("reducd", encodings),
            ": did you mean 'reduced'?"
        );
        assert_eq!(
            super::did_you_mean("efficeint", encodings),
            ": did you mean 'efficient'?"
        );
    }

    #[test]
    fn prose_is_wrapped_at_spaces_within_the_width() {
        let text =
            "8 puzzles: every answer passed the independent validator and all verdicts agree.";
        let wrapped = super::wrap(text, 30, "  ");
        assert_eq!(
            wrapped,
            "8 puzzles: every answer passed\n  the independent validator\n  and all verdicts agree.\n"
        );
        assert!(wrapped.lines().all(|l| l.chars().count() <= 30));
        assert_eq!(super::wrap("  a b", 80, ""), "  a b\n");
        assert_eq!(super::wrap("short", 3, " "), "short\n");
        assert_eq!(super::wrap("", 10, " "), "\n");
    }

    #[test]
    fn edits_count_replacements_deletions_insertions_and_swaps() {
        for (a, b, want) in [
            ("", "", 0),
            ("abc", "abc", 0),
            ("abc", "", 3),
            ("", "ab", 2),
            ("kitten", "sitting", 3),
            ("dxl", "dlx", 1),
            ("ab", "ba", 1),
            ("ca", "abc", 3),
        ] {
            assert_eq!(super::edits(a, b), want, "{a} -> {b}");
            assert_eq!(super::edits(b, a), want, "{b} -> {a}");
        }
    }

    #[test]
    fn thousands_are_grouped_by_commas() {
        let cases = [(0, "0"), (999, "999"), (1_000, "1,000"), (1_143, "1,143")];
        for (n, want) in cases {
            assert_eq!(super::grouped(n), want);
        }
        assert_eq!(super::grouped(98_316_000), "98,316,000");
    }
}
