//! The engine: one ordered table of rules drives solving, explaining and rating.
//! Apply the first rule in the table that makes progress, record the step, start
//! again from the top; stop when solved, contradicted or stuck. With guessing, a
//! stuck position is split by Chen's Inference (Theorem 11): a cell is chosen, each of
//! its digits is tried in turn and the rules continue; a contradiction backtracks.

use super::board::Board;
use super::state::{Broken, State};
use super::step::{Detail, Step};
use super::{als, blossom, chains, locked, matching, nishio, singles, subsets, twosat, unique};
use crate::model::puzzle::Grid;
use crate::model::Puzzle;
use std::time::Instant;

/// One entry of the ladder.
pub struct Rule {
    /// The name steps are recorded under.
    pub name: &'static str,
    /// Its level (0 easiest), named in `encodings/rules.md`.
    pub level: u8,
    /// Finds the first deduction the rule can make, without changing the state.
    pub find: fn(&Board, &State) -> Option<Step>,
    /// Whether the rule is sound only for puzzles with one solution (tried only with
    /// [`Options::assume_unique`]).
    pub assumes_unique: bool,
}

/// The ladder, in the order rules are tried.
pub const RULES: &[Rule] = &[
    Rule {
        name: "naked single",
        level: 0,
        find: singles::naked,
        assumes_unique: false,
    },
    Rule {
        name: "hidden single",
        level: 0,
        find: singles::hidden,
        assumes_unique: false,
    },
    Rule {
        name: "locked candidates",
        level: 1,
        find: locked::find,
        assumes_unique: false,
    },
    Rule {
        name: "subset",
        level: 1,
        find: subsets::small,
        assumes_unique: false,
    },
    Rule {
        name: "unique rectangle",
        level: 1,
        find: unique::find,
        assumes_unique: true,
    },
    Rule {
        name: "unit matching",
        level: 2,
        find: matching::unit,
        assumes_unique: false,
    },
    Rule {
        name: "digit matching",
        level: 2,
        find: matching::digit,
        assumes_unique: false,
    },
    Rule {
        name: "nishio",
        level: 2,
        find: nishio::find,
        assumes_unique: false,
    },
    Rule {
        name: "bilocation cycle",
        level: 3,
        find: chains::bilocation_cycle,
        assumes_unique: false,
    },
    Rule {
        name: "bivalue cycle",
        level: 3,
        find: chains::bivalue_cycle,
        assumes_unique: false,
    },
    Rule {
        name: "repetitive cycle",
        level: 3,
        find: chains::repetitive,
        assumes_unique: false,
    },
    Rule {
        name: "nonrepetitive path",
        level: 3,
        find: chains::path,
        assumes_unique: false,
    },
    Rule {
        name: "conflicting paths",
        level: 4,
        find: chains::conflict,
        assumes_unique: false,
    },
    Rule {
        name: "2-SAT",
        level: 5,
        find: twosat::find,
        assumes_unique: false,
    },
    Rule {
        name: "almost locked sets",
        level: 6,
        find: als::find,
        assumes_unique: false,
    },
    Rule {
        name: "death blossom",
        level: 6,
        find: blossom::find,
        assumes_unique: false,
    },
];

/// The highest level of the ladder.
pub const MAX_LEVEL: u8 = 6;

/// The level recorded on a guess step: above every rule.
const GUESS_LEVEL: u8 = u8::MAX;

/// What the caller asks of a run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Split stuck positions by trial (Chen's Inference) instead of stopping.
    pub guessing: bool,
    /// With guessing: stop after this many solutions (2 proves uniqueness).
    pub max_solutions: usize,
    /// Stop, with the answer unknown, once this instant has passed.
    pub deadline: Option<Instant>,
    /// Keep the steps of the line that led to the first solution (or to the stuck
    /// position); solving alone does not need them.
    pub record: bool,
    /// Time every rule call (costs two clock reads per call; for measurements).
    pub profile: bool,
    /// Also try the uniqueness rules (sound only if the puzzle has one solution).
    pub assume_unique: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            guessing: false,
            max_solutions: 2,
            deadline: None,
            record: false,
            profile: false,
            assume_unique: false,
        }
    }
}

