//! DRAT proofs in text: each line a lemma (literals ended by `0`) or, after `d`, a clause
//! deleted; comment lines start with `c`. Binary DRAT is refused with a message saying
//! how to get text.

use super::Rejection;

/// One step of a proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A lemma added, with the proof line it is on.
    Add {
        /// The 1-based line.
        line: usize,
        /// Its literals, the first being the RAT pivot.
        clause: Vec<i32>,
    },
    /// A clause deleted.
    Delete {
        /// The 1-based line.
        line: usize,
        /// Its literals.
        clause: Vec<i32>,
    },
}

/// Reads DRAT text over `vars` variables (a lemma may name up to twice as many: RAT
/// lemmas introduce new variables, though our provers write none).
pub fn parse_proof(text: &str, vars: usize) -> Result<Vec<Step>, Rejection> {
    let fail = |line: usize, message: String| Rejection::Proof { line, message };
    if text.bytes().any(|b| b == 0 || (b >= 0x80)) {
        return Err(fail(
            1,
            "binary DRAT is not read here: write the proof as text (cadical --no-binary)".into(),
        ));
    }
    let mut steps = Vec::new();
    let mut clause = Vec::new();
    let mut open: Option<(usize, bool)> = None;
    let limit = vars.saturating_mul(2).max(1);
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        for word in line.split_whitespace() {
            if word == "d" {
                if open.is_some() {
                    return Err(fail(number, "`d` inside a clause".into()));
                }
                open = Some((number, true));
                continue;
            }
            let lit: i32 = word
                .parse()
                .map_err(|_| fail(number, format!("`{word}` is not a literal")))?;
            let (start, delete) = *open.get_or_insert((number, false));
            if lit == 0 {
                let clause = std::mem::take(&mut clause);
                steps.push(match delete {
                    true => Step::Delete {
                        line: start,
                        clause,
                    },
                    false => Step::Add {
                        line: start,
                        clause,
                    },
                });
                open = None;
            } else if lit.unsigned_abs() as usize > limit {
                return Err(fail(number, format!("literal {lit} is out of range")));
            } else {
                clause.push(lit);
            }
        }
    }
    if let Some((line, _)) = open {
        return Err(fail(line, "the last clause has no closing 0".into()));
    }
    Ok(steps)
}
