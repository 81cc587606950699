//! Checking a certificate directory: each entry's solutions by the independent
//! validator, its CNF against the encoding rebuilt from its puzzle, its proof by
//! [`crate::proof`].

use super::house_count::{self, CountProof, Reached};
use super::manifest::{plain_name, Entry, Manifest, FORMAT, MANIFEST};
use super::reference;
use crate::backends::sat::dimacs::certificate_text;
use crate::backends::sat::encode::{Encoded, Encoding};
use crate::error::{Error, Result};
use crate::model::{parse_puzzles, to_line, validate, ParseOptions, Puzzle};
use crate::proof::{check, parse_cnf, parse_proof, Formula};
use std::collections::BTreeSet;
use std::path::Path;
use std::time::Instant;

/// What the check of one entry found.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct EntryCheck {
    /// The entry's name.
    pub name: String,
    /// Its verdict.
    pub verdict: String,
    /// The puzzle it certifies, as its manifest states it: the board's header line and
    /// the givens (what a reader compares with the puzzle they hold).
    pub puzzle: String,
    /// What was verified, or why it fails; `None` for an entry with no certificate.
    pub result: Option<std::result::Result<String, String>>,
    /// Time to check its proof, ms (0 without one).
    pub proof_ms: f64,
    /// Time for the whole entry, ms.
    pub total_ms: f64,
}

/// Checks every entry of the certificate directory `dir`, calling `each` as each is
/// done; an error is a manifest that cannot be read.
pub fn verify_dir(dir: &Path, mut each: impl FnMut(&EntryCheck)) -> Result<Vec<EntryCheck>> {
    let path = dir.join(MANIFEST);
    let text = read_regular(&path).map_err(|e| Error::Input(format!("{}: {e}", path.display())))?;
    let manifest: Manifest = serde_json::from_str(&text).map_err(|e| {
        Error::Input(format!(
            "{}: not a certificate manifest: {e}",
            path.display()
        ))
    })?;
    if manifest.format != FORMAT {
        return Err(Error::Input(format!(
            "{}: format `{}`, where this program reads `{FORMAT}`",
            path.display(),
            manifest.format
        )));
    }
    let mut checks = Vec::with_capacity(manifest.entries.len());
    for entry in &manifest.entries {
        let start = Instant::now();
        let mut proof_ms = 0.0;
        let result = match (entry.verdict_wrong, &entry.note) {
            (true, note) => Some(Err(format!(
                "the prover found the verdict wrong: {}",
                note.as_deref().unwrap_or("no reason given")
            ))),
            (false, Some(_)) => None,
            (false, None) => Some(check_entry(dir, entry, &mut proof_ms)),
        };
        let done = EntryCheck {
            name: entry.name.clone(),
            verdict: entry.verdict.clone(),
            puzzle: format!("{} {}", entry.board, entry.puzzle),
            result,
            proof_ms,
            total_ms: crate::solver::ms(start.elapsed()),
        };
        each(&done);
        checks.push(done);
    }
    Ok(checks)
}

