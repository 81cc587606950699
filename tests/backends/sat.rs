//! The `sat` backend through the registry, each configuration's engine as the registry
//! builds it for a worker (in this process, the givens not checked before it): answers
//! that agree with `dlx` and the brute force for every encoding, the encoding of a large
//! grid stopped by a deadline, and the golden 4x4 DIMACS exports. Killer cages and
//! Jigsaw regions: every encoding with each cage statement counts every solution of
//! random small Killers (4x4 with boxes, X or regions; 6x6 with givens) and Jigsaws as
//! an independent brute force does, each solution valid; cages each possible but not
//! together answer `none`; the export writes the cages; `ext:minisat` and `ext:cadical`
//! solve Killers through it. The encodings' clauses
//! and sizes, the statistics against them and the decoding of a model are unit tests
//! beside the engine, in `src/backends/sat/tests.rs`.

use crate::common::external::external_available;
use crate::common::Rng;
use crate::common::*;
use crate::killer_support::{brute_count, random_grid};
use proptest::prelude::*;
use std::sync::Arc;
use sudoku_arena::backends::{create, encoding, lookup, ENCODINGS};
use sudoku_arena::model::{sum_range, validate, Cage, Geometry, Puzzle, Variant};
use sudoku_arena::solver::{verify, SolveOptions, Solver, Verdict};

/// The names of the sat encodings (`naive`, ...), as the registry exports them
/// (`sat-naive`, ...; the same with the cages' counter, `sat-naive+cages=sequential`,
/// is the encoding with another cage statement, not another encoding).
pub(crate) fn encodings() -> impl Iterator<Item = &'static str> {
    ENCODINGS
        .iter()
        .filter_map(|e| e.name.strip_prefix("sat-"))
        .filter(|e| !e.contains('+'))
}

/// The engine of configuration `spec` (options included) in this process, as a worker
/// runs it: no worker process holds its deadline and no check of the givens answers
/// before it.
pub(crate) fn engine(spec: &str) -> Box<dyn Solver> {
    let (config, options) = lookup(spec).unwrap();
    (config.make)(options).unwrap()
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

/// The 4x4 Jigsaw region map of the Killer tests (0-based, row-major).
const JIGSAW_4: [u8; 16] = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];

/// The 6x6 Jigsaw region map of the Killer tests.
const JIGSAW_6: [u8; 36] = [
    0, 0, 0, 1, 1, 1, //
    0, 0, 2, 1, 1, 1, //
    0, 2, 2, 2, 3, 3, //
    4, 4, 2, 2, 3, 3, //
    4, 4, 5, 5, 3, 3, //
    4, 4, 5, 5, 5, 5, //
];

/// A random Killer on `board`: a random solution cut into connected cages of 1 to
/// `largest` cells with distinct values, about `loose` percent of the cells left in no
/// cage, each total from the solution, about `keep` percent of the cells given; with
/// `corrupt`, totals moved by [`corrupt_totals`] (often no solution then, though each
/// cage alone can still be kept).
fn random_killer(
    board: &Geometry,
    seed: u64,
    largest: usize,
    loose: usize,
    keep: usize,
    corrupt: bool,
) -> Puzzle {
    let mut rng = Rng(seed | 1);
    let solution = random_grid(board, &mut rng);
    let n = board.n;
    // The loose cells first, then cages grown through the rest.
    let mut taken: Vec<bool> = (0..board.cells()).map(|_| rng.below(100) < loose).collect();
    let mut cages = Vec::new();
    for start in 0..board.cells() {
        if taken[start] {
            continue;
        }
        taken[start] = true;
        let want = 1 + rng.below(largest);
        let mut cells = vec![start];
        while cells.len() < want {
            let mut near = Vec::new();
            for &c in &cells {
                let (r, col) = (c / n, c % n);
                let around = [
                    (r > 0).then(|| c - n),
                    (r + 1 < n).then_some(c + n),
                    (col > 0).then(|| c - 1),
                    (col + 1 < n).then_some(c + 1),
                ];
                for d in around.into_iter().flatten() {
                    let fresh_value = cells.iter().all(|&o| solution[o] != solution[d]);
                    if !taken[d] && fresh_value && !near.contains(&d) {
                        near.push(d);
                    }
                }
            }
            if near.is_empty() {
                break;
            }
            let d = near[rng.below(near.len())];
            taken[d] = true;
            cells.push(d);
        }
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        cages.push(Cage { cells, sum });
    }
    if corrupt {
        corrupt_totals(&mut cages, n, board.cells(), &mut rng);
    }
    let cells = solution
        .iter()
        .map(|&v| if rng.below(100) < keep { v } else { 0 })
        .collect();
    let g = board.clone().with_cages(cages).unwrap();
    Puzzle::new(Arc::new(g), cells)
}

