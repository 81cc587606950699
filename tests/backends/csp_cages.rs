//! The `csp` backend on Killer cages and Jigsaw regions, through the registry: every
//! cage strength at several alldifferent levels counts the solutions of random small
//! Killers as a brute force does, on boards with boxes and with irregular regions;
//! `combos` never needs more nodes than `bounds` under a fixed order; and the
//! configuration names. The root domains each strength leaves are tested inside the
//! crate (`src/backends/csp/tests.rs`).

// Random Killers, the same maker as the crate's tests.
#[path = "../../src/backends/csp/killers.rs"]
mod killers;

use crate::common::Rng;
use killers::random_killer;
use proptest::prelude::*;
use std::sync::Arc;
use sudoku_arena::backends::create;
use sudoku_arena::model::{sum_range, validate, Cage, Geometry, Puzzle, Variant};
use sudoku_arena::solver::{verify, Outcome, SolveOptions, Verdict};

/// The levels the counts are checked at: the weakest, Puget's and Régin's.
const LEVELS: [&str; 4] = ["naive", "permutation", "bounds", "gac"];

/// The cage strengths, as written after `cages=`.
const STRENGTHS: [&str; 2] = ["bounds", "combos"];

/// Counts every solution by backtracking over the cells in row-major order, with the
/// rules checked from the puzzle's own data: rows, columns and the X diagonals from
/// coordinates, boxes from the box shape or the region map, cages from their cell lists
/// and totals.
fn brute_force_count(p: &Puzzle) -> usize {
    let g = &p.geometry;
    let n = g.n;
    let region: Vec<usize> = match &g.regions {
        Some(map) => map.iter().map(|&r| r as usize).collect(),
        None => (0..n * n)
            .map(|c| (c / n / g.box_rows) * (n / g.box_cols) + (c % n) / g.box_cols)
            .collect(),
    };
    let cage_of: Vec<Option<&Cage>> = (0..n * n)
        .map(|c| g.cages.iter().find(|k| k.cells.contains(&c)))
        .collect();
    let x = g.variant == Variant::X;
    let diagonal = |cell: usize| cell / n == cell % n;
    let anti = |cell: usize| cell / n + cell % n == n - 1;
    let fits = |grid: &[u8], cell: usize| {
        let v = grid[cell];
        let (r, c) = (cell / n, cell % n);
        let clash = (0..n * n).any(|o| {
            o != cell
                && grid[o] == v
                && (o / n == r
                    || o % n == c
                    || region[o] == region[cell]
                    || (x && diagonal(o) && diagonal(cell))
                    || (x && anti(o) && anti(cell)))
        });
        if clash {
            return false;
        }
        let Some(cage) = cage_of[cell] else {
            return true;
        };
        let values: Vec<u8> = cage.cells.iter().map(|&o| grid[o]).collect();
        let placed: Vec<u8> = values.iter().copied().filter(|&x| x != 0).collect();
        let total: u32 = placed.iter().map(|&x| u32::from(x)).sum();
        let distinct = placed.iter().filter(|&&x| x == v).count() == 1;
        let done = placed.len() == values.len();
        distinct
            && if done {
                total == cage.sum
            } else {
                total < cage.sum
            }
    };
    fn walk(
        grid: &mut Vec<u8>,
        cell: usize,
        n: usize,
        fits: &dyn Fn(&[u8], usize) -> bool,
    ) -> usize {
        if cell == grid.len() {
            return 1;
        }
        if grid[cell] != 0 {
            return if fits(grid, cell) {
                walk(grid, cell + 1, n, fits)
            } else {
                0
            };
        }
        let mut count = 0;
        for v in 1..=n as u8 {
            grid[cell] = v;
            if fits(grid, cell) {
                count += walk(grid, cell + 1, n, fits);
            }
        }
        grid[cell] = 0;
        count
    }
    let mut grid = p.cells.clone();
    // Givens are checked against the cells before them as the walk passes them.
    walk(&mut grid, 0, n, &fits)
}

/// Every solution `config` finds (all of them kept), each checked by the validator.
fn count(config: &str, p: &Puzzle) -> Outcome {
    let mut solver = create(config).unwrap();
    let mut opts = SolveOptions::new(usize::MAX, None);
    opts.keep_solutions = usize::MAX;
    let out = solver.solve(p, &opts);
    verify(p, &out).unwrap_or_else(|e| panic!("{config}: {e}"));
    for s in &out.solutions {
        validate(p, s).unwrap_or_else(|e| panic!("{config}: {e}"));
    }
    assert_eq!(out.solutions.len() as u64, out.solutions_found, "{config}");
    out
}

