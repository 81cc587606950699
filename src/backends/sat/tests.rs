//! The `sat` backend's encodings from the inside: clause counts against the oracle
//! computed from the definitions, the reduced encoding against the extended one
//! simplified by the givens, the statistics against the encoding solved, and a solver's
//! model read back through the DIMACS numbering; Killer cages: the configurations'
//! names, the combos statement's size against its definition, and a given cage cell
//! stated as its value. The answers of every configuration
//! (against `dlx`, the brute force, a deadline) and the golden exports are tested
//! through the registry in `tests/backends/sat.rs` and `tests/backends/sat_cadical.rs`.

use super::dimacs::read_model;
use super::encode::{empty_grid_clauses, CageEncoding, Cnf, Encoded, Encoding, Literal};
use super::SatSolver;
use crate::model::{combinations, Cage, Geometry, Puzzle, Variant};
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

/// The board of `p` cut into Killer cages along its rows, `lengths` cells at a time
/// (row after row, the pattern restarted at each row), each cage's total taken from
/// `solution`: a cage within a row holds distinct digits in any solution.
fn row_killer(p: &Puzzle, solution: &[u8], lengths: &[usize]) -> Puzzle {
    let n = p.n();
    let mut cages = Vec::new();
    for r in 0..n {
        let mut c = 0;
        for &len in lengths.iter().cycle() {
            if c >= n {
                break;
            }
            let cells: Vec<usize> = (c..(c + len).min(n)).map(|c| r * n + c).collect();
            let sum = cells.iter().map(|&k| u32::from(solution[k])).sum();
            cages.push(Cage { cells, sum });
            c += len;
        }
    }
    let g = (*p.geometry).clone().with_cages(cages).unwrap();
    Puzzle::new(Arc::new(g), p.cells.clone())
}

/// The empty 9x9 Killer of the canonical pattern grid, each row cut into cages of 3, 2
/// and 4 cells (27 cages).
fn empty_row_killer() -> (Puzzle, Vec<u8>) {
    let p = empty_puzzle(3, 3);
    let solution: Vec<u8> = (0..81).map(|c| p.geometry.pattern_value(c)).collect();
    (row_killer(&p, &solution, &[3, 2, 4]), solution)
}