/// Moves the total of a random cage of two or more cells (and fewer than the side) by
/// one, within what its size allows; when the cages cover the grid, whose total they must keep, another cage's
/// total moves the other way. Nothing moves when no such cages are found.
fn corrupt_totals(cages: &mut [Cage], n: usize, cells: usize, rng: &mut Rng) {
    let range = |cage: &Cage| sum_range(n, cage.cells.len());
    let big: Vec<usize> = (0..cages.len())
        .filter(|&k| cages[k].cells.len() > 1 && range(&cages[k]).0 < range(&cages[k]).1)
        .collect();
    if big.is_empty() {
        return;
    }
    let k = big[rng.below(big.len())];
    let (low, high) = range(&cages[k]);
    let up = cages[k].sum < high && (cages[k].sum == low || rng.below(2) == 0);
    let covered: usize = cages.iter().map(|c| c.cells.len()).sum();
    if covered == cells {
        // Another cage that can move the other way.
        let other: Vec<usize> = (0..cages.len())
            .filter(|&j| j != k)
            .filter(|&j| {
                let (low, high) = range(&cages[j]);
                if up {
                    cages[j].sum > low
                } else {
                    cages[j].sum < high
                }
            })
            .collect();
        if other.is_empty() {
            return;
        }
        let j = other[rng.below(other.len())];
        cages[j].sum = if up {
            cages[j].sum - 1
        } else {
            cages[j].sum + 1
        };
    }
    cages[k].sum = if up {
        cages[k].sum + 1
    } else {
        cages[k].sum - 1
    };
}

/// The board of a Killer test: 4x4 (`kind` 0), 4x4 X (1), 4x4 Jigsaw (2), 6x6 with 2x3
/// boxes (3) or 6x6 Jigsaw (4).
fn killer_board(kind: u8) -> Geometry {
    match kind {
        0 => Geometry::new(2, 2, Variant::Classic).unwrap(),
        1 => Geometry::new(2, 2, Variant::X).unwrap(),
        2 => Geometry::with_regions(4, &JIGSAW_4, Variant::Classic).unwrap(),
        3 => Geometry::new(2, 3, Variant::Classic).unwrap(),
        _ => Geometry::with_regions(6, &JIGSAW_6, Variant::Classic).unwrap(),
    }
}

/// Every solution of `p` the configuration `spec` finds, each checked by the
/// independent validator as it comes and all different, with the verdict.
fn all_solutions(spec: &str, p: &Puzzle) -> (Verdict, Vec<Vec<u8>>) {
    let mut found = Vec::new();
    let out = engine(spec).solve_streaming(p, &SolveOptions::new(usize::MAX, None), &mut |s| {
        found.push(s.to_vec())
    });
    assert_eq!(out.failure, None, "{spec}");
    for s in &found {
        if let Err(e) = validate(p, s) {
            panic!("{spec}: {e}");
        }
    }
    let distinct: std::collections::HashSet<&Vec<u8>> = found.iter().collect();
    assert_eq!(distinct.len(), found.len(), "{spec}: a solution twice");
    assert_eq!(out.solutions_found as usize, found.len(), "{spec}");
    (out.verdict, found)
}

/// The engines the Killer tests run: varisat, and CaDiCaL in a build with it.
fn engines() -> &'static [&'static str] {
    if cfg!(feature = "cadical") {
        &["", "+cadical"]
    } else {
        &[""]
    }
}

/// Every encoding with both cage statements, on each engine, counts every solution of
/// `p` as the brute force does, each solution valid, with the verdict that count means.
fn killer_counts_like_the_brute_force(p: &Puzzle) -> Result<(), TestCaseError> {
    let want = brute_count(p, usize::MAX);
    for encoding in encodings() {
        for (cages, engine) in CAGE_STATEMENTS
            .iter()
            .flat_map(|c| engines().iter().map(move |e| (c, e)))
        {
            let spec = format!("sat:{encoding}{engine}+cages={cages}");
            let (verdict, found) = all_solutions(&spec, p);
            prop_assert_eq!(found.len(), want, "{}", spec);
            let expected = match want {
                0 => Verdict::None,
                1 => Verdict::Unique,
                _ => Verdict::Multiple,
            };
            prop_assert_eq!(verdict, expected, "{}", spec);
        }
    }
    Ok(())
}

/// The cage statements, as named after `cages=`.
const CAGE_STATEMENTS: [&str; 2] = ["combos", "sequential"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random 4x4 Killers (boxes, X or Jigsaw), most without a given, some with a total
    /// moved off: every encoding with each cage statement counts all their solutions
    /// like the brute force.
    #[test]
    fn killers_of_side_4_count_like_the_brute_force(
        kind in 0u8..3, seed in any::<u64>(), largest in 1usize..5, loose in 0usize..90,
        keep in 0usize..25, corrupt in any::<bool>()
    ) {
        let p = random_killer(&killer_board(kind), seed, largest, loose, keep, corrupt);
        killer_counts_like_the_brute_force(&p)?;
    }

    /// Random 6x6 Killers (2x3 boxes or Jigsaw) with some givens, the same.
    #[test]
    fn killers_of_side_6_with_givens_count_like_the_brute_force(
        jigsaw in any::<bool>(), seed in any::<u64>(), largest in 2usize..5,
        loose in 0usize..70, keep in 10usize..45, corrupt in any::<bool>()
    ) {
        let p = random_killer(&killer_board(3 + u8::from(jigsaw)), seed, largest, loose, keep, corrupt);
        killer_counts_like_the_brute_force(&p)?;
    }
}

