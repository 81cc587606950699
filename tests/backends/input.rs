//! Every input layout the parser accepts, and every kind of bad input it must refuse
//! with a message naming the file, the line and the cell.

use sudoku_arena::model::{parse_puzzles, ParseError, ParseOptions, Variant};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn parse(text: &str) -> Vec<Vec<u8>> {
    parse_puzzles(text, "in.txt", &ParseOptions::default())
        .unwrap()
        .into_iter()
        .map(|p| p.cells)
        .collect()
}

fn parse_err(text: &str) -> ParseError {
    parse_puzzles(text, "in.txt", &ParseOptions::default()).unwrap_err()
}

fn easy_cells() -> Vec<u8> {
    EASY.chars()
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect()
}

#[test]
fn compact_lines_with_comments_and_every_blank_symbol() {
    let with_zeros = EASY.replace('.', "0");
    let with_underscores = EASY.replace('.', "_");
    let text = format!("# a comment\n\n{EASY}\n{with_zeros}\r\n  {with_underscores}  \n");
    let puzzles = parse_puzzles(&text, "in.txt", &ParseOptions::default()).unwrap();
    assert_eq!(puzzles.len(), 3);
    assert!(puzzles.iter().all(|p| p.cells == easy_cells()));
    assert_eq!(puzzles[0].origin.line, 3);
    assert_eq!(puzzles[2].origin.line, 5);
    let with_bom = format!("\u{feff}{EASY}\n");
    assert_eq!(parse(&with_bom), vec![easy_cells()]);
}

#[test]
fn compact_sides_come_from_the_length() {
    let sizes: Vec<(usize, (usize, usize))> = [16, 36, 81, 256, 625]
        .iter()
        .map(|&len| {
            let p = &parse_puzzles(&".".repeat(len), "f", &ParseOptions::default()).unwrap()[0];
            (p.n(), (p.geometry.box_rows, p.geometry.box_cols))
        })
        .collect();
    assert_eq!(
        sizes,
        vec![
            (4, (2, 2)),
            (6, (2, 3)),
            (9, (3, 3)),
            (16, (4, 4)),
            (25, (5, 5))
        ]
    );
}

#[test]
fn letters_stand_for_ten_and_up() {
    let mut line = ".".repeat(256);
    line.replace_range(0..2, "AG");
    let p = &parse(&line)[0];
    assert_eq!(&p[..3], &[10, 16, 0]);
}

#[test]
fn whitespace_numbers_on_one_line_and_one_row_per_line() {
    let numbers: Vec<String> = easy_cells().iter().map(|v| v.to_string()).collect();
    let one_line = numbers.join(" ");
    let rows: Vec<String> = numbers.chunks(9).map(|r| r.join("\t")).collect();
    let text = format!("{one_line}\n{}\n", rows.join("\n"));
    let puzzles = parse(&text);
    assert_eq!(puzzles, vec![easy_cells(), easy_cells()]);
}

#[test]
fn rows_of_a_36x36_with_two_digit_numbers() {
    let mut rows = vec![vec!["0".to_string(); 36]; 36];
    rows[0][0] = "36".into();
    rows[35][35] = "12".into();
    let text: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
    let p = parse_puzzles(&text.join("\n"), "f", &ParseOptions::default())
        .unwrap()
        .remove(0);
    assert_eq!(
        (p.n(), p.geometry.box_rows, p.geometry.box_cols),
        (36, 6, 6)
    );
    assert_eq!((p.cells[0], p.cells[36 * 36 - 1]), (36, 12));
}

#[test]
fn printed_grid_layout_with_spaces_or_compact_rows() {
    let spaced = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";
    let compact = "\
53.|.7.|...
6..|195|...
.98|...|.6.
---+---+---
8..|.6.|..3
4..|8.3|..1
7..|.2.|..6
---+---+---
.6.|...|28.
...|419|..5
...|.8.|.79
";
    assert_eq!(
        parse(&format!("{spaced}\n{compact}")),
        vec![easy_cells(), easy_cells()]
    );
}

