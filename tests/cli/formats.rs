//! Files that keep their meaning: the header line that carries a puzzle file's box shape
//! and variant (written by `generate`, honoured by every reader), a CSV's given solution
//! checked as input, givens that break a rule read as a puzzle with no solution, `export`
//! of every puzzle with the variable map of the reduced DIMACS numbering, and the files
//! other tools write and read: QQWing's every form, Kaggle's CSV, CSV with quotes,
//! semicolons or tabs, and `generate --format plain` for QQWing to solve.

use crate::common::cli::{counts, err, out, run};
use serde_json::Value;
use std::sync::Arc;
use sudoku_arena::backends::create;
use sudoku_arena::model::to_line;
use sudoku_arena::model::{parse_puzzles, Geometry, ParseOptions, Puzzle, Variant};
use sudoku_arena::solver::{SolveOptions, Verdict};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Writes `text` to `name` in a fresh temporary directory, whose guard comes back with the path.
fn scratch(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path.to_str().unwrap().to_string())
}

/// The JSON objects of a JSON-lines text.
fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The puzzle of `line` on boxes `rows`×`cols` under `variant`, built by the library
/// (no file, no header): the puzzle as it was generated.
fn intended(line: &str, rows: usize, cols: usize, variant: Variant) -> Puzzle {
    let g = Arc::new(Geometry::new(rows, cols, variant).unwrap());
    let cells: Vec<u8> = line
        .chars()
        .map(|c| sudoku_arena::model::value_of_symbol(c).unwrap())
        .collect();
    Puzzle::new(g, cells)
}

/// `dlx`'s verdict and solutions (up to two) of `p`, in line form.
fn answers(p: &Puzzle) -> (Verdict, Vec<String>) {
    let o = create("dlx").unwrap().solve(p, &SolveOptions::new(2, None));
    let lines = o
        .solutions
        .iter()
        .map(|s| to_line(&p.geometry, s))
        .collect();
    (o.verdict, lines)
}

#[test]
fn generated_files_read_back_as_the_same_puzzles_in_every_shape_and_variant() {
    // Unique puzzles up to 12x12; 16x16 as fixed-fraction instances (a unique 16x16
    // X-Sudoku takes 10-50 s to make on a loaded machine; the header is the same).
    let shapes = [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (4, 2),
        (2, 5),
        (5, 2),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
    ];
    for (rows, cols) in shapes {
        for variant in [Variant::Classic, Variant::X] {
            let shape = format!("{rows}x{cols}");
            let mut args = vec!["generate", "--box", &shape, "--variant", variant.name()];
            args.extend(["--count", "2", "--seed", "3"]);
            if rows * cols == 16 {
                args.extend(["--fixed-fraction", "0.6"]);
            }
            let what = args.join(" ");
            let o = run(&args, b"");
            assert!(o.status.success(), "{what}: {}", err(&o));
            let line_text = out(&o);
            let generated: Vec<Puzzle> = line_text
                .lines()
                .filter(|l| !l.starts_with('#'))
                .map(|l| intended(l.split_whitespace().next().unwrap(), rows, cols, variant))
                .collect();
            assert_eq!(generated.len(), 2, "{what}");
            args.extend(["--format", "grid"]);
            let o = run(&args, b"");
            assert!(o.status.success(), "{what} --format grid: {}", err(&o));
            for text in [line_text, out(&o)] {
                // Read back with no --box and no --variant: the file alone says both.
                let read = parse_puzzles(&text, "gen.txt", &ParseOptions::default()).unwrap();
                assert_eq!(read.len(), 2, "{what}");
                for (r, p) in read.iter().zip(&generated) {
                    assert_eq!(*r.geometry, *p.geometry, "{what}\n{text}");
                    assert_eq!(r.cells, p.cells, "{what}");
                }
                let (_dir, path) = scratch("gen.txt", &text);
                let o = run(&["solve", "--format", "json", &path], b"");
                assert!(o.status.success(), "{what}: {}\n{text}", err(&o));
                let records = json_lines(&out(&o));
                assert_eq!(records.len(), 2, "{what}");
                for (record, p) in records.iter().zip(&generated) {
                    let (verdict, solutions) = answers(p);
                    if rows * cols != 16 {
                        assert_eq!(verdict, Verdict::Unique, "{what}");
                    }
                    assert_eq!(record["verdict"], verdict.name(), "{what}: {record}");
                    assert_eq!(record["solutions"], serde_json::json!(solutions), "{what}");
                }
            }
        }
    }
}

