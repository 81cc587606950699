//! The colony's parameters and their names: `aco` is the authors' defaults, and a
//! configuration names what differs, as `KEY=VALUE` items (or `no-bve`) joined by `+`
//! (a `,` is read too, except in `compare --backends`, where it separates backends),
//! such as `aco:ants=20+q0=0.8+seed=7`. [`Config::name`] writes the one canonical form.

use crate::error::{Error, Result};

/// The parameters of one colony.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Ants per iteration.
    pub ants: usize,
    /// Greediness: the chance that an ant takes a cell's strongest value rather than a
    /// pheromone-weighted draw.
    pub q0: f64,
    /// Global pheromone evaporation (the weight of the best value in the global update).
    pub rho: f64,
    /// Local pheromone evaporation, towards the initial level, after every choice.
    pub xi: f64,
    /// Best value evaporation rate; `0` turns BVE off (plain ACS).
    pub bve: f64,
    /// The seed of the colony's random numbers.
    pub seed: u64,
    /// The most iterations a solve runs, the cap that stops a solve without a deadline;
    /// `None`: [`CELL_VISITS`] divided by the number of cells.
    pub max_iterations: Option<u64>,
}

/// The authors' defaults (paper section 4.1 and their code): 10 ants, q0 = 0.9,
/// rho = 0.9, BVE rate 0.005, xi = 0.1 (the standard ACS setting).
pub const DEFAULT: Config = Config {
    ants: 10,
    q0: 0.9,
    rho: 0.9,
    xi: 0.1,
    bve: 0.005,
    seed: 1,
    max_iterations: None,
};

/// The default cap, in cells visited per ant over a whole solve: 123,456 iterations on
/// a 9x9 grid, 39,062 on 16x16, 16,000 on 25x25 and 2,441 on 64x64, so a solve with no
/// deadline always ends, while the 5-20 s budgets of the paper's experiments stop a run
/// before the cap does.
pub const CELL_VISITS: u64 = 10_000_000;

/// The parameter keys, in the order the canonical name writes them.
pub const KEYS: &[&str] = &["ants", "q0", "rho", "xi", "bve", "no-bve", "seed", "iters"];

impl Default for Config {
    fn default() -> Self {
        DEFAULT
    }
}

fn bad(message: String) -> Error {
    Error::Config(format!(
        "aco: {message} (an aco configuration is KEY=VALUE items joined by '+', keys {}; e.g. aco:ants=20+q0=0.8+seed=7 or aco:no-bve)",
        KEYS.join(", ")
    ))
}

/// Reads a number, or says which parameter it was for.
fn number<T: std::str::FromStr>(key: &str, text: &str) -> Result<T> {
    text.trim()
        .parse()
        .map_err(|_| bad(format!("{key}={text} is not a valid number")))
}

/// Checks that a fraction lies in `range`, written in the message as `said`.
fn within(key: &str, v: f64, ok: bool, said: &str) -> Result<f64> {
    if v.is_finite() && ok {
        Ok(v)
    } else {
        Err(bad(format!("{key}={v} is out of range: {said}")))
    }
}

