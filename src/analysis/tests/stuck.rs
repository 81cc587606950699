//! The tridagon, a sound family kept out of the ladder and tried past its end where the
//! ladder stops, as its step and its picture show it on a made position. (What
//! `rate --stuck` prints is tested through the command line, in `tests/rules.rs`.)

use super::support::*;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::Detail;
use crate::backends::rules::families::tridagon;
use crate::backends::rules::present::{svg as picture, text as render};
use crate::model::Variant;

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
