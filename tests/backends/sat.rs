//! The `sat` backend through the registry, each configuration's engine as the registry
//! builds it for a worker (in this process, the givens not checked before it): answers
//! that agree with `dlx` and the brute force for every encoding, the encoding of a large
//! grid stopped by a deadline, and the golden 4x4 DIMACS exports. The encodings' clauses
//! and sizes, the statistics against them and the decoding of a model are unit tests
//! beside the engine, in `src/backends/sat/tests.rs`.

use crate::common::*;
use proptest::prelude::*;
use sudoku_arena::backends::{create, encoding, lookup, ENCODINGS};
use sudoku_arena::model::{Puzzle, Variant};
use sudoku_arena::solver::{verify, SolveOptions, Solver, Verdict};

/// The names of the sat encodings (`naive`, ...), as the registry exports them
/// (`sat-naive`, ...).
pub(crate) fn encodings() -> impl Iterator<Item = &'static str> {
    ENCODINGS.iter().filter_map(|e| e.name.strip_prefix("sat-"))
}

/// The engine of configuration `spec` in this process, as a worker runs it: no worker
/// process holds its deadline and no check of the givens answers before it.
pub(crate) fn engine(spec: &str) -> Box<dyn Solver> {
    (lookup(spec).unwrap().0.make)(None).unwrap()
}

/// The varisat engine of `encoding`.
fn varisat(encoding: &str) -> Box<dyn Solver> {
    engine(&format!("sat:{encoding}"))
}

/// 100 forum-hardest and 100 17-clue puzzles with every encoding: each solution valid,
/// each proven unique, each the solution dlx finds.
#[test]
fn a_sample_of_200_agrees_with_dlx_for_every_encoding() {
    let mut puzzles = data_puzzles("forum_hardest_1106.txt", 100);
    puzzles.extend(data_puzzles("17_clue.txt", 100));
    let mut dlx = create("dlx").unwrap();
    let expected: Vec<_> = puzzles
        .iter()
        .map(|p| dlx.solve(p, &SolveOptions::new(2, None)))
        .collect();
    for encoding in encodings() {
        let mut sat = varisat(encoding);
        for (p, want) in puzzles.iter().zip(&expected) {
            let out = sat.solve(p, &SolveOptions::new(2, None));
            verify(p, &out).unwrap_or_else(|e| panic!("{encoding} {}: {e}", p.display_name()));
            assert_eq!(
                out.verdict,
                Verdict::Unique,
                "{encoding} {}",
                p.display_name()
            );
            assert_eq!(
                out.solutions,
                want.solutions,
                "{encoding} {}",
                p.display_name()
            );
        }
    }
}

/// A deadline already passed when the solve starts stops it while it states the
/// clauses of an empty 64x64 grid (some 31 million, half a second on the project's
/// machine), on any machine: no variable is counted, nothing is searched.
#[test]
fn the_encoding_of_a_large_grid_stops_at_the_deadline() {
    let p = empty_puzzle(8, 8);
    for encoding in ["naive", "reduced"] {
        let start = std::time::Instant::now();
        let passed = SolveOptions::new(2, Some(std::time::Duration::ZERO));
        let out = varisat(encoding).solve(&p, &passed);
        let took = start.elapsed();
        assert!(out.timed_out, "{encoding}: {out:?}");
        assert_eq!(out.verdict, Verdict::Unknown, "{encoding}");
        assert_eq!(out.solutions_found, 0, "{encoding}");
        assert_eq!(
            out.stats.variables, 0,
            "{encoding}: the encoding was finished"
        );
        // Liveness, not speed: it comes back soon after.
        assert!(took < slack(), "{encoding}: {took:?}");
    }
}

#[test]
fn large_grids_are_solved() {
    for file in ["inst16x16_60_0.txt", "inst25x25_60_0.txt"] {
        let p = data_matrix(file);
        let want = create("dlx")
            .unwrap()
            .solve(&p, &SolveOptions::new(2, None));
        for encoding in ["extended", "reduced"] {
            let out = varisat(encoding).solve(&p, &SolveOptions::new(2, None));
            verify(&p, &out).unwrap();
            assert_eq!(out.verdict, want.verdict, "{file} {encoding}");
        }
    }
}

