//! The `sat` backend: clause counts against the oracle computed from the definitions,
//! answers that agree with `dlx` and the brute force for every encoding, the golden 4x4
//! DIMACS exports, and the reduced encoding's size.

use crate::common::*;
use proptest::prelude::*;
use std::collections::HashSet;
use std::sync::Arc;
use sudoku_arena::backends::create;
use sudoku_arena::backends::sat::dimacs::{export, read_model};
use sudoku_arena::backends::sat::encode::{empty_grid_clauses, Cnf, Encoded, Encoding, Literal};
use sudoku_arena::backends::sat::SatSolver;
use sudoku_arena::model::{Geometry, Puzzle, Variant};
use sudoku_arena::solver::{verify, SolveOptions, Solver, Verdict};

fn empty(box_rows: usize, box_cols: usize) -> Puzzle {
    let g = Arc::new(Geometry::new(box_rows, box_cols, Variant::Classic).unwrap());
    let cells = vec![0; g.cells()];
    Puzzle::new(g, cells)
}

#[test]
fn clause_counts_match_the_oracle() {
    // (box, encoding, clauses) counted by hand: every "not both" pair counted once per unit.
    let oracle: &[(usize, Encoding, usize)] = &[
        (3, Encoding::Naive, 8_829),
        (3, Encoding::Efficient, 11_745),
        (3, Encoding::Extended, 11_988),
        (4, Encoding::Naive, 92_416),
        (4, Encoding::Efficient, 123_136),
        (4, Encoding::Extended, 123_904),
        (5, Encoding::Naive, 563_125),
        (5, Encoding::Extended, 752_500),
        (6, Encoding::Naive, 2_450_736),
        (6, Encoding::Extended, 3_271_104),
    ];
    for &(b, encoding, clauses) in oracle {
        let p = empty(b, b);
        let e = Encoded::build(&p, encoding);
        let n = b * b;
        assert_eq!(e.cnf.vars, n * n * n, "{n}x{n} {encoding:?}");
        assert_eq!(e.cnf.clauses(), clauses, "{n}x{n} {encoding:?}");
        assert_eq!(empty_grid_clauses(&p, encoding), clauses as u64);
        // With no givens there is nothing to reduce but the repeated pairs.
        if encoding == Encoding::Extended && n <= 16 {
            assert_eq!(
                Encoded::build(&p, Encoding::Reduced).cnf,
                without_repeated_pairs(&e.cnf)
            );
        }
    }
}

/// `cnf` with every "not both" clause (two negative literals) that repeats an earlier one
/// left out.
fn without_repeated_pairs(cnf: &Cnf) -> Cnf {
    let mut seen = HashSet::new();
    let mut out = Cnf {
        vars: cnf.vars,
        ..Cnf::default()
    };
    for clause in cnf.iter() {
        let pair = matches!(clause, [a, b] if *a < 0 && *b < 0);
        if !pair || seen.insert((clause[0].min(clause[1]), clause[0].max(clause[1]))) {
            out.push(clause);
        }
    }
    out
}

