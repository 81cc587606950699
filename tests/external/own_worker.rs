//! A program that links the library without the command line (`--no-default-features`)
//! and calls `serve_if_asked` first is its own worker: an isolated backend with a
//! deadline runs in a child of that program, which is stopped at the deadline.

use std::process::Command;

#[test]
fn a_program_without_the_command_line_serves_its_own_workers() {
    // Its build (minutes of two compile jobs when the library changed) would crowd the
    // deadlines of the external solvers' tests beside it.
    let _one_at_a_time = crate::one_at_a_time();
    let out = Command::new(env!("CARGO"))
        .args(["run", "--release", "--offline", "--quiet"])
        .args(["--no-default-features", "--example", "own_worker"])
        .arg("--manifest-path")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        // No other binary may be chosen as the worker.
        .env_remove(sudoku_arena::backends::WORKER_ENV)
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let worker = stdout
        .strip_prefix("worker ")
        .and_then(|rest| rest.split_once(':'))
        .map(|(path, _)| std::path::Path::new(path).to_path_buf())
        .unwrap_or_else(|| panic!("no worker line: {stdout}"));
    assert!(
        worker.ends_with("examples/own_worker"),
        "the worker was {}",
        worker.display()
    );
    assert!(stdout.contains("puzzle unique"), "{stdout}");
    assert!(stdout.contains("timed out true"), "{stdout}");
    assert!(
        stdout.contains("worker killed") || stdout.contains("worker answered"),
        "{stdout}"
    );
}
