//! `solve --certify` and `verify-certificate` as a user drives them: certificates written
//! and checked for every verdict, the files a run refuses to replace, a certificate that
//! fails, and what bad flags and bad directories say.

use crate::common::cli::{err, out, run_no_stdin};
use crate::common::files::path_in;

/// The first hardest puzzles (unique), puzzles with one given changed (none) and
/// puzzles with several solutions, in one file.
fn mixed_file(dir: &std::path::Path) -> String {
    crate::common::files::data_lines_file(
        dir,
        &[
            ("forum_hardest_1106.txt", 0, 4),
            ("none_one_given_changed.txt", 0, 3),
            ("serg_benchmark.txt", 0, 3),
        ],
    )
}

#[test]
fn every_verdict_is_certified_and_verified_in_each_encoding() {
    let dir = tempfile::tempdir().unwrap();
    let input = mixed_file(dir.path());
    for encoding in ["naive", "efficient", "extended", "reduced"] {
        let certs = path_in(&dir, encoding);
        let with = format!("sat:{encoding}");
        let o = run_no_stdin(&[
            "solve",
            &input,
            "--certify",
            &certs,
            "--certify-with",
            &with,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        assert!(
            err(&o).contains("wrote 10 certificates of 10 answers"),
            "{}",
            err(&o)
        );
        let o = run_no_stdin(&["verify-certificate", &certs]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        let verdicts: Vec<(String, String)> = out(&o)
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                (f[1].to_string(), f[3].to_string())
            })
            .collect();
        let expected: Vec<(String, String)> = ["unique"; 4]
            .into_iter()
            .chain(["none"; 3])
            .chain(["multiple"; 3])
            .map(|v| (v.to_string(), "ok".to_string()))
            .collect();
        assert_eq!(verdicts, expected);
        assert!(err(&o).contains("10 held, 0 failed"), "{}", err(&o));
    }
}

#[test]
fn a_certificate_directory_is_not_replaced_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let certs = path_in(&dir, "certs");
    let o = run_no_stdin(&["solve", "examples/hard.txt", "--certify", &certs]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let o = run_no_stdin(&["solve", "examples/hard.txt", "--certify", &certs]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("--force"), "{}", err(&o));
    let o = run_no_stdin(&["solve", "examples/hard.txt", "--certify", &certs, "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
}

#[test]
fn a_failing_certificate_is_named_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let certs = path_in(&dir, "certs");
    let o = run_no_stdin(&["solve", "examples/hard.txt", "--certify", &certs]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    // The proof cut to its empty clause.
    let proof = std::fs::read_dir(&certs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "drat"))
        .unwrap();
    std::fs::write(&proof, "0\n").unwrap();
    let o = run_no_stdin(&["verify-certificate", &certs]);
    assert_eq!(o.status.code(), Some(1));
    let name = proof.file_name().unwrap().to_string_lossy().to_string();
    assert!(
        out(&o).contains(&format!(
            "FAILED\t{name}: proof line 1: lemma 1 (0) does not follow"
        )),
        "{}",
        out(&o)
    );
    assert!(err(&o).contains("1 failed"), "{}", err(&o));
}

#[test]
fn bad_flags_and_directories_say_what_to_fix() {
    let o = run_no_stdin(&[
        "solve",
        "examples/hard.txt",
        "--certify",
        "x",
        "--certify-with",
        "dlx",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("proofs are written by sat:ENCODING"),
        "{}",
        err(&o)
    );
    let o = run_no_stdin(&["solve", "examples/hard.txt", "--certify-with", "sat:naive"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("--certify"), "{}", err(&o));
    let dir = tempfile::tempdir().unwrap();
    let o = run_no_stdin(&["verify-certificate", &dir.path().display().to_string()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("manifest.json"), "{}", err(&o));
    let bad = crate::common::files::write(&dir, "manifest.json", "{\"format\": 3}");
    let o = run_no_stdin(&["verify-certificate", &dir.path().display().to_string()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("not a certificate manifest"),
        "{bad}: {}",
        err(&o)
    );
}

#[test]
fn compare_certifies_each_proof_writing_configuration_and_tables_the_cost() {
    let dir = tempfile::tempdir().unwrap();
    let input = mixed_file(dir.path());
    let certs = path_in(&dir, "certs");
    let o = run_no_stdin(&[
        "compare",
        "-b",
        "dlx,sat:naive,sat:extended",
        "--certify",
        &certs,
        &input,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = out(&o);
    let table = text
        .split("certificates in")
        .nth(1)
        .expect("the certificates table");
    for config in ["sat:naive ", "sat:extended "] {
        let row = table.lines().find(|l| l.starts_with(config)).expect(config);
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(&cells[1..4], ["10", "4/3/3", "0"], "{row}");
    }
    assert!(!table.contains("dlx"), "{table}");
    // One folder per configuration, each checked on its own.
    for folder in ["sat-naive", "sat-extended"] {
        let o = run_no_stdin(&["verify-certificate", &format!("{certs}/{folder}")]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    }
    let o = run_no_stdin(&["compare", "-b", "dlx", "--certify", &certs, &input]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("none of the configurations compared writes proofs"),
        "{}",
        err(&o)
    );
}

#[test]
fn puzzles_ties_a_directory_to_the_puzzles_one_holds_and_force_starts_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let certs = path_in(&dir, "certs");
    let o = run_no_stdin(&["solve", "examples/hard.txt", "--certify", &certs]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let o = run_no_stdin(&[
        "verify-certificate",
        &certs,
        "--puzzles",
        "examples/hard.txt",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    // Puzzles the directory does not hold are named MISSING, and fail.
    let o = run_no_stdin(&[
        "verify-certificate",
        &certs,
        "--puzzles",
        "examples/easy.txt",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).contains("\tMISSING\t"), "{}", out(&o));
    // --force removes the earlier run's files: none of hard.txt's are left.
    let o = run_no_stdin(&["solve", "examples/none.txt", "--certify", &certs, "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let left: Vec<String> = std::fs::read_dir(&certs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(left.iter().all(|f| !f.starts_with("hard-")), "{left:?}");
    // A directory in which no certificate holds proves nothing: exit status 1.
    let first = path_in(&dir, "first");
    let o = run_no_stdin(&["solve", "examples/hard.txt", "--first", "--certify", &first]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let o = run_no_stdin(&["verify-certificate", &first]);
    assert_eq!(o.status.code(), Some(1));
    assert!(out(&o).contains("\tuncertified\t"), "{}", out(&o));
}
