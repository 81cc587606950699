//! The engines that write proofs: varisat in process (DRAT as text, from a fresh solver
//! given the whole formula up front, as its proof writer requires), or the `cadical`
//! program (`--no-binary`), whose run a deadline can stop. The in-process CaDiCaL of
//! `sat:ENCODING+cadical` offers no proof output, so its certificates come from the
//! program. `rules:house-count` writes no DRAT: its proofs are the rule engine's singles
//! and weighted house counts ([`super::house_count`]).

use crate::backends::sat::encode::{Cnf, Encoding};
use crate::backends::sat::refute;
use crate::backends::{worker_executable, PROVE_ARG};
use crate::error::{Error, Result};
use crate::process::{find_program, run, Scratch};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// A configuration that writes proofs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prover {
    kind: Kind,
}

/// The kinds of proof writers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A refutation of the CNF in `encoding`, by the `cadical` program or varisat.
    Sat { encoding: Encoding, cadical: bool },
    /// The rule engine's singles and weighted house counts.
    HouseCount,
}

/// The name of the house-count prover.
const HOUSE_COUNT: &str = "rules:house-count";

/// How a refutation attempt ended.
#[derive(Debug, PartialEq)]
pub(crate) enum Refutation {
    /// The proof file is written.
    Refuted,
    /// The formula has a model: the verdict to certify is wrong.
    Satisfiable,
    /// The deadline stopped the prover.
    Stopped,
}

impl Prover {
    /// The prover of a configuration: `sat`, `sat:ENCODING` (varisat),
    /// `sat:ENCODING+cadical` (the `cadical` program) or `rules:house-count`; an error
    /// names the choices.
    pub fn from_config(spec: &str) -> Result<Prover> {
        let bad = || {
            Error::Config(format!(
                "--certify-with {spec}: proofs are written by sat:ENCODING (varisat), sat:ENCODING+cadical (the cadical program), ENCODING one of naive, efficient, extended, reduced, or {HOUSE_COUNT} (the rule engine's singles and house counts)"
            ))
        };
        if spec == HOUSE_COUNT {
            return Ok(Prover {
                kind: Kind::HouseCount,
            });
        }
        let rest = match spec.split_once(':') {
            None if spec == "sat" => "",
            Some(("sat", rest)) => rest,
            _ => return Err(bad()),
        };
        let (name, cadical) = match rest.strip_suffix("+cadical") {
            Some(name) => (name, true),
            None => (rest, false),
        };
        // `sat` alone is the backend's default encoding; `sat:` names none.
        let encoding = match (spec, name) {
            ("sat", _) => Encoding::Naive,
            (_, name) => Encoding::from_name(Some(name)).map_err(|_| bad())?,
        };
        if cadical && find_program("cadical").is_none() {
            return Err(Error::Unavailable {
                name: spec.to_string(),
                program: "cadical".into(),
                package: "cadical".into(),
            });
        }
        Ok(Prover {
            kind: Kind::Sat { encoding, cadical },
        })
    }

    /// The encoding refuted, for the provers that write DRAT.
    pub fn encoding(&self) -> Option<Encoding> {
        match self.kind {
            Kind::Sat { encoding, .. } => Some(encoding),
            Kind::HouseCount => None,
        }
    }

    /// The configuration's name.
    pub fn name(&self) -> String {
        match self.kind {
            Kind::Sat {
                encoding,
                cadical: true,
            } => format!("sat:{}+cadical", encoding.name()),
            Kind::Sat { encoding, .. } => format!("sat:{}", encoding.name()),
            Kind::HouseCount => HOUSE_COUNT.into(),
        }
    }

    /// The engine that writes the proofs, with its version where it says one.
    pub fn engine(&self) -> &'static str {
        match self.kind {
            Kind::Sat { cadical: true, .. } => "the cadical program (DRAT, --no-binary)",
            Kind::Sat { .. } => "varisat 0.2 (DRAT)",
            Kind::HouseCount => {
                "the rule engine's singles and weighted house counts (checked by arithmetic)"
            }
        }
    }

    /// Refutes the formula `cnf` with the clause `extra`, if any (an empty one is the
    /// empty clause), written as DIMACS in `cnf_path`,
    /// writing the proof to `proof_path` (a `sat` prover's job).
    pub(crate) fn refute(
        &self,
        cnf: &Cnf,
        extra: Option<&[i32]>,
        cnf_path: &Path,
        proof_path: &Path,
        deadline: Option<Instant>,
    ) -> Result<Refutation> {
        let cadical = matches!(self.kind, Kind::Sat { cadical: true, .. });
        match cadical {
            false => varisat_refute(cnf, extra, cnf_path, proof_path, deadline),
            true => child_refute(
                "cadical",
                &["-q", "--no-binary"],
                cnf_path,
                proof_path,
                deadline,
            ),
        }
    }
}

/// varisat's refutation: in this process without a deadline; with one, in a child
/// (`sudoku-arena __prove`) killed at the deadline, since varisat cannot be interrupted.
fn varisat_refute(
    cnf: &Cnf,
    extra: Option<&[i32]>,
    cnf_path: &Path,
    proof_path: &Path,
    deadline: Option<Instant>,
) -> Result<Refutation> {
    if deadline.is_some() {
        let program = worker_executable().ok_or_else(|| {
            Error::Config("no sudoku-arena executable to write the proof in a child process".into())
        })?;
        return child_refute(
            &program.display().to_string(),
            &[PROVE_ARG],
            cnf_path,
            proof_path,
            deadline,
        );
    }
    let file = std::fs::File::create(proof_path).map_err(|source| Error::Io {
        path: proof_path.display().to_string(),
        source,
    })?;
    let clauses = cnf.iter().chain(extra);
    match refute(clauses, std::io::BufWriter::new(file)).map_err(Error::Config)? {
        true => Ok(Refutation::Refuted),
        false => Ok(Refutation::Satisfiable),
    }
}

/// A prover program on `cnf_path`, its DRAT text in `proof_path`, killed at the
/// deadline; it answers as SAT solvers do (20 refuted, 10 a model).
fn child_refute(
    program: &str,
    args: &[&str],
    cnf_path: &Path,
    proof_path: &Path,
    deadline: Option<Instant>,
) -> Result<Refutation> {
    let scratch = Scratch::new().map_err(Error::Config)?;
    let (cnf, proof) = (
        cnf_path.display().to_string(),
        proof_path.display().to_string(),
    );
    let mut all: Vec<&str> = args.to_vec();
    all.extend([cnf.as_str(), proof.as_str()]);
    let out = run(program, &all, &scratch, deadline, None).map_err(Error::Config)?;
    if out.killed {
        let _ = std::fs::remove_file(proof_path);
        return Ok(Refutation::Stopped);
    }
    match out.code {
        Some(20) => Ok(Refutation::Refuted),
        Some(10) => Ok(Refutation::Satisfiable),
        code => Err(Error::Config(format!(
            "{program} ended with {code:?} on {cnf}: {}",
            out.stderr.trim()
        ))),
    }
}

/// Writes `text` to `path`, naming the file in an error.
pub(crate) fn write_file(path: &Path, text: &[u8]) -> Result<()> {
    let io = |source| Error::Io {
        path: path.display().to_string(),
        source,
    };
    let mut file = std::fs::File::create(path).map_err(io)?;
    file.write_all(text).map_err(io)
}
