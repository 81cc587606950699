//! The `rules` backend: soundness of every step against known solutions (the 9x9
//! samples of `tests/data/` and the unique large boards), verdicts against dlx and the brute force, the
//! matching rule against r-reduction (Hall's theorem), deadlines, and the `explain`
//! and `rate` commands.

mod common;

use common::*;
use std::process::{Command, Output};
use std::time::{Duration, Instant};
use sudoku_arena::backends::create;
use sudoku_arena::backends::rules::board::Board;
use sudoku_arena::backends::rules::engine::{Finish, Options};
use sudoku_arena::backends::rules::state::State;
use sudoku_arena::backends::rules::step::{Detail, GraphKind};
use sudoku_arena::backends::rules::{picture, soundness, RulesSolver};
use sudoku_arena::model::{Puzzle, Variant};
use sudoku_arena::solver::{verify, SolveOptions, Verdict};

/// Runs the ladder with steps recorded and checks every step against `solution`.
fn assert_sound(solver: &mut RulesSolver, p: &Puzzle, solution: &[u8]) -> Finish {
    let run = solver.run(
        p,
        &Options {
            record: true,
            ..Options::default()
        },
    );
    let board = solver.board(&p.geometry);
    if let Err(e) = soundness::check(board, &run.steps, solution) {
        panic!("{}: unsound: {e}", p.display_name());
    }
    if run.finish == Finish::Solved {
        assert_eq!(run.solutions[0], solution, "{}", p.display_name());
    }
    run.finish
}

#[test]
fn every_step_is_sound_on_1100_benchmark_puzzles() {
    let mut puzzles = data_puzzles("17_clue.txt", 700);
    puzzles.extend(data_puzzles("magictour_top1465.txt", 300));
    puzzles.extend(data_puzzles("forum_hardest_1106.txt", 100));
    let mut solver = RulesSolver::new(false);
    let mut dlx = create("dlx").unwrap();
    let mut solved = 0;
    for p in &puzzles {
        let reference = dlx.solve(p, &SolveOptions::default());
        assert_eq!(reference.verdict, Verdict::Unique);
        if assert_sound(&mut solver, p, &reference.solutions[0]) == Finish::Solved {
            solved += 1;
        }
    }
    // The ladder does solve most of them (the figures are in docs/rules.md).
    assert!(solved > 700, "only {solved} solved");
}

#[test]
fn every_step_is_sound_on_the_unique_large_boards() {
    let mut dlx = create("dlx").unwrap();
    let mut solver = RulesSolver::new(false);
    let mut unique = [0usize; 2];
    for (k, side) in [16, 25].iter().enumerate() {
        for f in (50..=100).step_by(5) {
            for i in 0..5 {
                let p = data_matrix(&format!("inst{side}x{side}_{f}_{i}.txt"));
                let reference = dlx.solve(&p, &SolveOptions::new(2, Some(Duration::from_secs(5))));
                if reference.verdict == Verdict::Unique {
                    unique[k] += 1;
                    assert_sound(&mut solver, &p, &reference.solutions[0]);
                }
            }
        }
    }
    assert!(
        unique[0] >= 30 && unique[1] >= 25,
        "unique boards found: {unique:?}"
    );
}

#[test]
fn verdicts_match_the_brute_force_on_small_boards() {
    // 4x4, 6x6 (2x3 boxes) and X-Sudoku 4x4: one, several and no solutions.
    let mut ladder = create("rules").unwrap();
    let mut guess = create("rules:guess").unwrap();
    let mut seen = [0usize; 3];
    for seed in 1..=150u64 {
        for (br, bc, variant) in [
            (2, 2, Variant::Classic),
            (2, 3, Variant::Classic),
            (2, 2, Variant::X),
        ] {
            let keep = 25 + (seed as usize * 7) % 40;
            let p = random_puzzle(br, bc, variant, seed * 31 + br as u64, keep, seed % 3 == 0);
            let count = brute_force_count(&p, 2);
            seen[count] += 1;
            let out = guess.solve(&p, &SolveOptions::default());
            verify(&p, &out).unwrap();
            let expected = [Verdict::None, Verdict::Unique, Verdict::Multiple][count];
            assert_eq!(out.verdict, expected, "seed {seed} {br}x{bc} {variant:?}");
            let out = ladder.solve(&p, &SolveOptions::default());
            verify(&p, &out).unwrap();
            assert!(
                out.verdict == Verdict::Unknown || out.verdict == expected,
                "rules alone said {:?} for {count} solution(s), seed {seed}",
                out.verdict
            );
            if count == 1 {
                let solution = brute_solution(&p);
                assert_sound(&mut RulesSolver::new(false), &p, &solution);
            }
        }
    }
    assert!(seen.iter().all(|&k| k > 10), "cases: {seen:?}");
}

