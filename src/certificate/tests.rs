//! Certificates written and checked: each verdict's files hold, and every fault planted
//! in them (a lemma dropped, a literal flipped, a clause of the formula removed, a proof
//! of another puzzle, a certificate moved to another puzzle, a solution changed) fails.

use super::house_count::{CountProof, CountStep};
use super::*;
use crate::backends::create;
use crate::backends::sat::encode::Encoding;
use crate::model::{Puzzle, Variant};
use crate::solver::{Outcome, SolveOptions, Verdict};
use crate::test_support::{
    brute_force_count, data_puzzles, infeasible_past_presolve, puzzle, random_puzzle,
};
use std::path::Path;

/// dlx's answer, with up to two solutions kept.
fn answer(p: &Puzzle) -> Outcome {
    let mut opts = SolveOptions::new(2, None);
    opts.keep_solutions = 2;
    create("dlx").unwrap().solve(p, &opts)
}

/// Certifies `puzzles` with `prover` into `dir`, each by dlx's answer.
fn certify_all(dir: &Path, prover: &str, puzzles: &[Puzzle]) -> Manifest {
    let certifier = Certifier::new(dir, Prover::from_config(prover).unwrap()).unwrap();
    for p in puzzles {
        let entry = certifier.certify(p, &answer(p), None).unwrap();
        assert_eq!(entry.note, None, "{}", entry.name);
    }
    certifier.finish().unwrap().clone()
}

/// Each entry's result: `Ok` when it holds, else the reason.
fn results(dir: &Path) -> Vec<Result<String, String>> {
    verify_dir(dir, |_| {})
        .unwrap()
        .into_iter()
        .map(|c| c.result.expect("a certificate"))
        .collect()
}

/// A puzzle with two or more solutions: the first hardest puzzle with eight givens off.
fn several() -> Puzzle {
    let p = &data_puzzles("serg_benchmark.txt", 1)[0];
    assert!(brute_force_count(p, 2) == 2);
    p.clone()
}

/// One unique, one none and one multiple puzzle.
fn three() -> Vec<Puzzle> {
    let unique = data_puzzles("forum_hardest_1106.txt", 1).remove(0);
    vec![unique, infeasible_past_presolve(), several()]
}

#[test]
fn every_verdict_is_certified_and_its_certificate_holds_in_each_encoding() {
    for encoding in Encoding::ALL {
        let dir = tempfile::tempdir().unwrap();
        let manifest = certify_all(dir.path(), &format!("sat:{}", encoding.name()), &three());
        let verdicts: Vec<&str> = manifest
            .entries
            .iter()
            .map(|e| e.verdict.as_str())
            .collect();
        assert_eq!(verdicts, ["unique", "none", "multiple"]);
        for r in results(dir.path()) {
            assert!(r.is_ok(), "{}: {r:?}", encoding.name());
        }
    }
}

/// Rewrites `file` in `dir` through `change`.
fn edit(dir: &Path, file: &str, change: impl FnOnce(String) -> String) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, change(text)).unwrap();
}

/// The unique entry's certificate in a fresh directory, and its file names.
fn unique_certificate() -> (tempfile::TempDir, Entry) {
    let dir = tempfile::tempdir().unwrap();
    let p = data_puzzles("forum_hardest_1106.txt", 1);
    let manifest = certify_all(dir.path(), "sat:naive", &p);
    assert!(results(dir.path())[0].is_ok());
    (dir, manifest.entries[0].clone())
}

