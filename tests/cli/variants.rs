//! Killer, Jigsaw and Killer-Jigsaw puzzles through the command line: read in both
//! formats, solved and checked by every backend that takes them, refused as not
//! applicable by the others, and generated unique (the given-free Killer among them).

use crate::common::cli::{err, out, run};
use crate::common::files::write;

/// Every configuration that takes cages and regions, one per paradigm.
const TAKERS: &[&str] = &["dlx", "sat:reduced", "ip", "csp:gac"];

/// The 4x4 Killer of `encodings/`, whose one solution is known.
const KILLER_4X4: &str = include_str!("../../encodings/killer-4x4.txt");
const KILLER_4X4_SOLVED: &str = "1234341221434321";

#[test]
fn every_paradigm_solves_the_documented_killer_and_fast_says_it_does_not_take_it() {
    for b in TAKERS {
        let o = run(&["solve", "-b", b, "-"], KILLER_4X4);
        assert_eq!(o.status.code(), Some(0), "{b}: {}", err(&o));
        assert_eq!(
            out(&o).trim(),
            format!("unique\t{KILLER_4X4_SOLVED}"),
            "{b}"
        );
    }
    let o = run(&["solve", "-b", "fast", "-"], KILLER_4X4);
    assert!(out(&o).starts_with("unknown"), "{}", out(&o));
    assert!(
        err(&o)
            .contains("not applicable: fast knows rows, columns and boxes only, not Killer cages"),
        "{}",
        err(&o)
    );
}

