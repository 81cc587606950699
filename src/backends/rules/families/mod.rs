//! The families of rules, one file each. Each search reads a position (the board and
//! the candidate grid of [`super::engine`]) and returns the first deduction it finds as
//! a [`Step`](super::engine::step::Step), without changing the position; the ladder
//! ([`super::engine::RULES`]) says in which order they are tried and at which level.
//!
//! In the ladder, by level: [`singles`] (0); [`locked`], [`subsets`], on a Killer
//! [`cages`] and the 45 rule's single cells ([`innies`]), and, with the uniqueness
//! assumption, [`unique`] (1); [`matching`], [`nishio`] and on a Killer the 45 rule's
//! virtual cages ([`innies`]) (2); [`chains`]
//! (3 and 4); [`twosat`] (5); [`fish`], [`als`] and [`blossom`] (6); the template
//! chains of [`als`] over [`templates`] (7); [`exocet`] and, when asked for, [`weights`]
//! (8). Kept out of the ladder and tried past its end: [`tridagon`], [`exclusion`],
//! [`msls`] and [`weights`]. [`sums`] reads what cells with a known total can hold,
//! for the cage families.

pub mod als;
pub mod blossom;
pub mod cages;
pub mod chains;
pub mod exclusion;
pub mod exocet;
pub mod fish;
pub mod innies;
pub mod locked;
pub mod matching;
pub mod msls;
pub mod nishio;
pub mod singles;
pub mod subsets;
pub mod sums;
pub mod templates;
pub mod tridagon;
pub mod twosat;
pub mod unique;
pub mod weights;
