//! Certificates on the command line: the `--certify` flags of `solve` and `compare`, and
//! `sudoku-arena verify-certificate`.

use super::files::Writes;
use super::out::Out;
use super::EXIT_WRONG_ANSWER;
use clap::Args;
use std::path::Path;
use sudoku_arena::certificate::{verify_dir, Certifier, EntryCheck, Prover, MANIFEST};
use sudoku_arena::model::{header_line, parse_puzzles, to_line, ParseOptions, Puzzle};
use sudoku_arena::solver::Outcome;

/// The flags that ask for certificates.
#[derive(Args, Debug, Default)]
pub struct CertifyFlags {
    /// Write a certificate of each verdict into DIR (check it: verify-certificate DIR).
    ///
    /// For `unique` the solution, the CNF with the clause excluding it, and a DRAT proof
    /// that it has no model; for `none` the CNF and its refutation; for `multiple` two
    /// solutions; and `manifest.json`, which says what each file proves and how to check
    /// it (`verify-certificate DIR`, drat-trim, rate). Existing certificates in DIR are
    /// kept unless --force.
    #[arg(long, value_name = "DIR")]
    pub certify: Option<String>,

    /// Who writes the proofs: sat:ENCODING, sat:ENCODING+cadical or rules:house-count.
    ///
    /// sat:ENCODING is varisat (in this process, or in a child killed at the deadline);
    /// sat:ENCODING+cadical is the cadical program; ENCODING is naive, efficient,
    /// extended or reduced. rules:house-count proves by the rule engine's singles and
    /// weighted house counts, checked by arithmetic alone (for the puzzles they finish).
    #[arg(
        long,
        value_name = "CONFIG",
        default_value = "sat:reduced",
        requires = "certify"
    )]
    pub certify_with: String,
}

impl CertifyFlags {
    /// The certifier the flags ask for, after checking that DIR may be written.
    pub fn certifier(&self, force: bool, inputs: &[String]) -> anyhow::Result<Option<Certifier>> {
        let Some(dir) = &self.certify else {
            return Ok(None);
        };
        let prover = Prover::from_config(&self.certify_with)?;
        Writes::new(force)
            .making_dirs()
            .inputs(inputs)
            .dir("--certify", Some(dir), "certificates", is_certificate_file)
            .check()?;
        if force {
            remove_certificates(Path::new(dir))?;
        }
        Ok(Some(Certifier::new(Path::new(dir), prover)?))
    }
}

/// `compare --certify DIR`: a certificate directory per configuration that writes
/// proofs (`sat:ENCODING`, `sat:ENCODING+cadical`), each answer certified by its own
/// configuration's prover, then every directory checked and a table of what the
/// certificates cost.
pub struct CompareCertificates {
    dir: String,
    certifiers: Vec<(String, Certifier)>,
    budget: Option<std::time::Duration>,
}

impl CompareCertificates {
    /// The certifiers of the configurations among `backends` that write proofs, under
    /// `dir` (one folder each, named after the configuration); `None` without --certify.
    pub fn new(
        dir: Option<&str>,
        backends: &[String],
        force: bool,
        inputs: &[String],
        budget: Option<std::time::Duration>,
    ) -> anyhow::Result<Option<CompareCertificates>> {
        let Some(dir) = dir else {
            return Ok(None);
        };
        // The sat configurations; one whose prover cannot be had (the cadical program
        // missing) is an error here, not a configuration silently left uncertified.
        let provers: Vec<&String> = backends.iter().filter(|b| b.starts_with("sat")).collect();
        if provers.is_empty() {
            anyhow::bail!(
                "--certify: none of the configurations compared writes proofs (sat:ENCODING and sat:ENCODING+cadical do)"
            );
        }
        let folders: Vec<String> = provers.iter().map(|b| folder(dir, b)).collect();
        let mut writes = Writes::new(force).making_dirs().inputs(inputs);
        for f in &folders {
            writes = writes.dir("--certify", Some(f), "certificates", is_certificate_file);
        }
        writes.check()?;
        let mut certifiers = Vec::new();
        for (b, f) in provers.into_iter().zip(&folders) {
            if force {
                remove_certificates(Path::new(f))?;
            }
            certifiers.push((
                b.clone(),
                Certifier::new(Path::new(f), Prover::from_config(b)?)?,
            ));
        }
        Ok(Some(CompareCertificates {
            dir: dir.to_string(),
            certifiers,
            budget,
        }))
    }

