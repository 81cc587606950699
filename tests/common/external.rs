//! Whether the tests may drive an external solver: it must be installed, and in CI
//! (`SUDOKU_ARENA_REQUIRE_EXTERNAL=1`, set by `.ci/run`) a missing one fails the test.

use std::io::Write;
use std::path::PathBuf;

/// `program` as the `PATH` finds it.
pub fn find_program(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// True when `program` can be run; panics when it is missing but required.
pub fn external_available(program: &str, package: &str) -> bool {
    if find_program(program).is_some() {
        return true;
    }
    if required() {
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

/// True in CI (`SUDOKU_ARENA_REQUIRE_EXTERNAL=1`), where a check that cannot run fails.
pub fn required() -> bool {
    std::env::var("SUDOKU_ARENA_REQUIRE_EXTERNAL").is_ok_and(|v| v == "1")
}

/// Says why a check was not run: a panic when external programs are [`required`], else
/// a note on the process's standard error.
pub fn not_run(reason: &str) {
    assert!(!required(), "{reason} (SUDOKU_ARENA_REQUIRE_EXTERNAL=1)");
    let _ = writeln!(std::io::stderr(), "note: {reason}; the check was not run");
}
