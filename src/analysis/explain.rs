//! One puzzle explained: the steps the rule engine takes on it, each with its level, the
//! name people know it by, what it changed and why, as text, as JSON, as one SVG picture
//! per step and as one HTML page that steps through them (what `sudoku-arena explain`
//! prints and writes). Where the ladder gets stuck without guessing, the first step of a
//! sound family kept out of it is shown after the position reached, not applied.

use super::stuck;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{Detail, Step};
use crate::backends::rules::engine::{self, Finish, Options, Run, RULES};
use crate::backends::rules::present::{eureka, page, svg, text};
use crate::backends::rules::verdict;
use crate::model::format::to_line;
use crate::model::Puzzle;
use crate::solver::Verdict;
use crate::words::counted;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// How to read the chains of the text, printed once before the steps when a step has one.
const EUREKA_LEGEND: &str = "# chains in Eureka notation: (9)r2c1 a candidate, (9)r2c13 or (7)r4c3,r6c23 the digit in one of the cells (r2c13: r2c1 and r2c3; past 9x9 every cell in full), = one of the two holds, - not both; (5=7)r2c257 a set of one digit more than cells that without 5 holds 7, (58)r2c89 a hidden pair, -T- and =T= links of the digit's valid placements, [fish 1] a fish the step names after the chain, => what it proves\n";

/// What an explanation asks of the rule engine.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct ExplainOptions {
    /// When no rule applies, try digits (Chen's Inference) instead of stopping; the
    /// steps go on along the branch that found the first solution.
    pub guessing: bool,
    /// Allow the uniqueness rules: sound only for puzzles known to have one solution.
    pub assume_unique: bool,
    /// Also try the weighted house count, as the ladder's last rule (sound, but slow).
    pub weights: bool,
    /// Time budget: the rules stop there and the steps made so far are explained.
    /// `None` for none.
    pub timeout: Option<Duration>,
}

/// One SVG picture of an explanation's step, with the file name it is written under.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Picture {
    /// `step-NNN.svg`, NNN the step's number from 1 (see [`is_step_picture`]).
    pub file_name: String,
    /// The picture: the candidates before the step, what it read and what it changes.
    pub svg: String,
}