/// Work done by a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineStats {
    /// Steps applied (guesses not counted), in every branch.
    pub steps: u64,
    /// Steps applied per rule, in [`RULES`] order.
    pub fired: Vec<u64>,
    /// Rule calls per rule (a call that finds nothing counts too).
    pub calls: Vec<u64>,
    /// Nanoseconds spent per rule, with [`Options::profile`].
    pub nanos: Vec<u64>,
    /// Candidates removed, placements' consequences included.
    pub eliminations: u64,
    /// Trial placements (Chen's inferences).
    pub inferences: u64,
    /// Trial branches that ended in a contradiction.
    pub dead_ends: u64,
}

impl EngineStats {
    fn new() -> EngineStats {
        EngineStats {
            fired: vec![0; RULES.len()],
            calls: vec![0; RULES.len()],
            nanos: vec![0; RULES.len()],
            ..EngineStats::default()
        }
    }
}

/// How the rules alone ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every cell placed: the only solution.
    Solved,
    /// No rule applies and cells are open.
    Stuck,
    /// The position has no completion.
    Contradiction,
    /// The deadline passed.
    TimedOut,
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Run {
    /// How the rules ended before any guess.
    pub finish: Finish,
    /// The grid the rules reached before any guess (0 for open cells).
    pub partial: Grid,
    /// When the rules found no completion without a step saying why (a placement or
    /// removal emptied a cell or a digit's places in a unit): what was emptied.
    pub broken: Option<Broken>,
    /// The highest rule index used before any guess.
    pub hardest_rule: Option<usize>,
    /// Solutions found (with guessing, up to the limit; without, the one the rules reached).
    pub solutions: Vec<Grid>,
    /// Whether the search was exhaustive: with guessing, every branch was closed
    /// (stopping at the solution limit is not); without, the rules solved or refuted
    /// the puzzle.
    pub complete: bool,
    /// Whether the deadline stopped the run.
    pub timed_out: bool,
    /// With [`Options::record`]: the steps of the rules before any guess, then the
    /// guesses and steps of the branch that found the first solution.
    pub steps: Vec<Step>,
    /// Work done.
    pub stats: EngineStats,
}

impl Run {
    /// The highest level of rule used before any guess.
    pub fn hardest_level(&self) -> Option<u8> {
        self.hardest_rule.map(|i| RULES[i].level)
    }
}

struct Ctx<'a> {
    board: &'a Board,
    opts: &'a Options,
    stats: EngineStats,
    solutions: Vec<Grid>,
    timed_out: bool,
}

