//! What the ladder lacks where it stops (`rate --stuck`), and the sound families kept
//! out of the ladder (tridagon, aligned exclusion) as the diagnosis and the pictures
//! show them. Puzzles: `tests/data/forum_hardest_1106.txt` (the forum's
//! HardestDatabase110626, all of it; source in `tests/data/SOURCES.md`) and made
//! positions.

mod common;

use common::cli::{err, out, run};
use common::*;
use sudoku_arena::backends::rules::board::Board;
use sudoku_arena::backends::rules::rate::{RateSettings, Rater};
use sudoku_arena::backends::rules::state::State;
use sudoku_arena::backends::rules::step::Detail;
use sudoku_arena::backends::rules::{picture, render, tridagon};
use sudoku_arena::model::Variant;

#[test]
fn rate_stuck_lists_each_stuck_puzzle_with_its_first_step_beyond_singles() {
    let o = run(
        &[
            "rate",
            "--stuck",
            "--limit",
            "3",
            "tests/data/forum_hardest_1106.txt",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 3, "{text}");
    for (k, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 5, "{line}");
        assert!(fields[0].ends_with(&format!(":{}", k + 1)), "{line}");
        assert!(fields[1].starts_with("stuck after "), "{line}");
        assert!(fields[2].ends_with(" candidates"), "{line}");
        assert!(fields[4].starts_with("next: "), "{line}");
    }
    // The first puzzle gives the ladder nothing past singles (a multi-sector locked
    // set past its end), the second a junior exocet at step 2, the third a pointing
    // locked candidates at step 2.
    assert_eq!(
        lines[0].split('\t').nth(3),
        Some("first step beyond singles: none")
    );
    assert!(
        lines[0].contains("\tnext: multi-sector locked set: remove "),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1].split('\t').nth(3),
        Some("first step beyond singles: step 2, junior exocet")
    );
    assert_eq!(
        lines[2].split('\t').nth(3),
        Some("first step beyond singles: step 2, locked candidates (pointing)")
    );
    assert!(
        text.contains("# stuck: 3; with a step beyond singles: 2 (with the sound families past the ladder's end: 3); next step past the ladder: "),
        "{text}"
    );
}

#[test]
fn rate_stuck_refuses_guessing() {
    let o = run(
        &[
            "rate",
            "--stuck",
            "--allow-guessing",
            "tests/data/forum_hardest_1106.txt",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(out(&o).is_empty());
}

#[test]
fn every_next_step_the_diagnosis_finds_agrees_with_the_solution() {
    let mut rater = Rater::new(RateSettings {
        diagnose: true,
        ..RateSettings::default()
    })
    .unwrap();
    let mut found = 0;
    for (k, p) in data_puzzles("forum_hardest_1106.txt", 12)
        .iter()
        .enumerate()
    {
        let rated = rater.rate(p, k + 1);
        let d = rated
            .diagnosis
            .expect("every forum-hardest puzzle is stuck");
        assert!(d.open > 0 && d.candidates > d.open);
        let solution = dlx_solution(p);
        if let Some(next) = d.next {
            found += 1;
            assert!(!next.removes.is_empty());
            for (c, v) in next.removes {
                assert_ne!(solution[c], v, "puzzle {}: {}", k + 1, next.change);
            }
        }
    }
    assert!(found > 0);
}

#[test]
fn a_tridagon_step_shows_its_pattern_and_outlines_its_guardian() {
    // Boxes 1, 2, 4 and 5: the main diagonal of the first three, and r4c4, r5c6, r6c5
    // in box 5 (an odd permutation of the diagonal), hold only 1, 2, 3, but for r6c5
    // which also holds 4 and 5. No filling of the twelve cells exists.
    let cells = [0usize, 10, 20, 3, 13, 23, 27, 37, 47, 30, 41, 49];
    let guardian = 49;
    let p = puzzle(&".".repeat(81), Variant::Classic);
    let board = Board::new(&p.geometry);
    let mut s = State::new(&board, &p);
    for &c in &cells {
        for d in 4..=9u8 {
            if c != guardian || d > 5 {
                s.eliminate(&board, c, d);
            }
        }
    }
    let step = tridagon::find(&board, &s).expect("a tridagon");
    assert_eq!(step.digits, vec![1, 2, 3]);
    assert_eq!(
        step.eliminations,
        vec![(guardian, 1), (guardian, 2), (guardian, 3)]
    );
    let Detail::Tridagon { guardians } = &step.detail else {
        panic!("not a tridagon: {step:?}");
    };
    assert_eq!(guardians, &vec![guardian]);
    assert_eq!(render::name(&board, &step), "tridagon");
    let reason = render::reason(&board, &step);
    assert!(
        reason.contains("guardian r6c5 holds a digit other than those"),
        "{reason}"
    );
    let svg = picture::svg(&board, &s, 1, &step);
    assert_eq!(svg.matches("class=\"guardian\"").count(), 1);
    assert!(svg.contains("magenta outline: a guardian"));
}
