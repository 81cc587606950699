//! The `fast` backend through the registry against the benchmark samples of
//! `tests/data/`, `dlx`, the independent brute force and the validator: on 9×9 both the
//! vector path (where the processor has it: `fast`) and the band path (`fast:scalar`),
//! and the generic path. No test here asserts speed (that is for `benches/race.rs`); the
//! deadline test asserts only that a solve which cannot finish comes back. The complete
//! benchmark sets are a long run: `sudoku-arena compare -b fast,dlx SET` checks every
//! answer the same way. The solver's own answers apart from the registry (conflicting
//! givens, the generic path against the band path, the vector path's search tree
//! against the band path's) are tested inside the crate: `src/backends/fast/tests.rs`.

use crate::common::*;
use proptest::prelude::*;
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudoku_arena::backends::create;
use sudoku_arena::model::{validate, Geometry, Puzzle, Variant};
use sudoku_arena::solver::{verify, SolveOptions, Solver, Verdict};

fn fast() -> Box<dyn Solver> {
    create("fast").unwrap()
}

/// `fast` and `fast:scalar`: the vector path where the processor has it, and the band
/// path (on a processor without AVX-512, the band path twice).
fn both_paths() -> [Box<dyn Solver>; 2] {
    [fast(), create("fast:scalar").unwrap()]
}

/// Solves every puzzle of a set in `tests/data/` with uniqueness asked, checking each answer with the
/// validator, and compares with `dlx` on every `dlx_every`-th puzzle. Returns how
/// many were compared.
fn all_unique(file: &str, expected: usize, dlx_every: usize) -> usize {
    let puzzles = data_puzzles(file, usize::MAX);
    assert_eq!(puzzles.len(), expected, "{file}");
    let mut dlx = create("dlx").unwrap();
    let mut compared = 0;
    for (i, p) in puzzles.iter().enumerate() {
        let name = p.display_name();
        let theirs = (i % dlx_every == 0).then(|| dlx.solve(p, &SolveOptions::new(1, None)));
        for mut solver in both_paths() {
            let out = solver.solve(p, &SolveOptions::default());
            let name = format!("{name} ({})", solver.name());
            verify(p, &out).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(out.verdict, Verdict::Unique, "{name}");
            assert_eq!(out.solutions_found, 1, "{name}");
            validate(p, &out.solutions[0]).unwrap();
            if let Some(theirs) = &theirs {
                assert_eq!(out.solutions[0], theirs.solutions[0], "{name}");
            }
        }
        compared += usize::from(theirs.is_some());
    }
    compared
}

#[test]
fn the_first_1000_17_clue_puzzles_are_unique_and_valid() {
    // The 1,000 of tests/data; dlx (slower) checks every 10th.
    assert_eq!(all_unique("17_clue.txt", 1_000, 10), 100);
}

#[test]
fn the_first_500_magictour_puzzles_are_unique_and_match_dlx() {
    assert_eq!(all_unique("magictour_top1465.txt", 500, 5), 100);
}

#[test]
fn every_forum_hardest_puzzle_is_unique_and_matches_dlx() {
    assert_eq!(all_unique("forum_hardest_1106.txt", 375, 1), 375);
}

#[test]
fn forum_hardest_uniqueness_takes_few_guesses() {
    // Guesses are deterministic: the search tree, not a time. Proving the 375 puzzles
    // unique takes about 154 guesses each (the deep search, a digit with the fewest
    // permutations split on one place); branching only on a digit with exactly two
    // permutations takes 160, on two-candidate cells with the shallow propagation
    // alone 247.
    let puzzles = data_puzzles("forum_hardest_1106.txt", usize::MAX);
    let mut solver = fast();
    let guesses: u64 = puzzles
        .iter()
        .map(|p| solver.solve(p, &SolveOptions::default()).stats.nodes)
        .sum();
    let per_puzzle = guesses as f64 / puzzles.len() as f64;
    assert!(per_puzzle < 157.0, "{per_puzzle:.1} guesses per puzzle");
}

#[test]
fn the_first_300_serg_puzzles_have_several_solutions() {
    let puzzles = data_puzzles("serg_benchmark.txt", usize::MAX);
    assert_eq!(puzzles.len(), 300);
    let mut solver = fast();
    for p in &puzzles {
        let out = solver.solve(p, &SolveOptions::default());
        verify(p, &out).unwrap_or_else(|e| panic!("{}: {e}", p.display_name()));
        assert_eq!(out.verdict, Verdict::Multiple, "{}", p.display_name());
        assert_eq!(out.solutions.len(), 2);
    }
}

