//! The engine: one ordered table of rules drives solving, explaining and rating.
//! Apply the first rule in the table that makes progress, record the step, start
//! again from the top; stop when solved, contradicted or stuck. With guessing, a
//! stuck position is split by Chen's Inference (Theorem 11): a cell is chosen, each of
//! its digits is tried in turn and the rules continue; a contradiction backtracks.

use super::board::Board;
use super::narrow;
use super::state::{Broken, State};
use super::step::{Detail, Stamp, Step};
use crate::backends::rules::families::{
    als, blossom, cages, chains, exocet, innies, locked, matching, nishio, singles, subsets,
    twosat, unique, weights,
};
use crate::model::puzzle::Grid;
use crate::model::Puzzle;
use std::time::Instant;

/// One entry of the ladder: the rule's identity, stated here and nowhere else (the
/// engine stamps every step a rule finds with its place in [`RULES`], and a step's
/// name, level and uniqueness assumption are read back from there).
pub struct Rule {
    /// The name steps are recorded under.
    pub name: &'static str,
    /// Its level (0 easiest), an index into [`LEVELS`].
    pub level: u8,
    /// Whether the rule is sound only for puzzles with one solution (tried only with
    /// [`Options::assume_unique`]).
    pub assumes_unique: bool,
    /// Whether the rule costs far more than the rest of the ladder (tried only with
    /// [`Options::costly`]).
    pub costly: bool,
    /// Finds the first deduction the rule can make, without changing the state. The
    /// step it returns carries no identity of its own: [`find`] stamps it.
    pub find: Find,
}

/// How a rule looks for its deduction.
#[derive(Clone, Copy)]
pub enum Find {
    /// From the position alone.
    Position(fn(&Board, &State) -> Option<Step>),
    /// From the position and the engine's [`Scratch`] (what several rules build from
    /// one position, kept while the position stays).
    Scratch(fn(&Board, &State, &mut chains::Graphs) -> Option<Step>),
    /// From the position and the 2-SAT instance the engine's [`Scratch`] keeps for it.
    Instance(fn(&Board, &State, &mut twosat::Kept) -> Option<Step>),
    /// From the position and what the engine's [`Scratch`] keeps for it: the 2-SAT
    /// instance, the almost locked sets, their groups and the search with templates.
    Als(fn(&Board, &State, &mut als::Kept) -> Option<Step>),
    /// Nishio's: from the position and the digits the engine's [`Scratch`] keeps as
    /// searched in vain, giving up (nothing found) once the run's deadline passes (one
    /// call on a large board can outlast a deadline).
    Bounded(fn(&Board, &State, &mut nishio::Kept, Option<Instant>) -> Option<Step>),
    /// From the position alone, giving up (nothing found) once the run's deadline
    /// passes.
    Timed(fn(&Board, &State, Option<Instant>) -> Option<Step>),
}

/// Work space one engine run owns and lends to the rules that ask for it: nothing is
/// kept anywhere else, so runs (on one thread or many) never see each other's.
#[derive(Default)]
pub struct Scratch {
    /// The bilocation and bivalue graphs of the last position a graph rule read.
    pub graphs: chains::Graphs,
    /// The 2-SAT instance, almost locked sets, their groups and the search with
    /// templates of the last position a rule built on them read.
    pub als: als::Kept,
    /// The digits nishio last searched in vain, with their cells.
    pub nishio: nishio::Kept,
    /// The run's deadline, lent to the rules that look at it while they work.
    pub deadline: Option<Instant>,
}

impl Rule {
    /// A rule that holds for every puzzle and reads the position alone.
    pub const fn new(
        name: &'static str,
        level: u8,
        find: fn(&Board, &State) -> Option<Step>,
    ) -> Rule {
        Rule {
            name,
            level,
            assumes_unique: false,
            costly: false,
            find: Find::Position(find),
        }
    }

    /// A rule that holds for every puzzle and finds its steps as `find` says (what
    /// else than the position it reads: the engine's [`Scratch`], the run's deadline).
    pub const fn with(name: &'static str, level: u8, find: Find) -> Rule {
        Rule {
            find,
            ..Rule::new(name, level, |_, _| None)
        }
    }

    /// The same rule, holding only for puzzles with one solution.
    pub const fn assuming_unique(self) -> Rule {
        Rule {
            assumes_unique: true,
            ..self
        }
    }

    /// The same rule, tried only when a run asks for the costly rules.
    pub const fn costly(self) -> Rule {
        Rule {
            costly: true,
            ..self
        }
    }
}