/// Every strength at every level of [`LEVELS`] counts what the brute force counts.
fn check_counts(p: &Puzzle, branch: &str) {
    let expected = brute_force_count(p);
    for strength in STRENGTHS {
        for level in LEVELS {
            let config = format!("csp:{level}+{branch}+cages={strength}");
            let out = count(&config, p);
            assert_eq!(
                out.solutions_found as usize, expected,
                "{config} {:?} {:?}",
                p.cells, p.geometry.cages
            );
            let verdict = match expected {
                0 => Verdict::None,
                1 => Verdict::Unique,
                _ => Verdict::Multiple,
            };
            assert_eq!(out.verdict, verdict, "{config}");
        }
    }
}

/// `p` with one cage's total raised by one and another's lowered by one (where both
/// stay possible totals), so that the puzzle has often no solution; `p` itself when
/// `corrupt` is false or no pair of cages allows it.
fn corrupted(p: Puzzle, corrupt: bool, pick: usize) -> Puzzle {
    let g = &p.geometry;
    let k = g.cages.len();
    if !corrupt || k < 2 {
        return p;
    }
    let (a, b) = (pick % k, (pick / k) % k);
    let range = |c: &Cage| sum_range(g.n, c.cells.len());
    if a == b || g.cages[a].sum >= range(&g.cages[a]).1 || g.cages[b].sum <= range(&g.cages[b]).0 {
        return p;
    }
    let mut cages = g.cages.clone();
    cages[a].sum += 1;
    cages[b].sum -= 1;
    let geometry = Arc::new(g.as_ref().clone().with_cages(cages).unwrap());
    Puzzle::new(geometry, p.cells)
}

/// A 4x4 Jigsaw board (96 solutions).
fn jigsaw_4x4() -> Geometry {
    #[rustfmt::skip]
    let map = [
        0, 0, 0, 1,
        2, 0, 1, 1,
        2, 2, 3, 1,
        2, 3, 3, 3,
    ];
    Geometry::with_regions(4, &map, Variant::Classic).unwrap()
}

/// A 6x6 Jigsaw board.
fn jigsaw_6x6() -> Geometry {
    #[rustfmt::skip]
    let map = [
        0, 0, 0, 1, 1, 1,
        0, 0, 2, 2, 1, 1,
        0, 2, 2, 2, 1, 3,
        4, 4, 2, 5, 3, 3,
        4, 4, 5, 5, 3, 3,
        4, 4, 5, 5, 5, 3,
    ];
    Geometry::with_regions(6, &map, Variant::Classic).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn cages_agree_with_brute_force_on_4x4(seed: u64, max_size in 1usize..5, loose in 0usize..60, keep in 0usize..30, x: bool, corrupt: bool, pick: usize) {
        let variant = if x { Variant::X } else { Variant::Classic };
        let board = Geometry::new(2, 2, variant).unwrap();
        let p = random_killer(&board, seed, max_size, loose, keep);
        check_counts(&corrupted(p, corrupt, pick), "mrv");
    }

    #[test]
    fn cages_agree_with_brute_force_on_6x6(seed: u64, max_size in 2usize..5, loose in 0usize..30, keep in 15usize..45, corrupt: bool, pick: usize) {
        let board = Geometry::new(2, 3, Variant::Classic).unwrap();
        let p = random_killer(&board, seed, max_size, loose, keep);
        check_counts(&corrupted(p, corrupt, pick), "mrv");
    }

    #[test]
    fn jigsaw_killers_agree_with_brute_force(seed: u64, max_size in 1usize..4, loose in 0usize..50, keep in 20usize..45, six: bool) {
        let board = if six { jigsaw_6x6() } else { jigsaw_4x4() };
        check_counts(&random_killer(&board, seed, max_size, loose, keep), "static");
    }
}

#[test]
fn every_level_takes_a_jigsaw_and_every_cage_strength() {
    // The level the properties leave out, every branching rule, Killer Jigsaws and
    // plain ones (every cell left out of the cages: loose 100 %).
    let mut rng = Rng(0x1195a);
    for (board, keep) in [(jigsaw_4x4(), 0), (jigsaw_6x6(), 40)] {
        for loose in [20, 20, 20, 100] {
            let p = random_killer(&board, rng.next(), 3, loose, keep);
            let expected = brute_force_count(&p);
            for strength in STRENGTHS {
                for branch in ["mrv", "pairs", "static"] {
                    let config = format!("csp:gac-shave+{branch}+cages={strength}");
                    let out = count(&config, &p);
                    assert_eq!(out.solutions_found as usize, expected, "{config}");
                }
            }
        }
    }
}