/// The one solution of a small puzzle, from `dlx` (checked unique by the caller).
fn brute_solution(p: &Puzzle) -> Vec<u8> {
    dlx_solution(p)
}

#[test]
fn guessing_decides_hard_puzzles_like_dlx_and_counts_as_asked() {
    let mut guess = create("rules:guess").unwrap();
    let mut dlx = create("dlx").unwrap();
    for p in data_puzzles("forum_hardest_1106.txt", 15) {
        let out = guess.solve(&p, &SolveOptions::default());
        verify(&p, &out).unwrap();
        let reference = dlx.solve(&p, &SolveOptions::default());
        assert_eq!(
            (out.verdict, &out.solutions),
            (reference.verdict, &reference.solutions)
        );
        assert!(out.stats.extra["inferences"] >= 1.0);
        let first = guess.solve(&p, &SolveOptions::new(1, None));
        assert_eq!(first.verdict, Verdict::Solved);
    }
    // Counting: the empty 4x4 board has 288 solutions.
    let empty = puzzle(&".".repeat(16), Variant::Classic);
    let out = guess.solve(&empty, &SolveOptions::new(usize::MAX, None));
    assert_eq!(out.solutions_found, 288);
    assert_eq!(out.verdict, Verdict::Multiple);
}

#[test]
fn a_stuck_ladder_says_unknown_and_keeps_the_grid_it_reached() {
    let p = &data_puzzles("forum_hardest_1106.txt", 1)[0];
    let mut solver = RulesSolver::new(false);
    let run = solver.run(p, &Options::default());
    assert_eq!(run.finish, Finish::Stuck);
    assert!(run.solutions.is_empty());
    // The partial grid keeps the givens and adds only digits of the solution.
    let solution = dlx_solution(p);
    let open = run.partial.iter().filter(|&&v| v == 0).count();
    assert!(open > 0 && open < p.cells.iter().filter(|&&v| v == 0).count() + 1);
    for (c, &v) in run.partial.iter().enumerate() {
        assert!(v == 0 || v == solution[c]);
        assert!(p.cells[c] == 0 || p.cells[c] == v);
    }
    let out = create("rules").unwrap().solve(p, &SolveOptions::default());
    assert_eq!(out.verdict, Verdict::Unknown);
}

#[test]
fn a_contradiction_is_none() {
    // Givens that clash (the parser refuses them; a library caller may not).
    let g = data_puzzles("17_clue.txt", 1)[0].geometry.clone();
    let mut cells = vec![0u8; 81];
    cells[0] = 1;
    cells[1] = 1;
    let p = Puzzle::new(g, cells);
    let out = create("rules").unwrap().solve(&p, &SolveOptions::default());
    assert_eq!(out.verdict, Verdict::None);
    // No clash among the givens, yet r1c3 and r1c4 both need the 4.
    let p = puzzle("12.....3..3.....", Variant::Classic);
    assert_eq!(brute_force_count(&p, 2), 0);
    for backend in ["rules", "rules:guess"] {
        let out = create(backend).unwrap().solve(&p, &SolveOptions::default());
        assert_eq!(out.verdict, Verdict::None, "{backend}");
    }
}

#[test]
fn the_deadline_stops_a_count_that_never_ends() {
    let empty = puzzle(&vec!["0"; 25 * 25].join(" "), Variant::Classic);
    let mut guess = create("rules:guess").unwrap();
    let budget = Duration::from_millis(300);
    let start = Instant::now();
    let out = guess.solve(&empty, &SolveOptions::new(usize::MAX, Some(budget)));
    let elapsed = start.elapsed();
    verify(&empty, &out).unwrap();
    assert!(out.timed_out);
    assert!(elapsed < budget + slack(), "ran {elapsed:?}");
}

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

