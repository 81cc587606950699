//! A comparison run from code: three backends on the hard puzzles shipped in
//! `examples/hard.txt`, every answer checked, the table printed as `compare` prints it.
//!
//! Run it with `cargo run --release --example compare_from_code`.

use sudoku_arena::harness::report::{render, Part};
use sudoku_arena::harness::run::{compare, Plan};
use sudoku_arena::model::{parse_puzzles, ParseOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/hard.txt");
    let text = std::fs::read_to_string(path)?;
    let puzzles = parse_puzzles(&text, "examples/hard.txt", &ParseOptions::default())?;
    let mut plan = Plan::new(&["dlx", "fast", "csp:gac"]);
    plan.jobs = 2;
    let tally = compare(&plan, puzzles)?;
    let part = Part {
        heading: String::new(),
        tally: &tally,
    };
    print!("{}", render(&[part], &[], plan.jobs).terminal);
    // Exit status 1 when an answer was wrong or two backends disagreed, as `compare`.
    std::process::exit(if tally.summary().clean() { 0 } else { 1 });
}
