//! Bad input on every path, through the built binary: each case must stop with
//! exit status 2 and one clear message naming the file, the line and the cell where there
//! is one, never a panic, and never a partial result passed off as complete. Every case
//! runs through every command that reads puzzles. Also: input is read as a stream, so a
//! huge file or an endless pipe is read with memory bounded by one puzzle and one line.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Output};
use std::sync::mpsc;

use crate::common::cli::{command, err, feed_open, out, run, vm_hwm_kb};
use crate::common::files::write;
use crate::common::slack;
const EXE: &str = env!("CARGO_BIN_EXE_sudoku-arena");
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Every command that reads puzzles, with arguments that keep it quick.
const COMMANDS: &[&[&str]] = &[
    &["solve"],
    &["count", "--max-solutions", "5"],
    &["compare", "-b", "dlx"],
    &["rate"],
    &["explain"],
    &["export", "--encoding", "exact-cover"],
];

/// Exit status 2, every `needle` in standard error, no panic, and one message: the
/// error line, then at most the line saying where the run stopped.
fn assert_bad(o: &Output, what: &str, needles: &[&str]) {
    let e = err(o);
    assert_eq!(o.status.code(), Some(2), "{what}: {e}");
    assert!(!e.contains("panicked"), "{what}: {e}");
    for n in needles {
        assert!(e.contains(n), "{what}: expected '{n}' in: {e}");
    }
    let messages: Vec<&str> = e
        .lines()
        .filter(|l| l.starts_with("sudoku-arena:"))
        .collect();
    assert!(
        !messages.is_empty() && messages.len() <= 2,
        "{what}: one message expected: {e}"
    );
}

/// `bytes` as a file given to every command, then (unless it is only about files) on
/// standard input: exit 2 with `needles` (`FILE` stands for the name) and nothing on
/// standard output, since the fault comes before any puzzle.
fn assert_refused_everywhere(name: &str, bytes: &[u8], needles: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, name, bytes);
    for cmd in COMMANDS {
        for (source, via_stdin) in [(path.as_str(), false), ("<stdin>", true)] {
            let mut args = cmd.to_vec();
            if !via_stdin {
                args.push(&path);
            }
            let o = run(&args, if via_stdin { bytes } else { b"" });
            let needles: Vec<String> = needles.iter().map(|n| n.replace("FILE", source)).collect();
            let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
            let what = format!("{} on {name} via {source}", cmd.join(" "));
            assert_bad(&o, &what, &needles);
            assert_eq!(out(&o), "", "{what}: nothing may be printed");
        }
    }
}

#[test]
fn a_missing_file_or_a_directory_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(&dir, "good.txt", EASY.as_bytes());
    let missing = dir.path().join("missing.txt");
    let missing = missing.to_str().unwrap();
    let folder = dir.path().to_str().unwrap();
    for cmd in COMMANDS {
        // A bad second file is found before the first is solved: nothing is printed.
        let mut args = cmd.to_vec();
        args.extend([good.as_str(), missing]);
        let o = run(&args, b"");
        assert_bad(
            &o,
            cmd[0],
            &[&format!("{missing}: cannot read: No such file")],
        );
        assert_eq!(out(&o), "", "{}", cmd[0]);
        let mut args = cmd.to_vec();
        args.push(folder);
        let o = run(&args, b"");
        assert_bad(
            &o,
            cmd[0],
            &[&format!("{folder}: cannot read: it is a directory")],
        );
    }
}

/// Whether this process runs as root (who can read a file of mode 000).
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .map(|l| l.split_whitespace().nth(2) == Some("0"))
        })
        .unwrap_or(false)
}