/// The lines of a proof that add a lemma other than the empty clause.
fn lemma_lines(proof: &str) -> Vec<usize> {
    proof
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('d') && !l.starts_with('c') && l.trim() != "0")
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn a_proof_without_its_lemmas_is_rejected() {
    // The hardest puzzles are not solved by singles, which is all that unit propagation
    // on the encoding does: the empty clause cannot follow without the lemmas.
    let (dir, entry) = unique_certificate();
    edit(dir.path(), entry.proof.as_deref().unwrap(), |proof| {
        let lemmas = lemma_lines(&proof);
        let kept: Vec<&str> = proof
            .lines()
            .enumerate()
            .filter(|(i, _)| !lemmas.contains(i))
            .map(|(_, l)| l)
            .collect();
        kept.join("\n") + "\n"
    });
    let r = &results(dir.path())[0];
    assert!(
        r.as_ref().is_err_and(|e| e.contains("does not follow")),
        "{r:?}"
    );
}

/// Unique 6x6 puzzles whose proofs have lemmas to plant faults in.
fn small_unique_certificates() -> Vec<(Puzzle, String, String)> {
    let mut found = Vec::new();
    for seed in 1..400u64 {
        let p = random_puzzle(2, 3, Variant::Classic, seed, 30, false);
        if brute_force_count(&p, 2) != 1 {
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let entry =
            certify_all(dir.path(), "sat:naive", std::slice::from_ref(&p)).entries[0].clone();
        let read =
            |f: Option<String>| std::fs::read_to_string(dir.path().join(f.unwrap())).unwrap();
        let (cnf, proof) = (read(entry.cnf), read(entry.proof));
        if lemma_lines(&proof).len() >= 4 {
            found.push((p, cnf, proof));
        }
        if found.len() == 6 {
            break;
        }
    }
    assert_eq!(found.len(), 6);
    found
}

#[test]
fn each_lemma_dropped_or_flipped_is_judged_as_a_slow_second_checker_judges_it() {
    use crate::proof::tests::slow_forward_check;
    use crate::proof::{check, parse_cnf, parse_proof, Step};
    let (mut judged, mut rejected) = (0, 0);
    for (_, cnf, proof) in small_unique_certificates() {
        let formula = parse_cnf(&cnf).unwrap();
        let steps = parse_proof(&proof, formula.vars).unwrap();
        assert!(check(&formula, &steps).is_ok_and(|c| c.rat_lemmas == 0));
        assert!(slow_forward_check(&formula.clauses, &steps));
        // Twelve lemmas spread over the proof, each dropped, then flipped.
        let lemmas: Vec<usize> = (0..steps.len())
            .filter(|&k| matches!(&steps[k], Step::Add { clause, .. } if !clause.is_empty()))
            .collect();
        for &k in lemmas.iter().step_by(lemmas.len().div_ceil(12)) {
            let Step::Add { clause, line } = &steps[k] else {
                unreachable!("a lemma")
            };
            let mut dropped = steps.clone();
            dropped.remove(k);
            let mut flipped = steps.clone();
            let mut c = clause.clone();
            c[0] = -c[0];
            flipped[k] = Step::Add {
                line: *line,
                clause: c,
            };
            for faulty in [dropped, flipped] {
                let ours = check(&formula, &faulty).is_ok();
                assert_eq!(
                    ours,
                    slow_forward_check(&formula.clauses, &faulty),
                    "lemma {k}"
                );
                judged += 1;
                rejected += usize::from(!ours);
            }
        }
    }
    // Many faults are harmless (a lemma no later step needs); enough are not.
    assert!(
        rejected >= 5 && rejected < judged,
        "{rejected} of {judged} rejected"
    );
}

#[test]
fn a_clause_of_the_formula_removed_is_rejected() {
    let (dir, entry) = unique_certificate();
    let cnf = entry.cnf.as_deref().unwrap();
    // The clause excluding the solution, the last one: without it the formula has a
    // model (the solution), so no sound checker can accept any proof of it.
    edit(dir.path(), cnf, |text| {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines.pop();
        let p = lines.iter().position(|l| l.starts_with("p cnf")).unwrap();
        let words: Vec<usize> = lines[p][6..]
            .split(' ')
            .map(|w| w.parse().unwrap())
            .collect();
        lines[p] = format!("p cnf {} {}", words[0], words[1] - 1);
        lines.join("\n") + "\n"
    });
    let r = &results(dir.path())[0];
    assert!(
        r.as_ref().is_err_and(|e| e.contains("clauses, where")),
        "{r:?}"
    );
    // The proof checker alone, given that formula, rejects the proof too.
    let formula = std::fs::read_to_string(dir.path().join(cnf)).unwrap();
    let proof = std::fs::read_to_string(dir.path().join(entry.proof.unwrap())).unwrap();
    assert!(crate::proof::check_refutation(&formula, &proof).is_err());
}

#[test]
fn a_proof_of_another_puzzle_or_a_certificate_moved_to_another_puzzle_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let two = data_puzzles("forum_hardest_1106.txt", 2);
    let manifest = certify_all(dir.path(), "sat:naive", &two);
    let (a, b) = (&manifest.entries[0], &manifest.entries[1]);
    // b's proof for a's CNF: the CNF is a's, the proof does not refute it.
    std::fs::copy(
        dir.path().join(b.proof.as_deref().unwrap()),
        dir.path().join(a.proof.as_deref().unwrap()),
    )
    .unwrap();
    let r = &results(dir.path())[0];
    assert!(r.as_ref().is_err_and(|e| e.contains(".drat")), "{r:?}");
    // All of b's files in a's place: the CNF is not a's puzzle's.
    for (from, to) in b.files().zip(a.files()) {
        std::fs::copy(dir.path().join(from), dir.path().join(to)).unwrap();
    }
    let r = &results(dir.path())[0];
    assert!(
        r.as_ref()
            .is_err_and(|e| e.contains("not a solution") || e.contains("where the naive encoding")),
        "{r:?}"
    );
    // The manifest's puzzle changed to b's: a's files no longer fit it.
    let dir = tempfile::tempdir().unwrap();
    certify_all(dir.path(), "sat:naive", &two);
    edit(dir.path(), MANIFEST, |text| {
        let (pa, pb) = (&manifest.entries[0].puzzle, &manifest.entries[1].puzzle);
        text.replacen(&format!("\"{pa}\""), &format!("\"{pb}\""), 1)
    });
    let r = &results(dir.path())[0];
    assert!(r.is_err(), "{r:?}");
}

