//! Regression tests for what the fuzz targets (`fuzz/`) found, one test per finding,
//! each failing without its fix.

use std::process::Command;
use sudoku_arena::model::{parse_puzzles, Geometry, ParseOptions, Variant};

/// 9 times the inverse of 5 modulo 2^64: times 5 it wraps to 9 in 64-bit arithmetic.
const WRAPS_TO_NINE: usize = 0x3333_3333_3333_3335;

const PUZZLE: &str =
    "...........1..2.3......4.5....6.....7.8..3.9...4..5.6.....1..7..2.....3.9..8.1...";

/// Fuzz target `parse`: a box shape whose product wraps to the side was accepted and
/// the geometry indexed far out of the grid (a panic in release, an overflow in debug).
#[test]
fn a_box_whose_product_wraps_is_refused() {
    assert!(Geometry::new(WRAPS_TO_NINE, 5, Variant::Classic).is_err());
    assert!(Geometry::new(1 << 32, 1 << 32, Variant::X).is_err());
    for shape in [
        (WRAPS_TO_NINE, 5),
        (1 << 32, 1 << 32),
        (usize::MAX, usize::MAX),
    ] {
        let opts = ParseOptions {
            box_shape: Some(shape),
            variant: None,
        };
        let err = parse_puzzles(PUZZLE, "test", &opts).unwrap_err();
        assert!(err.message.contains("does not fit a side of 9"), "{err}");
    }
}

/// The same through the command line: a clear error and status 2, not a panic.
#[test]
fn the_cli_refuses_a_box_whose_product_wraps() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    std::fs::write(&file, PUZZLE).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
        .args(["solve", "--box", &format!("{WRAPS_TO_NINE}x5")])
        .arg(&file)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("does not fit a side of 9"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `--timeout 1e300` was turned into a `Duration` that panicked (found in review): every
/// command refuses it with status 2, and a library budget too large for the clock is no
/// budget rather than a panic.
#[test]
fn a_timeout_beyond_the_clock_is_refused_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    std::fs::write(&file, PUZZLE).unwrap();
    for command in ["solve", "count", "compare", "rate", "explain"] {
        let out = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
            .args([command, "--timeout", "1e300"])
            .arg(&file)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
        assert!(stderr.contains("at most"), "{command}: {stderr}");
        assert!(!stderr.contains("panicked"), "{command}: {stderr}");
    }
    let opts = sudoku_arena::solver::SolveOptions::new(2, Some(std::time::Duration::MAX));
    assert_eq!(opts.deadline, None);
}

/// Boxes one cell high or wide (`--box 1x36`): the moved-pattern fitting drew a swap of
/// two rows of a one-row band and panicked in `Rng::below(0)`, in `dlx`, `csp` and
/// `generate` (on 1x4 too; the fitting starts at side 36). Both
/// backends answer, with a valid first solution.
#[test]
fn boxes_one_cell_high_or_wide_are_solved_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    for shape in ["1x36", "36x1"] {
        // Three givens that no renaming of the pattern fits: r1c1 = 1, r1c2 = 1 would
        // clash, so 1 at r1c1, 2 at r2c2 and 1 at r3c4 (the pattern has one value there).
        let mut cells = vec![".".to_string(); 36 * 36];
        cells[0] = "1".into();
        cells[37] = "2".into();
        cells[2 * 36 + 3] = "1".into();
        let file = dir.path().join(format!("p{shape}.txt"));
        std::fs::write(&file, cells.join(" ")).unwrap();
        for backend in ["dlx", "csp"] {
            let out = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
                .args([
                    "solve",
                    "--first",
                    "--timeout",
                    "60",
                    "--box",
                    shape,
                    "-b",
                    backend,
                ])
                .arg(&file)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{shape} {backend}: {stderr}");
            assert!(
                String::from_utf8_lossy(&out.stdout).starts_with("solved"),
                "{shape} {backend}"
            );
        }
    }
}
