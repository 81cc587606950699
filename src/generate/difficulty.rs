//! Difficulty levels for `generate --difficulty`: the level the `rules` ladder rates a
//! puzzle at (as `rate` prints it), or `guessing` when the ladder gets stuck.

use crate::backends::rules::engine::{Finish, Options, MAX_LEVEL};
use crate::backends::rules::RulesSolver;
use crate::model::Puzzle;
use std::fmt;
use std::time::Duration;

/// A rating of the rule ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Solved by the rules; the hardest level they needed (0 singles … 6 almost locked sets).
    Level(u8),
    /// The rules get stuck: solving needs guessing.
    Guessing,
}

impl Difficulty {
    /// Parses `0` to `6`, a level's name (`singles`, `locked`, `subsets`, `cycles`,
    /// `conflicts`, `2sat`, `als`) or `guessing`.
    pub fn from_name(text: &str) -> Result<Difficulty, String> {
        let lower = text.to_ascii_lowercase();
        let level = match lower.as_str() {
            "singles" => Some(0),
            "locked" | "pairs" => Some(1),
            "subsets" | "fish" | "nishio" => Some(2),
            "cycles" | "paths" => Some(3),
            "conflicts" => Some(4),
            "2sat" | "2-sat" => Some(5),
            "als" | "blossom" => Some(6),
            "guessing" | "guess" | "stuck" => return Ok(Difficulty::Guessing),
            other => other.parse::<u8>().ok(),
        };
        match level {
            Some(l) if l <= MAX_LEVEL => Ok(Difficulty::Level(l)),
            _ => Err(format!(
                "'{text}' is not a difficulty: give a level 0 to {MAX_LEVEL} (0 singles, 1 locked, 2 subsets, 3 cycles, 4 conflicts, 5 2sat, 6 als) or `guessing`"
            )),
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Difficulty::Level(l) => write!(f, "level {l}"),
            Difficulty::Guessing => f.write_str("guessing"),
        }
    }
}

/// The rules ladder's rating of `puzzle` (without guessing, without the uniqueness
/// rules, as `rate` gives it); `None` when the deadline stopped it or the rules found a
/// contradiction.
pub fn rate(
    solver: &mut RulesSolver,
    puzzle: &Puzzle,
    timeout: Option<Duration>,
) -> Option<Difficulty> {
    let run = solver.run(
        puzzle,
        &Options {
            deadline: timeout.and_then(|t| std::time::Instant::now().checked_add(t)),
            ..Options::default()
        },
    );
    if run.timed_out {
        return None;
    }
    match run.finish {
        Finish::Solved => Some(Difficulty::Level(run.hardest_level().unwrap_or(0))),
        Finish::Stuck => Some(Difficulty::Guessing),
        Finish::Contradiction | Finish::TimedOut => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers() {
        assert_eq!(Difficulty::from_name("0"), Ok(Difficulty::Level(0)));
        assert_eq!(Difficulty::from_name("2SAT"), Ok(Difficulty::Level(5)));
        assert_eq!(Difficulty::from_name("guessing"), Ok(Difficulty::Guessing));
        assert_eq!(Difficulty::from_name("als"), Ok(Difficulty::Level(6)));
        assert!(Difficulty::from_name("7").is_err());
        assert!(Difficulty::from_name("hard").is_err());
    }
}
