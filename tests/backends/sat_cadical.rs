//! The `sat:ENCODING+cadical` configurations: CaDiCaL in this process on the very CNF
//! varisat solves. Every encoding agrees with `dlx` on the embedded puzzles (unique,
//! several solutions, none), counts like the brute force on small random puzzles and
//! counts the 288 grids of side 4 with the blocking clause, and holds a deadline by
//! itself, with no worker process. Beside the engine, as unit tests: that its statistics
//! report the encoding's size and the time split (`src/backends/sat/tests.rs`), and that
//! CaDiCaL's terminate callback stops one long solver call, on a pigeonhole formula no
//! machine refutes (`src/backends/sat/cadical_engine.rs`).
//! Without the cargo feature `cadical` the configurations are listed and asking for
//! one says how to build it.

use sudoku_arena::backends::{builtin_configs, create, lookup, Runs};

/// The CaDiCaL configuration of every encoding.
const CONFIGS: [&str; 4] = [
    "sat:naive+cadical",
    "sat:efficient+cadical",
    "sat:extended+cadical",
    "sat:reduced+cadical",
];

#[test]
fn the_registry_lists_a_cadical_configuration_for_every_encoding_in_a_worker() {
    for config in CONFIGS {
        let (entry, _) = lookup(config).unwrap();
        assert_eq!(entry.name, config);
        assert_eq!(entry.feature, Some("cadical"), "{config}");
        // As varisat's: building the encoding of a large grid is not stopped by the
        // deadline, so the worker's kill holds it; the tests below hold the engine's own.
        assert!(matches!(entry.runs, Runs::Worker), "{config}");
        assert!(builtin_configs().contains(&config.to_string()), "{config}");
    }
}

#[cfg(not(feature = "cadical"))]
#[test]
fn without_the_feature_asking_for_cadical_says_how_to_build_it() {
    for config in CONFIGS {
        let err = create(config).err().expect(config).to_string();
        assert!(
            err.contains(config) && err.contains("--features cadical"),
            "{config}: {err}"
        );
    }
}

#[cfg(feature = "cadical")]
mod with_cadical {
    use super::*;
    use crate::common::processes::children_of_this_thread;
    use crate::common::*;
    use crate::sat::{counts_like_the_brute_force, encodings, engine, small};
    use proptest::prelude::*;
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    use sudoku_arena::model::{parse_puzzles, Geometry, ParseOptions, Puzzle, Variant};
    use sudoku_arena::solver::{verify, Outcome, SolveOptions, Solver, Verdict};

    /// The CaDiCaL engine of `encoding` in this process, as a worker runs it.
    fn cadical(encoding: &str) -> Box<dyn Solver> {
        engine(&format!("sat:{encoding}+cadical"))
    }

    fn examples(text: &str) -> Vec<Puzzle> {
        parse_puzzles(text, "example", &ParseOptions::default()).unwrap()
    }

    /// Solves with `solver` and checks the answer with the independent validator.
    fn checked(solver: &mut dyn Solver, p: &Puzzle, max: usize) -> Outcome {
        let out = solver.solve(p, &SolveOptions::new(max, None));
        verify(p, &out).unwrap_or_else(|e| panic!("{}: {e}", solver.name()));
        assert_eq!(out.failure, None, "{}", solver.name());
        out
    }

    #[test]
    fn the_configurations_are_built_named_and_in_the_full_set() {
        assert_eq!(CONFIGS.len(), encodings().count());
        for (config, encoding) in CONFIGS.iter().zip(encodings()) {
            let solver = create(config).unwrap();
            assert_eq!(solver.name(), *config);
            // The engine names itself with `+cadical` only when it is CaDiCaL.
            assert_eq!(cadical(encoding).name(), *config);
            assert!(builtin_configs().contains(&config.to_string()), "{config}");
        }
        for bad in [
            "sat:+cadical",
            "sat:nonsense+cadical",
            "sat:reduced+minisat",
        ] {
            assert!(create(bad).is_err(), "{bad}");
        }
    }

    /// Every embedded puzzle with one solution (easy, hard, 16x16): proven unique, the
    /// grid dlx finds; those with several: both sides count the same up to 50; the
    /// one with none: none.
    #[test]
    fn every_encoding_agrees_with_dlx_on_the_embedded_puzzles() {
        let mut dlx = create("dlx").unwrap();
        let cases = [
            (include_str!("../../examples/easy.txt"), 2, Verdict::Unique),
            (include_str!("../../examples/hard.txt"), 2, Verdict::Unique),
            (include_str!("../../examples/16x16.txt"), 2, Verdict::Unique),
            (
                include_str!("../../examples/several.txt"),
                50,
                Verdict::Multiple,
            ),
            (include_str!("../../examples/none.txt"), 2, Verdict::None),
        ];
        for encoding in encodings() {
            let mut sat = cadical(encoding);
            for (text, max, verdict) in cases {
                for p in examples(text) {
                    let want = checked(dlx.as_mut(), &p, max);
                    let got = checked(sat.as_mut(), &p, max);
                    let what = format!("{encoding} {}", p.display_name());
                    assert_eq!(got.verdict, verdict, "{what}");
                    assert_eq!(got.verdict, want.verdict, "{what}");
                    assert_eq!(got.solutions_found, want.solutions_found, "{what}");
                    if verdict == Verdict::Unique {
                        assert_eq!(got.solutions, want.solutions, "{what}");
                    }
                }
            }
        }
    }

