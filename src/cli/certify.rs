//! Certificates on the command line: the `--certify` flags of `solve` and `compare`, and
//! `sudoku-arena verify-certificate`.

use super::files::Writes;
use super::out::Out;
use super::EXIT_WRONG_ANSWER;
use clap::Args;
use std::path::Path;
use sudoku_arena::certificate::{verify_dir, Certifier, EntryCheck, Prover, MANIFEST};

/// The flags that ask for certificates.
#[derive(Args, Debug, Default)]
pub struct CertifyFlags {
    /// Write a certificate of each verdict into DIR: for `unique` the solution, the CNF
    /// with the clause excluding it, and a DRAT proof that it has no model; for `none`
    /// the CNF and its refutation; for `multiple` two solutions; and `manifest.json`,
    /// which says what each file proves and how to check it (`verify-certificate DIR`,
    /// drat-trim, rate). Existing certificates in DIR are kept unless --force.
    #[arg(long, value_name = "DIR")]
    pub certify: Option<String>,

    /// The configuration that writes the proofs: sat:ENCODING (varisat, in this
    /// process) or sat:ENCODING+cadical (the cadical program, stopped at the deadline);
    /// ENCODING is naive, efficient, extended or reduced.
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
        Ok(Some(Certifier::new(Path::new(dir), prover)?))
    }
}

/// Whether a file name is one a certificate directory holds.
fn is_certificate_file(name: &str) -> bool {
    name == MANIFEST
        || [".cnf", ".drat", ".solution", ".solutions"]
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
/// line per entry (name, verdict, ok or FAILED, what was checked, the proof's check
/// time) and a summary. Exit status 0 when every certificate holds, 1 when one fails,
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
}

/// Checks a certificate directory.
pub fn run_verify(args: &VerifyCertificateArgs) -> anyhow::Result<i32> {
    let mut out = Out::new();
    let (mut held, mut failed, mut none) = (0, 0, 0);
    let mut proof_ms = 0.0;
    verify_dir(Path::new(&args.dir), |c: &EntryCheck| {
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
                ("none", "no certificate (see its note in the manifest)")
            }
        };
        proof_ms += c.proof_ms;
        out.write(&format!(
            "{}\t{}\t{word}\t{what}\t{:.1} ms\n",
            c.name, c.verdict, c.proof_ms
        ));
        out.flush();
    })?;
    eprintln!(
        "sudoku-arena verify-certificate: {held} held, {failed} failed, {none} without a certificate; proofs checked in {:.0} ms",
        proof_ms
    );
    Ok(if failed > 0 { EXIT_WRONG_ANSWER } else { 0 })
}