#[test]
fn an_unreadable_file_is_named() {
    use std::os::unix::fs::PermissionsExt;
    if is_root() {
        // Root reads a file of mode 000: the directory case above covers a read failure.
        eprintln!("running as root: the mode-000 case cannot fail to read; skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "locked.txt", EASY.as_bytes());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
    for cmd in COMMANDS {
        let mut args = cmd.to_vec();
        args.push(&path);
        let o = run(&args, b"");
        assert_bad(
            &o,
            cmd[0],
            &[&format!("{path}: cannot read: Permission denied")],
        );
    }
}

#[test]
fn an_empty_file_or_only_comments_has_no_puzzles() {
    for text in ["", "\n\n", "# only a comment\n   \n"] {
        assert_refused_everywhere(
            "empty.txt",
            text.as_bytes(),
            &[
                "FILE: no puzzles found",
                "is empty, or holds only blank lines",
            ],
        );
    }
}

#[test]
fn binary_junk_is_not_text() {
    // Pseudo-random bytes, the same every run.
    let mut x: u32 = 12345;
    let junk: Vec<u8> = (0..100_000)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as u8
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "junk.bin", &junk);
    for cmd in COMMANDS {
        let mut args = cmd.to_vec();
        args.push(&path);
        let o = run(&args, b"");
        assert_bad(&o, cmd[0], &[&format!("{path}:"), ": column "]);
        let e = err(&o);
        assert!(
            e.contains("is not UTF-8 text") || e.contains("a NUL byte"),
            "{e}"
        );
    }
    assert_refused_everywhere(
        "image.png",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
        &["FILE:1: column 1: byte 0x89 is not UTF-8 text"],
    );
}

#[test]
fn invalid_utf8_and_nul_bytes_name_line_and_column() {
    let mut first_bad = b"53..7\xE9...\n".to_vec();
    first_bad.extend_from_slice(EASY.as_bytes());
    assert_refused_everywhere(
        "latin1.txt",
        &first_bad,
        &["FILE:1: column 6: byte 0xE9 is not UTF-8 text"],
    );
    let mut nul = EASY.as_bytes().to_vec();
    nul[3] = 0;
    assert_refused_everywhere(
        "nul.txt",
        &nul,
        &["FILE:1: column 4: a NUL byte; puzzle files are plain text"],
    );
}

#[test]
fn wrong_lengths_and_symbols_and_values_name_line_and_cell() {
    let cases: Vec<(String, &str)> = vec![
        (
            format!("# one short line\n{}\n", &EASY[..80]),
            "FILE:2: this line has 80 cells",
        ),
        (
            format!("{}?{}", &EASY[..22], &EASY[23..]),
            "FILE:1: r3c5: unknown symbol '?'",
        ),
        (
            format!("{}A{}", &EASY[..2], &EASY[3..]),
            "FILE:1: r1c3: value 10 is above 9",
        ),
        (
            // A number too long for any integer type.
            "1 2 3 4\n3 4 1 99999999999999999999999\n2 1 4 3\n4 3 2 1\n".to_string(),
            "FILE:2: r2c4: value 99999999999999999999... is above 4",
        ),
        (
            "1 2 3 4\n3 4 1 2\n".to_string(),
            "FILE:1: the 4x4 grid that starts here ends after 2 of its 4 rows",
        ),
        (
            ".".repeat(65 * 65),
            "FILE:1: this line has 4225 cells, a 65x65 puzzle; the side must be from 4 to 64",
        ),
    ];
    for (text, needle) in cases {
        assert_refused_everywhere("bad.txt", text.as_bytes(), &[needle]);
    }
}

/// Givens that repeat a digit in a unit are well-formed text: the puzzle has no
/// solution, every command says so, names the conflict, and goes on to the next puzzle.
#[test]
fn repeated_givens_are_a_puzzle_with_no_solution_not_bad_input() {
    let repeat = format!("{}5{}", &EASY[..8], &EASY[9..]);
    let text = format!("{repeat}\n{EASY}\n");
    let o = run(&["solve", "-"], text.as_bytes());
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(out(&o), format!("none\t-\nunique\t{EASY_SOLVED}\n"));
    assert!(
        err(&o).contains("r1c1 and r1c9 both hold 5 in row 1"),
        "{}",
        err(&o)
    );
    for cmd in COMMANDS {
        let o = run(cmd, text.as_bytes());
        let what = cmd.join(" ");
        if cmd[0] == "export" {
            // One file holds one problem: export says to pick one.
            assert!(err(&o).contains("--index"), "{what}: {}", err(&o));
            continue;
        }
        assert!(o.status.success(), "{what}: {}", err(&o));
        assert!(!err(&o).contains("panicked"), "{what}: {}", err(&o));
    }
}

#[test]
fn over_long_lines_are_refused_early() {
    // A line of a million characters: no cell count, just what a puzzle line can be.
    let long = ".".repeat(1_000_000);
    assert_refused_everywhere(
        "long.txt",
        long.as_bytes(),
        &["FILE:1: this line is longer than 65536 bytes; a puzzle line has at most 4096 cells"],
    );
    // Old Mac line ends split nothing: said plainly.
    let cr = format!("{EASY}\r{EASY}\r");
    assert_refused_everywhere(
        "mac.txt",
        cr.as_bytes(),
        &["FILE:1: column 82: a carriage return inside the line"],
    );
}

#[test]
fn crlf_bom_and_no_final_newline_are_fine() {
    let dir = tempfile::tempdir().unwrap();
    let texts = [
        format!("{EASY}\r\n{EASY}\r\n"),
        format!("\u{feff}{EASY}\n{EASY}"),
        format!("# rows\r\n{}\r\n\r\n{EASY}", rows(EASY).join("\r\n")),
    ];
    for (k, text) in texts.iter().enumerate() {
        let path = write(&dir, &format!("ok{k}.txt"), text.as_bytes());
        let o = run(&["solve", &path], b"");
        assert!(o.status.success(), "{text:?}: {}", err(&o));
        assert_eq!(
            out(&o),
            format!("unique\t{EASY_SOLVED}\n").repeat(2),
            "{text:?}"
        );
        let o = run(&["compare", "-b", "dlx", &path], b"");
        assert!(o.status.success(), "{text:?}: {}", err(&o));
        assert!(err(&o).contains("on 2 puzzles"), "{}", err(&o));
    }
}

/// A compact puzzle as nine row lines of spaced symbols.
fn rows(line: &str) -> Vec<String> {
    let chars: Vec<String> = line.chars().map(|c| c.to_string()).collect();
    chars.chunks(9).map(|r| r.join(" ")).collect()
}

#[test]
fn mixed_sides_in_one_file_are_allowed() {
    let text = format!("................\n{EASY}\n# a 6x6\n{}\n", ".".repeat(36));
    let o = run(&["count", "--max-solutions", "1000", "-"], text.as_bytes());
    assert!(o.status.success(), "{}", err(&o));
    let lines: Vec<String> = out(&o).lines().map(str::to_string).collect();
    assert_eq!(
        lines[..2],
        ["<stdin>:1\t288".to_string(), "<stdin>:2\t1".to_string()]
    );
    assert!(
        lines[2].starts_with("<stdin>:4\tat least 1000"),
        "{lines:?}"
    );
    let o = run(&["compare", "-b", "dlx", "--timeout", "5"], text.as_bytes());
    assert!(o.status.success(), "{}", err(&o));
}

#[test]
fn an_error_mid_file_keeps_what_was_done_and_says_the_run_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("{EASY}\n{EASY}\n{}x\n{EASY}\n", &EASY[..80]);
    let path = write(&dir, "mid.txt", text.as_bytes());
    let place = format!("{path}:3: r9c9: unknown symbol 'x'");
    let stopped = "the run stopped at this error: the 2 puzzle(s) before it were";
    // solve and count: the two answers stay, the error follows, exit 2.
    let o = run(&["solve", &path], b"");
    assert_bad(&o, "solve", &[&place, stopped, "answered above"]);
    assert_eq!(out(&o), format!("unique\t{EASY_SOLVED}\n").repeat(2));
    let o = run(&["count", &path], b"");
    assert_bad(&o, "count", &[&place, stopped, "counted above"]);
    assert_eq!(out(&o), format!("{path}:1\t1\n{path}:2\t1\n"));
    // rate: the two ratings stay, but no summary claims to cover the input.
    let o = run(&["rate", &path], b"");
    assert_bad(&o, "rate", &[&place, stopped, "no summary was printed"]);
    assert_eq!(out(&o).lines().count(), 2, "{}", out(&o));
    assert!(!out(&o).contains("# "), "{}", out(&o));
    // compare reads all before any solve: no table, no results file.
    let results = dir.path().join("r.jsonl");
    let results = results.to_str().unwrap();
    let o = run(&["compare", "-b", "dlx", "--out", results, &path], b"");
    assert_bad(&o, "compare", &[&place]);
    assert_eq!(out(&o), "");
    assert!(!std::path::Path::new(results).exists());
    // explain reads only as far as the puzzle asked for.
    let o = run(&["explain", "--index", "2", &path], b"");
    assert!(o.status.success(), "{}", err(&o));
    let o = run(&["explain", "--index", "3", &path], b"");
    assert_bad(&o, "explain", &[&place]);
    assert_eq!(out(&o), "");
    // --limit stops reading before the bad line.
    let o = run(&["solve", "--limit", "2", &path], b"");
    assert!(o.status.success(), "{}", err(&o));
}

