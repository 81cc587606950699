//! Turning records into the comparison: per-backend figures, and the cross-checks —
//! wrong answers and verdicts that disagree between backends on the same puzzle.

/// The figures of one backend over the puzzles it ran.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct BackendSummary {
    /// Backend configuration.
    pub backend: String,
    /// Puzzles run.
    pub puzzles: usize,
    /// Puzzles with the verdict `solved`: a valid solution, uniqueness not proven (as
    /// each other count, the puzzles of one verdict; those with a solution are
    /// `solved + unique + multiple`).
    pub solved: usize,
    /// Puzzles proven to have exactly one solution.
    pub unique: usize,
    /// Puzzles with verdict `multiple`.
    pub multiple: usize,
    /// Puzzles proven unsolvable.
    pub none: usize,
    /// Puzzles left `unknown` (deadline or undecided).
    pub unknown: usize,
    /// Puzzles stopped at the memory limit (`memout`).
    pub memout: usize,
    /// Puzzles the backend could not answer because it failed (counted in `unknown` too).
    pub failed: usize,
    /// Answers the validator rejected (must be 0).
    pub wrong: usize,
    /// 10th percentile of the time per puzzle, ms: beside the median and the 90th, it
    /// shows a spread a single median over a mixed set hides.
    pub p10_ms: f64,
    /// Median wall time per puzzle, ms.
    pub median_ms: f64,
    /// 90th percentile, ms.
    pub p90_ms: f64,
    /// Slowest, ms.
    pub max_ms: f64,
    /// `x fastest`: the median over the smallest median of the backends that answered
    /// every puzzle, measured in the same run, so never below 1; not a number for a
    /// backend that did not answer every puzzle (its median is not over the same work)
    /// or whose median is below its clock's resolution. With `--repeat`, the mean over
    /// the rounds of each round's ratio, so that one figure is printed in the table and
    /// beside its interval ([`Rounds::ratio_ci`]).
    pub ratio_to_fastest: f64,
    /// The coarsest resolution of the times above, ms: an external solver that reports
    /// to 10 or 100 ms makes them no finer than that (0 when the records do not say).
    pub time_resolution_ms: f64,
    /// Median time to get a puzzle to a worker process and back, ms (0 in process);
    /// never part of the solve times above.
    pub median_transport_ms: f64,
    /// Mean of the backend's own effort measure (`Stats::nodes`).
    pub mean_effort: f64,
    /// What that effort counts.
    pub effort_name: String,
    /// Mean encoding size: variables (or rows).
    pub mean_variables: f64,
    /// Mean encoding size: constraints (or columns).
    pub mean_constraints: f64,
    /// Penalised average run time, ms: the mean time per puzzle where a solve without
    /// an answer (unknown, failed or wrong) counts twice the time budget, as SAT
    /// competitions score; not a number without a budget.
    pub par2_ms: f64,
    /// With `--repeat R` (R of 2 or more): R, and the 95 % confidence intervals of the
    /// median and of `x fastest`, from the spread of the R rounds (round k is every
    /// puzzle's k-th timed solve; over the puzzles every configuration ran).
    pub rounds: Option<Rounds>,
}

/// The spread of a configuration's figures over the rounds of `--repeat`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rounds {
    /// How many rounds.
    pub count: usize,
    /// The mean over the rounds of each round's median, ms.
    pub median_ms: f64,
    /// Its 95 % confidence interval (Student's t over the rounds), ms.
    pub median_ci_ms: (f64, f64),
    /// The 95 % confidence interval of `x fastest`, which with rounds is the mean over
    /// them of each round's ratio ([`BackendSummary::ratio_to_fastest`]); not a number
    /// when the configuration has no ratio.
    pub ratio_ci: (f64, f64),
}

/// An answer the independent validator rejected.
#[derive(Clone, Debug, PartialEq)]
pub struct WrongAnswer {
    /// The configuration that gave it.
    pub backend: String,
    /// Where the puzzle came from.
    pub source: String,
    /// What the validator found wrong.
    pub what: String,
}

/// Two backends that cannot both be right about a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    /// Where the puzzle came from.
    pub source: String,
    /// What each backend said: `backend=verdict`.
    pub verdicts: Vec<String>,
    /// Why they cannot both be right.
    pub reason: String,
}

/// The comparison of a set of records.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Summary {
    /// One row per backend, in first-seen order.
    pub backends: Vec<BackendSummary>,
    /// Cross-backend disagreements.
    pub disagreements: Vec<Disagreement>,
    /// Wrong answers, in the order of the input.
    pub wrong: Vec<WrongAnswer>,
    /// Distinct puzzles.
    pub puzzles: usize,
    /// The puzzles every backend ran or does not take: `ratio_to_fastest` compares
    /// medians over these alone (all of them, unless some backend ran only part of the
    /// puzzles), among the configurations that took every puzzle.
    pub common_puzzles: usize,
    /// Per configuration, the puzzles it does not take (a Killer's cages, a Jigsaw's
    /// regions) and was not asked: not in its row, not failures.
    pub not_applicable: Vec<(String, usize)>,
}

impl Summary {
    /// Whether everything checked out: no wrong answer, no disagreement.
    pub fn clean(&self) -> bool {
        self.wrong.is_empty() && self.disagreements.is_empty()
    }
}