/// The ladder, in the order rules are tried.
pub const RULES: &[Rule] = &[
    Rule::new("naked single", 0, singles::naked),
    Rule::new("hidden single", 0, singles::hidden),
    Rule::new("cage combinations", 1, cages::combos),
    Rule::new("45 rule", 1, innies::single),
    Rule::new("locked candidates", 1, locked::find),
    Rule::new("cage confinement", 1, cages::confined),
    Rule::new("subset", 1, subsets::small),
    Rule::new("unique rectangle", 1, unique::rectangle).assuming_unique(),
    Rule::new("avoidable rectangle", 1, unique::avoidable).assuming_unique(),
    Rule::new("BUG+1", 1, unique::bug).assuming_unique(),
    Rule::new("virtual cages", 2, innies::virtual_cages),
    Rule::new("unit matching", 2, matching::unit),
    Rule::new("digit matching", 2, matching::digit),
    Rule::with("nishio", 2, Find::Bounded(nishio::find)),
    Rule::with(
        "bilocation cycle",
        3,
        Find::Scratch(chains::bilocation_cycle),
    ),
    Rule::with("bivalue cycle", 3, Find::Scratch(chains::bivalue_cycle)),
    Rule::with("repetitive cycle", 3, Find::Scratch(chains::repetitive)),
    Rule::with("nonrepetitive path", 3, Find::Scratch(chains::path)),
    Rule::with("conflicting paths", 4, Find::Scratch(chains::conflict)),
    Rule::with("2-SAT", 5, Find::Instance(twosat::find)),
    Rule::with("finned fish", 6, Find::Als(als::find_fish)),
    Rule::with("almost locked sets", 6, Find::Als(als::find)),
    Rule::with("death blossom", 6, Find::Als(blossom::find)),
    Rule::with("template chains", 7, Find::Als(als::find_with_templates)),
    Rule::new("exocet", 8, exocet::find),
    Rule::with("weighted house count", 8, Find::Timed(weights::find_until)).costly(),
];

/// One level of the ladder, with the names `generate --difficulty` knows it by.
pub struct Level {
    /// Its name.
    pub name: &'static str,
    /// Other names accepted for it.
    pub aliases: &'static [&'static str],
}

/// The levels, easiest first: a rule's `level` indexes this table.
pub const LEVELS: &[Level] = &[
    Level {
        name: "singles",
        aliases: &[],
    },
    Level {
        name: "locked",
        aliases: &["pairs"],
    },
    Level {
        name: "subsets",
        aliases: &["fish", "nishio"],
    },
    Level {
        name: "cycles",
        aliases: &["paths"],
    },
    Level {
        name: "conflicts",
        aliases: &[],
    },
    Level {
        name: "2sat",
        aliases: &["2-sat"],
    },
    Level {
        name: "als",
        aliases: &["blossom"],
    },
    Level {
        name: "templates",
        aliases: &["template-chains"],
    },
    Level {
        name: "exocet",
        aliases: &["exotic"],
    },
];

/// The highest level of the ladder.
pub const MAX_LEVEL: u8 = LEVELS.len() as u8 - 1;

// Every rule's level is a level of the table, and levels never go down the table (a
// prefix of the ladder is the rules up to a level).
const _: () = {
    let mut i = 0;
    while i < RULES.len() {
        assert!(RULES[i].level <= MAX_LEVEL);
        assert!(i == 0 || RULES[i - 1].level <= RULES[i].level);
        i += 1;
    }
};

/// Runs rule `index` of [`RULES`] on a position and stamps the step it finds with it.
pub fn find(index: usize, board: &Board, state: &State, scratch: &mut Scratch) -> Option<Step> {
    let mut step = match RULES[index].find {
        Find::Position(f) => f(board, state),
        Find::Scratch(f) => f(board, state, &mut scratch.graphs),
        Find::Instance(f) => f(board, state, &mut scratch.als.instance),
        Find::Als(f) => f(board, state, &mut scratch.als),
        Find::Bounded(f) => f(board, state, &mut scratch.nishio, scratch.deadline),
        Find::Timed(f) => f(board, state, scratch.deadline),
    }?;
    step.rule = Some(stamp(index));
    Some(step)
}

/// The identity of rule `index` of [`RULES`], as steps carry it.
pub fn stamp(index: usize) -> Stamp {
    let rule = &RULES[index];
    Stamp {
        index,
        name: rule.name,
        level: rule.level,
        assumes_unique: rule.assumes_unique,
    }
}