#[test]
fn explain_prints_steps_as_text_and_as_data() {
    let o = cli(&["explain", "--index", "2", "tests/data/17_clue.txt"]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("# puzzle 2 ("));
    assert!(text.contains("[L0] hidden single: place "));
    assert!(text.contains("# solved by rules alone"));
    let o = cli(&[
        "explain",
        "--format",
        "json",
        "tests/data/forum_hardest_1106.txt",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["verdict"], "unknown");
    assert!(v["solution"].is_null());
    let partial = v["partial"].as_str().unwrap();
    assert_eq!(partial.len(), 81);
    assert!(partial.contains('.'));
    let steps = v["steps"].as_array().unwrap();
    for s in steps {
        assert!(s["reason"].as_str().is_some_and(|r| !r.is_empty()));
        assert!(s["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c.as_str().unwrap().starts_with('r')));
    }
    let o = cli(&[
        "explain",
        "--allow-guessing",
        "--format",
        "json",
        "tests/data/forum_hardest_1106.txt",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["verdict"], "unique");
    assert!(v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["rule"] == "guess" && s["level"].is_null()));
}

#[test]
fn rate_summarises_levels_and_writes_csv() {
    let csv = std::env::temp_dir().join(format!("rules-rate-{}.csv", std::process::id()));
    let o = cli(&[
        "rate",
        "--limit",
        "20",
        "--check",
        "--format",
        "json",
        "--csv",
        csv.to_str().unwrap(),
        "tests/data/17_clue.txt",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 21);
    let summary = &lines[20]["summary"];
    assert_eq!(summary["puzzles"], 20);
    assert_eq!(summary["check_failures"], 0);
    let per_level: u64 = summary["per_level"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(per_level + summary["stuck"].as_u64().unwrap(), 20);
    let c = lines[0]["game_complexity"].as_f64().unwrap();
    assert!(c > 1.0 && c < 3.17, "complexity {c}");
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 21);
    assert!(text.starts_with("file,index,verdict,level,"));
    std::fs::remove_file(csv).ok();
    // Bad input names the file and line, exit status 2.
    let bad = std::env::temp_dir().join(format!("rules-bad-{}.txt", std::process::id()));
    std::fs::write(&bad, "11.............?\n").unwrap();
    let o = cli(&["rate", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(":1: r4c4:"));
    // Givens that repeat a digit are a puzzle with no solution, not bad input.
    std::fs::write(&bad, "11..............\n").unwrap();
    let o = cli(&["rate", "--format", "json", bad.to_str().unwrap()]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("\"verdict\":\"none\""));
    std::fs::remove_file(bad).ok();
}

#[test]
fn unit_matching_removes_exactly_what_some_r_reduction_removes() {
    // Hall's theorem: an edge of a unit's cell-digit graph lies in no perfect matching
    // iff some r-reduction of the unit removes it. Positions: magictour puzzles with
    // wrong candidates removed at random (so every position has a solution).
    use sudoku_arena::backends::rules::board::Board;
    use sudoku_arena::backends::rules::state::State;
    use sudoku_arena::backends::rules::subsets::smallest_in_unit;
    use sudoku_arena::graph::matching::unmatchable;
    let mut rng = Rng(7);
    let mut fired = 0;
    for p in data_puzzles("magictour_top1465.txt", 60) {
        let solution = dlx_solution(&p);
        let board = Board::new(&p.geometry);
        let mut s = State::new(&board, &p);
        for round in 0..6 {
            for _ in 0..round * 25 {
                let c = rng.below(81);
                let d = rng.below(9) as u8 + 1;
                if solution[c] != d {
                    s.eliminate(&board, c, d);
                }
            }
            for u in 0..board.unit_count() {
                let rows: Vec<u64> = board.units[u]
                    .iter()
                    .filter(|&&c| s.value[c] == 0)
                    .map(|&c| s.cand[c].0)
                    .collect();
                let (_, _, dead) = unmatchable(&rows[..]).expect("a solvable position");
                let by_matching: u64 = dead.iter().map(|d| u64::from(d.count_ones())).sum();
                let step = smallest_in_unit(&board, &s, u, true);
                assert_eq!(
                    by_matching > 0,
                    step.is_some(),
                    "unit {u}: {rows:?} {dead:?} {step:?}"
                );
                if let Some(step) = step {
                    fired += 1;
                    assert!(step.eliminations.len() as u64 <= by_matching);
                    for &(c, d) in &step.eliminations {
                        assert_ne!(solution[c], d);
                    }
                }
            }
        }
    }
    assert!(fired > 50, "only {fired} positions with a subset");
}

#[test]
fn nishio_keeps_exactly_the_cells_of_valid_placements() {
    // Brute force: every valid placement of one digit on a 9x9 board (one cell per row,
    // column and box; 46,656 of them), against the layered-graph method on random sets.
    use sudoku_arena::backends::rules::board::Board;
    use sudoku_arena::backends::rules::nishio::used_cells;
    let p = &data_puzzles("17_clue.txt", 1)[0];
    let board = Board::new(&p.geometry);
    let mut placements: Vec<[usize; 9]> = Vec::new();
    let mut cols = [0usize; 9];
    fn extend(k: usize, cols: &mut [usize; 9], used: u32, out: &mut Vec<[usize; 9]>) {
        // cols[r] = the column of row r.
        if k == 9 {
            let boxes = (0..9).fold(0u32, |m, r| m | 1 << (r / 3 * 3 + cols[r] / 3));
            if boxes == 0x1ff {
                out.push(*cols);
            }
            return;
        }
        for c in 0..9 {
            if used >> c & 1 == 0 {
                cols[k] = c;
                extend(k + 1, cols, used | 1 << c, out);
            }
        }
    }
    extend(0, &mut cols, 0, &mut placements);
    assert_eq!(placements.len(), 46_656);
    let mut rng = Rng(11);
    for trial in 0..300 {
        // allowed[c] = rows where the digit may go in column c; dense enough to matter.
        let keep = 40 + trial % 50;
        let allowed: Vec<u64> = (0..9)
            .map(|_| {
                (0..9).fold(
                    0u64,
                    |m, r| if rng.below(100) < keep { m | 1 << r } else { m },
                )
            })
            .collect();
        let mut used = [0u64; 9];
        let mut count = 0u64;
        for pl in &placements {
            if (0..9).all(|r| allowed[pl[r]] >> r & 1 == 1) {
                count += 1;
                for r in 0..9 {
                    used[pl[r]] |= 1 << r;
                }
            }
        }
        match used_cells(&board, &allowed, None).expect("no deadline") {
            None => assert_eq!(count, 0, "trial {trial}"),
            Some((u, n)) => {
                assert_eq!((u.as_slice(), n), (&used[..], count), "trial {trial}");
            }
        }
    }
}

#[test]
fn x_sudoku_and_rectangular_boxes_agree_with_dlx_and_stay_sound() {
    // 9x9 X-Sudoku (diagonals cross boxes: locked candidates use them), 8x8 (2x4) and
    // 12x12 (3x4) boxes (nishio's bands and stacks differ in size there).
    let mut dlx = create("dlx").unwrap();
    let mut guess = create("rules:guess").unwrap();
    let mut ladder = RulesSolver::new(false);
    let mut unique = 0;
    for seed in 1..=40u64 {
        for (br, bc, variant, keep) in [
            (3, 3, Variant::X, 30),
            (2, 4, Variant::Classic, 45),
            (3, 4, Variant::Classic, 55),
        ] {
            let p = random_puzzle(br, bc, variant, seed * 101 + bc as u64, keep, false);
            let reference = dlx.solve(&p, &SolveOptions::default());
            let out = guess.solve(&p, &SolveOptions::default());
            verify(&p, &out).unwrap();
            assert_eq!(out.verdict, reference.verdict, "seed {seed} {br}x{bc}");
            if reference.verdict == Verdict::Unique {
                unique += 1;
                assert_sound(&mut ladder, &p, &reference.solutions[0]);
            }
        }
    }
    assert!(unique >= 20, "only {unique} unique puzzles");
}

/// Whether `a` and `b` (different cells) are the only places of `d` in a unit they share.
fn bilocal(board: &Board, s: &State, a: usize, b: usize, d: u8) -> bool {
    board.cell_units[a].iter().any(|&(u, _)| {
        board.units[u].contains(&b)
            && board.units[u]
                .iter()
                .filter(|&&c| s.value[c] == 0 && s.cand[c].contains(d))
                .count()
                == 2
            && !board.units[u].iter().any(|&c| s.value[c] == d)
    })
}

#[test]
fn graph_steps_carry_real_edges_and_uniqueness_steps_say_so() {
    // Magictour puzzles need the graph rules and 2-SAT; every link a step records must
    // be an edge of its graph in the position the step was found in.
    let puzzles = data_puzzles("magictour_top1465.txt", 150);
    let mut solver = RulesSolver::new(false);
    let mut seen = std::collections::BTreeMap::new();
    for assume_unique in [false, true] {
        for p in &puzzles {
            let solution = dlx_solution(p);
            let run = solver.run(
                p,
                &Options {
                    record: true,
                    assume_unique,
                    ..Options::default()
                },
            );
            let board = solver.board(&p.geometry);
            if let Err(e) = soundness::check(board, &run.steps, &solution) {
                panic!("{} (assume_unique {assume_unique}): {e}", p.display_name());
            }
            let states = picture::states_before(board, &State::new(board, p), &run.steps);
            for (step, s) in run.steps.iter().zip(&states) {
                assert_eq!(
                    step.assumes_unique(),
                    matches!(step.detail, Detail::Unique { .. })
                );
                assert!(assume_unique || !step.assumes_unique());
                *seen.entry(step.rule_name()).or_insert(0) += 1;
                let graph = match step.detail {
                    Detail::Graph { graph, .. } => Some(graph),
                    Detail::TwoSat { .. } => None,
                    _ => continue,
                };
                assert!(!step.links.is_empty(), "{}: {:?}", step.rule_name(), step);
                for l in &step.links {
                    assert!(s.cand[l.from.0].contains(l.from.1) && s.cand[l.to.0].contains(l.to.1));
                    match graph {
                        Some(GraphKind::Bilocation) => {
                            assert_eq!(l.from.1, l.to.1);
                            assert!(bilocal(board, s, l.from.0, l.to.0, l.from.1), "{l:?}");
                        }
                        Some(GraphKind::Bivalue) => {
                            assert_eq!(l.from.1, l.to.1);
                            assert!(board.sees(l.from.0, l.to.0));
                            assert_eq!(s.cand[l.from.0].len(), 2);
                            assert_eq!(s.cand[l.to.0].len(), 2);
                        }
                        None => {
                            // A 2-SAT chain: consecutive links join.
                        }
                    }
                }
                if let Detail::TwoSat { forced } = &step.detail {
                    // Each literal's chain joins up and ends at the literal.
                    for f in forced {
                        for w in f.chain.windows(2) {
                            assert_eq!((w[0].to, w[0].if_to), (w[1].from, w[1].if_from));
                        }
                        let last = f.chain.last().unwrap();
                        assert_eq!((last.to, last.if_to), (f.candidate, f.placed));
                    }
                }
            }
        }
    }
    for rule in [
        "repetitive cycle",
        "nonrepetitive path",
        "conflicting paths",
        "2-SAT",
        "unique rectangle",
    ] {
        assert!(seen.get(rule).is_some_and(|&k| k > 0), "{rule}: {seen:?}");
    }
}

#[test]
fn explain_draws_every_nontrivial_step_and_one_page() {
    let dir = std::env::temp_dir().join(format!("sudoku-arena-svg-{}", std::process::id()));
    let html = dir.join("page.html");
    let o = cli(&[
        "explain",
        "--format",
        "json",
        "--svg",
        dir.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
        "tests/data/named/sabuncu7.txt",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let steps = v["steps"].as_array().unwrap();
    let nontrivial: Vec<_> = steps
        .iter()
        .filter(|s| s["rule"] != "naked single" && s["rule"] != "hidden single")
        .collect();
    assert!(steps
        .iter()
        .any(|s| s["rule"] == "repetitive cycle" && !s["links"].as_array().unwrap().is_empty()));
    let mut svgs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".svg"))
        .collect();
    svgs.sort();
    assert_eq!(svgs.len(), nontrivial.len());
    for (name, s) in svgs.iter().zip(&nontrivial) {
        assert_eq!(
            *name,
            format!("step-{:03}.svg", s["step"].as_u64().unwrap())
        );
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains(&format!("[L{}]", s["level"])));
    }
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(page.matches("<div class=\"step\"").count(), steps.len());
    assert!(page.contains("repetitive cycle (bilocation)"));
    assert!(!page.contains("src=") && !page.contains("href=\"http"));
    std::fs::remove_dir_all(&dir).unwrap();
    // A directory that cannot be made is an error with a message, not a panic.
    let o = cli(&[
        "explain",
        "--svg",
        "/proc/no/such",
        "tests/data/named/sabuncu7.txt",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--svg /proc/no/such"));
}

#[test]
fn rate_csv_quotes_a_file_name_and_a_puzzle_name_with_commas_and_quotes() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("set, \"one\".txt");
    std::fs::write(
        &input,
        "4.3....1..4..2.1 # first, \"easy\"\n12..............\n",
    )
    .unwrap();
    let csv = dir.path().join("r.csv");
    let o = cli(&[
        "rate",
        "--csv",
        csv.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut reader = ::csv::Reader::from_path(&csv).unwrap();
    let header = reader.headers().unwrap().clone();
    assert_eq!(header.len(), 12);
    let rows: Vec<::csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 2);
    for (row, index) in rows.iter().zip(["1", "2"]) {
        assert_eq!(row.len(), 12, "{row:?}");
        assert_eq!(&row[0], input.to_str().unwrap());
        assert_eq!(&row[1], index);
    }
    assert_eq!(&rows[0][11], "first, \"easy\"");
    assert_eq!(&rows[1][11], "");
}

#[test]
fn two_engines_on_one_thread_keep_their_own_graphs() {
    // Puzzles that need the graph rules: each engine builds the graphs of every
    // position it reads, whatever another engine on the thread read before it, so a
    // run's work is the same alone, after a run of the same puzzle, or interleaved.
    let puzzles = data_puzzles("magictour_top1465.txt", 20);
    let opts = Options::default();
    let alone: Vec<_> = puzzles
        .iter()
        .map(|p| RulesSolver::new(false).run(p, &opts).stats)
        .collect();
    assert!(alone.iter().any(|s| s.graph_builds > 0));
    let (mut first, mut second) = (RulesSolver::new(false), RulesSolver::new(false));
    for (p, expected) in puzzles.iter().zip(&alone) {
        let a = first.run(p, &opts).stats;
        let b = second.run(p, &opts).stats;
        let again = first.run(p, &opts).stats;
        assert_eq!(&a, expected, "{}", p.display_name());
        assert_eq!(&b, expected, "{}", p.display_name());
        assert_eq!(&again, expected, "{}", p.display_name());
    }
}

#[test]
fn rate_without_a_rule_leaves_it_out_of_the_ladder() {
    // magictour top 1465, line 62 (tests/data): the ladder needs template chains for it.
    let rate = |extra: &[&str]| {
        let mut args = vec![
            "rate",
            "--format",
            "json",
            "--limit",
            "62",
            "tests/data/magictour_top1465.txt",
        ];
        args.extend_from_slice(extra);
        let o = cli(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8(o.stdout).unwrap();
        let v: serde_json::Value = serde_json::from_str(out.lines().nth(61).unwrap()).unwrap();
        (v["level"].clone(), v["ladder"].clone())
    };
    assert_eq!(rate(&[]).0, 7);
    let (level, ladder) = rate(&["--without", "template chains"]);
    assert!(level.is_null(), "{level} {ladder}");
    // An unknown name is refused with the names it could be, exit status 2.
    let o = cli(&[
        "rate",
        "--without",
        "nishi",
        "tests/data/magictour_top1465.txt",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no rule is named \"nishi\"") && err.contains("nishio"),
        "{err}"
    );
}