/// Checks one entry: what was verified, or the first thing that fails.
fn check_entry(
    dir: &Path,
    entry: &Entry,
    proof_ms: &mut f64,
) -> std::result::Result<String, String> {
    if let Some(bad) = entry.files().find(|f| !plain_name(f)) {
        return Err(format!("`{bad}` is not a file name inside the directory"));
    }
    let puzzle = read_puzzle(&entry.board, &entry.puzzle)?;
    let read = |name: &Option<String>, what: &str| -> std::result::Result<String, String> {
        let name = name
            .as_deref()
            .ok_or_else(|| format!("the entry names no {what} file"))?;
        read_regular(&dir.join(name)).map_err(|e| format!("{name}: {e}"))
    };
    if entry.count.is_some() {
        let solution = match entry.verdict.as_str() {
            "unique" => Some(read(&entry.solutions, "solution")?),
            _ => None,
        };
        return check_count(
            &puzzle,
            entry,
            &read(&entry.count, "house-count")?,
            solution,
            proof_ms,
        );
    }
    match entry.verdict.as_str() {
        "unique" => {
            let lines = solutions(&puzzle, entry, &read(&entry.solutions, "solution")?)?;
            let [solution] = lines.as_slice() else {
                return Err(format!(
                    "{} given, where `unique` needs one",
                    crate::words::counted(lines.len(), "solution")
                ));
            };
            let cnf = read(&entry.cnf, "CNF")?;
            let formula = same_cnf(&puzzle, entry, Some(solution), &cnf)?;
            solution_fits(&puzzle, entry, solution, &cnf, &formula)?;
            let proof = read(&entry.proof, "proof")?;
            let lemmas = refuted(&formula, &proof, entry, proof_ms)?;
            Ok(format!("one valid solution; the CNF is the puzzle's; the proof ({lemmas} lemmas) refutes a second"))
        }
        "none" => {
            let formula = same_cnf(&puzzle, entry, None, &read(&entry.cnf, "CNF")?)?;
            let proof = read(&entry.proof, "proof")?;
            let lemmas = refuted(&formula, &proof, entry, proof_ms)?;
            Ok(format!(
                "the CNF is the puzzle's; the proof ({lemmas} lemmas) refutes it"
            ))
        }
        "multiple" => {
            let lines = solutions(&puzzle, entry, &read(&entry.solutions, "solutions")?)?;
            match lines.as_slice() {
                [a, b, ..] if a != b => Ok("two different valid solutions".into()),
                [_, _, ..] => Err("the two solutions given are the same".into()),
                _ => Err(format!(
                    "{} given, where `multiple` needs two",
                    crate::words::counted(lines.len(), "solution")
                )),
            }
        }
        v => Err(format!("`{v}` is not a verdict a certificate proves")),
    }
}

/// Checks a house-count proof by replaying it: for `unique` it must place every digit
/// and reach the solution given (`solution`, the text of its file), for `none` reach an
/// empty house.
fn check_count(
    puzzle: &Puzzle,
    entry: &Entry,
    text: &str,
    solution: Option<String>,
    ms: &mut f64,
) -> std::result::Result<String, String> {
    let name = entry.count.as_deref().unwrap_or_default();
    let proof: CountProof =
        serde_json::from_str(text).map_err(|e| format!("{name}: not a house-count proof: {e}"))?;
    let start = Instant::now();
    let reached = house_count::check(puzzle, &proof).map_err(|e| format!("{name}: {e}"));
    *ms = crate::solver::ms(start.elapsed());
    let steps = proof.steps.len();
    match (entry.verdict.as_str(), reached?) {
        ("unique", Reached::Solved(grid)) => {
            let lines = solutions(puzzle, entry, &solution.unwrap_or_default())?;
            match lines.as_slice() {
                [s] if *s == grid => Ok(format!(
                    "one valid solution; the house counts ({steps} steps) reach it from the givens"
                )),
                _ => Err(format!(
                    "{name} reaches another grid than the solution given"
                )),
            }
        }
        ("none", Reached::Contradiction) => {
            Ok(format!("the house counts ({steps} steps) empty a house"))
        }
        (v, r) => Err(format!(
            "{name} ends {}, which does not prove `{v}`",
            match r {
                Reached::Solved(_) => "with every digit placed",
                Reached::Contradiction => "with an empty house",
            }
        )),
    }
}

/// Largest file a certificate may hold, a bound on what a crafted directory makes the
/// check read into memory; a file past it is refused, not read. (The CNF of an empty 49x49
/// is some 185 MB as text, `sat::dimacs`; the 9x9 proofs measured in benches/README.md
/// stay under 400 KiB.)
const MAX_FILE_BYTES: u64 = 4 << 30;

/// The text of a regular file (not a link, a pipe or a device, which a crafted
/// directory could hold to make the check read elsewhere or wait forever), at most
/// `MAX_FILE_BYTES`.
fn read_regular(path: &Path) -> std::result::Result<String, String> {
    let meta = std::fs::symlink_metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file (a link, a directory or a device is not read)".into());
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{} bytes, past the {MAX_FILE_BYTES} a certificate file may hold",
            meta.len()
        ));
    }
    std::fs::read_to_string(path).map_err(|e| e.to_string())
}