#[test]
fn the_same_killer_in_f_puzzles_json_reads_as_the_block_does() {
    // The block's cages, cell by cell, as the f-puzzles editor writes them.
    let cages = [
        ("3", &["R1C1", "R1C2"][..]),
        ("7", &["R1C3", "R1C4"]),
        ("5", &["R2C1", "R3C1"]),
        ("5", &["R2C2", "R2C3"]),
        ("5", &["R2C4", "R3C4"]),
        ("4", &["R3C2", "R4C2"]),
        ("7", &["R3C3", "R4C3", "R4C4"]),
        ("4", &["R4C1"]),
    ];
    let cages: Vec<String> = cages
        .iter()
        .map(|(total, cells)| {
            let cells: Vec<String> = cells.iter().map(|c| format!("\"{c}\"")).collect();
            format!("{{\"cells\":[{}],\"value\":\"{total}\"}}", cells.join(","))
        })
        .collect();
    let row = "[{},{},{},{}]";
    let json = format!(
        "{{\"size\":4,\"title\":\"tiny\",\"grid\":[{row},{row},{row},{row}],\"killercage\":[{}],\"text\":[{{\"cells\":[\"R1C1\"],\"value\":\"#\",\"fontC\":\"#000000\"}}]}}\n",
        cages.join(",")
    );
    for b in TAKERS {
        let o = run(&["solve", "-b", b, "-"], &json);
        assert_eq!(
            out(&o).trim(),
            format!("unique\t{KILLER_4X4_SOLVED}"),
            "{b}: {}",
            err(&o)
        );
    }
    // A given (with given: true) and a player's entry (without) on a Jigsaw board.
    let cell = |c: usize, extra: &str| {
        let region = [0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3][c];
        format!("{{\"region\":{region}{extra}}}")
    };
    let rows: Vec<String> = (0..4)
        .map(|r| {
            let cells: Vec<String> = (0..4)
                .map(|c| match r * 4 + c {
                    0 => cell(0, ",\"value\":1,\"given\":true"),
                    5 => cell(5, ",\"value\":3"),
                    k => cell(k, ""),
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let jigsaw = format!("{{\"size\":4,\"grid\":[{}]}}\n", rows.join(","));
    // The same Jigsaw with a Killer cage on its bottom-left pair: a Killer-Jigsaw.
    let cage = ",\"killercage\":[{\"cells\":[\"R4C1\",\"R4C2\"],\"value\":\"7\"}]";
    let killer_jigsaw = jigsaw.replacen("]}", &format!("]{cage}}}"), 1);
    let mut totals = Vec::new();
    for text in [&jigsaw, &killer_jigsaw] {
        let counts: Vec<String> = TAKERS
            .iter()
            .map(|b| {
                let o = run(&["count", "-b", b, "--max-solutions", "100", "-"], text);
                assert_eq!(o.status.code(), Some(0), "{b}: {}", err(&o));
                out(&o)
            })
            .collect();
        assert!(counts.windows(2).all(|w| w[0] == w[1]), "{counts:?}");
        let total: usize = counts[0]
            .split_whitespace()
            .last()
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("a count: {}", counts[0]));
        totals.push(total);
    }
    // A brute force outside the project counts 36 and, with the cage, fewer but some.
    assert_eq!(totals[0], 36);
    assert!((1..36).contains(&totals[1]), "{totals:?}");
}

#[test]
fn generated_killers_and_jigsaws_are_unique_by_every_paradigm_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    for (variant, boxes, extra) in [
        ("killer", "2x2", &["--no-givens"][..]),
        ("killer", "2x3", &["--no-givens"]),
        ("jigsaw", "2x3", &[]),
        ("killer+jigsaw", "2x3", &[]),
        ("killer", "3x3", &["--no-givens"]),
    ] {
        let mut args = vec![
            "generate",
            "--variant",
            variant,
            "--box",
            boxes,
            "--count",
            "3",
            "--seed",
            "7",
        ];
        args.extend(extra);
        let o = run(&args, "");
        assert_eq!(o.status.code(), Some(0), "{variant} {boxes}: {}", err(&o));
        let text = out(&o);
        if !extra.is_empty() {
            assert!(
                !text.contains("givens:"),
                "{variant} {boxes}: given-free expected:\n{text}"
            );
        }
        let path = write(&dir, "made.txt", &text);
        // The integer program decides about half of the given-free 9x9 Killers in a
        // second (the measurements document has the figures): it is checked on the
        // smaller boards here, and on the published puzzles below.
        let takers = TAKERS.iter().filter(|&&b| b != "ip" || boxes != "3x3");
        for b in takers {
            let o = run(&["solve", "-b", b, &path], "");
            assert_eq!(
                o.status.code(),
                Some(0),
                "{variant} {boxes} {b}: {}",
                err(&o)
            );
            let printed = out(&o);
            let verdicts: Vec<&str> = printed
                .lines()
                .map(|l| l.split('\t').next().unwrap_or(""))
                .collect();
            assert_eq!(verdicts, ["unique"; 3], "{variant} {boxes} {b}");
        }
    }
}

#[test]
fn compare_leaves_a_backend_that_does_not_take_a_killer_out_of_the_table_and_says_so() {
    let o = run(
        &[
            "generate",
            "--variant",
            "killer",
            "--box",
            "2x3",
            "--count",
            "4",
            "--seed",
            "2",
        ],
        "",
    );
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "k.txt", out(&o));
    let o = run(&["compare", "-b", "dlx,fast,csp:gac", &path], "");
    let text = out(&o);
    assert_eq!(o.status.code(), Some(0), "{text}{}", err(&o));
    assert!(
        text.contains("fast: not applicable to 4 puzzles") && !text.contains("\nfast "),
        "{text}"
    );
    assert!(
        text.contains("every answer passed the independent validator and all verdicts agree"),
        "{text}"
    );
    assert!(!err(&o).contains("FAILED"), "{}", err(&o));
}

#[test]
fn published_killers_and_jigsaws_are_solved_by_every_paradigm_as_published() {
    let files = [
        "tests/data/variants/killer.txt",
        "tests/data/variants/jigsaw.txt",
        "tests/data/variants/piggly-wiggly.json",
    ];
    for file in files {
        let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
        // `ip` (microlp 0.6 through good_lp) stops on some Killers with "Singular
        // matrix", an engine failure it reports as such (encodings/ip.md); microlp 0.7,
        // called directly, states the same program and does not.
        let takers = TAKERS.iter().map(|&b| match b {
            "ip" if file.contains("killer") => "ip:microlp-direct",
            b => b,
        });
        for b in takers {
            // The integer program takes minutes on the hardest published Killers (it
            // decides about half of 500 generated ones in a second: the measurements
            // document has the figures): there it has a budget, and its answers must be
            // the published ones or none at all, never a failure.
            let killer_ip = b.starts_with("ip") && file.contains("killer");
            let budget = if killer_ip { "2" } else { "none" };
            let o = run(&["solve", "-b", b, "--timeout", budget, &path], "");
            let printed = out(&o);
            assert_eq!(o.status.code(), Some(0), "{file} {b}: {}", err(&o));
            assert!(!err(&o).contains("DIFFERS"), "{file} {b}: {}", err(&o));
            assert!(!err(&o).contains("failed"), "{file} {b}: {}", err(&o));
            let answered = printed
                .lines()
                .filter(|l| l.starts_with("unique\t"))
                .count();
            let undecided = printed
                .lines()
                .filter(|l| l.starts_with("unknown\t") || l.starts_with("solved\t"))
                .count();
            assert_eq!(
                answered + undecided,
                printed.lines().count(),
                "{file} {b}: {printed}"
            );
            assert!(answered > 0, "{file} {b}: {printed}");
            if !killer_ip {
                assert_eq!(undecided, 0, "{file} {b}: {printed}");
            }
        }
    }
}
