//! `ext:gecode`, `ext:gprolog`, `ext:cbc` and `ext:glpk` on Killer cages and Jigsaw
//! regions, through the models the tool exports (`encodings/sudoku.mzn` with its data
//! file, the Prolog program, the `ip` LP and MPS files): they take the cages, and their
//! verdicts and counts agree with `dlx` and with an independent brute force
//! (`tests/backends/killer_support.rs`) on a 4x4 Killer, 9x9 Killers cut from random
//! solutions, a Killer with no solution, and a 6x6 Jigsaw Killer.

use crate::common::external::external_available;
use crate::killer_support::{boxes, brute_count, jigsaw, random_killer, small_killer, JIGSAW_6};
use crate::one_at_a_time;
use std::sync::Arc;
use sudoku_arena::backends::create;
use sudoku_arena::model::{Cage, Puzzle};
use sudoku_arena::solver::{verify, Outcome, SolveOptions, Verdict};

/// The external tools that state cages, with the program and package each needs.
const TOOLS: [(&str, &str, &str); 4] = [
    ("ext:gecode", "minizinc", "minizinc"),
    ("ext:gprolog", "gprolog", "gprolog"),
    ("ext:cbc", "cbc", "coinor-cbc"),
    ("ext:glpk", "glpsol", "glpk-utils"),
];

/// Solves `p` with `spec` for up to `max` solutions, keeping them all, each checked by
/// the validator.
fn solve(spec: &str, p: &Puzzle, max: usize) -> Outcome {
    let opts = SolveOptions {
        max_solutions: max,
        keep_solutions: usize::MAX,
        ..SolveOptions::default()
    };
    let out = create(spec).unwrap().solve(p, &opts);
    verify(p, &out).unwrap_or_else(|e| panic!("{spec}: {e}"));
    assert_eq!(out.failure, None, "{spec}");
    out
}

/// Every installed tool agrees with `dlx` on `p` (verdict and count up to `max`, the
/// solutions themselves when there are few), and both with the brute force's count.
fn agree_on(p: &Puzzle, max: usize) {
    let dlx = solve("dlx", p, max);
    assert_eq!(dlx.solutions_found as usize, brute_count(p, max));
    for (spec, program, package) in TOOLS {
        if !external_available(program, package) {
            continue;
        }
        let _one_at_a_time = one_at_a_time();
        assert_eq!(create(spec).unwrap().refuses(&p.geometry), None, "{spec}");
        let out = solve(spec, p, max);
        assert_eq!(out.verdict, dlx.verdict, "{spec}");
        assert_eq!(out.solutions_found, dlx.solutions_found, "{spec}");
        let (mut ours, mut theirs) = (dlx.solutions.clone(), out.solutions.clone());
        ours.sort();
        theirs.sort();
        if dlx.verdict != Verdict::Multiple {
            assert_eq!(theirs, ours, "{spec}");
        }
    }
}

#[test]
fn a_small_killer_is_counted_alike() {
    let p = small_killer();
    agree_on(&p, usize::MAX);
}

#[test]
fn nine_by_nine_killers_get_the_verdict_and_solution_of_dlx() {
    // Cages of 2 to 5 cells cut from a random solution, about a quarter of the cells
    // given (with none, CBC spent over 15 minutes on one uniqueness proof).
    for (seed, keep) in [(1u64, 25usize), (5, 25)] {
        let p = random_killer(&boxes(3, 3), (2, 5), keep, seed);
        agree_on(&p, 2);
    }
}

#[test]
fn a_killer_with_no_solution_is_answered_none() {
    // Row 1 as two cages of 3: each needs 1 and 2.
    let two_threes = [[0, 1], [2, 3]].map(|cells| Cage {
        cells: cells.to_vec(),
        sum: 3,
    });
    let g = boxes(2, 2).with_cages(two_threes.to_vec()).unwrap();
    let p = Puzzle::new(Arc::new(g), vec![0; 16]);
    agree_on(&p, 2);
}

#[test]
fn a_jigsaw_killer_is_counted_alike() {
    let p = random_killer(&jigsaw(6, &JIGSAW_6), (2, 3), 20, 5);
    agree_on(&p, 10);
}
