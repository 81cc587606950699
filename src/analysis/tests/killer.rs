//! The ladder on Killer and Jigsaw boards: Killers made by cutting a random solution
//! into random connected cages (4x4, X 4x4, 6x6, 9x9), Jigsaws of a fixed 6x6 layout, with
//! verdicts against an independent brute force that checks cages and regions from the
//! puzzle's own data, every step replayed against the solution the puzzle was cut from,
//! each cage family seen at work, and a hand-made 9x9 Killer whose 45-rule step is read
//! in words, as data and in its picture.

use super::support::*;
use crate::analysis::soundness;
use crate::analysis::{ExplainOptions, Explanation};
use crate::backends::rules::engine::step::{Detail, SumSide};
use crate::backends::rules::engine::{Finish, Options};
use crate::backends::rules::present::{svg as picture, text};
use crate::backends::rules::RulesSolver;
use crate::model::{validate, Cage, Geometry, Puzzle, Variant};
use crate::solver::{verify, SolveOptions, Solver, Verdict};
use std::sync::Arc;

/// A random solution of a geometry (any units: a Jigsaw's regions too), by backtracking
/// over cells with a random digit order; `None` when it has none.
fn random_solution(g: &Geometry, rng: &mut Rng) -> Option<Vec<u8>> {
    fn fill(g: &Geometry, grid: &mut [u8], cell: usize, rng: &mut Rng) -> bool {
        if cell == grid.len() {
            return true;
        }
        let start = rng.below(g.n);
        for k in 0..g.n {
            let v = ((start + k) % g.n + 1) as u8;
            if g.peers[cell].iter().all(|&p| grid[p] != v) {
                grid[cell] = v;
                if fill(g, grid, cell + 1, rng) {
                    return true;
                }
            }
        }
        grid[cell] = 0;
        false
    }
    let mut grid = vec![0u8; g.cells()];
    fill(g, &mut grid, 0, rng).then_some(grid)
}