#[test]
fn givens_that_clash_or_a_cell_without_candidates_answer_none() {
    // r1c1 = 1 and r1c2 = 1 clash; in the second, r1c4 has no value left.
    let clash = Puzzle::new(empty_puzzle(2, 2).geometry, {
        let mut c = vec![0; 16];
        c[0] = 1;
        c[1] = 1;
        c
    });
    let stuck = Puzzle::new(empty_puzzle(2, 2).geometry, {
        let mut c = vec![0; 16];
        (c[0], c[1], c[2], c[11]) = (1, 2, 3, 4);
        c
    });
    for p in [clash, stuck] {
        for encoding in encodings() {
            let out = varisat(encoding).solve(&p, &SolveOptions::new(2, None));
            assert_eq!(out.verdict, Verdict::None, "{encoding}");
        }
    }
}

#[test]
fn a_full_grid_is_unique_and_counting_stops_at_the_limit() {
    let p = &data_puzzles("17_clue.txt", 1)[0];
    let solution = dlx_solution(p);
    let full = Puzzle::new(p.geometry.clone(), solution);
    let empty4 = empty_puzzle(2, 2);
    for encoding in encodings() {
        let mut sat = varisat(encoding);
        let out = sat.solve(&full, &SolveOptions::new(2, None));
        assert_eq!(out.verdict, Verdict::Unique);
        // 288 grids of side 4: all of them, then a limit below.
        let all = sat.solve(&empty4, &SolveOptions::new(1000, None));
        assert_eq!((all.verdict, all.solutions_found), (Verdict::Multiple, 288));
        let some = sat.solve(&empty4, &SolveOptions::new(5, None));
        assert_eq!(some.solutions_found, 5);
        verify(&empty4, &some).unwrap();
    }
}

#[test]
fn golden_4x4_dimacs_exports_are_reproduced_byte_for_byte() {
    let p = puzzle("1.......2..3....", Variant::Classic);
    let golden = [
        (
            "sat-naive",
            include_str!("../../encodings/sat-naive-4x4.cnf"),
        ),
        (
            "sat-efficient",
            include_str!("../../encodings/sat-efficient-4x4.cnf"),
        ),
        (
            "sat-extended",
            include_str!("../../encodings/sat-extended-4x4.cnf"),
        ),
        (
            "sat-reduced",
            include_str!("../../encodings/sat-reduced-4x4.cnf"),
        ),
    ];
    // Every encoding has its golden file.
    let names: Vec<String> = encodings().map(|e| format!("sat-{e}")).collect();
    assert_eq!(names, golden.map(|(name, _)| name));
    for (name, text) in golden {
        let export = encoding(name).unwrap().export;
        assert_eq!(export(&p, "dimacs").unwrap(), text, "{name}");
    }
}

/// A random 4x4 (`kind` 0), 6x6 with 2x3 boxes (1) or 4x4 X puzzle (2): solvable,
/// unsolvable or with several solutions.
pub(crate) fn small(kind: u8, seed: u64, keep: usize, corrupt: bool) -> Puzzle {
    match kind {
        0 => random_puzzle(2, 2, Variant::Classic, seed, keep, corrupt),
        1 => random_puzzle(2, 3, Variant::Classic, seed, keep, corrupt),
        _ => random_puzzle(2, 2, Variant::X, seed, keep, corrupt),
    }
}

/// Every encoding, on the engine `solver` builds for it (from the encoding's name),
/// counts `p` like the brute force (up to 3) and gives the verdict that count means.
pub(crate) fn counts_like_the_brute_force(
    p: &Puzzle,
    solver: impl Fn(&str) -> Box<dyn Solver>,
) -> Result<(), TestCaseError> {
    let want = brute_force_count(p, 3);
    for encoding in encodings() {
        let out = solver(encoding).solve(p, &SolveOptions::new(3, None));
        prop_assert!(verify(p, &out).is_ok());
        prop_assert_eq!(out.solutions_found as usize, want, "{}", encoding);
        let verdict = match want {
            0 => Verdict::None,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        };
        prop_assert_eq!(out.verdict, verdict);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every encoding counts like the brute force (up to 3) on random 4x4, 6x6 (2x3
    /// boxes) and X puzzles, solvable, unsolvable or with several solutions.
    #[test]
    fn every_encoding_counts_like_the_brute_force(
        kind in 0u8..3, seed in any::<u64>(), keep in 10usize..70, corrupt in any::<bool>()
    ) {
        counts_like_the_brute_force(&small(kind, seed, keep, corrupt), varisat)?;
    }
}
