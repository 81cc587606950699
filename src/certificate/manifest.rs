//! The manifest of a certificate directory: what each puzzle's files prove and how to
//! check them, as JSON.

use serde::{Deserialize, Serialize};
use std::path::Path;

/// The manifest's file name inside a certificate directory.
pub const MANIFEST: &str = "manifest.json";

/// The value of [`Manifest::format`] this version writes and reads.
pub const FORMAT: &str = "sudoku-arena certificates 1";

/// A certificate directory's table of contents.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[non_exhaustive]
pub struct Manifest {
    /// What the file is and which version of it: `sudoku-arena certificates 1`.
    pub format: String,
    /// The program and version that wrote it.
    pub written_by: String,
    /// The configuration that wrote the proofs (`sat:reduced`, `sat:naive+cadical`).
    pub prover: String,
    /// How to check the files with public tools, one line each.
    pub how_to_check: Vec<String>,
    /// One entry per puzzle, in input order.
    pub entries: Vec<Entry>,
}

/// What one puzzle's certificate claims and which files carry it.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[non_exhaustive]
pub struct Entry {
    /// The stem of its files' names (`hard-l12`).
    pub name: String,
    /// The input file it was read from.
    pub source: String,
    /// The 1-based line of the puzzle in that file.
    pub line: usize,
    /// Its label, if the input named it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The header line of its board (`# box 3x3 variant classic`).
    pub board: String,
    /// The puzzle in compact form.
    pub puzzle: String,
    /// The verdict certified: `unique`, `none` or `multiple`; any other verdict has no
    /// certificate, and says why in `note`.
    pub verdict: String,
    /// What the files prove, in words.
    pub claim: String,
    /// The file of the solution (`unique`) or of the two solutions (`multiple`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<String>,
    /// The DIMACS file refuted (`unique`, `none`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cnf: Option<String>,
    /// The DRAT proof, as text (`unique`, `none`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<String>,
    /// The house-count proof (`rules:house-count`), instead of a CNF and its proof.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<String>,
    /// The encoding of the CNF (`naive`, `efficient`, `extended`, `reduced`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    /// The CNF's size: variables, clauses, bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cnf_size: Option<[u64; 3]>,
    /// The proof's size: lemmas added, clauses deleted, bytes (for a house-count proof:
    /// steps, counts among them, bytes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_size: Option<[u64; 3]>,
    /// Wall time to write the proof (the prover's solve), ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prove_ms: Option<f64>,
    /// Commands that check this entry's proof with public tools.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub check_with: Vec<String>,
    /// Whether the prover found the verdict wrong (a model where it says there is none,
    /// or another end): a failure, which `note` explains.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub verdict_wrong: bool,
    /// Why there is no certificate, when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Entry {
    /// The files the entry names, for checks that each is a plain name in its directory.
    pub fn files(&self) -> impl Iterator<Item = &str> {
        [&self.solutions, &self.cnf, &self.proof, &self.count]
            .into_iter()
            .filter_map(|f| f.as_deref())
    }
}

/// Whether `name` is a plain file name: no directory part, so that a manifest cannot
/// point outside its directory.
pub fn plain_name(name: &str) -> bool {
    let path = Path::new(name);
    !name.is_empty()
        && path.file_name().and_then(|f| f.to_str()) == Some(name)
        && !name.starts_with('.')
}