#[test]
fn a_changed_solution_and_repeated_solutions_are_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = three();
    let manifest = certify_all(dir.path(), "sat:naive", &puzzles);
    // Two digits of the unique solution swapped in a blank place.
    let unique = &manifest.entries[0];
    edit(dir.path(), unique.solutions.as_deref().unwrap(), |s| {
        let blank = puzzles[0].cells.iter().position(|&v| v == 0).unwrap();
        let mut bytes = s.into_bytes();
        bytes[blank] = if bytes[blank] == b'1' { b'2' } else { b'1' };
        String::from_utf8(bytes).unwrap()
    });
    // The multiple entry's second solution made the first.
    let multiple = &manifest.entries[2];
    edit(dir.path(), multiple.solutions.as_deref().unwrap(), |s| {
        let first = s.lines().next().unwrap().to_string();
        format!("{first}\n{first}\n")
    });
    let r = results(dir.path());
    assert!(
        r[0].as_ref().is_err_and(|e| e.contains("not a solution")),
        "{:?}",
        r[0]
    );
    assert!(r[1].is_ok());
    assert!(
        r[2].as_ref().is_err_and(|e| e.contains("the same")),
        "{:?}",
        r[2]
    );
}

#[test]
fn a_manifest_cannot_name_a_file_outside_its_directory_or_another_encoding() {
    let (dir, entry) = unique_certificate();
    let proof = entry.proof.clone().unwrap();
    edit(dir.path(), MANIFEST, |t| {
        t.replace(&format!("\"{proof}\""), "\"../x.drat\"")
    });
    assert!(results(dir.path())[0]
        .as_ref()
        .is_err_and(|e| e.contains("not a file name")));
    let (dir, _) = unique_certificate();
    edit(dir.path(), MANIFEST, |t| {
        t.replace("\"naive\"", "\"efficient\"")
    });
    assert!(results(dir.path())[0]
        .as_ref()
        .is_err_and(|e| e.contains("efficient encoding")));
}

