//! A program that uses the library with `default-features = false` compiles none of the
//! command line's crates: `cargo tree` of this package, without the `cli` feature, names
//! none of them, and with the default features it does (so the check can fail).

use std::collections::BTreeSet;
use std::process::Command;

/// The crates only the `sudoku-arena` command needs.
const COMMAND_LINE_CRATES: [&str; 4] = ["clap", "clap_complete", "indicatif", "ctrlc"];

/// The names of every crate in this package's normal dependency tree, with `features`
/// passed to `cargo tree`.
fn dependency_names(features: &[&str]) -> BTreeSet<String> {
    let out = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "-e", "normal", "--prefix", "none"])
        .args(features)
        .arg("--manifest-path")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_library_alone_compiles_no_command_line_crate() {
    let library = dependency_names(&["--no-default-features"]);
    assert!(library.contains("varisat"), "{library:?}");
    let found: Vec<&str> = COMMAND_LINE_CRATES
        .into_iter()
        .filter(|c| library.contains(*c))
        .collect();
    assert!(
        found.is_empty(),
        "without default features the library still depends on {found:?}"
    );
}

#[test]
fn the_default_build_has_the_command_line_crates() {
    let default = dependency_names(&[]);
    for name in COMMAND_LINE_CRATES {
        assert!(default.contains(name), "{name} missing from {default:?}");
    }
}