#[test]
fn ant_colony_matrix_files() {
    let path = format!(
        "{}/tests/data/large/inst16x16_45_0.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let p = parse_puzzles(&text, "m", &ParseOptions::default())
        .unwrap()
        .remove(0);
    assert_eq!(p.n(), 16);
    assert_eq!(p.given_count(), 116); // SOURCES.md: 16x16 f=45 has 116 of 256
    assert_eq!(&p.cells[..6], &[0, 0, 0, 0, 2, 15]);
    let nine = "3\r\n1\r\n".to_string()
        + &easy_cells()
            .iter()
            .map(|&v| {
                if v == 0 {
                    "-1".to_string()
                } else {
                    v.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\t");
    assert_eq!(parse(&nine), vec![easy_cells()]);
}

#[test]
fn box_option_overrides_the_default_shape() {
    let opts = ParseOptions {
        box_shape: Some((3, 2)),
        variant: None,
    };
    let p = parse_puzzles(&".".repeat(36), "f", &opts)
        .unwrap()
        .remove(0);
    assert_eq!((p.geometry.box_rows, p.geometry.box_cols), (3, 2));
    let bad = ParseOptions {
        box_shape: Some((2, 2)),
        variant: None,
    };
    let e = parse_puzzles(&".".repeat(36), "f", &bad).unwrap_err();
    assert!(
        e.message.contains("--box 2x2 does not fit a side of 6"),
        "{e}"
    );
}

#[test]
fn wrong_length_names_the_line() {
    let e = parse_err(&format!("{EASY}\n{}\n", &EASY[..80]));
    assert_eq!(e.line, 2);
    assert!(e.message.contains("80 cells"), "{e}");
    assert_eq!(e.to_string().split(':').next(), Some("in.txt"));
}

#[test]
fn unknown_symbol_names_the_cell() {
    let mut bad = EASY.to_string();
    bad.replace_range(22..23, "?");
    let e = parse_err(&format!("\n{bad}"));
    assert_eq!((e.line, e.cell.as_deref()), (2, Some("r3c5")));
    assert!(e.message.contains("unknown symbol '?'"), "{e}");
    assert_eq!(e.to_string(), format!("in.txt:2: r3c5: {}", e.message));
}

#[test]
fn value_above_the_side_names_the_cell() {
    let mut bad = EASY.to_string();
    bad.replace_range(2..3, "A");
    let e = parse_err(&bad);
    assert_eq!(e.cell.as_deref(), Some("r1c3"));
    assert!(e.message.contains("value 10 is above 9"), "{e}");
}

#[test]
fn repeated_given_in_a_unit_is_read_as_a_conflict_naming_both_cells() {
    let mut bad = EASY.to_string();
    bad.replace_range(8..9, "5"); // r1c9 = 5 repeats r1c1 = 5
    let p = parse_puzzles(&bad, "in.txt", &ParseOptions::default())
        .unwrap()
        .remove(0);
    assert_eq!(
        p.conflict().as_deref(),
        Some("r1c1 and r1c9 both hold 5 in row 1")
    );
    assert_eq!(
        parse_puzzles(EASY, "f", &ParseOptions::default()).unwrap()[0].conflict(),
        None
    );
}

#[test]
fn x_variant_reads_a_repeat_on_a_diagonal_as_a_conflict() {
    let mut line = ".".repeat(16);
    line.replace_range(0..1, "1");
    line.replace_range(15..16, "1");
    let classic = parse_puzzles(&line, "f", &ParseOptions::default()).unwrap();
    assert_eq!(classic[0].conflict(), None);
    let x = parse_puzzles(
        &line,
        "f",
        &ParseOptions {
            box_shape: None,
            variant: Some(Variant::X),
        },
    )
    .unwrap();
    assert_eq!(
        x[0].conflict().as_deref(),
        Some("r1c1 and r4c4 both hold 1 in the main diagonal")
    );
}

#[test]
fn incomplete_grid_and_ragged_rows_are_reported() {
    let e = parse_err("1 2 3 4\n3 4 1 2\n");
    assert!(e.message.contains("ends after 2 of its 4 rows"), "{e}");
    let e = parse_err("1 2 3 4\n3 4 1\n");
    assert_eq!(e.line, 2);
    assert!(e.message.contains("has 3 cells"), "{e}");
    let e = parse_err("1 2 3 4 5\n");
    assert!(e.message.contains("5 cells"), "{e}");
}

/// The streaming reader over `bytes`.
fn reader(bytes: &[u8]) -> sudoku_arena::model::PuzzleReader<&[u8]> {
    sudoku_arena::model::PuzzleReader::new(bytes, "in.txt", &ParseOptions::default())
}

#[test]
fn the_reader_is_lazy_and_stops_at_the_first_error() {
    use std::io::Read;
    // A puzzle, then dots without end: the puzzle comes out, then the line cap stops
    // the reading of an endless line, and nothing follows the error.
    let endless = std::io::Cursor::new(format!("{EASY}\n")).chain(std::io::repeat(b'.'));
    let mut r = sudoku_arena::model::PuzzleReader::new(
        std::io::BufReader::new(endless),
        "in.txt",
        &ParseOptions::default(),
    );
    assert_eq!(r.next().unwrap().unwrap().cells, easy_cells());
    let e = r.next().unwrap().unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("longer than 65536 bytes"), "{e}");
    assert!(r.next().is_none());
    // An error in the middle: the puzzles before it, the error, then nothing.
    let text = format!("{EASY}\n{}\n{EASY}\n", &EASY[..80]);
    let items: Vec<_> = reader(text.as_bytes()).collect();
    assert_eq!(items.len(), 2);
    assert!(items[0].is_ok());
    assert_eq!(items[1].as_ref().unwrap_err().line, 2);
}

#[test]
fn the_longest_legal_line_is_far_below_the_cap() {
    // A 64x64 puzzle as whitespace-separated numbers on one line, with a comment.
    let numbers: Vec<String> = (0..64 * 64)
        .map(|i| {
            if i % 65 == 0 {
                (i / 65 + 1).to_string()
            } else {
                "00".into()
            }
        })
        .collect();
    let line = format!(
        "{}   # the longest line a puzzle needs\n",
        numbers.join("  ")
    );
    assert!(line.len() < 65536 / 3, "{}", line.len());
    let p = reader(line.as_bytes()).next().unwrap().unwrap();
    assert_eq!((p.n(), p.given_count()), (64, 64));
    assert_eq!(p.label.as_deref(), Some("the longest line a puzzle needs"));
}

#[test]
fn a_side_above_64_is_refused_by_its_size_not_a_box() {
    let e = parse_err(&".".repeat(100 * 100));
    assert!(
        e.message
            .contains("10000 cells, a 100x100 puzzle; the side must be from 4 to 64"),
        "{e}"
    );
    assert!(!e.message.contains("box"), "{e}");
}

#[test]
fn matrices_are_read_across_lines_one_at_a_time() {
    let m = "1 -1 -1 -1\n-1 -1 -1 -1\n-1 -1 -1 -1\n-1 -1 -1 2";
    let text = format!("2\n0\n{m}\n2 7 {}\n", m.replace('\n', " "));
    let mut r = reader(text.as_bytes());
    let first = r.next().unwrap().unwrap();
    assert_eq!((first.n(), first.cells[0], first.cells[15]), (4, 1, 2));
    assert_eq!(first.origin.line, 1);
    let second = r.next().unwrap().unwrap();
    assert_eq!((second.cells.clone(), second.origin.line), (first.cells, 7));
    assert!(r.next().is_none());
    let e = parse_err(&format!("2\n0\n{m}\n2 7 1 2 3\n"));
    assert_eq!(e.line, 7);
    assert!(e.message.contains("has 3 of its 16 cells"), "{e}");
}

#[test]
fn mixed_sides_and_huge_numbers() {
    let text = format!("................\n{EASY}\n{}\n", ".".repeat(36));
    let sides: Vec<usize> = parse_puzzles(&text, "f", &ParseOptions::default())
        .unwrap()
        .iter()
        .map(|p| p.n())
        .collect();
    assert_eq!(sides, vec![4, 9, 6]);
    let e = parse_err("1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 123456789012345678901234567890\n");
    assert_eq!(e.cell.as_deref(), Some("r4c4"));
    assert!(
        e.message
            .contains("value 12345678901234567890... is above 4"),
        "{e}"
    );
    let e = parse_err(&format!("{}\u{7}{}", &EASY[..5], &EASY[6..]));
    assert!(e.message.contains("unknown symbol '\\u{7}'"), "{e}");
}

/// Pieces of every layout, joined at random into inputs the parser must survive.
const PIECES: &[&[u8]] = &[
    EASY.as_bytes(),
    b"................",
    b"1 2 3 4",
    b"4 3 2 1",
    b" | ",
    b"---+---",
    b"quizzes,solutions",
    b"puzzle",
    b"Puzzle,Solution,Pointing Pairs/Triples,",
    b"name\tpuzzle",
    b"\"",
    b";",
    b",",
    b"2",
    b"8",
    b"-1",
    b"0",
    b"99",
    b"A",
    b"Z",
    b".",
    b" ",
    b"\t",
    b"\n",
    b"\r\n",
    b"\r",
    b"# note",
    b"\0",
    b"\xEF\xBB\xBF",
    b"\xFF",
    b"\xC3",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    #[test]
    fn any_input_gives_puzzles_or_an_error_with_a_real_line(
        picks in proptest::collection::vec(0usize..PIECES.len(), 0..80)
    ) {
        let bytes: Vec<u8> = picks.iter().flat_map(|&i| PIECES[i].iter().copied()).collect();
        let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
        for item in reader(&bytes) {
            match item {
                Ok(p) => {
                    proptest::prop_assert_eq!(p.cells.len(), p.geometry.cells());
                    proptest::prop_assert!((1..=lines).contains(&p.origin.line));
                }
                Err(e) => {
                    proptest::prop_assert!((1..=lines).contains(&e.line), "{}", e);
                    proptest::prop_assert!(!e.message.is_empty());
                }
            }
        }
    }
}