    /// Counting with the blocking clause: the 288 grids of side 4, each reported once
    /// as found, one call more than solutions (the last proves there are no more), and
    /// a limit that stops the count.
    #[test]
    fn counting_finds_the_288_grids_of_side_4_one_call_each() {
        let p = examples(include_str!("../../examples/empty4x4.txt")).remove(0);
        for encoding in encodings() {
            let mut sat = cadical(encoding);
            let mut seen = std::collections::HashSet::new();
            let opts = SolveOptions::new(usize::MAX, None);
            let out = sat.solve_streaming(&p, &opts, &mut |g| {
                assert!(seen.insert(g.to_vec()), "{encoding}: a grid twice");
            });
            verify(&p, &out).unwrap();
            assert_eq!((out.verdict, out.solutions_found), (Verdict::Multiple, 288));
            assert_eq!(seen.len(), 288, "{encoding}");
            assert_eq!(out.stats.extra["solver_calls"], 289.0, "{encoding}");
            let some = checked(sat.as_mut(), &p, 5);
            assert_eq!((some.verdict, some.solutions_found), (Verdict::Multiple, 5));
        }
    }

    #[test]
    fn givens_that_clash_or_a_cell_without_candidates_answer_none() {
        // r1c1 = 1 and r1c2 = 1 clash; in the second, r1c4 has no value left.
        let grid = |givens: &[(usize, u8)]| {
            let g = Arc::new(Geometry::new(2, 2, Variant::Classic).unwrap());
            let mut cells = vec![0; 16];
            for &(cell, v) in givens {
                cells[cell] = v;
            }
            Puzzle::new(g, cells)
        };
        let clash = grid(&[(0, 1), (1, 1)]);
        let stuck = grid(&[(0, 1), (1, 2), (2, 3), (11, 4)]);
        for p in [clash, stuck] {
            for encoding in encodings() {
                let out = checked(cadical(encoding).as_mut(), &p, 2);
                assert_eq!(out.verdict, Verdict::None, "{encoding}");
            }
        }
    }

    /// The latest a deadline may be answered, as `tests/deadlines/` holds every
    /// configuration: the budget, plus 10 %, plus a tenth of the tests' slack.
    fn ceiling(budget: Duration) -> Duration {
        budget + budget / 10 + slack() / 10
    }

    /// Counting every solution of an empty 16x16 (which no machine finishes) and of an
    /// empty 36x36 (whose 2.4 million clauses alone take longer to load than the
    /// budget), built as the registry builds it: each stops by the engine's own
    /// deadline check, in this process, within the ceiling, with a consistent answer.
    #[test]
    fn counting_an_empty_grid_stops_at_the_deadline_in_this_process() {
        let budget = Duration::from_millis(300);
        // The check sees what this thread starts (and only that: the other tests of this
        // binary start processes of their own in other threads).
        let mut sleeper = std::process::Command::new("sleep")
            .arg("5")
            .spawn()
            .unwrap();
        assert_eq!(children_of_this_thread(), vec![sleeper.id()]);
        sleeper.kill().unwrap();
        sleeper.wait().unwrap();
        for side in [16, 36] {
            let p = puzzle(&vec!["0"; side * side].join(" "), Variant::Classic);
            for config in CONFIGS {
                let mut solver = engine(config);
                let start = Instant::now();
                let out = solver.solve(&p, &SolveOptions::new(usize::MAX, Some(budget)));
                let took = start.elapsed();
                let what = format!("{config} {side}x{side}");
                assert!(
                    children_of_this_thread().is_empty(),
                    "{what}: started a process"
                );
                verify(&p, &out).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(out.failure, None, "{what}");
                assert!(out.timed_out, "{what}: did not time out");
                let ok = [Verdict::Unknown, Verdict::Solved, Verdict::Multiple];
                assert!(ok.contains(&out.verdict), "{what}: {:?}", out.verdict);
                assert!(took >= budget, "{what}: stopped after {took:?}");
                assert!(took <= ceiling(budget), "{what}: answered after {took:?}");
                assert_eq!(out.transport_ms, 0.0, "{what}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Every encoding on CaDiCaL counts like the brute force (up to 3) on random
        /// 4x4, 6x6 (2x3 boxes) and X puzzles, solvable, unsolvable or with several
        /// solutions.
        #[test]
        fn every_encoding_counts_like_the_brute_force(
            kind in 0u8..3, seed in any::<u64>(), keep in 10usize..70, corrupt in any::<bool>()
        ) {
            counts_like_the_brute_force(&small(kind, seed, keep, corrupt), cadical)?;
        }
    }
}
