//! The Dancing Links backend against known counts, an independent brute force, and the
//! benchmark samples of `tests/data/`.

use crate::common::*;
use proptest::prelude::*;
use std::time::{Duration, Instant};
use sudoku_arena::backends::create;
use sudoku_arena::model::Variant;
use sudoku_arena::solver::{verify, SolveOptions, Verdict};

fn count_with_dlx(p: &sudoku_arena::model::Puzzle, limit: usize) -> u64 {
    let mut dlx = create("dlx").unwrap();
    let out = dlx.solve(p, &SolveOptions::new(limit, None));
    verify(p, &out).unwrap();
    out.solutions_found
}

#[test]
fn empty_4x4_has_288_grids_and_x_variant_48() {
    let empty = ".".repeat(16);
    let classic = puzzle(&empty, Variant::Classic);
    let x = puzzle(&empty, Variant::X);
    assert_eq!(count_with_dlx(&classic, usize::MAX), 288);
    assert_eq!(count_with_dlx(&x, usize::MAX), 48);
    assert_eq!(brute_force_count(&classic, usize::MAX), 288);
    assert_eq!(brute_force_count(&x, usize::MAX), 48);
}

#[test]
fn counting_stops_at_the_limit() {
    let empty = puzzle(&".".repeat(16), Variant::Classic);
    let mut dlx = create("dlx").unwrap();
    let out = dlx.solve(&empty, &SolveOptions::new(10, None));
    assert_eq!(out.solutions_found, 10);
    assert_eq!(out.verdict, Verdict::Multiple);
}

#[test]
fn every_forum_hardest_and_1000_17_clue_puzzles_are_unique() {
    let mut dlx = create("dlx").unwrap();
    let mut puzzles = data_puzzles("forum_hardest_1106.txt", usize::MAX);
    assert_eq!(puzzles.len(), 375);
    puzzles.extend(data_puzzles("17_clue.txt", 1000));
    assert_eq!(puzzles.len(), 1375);
    for p in &puzzles {
        let out = dlx.solve(p, &SolveOptions::default());
        verify(p, &out).unwrap_or_else(|e| panic!("{}: {e}", p.display_name()));
        assert_eq!(out.verdict, Verdict::Unique, "{}", p.display_name());
    }
}

#[test]
fn the_first_300_serg_puzzles_have_several_solutions() {
    let mut dlx = create("dlx").unwrap();
    let puzzles = data_puzzles("serg_benchmark.txt", 300);
    for p in &puzzles {
        let out = dlx.solve(p, &SolveOptions::default());
        verify(p, &out).unwrap();
        assert_eq!(out.verdict, Verdict::Multiple, "{}", p.display_name());
        assert_eq!(out.solutions.len(), 2);
    }
}

#[test]
fn named_puzzles_match_their_documented_counts() {
    let dir = data_dir().join("named");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let p = puzzle(&text, Variant::Classic);
        let expected = if path.ends_with("sabuncu3.txt") {
            27
        } else {
            1
        };
        assert_eq!(count_with_dlx(&p, 1000), expected, "{}", path.display());
        seen += 1;
    }
    assert_eq!(seen, 16);
}

#[test]
fn large_instances_are_solved_or_stopped_at_the_deadline() {
    let mut dlx = create("dlx").unwrap();
    for size in ["16x16", "25x25"] {
        for f in (0..=100).step_by(5) {
            let p = data_matrix(&format!("inst{size}_{f}_0.txt"));
            let budget = Duration::from_millis(300);
            let start = Instant::now();
            let out = dlx.solve(&p, &SolveOptions::new(2, Some(budget)));
            let elapsed = start.elapsed();
            verify(&p, &out).unwrap();
            // The instances are made from solved grids: never `none`.
            assert_ne!(out.verdict, Verdict::None, "{size} f={f}");
            if out.verdict == Verdict::Unknown {
                assert!(out.timed_out);
            }
            assert!(elapsed < budget + slack(), "{size} f={f} ran {elapsed:?}");
        }
    }
}

#[test]
fn deadline_on_an_empty_64x64_count_returns_unknown() {
    let p = puzzle(&vec!["0"; 64 * 64].join(" "), Variant::Classic);
    let mut dlx = create("dlx").unwrap();
    let start = Instant::now();
    let out = dlx.solve(
        &p,
        &SolveOptions::new(usize::MAX, Some(Duration::from_millis(500))),
    );
    assert!(start.elapsed() < Duration::from_millis(500) + slack());
    assert!(out.timed_out);
    // Whatever was found before the deadline, the count is not complete: never `unique`/`none`.
    assert!(
        matches!(
            out.verdict,
            Verdict::Unknown | Verdict::Solved | Verdict::Multiple
        ),
        "{:?}",
        out.verdict
    );
    verify(&p, &out).unwrap();
}

