//! Where the ladder stops, and what would make the next step: for a puzzle the rules
//! leave stuck, the position reached (open cells, candidates left), the first step
//! beyond singles the ladder made, and the first deduction found past its end. Past
//! the end come the sound families kept out of the ladder ([`OFF_LADDER`]: the
//! tridagon and aligned exclusion unlock no puzzle of the shared sets, and the
//! multi-sector locked set and the weighted house count cost far more than the rest
//! of the ladder on a stuck position), then, as a diagnostic only (never a
//! rule of the ladder: it tries a value and follows it), a forcing chain: a candidate
//! whose placement leads to a contradiction by singles, or else by the rules of levels
//! 0 to 2, in the fewest steps.

use super::{Format, Rating};
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::Step;
use crate::backends::rules::engine::{self, Finish, Run, RULES};
use crate::backends::rules::families::{exclusion, msls, tridagon, weights};
use crate::backends::rules::present::text as render;
use crate::model::Puzzle;
use crate::words::counted;
use serde_json::json;
use std::time::Instant;

/// Sound families that are not in the ladder: tried first past its end, cheapest
/// first; the weighted house count ([`weights`]) comes after them.
pub(crate) const OFF_LADDER: &[fn(&Board, &State) -> Option<Step>] = &[
    tridagon::find,
    exclusion::pair,
    exclusion::triple,
    msls::find,
];

/// What a stuck run reached and lacks.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Diagnosis {
    /// Open cells in the position reached.
    pub open: usize,
    /// Candidates left in its open cells.
    pub candidates: usize,
    /// The first step of a rule above level 0: its number (from 1) and name.
    pub beyond_singles: Option<(usize, String)>,
    /// The first deduction past the ladder's end.
    pub next: Option<Next>,
}

/// A deduction past the ladder's end.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Next {
    /// Its family, in words.
    pub family: String,
    /// What it changes, in words.
    pub change: String,
    /// The candidates it removes, as `(cell, digit)`.
    pub removes: Vec<(usize, u8)>,
    /// Whether it is a sound family's step (else a forcing chain, a diagnostic).
    pub sound: bool,
}

impl Diagnosis {
    /// A stuck puzzle's line as `rate --stuck` prints it: where the ladder stopped (from
    /// the puzzle's `rating`) and what it lacks.
    pub(super) fn line(&self, r: &Rating, format: Format) -> String {
        let d = self;
        let beyond = match &d.beyond_singles {
            Some((k, name)) => format!("first step beyond singles: step {k}, {name}"),
            None => "first step beyond singles: none".into(),
        };
        let next = match &d.next {
            Some(n) => format!("next: {}: {}", n.family, n.change),
            None => "next: none found".into(),
        };
        match format {
            Format::Text => format!(
                "{}\tstuck after {}, {}\t{} open, {} candidates\t{beyond}\t{next}\n",
                r.place(),
                counted(r.steps, "step"),
                r.hardest_text(),
                counted(d.open, "cell"),
                d.candidates
            ),
            Format::Json => {
                let mut v = r.to_json();
                v["diagnosis"] = json!({
                    "open_cells": d.open,
                    "candidates": d.candidates,
                    "beyond_singles": d.beyond_singles.as_ref().map(|(k, name)| json!({"step": k, "name": name})),
                    "next": d.next.as_ref().map(|n| json!({"family": n.family, "change": n.change})),
                });
                format!("{v}\n")
            }
        }
    }
}

/// What the stuck puzzles of a run lack, counted.
#[derive(Default)]
pub(super) struct Tally {
    stuck: usize,
    beyond_singles: usize,
    /// Puzzles with a sound step beyond singles in the ladder or, stuck at their
    /// singles, by a sound family past its end.
    shown: usize,
    /// The family of each next step found, with its count, in order of first sight.
    next: Vec<(String, usize)>,
    none: usize,
}

impl Tally {
    /// Counts one stuck puzzle's diagnosis.
    pub(super) fn add(&mut self, d: &Diagnosis) {
        self.stuck += 1;
        self.beyond_singles += usize::from(d.beyond_singles.is_some());
        self.shown +=
            usize::from(d.beyond_singles.is_some() || d.next.as_ref().is_some_and(|n| n.sound));
        match &d.next {
            Some(next) => match self.next.iter_mut().find(|(f, _)| *f == next.family) {
                Some((_, k)) => *k += 1,
                None => self.next.push((next.family.clone(), 1)),
            },
            None => self.none += 1,
        }
    }