/// The index in [`RULES`] of the rule named `name`.
pub fn rule_index(name: &str) -> Option<usize> {
    RULES.iter().position(|r| r.name == name)
}

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
    /// Also try the costly rules (the weighted house count: sound, and it solves every
    /// magictour puzzle, but at many times the rest of the ladder's time there; the
    /// figures are in `docs/rules.md`).
    pub costly: bool,
    /// Rules left out of the ladder (indices into [`RULES`]), to measure what the
    /// others do without them.
    pub without: Vec<usize>,
    /// Apply one consequence a step, the one with the shortest proof
    /// ([`narrow::one_consequence`]), and start again from the bottom: what a person
    /// follows. Without it a rule's whole batch is applied at once (faster).
    pub one_at_a_time: bool,
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
            costly: false,
            without: Vec::new(),
            one_at_a_time: false,
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
    /// Bilocation and bivalue graphs built (each kind once per position a graph rule
    /// reads), in every branch.
    pub graph_builds: u64,
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

    /// Whether a rule that assumes the puzzle has one solution made a step.
    pub fn assumed_unique(&self) -> bool {
        RULES
            .iter()
            .zip(&self.stats.fired)
            .any(|(rule, &fired)| rule.assumes_unique && fired > 0)
    }
}

/// What one pass over the ladder found.
enum Next {
    /// Rule `.0` found a step (boxed: a step is large beside the other answers).
    Step(usize, Box<Step>),
    /// Every rule ran and none applies.
    Stuck,
    /// The deadline passed before every rule had run its course.
    CutShort,
}

struct Ctx<'a> {
    board: &'a Board,
    opts: &'a Options,
    /// How many rules of [`RULES`], from the top, may be tried.
    upto: usize,
    scratch: Scratch,
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
            let (i, step) = match self.first_step(state) {
                Next::Step(i, step) if self.opts.one_at_a_time => {
                    (i, narrow::one_consequence(*step))
                }
                Next::Step(i, step) => (i, *step),
                Next::Stuck => return (Finish::Stuck, hardest),
                Next::CutShort => return (Finish::TimedOut, hardest),
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

    fn first_step(&mut self, state: &State) -> Next {
        // The uniqueness patterns swap digits between cells, which a Killer cage's total
        // may forbid, and are stated for boxes: plain boards only.
        let unique_allowed = self.opts.assume_unique && self.board.geometry.is_plain();
        for (i, rule) in RULES.iter().enumerate().take(self.upto) {
            if rule.assumes_unique && !unique_allowed
                || rule.costly && !self.opts.costly
                || self.opts.without.contains(&i)
            {
                continue;
            }
            // Between rules too: a fruitless pass over the expensive ones is the long part.
            if i > 0 && self.expired() {
                return Next::CutShort;
            }
            self.stats.calls[i] += 1;
            let found = if self.opts.profile {
                let t = Instant::now();
                let f = find(i, self.board, state, &mut self.scratch);
                self.stats.nanos[i] += t.elapsed().as_nanos() as u64;
                f
            } else {
                find(i, self.board, state, &mut self.scratch)
            };
            if let Some(step) = found {
                return Next::Step(i, Box::new(step));
            }
            // A rule that looks at the deadline may have given up: nothing found then
            // does not mean stuck.
            if matches!(rule.find, Find::Bounded(_) | Find::Timed(_)) && self.expired() {
                return Next::CutShort;
            }
        }
        Next::Stuck
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
                let mut step = Step::new(Detail::Guess {
                    inference: self.stats.inferences,
                    refuted: refuted.clone(),
                });
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

/// The first `upto` rules of [`RULES`] to their end on a position, without guessing
/// or recording: how they ended and the steps they made.
pub fn settle(board: &Board, state: &mut State, upto: usize) -> (Finish, u64) {
    let opts = Options::default();
    let mut ctx = Ctx {
        board,
        opts: &opts,
        upto,
        scratch: Scratch::default(),
        stats: EngineStats::new(),
        solutions: Vec::new(),
        timed_out: false,
    };
    let (finish, _) = ctx.deduce(state, None);
    (finish, ctx.stats.steps)
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
        upto: RULES.len(),
        scratch: Scratch {
            deadline: opts.deadline,
            ..Scratch::default()
        },
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
        stats: EngineStats {
            graph_builds: ctx.scratch.graphs.builds(),
            ..ctx.stats
        },
    }
}
