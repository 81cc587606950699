//! A checker of clausal refutations (DRAT) of our own, which shares no code with the
//! solvers: it reads the DIMACS formula and the proof text itself, and checks every
//! lemma by unit propagation (RUP) or, failing that, as a resolution asymmetric
//! tautology on its first literal (RAT), forward, from the first lemma to the empty
//! clause. It is the certificates' first judge; the `rate` and `drat-trim` programs,
//! written by others, are the second (`certificate`'s manifest names their commands).
//!
//! It uses nothing but the standard library, so that a fault in the encoder or in a SAT
//! engine cannot be repeated here.

mod checker;
mod dimacs;
mod drat;

pub use checker::{check, Checked};
pub use dimacs::{parse_cnf, Formula};
pub use drat::{parse_proof, Step};

/// Why a formula, a proof or a refutation was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The formula's text is not DIMACS CNF.
    Formula {
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The proof's text is not DRAT.
    Proof {
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A lemma follows from the clauses before it neither by unit propagation nor as a
    /// resolution asymmetric tautology.
    Lemma {
        /// The 1-based line of the lemma.
        line: usize,
        /// Its number among the proof's lemmas, from 1.
        lemma: usize,
        /// Its literals, as written.
        clause: String,
    },
    /// Every lemma holds, but no contradiction was reached.
    NoRefutation {
        /// How many lemmas were checked.
        lemmas: usize,
    },
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rejection::Formula { line, message } => write!(f, "formula line {line}: {message}"),
            Rejection::Proof { line, message } => write!(f, "proof line {line}: {message}"),
            Rejection::Lemma { line, lemma, clause } => write!(
                f,
                "proof line {line}: lemma {lemma} ({clause}) does not follow from the clauses before it (neither RUP nor RAT)"
            ),
            Rejection::NoRefutation { lemmas } => write!(
                f,
                "the proof ends without deriving the empty clause ({lemmas} lemmas checked)"
            ),
        }
    }
}

impl std::error::Error for Rejection {}

/// Checks that `proof` (DRAT text) refutes `formula` (DIMACS text): what was checked, or
/// why it was rejected.
pub fn check_refutation(formula: &str, proof: &str) -> Result<Checked, Rejection> {
    let formula = parse_cnf(formula)?;
    let steps = parse_proof(proof, formula.vars)?;
    check(&formula, &steps)
}

#[cfg(test)]
pub(crate) mod tests;
