//! Programs outside the library: the external solvers (`ext:*`), a browser, cargo and
//! git on the repository itself, and a one-node Slurm; a missing one is a note here and a
//! failure in CI.

#[path = "../common/mod.rs"]
mod common;

mod cages_ext;
mod certificates;
mod exports;
mod external;
mod fresh_clone;
mod html_browser;
#[path = "../backends/killer_support.rs"]
mod killer_support;
mod library_deps;
mod own_worker;
mod slurm;

use std::sync::{Mutex, MutexGuard};

/// Taken by the tests that run gecode, cbc or minisat, so that a deadline test can count
/// the solver processes alive before and after, and by the one that builds a program
/// with cargo, whose compile jobs would crowd their deadlines: they go one at a time.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}