#[test]
fn a_wrong_verdict_is_not_certified() {
    // dlx's `multiple` answer passed off as `unique` with its first solution: the prover
    // finds a model of the CNF with that solution excluded.
    let dir = tempfile::tempdir().unwrap();
    let p = several();
    let mut outcome = answer(&p);
    outcome.verdict = Verdict::Unique;
    outcome.solutions.truncate(1);
    outcome.solutions_found = 1;
    let certifier =
        Certifier::new(dir.path(), Prover::from_config("sat:reduced").unwrap()).unwrap();
    let entry = certifier.certify(&p, &outcome, None).unwrap();
    assert!(
        entry
            .note
            .as_deref()
            .is_some_and(|n| n.starts_with("NOT CERTIFIED")),
        "{entry:?}"
    );
    assert_eq!(entry.proof, None);
}

#[test]
fn small_random_puzzles_are_certified_as_a_brute_force_counts_them() {
    // 4x4 and 6x6, classic and X, with one, several and no solutions, in every encoding.
    let dir = tempfile::tempdir().unwrap();
    let certifier =
        Certifier::new(dir.path(), Prover::from_config("sat:reduced").unwrap()).unwrap();
    let mut expected = Vec::new();
    for seed in 0..60u64 {
        let (r, c) = if seed % 2 == 0 { (2, 2) } else { (2, 3) };
        let variant = if seed % 3 == 0 {
            Variant::X
        } else {
            Variant::Classic
        };
        let p = random_puzzle(r, c, variant, seed, 45, seed % 4 == 1);
        let count = brute_force_count(&p, 2);
        expected.push(["none", "unique", "multiple"][count]);
        let entry = certifier.certify(&p, &answer(&p), None).unwrap();
        assert_eq!(entry.note, None);
    }
    let manifest = certifier.finish().unwrap();
    let verdicts: Vec<&str> = manifest
        .entries
        .iter()
        .map(|e| e.verdict.as_str())
        .collect();
    assert_eq!(verdicts, expected);
    assert!(
        expected.contains(&"none")
            && expected.contains(&"unique")
            && expected.contains(&"multiple")
    );
    assert!(results(dir.path()).iter().all(Result::is_ok));
    let _ = puzzle;
}

/// House-count certificates of the first magictour puzzles (which singles and counts
/// finish) and of puzzles with one given changed, in a fresh directory.
fn count_certificates() -> (tempfile::TempDir, Manifest) {
    let dir = tempfile::tempdir().unwrap();
    let mut puzzles = data_puzzles("magictour_top1465.txt", 2);
    puzzles.extend(data_puzzles("none_one_given_changed.txt", 2));
    let certifier = Certifier::new(
        dir.path(),
        Prover::from_config("rules:house-count").unwrap(),
    )
    .unwrap();
    for p in &puzzles {
        certifier.certify(p, &answer(p), None).unwrap();
    }
    let manifest = certifier.finish().unwrap();
    (dir, manifest)
}