/// Whether `name` is the file name of a step's picture: `step-` digits `.svg`.
pub fn is_step_picture(name: &str) -> bool {
    name.strip_prefix("step-")
        .and_then(|n| n.strip_suffix(".svg"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The rule engine's run on one puzzle with every step recorded, ready to be shown in
/// each of the forms `explain` offers.
pub struct Explanation {
    index: usize,
    puzzle: Puzzle,
    guessing: bool,
    board: Board,
    run: Run,
    /// The position before each recorded step, replayed once for every form shown.
    before: Vec<State>,
    /// Where the ladder stopped without guessing, the position it reached and the
    /// first step past its end, if a sound family kept out of it makes one.
    past: Option<(State, Step)>,
}

impl Explanation {
    /// Runs the rules on `puzzle`, the `index`-th (from 1) of its input, recording
    /// every step.
    pub fn new(puzzle: &Puzzle, index: usize, options: &ExplainOptions) -> Explanation {
        let deadline = options.timeout.and_then(|t| Instant::now().checked_add(t));
        let opts = Options {
            guessing: options.guessing,
            assume_unique: options.assume_unique,
            costly: options.weights,
            record: true,
            one_at_a_time: true,
            deadline,
            ..Options::default()
        };
        let board = Board::new(&puzzle.geometry);
        let mut run = engine::run(&board, puzzle, &opts);
        // The cells a chain names are cells its step reasons with, marked and listed.
        let start = State::new(&board, puzzle);
        let states = svg::states_before(&board, &start, &run.steps);
        for (step, state) in run.steps.iter_mut().zip(&states) {
            eureka::add_named_cells(&board, state, step);
        }
        // Where the ladder stops, the next deduction a sound family past its end makes.
        let past = if run.finish == Finish::Stuck && !options.guessing {
            let reached = stuck::reached(&board, puzzle, &run.steps);
            stuck::past_the_ladder(&board, &reached, deadline, options.weights)
                .map(|step| (reached, step))
        } else {
            None
        };
        Explanation {
            index,
            puzzle: puzzle.clone(),
            guessing: options.guessing,
            board,
            run,
            before: states,
            past,
        }
    }

    fn verdict(&self) -> Verdict {
        verdict(&self.run, self.guessing)
    }

    fn past_step(&self) -> Option<&Step> {
        self.past.as_ref().map(|(_, step)| step)
    }

    /// One line of a step, read on the position before it: number, level, name, what
    /// changed, and why.
    fn step_line(&self, number: usize, before: &State, step: &Step) -> String {
        let b = &self.board;
        format!(
            "{number:>4}. [{}] {}: {}. {}\n",
            text::level_label(step),
            text::name(b, step),
            text::change(b, step),
            text::reason_at(b, before, step)
        )
    }

    /// How the rules ended, in the words of the text's last `#` line.
    fn ending(&self) -> String {
        let run = &self.run;
        let g = &self.puzzle.geometry;
        match run.finish {
            Finish::Solved => format!(
                "solved by rules alone{}, hardest {}",
                match run.assumed_unique() {
                    true =>
                        " assuming the puzzle has one solution (a uniqueness rule fired: no proof)",
                    false => "",
                },
                run.hardest_rule.map_or_else(
                    || "none (all given)".into(),
                    |i| format!("level {} ({})", RULES[i].level, RULES[i].name)
                )
            ),
            Finish::Contradiction => match text::no_solution(&self.board, run) {
                Some(why) => format!("no solution: {why}"),
                None => "no solution: the rules found a contradiction".into(),
            },
            Finish::TimedOut => "stopped by the deadline".into(),
            Finish::Stuck => format!(
                "stuck: no rule applies with {} open cells; reached {}",
                run.partial.iter().filter(|&&v| v == 0).count(),
                to_line(g, &run.partial),
            ),
        }
    }

    /// What the steps prove, when they prove the verdict: rules that solve the puzzle
    /// without guessing, and without a uniqueness rule (which assumes what is to be
    /// proven, and may refute a puzzle with several solutions), make a proof a person can
    /// read that the solution is the only one; rules that end in a contradiction, that
    /// there is none.
    pub fn proof(&self) -> Option<&'static str> {
        let run = &self.run;
        match run.finish {
            Finish::Solved | Finish::Contradiction if run.assumed_unique() => None,
            Finish::Solved => Some(
                "these steps are a proof that the solution is the only one: each follows from the position before it, with no guess and no assumption of uniqueness, and together they place every digit",
            ),
            Finish::Contradiction => Some(
                "these steps are a proof that the puzzle has no solution: each follows from the position before it, with no guess, and they end in a contradiction",
            ),
            Finish::Stuck | Finish::TimedOut => None,
        }
    }

    /// The explanation as text: a `#` line naming the puzzle, one numbered line per
    /// step, then `#` lines saying how the rules ended (and, with guessing, the branch
    /// of guesses that found the first solution) and the solution.
    pub fn text(&self) -> String {
        let (run, g, puzzle) = (&self.run, &self.puzzle.geometry, &self.puzzle);
        let mut out = format!(
            "# puzzle {} ({}), {}: {}\n",
            self.index,
            puzzle.display_name(),
            g.describe(),
            to_line(g, &puzzle.cells)
        );
        if let Some(conflict) = puzzle.conflict() {
            out.push_str(&format!("# the givens break a rule: {conflict}\n"));
        }
        if run.steps.iter().any(|s| {
            matches!(
                s.detail,
                Detail::TwoSat { .. } | Detail::Als { .. } | Detail::Graph { .. }
            )
        }) {
            out.push_str(EUREKA_LEGEND);
        }
        let root_steps = run
            .steps
            .iter()
            .position(|s| s.is_guess())
            .unwrap_or(run.steps.len());
        let states = &self.before;
        for (i, step) in run.steps.iter().enumerate().take(root_steps) {
            out.push_str(&self.step_line(i + 1, &states[i], step));
        }
        out.push_str(&format!("# {}\n", self.ending()));
        if let Some(proof) = self.proof() {
            out.push_str(&format!("# {proof}\n"));
        }
        if let Some((reached, step)) = &self.past {
            let b = &self.board;
            out.push_str(&format!(
                "# past the ladder's end (not applied): {}: {}. {}\n",
                text::name(b, step),
                text::change(b, step),
                text::reason_at(b, reached, step)
            ));
        }
        let stuck = run.finish == Finish::Stuck;
        if stuck && !self.guessing {
            out.push_str(
                "# (--allow-guessing goes on from here by trying digits, Chen's Inference)\n",
            );
        }
        if self.guessing && stuck {
            if root_steps < run.steps.len() {
                out.push_str("# the branch of guesses that found the first solution:\n");
            }
            for (i, step) in run.steps.iter().enumerate().skip(root_steps) {
                out.push_str(&self.step_line(i + 1, &states[i], step));
            }
            out.push_str(&format!(
                "# with guessing: {} after {}\n",
                self.verdict().name(),
                counted(run.stats.inferences, "inference")
            ));
        }
        if let Some(s) = run.solutions.first() {
            out.push_str(&format!("# solution {}\n", to_line(g, s)));
        }
        out
    }

    /// The explanation as one JSON object: the puzzle, the verdict, the hardest level,
    /// every step as data, the position reached or the solution, and the step past the
    /// ladder's end.
    pub fn json(&self) -> Value {
        let (run, g, puzzle, b) = (&self.run, &self.puzzle.geometry, &self.puzzle, &self.board);
        let states = &self.before;
        let steps: Vec<_> = run
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| text::json(b, &states[i], i + 1, s))
            .collect();
        json!({
            "index": self.index,
            "source": puzzle.display_name(),
            "size": g.n,
            "puzzle": to_line(g, &puzzle.cells),
            "verdict": self.verdict().name(),
            "conflict": puzzle.conflict(),
            "hardest_level": run.hardest_level(),
            "guessing_needed": run.finish == Finish::Stuck,
            "inferences": run.stats.inferences,
            "partial": (run.finish == Finish::Stuck).then(|| to_line(g, &run.partial)),
            "no_solution": text::no_solution(b, run),
            "proof": self.proof(),
            "solution": run.solutions.first().map(|s| to_line(g, s)),
            "steps": steps,
            "past_the_ladder": self.past.as_ref().map(|(reached, s)| text::json(b, reached, run.steps.len() + 1, s)),
        })
    }

    /// The steps a picture or the page shows, each with the position it was found in:
    /// the recorded steps, then the step past the ladder's end in the position reached.
    fn shown(&self) -> (Vec<State>, Vec<Step>) {
        let mut states = self.before.clone();
        let mut steps = self.run.steps.clone();
        if let Some((reached, step)) = &self.past {
            states.push(reached.clone());
            steps.push(step.clone());
        }
        (states, steps)
    }

    /// One picture per step that is not a single, in step order.
    pub fn pictures(&self) -> Vec<Picture> {
        let (states, steps) = self.shown();
        steps
            .iter()
            .enumerate()
            .filter(|(_, step)| svg::is_nontrivial(step))
            .map(|(i, step)| Picture {
                file_name: format!("step-{:03}.svg", i + 1),
                svg: svg::svg(&self.board, &states[i], i + 1, step),
            })
            .collect()
    }

    /// How many steps [`Explanation::html`] shows (the step past the ladder's end
    /// included).
    pub fn page_steps(&self) -> usize {
        self.run.steps.len() + usize::from(self.past.is_some())
    }

    /// One self-contained HTML page (no network) that steps through the explanation:
    /// every step's picture, words and level, with next/previous buttons and the arrow
    /// keys, and how the rules ended.
    pub fn html(&self) -> String {
        let title = format!(
            "sudoku-arena explain: puzzle {} ({}), {}",
            self.index,
            self.puzzle.display_name(),
            self.puzzle.geometry.describe()
        );
        let (states, steps) = self.shown();
        page::html(&self.board, &title, &states, &steps, &self.page_ending())
    }

    /// How the rules ended, in the words of the page's last line.
    fn page_ending(&self) -> String {
        let run = &self.run;
        match run.finish {
            Finish::Solved if self.proof().is_some() => "Solved by rules alone: these steps are a proof that the solution is the only one.".to_string(),
            Finish::Solved => "Solved by rules alone.".to_string(),
            Finish::Contradiction => format!(
                "No solution: {}.{}",
                text::no_solution(&self.board, run)
                    .as_deref()
                    .unwrap_or("the rules found a contradiction"),
                match self.proof() {
                    Some(_) => " These steps are a proof of it.",
                    None => " A uniqueness rule assumed what is to be proven: this is no proof.",
                }
            ),
            Finish::TimedOut => "Stopped by the deadline.".into(),
            Finish::Stuck if self.guessing => format!(
                "The rules stuck; guessing gave: {} after {}.",
                self.verdict().name(),
                counted(run.stats.inferences, "inference")
            ),
            Finish::Stuck => match self.past_step() {
                Some(step) => format!(
                    "Stuck: no rule of the ladder applies; the last picture is the deduction a sound family past its end makes next ({}), not applied (try --allow-guessing).",
                    text::name(&self.board, step)
                ),
                None => "Stuck: no rule applies (try --allow-guessing).".into(),
            },
        }
    }
}