#[test]
fn a_killer_without_a_solution_is_none_at_every_strength() {
    // Two cages of 3 in one row of a 4x4 both need {1,2}: the row cannot hold both.
    let cages = vec![
        Cage {
            cells: vec![0, 1],
            sum: 3,
        },
        Cage {
            cells: vec![2, 3],
            sum: 3,
        },
    ];
    let g = Geometry::new(2, 2, Variant::Classic)
        .unwrap()
        .with_cages(cages)
        .unwrap();
    let p = Puzzle::new(Arc::new(g), vec![0; 16]);
    assert_eq!(brute_force_count(&p), 0);
    for strength in STRENGTHS {
        for level in ["naive", "permutation", "bounds", "gac", "gac-shave"] {
            let config = format!("csp:{level}+cages={strength}");
            let out = count(&config, &p);
            assert_eq!(out.verdict, Verdict::None, "{config}");
        }
    }
}

/// A 9x9 Killer cut from a random grid: cages of up to four cells over every cell,
/// no givens.
fn killer_9x9(seed: u64) -> Puzzle {
    let board = Geometry::new(3, 3, Variant::Classic).unwrap();
    random_killer(&board, seed, 4, 0, 0)
}

#[test]
fn under_a_fixed_order_combos_never_need_more_nodes_than_bounds() {
    // Theorem: `combos` is domain consistency on each cage, which implies everything
    // `bounds` propagates on it, so at every node its domains are inside `bounds'`;
    // under a static order and the same value order the two trees meet the solutions
    // in the same order, and the `combos` tree is a subtree of the `bounds` one.
    for seed in [1u64, 3, 5] {
        let p = killer_9x9(seed);
        let mut verdicts = Vec::new();
        for level in ["permutation", "gac"] {
            let nodes: Vec<u64> = STRENGTHS
                .iter()
                .map(|s| {
                    let config = format!("csp:{level}+static+cages={s}");
                    let out = create(&config)
                        .unwrap()
                        .solve(&p, &SolveOptions::new(2, None));
                    verify(&p, &out).unwrap();
                    verdicts.push(out.verdict);
                    out.stats.nodes
                })
                .collect();
            assert!(nodes[1] <= nodes[0], "seed {seed} {level}: {nodes:?}");
        }
        assert!(verdicts.windows(2).all(|w| w[0] == w[1]), "{verdicts:?}");
        assert_ne!(verdicts[0], Verdict::None);
    }
}

#[test]
fn statistics_count_the_cage_propagators() {
    let p = killer_9x9(7);
    for (strength, key, other) in [
        ("bounds", "pruned_cage_sum", "pruned_cage_combos"),
        ("combos", "pruned_cage_combos", "pruned_cage_sum"),
    ] {
        let config = format!("csp:gac+cages={strength}");
        let out = create(&config)
            .unwrap()
            .solve(&p, &SolveOptions::new(2, None));
        let x = &out.stats.extra;
        assert!(x[key] > 0.0, "{config}");
        assert_eq!(x[other], 0.0, "{config}");
        let by_kind: f64 = x
            .iter()
            .filter(|(k, _)| k.starts_with("pruned_"))
            .map(|(_, v)| v)
            .sum();
        assert_eq!(by_kind, out.stats.propagations as f64, "{config}");
        assert_eq!(out.stats.constraints, 27 + p.geometry.cages.len() as u64);
    }
}

#[test]
fn cage_strengths_are_named_and_round_trip() {
    for (name, canonical) in [
        ("csp:gac+cages=combos", "csp:gac"),
        ("csp:gac+cages=bounds", "csp:gac+cages=bounds"),
        ("csp:bounds+mrv+cages=bounds", "csp:bounds+cages=bounds"),
        (
            "csp:bounds+cages=bounds+pairs",
            "csp:bounds+pairs+cages=bounds",
        ),
        (
            "csp:gac-shave+static+cages=bounds",
            "csp:gac-shave+static+cages=bounds",
        ),
        ("csp:cages=bounds", "csp:permutation+cages=bounds"),
        ("csp:+cages=combos", "csp:permutation"),
    ] {
        let made = create(name).unwrap().name();
        assert_eq!(made, canonical, "{name}");
        assert_eq!(create(&made).unwrap().name(), made);
    }
    for bad in [
        "csp:gac+cages=gac",
        "csp:gac+cages=",
        "csp:gac+cages=bounds+cages=combos",
        "csp:gac+pairs+static",
        "csp:gac+sums=bounds",
    ] {
        assert!(create(bad).is_err(), "{bad}");
    }
}

#[test]
fn csp_takes_killer_cages() {
    let p = killer_9x9(11);
    let out = create("csp")
        .unwrap()
        .solve(&p, &SolveOptions::new(2, None));
    verify(&p, &out).unwrap();
    assert!(
        matches!(out.verdict, Verdict::Unique | Verdict::Multiple),
        "{:?}",
        out.verdict
    );
}
