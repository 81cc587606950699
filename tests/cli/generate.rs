//! `generate`: unique puzzles checked by a second backend (not the one the generator
//! proves uniqueness with), minimality, reproducibility, fixed-fraction instances, the
//! difficulty filter, and the command line's errors.

use crate::common::cli::run_no_stdin;
use std::sync::Arc;
use sudoku_arena::analysis::{RateSettings, Rater};
use sudoku_arena::backends::create;
use sudoku_arena::generate::Difficulty;
use sudoku_arena::generate::{fixed_fraction, kept_cells};
use sudoku_arena::generate::{partner, UniqueSettings};
use sudoku_arena::generate::{Generator, Request};
use sudoku_arena::model::{parse_puzzles, validate, Geometry, ParseOptions, Puzzle, Variant};
use sudoku_arena::solver::{verify, SolveOptions, Solver, Verdict};

fn geometry(br: usize, bc: usize) -> Arc<Geometry> {
    Arc::new(Geometry::new(br, bc, Variant::Classic).unwrap())
}

/// The verdict of the second backend, with its answer checked by the validator.
fn verdict(checker: &mut dyn Solver, g: &Arc<Geometry>, cells: &[u8]) -> Verdict {
    let p = Puzzle::new(g.clone(), cells.to_vec());
    let out = checker.solve(&p, &SolveOptions::new(2, None));
    verify(&p, &out).unwrap();
    out.verdict
}

fn generator(g: &Arc<Geometry>, symmetric: bool, minimal: bool, seed: u64) -> Generator {
    Generator::new(Request {
        geometry: g.clone(),
        settings: UniqueSettings {
            symmetric,
            minimal,
            check_timeout: None,
        },
        difficulty: None,
        max_tries: 1,
        seed,
    })
    .unwrap()
}

