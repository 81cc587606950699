//! The integer-programming backend against dlx and the validator: a sample of the
//! sets, several-solution and no-solution puzzles, counting, random small puzzles, and
//! the LP/MPS exports solved by CBC and GLPK.

use crate::common::external::external_available;
use crate::common::*;
use proptest::prelude::*;
use std::process::Command;
use std::sync::Arc;
use sudoku_arena::backends::create;
use sudoku_arena::backends::ip::export::{decode_values, export};
use sudoku_arena::backends::ip::model::IpModel;
use sudoku_arena::model::{Geometry, Puzzle, Variant};
use sudoku_arena::solver::{verify, Outcome, SolveOptions, Verdict};

fn solve(spec: &str, p: &Puzzle, max: usize) -> Outcome {
    let mut solver = create(spec).unwrap();
    let out = solver.solve(p, &SolveOptions::new(max, None));
    verify(p, &out).unwrap_or_else(|e| panic!("{spec} on {}: {e}", p.display_name()));
    out
}

/// A 9x9 puzzle with no value left for r1c9: row 1 holds 1 to 8 and r5c9 holds 9. No
/// two givens repeat a digit (such a puzzle is answered `none` before any backend is
/// asked), so the backend itself must find it out.
fn clashing_puzzle() -> Puzzle {
    let geometry = Geometry::new(3, 3, Variant::Classic).unwrap();
    let mut cells = vec![0; 81];
    for (c, cell) in cells.iter_mut().take(8).enumerate() {
        *cell = c as u8 + 1;
    }
    cells[4 * 9 + 8] = 9;
    Puzzle::new(Arc::new(geometry), cells)
}

fn dlx_count(p: &Puzzle, max: usize) -> (Verdict, u64) {
    let out = solve("dlx", p, max);
    (out.verdict, out.solutions_found)
}

#[test]
fn sample_of_hardest_and_17_clue_is_unique_and_matches_dlx() {
    let mut puzzles = data_puzzles("forum_hardest_1106.txt", 20);
    puzzles.extend(data_puzzles("17_clue.txt", 15));
    assert_eq!(puzzles.len(), 35);
    let mut integral = 0;
    for p in &puzzles {
        let out = solve("ip", p, 2);
        let dlx = solve("dlx", p, 2);
        assert_eq!(out.verdict, Verdict::Unique, "{}", p.display_name());
        assert_eq!(out.verdict, dlx.verdict);
        assert_eq!(out.solutions, dlx.solutions, "{}", p.display_name());
        let s = &out.stats;
        assert!(s.variables < s.extra["variables_before"] as u64);
        assert!(s.constraints < s.extra["constraints_before"] as u64);
        assert!(s.nonzeros < s.extra["nonzeros_before"] as u64);
        assert_eq!(s.extra["variables_before"], 729.0);
        assert!(s.encode_ms > 0.0 && s.solve_ms > 0.0);
        // One no-good cut per solution; the last 0-1 solve proves it infeasible.
        assert_eq!(s.extra["cuts"], 1.0);
        integral += s.extra["root_lp_integral"] as usize;
    }
    // Reported, not asserted: how often the root LP is already the answer.
    eprintln!("root LP integral on {integral} of {}", puzzles.len());
}

#[test]
fn microlp_direct_and_full_model_agree_with_dlx() {
    let puzzles = data_puzzles("forum_hardest_1106.txt", 5);
    for (k, p) in puzzles.iter().enumerate() {
        let dlx = solve("dlx", p, 2);
        // The full model is the slow one (no presolve): two puzzles are enough.
        let specs: &[&str] = if k < 2 {
            &["ip:microlp-direct", "ip:full"]
        } else {
            &["ip:microlp-direct"]
        };
        for &spec in specs {
            let out = solve(spec, p, 2);
            assert_eq!(out.verdict, Verdict::Unique, "{spec} {}", p.display_name());
            assert_eq!(out.solutions, dlx.solutions);
            if spec == "ip:full" {
                assert_eq!(out.stats.variables, 729);
                assert_eq!(out.stats.extra["variables_before"], 729.0);
            }
        }
    }
    assert!(create("ip:nonsense").is_err());
}