#[test]
fn a_hundred_megabytes_of_dots_is_refused_after_the_first_line_cap() {
    // Through a pipe: the command must stop after reading a little past the line cap,
    // not read the 100 MB (the writer sees the pipe close).
    let mut child = command(&["solve"]).spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let chunk = vec![b'.'; 64 * 1024];
    let mut written = 0usize;
    while written < 100 << 20 {
        match input.write(&chunk) {
            Ok(n) => written += n,
            Err(_) => break, // the pipe closed: the command stopped reading
        }
    }
    drop(input);
    let o = child.wait_with_output().unwrap();
    assert_bad(
        &o,
        "solve",
        &["<stdin>:1: this line is longer than 65536 bytes"],
    );
    assert!(
        written < 4 << 20,
        "{written} bytes were taken before the command stopped"
    );
    // As a file: memory stays small (peak RSS by GNU time, when it is installed).
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "dots.txt", vec![b'.'; 100 << 20]);
    let time = "/usr/bin/time";
    if !std::path::Path::new(time).exists() {
        // CI installs it (.ci/run) and says so: there, a missing one is a failure.
        assert!(
            std::env::var_os("SUDOKU_ARENA_REQUIRE_EXTERNAL").is_none(),
            "{time} is missing (Debian package `time`), and SUDOKU_ARENA_REQUIRE_EXTERNAL is set"
        );
        eprintln!("{time} is missing (Debian package `time`): peak memory not measured");
        let o = run(&["solve", &path], b"");
        assert_bad(&o, "solve", &[&format!("{path}:1: this line is longer")]);
        return;
    }
    for cmd in COMMANDS {
        let mut args = vec!["-f", "peak-rss-kb %M", EXE];
        args.extend(cmd.iter());
        args.push(&path);
        let o = Command::new(time).args(&args).output().unwrap();
        assert_bad(&o, cmd[0], &[&format!("{path}:1: this line is longer")]);
        let kb: u64 = err(&o)
            .lines()
            .find_map(|l| l.strip_prefix("peak-rss-kb "))
            .and_then(|k| k.trim().parse().ok())
            .unwrap_or_else(|| panic!("no peak from {time}: {}", err(&o)));
        assert!(
            kb < 64 * 1024,
            "{}: peak {kb} KB for 100 MB of dots",
            cmd[0]
        );
    }
}