#[test]
fn cage_configurations_are_named_and_their_names_round_trip() {
    for encoding in Encoding::ALL {
        for cages in CageEncoding::ALL {
            let given = format!("{}+cages={}", encoding.name(), cages.name());
            let solver = SatSolver::from_config(Some(&given)).unwrap();
            let name = solver.name();
            // The default cage statement is left out of the canonical name.
            let want = match cages {
                CageEncoding::Combos => format!("sat:{}", encoding.name()),
                _ => format!("sat:{given}"),
            };
            assert_eq!(name, want);
            let again = SatSolver::from_config(name.strip_prefix("sat:")).unwrap();
            assert_eq!((again.encoding, again.cages), (encoding, cages));
            assert_eq!(again.name(), name);
        }
    }
    assert_eq!(CageEncoding::DEFAULT, CageEncoding::Combos);
    assert_eq!(
        SatSolver::from_config(None).unwrap().cages,
        CageEncoding::Combos
    );
    for (bad, says) in [
        ("reduced+cages=totals", "no cage statement 'totals'"),
        ("reduced+cages=combos+cages=combos", "given twice"),
        ("reduced+cadical+cadical", "given twice"),
        ("reduced+fast", "no option 'fast'"),
    ] {
        let e = SatSolver::from_config(Some(bad))
            .err()
            .expect(bad)
            .to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

#[cfg(feature = "cadical")]
#[test]
fn cadical_cage_configurations_round_trip_in_either_order() {
    for given in [
        "reduced+cadical+cages=sequential",
        "reduced+cages=sequential+cadical",
    ] {
        let solver = SatSolver::from_config(Some(given)).unwrap();
        assert_eq!(solver.name(), "sat:reduced+cadical+cages=sequential");
    }
    let combos = SatSolver::from_config(Some("naive+cadical+cages=combos")).unwrap();
    assert_eq!(combos.name(), "sat:naive+cadical");
}

#[test]
fn the_sat_backend_takes_cages_and_regions() {
    let (killer, _) = empty_row_killer();
    for encoding in Encoding::ALL {
        assert_eq!(SatSolver::new(encoding).refuses(&killer.geometry), None);
    }
}

#[test]
fn the_combos_statement_has_the_size_its_definition_gives() {
    // Unreduced: the units' clauses, then per cage one selector per digit set S of its
    // size k and total, the clause "some selector", per set (n - |S|)·k clauses "not this
    // digit here" and |S| clauses "this digit somewhere", and n·k(k-1)/2 "not both".
    let (killer, _) = empty_row_killer();
    let n = 9u64;
    let mut vars = 0u64;
    let mut clauses = 0u64;
    for cage in &killer.geometry.cages {
        let k = cage.cells.len() as u64;
        let sets = combinations(9, cage.cells.len(), cage.sum);
        vars += sets.len() as u64;
        clauses += 1 + n * k * (k - 1) / 2;
        for s in &sets {
            let size = u64::from(s.len());
            clauses += (n - size) * k + size;
        }
    }
    for encoding in [Encoding::Naive, Encoding::Efficient, Encoding::Extended] {
        let e = Encoded::build_with(&killer, encoding, CageEncoding::Combos);
        assert_eq!(e.cell_vars, 729);
        assert_eq!(e.cnf.vars as u64, 729 + vars, "{encoding:?}");
        let units = empty_grid_clauses(&killer, encoding);
        assert_eq!(e.cnf.clauses() as u64, units + clauses, "{encoding:?}");
    }
}

#[test]
fn every_encoding_and_cage_statement_finds_the_same_solutions_of_a_9x9_killer() {
    // The row cages with the first row and column given: several grids, the pattern's
    // among them; every configuration finds the same ones, each valid (the brute-force
    // comparisons on small boards are in tests/backends/sat.rs).
    let (killer, solution) = empty_row_killer();
    let mut cells = vec![0; 81];
    for k in 0..9 {
        cells[k * 9] = solution[k * 9];
        cells[k] = solution[k];
    }
    let killer = Puzzle::new(killer.geometry.clone(), cells);
    let mut first: Option<Vec<Vec<u8>>> = None;
    for encoding in Encoding::ALL {
        for cages in CageEncoding::ALL {
            let mut solver = SatSolver {
                cages,
                ..SatSolver::new(encoding)
            };
            let mut opts = SolveOptions::new(usize::MAX, None);
            opts.keep_solutions = usize::MAX;
            let out = solver.solve(&killer, &opts);
            verify(&killer, &out).unwrap_or_else(|e| panic!("{}: {e}", solver.name()));
            let mut found = out.solutions.clone();
            found.sort();
            assert!(found.contains(&solution), "{}", solver.name());
            match &first {
                None => {
                    assert!(found.len() > 1, "the test wants several solutions");
                    first = Some(found)
                }
                Some(want) => assert_eq!(&found, want, "{}", solver.name()),
            }
            // The size reported is the size built, and the full figures count the cages.
            let e = Encoded::build_with(&killer, encoding, cages);
            assert_eq!(out.stats.variables, e.cnf.vars as u64);
            assert_eq!(out.stats.constraints, e.cnf.clauses() as u64);
            let full = Encoded::build_with(
                &Puzzle::new(killer.geometry.clone(), vec![0; 81]),
                match encoding {
                    Encoding::Reduced => Encoding::Extended,
                    e => e,
                },
                cages,
            );
            assert_eq!(out.stats.extra["variables_full"], full.cnf.vars as f64);
            let givens = killer.given_count();
            assert_eq!(
                out.stats.extra["clauses_full"],
                (full.cnf.clauses() + givens) as f64,
                "{}",
                solver.name()
            );
        }
    }
}

#[test]
fn the_reduced_encoding_states_a_given_cage_cell_as_its_value() {
    // A cage of two cells in different units, r1c1 given 1 and r3c3 blank, total 5:
    // r3c3 must hold 4, which only the cage says.
    let g = Geometry::new(2, 2, Variant::Classic).unwrap();
    let g = g
        .with_cages(vec![Cage {
            cells: vec![0, 10],
            sum: 5,
        }])
        .unwrap();
    let mut cells = vec![0; 16];
    cells[0] = 1;
    let p = Puzzle::new(Arc::new(g), cells);
    let var = |e: &Encoded, v: u8| match e.literal(10, v) {
        Literal::Var(x) => x,
        Literal::Const(_) => panic!("r3c3 = {v} decided before the cage"),
    };
    // Combos: of the sets {1,4} and {2,3}, only the one holding the given is left.
    let combos = Encoded::build_with(&p, Encoding::Reduced, CageEncoding::Combos);
    assert_eq!(combos.cnf.vars - combos.cell_vars, 1);
    // Sequential: the partial sums are the constants 0, 1 and 5, so no auxiliary
    // variable, and each other value of r3c3 is ruled out by a unit clause.
    let sequential = Encoded::build_with(&p, Encoding::Reduced, CageEncoding::Sequential);
    assert_eq!(sequential.cnf.vars, sequential.cell_vars);
    for v in 1..=3 {
        let x = var(&sequential, v);
        assert!(sequential.cnf.iter().any(|c| c == [-x]), "r3c3 = {v}");
    }
    for cages in CageEncoding::ALL {
        let out = SatSolver {
            cages,
            ..SatSolver::new(Encoding::Reduced)
        }
        .solve(&p, &SolveOptions::new(usize::MAX, None));
        verify(&p, &out).unwrap();
        assert!(out.solutions_found > 1, "{cages:?}");
        assert!(out.solutions.iter().all(|s| s[10] == 4), "{cages:?}");
    }
}