impl Ctx<'_> {
    fn expired(&mut self) -> bool {
        if self.timed_out {
            return true;
        }
        // Every time: one step runs every rule until one applies, which on a large or
        // empty board takes milliseconds (nishio on an empty 16x16), so a clock read is
        // nothing beside it, and checking only every few steps overran the budget.
        if self.opts.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// The rules to their end on `state`; steps are appended to `trace` when given.
    /// Returns how it ended and the highest rule index used.
    fn deduce(
        &mut self,
        state: &mut State,
        mut trace: Option<&mut Vec<Step>>,
    ) -> (Finish, Option<usize>) {
        let mut hardest = None;
        loop {
            if state.broken.is_some() {
                return (Finish::Contradiction, hardest);
            }
            if state.open == 0 {
                return (Finish::Solved, hardest);
            }
            if self.expired() {
                return (Finish::TimedOut, hardest);
            }
            let Some((i, step)) = self.first_step(state) else {
                if self.timed_out {
                    return (Finish::TimedOut, hardest);
                }
                return (Finish::Stuck, hardest);
            };
            hardest = hardest.max(Some(i));
            self.stats.fired[i] += 1;
            self.stats.steps += 1;
            let contradiction = step.is_contradiction();
            let mut changed = 0;
            for &(cell, d) in &step.placements {
                changed += 1 + state.place(self.board, cell, d);
            }
            for &(cell, d) in &step.eliminations {
                changed += usize::from(state.eliminate(self.board, cell, d));
            }
            self.stats.eliminations += changed as u64 - step.placements.len() as u64;
            if let Some(t) = trace.as_deref_mut() {
                t.push(step);
            }
            if contradiction {
                return (Finish::Contradiction, hardest);
            }
            if changed == 0 {
                debug_assert!(
                    false,
                    "rule {} made a step that changed nothing",
                    RULES[i].name
                );
                return (Finish::Stuck, hardest);
            }
        }
    }

    fn first_step(&mut self, state: &State) -> Option<(usize, Step)> {
        for (i, rule) in RULES.iter().enumerate() {
            if rule.assumes_unique && !self.opts.assume_unique {
                continue;
            }
            // Between rules too: a fruitless pass over the expensive ones is the long part.
            if i > 0 && self.expired() {
                return None;
            }
            self.stats.calls[i] += 1;
            let found = if self.opts.profile {
                let t = Instant::now();
                let f = (rule.find)(self.board, state);
                self.stats.nanos[i] += t.elapsed().as_nanos() as u64;
                f
            } else {
                (rule.find)(self.board, state)
            };
            if let Some(step) = found {
                return Some((i, step));
            }
        }
        None
    }

    /// Rules, then trial placements where they stick. Returns whether to stop.
    fn explore(&mut self, mut state: State, trace: &mut Vec<Step>) -> bool {
        let tracing = self.opts.record && self.solutions.is_empty();
        let (finish, _) = self.deduce(&mut state, tracing.then_some(&mut *trace));
        match finish {
            Finish::Solved => {
                self.solutions.push(state.grid());
                self.solutions.len() >= self.opts.max_solutions
            }
            Finish::Contradiction => {
                self.stats.dead_ends += 1;
                false
            }
            Finish::TimedOut => true,
            Finish::Stuck => self.branch(&state, trace),
        }
    }

    /// Chen's Inference on a stuck position: the open cell with fewest candidates
    /// (first in row-major order among equals), each digit in turn.
    fn branch(&mut self, state: &State, trace: &mut Vec<Step>) -> bool {
        let Some(cell) = (0..state.value.len())
            .filter(|&c| state.value[c] == 0)
            .min_by_key(|&c| state.cand[c].len())
        else {
            return false;
        };
        // The digits of this cell whose branches closed with no solution: a guess on
        // the recorded branch names them.
        let mut refuted = Vec::new();
        for d in state.cand[cell].iter() {
            self.stats.inferences += 1;
            let keep = self.opts.record && self.solutions.is_empty();
            let mark = trace.len();
            if keep {
                let mut step = Step::new(
                    "guess",
                    GUESS_LEVEL,
                    Detail::Guess {
                        inference: self.stats.inferences,
                        refuted: refuted.clone(),
                    },
                );
                step.cells.push(cell);
                step.digits.push(d);
                step.placements.push((cell, d));
                trace.push(step);
            }
            let mut child = state.clone();
            child.place(self.board, cell, d);
            let stop = self.explore(child, trace);
            if !keep || self.solutions.is_empty() {
                trace.truncate(mark);
            }
            if stop {
                return true;
            }
            if self.solutions.is_empty() {
                refuted.push(d);
            }
        }
        false
    }
}

/// Runs the ladder on a puzzle (and, with guessing, the search around it).
pub fn run(board: &Board, puzzle: &Puzzle, opts: &Options) -> Run {
    if puzzle.conflicting_givens().is_some() {
        // The givens themselves refute the puzzle: no rule is needed.
        return Run {
            finish: Finish::Contradiction,
            partial: puzzle.cells.clone(),
            // The conflict is the puzzle's own (`Puzzle::conflict` names it), not the rules'.
            broken: None,
            hardest_rule: None,
            solutions: Vec::new(),
            complete: true,
            timed_out: false,
            steps: Vec::new(),
            stats: EngineStats::new(),
        };
    }
    let mut ctx = Ctx {
        board,
        opts,
        stats: EngineStats::new(),
        solutions: Vec::new(),
        timed_out: false,
    };
    let mut state = State::new(board, puzzle);
    let mut steps = Vec::new();
    let (finish, hardest_rule) = ctx.deduce(&mut state, opts.record.then_some(&mut steps));
    let partial = state.grid();
    let broken = state.broken;
    let complete = match finish {
        Finish::Solved => {
            ctx.solutions.push(state.grid());
            true
        }
        Finish::Contradiction => true,
        Finish::TimedOut => false,
        Finish::Stuck if opts.guessing => {
            // Stopped early (by the limit or the deadline) means not exhaustive.
            !ctx.branch(&state, &mut steps)
        }
        Finish::Stuck => false,
    };
    Run {
        finish,
        partial,
        broken,
        hardest_rule,
        solutions: ctx.solutions,
        complete,
        timed_out: ctx.timed_out,
        steps,
        stats: ctx.stats,
    }
}