#[test]
fn serg_counts_match_the_documented_ones() {
    // SOURCES.md: the first three have 872, 83 and 148 solutions.
    let puzzles = data_puzzles("serg_benchmark.txt", 3);
    let mut solver = fast();
    for (p, expected) in puzzles.iter().zip([872, 83, 148]) {
        let out = solver.solve(p, &SolveOptions::new(usize::MAX, None));
        verify(p, &out).unwrap();
        assert_eq!(out.solutions_found, expected);
        assert!(out.stats.nodes > 0);
    }
}

#[test]
fn named_puzzles_match_their_documented_counts() {
    let dir = data_dir().join("named");
    let mut solver = fast();
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let p = puzzle(&std::fs::read_to_string(&path).unwrap(), Variant::Classic);
        let expected = if path.ends_with("sabuncu3.txt") {
            27
        } else {
            1
        };
        let out = solver.solve(&p, &SolveOptions::new(1000, None));
        verify(&p, &out).unwrap();
        assert_eq!(out.solutions_found, expected, "{}", path.display());
        seen += 1;
    }
    assert_eq!(seen, 16);
}

#[test]
fn empty_grids_count_as_known() {
    let mut solver = fast();
    for (variant, expected) in [(Variant::Classic, 288), (Variant::X, 48)] {
        let p = puzzle(&".".repeat(16), variant);
        let out = solver.solve(&p, &SolveOptions::new(usize::MAX, None));
        assert_eq!(out.solutions_found, expected, "{variant:?}");
        assert_eq!(out.verdict, Verdict::Multiple);
        verify(&p, &out).unwrap();
    }
    // 9x9, both paths: the limit stops the count, and only `keep` are kept.
    let p = puzzle(&".".repeat(81), Variant::Classic);
    let mut opts = SolveOptions::new(1000, None);
    opts.keep_solutions = 3;
    for mut solver in both_paths() {
        let out = solver.solve(&p, &opts);
        assert_eq!(out.solutions_found, 1000);
        assert_eq!(out.solutions.len(), 3);
        assert!(!out.timed_out);
        verify(&p, &out).unwrap();
    }
}

#[test]
fn streaming_reports_every_solution_as_found() {
    let [vector, scalar] = both_paths();
    for (mut solver, text) in [
        (fast(), ".".repeat(16)),
        (vector, ".".repeat(81)),
        (scalar, ".".repeat(81)),
    ] {
        let p = puzzle(&text, Variant::Classic);
        let mut seen = Vec::new();
        let out = solver.solve_streaming(&p, &SolveOptions::new(40, None), &mut |s| {
            seen.push(s.to_vec())
        });
        assert_eq!(seen.len(), 40);
        assert_eq!(out.solutions, seen[..2].to_vec());
        for s in &seen {
            validate(&p, s).unwrap();
        }
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 40, "a solution was reported twice");
    }
}

#[test]
fn clashing_givens_and_dead_ends_are_none() {
    for mut solver in both_paths() {
        // Two 5s in row 1 (the parser refuses such a puzzle; the library may be given one).
        let g = Arc::new(Geometry::new(3, 3, Variant::Classic).unwrap());
        let mut cells = vec![0u8; 81];
        cells[0] = 5;
        cells[8] = 5;
        let p = Puzzle::new(g, cells);
        let out = solver.solve(&p, &SolveOptions::default());
        assert_eq!(out.verdict, Verdict::None);
        // No clash among the givens, yet r1c9 can hold nothing: row 1 has 1-8 and
        // column 9 has the 9 (r2c9).
        let mut text = ".".repeat(81).into_bytes();
        text[..8].copy_from_slice(b"12345678");
        text[17] = b'9';
        let p = puzzle(std::str::from_utf8(&text).unwrap(), Variant::Classic);
        let out = solver.solve(&p, &SolveOptions::default());
        verify(&p, &out).unwrap();
        assert_eq!(out.verdict, Verdict::None);
        assert_eq!(brute_force_count(&p, 1), 0);
    }
}

/// A valid full grid for boxes `br × bc` (the usual shifted pattern).
fn pattern_grid(br: usize, bc: usize) -> Vec<u8> {
    let n = br * bc;
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((r % br * bc + r / br + c) % n + 1) as u8
        })
        .collect()
}