#[test]
fn the_reduced_encoding_states_each_pair_once_and_is_the_extended_one_simplified() {
    let mut puzzles = data_puzzles("17_clue.txt", 5);
    puzzles.extend(data_puzzles("forum_hardest_1106.txt", 5));
    // An X-Sudoku, whose diagonals share pairs with rows, columns and boxes.
    let x = Arc::new(Geometry::new(3, 3, Variant::X).unwrap());
    let mut cells = vec![0; 81];
    (cells[0], cells[40], cells[44]) = (5, 3, 7);
    puzzles.push(Puzzle::new(x, cells));
    puzzles.push(data_matrix("inst16x16_60_0.txt"));
    for p in &puzzles {
        let red = Encoded::build(p, Encoding::Reduced);
        let name = p.display_name();
        let once = without_repeated_pairs(&red.cnf);
        assert_eq!(red.cnf.clauses(), once.clauses(), "{name}: a pair twice");
        // The same clauses as the extended encoding simplified by the givens, repeats
        // aside: the extended encoding's clauses with the givens' constants put in.
        let ext = Encoded::build(p, Encoding::Extended);
        let mut simplified = Cnf {
            vars: red.cnf.vars,
            ..Cnf::default()
        };
        for clause in ext.cnf.iter() {
            let mut kept = Vec::new();
            let mut satisfied = false;
            for &lit in clause {
                let v = lit.unsigned_abs() as usize - 1;
                let (cell, value) = (v / p.n(), (v % p.n() + 1) as u8);
                match red.literal(cell, value) {
                    Literal::Var(r) => kept.push(if lit > 0 { r } else { -r }),
                    Literal::Const(b) => satisfied |= b == (lit > 0),
                }
            }
            if !satisfied {
                simplified.push(&kept);
            }
        }
        let want = without_repeated_pairs(&simplified);
        assert!(
            red.cnf == want,
            "{name}: not the extended encoding simplified"
        );
        assert!(
            want.clauses() < simplified.clauses(),
            "{name}: no repeat to drop"
        );
    }
}

#[test]
fn the_statistics_report_the_encoding_size() {
    let p = &data_puzzles("17_clue.txt", 1)[0];
    for encoding in Encoding::ALL {
        let out = SatSolver::new(encoding).solve(p, &SolveOptions::new(2, None));
        let e = Encoded::build(p, encoding);
        assert_eq!(out.stats.variables, e.cnf.vars as u64);
        assert_eq!(out.stats.constraints, e.cnf.clauses() as u64);
        assert_eq!(out.stats.nonzeros, e.cnf.lits.len() as u64);
        assert_eq!(out.stats.extra["variables_full"], 729.0);
        assert!(out.stats.encode_ms > 0.0 && out.stats.solve_ms > 0.0);
        assert_eq!(out.stats.extra["solver_calls"], 2.0);
    }
}