/// The entry's puzzle, read from its board's header line and compact form.
fn read_puzzle(board: &str, line: &str) -> std::result::Result<Puzzle, String> {
    if !board.starts_with('#') {
        return Err(format!(
            "its board `{board}` is not a header line (`# box 3x3 variant classic`)"
        ));
    }
    if board.contains('\n') || line.contains('\n') {
        return Err("its board or puzzle is not one line".into());
    }
    let text = format!("{board}\n{line}\n");
    let mut puzzles = parse_puzzles(&text, "manifest", &ParseOptions::default())
        .map_err(|e| format!("its puzzle: {}", e.message))?;
    match puzzles.len() {
        1 => Ok(puzzles.remove(0)),
        k => Err(format!("its puzzle text holds {k} puzzles")),
    }
}

/// The solutions of a solutions file, each valid for `puzzle`.
fn solutions(
    puzzle: &Puzzle,
    entry: &Entry,
    text: &str,
) -> std::result::Result<Vec<Vec<u8>>, String> {
    let name = entry.solutions.as_deref().unwrap_or_default();
    let mut grids = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let grid =
            read_puzzle(&entry.board, line.trim()).map_err(|e| format!("{name}:{}: {e}", i + 1))?;
        validate(puzzle, &grid.cells)
            .map_err(|e| format!("{name}:{}: not a solution of the puzzle: {e}", i + 1))?;
        grids.push(grid.cells);
    }
    Ok(grids)
}

/// The entry's CNF, read with the checker's own reader, once it is clause for clause the
/// encoding rebuilt from the puzzle (and the clause excluding `solution`).
fn same_cnf(
    puzzle: &Puzzle,
    entry: &Entry,
    solution: Option<&Vec<u8>>,
    text: &str,
) -> std::result::Result<Formula, String> {
    let name = entry.cnf.as_deref().unwrap_or_default();
    let encoding = Encoding::from_name(entry.encoding.as_deref())
        .map_err(|e| format!("the manifest's encoding: {e}"))?;
    let formula = parse_cnf(text).map_err(|e| format!("{name}: {e}"))?;
    let encoded = Encoded::build(puzzle, encoding);
    let blocking = solution.map(|s| encoded.blocking_clause(puzzle, s));
    let expected: Vec<&[i32]> = encoded.cnf.iter().chain(blocking.as_deref()).collect();
    let what = format!(
        "the {} encoding of puzzle {}{}",
        encoding.name(),
        to_line(&puzzle.geometry, &puzzle.cells),
        if solution.is_some() {
            " with the clause excluding its solution"
        } else {
            ""
        }
    );
    if formula.vars != encoded.cnf.vars {
        return Err(format!(
            "{name} has {} variables, where {what} has {}",
            formula.vars, encoded.cnf.vars
        ));
    }
    if formula.clauses.len() != expected.len() {
        return Err(format!(
            "{name} has {} clauses, where {what} has {}",
            formula.clauses.len(),
            expected.len()
        ));
    }
    if let Some(k) = (0..expected.len()).find(|&k| formula.clauses[k] != expected[k]) {
        return Err(format!(
            "{name}: clause {} is {:?}, where {what} has {:?}",
            k + 1,
            formula.clauses[k],
            expected[k]
        ));
    }
    // The formula again, from the encoding's definition written apart from the encoder.
    let extra: Option<Vec<(usize, u8)>> = solution.map(|s| {
        (0..s.len())
            .filter(|&c| puzzle.cells[c] == 0)
            .map(|c| (c, s[c]))
            .collect()
    });
    let (vars, reference) = reference::clauses(puzzle, encoding.name(), extra.as_deref())
        .ok_or_else(|| {
            format!(
                "the manifest's encoding `{}` has no definition here",
                encoding.name()
            )
        })?;
    let stated: BTreeSet<Vec<i32>> = formula
        .clauses
        .iter()
        .map(|c| {
            let mut c = c.clone();
            c.sort_unstable();
            c.dedup();
            c
        })
        .collect();
    if vars != formula.vars || stated != reference {
        return Err(format!(
            "{name} is not, as a set of clauses, {what} as encodings/sat.md defines it ({} clauses of one are not in the other): the encoder and its definition disagree",
            stated.symmetric_difference(&reference).count()
        ));
    }
    // The comments too (the encoding named, the puzzle, the variable map): a reader with
    // drat-trim alone relies on them.
    let written = certificate_text(puzzle, &encoded, blocking.as_deref());
    if let Some(k) = written.lines().zip(text.lines()).position(|(a, b)| a != b) {
        return Err(format!(
            "{name}: line {} differs from what this program writes for {what} (its comments name the encoding, the puzzle and the variables)",
            k + 1
        ));
    }
    if written.lines().count() != text.lines().count() {
        return Err(format!("{name} has lines beyond those of {what}"));
    }
    Ok(formula)
}