    /// Certifies `backend`'s answer to `puzzle` when `backend` writes proofs: a line to
    /// show when the certificate could not be written or the prover found the verdict
    /// wrong.
    pub fn answered(&self, puzzle: &Puzzle, backend: &str, outcome: &Outcome) -> Option<String> {
        let (_, certifier) = self.certifiers.iter().find(|(b, _)| b == backend)?;
        let deadline = self.budget.map(|t| std::time::Instant::now() + t);
        match certifier.certify(puzzle, outcome, deadline) {
            Ok(entry) => entry.verdict_wrong.then(|| {
                format!(
                    "{backend} on {}: {}",
                    puzzle.display_name(),
                    entry.note.unwrap_or_default()
                )
            }),
            Err(e) => Some(format!("--certify: {e}")),
        }
    }

    /// Writes every manifest, checks every directory, and returns the table of the
    /// certificates per configuration, and whether every certificate held.
    pub fn finish(&self) -> anyhow::Result<(String, bool)> {
        let mut rows = Vec::new();
        let mut all_held = true;
        for (backend, certifier) in &self.certifiers {
            let manifest = certifier.finish()?;
            let checks = verify_dir(certifier.dir(), |_| {})?;
            let held = checks
                .iter()
                .filter(|c| matches!(c.result, Some(Ok(_))))
                .count();
            let failed = checks
                .iter()
                .filter(|c| matches!(c.result, Some(Err(_))))
                .count();
            all_held &= failed == 0;
            let count = |v: &str| {
                manifest
                    .entries
                    .iter()
                    .filter(|e| e.verdict == v && e.note.is_none())
                    .count()
            };
            let proofs: Vec<&_> = manifest
                .entries
                .iter()
                .filter(|e| e.proof.is_some())
                .collect();
            let bytes: Vec<f64> = proofs
                .iter()
                .filter_map(|e| e.proof_size.map(|s| s[2] as f64 / 1024.0))
                .collect();
            let lemmas: Vec<f64> = proofs
                .iter()
                .filter_map(|e| e.proof_size.map(|s| s[0] as f64))
                .collect();
            let prove: Vec<f64> = proofs.iter().filter_map(|e| e.prove_ms).collect();
            let check: Vec<f64> = checks
                .iter()
                .filter(|c| c.proof_ms > 0.0)
                .map(|c| c.proof_ms)
                .collect();
            rows.push(vec![
                backend.clone(),
                format!("{held}"),
                format!(
                    "{}/{}/{}",
                    count("unique"),
                    count("none"),
                    count("multiple")
                ),
                format!("{failed}"),
                format!("{}", checks.iter().filter(|c| c.result.is_none()).count()),
                spread(&bytes, 1),
                spread(&lemmas, 0),
                spread(&prove, 1),
                spread(&check, 1),
            ]);
        }
        let header = [
            "configuration",
            "verified",
            "unique/none/multiple",
            "failed",
            "uncertified",
            "proof KiB p10/median/p90",
            "lemmas p10/median/p90",
            "prove ms p10/median/p90",
            "check ms p10/median/p90",
        ];
        let mut table = format!(
            "certificates in {} (checked by verify-certificate's checker; `uncertified`: a verdict no certificate proves, such as solved, or a proof the deadline stopped, each said in the folder's manifest.json):\n",
            self.dir
        );
        table.push_str(&aligned(&header, &rows));
        Ok((table, all_held))
    }
}

/// The folder of `backend`'s certificates under `dir`.
fn folder(dir: &str, backend: &str) -> String {
    Path::new(dir)
        .join(backend.replace(':', "-"))
        .display()
        .to_string()
}

/// `p10/median/p90` of `values` with `digits` decimals (`-` when there are none).
fn spread(values: &[f64], digits: usize) -> String {
    if values.is_empty() {
        return "-".into();
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    format!(
        "{:.digits$}/{:.digits$}/{:.digits$}",
        at(0.1),
        at(0.5),
        at(0.9)
    )
}

/// A table of `rows` under `header`, columns padded to their widest cell.
fn aligned(header: &[&str], rows: &[Vec<String>]) -> String {
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].len())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<&str>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        padded.join("  ").trim_end().to_string() + "\n"
    };
    let mut text = line(header.to_vec());
    for r in rows {
        text.push_str(&line(r.iter().map(String::as_str).collect()));
    }
    text
}