#[test]
fn reduced_is_strictly_smaller_than_extended_with_givens() {
    for p in data_puzzles("17_clue.txt", 5)
        .into_iter()
        .chain(data_puzzles("forum_hardest_1106.txt", 5))
    {
        let ext = Encoded::build(&p, Encoding::Extended).cnf;
        let red = Encoded::build(&p, Encoding::Reduced).cnf;
        assert!(red.vars < ext.vars && red.clauses() < ext.clauses());
        assert!(red.lits.len() < ext.lits.len());
    }
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
    for encoding in Encoding::ALL {
        let mut sat = SatSolver::new(encoding);
        for (p, want) in puzzles.iter().zip(&expected) {
            let out = sat.solve(p, &SolveOptions::new(2, None));
            verify(p, &out).unwrap_or_else(|e| panic!("{encoding:?} {}: {e}", p.display_name()));
            assert_eq!(
                out.verdict,
                Verdict::Unique,
                "{encoding:?} {}",
                p.display_name()
            );
            assert_eq!(
                out.solutions,
                want.solutions,
                "{encoding:?} {}",
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
    let p = empty(8, 8);
    for encoding in [Encoding::Naive, Encoding::Reduced] {
        let start = std::time::Instant::now();
        let passed = SolveOptions::new(2, Some(std::time::Duration::ZERO));
        let out = SatSolver::new(encoding).solve(&p, &passed);
        let took = start.elapsed();
        assert!(out.timed_out, "{encoding:?}: {out:?}");
        assert_eq!(out.verdict, Verdict::Unknown, "{encoding:?}");
        assert_eq!(out.solutions_found, 0, "{encoding:?}");
        assert_eq!(
            out.stats.variables, 0,
            "{encoding:?}: the encoding was finished"
        );
        // Liveness, not speed: it comes back soon after.
        assert!(took < slack(), "{encoding:?}: {took:?}");
    }
}

#[test]
fn large_grids_are_solved() {
    for file in ["inst16x16_60_0.txt", "inst25x25_60_0.txt"] {
        let p = data_matrix(file);
        let want = create("dlx")
            .unwrap()
            .solve(&p, &SolveOptions::new(2, None));
        for encoding in [Encoding::Extended, Encoding::Reduced] {
            let out = SatSolver::new(encoding).solve(&p, &SolveOptions::new(2, None));
            verify(&p, &out).unwrap();
            assert_eq!(out.verdict, want.verdict, "{file} {encoding:?}");
        }
    }
}

#[test]
fn givens_that_clash_or_a_cell_without_candidates_answer_none() {
    // r1c1 = 1 and r1c2 = 1 clash; in the second, r1c4 has no value left.
    let clash = Puzzle::new(empty(2, 2).geometry, {
        let mut c = vec![0; 16];
        c[0] = 1;
        c[1] = 1;
        c
    });
    let stuck = Puzzle::new(empty(2, 2).geometry, {
        let mut c = vec![0; 16];
        (c[0], c[1], c[2], c[11]) = (1, 2, 3, 4);
        c
    });
    for p in [clash, stuck] {
        for encoding in Encoding::ALL {
            let out = SatSolver::new(encoding).solve(&p, &SolveOptions::new(2, None));
            assert_eq!(out.verdict, Verdict::None, "{encoding:?}");
        }
    }
}

#[test]
fn a_full_grid_is_unique_and_counting_stops_at_the_limit() {
    let p = &data_puzzles("17_clue.txt", 1)[0];
    let solution = dlx_solution(p);
    let full = Puzzle::new(p.geometry.clone(), solution);
    let empty4 = empty(2, 2);
    for encoding in Encoding::ALL {
        let mut sat = SatSolver::new(encoding);
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
            Encoding::Naive,
            include_str!("../../encodings/sat-naive-4x4.cnf"),
        ),
        (
            Encoding::Efficient,
            include_str!("../../encodings/sat-efficient-4x4.cnf"),
        ),
        (
            Encoding::Extended,
            include_str!("../../encodings/sat-extended-4x4.cnf"),
        ),
        (
            Encoding::Reduced,
            include_str!("../../encodings/sat-reduced-4x4.cnf"),
        ),
    ];
    for (encoding, text) in golden {
        assert_eq!(export(&p, encoding), text, "{encoding:?}");
    }
}

#[test]
fn an_exported_model_decodes_through_the_numbering_rule() {
    // The rule in the header, var(cell, value) = cell*N + value, read back by hand.
    let p = &data_puzzles("forum_hardest_1106.txt", 1)[0];
    let want = dlx_solution(p);
    let model: String = (0..81)
        .flat_map(|cell| (1..=9).map(move |v| (cell, v)))
        .map(|(cell, v)| {
            let var = cell * 9 + v;
            if want[cell] == v as u8 {
                format!("{var} ")
            } else {
                format!("-{var} ")
            }
        })
        .collect();
    let text = format!("SAT\n{model}0\n");
    let e = Encoded::build(p, Encoding::Naive);
    assert_eq!(e.decode(&read_model(&text, 729).unwrap()), Some(want));
    assert!(read_model("SAT\n1 x 0\n", 729).is_err());
    assert!(read_model("v 730 0\n", 729).is_err());
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

/// Every encoding, on the engine `solver` builds for it, counts `p` like the brute force
/// (up to 3) and gives the verdict that count means.
pub(crate) fn counts_like_the_brute_force(
    p: &Puzzle,
    solver: impl Fn(Encoding) -> SatSolver,
) -> Result<(), TestCaseError> {
    let want = brute_force_count(p, 3);
    for encoding in Encoding::ALL {
        let out = solver(encoding).solve(p, &SolveOptions::new(3, None));
        prop_assert!(verify(p, &out).is_ok());
        prop_assert_eq!(out.solutions_found as usize, want, "{:?}", encoding);
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
        counts_like_the_brute_force(&small(kind, seed, keep, corrupt), SatSolver::new)?;
    }
}
