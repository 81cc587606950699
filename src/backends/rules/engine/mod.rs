//! What every rule reads and writes, and the ladder that applies them: the board (the
//! model's units as the rules read them), the candidate grid kept in two views, cells
//! as bit sets, steps as data, [`ladder`], the one ordered table of rules with the run
//! that climbs it, and [`narrow`], which cuts a rule's batch to one consequence when a
//! run explains.
//!
//! The families of rules use the board, the grid, the cell sets and the steps, never
//! the ladder; the ladder names the families' searches. The run and its table are
//! re-exported here, as `engine::run`, `engine::RULES` and so on.

pub mod board;
pub mod cellset;
pub mod ladder;
pub mod narrow;
pub mod state;
pub mod step;

pub use ladder::{rule_index, run, settle, Finish, Options, Run, LEVELS, MAX_LEVEL, RULES};
// What only the tests and the micro-benchmarks name from outside the ladder.
#[cfg(any(test, feature = "internals"))]
pub use ladder::{find, stamp, Scratch};