/// Feeds `count` copies of a solved grid to `solve` on a pipe kept open, waits for every
/// answer, then reads the child's peak resident memory (VmHWM, in kB) while it still
/// waits for more input; then ends the input and checks the exit. An answer that does
/// not come while the input is open means the command does not stream: a failure.
fn solve_peak_kb(count: usize) -> u64 {
    let mut child: Child = command(&["solve", "-b", "dlx"]).spawn().unwrap();
    let pid = child.id();
    let writer = feed_open(&mut child, EASY_SOLVED, count);
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    for k in 0..count {
        match rx.recv_timeout(slack() * 60) {
            Ok(line) => assert!(line.starts_with("unique"), "{line}"),
            Err(_) => {
                let _ = child.kill();
                panic!("answer {k} of {count} did not come while the input was open");
            }
        }
    }
    let kb = vm_hwm_kb(pid);
    drop(writer.join().unwrap()); // the end of the input
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", err(&o));
    kb
}

#[test]
fn memory_does_not_grow_with_the_puzzles_streamed_through_solve() {
    let small = solve_peak_kb(5_000);
    let large = solve_peak_kb(50_000);
    eprintln!("peak resident memory of solve: {small} kB for 5,000 puzzles, {large} kB for 50,000");
    // Keeping 45,000 more puzzles (text and grids) would take well over 8 MB.
    assert!(
        large <= small + 2048,
        "peak {large} kB for 50,000 puzzles against {small} kB for 5,000"
    );
}