#[test]
fn house_count_certificates_hold_and_every_planted_fault_fails() {
    let (dir, manifest) = count_certificates();
    let certified: Vec<&Entry> = manifest
        .entries
        .iter()
        .filter(|e| e.count.is_some())
        .collect();
    assert!(
        certified.iter().any(|e| e.verdict == "unique"),
        "{manifest:?}"
    );
    assert!(
        certified.iter().any(|e| e.verdict == "none"),
        "{manifest:?}"
    );
    let held = results_of(dir.path());
    assert!(
        held.iter().all(|r| r.as_ref().is_none_or(Result::is_ok)),
        "{held:?}"
    );
    let unique = certified.iter().find(|e| e.verdict == "unique").unwrap();
    let file = unique.count.as_deref().unwrap();
    let original = std::fs::read_to_string(dir.path().join(file)).unwrap();
    let proof: CountProof = serde_json::from_str(&original).unwrap();
    let first_count = proof
        .steps
        .iter()
        .position(|s| matches!(s, CountStep::Count { .. }))
        .unwrap();
    let faults: Vec<(&str, CountProof)> = vec![
        ("the total changed", {
            let mut p = proof.clone();
            if let CountStep::Count { total, .. } = &mut p.steps[first_count] {
                *total += 1;
            }
            p
        }),
        ("every weight negated", {
            let mut p = proof.clone();
            if let CountStep::Count { houses, total, .. } = &mut p.steps[first_count] {
                houses.iter_mut().for_each(|(_, w)| *w = -*w);
                *total = -*total;
            }
            p
        }),
        ("a count dropped", {
            let mut p = proof.clone();
            p.steps.remove(first_count);
            p
        }),
        ("the last step dropped", {
            let mut p = proof.clone();
            p.steps.pop();
            p
        }),
        ("a placement of another digit", {
            let mut p = proof.clone();
            let k = p
                .steps
                .iter()
                .position(|s| matches!(s, CountStep::Place { .. }))
                .unwrap();
            if let CountStep::Place { digit, .. } = &mut p.steps[k] {
                *digit = *digit % 9 + 1;
            }
            p
        }),
    ];
    for (what, faulty) in faults {
        std::fs::write(
            dir.path().join(file),
            serde_json::to_string(&faulty).unwrap(),
        )
        .unwrap();
        let r = &results_of(dir.path())[manifest
            .entries
            .iter()
            .position(|e| e.name == unique.name)
            .unwrap()];
        assert!(r.as_ref().is_some_and(Result::is_err), "{what}: {r:?}");
    }
    // The proof of one puzzle for another: it does not replay from the other's givens.
    let other = certified
        .iter()
        .find(|e| e.verdict == "unique" && e.name != unique.name)
        .expect("two unique puzzles certified");
    std::fs::write(dir.path().join(other.count.as_deref().unwrap()), &original).unwrap();
    std::fs::write(dir.path().join(file), &original).unwrap();
    let r = results_of(dir.path());
    let k = manifest
        .entries
        .iter()
        .position(|e| e.name == other.name)
        .unwrap();
    assert!(r[k].as_ref().is_some_and(Result::is_err), "{:?}", r[k]);
}

/// Each entry's result, `None` for an entry without a certificate.
fn results_of(dir: &Path) -> Vec<Option<Result<String, String>>> {
    verify_dir(dir, |_| {})
        .unwrap()
        .into_iter()
        .map(|c| c.result)
        .collect()
}

#[test]
fn a_puzzle_the_counts_do_not_finish_has_no_house_count_certificate() {
    // The hardest puzzle needs chains the counts on houses alone do not reach.
    let dir = tempfile::tempdir().unwrap();
    let p = data_puzzles("forum_hardest_1106.txt", 1).remove(0);
    let certifier = Certifier::new(
        dir.path(),
        Prover::from_config("rules:house-count").unwrap(),
    )
    .unwrap();
    let entry = certifier.certify(&p, &answer(&p), None).unwrap();
    assert_eq!(
        entry.note.as_deref(),
        Some("no house-count certificate: singles and house counts stop short of the end")
    );
}

#[test]
fn a_full_grid_is_certified_unique_by_the_empty_excluding_clause() {
    // No blank cell: the excluding clause is empty, and must still be stated.
    let p = data_puzzles("forum_hardest_1106.txt", 1).remove(0);
    let full = Puzzle::new(p.geometry.clone(), answer(&p).solutions.remove(0));
    for prover in ["sat:naive", "sat:reduced"] {
        let dir = tempfile::tempdir().unwrap();
        let manifest = certify_all(dir.path(), prover, std::slice::from_ref(&full));
        assert_eq!(manifest.entries[0].verdict, "unique");
        assert!(results(dir.path())[0].is_ok(), "{prover}");
    }
}

