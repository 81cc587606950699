//! The solver's own answers, apart from the registry: a puzzle whose givens conflict
//! answered by the backend itself as the registry answers it for every other backend,
//! the generic path against the band path on 9×9 boards (two independent
//! implementations of the same rules), and the vector path's search tree against the
//! band path's where the processor has AVX-512. The backend's other tests go through
//! the registry in `tests/backends/fast.rs`.

use super::generic::Generic;
use super::FastSolver;
use crate::backends::create;
use crate::model::{validate, Geometry, Puzzle, Variant};
use crate::solver::{verify, Outcome, SolveOptions, Solver, Verdict};
use crate::test_support::{data_puzzles, puzzle, random_puzzle};
use std::sync::Arc;

fn fast() -> Box<dyn Solver> {
    create("fast").unwrap()
}

/// Whether an outcome carries the statistic of a givens conflict.
fn marks_conflict(out: &Outcome) -> bool {
    out.stats.extra.get("givens_conflict") == Some(&1.0)
}

/// The backend answers a puzzle whose givens conflict itself (the registry skips its
/// check before every solve for it): in a row, a box or down a column, on both 9×9 paths
/// and the generic path, the answer is the one the registry's check gives every other
/// backend, `none` with the `givens_conflict` statistic; no other puzzle gets the
/// statistic, not even one without a solution whose givens do not conflict.
#[test]
fn conflicting_givens_get_the_registry_checks_answer_from_the_backend_itself() {
    assert!(FastSolver::new().checks_givens() && fast().checks_givens());
    assert!(FastSolver::scalar().checks_givens());
    let classic = Arc::new(Geometry::new(3, 3, Variant::Classic).unwrap());
    let mut cases = Vec::new();
    // Two 5s: in row 1, in box 1 (r1c1, r2c2), down column 1 across bands (r1c1, r7c1).
    for other in [8, 10, 54] {
        let mut cells = data_puzzles("magictour_top1465.txt", 1)[0].cells.clone();
        cells[0] = 5;
        cells[other] = 5;
        cases.push(Puzzle::new(classic.clone(), cells));
    }
    for seed in 0..300u64 {
        let (br, bc, variant) = [
            (3, 3, Variant::Classic),
            (2, 2, Variant::Classic),
            (2, 3, Variant::Classic),
            (3, 3, Variant::X),
        ][seed as usize % 4];
        cases.push(random_puzzle(br, bc, variant, seed, 60, seed % 3 != 0));
    }
    let mut dlx = create("dlx").unwrap();
    let (mut conflicts, mut others) = (0, 0);
    for p in &cases {
        let conflict = p.conflicting_givens().is_some();
        let opts = SolveOptions::new(2, None);
        let own = FastSolver::new().solve(p, &opts);
        let own_scalar = FastSolver::scalar().solve(p, &opts);
        let registry = fast().solve(p, &opts);
        let theirs = dlx.solve(p, &opts);
        let name = p.display_name();
        for out in [&own, &own_scalar, &registry] {
            verify(p, out).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(marks_conflict(out), conflict, "{name}");
            assert_eq!(out.verdict, theirs.verdict, "{name}");
            assert_eq!(out.solutions_found, theirs.solutions_found, "{name}");
        }
        if conflict {
            assert_eq!(registry.stats, theirs.stats, "{name}");
            assert_eq!(registry.verdict, Verdict::None, "{name}");
            conflicts += 1;
        } else {
            others += 1;
        }
    }
    assert!(
        conflicts >= 100 && others >= 50,
        "{conflicts} conflicts, {others} others"
    );
    // No solution, and no conflict among the givens: r1c9 can hold nothing.
    let mut text = ".".repeat(81).into_bytes();
    text[..8].copy_from_slice(b"12345678");
    text[17] = b'9';
    let p = puzzle(std::str::from_utf8(&text).unwrap(), Variant::Classic);
    let out = FastSolver::new().solve(&p, &SolveOptions::default());
    assert_eq!(out.verdict, Verdict::None);
    assert!(!marks_conflict(&out));
}

#[test]
fn the_band_path_and_the_generic_path_count_alike_on_9x9() {
    // Two independent implementations of the same rules: the generic path, built for
    // the classic 9x9 board directly, against the backend (the band path).
    let g = Geometry::new(3, 3, Variant::Classic).unwrap();
    let mut generic = Generic::new(&g);
    let mut solver = fast();
    let mut puzzles = data_puzzles("serg_benchmark.txt", 300);
    puzzles.extend(data_puzzles("forum_hardest_1106.txt", 20));
    for p in &puzzles {
        let limit = 50;
        let band = solver.solve(p, &SolveOptions::new(limit, None));
        verify(p, &band).unwrap();
        let mut first = None;
        let other = generic.search(&p.cells, limit as u64, None, &mut |s| {
            first.get_or_insert_with(|| s.to_vec());
        });
        assert_eq!(band.solutions_found, other.found, "{}", p.display_name());
        validate(p, &first.unwrap()).unwrap();
    }
}

#[test]
fn the_vector_path_searches_the_band_path_s_tree() {
    // Same rules, same fixpoints, same branching: on every puzzle of `tests/data/`, the
    // same solutions in the same order, the same number of guesses and of dead ends,
    // first solution and uniqueness (the hard ones past 32 guesses, in the deep search).
    if !FastSolver::new().is_vector() {
        eprintln!("this processor has no AVX-512: the vector path is not run here");
        return;
    }
    let (mut vector, mut scalar) = (fast(), create("fast:scalar").unwrap());
    let mut puzzles = Vec::new();
    for (file, n) in [
        ("17_clue.txt", 1000),
        ("magictour_top1465.txt", 500),
        ("forum_hardest_1106.txt", 375),
        ("serg_benchmark.txt", 300),
    ] {
        puzzles.extend(data_puzzles(file, n));
    }
    let mut deep = 0;
    for p in &puzzles {
        for max in [1, 2] {
            let opts = SolveOptions::new(max, None);
            let (v, s) = (vector.solve(p, &opts), scalar.solve(p, &opts));
            verify(p, &v).unwrap();
            let name = p.display_name();
            assert_eq!(v.verdict, s.verdict, "{name}");
            assert_eq!(v.solutions, s.solutions, "{name}");
            assert_eq!(v.stats.nodes, s.stats.nodes, "{name}, at most {max}");
            assert_eq!(
                v.stats.backtracks, s.stats.backtracks,
                "{name}, at most {max}"
            );
            deep += usize::from(v.stats.nodes > 32);
        }
    }
    assert!(deep > 100, "only {deep} searches went deep");
}
