//! Certificates of verdicts that a third party can check with tools of their own.
//!
//! `unique` is certified by the solution and a clausal refutation (DRAT) of the puzzle's
//! CNF plus the clause that excludes that solution; `none` by a refutation of the CNF;
//! `multiple` by two different valid solutions. [`Certifier`] writes them into a
//! directory with a manifest (`manifest.json`) saying what each file proves and which
//! public checker verifies it; [`verify_dir`] checks a directory: the solutions with the
//! independent validator, the CNF against the encoding rebuilt from the puzzle, by the
//! encoder and again from the encodings' definitions written apart (`reference.rs`), so a
//! certificate moved to another puzzle fails and an encoder fault shows; and the proof
//! with [`crate::proof`], a checker that shares no code with the solvers. Format and choices:
//! `docs/certificates.md`.

mod house_count;
mod manifest;
mod prover;
mod reference;
mod verify;
mod write;

pub use house_count::{CountHouse, CountProof, CountStep};
pub use manifest::{Entry, Manifest, MANIFEST};
pub use prover::Prover;
pub use verify::{verify_dir, EntryCheck};
pub use write::Certifier;

#[cfg(test)]
mod tests;
