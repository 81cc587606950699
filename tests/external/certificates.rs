//! Certificates judged by a checker that is not ours: every proof `solve --certify`
//! writes, in every encoding and by both provers, verified by `rate` (a DRAT checker from
//! the SAT-proof community, `cargo install rate`), and faults planted in proofs judged by
//! our checker exactly as `rate --forward` judges them.

use crate::common::cli::{err, run_no_stdin};
use crate::common::external::external_available;
use crate::common::files::path_in;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether `rate` accepts the proof of `cnf`; with `forward`, every lemma is checked
/// (not only those the refutation needs) and a RAT lemma's pivot is its first literal,
/// as our checker does.
fn rate_accepts(cnf: &Path, proof: &Path, forward: bool) -> bool {
    let mut c = Command::new("rate");
    if forward {
        c.args(["--forward", "--assume-pivot-is-first"]);
    }
    let o = c.arg(cnf).arg(proof).output().unwrap();
    let verified = String::from_utf8_lossy(&o.stdout)
        .lines()
        .any(|l| l == "s VERIFIED");
    assert_eq!(
        verified,
        o.status.success(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    verified
}

/// The files of `dir` ending in `.ext`, sorted.
fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    found.sort();
    found
}

/// Unique, none and multiple puzzles from the test data, in one file.
fn mixed_file(dir: &Path) -> String {
    crate::common::files::data_lines_file(
        dir,
        &[
            ("forum_hardest_1106.txt", 100, 6),
            ("none_one_given_changed.txt", 10, 4),
            ("serg_benchmark.txt", 10, 2),
        ],
    )
}

#[test]
fn rate_verifies_every_proof_of_every_encoding_and_prover() {
    if !external_available("rate", "rate (cargo install rate --version 0.3.0 --locked)") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = mixed_file(dir.path());
    let mut provers: Vec<String> = ["naive", "efficient", "extended", "reduced"]
        .iter()
        .map(|e| format!("sat:{e}"))
        .collect();
    if external_available("cadical", "cadical") {
        provers.extend(["sat:naive+cadical".into(), "sat:reduced+cadical".into()]);
    }
    for prover in &provers {
        let certs = path_in(&dir, &prover.replace([':', '+'], "-"));
        let o = run_no_stdin(&[
            "solve",
            &input,
            "--certify",
            &certs,
            "--certify-with",
            prover,
        ]);
        assert_eq!(o.status.code(), Some(0), "{prover}: {}", err(&o));
        let o = run_no_stdin(&["verify-certificate", &certs]);
        assert_eq!(o.status.code(), Some(0), "{prover}: {}", err(&o));
        let proofs = files(&certs, "drat");
        assert_eq!(proofs.len(), 10, "{prover}: 6 unique and 4 none");
        for proof in proofs {
            let cnf = proof.with_extension("cnf");
            // A reduced CNF may hold the empty clause (a cell the givens leave no value):
            // it has no model as written, and rate 0.3.0 panics on reading it.
            if std::fs::read_to_string(&cnf)
                .unwrap()
                .lines()
                .any(|l| l == "0")
            {
                assert!(prover.starts_with("sat:reduced"), "{}", cnf.display());
                continue;
            }
            assert!(
                rate_accepts(&cnf, &proof, false),
                "{prover}: {}",
                proof.display()
            );
            assert!(
                rate_accepts(&cnf, &proof, true),
                "{prover}: {}",
                proof.display()
            );
        }
    }
}

#[test]
fn planted_faults_are_judged_as_rate_forward_judges_them() {
    if !external_available("rate", "rate (cargo install rate --version 0.3.0 --locked)") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let certs = path_in(&dir, "certs");
    let o = run_no_stdin(&[
        "solve",
        "tests/data/forum_hardest_1106.txt",
        "--limit",
        "2",
        "--certify",
        &certs,
        "--certify-with",
        "sat:naive",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let (mut judged, mut rejected) = (0, 0);
    for proof_path in files(&certs, "drat") {
        let proof = std::fs::read_to_string(&proof_path).unwrap();
        let lines: Vec<&str> = proof.lines().collect();
        let lemmas: Vec<usize> = (0..lines.len())
            .filter(|&i| !lines[i].starts_with('d') && lines[i].trim() != "0")
            .collect();
        // Twenty lemmas spread over the proof, each dropped, then its first literal flipped.
        for &k in lemmas.iter().step_by(lemmas.len().div_ceil(20)) {
            let flipped = {
                let (first, rest) = lines[k].split_once(' ').unwrap();
                format!("{} {rest}", -first.parse::<i32>().unwrap())
            };
            for fault in [None, Some(flipped)] {
                let mut changed: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                match fault {
                    None => drop(changed.remove(k)),
                    Some(line) => changed[k] = line,
                }
                let faulty = path_in(&dir, "faulty");
                let _ = std::fs::remove_dir_all(&faulty);
                std::fs::create_dir(&faulty).unwrap();
                for f in std::fs::read_dir(&certs).unwrap() {
                    let f = f.unwrap().path();
                    std::fs::copy(&f, Path::new(&faulty).join(f.file_name().unwrap())).unwrap();
                }
                let target = Path::new(&faulty).join(proof_path.file_name().unwrap());
                std::fs::write(&target, changed.join("\n") + "\n").unwrap();
                let ours = run_no_stdin(&["verify-certificate", &faulty]).status.code() == Some(0);
                let theirs = rate_accepts(&target.with_extension("cnf"), &target, true);
                assert_eq!(
                    ours,
                    theirs,
                    "{}: lemma on line {}",
                    proof_path.display(),
                    k + 1
                );
                judged += 1;
                rejected += usize::from(!ours);
            }
        }
    }
    assert!(
        rejected > 0 && rejected < judged,
        "{rejected} of {judged} faults rejected"
    );
}
