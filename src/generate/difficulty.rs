//! Difficulty levels for `generate --difficulty`: the level the `rules` ladder rates a
//! puzzle at (as `rate` prints it), or `guessing` when the ladder gets stuck.

use crate::backends::rules::engine::{Finish, Options, LEVELS, MAX_LEVEL};
use crate::backends::rules::RulesSolver;
use crate::model::Puzzle;
use std::fmt;
use std::time::Duration;

/// A rating of the rule ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Solved by the rules; the hardest level they needed (an index of `engine::LEVELS`).
    Level(u8),
    /// The rules get stuck: solving needs guessing.
    Guessing,
}

impl Difficulty {
    /// Parses a level's number, its name or an alias of it (`engine::LEVELS`), or
    /// `guessing`.
    pub fn from_name(text: &str) -> Result<Difficulty, String> {
        let lower = text.to_ascii_lowercase();
        if matches!(lower.as_str(), "guessing" | "guess" | "stuck") {
            return Ok(Difficulty::Guessing);
        }
        let named = LEVELS
            .iter()
            .position(|l| l.name == lower || l.aliases.contains(&lower.as_str()));
        match named.or_else(|| lower.parse::<usize>().ok()) {
            Some(l) if l <= usize::from(MAX_LEVEL) => Ok(Difficulty::Level(l as u8)),
            _ => Err(format!(
                "'{text}' is not a difficulty: give a level 0 to {MAX_LEVEL} ({}) or `guessing`",
                level_list()
            )),
        }
    }
}

/// The levels as `0 singles, 1 locked, ...`.
fn level_list() -> String {
    LEVELS
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{i} {}", l.name))
        .collect::<Vec<_>>()
        .join(", ")
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
        assert_eq!(Difficulty::from_name("pairs"), Ok(Difficulty::Level(1)));
        assert_eq!(Difficulty::from_name("als"), Ok(Difficulty::Level(6)));
        assert_eq!(Difficulty::from_name("templates"), Ok(Difficulty::Level(7)));
        assert!(Difficulty::from_name(&(MAX_LEVEL + 1).to_string()).is_err());
        assert!(Difficulty::from_name("hard").is_err());
    }
}