#[test]
fn every_shape_from_4_to_64_solves_on_the_generic_path() {
    let mut solver = fast();
    let mut rng = Rng(0x5eed);
    for (br, bc) in [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (2, 5),
        (3, 4),
        (4, 4),
        (4, 5),
        (5, 5),
        (6, 6),
        (8, 8),
    ] {
        let g = Arc::new(Geometry::new(br, bc, Variant::Classic).unwrap());
        let full = pattern_grid(br, bc);
        assert!(validate(&Puzzle::new(g.clone(), full.clone()), &full).is_ok());
        // Half the cells given up to 16x16; larger boards keep three quarters, as half
        // of a 36x36 pattern can be a hard instance (this test is about correctness).
        let given = if br * bc <= 16 { 50 } else { 75 };
        let cells: Vec<u8> = full
            .iter()
            .map(|&v| if rng.below(100) < given { v } else { 0 })
            .collect();
        let p = Puzzle::new(g, cells);
        let out = solver.solve(&p, &SolveOptions::new(1, Some(Duration::from_secs(20))));
        verify(&p, &out).unwrap();
        // `Unique` when propagation alone finished it (the search was complete).
        assert!(
            matches!(out.verdict, Verdict::Solved | Verdict::Unique),
            "{br}x{bc}: {:?}",
            out.verdict
        );
    }
}

#[test]
fn x_variant_9x9_takes_the_generic_path_and_keeps_the_diagonals() {
    // Counted against the brute force on random X puzzles with a few blanks.
    let mut solver = fast();
    for seed in 1..30 {
        let p = random_puzzle(3, 3, Variant::X, seed, 70, seed % 3 == 0);
        let out = solver.solve(&p, &SolveOptions::new(usize::MAX, None));
        verify(&p, &out).unwrap();
        assert_eq!(
            out.solutions_found as usize,
            brute_force_count(&p, usize::MAX),
            "seed {seed}"
        );
    }
}

#[test]
fn large_instances_solve() {
    let mut solver = fast();
    for f in [0, 20, 45, 60, 80, 100] {
        for size in ["16x16", "25x25"] {
            let p = data_matrix(&format!("inst{size}_{f}_0.txt"));
            let out = solver.solve(&p, &SolveOptions::new(1, Some(Duration::from_secs(30))));
            verify(&p, &out).unwrap();
            assert!(
                matches!(out.verdict, Verdict::Solved | Verdict::Unique),
                "{size} f={f}: {:?}",
                out.verdict
            );
        }
    }
}

#[test]
fn counting_an_empty_25x25_stops_at_the_deadline() {
    let p = puzzle(&crate::common::empty_25x25(), Variant::Classic);
    let mut solver = fast();
    let budget = Duration::from_millis(300);
    let start = Instant::now();
    let out = solver.solve(&p, &SolveOptions::new(usize::MAX, Some(budget)));
    let took = start.elapsed();
    verify(&p, &out).unwrap();
    assert!(out.timed_out);
    assert!(matches!(
        out.verdict,
        Verdict::Unknown | Verdict::Solved | Verdict::Multiple
    ));
    assert!(took < budget + slack(), "took {took:?}");
    // And both 9x9 paths too, on the empty 9x9 grid.
    let p = puzzle(&".".repeat(81), Variant::Classic);
    for mut solver in both_paths() {
        let start = Instant::now();
        let out = solver.solve(&p, &SolveOptions::new(usize::MAX, Some(budget)));
        let took = start.elapsed();
        verify(&p, &out).unwrap();
        assert!(out.timed_out && out.verdict == Verdict::Multiple);
        assert!(took < budget + slack(), "took {took:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Solution counts equal the brute force's on small grids with one, several or no
    /// solutions: 4x4, 6x6 with 2x3 boxes, 6x6 with 3x2 boxes, the X variant, and 9x9
    /// with few blanks (the vector path where the processor has it, and the band path).
    #[test]
    fn counts_match_the_brute_force(
        seed in any::<u64>(),
        shape in 0usize..6,
        keep in 0usize..80,
        corrupt in any::<bool>(),
    ) {
        let (br, bc, variant, keep) = match shape {
            0 => (2, 2, Variant::Classic, keep),
            1 => (2, 2, Variant::X, keep),
            2 => (2, 3, Variant::Classic, 20 + keep / 2),
            3 => (3, 2, Variant::Classic, 20 + keep / 2),
            4 => (2, 3, Variant::X, 20 + keep / 2),
            _ => (3, 3, Variant::Classic, 55 + keep / 3),
        };
        let p = random_puzzle(br, bc, variant, seed, keep, corrupt);
        let limit = 500;
        let expected = brute_force_count(&p, limit);
        let verdict = match expected {
            0 => Verdict::None,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        };
        for name in ["fast", "fast:scalar"] {
            let out = create(name).unwrap().solve(&p, &SolveOptions::new(limit, None));
            verify(&p, &out).unwrap();
            prop_assert_eq!(out.solutions_found as usize, expected, "{}", name);
            prop_assert_eq!(out.verdict, verdict, "{}", name);
        }
    }
}