#[test]
fn cages_each_possible_but_not_together_answer_none() {
    // r1c1+r1c2 = 3 and r1c3+r1c4 = 3: each cage alone is {1, 2}, but one row cannot
    // hold both.
    let g = Geometry::new(2, 2, Variant::Classic).unwrap();
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
    let p = Puzzle::new(Arc::new(g.with_cages(cages).unwrap()), vec![0; 16]);
    assert_eq!(brute_count(&p, usize::MAX), 0);
    for encoding in encodings() {
        for cages in CAGE_STATEMENTS {
            let spec = format!("sat:{encoding}+cages={cages}");
            let (verdict, found) = all_solutions(&spec, &p);
            assert_eq!((verdict, found.len()), (Verdict::None, 0), "{spec}");
        }
    }
}

#[test]
fn jigsaw_boards_count_like_the_brute_force() {
    // The empty 4x4 Jigsaw, and the 6x6 one with a third of a solution given.
    let four = Puzzle::new(Arc::new(killer_board(2)), vec![0; 16]);
    let six_board = killer_board(4);
    let solution = random_grid(&six_board, &mut Rng(7));
    let mut rng = Rng(11);
    let cells = solution
        .iter()
        .map(|&v| if rng.below(3) == 0 { v } else { 0 })
        .collect();
    let six = Puzzle::new(Arc::new(six_board), cells);
    for p in [four, six] {
        let want = brute_count(&p, usize::MAX);
        assert!(want > 1, "the test wants several solutions");
        for encoding in encodings() {
            let (verdict, found) = all_solutions(&format!("sat:{encoding}"), &p);
            assert_eq!(
                (verdict, found.len()),
                (Verdict::Multiple, want),
                "{encoding}"
            );
        }
    }
}

#[test]
fn cage_configurations_are_found_by_the_registry_and_round_trip() {
    for encoding in encodings() {
        for cages in CAGE_STATEMENTS {
            let spec = format!("sat:{encoding}+cages={cages}");
            let name = create(&spec).unwrap().name();
            let want = match cages {
                "combos" => format!("sat:{encoding}"),
                _ => spec.clone(),
            };
            assert_eq!(name, want);
            assert_eq!(create(&name).unwrap().name(), name);
        }
    }
    assert!(create("sat:reduced+cages=nosuch").is_err());
}

#[test]
fn a_killer_is_solved_through_the_registry_and_exported_with_its_cages() {
    let p = random_killer(&killer_board(0), 3, 3, 0, 0, false);
    let want = brute_count(&p, usize::MAX);
    for encoding in encodings() {
        // As `solve` runs it: the registry's solver, the givens checked before it.
        let mut solver = create(&format!("sat:{encoding}")).unwrap();
        assert_eq!(solver.refuses(&p.geometry), None);
        let out = solver.solve(&p, &SolveOptions::new(usize::MAX, None));
        verify(&p, &out).unwrap();
        assert_eq!(out.solutions_found as usize, want, "{encoding}");
        let text = encoding_export(&format!("sat-{encoding}"), &p);
        assert!(
            text.contains("Killer cages stated as cages=combos"),
            "{encoding}: {text}"
        );
        let header = text.lines().find(|l| l.starts_with("p cnf")).unwrap();
        assert_eq!(
            header.split_whitespace().nth(2).map(str::parse::<u64>),
            Some(Ok(out.stats.variables)),
            "{encoding}: the export is the CNF solved"
        );
    }
}

/// The export of `p` in the registry's encoding `name`, as DIMACS.
fn encoding_export(name: &str, p: &Puzzle) -> String {
    (encoding(name).unwrap().export)(p, "dimacs").unwrap()
}

#[test]
fn minisat_and_cadical_take_killers_through_the_export() {
    let puzzles: Vec<Puzzle> = (0..4)
        .map(|seed| random_killer(&killer_board(seed as u8 % 3), seed, 3, 10, 10, seed == 3))
        .collect();
    for (config, program) in [("ext:minisat", "minisat"), ("ext:cadical", "cadical")] {
        if !external_available(program, program) {
            continue;
        }
        let mut solver = create(config).unwrap();
        for p in &puzzles {
            assert_eq!(solver.refuses(&p.geometry), None, "{config}");
            let out = solver.solve(p, &SolveOptions::new(usize::MAX, None));
            verify(p, &out).unwrap_or_else(|e| panic!("{config}: {e}"));
            assert_eq!(
                out.solutions_found as usize,
                brute_count(p, usize::MAX),
                "{config}"
            );
        }
    }
}
