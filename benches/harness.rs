//! What the harness spends per solve outside the solver, item by item, on the first 1000
//! puzzles of `tests/data/17_clue.txt` (or `$SUDOKU_ARENA_DATA`): parsing a puzzle line,
//! the independent check of an answer, the one-line forms of puzzle and answer, the
//! puzzle's name and givens conflict, the record and its JSON line, a fingerprint.
//! Criterion reports time per puzzle (throughput in elements); `all-per-solve` is parse,
//! check, both one-line forms and the JSON line together.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use sudoku_arena::backends::create;
use sudoku_arena::harness::Record;
use sudoku_arena::harness::{record_of, Plan};
use sudoku_arena::model::fingerprint::grid_fingerprint;
use sudoku_arena::model::write_line;
use sudoku_arena::model::{parse_puzzles, ParseOptions, Puzzle};
use sudoku_arena::solver::{matches_expected, verify, Outcome, SolveOptions};

const COUNT: usize = 1000;

/// The puzzles' text (one per line), the puzzles, their outcomes and records.
struct Items {
    text: String,
    puzzles: Vec<Puzzle>,
    outcomes: Vec<Outcome>,
    records: Vec<Record>,
    plan: Plan,
}

fn items() -> Items {
    let path = common::bench_data_dir().join("17_clue.txt");
    let whole = std::fs::read_to_string(&path).unwrap();
    let text: String = whole
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(COUNT)
        .map(|l| format!("{l}\n"))
        .collect();
    let puzzles = parse_puzzles(&text, "17_clue.txt", &ParseOptions::default()).unwrap();
    assert_eq!(puzzles.len(), COUNT);
    let mut fast = create("fast").unwrap();
    let outcomes: Vec<Outcome> = puzzles
        .iter()
        .map(|p| fast.solve(p, &SolveOptions::new(2, None)))
        .collect();
    let mut plan = Plan::new(&["fast"]);
    plan.timeout = None;
    let records = puzzles
        .iter()
        .zip(&outcomes)
        .enumerate()
        .map(|(i, (p, o))| record_of(o, "guesses", "fast", p, i, &plan))
        .collect();
    Items {
        text,
        puzzles,
        outcomes,
        records,
        plan,
    }
}

fn bench_harness(c: &mut Criterion) {
    let it = items();
    let mut group = c.benchmark_group("harness");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(COUNT as u64));
    let opts = ParseOptions::default();
    group.bench_function("parse", |b| {
        b.iter(|| parse_puzzles(black_box(&it.text), "17_clue.txt", &opts).unwrap())
    });
    group.bench_function("verify", |b| {
        b.iter(|| {
            for (p, o) in it.puzzles.iter().zip(&it.outcomes) {
                black_box(verify(p, o).is_ok() && matches_expected(p, o) != Some(false));
            }
        })
    });
    let mut line = String::new();
    group.bench_function("one-line-forms", |b| {
        b.iter(|| {
            for (p, o) in it.puzzles.iter().zip(&it.outcomes) {
                line.clear();
                write_line(&p.geometry, &p.cells, &mut line);
                write_line(&p.geometry, &o.solutions[0], &mut line);
                black_box(&line);
            }
        })
    });
    group.bench_function("display-name", |b| {
        b.iter(|| {
            for p in &it.puzzles {
                black_box(p.display_name());
            }
        })
    });
    group.bench_function("conflict", |b| {
        b.iter(|| {
            for p in &it.puzzles {
                black_box(p.conflict());
            }
        })
    });
    group.bench_function("fingerprint-puzzle-and-solution", |b| {
        b.iter(|| {
            for (p, o) in it.puzzles.iter().zip(&it.outcomes) {
                black_box((
                    grid_fingerprint(&p.cells),
                    grid_fingerprint(&o.solutions[0]),
                ));
            }
        })
    });
    group.bench_function("record-of", |b| {
        b.iter(|| {
            for (i, (p, o)) in it.puzzles.iter().zip(&it.outcomes).enumerate() {
                black_box(record_of(o, "guesses", "fast", p, i, &it.plan));
            }
        })
    });
    let mut out = Vec::new();
    group.bench_function("json-line", |b| {
        b.iter(|| {
            for r in &it.records {
                out.clear();
                r.write_json_line(&mut out);
                black_box(&out);
            }
        })
    });
    group.bench_function("json-line-serde", |b| {
        b.iter(|| {
            for r in &it.records {
                black_box(serde_json::to_string(r).unwrap());
            }
        })
    });
    group.bench_function("all-per-solve", |b| {
        b.iter(|| {
            let puzzles = parse_puzzles(black_box(&it.text), "17_clue.txt", &opts).unwrap();
            for ((p, o), r) in puzzles.iter().zip(&it.outcomes).zip(&it.records) {
                black_box(verify(p, o).is_ok() && matches_expected(p, o) != Some(false));
                line.clear();
                write_line(&p.geometry, &p.cells, &mut line);
                write_line(&p.geometry, &o.solutions[0], &mut line);
                out.clear();
                r.write_json_line(&mut out);
                black_box((&line, &out));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_harness);
criterion_main!(benches);