#[test]
fn unique_puzzles_are_unique_and_minimal_by_a_second_backend() {
    let mut csp = create("csp:gac").unwrap();
    for (br, bc, count) in [(2, 2, 6), (2, 3, 4), (3, 3, 3)] {
        let g = geometry(br, bc);
        for (symmetric, minimal) in [(false, false), (true, false), (true, true)] {
            for seed in [1, 2] {
                let mut gen = generator(&g, symmetric, minimal, seed);
                for k in 0..count {
                    let made = gen.unique(k).unwrap();
                    let cells = &made.puzzle.cells;
                    assert_eq!(verdict(csp.as_mut(), &g, cells), Verdict::Unique);
                    validate(&made.puzzle, &made.solution).unwrap();
                    // Removing any given (its symmetric pair, when only minimal up to
                    // symmetry) leaves more than one solution.
                    for cell in (0..g.cells()).filter(|&c| cells[c] != 0) {
                        let mut fewer = cells.clone();
                        fewer[cell] = 0;
                        if symmetric && !minimal {
                            assert_ne!(cells[partner(g.n, cell)], 0, "symmetric givens");
                            fewer[partner(g.n, cell)] = 0;
                        }
                        assert_eq!(
                            verdict(csp.as_mut(), &g, &fewer),
                            Verdict::Multiple,
                            "{br}x{bc} seed {seed} puzzle {k}: given at {cell} is not needed"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn fixed_fraction_keeps_exactly_the_rounded_up_count_of_a_valid_grid() {
    // The ant-colony instances' counts (tests/data/SOURCES.md), and a product just above a whole number.
    assert_eq!(kept_cells(0.45, 256), 116);
    assert_eq!(kept_cells(0.05, 625), 32);
    assert_eq!(kept_cells(0.35, 400), 140);
    for (br, bc) in [(2, 2), (2, 3), (3, 3), (4, 4), (5, 5), (6, 6)] {
        let g = geometry(br, bc);
        for (k, f) in [0.0, 0.17, 0.45, 0.8, 1.0].into_iter().enumerate() {
            let made = fixed_fraction(&g, f, 3, k);
            let p = &made.puzzle;
            let expected = (f * g.cells() as f64 - 1e-9).ceil() as usize;
            assert_eq!(p.given_count(), expected);
            assert_eq!(kept_cells(f, g.cells()), expected);
            // The completed grid is valid and the givens are a part of it.
            validate(p, &made.solution).unwrap();
            let empty = Puzzle::new(g.clone(), vec![0; g.cells()]);
            validate(&empty, &made.solution).unwrap();
            assert!(p
                .cells
                .iter()
                .zip(&made.solution)
                .all(|(&c, &s)| c == 0 || c == s));
            let n = g.n;
            assert!(p
                .label
                .as_deref()
                .unwrap()
                .starts_with(&format!("inst{n}x{n}_")));
        }
    }
}

#[test]
fn the_command_writes_fixed_fraction_instances_that_read_back() {
    let o = run_no_stdin(&[
        "generate",
        "--box",
        "4x4",
        "--fixed-fraction",
        "0.45",
        "--count",
        "3",
        "--seed",
        "9",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    let puzzles = parse_puzzles(&text, "out", &ParseOptions::default()).unwrap();
    assert_eq!(puzzles.len(), 3);
    for (k, p) in puzzles.iter().enumerate() {
        assert_eq!(p.n(), 16);
        assert_eq!(p.given_count(), 116); // ceil(0.45 * 256), as tests/data/large/inst16x16_45_*
        assert_eq!(
            p.label.as_deref(),
            Some(format!("inst16x16_45_{k}").as_str())
        );
        assert!(p.conflicting_givens().is_none());
    }
    // 36x36 is written as numbers and reads back too.
    let o = run_no_stdin(&[
        "generate",
        "--box",
        "6x6",
        "--fixed-fraction",
        "0.5",
        "--count",
        "1",
    ]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    let p = parse_puzzles(&text, "out", &ParseOptions::default())
        .unwrap()
        .remove(0);
    assert_eq!((p.n(), p.given_count()), (36, 648));
    assert_eq!(p.label.as_deref(), Some("inst36x36_50_0"));
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let args = |seed: &'static str| ["generate", "--count", "5", "--seed", seed, "--symmetric"];
    let a = run_no_stdin(&args("4"));
    let b = run_no_stdin(&args("4"));
    let c = run_no_stdin(&args("5"));
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    let grid = run_no_stdin(&[
        "generate",
        "--count",
        "2",
        "--seed",
        "4",
        "--symmetric",
        "--format",
        "grid",
    ]);
    let text = String::from_utf8(grid.stdout).unwrap();
    let from_grid = parse_puzzles(&text, "g", &ParseOptions::default()).unwrap();
    let from_line = parse_puzzles(
        &String::from_utf8(a.stdout).unwrap(),
        "l",
        &ParseOptions::default(),
    )
    .unwrap();
    assert_eq!(from_grid[0].cells, from_line[0].cells);
    assert_eq!(from_grid[1].label, from_line[1].label);
}

#[test]
fn the_difficulty_filter_keeps_puzzles_at_the_level() {
    let g = geometry(3, 3);
    // The rating `rate` gives (the rules alone, no guessing, no uniqueness rules).
    let mut rater = Rater::new(RateSettings::default()).unwrap();
    for wanted in [Difficulty::Level(0), Difficulty::Level(1)] {
        let mut gen = Generator::new(Request {
            geometry: g.clone(),
            settings: UniqueSettings::default(),
            difficulty: Some(wanted),
            max_tries: 500,
            seed: 3,
        })
        .unwrap();
        for k in 0..2 {
            let made = gen.unique(k).unwrap();
            let rating = rater.rate(&made.puzzle, k + 1).rating;
            assert_eq!(rating.ladder, "solved");
            assert_eq!(rating.level.map(Difficulty::Level), Some(wanted));
        }
    }
}

#[test]
fn bad_arguments_are_usage_errors() {
    for args in [
        &["generate", "--count", "0"][..],
        &["generate", "--fixed-fraction", "1.5"],
        &["generate", "--fixed-fraction", "-0.1"],
        &["generate", "--fixed-fraction", "0.4", "--difficulty", "1"],
        &["generate", "--fixed-fraction", "0.4", "--symmetric"],
        &["generate", "--difficulty", "9"],
        &["generate", "--box", "1x2"],
        &["generate", "--box", "three"],
        &["generate", "--max-tries", "5"],
        &[
            "generate",
            "--variant",
            "x",
            "--box",
            "6x6",
            "--fixed-fraction",
            "0.3",
        ],
    ] {
        let o = run_no_stdin(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty(), "{args:?}");
    }
    // A level no 4x4 puzzle reaches: the cap is hit, which is exit status 3.
    let o = run_no_stdin(&[
        "generate",
        "--box",
        "2x2",
        "--difficulty",
        "5",
        "--max-tries",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no puzzle at level 5 in 3 tries"));
    // --out refuses to overwrite without --force.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.txt");
    let path = path.to_str().unwrap();
    assert!(run_no_stdin(&["generate", "--out", path]).status.success());
    assert_eq!(
        run_no_stdin(&["generate", "--out", path]).status.code(),
        Some(2)
    );
    assert!(
        run_no_stdin(&["generate", "--out", path, "--force", "--seed", "2"])
            .status
            .success()
    );
    let written = std::fs::read_to_string(path).unwrap();
    assert_eq!(written.lines().filter(|l| !l.starts_with('#')).count(), 1);
}

/// Above 16x16 the digits come from a random full grid (random ones met a contradiction
/// at every restart, so `generate --box 4x5` never ended): a 20x20 puzzle is made, and
/// `dlx` (not the `sat:reduced` that checked it there) finds it unique.
#[test]
fn a_20x20_unique_puzzle_is_made_and_is_unique() {
    let g = geometry(4, 5);
    let mut gen = generator(&g, true, false, 1);
    let made = gen.unique(0).unwrap();
    let mut dlx = create("dlx").unwrap();
    assert_eq!(
        verdict(dlx.as_mut(), &g, &made.puzzle.cells),
        Verdict::Unique
    );
    for cell in 0..g.cells() {
        let (a, b) = (
            made.puzzle.cells[cell],
            made.puzzle.cells[partner(20, cell)],
        );
        assert_eq!(a == 0, b == 0, "the givens are symmetric");
    }
}