#[test]
fn serg_puzzles_have_several_solutions_and_counting_matches_dlx() {
    for p in data_puzzles("serg_benchmark.txt", 4) {
        let out = solve("ip", &p, 2);
        assert_eq!(out.verdict, Verdict::Multiple, "{}", p.display_name());
        assert_eq!(out.solutions.len(), 2);
        assert_eq!(out.stats.extra["cuts"], 2.0);
    }
    // Counting to a limit: the second serg puzzle has 83 solutions.
    let p = &data_puzzles("serg_benchmark.txt", 2)[1];
    let out = solve("ip:microlp-direct", p, 12);
    assert_eq!((out.verdict, out.solutions_found), (Verdict::Multiple, 12));
    // Counting all: sabuncu3 has 27 solutions.
    let path = format!(
        "{}/tests/data/named/sabuncu3.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let p = puzzle(&std::fs::read_to_string(path).unwrap(), Variant::Classic);
    let out = solve("ip", &p, usize::MAX);
    assert_eq!(out.solutions_found, 27);
    assert_eq!(out.verdict, Verdict::Multiple);
    assert_eq!(dlx_count(&p, usize::MAX).1, 27);
}

#[test]
fn no_solution_puzzles_are_proven_infeasible() {
    // r1c9 has no value left: presolve sees it.
    let clash = clashing_puzzle();
    let out = solve("ip", &clash, 2);
    assert_eq!(out.verdict, Verdict::None);
    assert_eq!(out.stats.extra["presolve_infeasible"], 1.0);
    // Row 1 is 12345 then four blanks, and columns 8 and 9 hold 6, 7, 8 lower down:
    // r1c8 and r1c9 can only be 9. Every cell and every (unit, value) keeps a place, so
    // presolve passes it; the LP relaxation proves it infeasible.
    let rows = [
        "12345....",
        ".........",
        ".........",
        ".......6.",
        ".......7.",
        ".......8.",
        "........6",
        "........7",
        "........8",
    ];
    let p = puzzle(&rows.concat(), Variant::Classic);
    assert!(IpModel::presolved(&p).infeasible_row().is_none());
    assert_eq!(dlx_count(&p, 2).0, Verdict::None);
    for spec in ["ip", "ip:microlp-direct", "ip:full"] {
        let out = solve(spec, &p, 2);
        assert_eq!(out.verdict, Verdict::None, "{spec}");
        assert!(!out.stats.extra.contains_key("presolve_infeasible"));
    }
}

#[test]
fn variants_and_rectangular_boxes_come_from_the_unit_list() {
    // The empty X 4x4 has 48 grids; counting them all proves the diagonals are rows.
    let x = puzzle(&".".repeat(16), Variant::X);
    assert_eq!(
        solve("ip:microlp-direct", &x, usize::MAX).solutions_found,
        48
    );
    let six = random_puzzle(2, 3, Variant::Classic, 7, 40, false);
    let (verdict, _) = dlx_count(&six, 2);
    assert_eq!(solve("ip", &six, 2).verdict, verdict);
}

fn random_case() -> impl Strategy<Value = (u64, usize, bool, bool)> {
    (any::<u64>(), 0usize..70, any::<bool>(), any::<bool>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn random_4x4_puzzles_match_dlx((seed, keep, x, corrupt) in random_case()) {
        let variant = if x { Variant::X } else { Variant::Classic };
        let p = random_puzzle(2, 2, variant, seed, keep, corrupt);
        let (verdict, _) = dlx_count(&p, 2);
        prop_assert_eq!(solve("ip", &p, 2).verdict, verdict);
        prop_assert_eq!(solve("ip:microlp-direct", &p, 2).verdict, verdict);
        prop_assert_eq!(
            solve("ip", &p, 5).solutions_found.min(5),
            brute_force_count(&p, 5) as u64
        );
    }
}

/// Writes `text` to a file in `dir` (a test's scratch folder) and returns its path.
fn scratch(dir: &tempfile::TempDir, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Solves an LP file with CBC and returns (name, value) pairs of its solution.
fn cbc_values(lp: &std::path::Path) -> Vec<(String, f64)> {
    let sol = lp.with_extension("cbc.sol");
    let status = Command::new("cbc")
        .arg(lp)
        .args(["solve", "solu"])
        .arg(&sol)
        .output()
        .unwrap();
    assert!(status.status.success());
    let text = std::fs::read_to_string(&sol).unwrap();
    assert!(text.starts_with("Optimal"), "{text}");
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[1].to_string(), f[2].parse().unwrap())
        })
        .collect()
}