/// Removes the certificate files an earlier run left in `dir` (`--force`), so that it
/// holds this run's alone; other files stay.
pub fn remove_certificates(dir: &Path) -> anyhow::Result<()> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_certificate_file(&name) || name == format!("{MANIFEST}.part") {
            std::fs::remove_file(entry.path())
                .map_err(|e| anyhow::anyhow!("--certify {}: {e}", entry.path().display()))?;
        }
    }
    Ok(())
}

/// `text` with its control characters (tabs, line ends, escapes) shown as `?`: what a
/// crafted manifest names cannot break or forge a line of the report.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// Whether a file name is one a certificate directory holds.
fn is_certificate_file(name: &str) -> bool {
    name == MANIFEST
        || [".cnf", ".drat", ".solution", ".solutions", ".count.json"]
            .iter()
            .any(|e| name.ends_with(e))
}

/// Check certificates: every entry of DIR/manifest.json, by this program's own checks.
///
/// For each entry: its solutions are checked by the independent validator against its
/// puzzle; its CNF must be, clause for clause, the encoding rebuilt from that puzzle
/// (with the clause excluding the solution, for `unique`), so a certificate moved to
/// another puzzle fails; its DRAT proof is checked by a checker of its own, which
/// shares no code with the solvers (every lemma by unit propagation or RAT). Prints one
/// line per entry (name, verdict, the puzzle as the manifest states it, ok, FAILED or
/// none, what was checked, the proof's check time) and a summary. What is certified is
/// the manifest's puzzle: --puzzles FILE checks that your puzzles are those. Exit status 0 when every certificate holds, 1 when one fails,
/// 2 when DIR has no readable manifest. The manifest names public checkers too
/// (drat-trim, rate) to run on the same files.
///
/// Examples:
///   sudoku-arena solve examples/hard.txt --certify certs
///   sudoku-arena verify-certificate certs
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct VerifyCertificateArgs {
    /// The directory `--certify` wrote.
    #[arg(value_name = "DIR")]
    dir: String,

    /// Also require a certificate that holds for every puzzle of FILE (repeatable).
    ///
    /// What a certificate proves is its manifest's puzzle (board and givens, printed on
    /// each line): this ties it to the puzzles you hold. A puzzle of FILE with no entry
    /// that holds for the same board and givens is reported MISSING and fails.
    #[arg(long, value_name = "FILE")]
    puzzles: Vec<String>,
}

/// Checks a certificate directory.
pub fn run_verify(args: &VerifyCertificateArgs) -> anyhow::Result<i32> {
    let mut out = Out::new();
    let (mut held, mut failed, mut none) = (0, 0, 0);
    let mut proof_ms = 0.0;
    let mut holding = std::collections::HashSet::new();
    verify_dir(Path::new(&args.dir), |c: &EntryCheck| {
        if matches!(c.result, Some(Ok(_))) {
            holding.insert(c.puzzle.clone());
        }
        let (word, what) = match &c.result {
            Some(Ok(what)) => {
                held += 1;
                ("ok", what.as_str())
            }
            Some(Err(why)) => {
                failed += 1;
                ("FAILED", why.as_str())
            }
            None => {
                none += 1;
                (
                    "uncertified",
                    "no certificate (its note in the manifest says why)",
                )
            }
        };
        proof_ms += c.proof_ms;
        out.write(&format!(
            "{}\t{}\t{}\t{word}\t{}\t{:.1} ms\n",
            printable(&c.name),
            printable(&c.verdict),
            printable(&c.puzzle),
            printable(what),
            c.proof_ms
        ));
        out.flush();
    })?;
    // Each puzzle of --puzzles must be one a certificate holds for, givens and board alike.
    for file in &args.puzzles {
        let text =
            std::fs::read_to_string(file).map_err(|e| anyhow::anyhow!("--puzzles {file}: {e}"))?;
        for p in parse_puzzles(&text, file, &ParseOptions::default())? {
            let stated = format!(
                "{} {}",
                header_line(&p.geometry).trim_end(),
                to_line(&p.geometry, &p.cells)
            );
            if !holding.contains(&stated) {
                failed += 1;
                out.write(&format!(
                    "{}\t-\t{stated}\tMISSING\tno certificate in {} holds for this puzzle\t-\n",
                    p.place(),
                    args.dir
                ));
            }
        }
    }
    out.flush();
    eprintln!(
        "sudoku-arena verify-certificate: {held} held, {failed} failed, {none} without a certificate; proofs checked in {:.0} ms",
        proof_ms
    );
    // A directory in which nothing holds proves nothing: that is no success.
    Ok(if failed > 0 || held == 0 {
        EXIT_WRONG_ANSWER
    } else {
        0
    })
}
