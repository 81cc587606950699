//! Whether the tests may drive an external solver: it must be installed, and in CI
//! (`SUDOKU_ARENA_REQUIRE_EXTERNAL=1`, set by `.ci/run`) a missing one fails the test.

use std::io::Write;
use sudoku_arena::process::find_program;

/// True when `program` can be run; panics when it is missing but required.
pub fn external_available(program: &str, package: &str) -> bool {
    if find_program(program).is_some() {
        return true;
    }
    if std::env::var("SUDOKU_ARENA_REQUIRE_EXTERNAL").is_ok_and(|v| v == "1") {
        panic!(
            "{program} is required (SUDOKU_ARENA_REQUIRE_EXTERNAL=1): apt-get install {package}"
        );
    }
    // Written to the process's standard error directly, not through `eprintln!`, which
    // the test harness captures: a skipped check must show in a normal `cargo test`.
    let _ = writeln!(
        std::io::stderr(),
        "note: {program} is not installed (apt-get install {package}); its solving checks were not run"
    );
    false
}
