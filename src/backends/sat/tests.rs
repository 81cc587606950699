//! The `sat` backend's encodings from the inside: clause counts against the oracle
//! computed from the definitions, the reduced encoding against the extended one
//! simplified by the givens, the statistics against the encoding solved, and a solver's
//! model read back through the DIMACS numbering. The answers of every configuration
//! (against `dlx`, the brute force, a deadline) and the golden exports are tested
//! through the registry in `tests/backends/sat.rs` and `tests/backends/sat_cadical.rs`.

use super::dimacs::read_model;
use super::encode::{empty_grid_clauses, Cnf, Encoded, Encoding, Literal};
use super::SatSolver;
use crate::model::{Geometry, Puzzle, Variant};
use crate::solver::{verify, SolveOptions, Solver, Stats};
use crate::test_support::{data_matrix, data_puzzles, dlx_solution, empty_puzzle};
use std::collections::HashSet;
use std::sync::Arc;

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
        let p = empty_puzzle(b, b);
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

/// The statistics of a solve of `p` on `solver` give the size of its encoding of `p`:
/// variables, clauses, literals, the full encoding's variables, and a time for the
/// encoding and for the search; the answer passes the validator. Returns the statistics.
fn assert_size_reported(solver: &mut SatSolver, p: &Puzzle) -> Stats {
    let out = solver.solve(p, &SolveOptions::new(2, None));
    verify(p, &out).unwrap_or_else(|e| panic!("{}: {e}", solver.name()));
    assert_eq!(out.failure, None, "{}", solver.name());
    let e = Encoded::build(p, solver.encoding);
    assert_eq!(out.stats.variables, e.cnf.vars as u64);
    assert_eq!(out.stats.constraints, e.cnf.clauses() as u64);
    assert_eq!(out.stats.nonzeros, e.cnf.lits.len() as u64);
    assert_eq!(out.stats.extra["variables_full"], 729.0);
    assert!(out.stats.encode_ms > 0.0 && out.stats.solve_ms > 0.0);
    out.stats
}

#[test]
fn the_statistics_report_the_encoding_size() {
    let p = &data_puzzles("17_clue.txt", 1)[0];
    for encoding in Encoding::ALL {
        let stats = assert_size_reported(&mut SatSolver::new(encoding), p);
        assert_eq!(stats.extra["solver_calls"], 2.0);
    }
}

#[cfg(feature = "cadical")]
#[test]
fn the_statistics_report_the_encoding_size_and_the_time_split_on_cadical() {
    use crate::model::{parse_puzzles, ParseOptions};
    let text = include_str!("../../../examples/hard.txt");
    let p = parse_puzzles(text, "example", &ParseOptions::default())
        .unwrap()
        .remove(0);
    for encoding in Encoding::ALL {
        let config = format!("{}+cadical", encoding.name());
        let mut cadical = SatSolver::from_config(Some(&config)).unwrap();
        let stats = assert_size_reported(&mut cadical, &p);
        assert!(stats.extra["load_ms"] <= stats.encode_ms);
        // Found, then proven unique by a second call on the same solver.
        assert_eq!(stats.nodes, 2);
        assert_eq!(stats.extra["solver_calls"], 2.0);
        assert_eq!(stats.backtracks as f64, stats.extra["learnt_clauses"]);
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
