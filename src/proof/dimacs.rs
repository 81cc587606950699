//! DIMACS CNF, read for the checker alone: comment lines (`c`), the `p cnf VARS CLAUSES`
//! line, then clauses of nonzero literals each ended by `0`, free across lines.

use super::Rejection;

/// A formula as its file states it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Formula {
    /// The variable count of the `p cnf` line.
    pub vars: usize,
    /// The clauses, in the file's order, each as written.
    pub clauses: Vec<Vec<i32>>,
}

/// Reads DIMACS text; an error names the line and what is wrong (no `p cnf` line, a
/// literal beyond the variable count, a clause count other than the header's, a last
/// clause without its `0`).
pub fn parse_cnf(text: &str) -> Result<Formula, Rejection> {
    let fail = |line: usize, message: String| Rejection::Formula { line, message };
    let mut header: Option<(usize, usize)> = None;
    let mut clauses = Vec::new();
    let mut clause = Vec::new();
    let mut last = 0;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') || line.starts_with('%') {
            continue;
        }
        last = number;
        if line.starts_with('p') {
            let words: Vec<&str> = line.split_whitespace().collect();
            let counts = match words.as_slice() {
                ["p", "cnf", v, c] => v.parse().ok().zip(c.parse().ok()),
                _ => None,
            };
            if header.is_some() {
                return Err(fail(number, "a second `p cnf` line".into()));
            }
            header = Some(counts.ok_or_else(|| {
                fail(number, format!("`{line}` is not `p cnf VARIABLES CLAUSES`"))
            })?);
            continue;
        }
        let Some((vars, _)) = header else {
            return Err(fail(number, "a clause before the `p cnf` line".into()));
        };
        for word in line.split_whitespace() {
            let lit: i32 = word
                .parse()
                .map_err(|_| fail(number, format!("`{word}` is not a literal")))?;
            if lit == 0 {
                clauses.push(std::mem::take(&mut clause));
            } else if lit.unsigned_abs() as usize > vars {
                return Err(fail(
                    number,
                    format!("literal {lit} is beyond the {vars} variables of the header"),
                ));
            } else {
                clause.push(lit);
            }
        }
    }
    let Some((vars, count)) = header else {
        return Err(fail(last.max(1), "no `p cnf` line".into()));
    };
    if !clause.is_empty() {
        return Err(fail(last, "the last clause has no closing 0".into()));
    }
    if clauses.len() != count {
        return Err(fail(
            last.max(1),
            format!("{} clauses, where the header says {count}", clauses.len()),
        ));
    }
    Ok(Formula { vars, clauses })
}