/// Checks, by the CNF's own numbering (its variable map's comments, or the rule
/// `var = cell * N + value` that its header states) and not by the encoder, that the
/// solution satisfies every clause but the last, and the last (the excluding clause) is
/// false for it: an encoder that wrongly ruled out a valid grid would be caught here for
/// this one.
pub(super) fn solution_fits(
    puzzle: &Puzzle,
    entry: &Entry,
    solution: &[u8],
    text: &str,
    formula: &Formula,
) -> std::result::Result<(), String> {
    let name = entry.cnf.as_deref().unwrap_or_default();
    let n = puzzle.n();
    let mut value = vec![false; formula.vars + 1];
    let mut mapped = false;
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("c var ") else {
            continue;
        };
        mapped = true;
        let bad = || format!("{name}: `{line}` is not `c var K = rRcC#V`");
        let (var, place) = rest.split_once(" = ").ok_or_else(bad)?;
        let (cell, digit) = place.split_once('#').ok_or_else(bad)?;
        let (r, c) = cell
            .strip_prefix('r')
            .and_then(|x| x.split_once('c'))
            .ok_or_else(bad)?;
        let number = |t: &str| t.parse::<usize>().map_err(|_| bad());
        let (var, r, c, digit) = (number(var)?, number(r)?, number(c)?, number(digit)?);
        if var == 0 || var > formula.vars || r == 0 || c == 0 || r > n || c > n {
            return Err(bad());
        }
        value[var] = solution[(r - 1) * n + c - 1] as usize == digit;
    }
    if !mapped {
        for (cell, &v) in solution.iter().enumerate() {
            let var = cell * n + v as usize;
            if var <= formula.vars {
                value[var] = true;
            }
        }
    }
    let truth = |l: i32| {
        value
            .get(l.unsigned_abs() as usize)
            .copied()
            .unwrap_or(false)
            == (l > 0)
    };
    let Some((last, rest)) = formula.clauses.split_last() else {
        return Err(format!("{name} has no clause"));
    };
    if let Some(k) = rest.iter().position(|c| !c.iter().any(|&l| truth(l))) {
        return Err(format!(
            "{name}: clause {} is false for the solution given: the CNF rules out a valid grid",
            k + 1
        ));
    }
    if last.iter().any(|&l| truth(l)) {
        return Err(format!(
            "{name}: its last clause does not exclude the solution given"
        ));
    }
    Ok(())
}

/// The number of lemmas of a proof that refutes `formula`, or why it does not.
fn refuted(
    formula: &Formula,
    proof: &str,
    entry: &Entry,
    ms: &mut f64,
) -> std::result::Result<usize, String> {
    let name = entry.proof.as_deref().unwrap_or_default();
    let start = Instant::now();
    let verdict = parse_proof(proof, formula.vars).and_then(|steps| check(formula, &steps));
    *ms = crate::solver::ms(start.elapsed());
    verdict
        .map(|c| c.lemmas)
        .map_err(|e| format!("{name}: {e}"))
}
