//! Times the `rules` backend on fixed slices of the benchmark sets (`tests/data/`, or
//! `$SUDOKU_ARENA_DATA`): the full ladder (no guessing) on the first 50 17-clue puzzles,
//! the first 50 of magictour and the first 20 forum-hardest, and with guessing (uniqueness
//! proven) on the forum slice; `dlx` on the same slices as a yardstick. Then each rule
//! family alone: one call of its `find` on the position after the givens of each of the 50
//! 17-clue puzzles, and each graph rule (levels 3-5) on the positions of magictour puzzles
//! where levels 0-2 stick. Criterion reports time per puzzle (or per position). Figures:
//! `docs/rules.md`.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use sudoku_arena::backends::create;
use sudoku_arena::backends::rules::engine::board::Board;
use sudoku_arena::backends::rules::engine::state::State;
use sudoku_arena::backends::rules::engine::{self, Options, Scratch, RULES};
use sudoku_arena::backends::rules::present::svg as picture;
use sudoku_arena::backends::rules::RulesSolver;
use sudoku_arena::solver::SolveOptions;

fn bench_ladder(c: &mut Criterion) {
    let slices = [
        ("17clue-first50", common::bench_puzzles("17_clue.txt", 50)),
        (
            "magictour-first50",
            common::bench_puzzles("magictour_top1465.txt", 50),
        ),
        (
            "forum-hardest-first20",
            common::bench_puzzles("forum_hardest_1106.txt", 20),
        ),
    ];
    for config in ["rules:ladder", "rules:guess", "dlx"] {
        let mut group = c.benchmark_group(config);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for (name, puzzles) in &slices {
            group.throughput(Throughput::Elements(puzzles.len() as u64));
            let mut solver = create(config).unwrap();
            group.bench_function(*name, |b| {
                b.iter(|| {
                    for p in puzzles {
                        black_box(solver.solve(p, &SolveOptions::new(2, None)));
                    }
                })
            });
        }
        group.finish();
    }
}

fn bench_families(c: &mut Criterion) {
    let puzzles = common::bench_puzzles("17_clue.txt", 50);
    let board = Board::new(&puzzles[0].geometry);
    let states: Vec<State> = puzzles.iter().map(|p| State::new(&board, p)).collect();
    let mut group = c.benchmark_group("rule-find-17clue-givens");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .throughput(Throughput::Elements(states.len() as u64));
    for (i, rule) in RULES.iter().enumerate() {
        group.bench_function(rule.name, |b| {
            b.iter(|| {
                for s in &states {
                    black_box(engine::find(i, &board, s, &mut Scratch::default()));
                }
            })
        });
    }
    group.finish();
}

/// The graph rules and 2-SAT where they matter: on the position before the first step
/// of level 3 or more of each of the first 100 magictour puzzles that has one (the
/// levels 0–2 are stuck there).
fn bench_graph_families(c: &mut Criterion) {
    let puzzles = common::bench_puzzles("magictour_top1465.txt", 100);
    let board = Board::new(&puzzles[0].geometry);
    let mut solver = RulesSolver::new(false);
    let opts = Options {
        record: true,
        ..Options::default()
    };
    let mut states = Vec::new();
    for p in &puzzles {
        let run = solver.run(p, &opts);
        let before = picture::states_before(&board, &State::new(&board, p), &run.steps);
        if let Some(k) = run
            .steps
            .iter()
            .position(|s| s.level().is_some_and(|l| l >= 3))
        {
            states.push(before[k].clone());
        }
    }
    let mut group = c.benchmark_group("rule-find-magictour-stuck");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .throughput(Throughput::Elements(states.len() as u64));
    for (i, rule) in RULES.iter().enumerate().filter(|(_, r)| r.level >= 3) {
        group.bench_function(rule.name, |b| {
            b.iter(|| {
                for s in &states {
                    black_box(engine::find(i, &board, s, &mut Scratch::default()));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_ladder, bench_families, bench_graph_families);
criterion_main!(benches);