#[test]
fn a_verdict_the_prover_found_wrong_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let p = several();
    let mut outcome = answer(&p);
    outcome.verdict = Verdict::None;
    outcome.solutions.clear();
    outcome.solutions_found = 0;
    let certifier = Certifier::new(dir.path(), Prover::from_config("sat:naive").unwrap()).unwrap();
    let entry = certifier.certify(&p, &outcome, None).unwrap();
    assert!(entry.verdict_wrong);
    certifier.finish().unwrap();
    let r = results_of(dir.path());
    assert!(
        r[0].as_ref().is_some_and(|r| r
            .as_ref()
            .is_err_and(|e| e.contains("found the verdict wrong"))),
        "{r:?}"
    );
}

#[test]
fn links_pipes_and_changed_comments_are_refused() {
    let (dir, entry) = unique_certificate();
    let proof = dir.path().join(entry.proof.as_deref().unwrap());
    std::fs::remove_file(&proof).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &proof).unwrap();
    let r = &results(dir.path())[0];
    assert!(
        r.as_ref().is_err_and(|e| e.contains("not a regular file")),
        "{r:?}"
    );
    // The CNF's comment naming the puzzle changed: the clauses alone still match.
    let (dir, entry) = unique_certificate();
    edit(dir.path(), entry.cnf.as_deref().unwrap(), |t| {
        t.replacen("c puzzle: ", "c puzzle: 1", 1)
    });
    let r = &results(dir.path())[0];
    assert!(
        r.as_ref()
            .is_err_and(|e| e.contains("differs from what this program writes")),
        "{r:?}"
    );
}

#[test]
fn a_cnf_that_rules_out_the_solution_is_caught_by_its_own_numbering() {
    // What an encoder fault would write: a clause false for the solution, before the
    // excluding one. The check reads the numbering from the file, not from the encoder.
    for prover in ["sat:naive", "sat:reduced"] {
        let dir = tempfile::tempdir().unwrap();
        let p = data_puzzles("forum_hardest_1106.txt", 1).remove(0);
        let entry = certify_all(dir.path(), prover, std::slice::from_ref(&p)).entries[0].clone();
        let text = std::fs::read_to_string(dir.path().join(entry.cnf.as_deref().unwrap())).unwrap();
        let solution = answer(&p).solutions.remove(0);
        let formula = crate::proof::parse_cnf(&text).unwrap();
        assert!(super::verify::solution_fits(&p, &entry, &solution, &text, &formula).is_ok());
        // The excluding clause's first literal negates a value of the solution: a unit
        // clause with that literal, put before it, is false for the solution.
        let mut wrong = formula.clone();
        let excluded = -wrong.clauses.last().unwrap()[0];
        wrong
            .clauses
            .insert(wrong.clauses.len() - 1, vec![-excluded]);
        let r = super::verify::solution_fits(&p, &entry, &solution, &text, &wrong);
        assert!(
            r.is_err_and(|e| e.contains("rules out a valid grid")),
            "{prover}"
        );
    }
}