/// `solution` cut into random connected cages of 2 to `largest` cells (a cell left
/// with no free neighbour alone), each cell's digit different from its cage's others,
/// each total read from the solution.
fn cut_into_cages(n: usize, solution: &[u8], largest: usize, rng: &mut Rng) -> Vec<Cage> {
    let mut owner = vec![false; solution.len()];
    let mut order: Vec<usize> = (0..solution.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut cages = Vec::new();
    for &start in &order {
        if owner[start] {
            continue;
        }
        let size = 2 + rng.below(largest - 1);
        let mut cells = vec![start];
        owner[start] = true;
        while cells.len() < size {
            let grow: Vec<usize> = cells
                .iter()
                .flat_map(|&c| {
                    let (r, col) = (c / n, c % n);
                    [
                        (r > 0).then(|| c - n),
                        (r + 1 < n).then(|| c + n),
                        (col > 0).then(|| c - 1),
                        (col + 1 < n).then(|| c + 1),
                    ]
                })
                .flatten()
                .filter(|&x| !owner[x] && cells.iter().all(|&c| solution[c] != solution[x]))
                .collect();
            if grow.is_empty() {
                break;
            }
            let x = grow[rng.below(grow.len())];
            owner[x] = true;
            cells.push(x);
        }
        cells.sort_unstable();
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        cages.push(Cage { cells, sum });
    }
    cages
}

/// A Killer cut from a random solution of `base`, keeping about `keep_percent` of the
/// givens, with the solution it was cut from.
fn killer(
    base: Geometry,
    seed: u64,
    largest: usize,
    keep_percent: usize,
) -> Option<(Puzzle, Vec<u8>)> {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let solution = random_solution(&base, &mut rng)?;
    let cages = cut_into_cages(base.n, &solution, largest, &mut rng);
    let g = Arc::new(base.with_cages(cages).unwrap());
    let cells = solution
        .iter()
        .map(|&v| if rng.below(100) < keep_percent { v } else { 0 })
        .collect();
    Some((Puzzle::new(g, cells), solution))
}

/// [`killer`] with one cage's total one more and another's one less, where their
/// sizes allow (the totals still add up to the grid's; often no solution then).
fn corrupted_killer(base: Geometry, seed: u64, largest: usize, keep_percent: usize) -> Puzzle {
    let (p, _) = killer(base.clone(), seed, largest, keep_percent).unwrap();
    let mut cages = p.geometry.cages.clone();
    let range = |c: &Cage| crate::model::sum_range(base.n, c.cells.len());
    let up = (0..cages.len()).map(|i| (i + seed as usize) % cages.len());
    if let Some(k) = up.clone().find(|&k| cages[k].sum < range(&cages[k]).1) {
        if let Some(j) = up
            .filter(|&j| j != k)
            .find(|&j| cages[j].sum > range(&cages[j]).0)
        {
            cages[k].sum += 1;
            cages[j].sum -= 1;
        }
    }
    Puzzle::new(Arc::new(base.with_cages(cages).unwrap()), p.cells)
}

/// Counts solutions up to `limit` by backtracking, checking every unit and every cage
/// from the geometry's own lists (distinct digits; a full cage adds up to its total, a
/// partial one stays below it).
fn brute_count(p: &Puzzle, limit: usize) -> usize {
    fn fits(g: &Geometry, grid: &[u8], cell: usize, v: u8) -> bool {
        if g.peers[cell].iter().any(|&x| grid[x] == v) {
            return false;
        }
        let Some(k) = g.cage_of[cell] else {
            return true;
        };
        let cage = &g.cages[k as usize];
        let mut sum = u32::from(v);
        let mut full = true;
        for &x in cage.cells.iter().filter(|&&x| x != cell) {
            if grid[x] == v {
                return false;
            }
            sum += u32::from(grid[x]);
            full &= grid[x] != 0;
        }
        if full {
            sum == cage.sum
        } else {
            sum < cage.sum
        }
    }
    fn walk(g: &Geometry, grid: &mut Vec<u8>, limit: usize, count: &mut usize) {
        if *count >= limit {
            return;
        }
        let Some(cell) = grid.iter().position(|&v| v == 0) else {
            *count += usize::from(g.is_solution(grid));
            return;
        };
        for v in 1..=g.n as u8 {
            if fits(g, grid, cell, v) {
                grid[cell] = v;
                walk(g, grid, limit, count);
                grid[cell] = 0;
            }
        }
    }
    let g = &p.geometry;
    // Givens are checked as the cells are: start from an empty grid holding them.
    let mut grid = vec![0u8; g.cells()];
    for (c, &v) in p.cells.iter().enumerate() {
        if v != 0 {
            if !fits(g, &grid, c, v) {
                return 0;
            }
            grid[c] = v;
        }
    }
    let mut count = 0;
    walk(g, &mut grid, limit, &mut count);
    count
}

/// The rules on `p` with every step recorded (one consequence a step, as `explain`),
/// each replayed against `solution`; the rule names of the steps, and how it ended.
fn replayed(p: &Puzzle, solution: &[u8]) -> (Vec<&'static str>, Finish) {
    let mut solver = RulesSolver::new(false);
    let run = solver.run(
        p,
        &Options {
            record: true,
            one_at_a_time: true,
            ..Options::default()
        },
    );
    let board = solver.board(&p.geometry);
    if let Err(e) = soundness::check(board, &run.steps, solution) {
        panic!("{}: unsound: {e}", p.display_name());
    }
    if run.finish == Finish::Solved {
        assert_eq!(run.solutions[0], solution);
        validate(p, &run.solutions[0]).unwrap();
    }
    (
        run.steps.iter().map(|s| s.rule_name()).collect(),
        run.finish,
    )
}

/// A 6x6 Jigsaw layout: six connected regions of six cells.
const JIGSAW6: [u8; 36] = [
    0, 0, 0, 1, 1, 1, //
    0, 0, 2, 2, 1, 1, //
    0, 2, 2, 2, 1, 3, //
    4, 2, 5, 3, 3, 3, //
    4, 4, 5, 5, 3, 3, //
    4, 4, 4, 5, 5, 5, //
];

#[test]
fn small_killers_get_the_brute_forces_verdict_and_every_step_is_sound() {
    let mut ladder = RulesSolver::new(false);
    let mut guess = RulesSolver::new(true);
    let mut seen = [0usize; 3];
    let mut fired: Vec<&str> = Vec::new();
    let mut solved = 0;
    for seed in 1..=160u64 {
        let (base, largest, keep) = match seed % 4 {
            0 => (Geometry::new(2, 2, Variant::Classic).unwrap(), 3, 0),
            1 => (Geometry::new(2, 3, Variant::Classic).unwrap(), 4, 15),
            2 => (Geometry::new(2, 2, Variant::X).unwrap(), 3, 0),
            _ => (
                Geometry::with_regions(6, &JIGSAW6, Variant::Classic).unwrap(),
                3,
                20,
            ),
        };
        let (p, solution) = killer(base, seed, largest, keep).unwrap();
        assert_eq!(ladder.refuses(&p.geometry), None);
        let count = brute_count(&p, 2);
        assert!(count >= 1, "seed {seed}: cut from a solution");
        seen[count] += 1;
        let expected = [Verdict::None, Verdict::Unique, Verdict::Multiple][count];
        let out = guess.solve(&p, &SolveOptions::default());
        verify(&p, &out).unwrap();
        assert_eq!(out.verdict, expected, "seed {seed}");
        let out = ladder.solve(&p, &SolveOptions::default());
        verify(&p, &out).unwrap();
        assert!(
            out.verdict == Verdict::Unknown || out.verdict == expected,
            "seed {seed}: rules alone said {:?} for {count} solution(s)",
            out.verdict
        );
        let (rules, finish) = replayed(&p, &solution);
        solved += usize::from(finish == Finish::Solved);
        for r in rules {
            if !fired.contains(&r) {
                fired.push(r);
            }
        }
        // The count: every solution, no more, on the 4x4s.
        if seed % 2 == 0 {
            let all = guess.solve(&p, &SolveOptions::new(usize::MAX, None));
            assert_eq!(all.solutions_found as usize, brute_count(&p, usize::MAX));
        }
    }
    assert!(seen[1] > 10 && seen[2] > 5, "cases: {seen:?}");
    assert!(solved > 40, "only {solved} solved by rules alone");
    // The 45 rule's single cells and the confinement come in on the 9x9s.
    for rule in ["cage combinations", "virtual cages"] {
        assert!(fired.contains(&rule), "{rule} never fired: {fired:?}");
    }
}

#[test]
fn killers_with_a_wrong_total_get_the_brute_forces_verdict() {
    let mut ladder = RulesSolver::new(false);
    let mut guess = RulesSolver::new(true);
    let mut seen = [0usize; 3];
    for seed in 1..=90u64 {
        let (base, largest, keep) = match seed % 3 {
            0 => (Geometry::new(2, 2, Variant::Classic).unwrap(), 3, 0),
            1 => (Geometry::new(2, 3, Variant::Classic).unwrap(), 4, 20),
            _ => (
                Geometry::with_regions(6, &JIGSAW6, Variant::Classic).unwrap(),
                3,
                25,
            ),
        };
        let p = corrupted_killer(base, seed, largest, keep);
        let count = brute_count(&p, 2);
        seen[count] += 1;
        let expected = [Verdict::None, Verdict::Unique, Verdict::Multiple][count];
        let out = guess.solve(&p, &SolveOptions::default());
        verify(&p, &out).unwrap();
        assert_eq!(out.verdict, expected, "seed {seed}");
        let out = ladder.solve(&p, &SolveOptions::default());
        verify(&p, &out).unwrap();
        assert!(
            out.verdict == Verdict::Unknown || out.verdict == expected,
            "seed {seed}: rules alone said {:?} for {count} solution(s)",
            out.verdict
        );
    }
    assert!(seen[0] > 20, "cases: {seen:?}");
}

#[test]
fn nine_by_nine_killers_are_solved_soundly_without_givens() {
    let mut solver = RulesSolver::new(true);
    let mut fired: Vec<&str> = Vec::new();
    let (mut unique, mut solved) = (0, 0);
    for seed in 1..=40u64 {
        let base = Geometry::new(3, 3, Variant::Classic).unwrap();
        let (p, solution) = killer(base, seed * 7919, 5, 0).unwrap();
        let out = solver.solve(&p, &SolveOptions::default());
        verify(&p, &out).unwrap();
        assert!(
            matches!(out.verdict, Verdict::Unique | Verdict::Multiple),
            "seed {seed}: {:?}",
            out.verdict
        );
        for s in &out.solutions {
            validate(&p, s).unwrap();
        }
        let (rules, finish) = replayed(&p, &solution);
        unique += usize::from(out.verdict == Verdict::Unique);
        solved += usize::from(finish == Finish::Solved);
        for r in rules {
            if !fired.contains(&r) {
                fired.push(r);
            }
        }
    }
    assert!(
        solved * 2 >= unique,
        "only {solved} of {unique} solved by rules alone"
    );
    for rule in [
        "cage combinations",
        "45 rule",
        "cage confinement",
        "virtual cages",
    ] {
        assert!(fired.contains(&rule), "{rule} never fired: {fired:?}");
    }
}

#[test]
fn jigsaws_get_the_brute_forces_verdict_and_every_step_is_sound() {
    let mut ladder = RulesSolver::new(false);
    let mut guess = RulesSolver::new(true);
    let mut seen = [0usize; 3];
    for seed in 1..=60u64 {
        let g = Geometry::with_regions(6, &JIGSAW6, Variant::Classic).unwrap();
        let mut rng = Rng((seed * 104_729) | 1);
        let solution = random_solution(&g, &mut rng).unwrap();
        let keep = 30 + (seed as usize * 7) % 30;
        let cells = solution
            .iter()
            .map(|&v| if rng.below(100) < keep { v } else { 0 })
            .collect();
        let p = Puzzle::new(Arc::new(g), cells);
        let count = brute_count(&p, 2);
        seen[count] += 1;
        let expected = [Verdict::None, Verdict::Unique, Verdict::Multiple][count];
        let out = guess.solve(&p, &SolveOptions::default());
        verify(&p, &out).unwrap();
        assert_eq!(out.verdict, expected, "seed {seed}");
        let out = ladder.solve(&p, &SolveOptions::default());
        assert!(out.verdict == Verdict::Unknown || out.verdict == expected);
        replayed(&p, &solution);
    }
    assert!(seen[1] > 5 && seen[2] > 5, "cases: {seen:?}");
}

/// A hand-made 9x9 Killer: row 1 is cut by cages r1c1-r1c4 (10), r1c5-r1c8 (26) and
/// r1c9 with r2c9 (15); the rest of the grid is left without cages and givens.
fn hand_made() -> Puzzle {
    let cages = vec![
        Cage {
            cells: vec![0, 1, 2, 3],
            sum: 10,
        },
        Cage {
            cells: vec![4, 5, 6, 7],
            sum: 26,
        },
        Cage {
            cells: vec![8, 17],
            sum: 15,
        },
    ];
    let g = Geometry::new(3, 3, Variant::Classic)
        .unwrap()
        .with_cages(cages)
        .unwrap();
    Puzzle::new(Arc::new(g), vec![0; 81])
}

#[test]
fn the_45_rule_places_the_innie_of_a_hand_made_killer_and_says_why() {
    let p = hand_made();
    let explanation = Explanation::new(&p, 1, &ExplainOptions::default());
    let (_, run) = explained_run(&p);
    // The cages' combinations come first: the 10-cage is 1+2+3+4.
    assert_eq!(run.steps[0].rule_name(), "cage combinations");
    let k = run
        .steps
        .iter()
        .position(|s| s.rule_name() == "45 rule")
        .expect("a 45-rule step");
    let step = &run.steps[k];
    assert_eq!(step.placements, vec![(8, 9)]);
    let Detail::Sum45(sum) = &step.detail else {
        panic!("{step:?}")
    };
    assert_eq!(sum.side, SumSide::Innies);
    let board = crate::backends::rules::engine::board::Board::new(&p.geometry);
    assert_eq!(text::name(&board, step), "45 rule (innie)");
    assert_eq!(
        text::reason(&board, step),
        "the 45 rule on row 1: its cells add up to 45; the cages wholly inside, the 10-cage at r1c1 and the 26-cage at r1c5, add up to 36, so the innie r1c9, the cell outside those cages, is 9"
    );
    assert_eq!(text::change(&board, step), "place 9 in r1c9");
    // The split of the 15-cage follows: r2c9 is 6, by the cage itself once r1c9 is 9.
    let lines = explanation.text();
    assert!(
        lines.contains("[L1] 45 rule (innie): place 9 in r1c9. the 45 rule on row 1"),
        "{lines}"
    );
    let json = explanation.json();
    let steps = json["steps"].as_array().unwrap();
    let shown = &steps[k];
    assert_eq!(shown["rule"], "45 rule");
    assert_eq!(shown["name"], "45 rule (innie)");
    assert_eq!(shown["level"], 1);
    assert!(shown["reason"]
        .as_str()
        .unwrap()
        .starts_with("the 45 rule on row 1"));
    // The picture: every cage outlined with its total, the row tinted, the innie ringed.
    let states = picture::states_before(
        &board,
        &crate::backends::rules::engine::state::State::new(&board, &p),
        &run.steps,
    );
    let svg = picture::svg(&board, &states[k], k + 1, step);
    assert_eq!(svg.matches("class=\"cage\"").count(), 3);
    for total in ["10", "26", "15"] {
        assert!(
            svg.contains("class=\"cage-total\"") && svg.contains(&format!(">{total}</text>")),
            "{total}"
        );
    }
    assert_eq!(svg.matches("class=\"area\"").count(), 9);
    assert_eq!(svg.matches("class=\"innie\"").count(), 1);
    // A picture of every kind of step on a Killer draws the cages, singles' too.
    let page = explanation.html();
    assert_eq!(
        page.matches("class=\"cage\"").count(),
        3 * explanation.page_steps()
    );
}

#[test]
fn an_outie_is_placed_and_explained() {
    // Row 1: the 10-cage r1c1-r1c4 inside; r1c5-r1c9 with r2c9 a 38-cage crossing out:
    // the outie r2c9 is 10 + 38 - 45 = 3.
    let cages = vec![
        Cage {
            cells: vec![0, 1, 2, 3],
            sum: 10,
        },
        Cage {
            cells: vec![4, 5, 6, 7, 8, 17],
            sum: 38,
        },
    ];
    let g = Geometry::new(3, 3, Variant::Classic)
        .unwrap()
        .with_cages(cages)
        .unwrap();
    let p = Puzzle::new(Arc::new(g), vec![0; 81]);
    let (mut solver, run) = explained_run(&p);
    let board = solver.board(&p.geometry);
    let step = run
        .steps
        .iter()
        .find(|s| s.rule_name() == "45 rule")
        .unwrap();
    assert_eq!(step.placements, vec![(17, 3)]);
    let words = text::reason(board, step);
    assert!(
        words.ends_with(
            "crossing out of it, which adds up to 38, so the outie r2c9, its cell outside, is 3"
        ),
        "{words}"
    );
}

#[test]
fn a_cage_split_by_the_45_rule_places_its_rest() {
    // Over the pattern grid: row 1 holds the 21-cage r1c1-r1c6 and the given r1c7=7,
    // in a 17-cage with r2c6 and r2c7; the 20-cage r1c8, r1c9, r2c9 holds the open
    // innies, 45 - 21 - 7 = 17 together, so its rest r2c9 is 3. Its outies are three
    // cells: no outie alone is fixed.
    let base = Geometry::new(3, 3, Variant::Classic).unwrap();
    let value = |c: usize| base.pattern_value(c);
    let cage = |cells: Vec<usize>| {
        let sum = cells.iter().map(|&c| u32::from(value(c))).sum();
        Cage { cells, sum }
    };
    let cages = vec![
        cage((0..6).collect()),
        cage(vec![6, 14, 15]),
        cage(vec![7, 8, 17]),
    ];
    assert_eq!(
        (cages[0].sum, cages[1].sum, cages[2].sum, value(6)),
        (21, 17, 20, 7)
    );
    let g = Arc::new(base.clone().with_cages(cages).unwrap());
    let mut cells = vec![0; 81];
    cells[6] = 7;
    let p = Puzzle::new(g, cells);
    let solution: Vec<u8> = (0..81).map(value).collect();
    replayed(&p, &solution);
    let (mut solver, run) = explained_run(&p);
    let board = solver.board(&p.geometry);
    let step = run
        .steps
        .iter()
        .find(|s| s.rule_name() == "45 rule")
        .unwrap();
    assert_eq!(text::name(board, step), "45 rule (cage split)");
    assert_eq!(step.placements, vec![(17, 3)]);
    assert_eq!(
        text::reason(board, step),
        "the 45 rule on row 1: its cells add up to 45; the cages wholly inside, the 21-cage at r1c1, add up to 21, so the open innies r1c8, r1c9 (less the placed r1c7=7) add up to 17; they all lie in the 20-cage at r1c8, so its other open cell r2c9 is 3"
    );
}