impl Config {
    /// The configuration named `name` (`None` or empty: the defaults).
    pub fn from_name(name: Option<&str>) -> Result<Config> {
        let mut c = DEFAULT;
        let mut seen: Vec<&str> = Vec::new();
        for item in name.unwrap_or("").split(['+', ',']).map(str::trim) {
            if item.is_empty() {
                continue;
            }
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (item, None),
            };
            // `bve` and `no-bve` both set the BVE rate.
            let slot = if key == "no-bve" { "bve" } else { key };
            if seen.contains(&slot) {
                return Err(bad(format!("'{item}' sets {slot} a second time")));
            }
            seen.push(slot);
            match (key, value) {
                ("no-bve", None) => c.bve = 0.0,
                ("bve", None) => c.bve = DEFAULT.bve,
                ("ants", Some(v)) => {
                    c.ants = number(key, v)?;
                    if !(1..=10_000).contains(&c.ants) {
                        return Err(bad(format!("ants={v} is out of range: 1 to 10000")));
                    }
                }
                ("q0", Some(v)) => {
                    let x = number(key, v)?;
                    c.q0 = within(key, x, (0.0..=1.0).contains(&x), "0 to 1")?;
                }
                ("rho", Some(v)) => {
                    let x = number(key, v)?;
                    c.rho = within(key, x, x > 0.0 && x <= 1.0, "above 0, at most 1")?;
                }
                ("xi", Some(v)) => {
                    let x = number(key, v)?;
                    c.xi = within(key, x, (0.0..=1.0).contains(&x), "0 to 1")?;
                }
                ("bve", Some(v)) => {
                    let x = number(key, v)?;
                    c.bve = within(
                        key,
                        x,
                        (0.0..1.0).contains(&x),
                        "0 (off) up to, not including, 1",
                    )?;
                }
                ("seed", Some(v)) => c.seed = number(key, v)?,
                ("iters", Some(v)) => {
                    c.max_iterations = Some(number(key, v)?);
                    if c.max_iterations == Some(0) {
                        return Err(bad("iters=0: a solve needs at least one iteration".into()));
                    }
                }
                ("no-bve", Some(_)) => return Err(bad(format!("'{item}': no-bve takes no value"))),
                (k, _) if KEYS.contains(&k) => {
                    return Err(bad(format!("'{item}': {k} needs a value, as {k}=VALUE")))
                }
                _ => return Err(bad(format!("unknown parameter '{item}'"))),
            }
        }
        Ok(c)
    }

    /// The canonical configuration text: what differs from the defaults, in key order,
    /// joined by `+`; empty for the defaults.
    pub fn text(&self) -> String {
        let d = DEFAULT;
        let mut items: Vec<String> = Vec::new();
        if self.ants != d.ants {
            items.push(format!("ants={}", self.ants));
        }
        for (key, v, dv) in [
            ("q0", self.q0, d.q0),
            ("rho", self.rho, d.rho),
            ("xi", self.xi, d.xi),
        ] {
            if v != dv {
                items.push(format!("{key}={v}"));
            }
        }
        if self.bve == 0.0 {
            items.push("no-bve".into());
        } else if self.bve != d.bve {
            items.push(format!("bve={}", self.bve));
        }
        if self.seed != d.seed {
            items.push(format!("seed={}", self.seed));
        }
        if let Some(cap) = self.max_iterations {
            items.push(format!("iters={cap}"));
        }
        items.join("+")
    }

    /// The iteration cap on a board of `cells` cells.
    pub fn iteration_cap(&self, cells: usize) -> u64 {
        self.max_iterations
            .unwrap_or((CELL_VISITS / cells as u64).max(1))
    }

    /// The backend name of this configuration: `aco`, or `aco:` and its text.
    pub fn name(&self) -> String {
        match self.text() {
            t if t.is_empty() => "aco".to_string(),
            t => format!("aco:{t}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_defaults_are_left_out() {
        for (given, canonical) in [
            (None, "aco"),
            (Some(""), "aco"),
            (Some("bve"), "aco"),
            (Some("no-bve"), "aco:no-bve"),
            (Some("bve=0"), "aco:no-bve"),
            (
                Some("seed=7,ants=20,q0=0.8,rho=0.9"),
                "aco:ants=20+q0=0.8+seed=7",
            ),
            (
                Some("bve=0.01+xi=0.2+iters=50"),
                "aco:xi=0.2+bve=0.01+iters=50",
            ),
        ] {
            let c = Config::from_name(given).unwrap();
            assert_eq!(c.name(), canonical, "{given:?}");
            let again = Config::from_name(canonical.strip_prefix("aco:")).unwrap();
            assert_eq!(again, c);
        }
    }

    #[test]
    fn the_default_cap_is_ten_million_cells_per_ant() {
        assert_eq!(DEFAULT.iteration_cap(81), 123_456);
        assert_eq!(DEFAULT.iteration_cap(4096), 2_441);
        let c = Config::from_name(Some("iters=40")).unwrap();
        assert_eq!(c.iteration_cap(81), 40);
    }

    #[test]
    fn bad_names_say_what_is_wrong() {
        for (name, says) in [
            ("ants=0", "out of range"),
            ("q0=1.5", "out of range"),
            ("q0=abc", "not a valid number"),
            ("rho=0", "out of range"),
            ("bve=1", "out of range"),
            ("seed=-1", "not a valid number"),
            ("colour=red", "unknown parameter 'colour=red'"),
            ("fast", "unknown parameter 'fast'"),
            ("ants", "needs a value"),
            ("no-bve=1", "takes no value"),
            ("no-bve+bve=0.1", "a second time"),
            ("seed=1+seed=2", "a second time"),
            ("iters=0", "at least one iteration"),
            ("q0=NaN", "out of range"),
        ] {
            let e = Config::from_name(Some(name)).unwrap_err().to_string();
            assert!(e.contains(says), "{name}: {e}");
        }
    }
}
