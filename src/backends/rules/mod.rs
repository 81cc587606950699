//! The `rules` backend: a human-style rule engine that solves by deduction, explains
//! every step and rates difficulty (design and ladder in `docs/rules.md`).
//!
//! One ordered table of rules, [`engine::RULES`], drives everything: the engine applies
//! the first rule in it that makes progress and starts again from the top; a step's
//! name and level are read back from its place in the table, so solving, explaining
//! and rating all climb the same ladder. The rooms:
//!
//! - [`engine`]: what every rule reads and writes (the board, the candidate grid with
//!   its two views, cell sets, steps as data), which the families use, and the ladder
//!   (`engine::ladder`), which lists the families in order and runs them (Chen's
//!   Inference where it sticks).
//! - [`families`]: one file per family of rules, each finding its first deduction in a
//!   position without changing it.
//! - [`present`]: steps in words, SVG pictures of them and an HTML page stepping
//!   through a solution.
//! - [`solver`]: the [`Solver`](crate::solver::Solver) interface over the engine.
//!
//! Rating, the diagnosis of stuck positions and the soundness replay drive other
//! backends too, so they live above the registry, in the crate's `analysis` module;
//! nothing here calls the registry.

pub mod engine;
pub mod families;
pub mod present;
pub mod solver;
#[cfg(test)]
pub(crate) mod testutil;

pub use solver::{from_name, verdict, RulesSolver};