/// Solves a free MPS file with glpsol; `None` if it has no integer solution.
fn glpsol_values(mps: &std::path::Path, text: &str) -> Option<Vec<(String, f64)>> {
    let sol = mps.with_extension("glp.sol");
    let out = Command::new("glpsol")
        .arg("--freemps")
        .arg(mps)
        .arg("-w")
        .arg(&sol)
        .output()
        .unwrap();
    assert!(out.status.success());
    // Column j of glpsol is the j-th column named in the COLUMNS section.
    let mut names: Vec<&str> = Vec::new();
    let columns = text.split("\nCOLUMNS\n").nth(1).unwrap();
    for line in columns.lines().take_while(|l| l.starts_with(' ')) {
        let name = line.split_whitespace().next().unwrap();
        if !line.contains("'MARKER'") && names.last() != Some(&name) {
            names.push(name);
        }
    }
    let sol = std::fs::read_to_string(&sol).unwrap();
    let status = sol.lines().find(|l| l.starts_with("s mip")).unwrap();
    if status.split_whitespace().nth(4) != Some("o") {
        return None;
    }
    Some(
        sol.lines()
            .filter(|l| l.starts_with("j "))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                let j: usize = f[1].parse().unwrap();
                (names[j - 1].to_string(), f[2].parse().unwrap())
            })
            .collect(),
    )
}

#[test]
fn exports_solved_by_cbc_and_glpk_decode_to_the_same_solution() {
    let dir = tempfile::tempdir().unwrap();
    let has_cbc = external_available("cbc", "coinor-cbc");
    let has_glpk = external_available("glpsol", "glpk-utils");
    let mut puzzles = data_puzzles("forum_hardest_1106.txt", 2);
    puzzles.extend(data_puzzles("17_clue.txt", 1));
    puzzles.push(random_puzzle(2, 3, Variant::X, 11, 60, false));
    for (k, p) in puzzles.iter().enumerate() {
        let ours = solve("ip", p, 1);
        let lp = export(p, "lp").unwrap();
        let mps = export(p, "mps").unwrap();
        assert!(export(p, "xml").is_err());
        if has_cbc {
            let values = cbc_values(&scratch(&dir, &format!("p{k}.lp"), &lp));
            let grid = decode_values(p, values.iter().map(|(n, v)| (n.as_str(), *v))).unwrap();
            sudoku_arena::model::validate(p, &grid).unwrap();
            if ours.verdict == Verdict::Solved && dlx_count(p, 2).0 == Verdict::Unique {
                assert_eq!(grid, ours.solutions[0], "cbc, puzzle {k}");
            }
        }
        if has_glpk {
            let path = scratch(&dir, &format!("p{k}.mps"), &mps);
            let values = glpsol_values(&path, &mps).expect("glpsol found no solution");
            let grid = decode_values(p, values.iter().map(|(n, v)| (n.as_str(), *v))).unwrap();
            sudoku_arena::model::validate(p, &grid).unwrap();
            if dlx_count(p, 2).0 == Verdict::Unique {
                assert_eq!(grid, ours.solutions[0], "glpsol, puzzle {k}");
            }
        }
    }
    // An infeasible export stays infeasible for an external solver.
    if has_glpk {
        let clash = clashing_puzzle();
        let mps = export(&clash, "mps").unwrap();
        assert_eq!(glpsol_values(&scratch(&dir, "clash.mps", &mps), &mps), None);
    }
}