#[test]
fn the_encodings_written_apart_agree_with_the_encoder_and_catch_a_lost_clause() {
    use crate::backends::sat::encode::Encoded;
    let set = |cnf: &crate::backends::sat::encode::Cnf| -> std::collections::BTreeSet<Vec<i32>> {
        cnf.iter()
            .map(|c| {
                let mut c = c.to_vec();
                c.sort_unstable();
                c.dedup();
                c
            })
            .collect()
    };
    for seed in 0..40u64 {
        let (r, c) = [(2, 2), (2, 3), (3, 3)][seed as usize % 3];
        let variant = if seed % 4 == 0 {
            Variant::X
        } else {
            Variant::Classic
        };
        let p = random_puzzle(r, c, variant, seed, 40, seed % 5 == 2);
        for encoding in Encoding::ALL {
            let encoded = Encoded::build(&p, encoding);
            let (vars, reference) = super::reference::clauses(&p, encoding.name(), None).unwrap();
            assert_eq!(vars, encoded.cnf.vars, "{} seed {seed}", encoding.name());
            assert_eq!(
                set(&encoded.cnf),
                reference,
                "{} seed {seed}",
                encoding.name()
            );
        }
    }
    // An encoder that lost a clause is caught by the definitions.
    let p = data_puzzles("forum_hardest_1106.txt", 1).remove(0);
    let mut encoded = Encoded::build(&p, Encoding::Reduced);
    let mut lost = crate::backends::sat::encode::Cnf {
        vars: encoded.cnf.vars,
        ..Default::default()
    };
    for c in encoded.cnf.iter().skip(1) {
        lost.push(c);
    }
    encoded.cnf = lost;
    let (_, reference) = super::reference::clauses(&p, "reduced", None).unwrap();
    assert_ne!(set(&encoded.cnf), reference);
}

#[test]
fn boards_with_cages_or_regions_are_not_certified() {
    // A 4x4 Killer (the canonical grid cut into row pairs, with one cell given) and the
    // empty 4x4 Jigsaw, answered by sat:reduced, which takes both: a certificate would
    // state the board by a header line that has neither, so there is none, and the check
    // says so rather than failing.
    let boxes = crate::model::Geometry::new(2, 2, Variant::Classic).unwrap();
    let pattern: Vec<u8> = (0..16).map(|c| boxes.pattern_value(c)).collect();
    let cages = (0..8)
        .map(|k| crate::model::Cage {
            cells: vec![2 * k, 2 * k + 1],
            sum: u32::from(pattern[2 * k] + pattern[2 * k + 1]),
        })
        .collect();
    let mut cells = vec![0; 16];
    cells[0] = pattern[0];
    let killer = Puzzle::new(std::sync::Arc::new(boxes.with_cages(cages).unwrap()), cells);
    let regions = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
    let jigsaw = crate::model::Geometry::with_regions(4, &regions, Variant::Classic).unwrap();
    let jigsaw = Puzzle::new(std::sync::Arc::new(jigsaw), vec![0; 16]);
    for prover in ["sat:reduced", "sat:naive", "rules:house-count"] {
        let dir = tempfile::tempdir().unwrap();
        let certifier = Certifier::new(dir.path(), Prover::from_config(prover).unwrap()).unwrap();
        for (p, what) in [(&killer, "Killer cages"), (&jigsaw, "Jigsaw regions")] {
            let mut opts = SolveOptions::new(2, None);
            opts.keep_solutions = 2;
            let outcome = create("sat:reduced").unwrap().solve(p, &opts);
            assert!(
                matches!(outcome.verdict, Verdict::Unique | Verdict::Multiple),
                "{what}: {outcome:?}"
            );
            let entry = certifier.certify(p, &outcome, None).unwrap();
            let note = entry.note.as_deref().unwrap_or_default();
            assert!(note.contains(what), "{prover}: {entry:?}");
            assert!(entry.claim.starts_with("no certificate"), "{entry:?}");
            assert!(!entry.verdict_wrong);
            assert_eq!(
                (entry.cnf, entry.proof, entry.solutions),
                (None, None, None)
            );
        }
        certifier.finish().unwrap();
        let checks = verify_dir(dir.path(), |_| {}).unwrap();
        assert_eq!(checks.len(), 2);
        assert!(checks.iter().all(|c| c.result.is_none()), "{prover}");
        // Only the manifest was written.
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "{prover}"
        );
    }
}
