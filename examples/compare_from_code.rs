//! The comparison `sudoku-arena compare -b dlx,fast,csp:gac examples/hard.txt` runs,
//! from code: the same plan, the same input check, every answer checked by the
//! independent validator, and the same table, with a progress line of our own.
//!
//! Run it with `cargo run --release --example compare_from_code`.

use std::sync::atomic::{AtomicU64, Ordering};
use sudoku_arena::harness::{render, Comparison, Part, Plan, Start, Watch};
use sudoku_arena::input::Input;

/// Says what the run is about to do, and counts its solves.
#[derive(Default)]
struct Counted(AtomicU64);

impl Watch for Counted {
    fn starting(&self, start: &Start) {
        if let Some(survey) = start.survey {
            eprintln!(
                "{} solves to run on {} puzzles",
                survey.solves, survey.puzzles
            );
        }
    }

    fn solved(&self, solves: u64) {
        self.0.fetch_add(solves, Ordering::Relaxed);
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/hard.txt");
    let mut plan = Plan::new(&["dlx", "fast", "csp:gac"]);
    plan.jobs = 2;
    let jobs = plan.jobs;
    let watch = Counted::default();
    let compared = Comparison::new(plan, Input::files(&[path])).run(&watch)?;
    eprintln!("{} solves done", watch.0.load(Ordering::Relaxed));
    let part = Part {
        heading: String::new(),
        tally: &compared.tally,
    };
    print!(
        "{}",
        render(&[part], &[], compared.partial().as_deref(), jobs, None).terminal
    );
    // Exit status 1 when an answer was wrong or two backends disagreed, as `compare`.
    std::process::exit(if compared.tally.summary().clean() {
        0
    } else {
        1
    });
}
