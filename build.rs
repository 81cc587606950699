//! Records the git commit the binary is built from (`SUDOKU_ARENA_COMMIT`, read by
//! `harness::machine`), or `unknown` when there is no git or no repository, so that a
//! results file names the build that made it and a copy without git still builds.

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".to_string());
    // Only the project's own repository counts, not one that happens to hold the folder.
    let own = git(&dir, &["rev-parse", "--show-toplevel"])
        .and_then(|top| Path::new(&top).canonicalize().ok())
        .is_some_and(|top| Path::new(&dir).canonicalize().is_ok_and(|d| d == top));
    let commit = own
        .then(|| git(&dir, &["rev-parse", "HEAD"]))
        .flatten()
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=SUDOKU_ARENA_COMMIT={commit}");
    // Build again when HEAD moves: HEAD itself (a checkout), the branch it points to
    // (a commit) and the packed refs. Only files that exist are named, since cargo
    // reruns a build script on every build while a named file is missing.
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    if let Some(branch) = git(&dir, &["symbolic-ref", "-q", "HEAD"]).filter(|_| own) {
        watched.push(branch);
    }
    for name in watched.into_iter().filter(|_| own) {
        if let Some(path) = git(&dir, &["rev-parse", "--git-path", &name]) {
            let path = Path::new(&dir).join(path);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
}

/// The trimmed output of `git ARGS` run in `dir`, if git ran and succeeded.
fn git(dir: &str, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}