fn check_against_brute_force(
    box_rows: usize,
    box_cols: usize,
    variant: Variant,
    seed: u64,
    keep: usize,
    corrupt: bool,
) {
    let p = random_puzzle(box_rows, box_cols, variant, seed, keep, corrupt);
    let expected = brute_force_count(&p, 3);
    let mut dlx = create("dlx").unwrap();
    let out = dlx.solve(&p, &SolveOptions::new(3, None));
    verify(&p, &out).unwrap();
    assert_eq!(out.solutions_found as usize, expected, "{:?}", p.cells);
    let verdict = match expected {
        0 => Verdict::None,
        1 => Verdict::Unique,
        _ => Verdict::Multiple,
    };
    assert_eq!(out.verdict, verdict);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn dlx_agrees_with_brute_force_on_4x4(seed: u64, keep in 0usize..90, corrupt: bool, x: bool) {
        let variant = if x { Variant::X } else { Variant::Classic };
        check_against_brute_force(2, 2, variant, seed, keep, corrupt);
    }

    #[test]
    fn dlx_agrees_with_brute_force_on_6x6(seed: u64, keep in 5usize..90, corrupt: bool) {
        check_against_brute_force(2, 3, Variant::Classic, seed, keep, corrupt);
    }
}

#[test]
fn random_puzzles_cover_all_three_verdicts() {
    // The generator must actually produce unique, multiple and unsolvable puzzles,
    // or the property tests above would prove less than they claim.
    let mut seen = [0usize; 3];
    for seed in 1..200u64 {
        let p = random_puzzle(
            2,
            3,
            Variant::Classic,
            seed,
            20 + (seed as usize * 7) % 70,
            seed % 3 == 0,
        );
        seen[brute_force_count(&p, 2)] += 1;
    }
    assert!(seen.iter().all(|&k| k >= 10), "{seen:?}");
}

/// An empty grid of side `n`, in the default box shape (30: 5x6 boxes).
fn empty(n: usize) -> sudoku_arena::model::Puzzle {
    puzzle(&vec!["0"; n * n].join(" "), Variant::Classic)
}

#[test]
fn large_empty_grids_are_filled_without_a_backtrack() {
    // Every column lists the row of the canonical pattern first, so the first row tried
    // always extends to that solution: one row per cell, no dead end. With the rows in
    // ascending order an empty 64x64 ran on for minutes. The deadline only keeps a
    // regression from hanging the suite; the assertion is on the search itself.
    for n in [30, 36, 49, 64] {
        let p = empty(n);
        let mut dlx = create("dlx").unwrap();
        let out = dlx.solve(&p, &SolveOptions::new(1, Some(Duration::from_secs(600))));
        verify(&p, &out).unwrap();
        assert_eq!(out.verdict, Verdict::Solved, "{n}x{n}");
        assert_eq!(
            (out.stats.nodes, out.stats.backtracks),
            ((n * n) as u64, 0),
            "{n}x{n}: rows tried, dead ends"
        );
    }
    // A few givens: the pattern with its digits renamed to fit them leads the search.
    let mut cells = vec![0u8; 49 * 49];
    for (cell, v) in [(0, 7), (100, 3), (2000, 49), (1234, 1)] {
        cells[cell] = v;
    }
    let text: Vec<String> = cells.iter().map(u8::to_string).collect();
    let p = puzzle(&text.join(" "), Variant::Classic);
    let out = create("dlx")
        .unwrap()
        .solve(&p, &SolveOptions::new(1, Some(Duration::from_secs(600))));
    verify(&p, &out).unwrap();
    assert_eq!(out.verdict, Verdict::Solved);
    assert_eq!((out.stats.nodes, out.stats.backtracks), (49 * 49 - 4, 0));
}

#[test]
fn nearly_empty_large_grids_are_filled_without_a_backtrack() {
    // 1 % of a random grid given (13, 25 and 41 givens): no renaming of the pattern fits
    // them, so the pattern is also moved by band, stack, row and column swaps until it
    // does (`model::isomorph`), and the search walks straight to it. With ascending rows
    // every one of these ran out of a 10 s budget. The assertion is on the search itself.
    for b in [6, 7, 8] {
        let p = fixed_fraction_puzzle(b, 0.01, 21, 0);
        assert!(
            p.geometry.pattern_fitting(&p.cells).is_none(),
            "{b}x{b} boxes"
        );
        let out = create("dlx")
            .unwrap()
            .solve(&p, &SolveOptions::new(1, Some(Duration::from_secs(600))));
        verify(&p, &out).unwrap();
        assert_eq!(out.verdict, Verdict::Solved, "{b}x{b} boxes");
        assert_eq!(out.stats.extra.get("solution_hint"), Some(&1.0));
        assert_eq!(out.stats.backtracks, 0, "{b}x{b} boxes: dead ends");
    }
}