#[test]
fn a_header_is_in_force_until_the_next_one() {
    // The empty 4x4 grid has 288 classic solutions and 48 X ones.
    let empty = ".".repeat(16);
    let text = format!(
        "# box 2x2 variant x\n{empty}\n{empty} # still x\n# box 2x2 variant classic\n{empty}\n# variant x\n{empty}\n"
    );
    let (_dir, path) = scratch("h.txt", &text);
    let o = run(&["count", "--max-solutions", "1000", &path], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(counts(&o), ["48", "48", "288", "48"]);
    // A comment that only looks like a header at a glance is a comment.
    let text = format!("# boxes of 3x2 are not meant here\n{empty}\n");
    let (_dir, path) = scratch("c.txt", &text);
    let o = run(&["count", "--max-solutions", "1000", &path], b"");
    assert_eq!(counts(&o), ["288"], "{}", err(&o));
}

#[test]
fn a_flag_that_contradicts_a_header_is_refused_naming_file_and_line() {
    let six = ".".repeat(36);
    let text = format!("# a 6x6\n# box 3x2 variant x\n{six}\n");
    let (_dir, path) = scratch("six.txt", &text);
    for flags in [
        &["--box", "2x3"][..],
        &["--variant", "classic"],
        &["--box", "3x2", "--variant", "classic"],
    ] {
        let mut args = vec!["count", "--max-solutions", "1"];
        args.extend_from_slice(flags);
        args.push(&path);
        let o = run(&args, b"");
        assert_eq!(o.status.code(), Some(2), "{flags:?}: {}", out(&o));
        assert!(
            err(&o).contains(&format!("{path}:2:")),
            "{flags:?}: {}",
            err(&o)
        );
        assert!(out(&o).is_empty(), "{flags:?}");
    }
    // Flags that say what the header says are fine.
    let o = run(
        &[
            "count",
            "--max-solutions",
            "1",
            "--box",
            "3x2",
            "--variant",
            "x",
            &path,
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
}

#[test]
fn a_kaggle_solution_that_is_not_an_answer_is_an_input_error_not_a_wrong_answer() {
    // A solution that repeats a digit in a row, a valid grid that changes a given, and
    // one that is not a full grid.
    let mut repeats = EASY_SOLVED.to_string();
    repeats.replace_range(2..3, "3"); // r1c3 = 3 repeats r1c2 = 3
    let mut changed = String::new();
    for ch in EASY_SOLVED.chars() {
        // Swapping the digits 1 and 2 keeps a valid grid but changes every given 1 or
        // 2, the first at r2c4.
        changed.push(match ch {
            '1' => '2',
            '2' => '1',
            c => c,
        });
    }
    let cases = [
        (repeats, "r1c3"),
        (changed, "r2c4"),
        (EASY_SOLVED[..80].to_string() + "0", "r9c9"),
    ];
    for (solution, cell) in cases {
        let text = format!("quizzes,solutions\n{EASY},{EASY_SOLVED}\n{EASY},{solution}\n");
        let (_dir, path) = scratch("k.csv", &text);
        let o = run(&["solve", &path], b"");
        assert_eq!(o.status.code(), Some(2), "{solution}: {}", err(&o));
        let e = err(&o);
        assert!(e.contains(&format!("{path}:3: {cell}:")), "{e}");
        assert!(e.contains("solution"), "{e}");
        assert!(!e.contains("WRONG") && !e.contains("DIFFERS"), "{e}");
        let o = run(&["compare", "-b", "dlx,csp", &path], b"");
        assert_eq!(o.status.code(), Some(2), "{}", err(&o));
        assert!(!err(&o).contains("WRONG") && !out(&o).contains("WRONG"));
    }
}

/// A file of three 4x4 puzzles: a classic one, one whose givens repeat a 1 in row 1, and
/// one with a 1 at both ends of the main diagonal (classic, but not X).
fn conflicts_file() -> (tempfile::TempDir, String) {
    scratch(
        "conflicts.txt",
        "12..............\n1..1............  # repeat\n1..............1  # diagonal\n",
    )
}

#[test]
fn givens_that_break_a_rule_are_verdict_none_with_the_conflict_named_and_the_run_goes_on() {
    let (dir, path) = conflicts_file();
    let results = dir.path().join("r.jsonl");
    let results = results.to_str().unwrap();
    let o = run(
        &[
            "compare",
            "--backends",
            "all",
            "--variant",
            "x",
            "--timeout",
            "5",
            "--out",
            results,
            &path,
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}\n{}", out(&o), err(&o));
    // The results file starts with its header record (shard and settings).
    let records: Vec<Value> = json_lines(&std::fs::read_to_string(results).unwrap())
        .into_iter()
        .filter(|r| r["kind"] != "header")
        .collect();
    let backends: std::collections::BTreeSet<&str> = records
        .iter()
        .map(|r| r["backend"].as_str().unwrap())
        .collect();
    assert!(backends.len() >= 10, "{backends:?}");
    for r in &records {
        let index = r["puzzle_index"].as_u64().unwrap();
        if index == 0 {
            assert!(r.get("conflict").is_none_or(Value::is_null), "{r}");
            continue;
        }
        assert_eq!(r["verdict"], "none", "{r}");
        let conflict = r["conflict"].as_str().unwrap_or_else(|| panic!("{r}"));
        let (a, b, unit) = if index == 1 {
            ("r1c1", "r1c4", "row 1")
        } else {
            ("r1c1", "r4c4", "main diagonal")
        };
        assert!(
            conflict.contains(a) && conflict.contains(b) && conflict.contains(unit),
            "{r}"
        );
    }
    // solve, count, rate and explain agree, one backend after another.
    for backend in ["dlx", "fast", "sat", "ip", "csp", "rules", "aco"] {
        let o = run(
            &[
                "solve",
                "--variant",
                "x",
                "-b",
                backend,
                "--format",
                "json",
                &path,
            ],
            b"",
        );
        assert!(o.status.success(), "{backend}: {}", err(&o));
        let v: Vec<String> = json_lines(&out(&o))
            .iter()
            .map(|r| r["verdict"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(v[1..], ["none", "none"], "{backend}");
        assert!(json_lines(&out(&o))[2]["conflict"]
            .as_str()
            .is_some_and(|c| c.contains("r4c4")));
    }
    let o = run(&["count", "--variant", "x", &path], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(counts(&o)[1..], ["0", "0"]);
    let o = run(&["rate", "--variant", "x", "--format", "json", &path], b"");
    assert!(o.status.success(), "{}", err(&o));
    let rated: Vec<Value> = out(&o)
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(rated.len() >= 3, "{}", out(&o));
    assert_eq!(rated[1]["verdict"], "none", "{}", out(&o));
    assert_eq!(rated[2]["verdict"], "none", "{}", out(&o));
    let o = run(&["explain", "--variant", "x", "--index", "3", &path], b"");
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(
        text.contains("r1c1") && text.contains("r4c4") && text.contains("main diagonal"),
        "{text}"
    );
    let o = run(&["explain", "--index", "2", "--format", "json", &path], b"");
    assert!(o.status.success(), "{}", err(&o));
    let v: Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(v["verdict"], "none");
    assert!(
        v["conflict"].as_str().is_some_and(|c| c.contains("r1c4")),
        "{v}"
    );
}

#[test]
fn export_of_several_puzzles_asks_which_or_writes_each_to_a_directory() {
    let text = format!("{EASY}\n{}\n", EASY.replacen('5', ".", 1));
    let (dir, path) = scratch("two.txt", &text);
    let o = run(&["export", "--encoding", "sat-naive", &path], b"");
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    assert!(out(&o).is_empty());
    let e = err(&o);
    assert!(
        e.contains("2 puzzles") && e.contains("--index") && e.contains("--out-dir"),
        "{e}"
    );
    let o = run(
        &["export", "--encoding", "sat-naive", "--index", "2", &path],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains(&format!("c puzzle: .{}", &EASY[1..])));
    let target = dir.path().join("cnf");
    let target = target.to_str().unwrap();
    let to_dir = [
        "export",
        "--encoding",
        "sat-naive",
        "--out-dir",
        target,
        &path,
    ];
    let o = run(&to_dir, b"");
    assert!(o.status.success(), "{}", err(&o));
    let mut names: Vec<String> = std::fs::read_dir(target)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["puzzle-1.cnf", "puzzle-2.cnf"]);
    let second = std::fs::read_to_string(format!("{target}/puzzle-2.cnf")).unwrap();
    assert!(second.contains(&format!("c puzzle: .{}", &EASY[1..])));
    // Again: the files exist, so nothing is written without --force.
    let o = run(&to_dir, b"");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("--force"), "{}", err(&o));
}

#[test]
fn the_reduced_dimacs_maps_every_variable_to_its_cell_and_digit() {
    let (_dir, path) = scratch("easy.txt", &format!("{EASY}\n"));
    let o = run(&["export", "--encoding", "sat-reduced", &path], b"");
    assert!(o.status.success(), "{}", err(&o));
    let cnf = out(&o);
    // c var K = rRcC#V
    let mut map = std::collections::HashMap::new();
    for line in cnf.lines() {
        if let Some(rest) = line.strip_prefix("c var ") {
            let (var, place) = rest.split_once(" = ").unwrap();
            let (cell, value) = place.split_once('#').unwrap();
            let (r, c) = cell[1..].split_once('c').unwrap();
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            let value: u8 = value.parse().unwrap();
            map.insert(var.parse::<usize>().unwrap(), ((r - 1) * 9 + c - 1, value));
        }
    }
    let vars: usize = cnf
        .lines()
        .find_map(|l| l.strip_prefix("p cnf "))
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(map.len(), vars, "one map line per variable");
    // A model from a SAT solver of its own, read through the map alone.
    let mut solver = varisat::Solver::new();
    solver.add_dimacs_cnf(cnf.as_bytes()).unwrap();
    assert!(solver.solve().unwrap());
    let mut grid: Vec<u8> = EASY
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    for lit in solver.model().unwrap() {
        if lit.is_positive() {
            let (cell, value) = map[&lit.var().to_dimacs().unsigned_abs()];
            assert_eq!(grid[cell], 0, "two digits in one cell");
            grid[cell] = value;
        }
    }
    let line: String = grid.iter().map(|v| v.to_string()).collect();
    assert_eq!(line, EASY_SOLVED);
}

/// The file `name` of `tests/data/qqwing/` (QQWing 1.3.4's output; see
/// `tests/data/SOURCES.md`), as a path from the project root and as text.
fn qqwing_file(name: &str) -> (String, String) {
    let path = format!("tests/data/qqwing/{name}");
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    (path, text)
}

/// `solve --format json` of `path`, which must succeed: its records.
fn solved_records(path: &str) -> Vec<Value> {
    let o = run(&["solve", "--format", "json", path], b"");
    assert!(o.status.success(), "{path}: {}", err(&o));
    json_lines(&out(&o))
}

/// The puzzles of a QQWing CSV as the text has them: the first field of each line after
/// the header.
fn first_fields(text: &str) -> Vec<String> {
    text.lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap().to_string())
        .collect()
}

/// Asserts that `records` are the `puzzles` read from `path` at `lines`, each solved
/// uniquely.
fn assert_read(records: &[Value], path: &str, puzzles: &[String], lines: &[u64]) {
    assert_eq!(records.len(), puzzles.len(), "{path}: {records:?}");
    for ((r, puzzle), line) in records.iter().zip(puzzles).zip(lines) {
        assert_eq!(r["puzzle"], puzzle.as_str(), "{path}");
        assert_eq!(r["line"], *line, "{path}: {r}");
        assert_eq!(r["verdict"], "unique", "{path}: {r}");
    }
}

#[test]
fn qqwing_one_line_output_reads_one_puzzle_a_line() {
    let (path, text) = qqwing_file("one-line.txt");
    let puzzles: Vec<String> = text.lines().map(String::from).collect();
    assert_read(&solved_records(&path), &path, &puzzles, &[1, 2, 3]);
}

#[test]
fn qqwing_compact_output_reads_nine_rows_a_puzzle() {
    let (path, text) = qqwing_file("compact.txt");
    let rows: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    let puzzles: Vec<String> = rows.chunks(9).map(|c| c.concat()).collect();
    // Nine rows and a blank line a puzzle.
    assert_read(&solved_records(&path), &path, &puzzles, &[1, 11, 21]);
}

#[test]
fn qqwing_readable_output_reads_its_printed_grids() {
    let (path, text) = qqwing_file("readable.txt");
    let rows: Vec<String> = text
        .lines()
        .filter(|l| l.contains('|') && !l.contains('-'))
        .map(|l| l.chars().filter(|c| !" |".contains(*c)).collect())
        .collect();
    let puzzles: Vec<String> = rows.chunks(9).map(|c| c.concat()).collect();
    // Nine rows, two rules and a blank line a puzzle.
    assert_read(&solved_records(&path), &path, &puzzles, &[1, 13, 25]);
}

/// The records of QQWing's CSV file `name`, whose header is `header`: its three puzzles
/// read from lines 2 to 4 as the first field of each line has them; and its text.
fn qqwing_csv_records(name: &str, header: &str) -> (Vec<Value>, String) {
    let (path, text) = qqwing_file(name);
    assert_eq!(text.lines().next(), Some(header), "{text}");
    let records = solved_records(&path);
    assert_read(&records, &path, &first_fields(&text), &[2, 3, 4]);
    (records, text)
}

#[test]
fn qqwing_csv_output_with_its_trailing_comma_reads_the_puzzle_column() {
    let (records, _) = qqwing_csv_records("csv.csv", "Puzzle,");
    assert!(records
        .iter()
        .all(|r| r["matches_given_solution"].is_null()));
}

#[test]
fn qqwing_csv_solution_column_is_checked_against_the_puzzle_and_the_answers() {
    let (records, text) = qqwing_csv_records("csv-solution.csv", "Puzzle,Solution,");
    for r in &records {
        assert_eq!(r["matches_given_solution"], true, "{r}");
    }
    // A solution that changes the first given of line 3 is refused as it is read.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let (puzzle, solution) = lines[2].split_once(',').unwrap();
    let at = puzzle.find(|c: char| c != '.').unwrap();
    let given = puzzle.as_bytes()[at];
    let other = if given == b'1' { '2' } else { '1' };
    let mut changed = solution.to_string();
    changed.replace_range(at..at + 1, &other.to_string());
    lines[2] = format!("{puzzle},{changed}");
    let (_dir, bad) = scratch("bad.csv", &(lines.join("\n") + "\n"));
    let o = run(&["solve", &bad], b"");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let cell = format!("r{}c{}", at / 9 + 1, at % 9 + 1);
    let expected = format!(
        "{bad}:3: {cell}: the given solution has {other} where the puzzle gives {}",
        given as char
    );
    assert!(err(&o).contains(&expected), "{}", err(&o));
}

/// QQWing's `--stats` columns, after the puzzle (and solution) columns.
const QQWING_STATS: &str = "Givens,Singles,Hidden Singles,Naked Pairs,Hidden Pairs,\
    Pointing Pairs/Triples,Box/Line Intersections,Guesses,Backtracks,Difficulty";

#[test]
fn qqwing_csv_stats_columns_are_read_past_and_ignored() {
    let header = format!("Puzzle,{QQWING_STATS}");
    let (records, _) = qqwing_csv_records("csv-stats.csv", &header);
    assert!(records
        .iter()
        .all(|r| r["matches_given_solution"].is_null()));
}

#[test]
fn qqwing_csv_with_solution_and_stats_checks_the_solution_column() {
    let header = format!("Puzzle,Solution,{QQWING_STATS}");
    let (records, text) = qqwing_csv_records("csv-solution-stats.csv", &header);
    for (r, line) in records.iter().zip(text.lines().skip(1)) {
        assert_eq!(r["matches_given_solution"], true, "{r}");
        assert_eq!(r["solution"], line.split(',').nth(1).unwrap(), "{r}");
    }
}

/// `solve` of QQWing's file `name`, which must stop at exit 2 after `answered` puzzles
/// with an error that holds `words`.
fn qqwing_refused(name: &str, answered: usize, words: &str) {
    let (path, _) = qqwing_file(name);
    let o = run(&["solve", &path], b"");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert_eq!(out(&o).lines().count(), answered, "{}", out(&o));
    assert!(err(&o).contains(&format!("{path}:{words}")), "{}", err(&o));
}

#[test]
fn qqwing_one_line_stats_are_refused_at_their_first_word() {
    // The first puzzle is answered; the line after it is a statistic, not a grid row.
    qqwing_refused(
        "one-line-stats.txt",
        1,
        "2: r1c1: unknown symbol 'Number' (values are 1-9",
    );
}

#[test]
fn qqwing_csv_timer_output_reads_its_rows_and_passes_its_summary_line() {
    // `Puzzle,Time (milliseconds),` then the rows, then `2 puzzles generated in ... seconds.`
    let records = solved_records("tests/data/qqwing/csv-timer.csv");
    assert_eq!(records.len(), 2);
    assert_eq!(records[1]["line"], 3);
    // The same words after the table, with anything else in them, are no summary.
    let text = "Puzzle,\n........2...71.....7.3.9.1..536.8.9....5...2............7.8...1.169.7..39.2.56.7.,\n2 puzzles generated in no time.\n";
    let (_dir, path) = scratch("not-a-summary.csv", text);
    let o = run(&["solve", &path], b"");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(
        err(&o).contains(":3: the puzzle column: unknown symbol"),
        "{}",
        err(&o)
    );
}

#[test]
fn kaggle_quizzes_solutions_read_with_their_solutions() {
    let path = "examples/kaggle.csv";
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    assert!(text.starts_with("quizzes,solutions\n"));
    let records = solved_records(path);
    assert_eq!(records.len(), text.lines().count() - 1);
    let first = text.lines().nth(1).unwrap().split_once(',').unwrap();
    // Kaggle's blanks are 0; the record shows them as '.'.
    assert_eq!(records[0]["puzzle"], first.0.replace('0', "."));
    assert_eq!(records[0]["line"], 2);
    assert!(records.iter().all(|r| r["matches_given_solution"] == true));
}

/// The one record of a CSV file `text` whose line 2 holds [`EASY`], which must be read.
fn easy_record(name: &str, text: &str) -> Value {
    let (_dir, path) = scratch(name, text);
    let records = solved_records(&path);
    assert_read(&records, &path, &[EASY.to_string()], &[2]);
    records[0].clone()
}

#[test]
fn a_quoted_field_keeps_its_comma_and_names_the_puzzle() {
    let text = format!("name,puzzle,solution\n\"a, b\",{EASY},\"{EASY_SOLVED}\"\n");
    let record = easy_record("q.csv", &text);
    assert_eq!(record["label"], "a, b");
    assert_eq!(record["matches_given_solution"], true);
}

#[test]
fn a_semicolon_separated_file_is_read_by_its_header() {
    let (_dir, path) = scratch(
        "s.csv",
        &format!("id;puzzle;solution\n7;{EASY};{EASY_SOLVED}\n8;{EASY};\n"),
    );
    // The first line is answered, the second has no solution where the header says.
    let o = run(&["solve", "--format", "json", &path], b"");
    assert_eq!(o.status.code(), Some(2));
    let records = json_lines(&out(&o));
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0]["matches_given_solution"], true);
    assert!(
        err(&o).contains(&format!(
            "{path}:3: this CSV line has no solution in column 3 (the header names it)"
        )),
        "{}",
        err(&o)
    );
    let (_dir, path) = scratch("s.csv", &format!("id;puzzle\n7;{EASY}\n8;{EASY}\n"));
    let records = solved_records(&path);
    assert_read(&records, &path, &[EASY.into(), EASY.into()], &[2, 3]);
    assert_eq!(records[1]["label"], "8");
}

#[test]
fn a_tab_separated_file_is_read_by_its_header() {
    let text = format!("Puzzle\tSolution\tDifficulty\n{EASY}\t{EASY_SOLVED}\tEasy\n");
    assert_eq!(easy_record("t.tsv", &text)["matches_given_solution"], true);
}

#[test]
fn a_header_with_a_trailing_comma_reads_rows_with_one() {
    let text = format!("puzzle,solution,\n{EASY},{EASY_SOLVED},\n");
    assert_eq!(easy_record("c.csv", &text)["matches_given_solution"], true);
}

#[test]
fn a_header_with_no_puzzle_column_is_refused_naming_its_columns() {
    // What `qqwing --solve --csv --count-solutions` writes: solutions, no puzzle.
    let text = format!("Solution,Solution Count,\n{EASY_SOLVED},1,\n");
    let (_dir, path) = scratch("n.csv", &text);
    let o = run(&["solve", &path], b"");
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    assert_eq!(
        err(&o),
        format!(
            "sudoku-arena: {path}:1: this CSV header names no puzzle column (its columns: \
             'Solution', 'Solution Count'; comma separated); name the puzzle column 'puzzle' \
             or 'quizzes'\n"
        )
    );
}

#[test]
fn generate_plain_lines_are_solved_by_qqwing_with_our_solutions() {
    let o = run(
        &[
            "generate", "--format", "plain", "--count", "4", "--seed", "7",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let plain = out(&o);
    let lines: Vec<&str> = plain.lines().collect();
    assert_eq!(lines.len(), 4, "{plain}");
    for line in &lines {
        assert_eq!(line.len(), 81, "{line}");
        assert!(
            line.bytes()
                .all(|b| b == b'.' || (b'1'..=b'9').contains(&b)),
            "{line}"
        );
    }
    let (_dir, path) = scratch("plain.txt", &plain);
    let ours: Vec<String> = solved_records(&path)
        .iter()
        .map(|r| {
            assert_eq!(r["verdict"], "unique", "{r}");
            r["solution"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(ours.len(), 4);
    if !crate::common::external::external_available("qqwing", "qqwing") {
        return;
    }
    let mut child = std::process::Command::new("qqwing")
        .args(["--solve", "--csv", "--count-solutions"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(plain.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    let theirs = out(&o);
    let mut rows = theirs.lines();
    assert_eq!(rows.next(), Some("Solution,Solution Count,"), "{theirs}");
    let rows: Vec<&str> = rows.collect();
    assert_eq!(rows.len(), 4, "{theirs}");
    for (row, ours) in rows.iter().zip(&ours) {
        assert_eq!(*row, format!("{ours},1,"), "QQWing: {theirs}");
    }
}

#[test]
fn generate_plain_is_refused_for_boards_a_bare_line_cannot_say() {
    for (args, words) in [
        (
            &["--variant", "x"][..],
            "--format plain: a bare line cannot say the variant x",
        ),
        (
            &["--box", "3x2"][..],
            "--format plain: a bare line cannot say the box shape 3x2",
        ),
    ] {
        let mut all = vec!["generate", "--format", "plain"];
        all.extend(args);
        let o = run(&all, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(err(&o).contains(words), "{}", err(&o));
        assert_eq!(out(&o), "", "{args:?}");
    }
    // A 4x4 is a bare line of 16 that reads back as the same puzzle.
    let o = run(&["generate", "--format", "plain", "--box", "2x2"], b"");
    let line = out(&o);
    assert_eq!(line.trim().len(), 16, "{line}");
    let read = parse_puzzles(&line, "p", &ParseOptions::default()).unwrap();
    assert_eq!(to_line(&read[0].geometry, &read[0].cells), line.trim());
}