#[test]
fn commands_stop_reading_once_they_have_what_they_need() {
    // explain --index 1 and solve --limit 1 answer and exit with the input still open.
    for args in [&["explain"][..], &["solve", "--limit", "1"]] {
        let mut child = command(args).spawn().unwrap();
        let mut input = child.stdin.take().unwrap();
        input.write_all(format!("{EASY}\n").as_bytes()).unwrap();
        input.flush().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || tx.send(child.wait_with_output()));
        let o = match rx.recv_timeout(slack() * 60) {
            Ok(o) => o.unwrap(),
            Err(_) => panic!("{args:?} waited for the end of the input"),
        };
        drop(input);
        assert!(o.status.success(), "{args:?}: {}", err(&o));
        assert!(!out(&o).is_empty());
    }
}

/// A 4x4 Killer in the block format whose totals live on lines 8 and 9.
const KILLER_4X4: &str = "# a 4x4 Killer\nkiller 4x4\ncages:\naabb\ncdde\ncfge\nhfgg\nsums: a=3 b=7 c=5 d=5\n  e=5 f=4 g=7 h=4\n";

/// An empty 4x4 f-puzzles grid, to which a case adds its entries.
fn fpuzzles_4x4(extra: &str) -> String {
    let row = "[{},{},{},{}]";
    format!("{{\"size\":4,\"grid\":[{row},{row},{row},{row}]{extra}}}\n")
}

#[test]
fn a_killer_or_jigsaw_that_breaks_its_rules_is_named_by_line_and_cell() {
    let cases: Vec<(&str, String, &[&str])> = vec![
        (
            "total.txt",
            KILLER_4X4.replace("g=7", "g=17"),
            &["FILE:9: r3c3: cage 'g' has 3 cells and total 17; 3 distinct digits add up to 6 to 9"],
        ),
        (
            "cover.txt",
            KILLER_4X4.replace("h=4", "h=3"),
            &["FILE:8: the cages cover the grid and their totals add up to 39, not 40"],
        ),
        (
            "missing.txt",
            KILLER_4X4.replace(" h=4", ""),
            &["FILE:7: r4c1: cage 'h' has no total"],
        ),
        (
            "pieces.txt",
            KILLER_4X4.replace("hfgg", "afgg"),
            &["FILE:7: r4c1: cage 'a' is in two pieces"],
        ),
        (
            "size.txt",
            "jigsaw 4x4\nregions:\n1112\n1122\n3344\n3344\n".to_string(),
            &["FILE:2: the regions: region 1 has 5 cells; each region of a 4x4 board has 4"],
        ),
        (
            "apart.txt",
            "jigsaw 4x4\nregions:\n1221\n1221\n3344\n3344\n".to_string(),
            &["FILE:2: the regions: region 1 is not connected: r1c4 does not touch r1c1"],
        ),
        (
            "short.txt",
            "jigsaw 4x4\nregions:\n1122\n112\n3344\n3344\n".to_string(),
            &["FILE:4: row 2 of 'regions:' has 3 cells; every row needs 4"],
        ),
        (
            "cage.json",
            fpuzzles_4x4(",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"]}]"),
            &["FILE:1: r1c1: a Killer cage without a total"],
        ),
        (
            "thermo.json",
            fpuzzles_4x4(",\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]"),
            &["FILE:1: the f-puzzles rule 'thermometer' is not one this program solves"],
        ),
    ];
    for (name, text, needles) in cases {
        assert_refused_everywhere(name, text.as_bytes(), needles);
    }
}