    /// The counts as `rate --stuck` prints them after the summary.
    pub(super) fn text(&self, format: Format) -> String {
        match format {
            Format::Json => format!(
                "{}\n",
                json!({"stuck": {
                    "puzzles": self.stuck,
                    "beyond_singles": self.beyond_singles,
                    "beyond_singles_with_families_past_the_ladder": self.shown,
                    "next": self.next.iter().map(|(f, k)| json!({"family": f, "puzzles": k})).collect::<Vec<_>>(),
                    "no_next_step": self.none,
                }})
            ),
            Format::Text => {
                let mut next: Vec<String> =
                    self.next.iter().map(|(f, k)| format!("{f} {k}")).collect();
                next.push(format!("none found {}", self.none));
                format!(
                    "# stuck: {}; with a step beyond singles: {} (with the sound families past the ladder's end: {}); next step past the ladder: {}\n",
                    self.stuck,
                    self.beyond_singles,
                    self.shown,
                    next.join(", ")
                )
            }
        }
    }
}

/// The position a run's recorded steps reach from the puzzle.
pub(crate) fn reached(board: &Board, puzzle: &Puzzle, steps: &[Step]) -> State {
    let mut s = State::new(board, puzzle);
    for step in steps {
        for &(c, d) in &step.placements {
            s.place(board, c, d);
        }
        for &(c, d) in &step.eliminations {
            s.eliminate(board, c, d);
        }
    }
    s
}

/// The diagnosis of a run recorded without guessing ([`engine::Options::record`]),
/// looking past the ladder as [`past_the_ladder`] does.
pub(crate) fn diagnose(
    board: &Board,
    puzzle: &Puzzle,
    run: &Run,
    deadline: Option<Instant>,
    weights_tried: bool,
) -> Diagnosis {
    let s = reached(board, puzzle, &run.steps);
    let open: Vec<usize> = (0..s.value.len()).filter(|&c| s.value[c] == 0).collect();
    let beyond_singles = run
        .steps
        .iter()
        .position(|st| st.level().is_some_and(|l| l > 0))
        .map(|k| (k + 1, render::name(board, &run.steps[k])));
    let next = if run.finish == Finish::Stuck {
        next_step(board, &s, &open, deadline, weights_tried)
    } else {
        None
    };
    Diagnosis {
        open: open.len(),
        candidates: open.iter().map(|&c| s.cand[c].len() as usize).sum(),
        beyond_singles,
        next,
    }
}

/// The first step of a sound family kept out of the ladder ([`OFF_LADDER`], then the
/// weighted house count unless the run tried it already in the ladder) on a position,
/// if any finds one; the weighted count gives up once `deadline` passes.
pub(crate) fn past_the_ladder(
    board: &Board,
    s: &State,
    deadline: Option<Instant>,
    weights_tried: bool,
) -> Option<Step> {
    OFF_LADDER
        .iter()
        .find_map(|find| find(board, s))
        .or_else(|| {
            (!weights_tried)
                .then(|| weights::find_until(board, s, deadline))
                .flatten()
        })
}

/// The first deduction past the ladder's end on a stuck position.
fn next_step(
    board: &Board,
    s: &State,
    open: &[usize],
    deadline: Option<Instant>,
    weights_tried: bool,
) -> Option<Next> {
    if let Some(step) = past_the_ladder(board, s, deadline, weights_tried) {
        return Some(Next {
            family: render::name(board, &step),
            change: render::change(board, &step),
            removes: step.eliminations,
            sound: true,
        });
    }
    // The rules up to a level: a prefix of the ladder.
    let up_to = |level| {
        RULES
            .iter()
            .position(|r| r.level > level)
            .unwrap_or(RULES.len())
    };
    let (singles, easy) = (up_to(0), up_to(2));
    for (upto, how) in [(singles, "singles"), (easy, "the rules of levels 0-2")] {
        // The shortest: the candidate refuted in the fewest steps (first in cell
        // order among equals).
        let mut best: Option<(u64, usize, u8)> = None;
        for &c in open {
            for d in s.cand[c].iter() {
                let mut trial = s.clone();
                trial.place(board, c, d);
                let (finish, steps) = engine::settle(board, &mut trial, upto);
                if finish == Finish::Contradiction && best.is_none_or(|(k, _, _)| steps < k) {
                    best = Some((steps, c, d));
                }
            }
        }
        if let Some((steps, c, d)) = best {
            let cell = board.cell_name(c);
            return Some(Next {
                family: format!("forcing chain (diagnostic, by {how})"),
                change: format!("remove {d} from {cell}: {cell}={d} leads to a contradiction in {steps} steps, the fewest"),
                removes: vec![(c, d)],
                sound: false,
            });
        }
    }
    None
}
