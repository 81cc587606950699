//! CSV puzzle files: the header line that makes a file CSV (its delimiter sniffed, its
//! columns named) and the fields of each record, split by the csv crate's parser
//! (quoting, empty fields, more fields than the header names).
//!
//! A first content line is a CSV header when it holds a delimiter (`,`, `;` or a tab,
//! whichever appears most outside quotes) and a field names a column this module knows
//! (below), or every non-empty field is a header word: printable text that does not
//! read as cells (not a number, a symbol or a run of symbols; `ID` alone would read as
//! two symbols of a large grid). A lone word is a header only when it names a column
//! this module knows. Column names
//! are matched whatever their case: `puzzle`, `puzzles`, `quiz` or `quizzes` for the
//! puzzle, `solution` or `solutions` for a solution to check answers against, `name`,
//! `label` or `id` for the puzzle's name.

use super::format::value_of_symbol;

/// Names of the puzzle column.
const PUZZLE_NAMES: &[&str] = &["puzzle", "puzzles", "quiz", "quizzes"];
/// Names of the solution column.
const SOLUTION_NAMES: &[&str] = &["solution", "solutions"];
/// Names of the column that names each puzzle.
const NAME_NAMES: &[&str] = &["name", "label", "id"];

/// The delimiters a header may use, the first winning ties.
const DELIMITERS: [u8; 3] = [b',', b';', b'\t'];

/// What a CSV header says: the delimiter, and which column holds what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CsvColumns {
    /// The field delimiter, sniffed from the header.
    pub delimiter: u8,
    /// The column of the puzzle.
    pub puzzle: usize,
    /// The column of the given solution, if the header names one.
    pub solution: Option<usize>,
    /// The column of the puzzle's name, if the header names one.
    pub name: Option<usize>,
}

/// What `line` says as the first content line of a file: `None` when it is no CSV
/// header (the other layouts read it), else its columns, or why a header line names no
/// puzzle column.
pub(crate) fn csv_header(line: &str) -> Option<Result<CsvColumns, String>> {
    if line.chars().any(|c| c.is_control() && c != '\t') {
        return None;
    }
    let delimiter = sniff_delimiter(line);
    let known = |word: &str| {
        [PUZZLE_NAMES, SOLUTION_NAMES, NAME_NAMES]
            .iter()
            .any(|list| list.iter().any(|n| word.eq_ignore_ascii_case(n)))
    };
    let lone_name = || known(line.trim().trim_matches('"'));
    if delimiter.is_none() && !lone_name() {
        return None;
    }
    let mut splitter = RecordSplitter::new(delimiter.unwrap_or(b','));
    splitter.split(line);
    let fields: Vec<String> = splitter.fields().map(String::from).collect();
    let names: Vec<String> = fields.iter().map(|f| f.to_lowercase()).collect();
    let is = |list: &[&str]| names.iter().position(|n| list.contains(&n.as_str()));
    let puzzle = is(PUZZLE_NAMES);
    let wordy = |f: &String| f.is_empty() || !reads_as_cells(f);
    let names_a_column = fields.iter().any(|f| known(f));
    if fields.iter().all(String::is_empty) || !(names_a_column || fields.iter().all(wordy)) {
        return None;
    }
    let Some(puzzle) = puzzle else {
        let found: Vec<String> = fields
            .iter()
            .filter(|f| !f.is_empty())
            .map(|f| format!("'{f}'"))
            .collect();
        let columns = match delimiter {
            Some(d) => format!(
                "its columns: {}; {} separated",
                found.join(", "),
                delimiter_name(d)
            ),
            None => format!("its one column: {}", found.join(", ")),
        };
        return Some(Err(format!(
            "this CSV header names no puzzle column ({columns}); \
             name the puzzle column 'puzzle' or 'quizzes'"
        )));
    };
    Some(Ok(CsvColumns {
        delimiter: delimiter.unwrap_or(b','),
        puzzle,
        solution: is(SOLUTION_NAMES),
        name: is(NAME_NAMES),
    }))
}

/// How a delimiter is called in messages.
fn delimiter_name(delimiter: u8) -> &'static str {
    match delimiter {
        b';' => "semicolon",
        b'\t' => "tab",
        _ => "comma",
    }
}

/// The delimiter of a header line: the one of [`DELIMITERS`] found most often outside
/// double quotes, `None` when there is none.
pub(crate) fn sniff_delimiter(line: &str) -> Option<u8> {
    let mut counts = [0usize; DELIMITERS.len()];
    let mut quoted = false;
    for b in line.bytes() {
        if b == b'"' {
            quoted = !quoted;
        } else if !quoted {
            if let Some(i) = DELIMITERS.iter().position(|&d| d == b) {
                counts[i] += 1;
            }
        }
    }
    let (best, &count) = counts.iter().enumerate().rev().max_by_key(|&(_, c)| *c)?;
    (count > 0).then_some(DELIMITERS[best])
}

/// Whether a field reads as cells of a puzzle (numbers, symbols, `|` and spaces)
/// rather than as a header word.
fn reads_as_cells(field: &str) -> bool {
    field
        .chars()
        .all(|c| value_of_symbol(c).is_some() || c.is_whitespace() || "|-+".contains(c))
}

/// Splits record lines into fields with the csv crate's parser (`csv-core`): quoting,
/// doubled quotes, empty fields. Made once per file; each line is one whole record.
pub(crate) struct RecordSplitter {
    parser: csv_core::Reader,
    /// The fields of the last line, unquoted, one after the other.
    text: Vec<u8>,
    /// Where each field of `text` ends.
    ends: Vec<usize>,
    /// How many fields the last line had.
    count: usize,
}

impl RecordSplitter {
    /// A splitter of records whose fields are separated by `delimiter`.
    pub(crate) fn new(delimiter: u8) -> RecordSplitter {
        RecordSplitter {
            parser: csv_core::ReaderBuilder::new().delimiter(delimiter).build(),
            text: Vec::new(),
            ends: vec![0; 16],
            count: 0,
        }
    }

    /// Splits `line` into its fields; the number of fields.
    pub(crate) fn split(&mut self, line: &str) -> usize {
        use csv_core::ReadRecordResult;
        self.parser.reset();
        // Unquoting never lengthens a field.
        self.text.resize(line.len().max(1), 0);
        let mut input = line.as_bytes();
        let (mut written, mut ended) = (0, 0);
        loop {
            let (result, read, out, end) =
                self.parser
                    .read_record(input, &mut self.text[written..], &mut self.ends[ended..]);
            input = &input[read..];
            written += out;
            ended += end;
            match result {
                // The line is all there is: an empty input next ends the record.
                ReadRecordResult::InputEmpty => {}
                ReadRecordResult::OutputFull => self.text.resize(2 * self.text.len(), 0),
                ReadRecordResult::OutputEndsFull => self.ends.resize(2 * self.ends.len(), 0),
                ReadRecordResult::Record | ReadRecordResult::End => break,
            }
        }
        self.count = ended;
        ended
    }

    /// Field `i` of the last line split, trimmed; `None` past its last field.
    pub(crate) fn field(&self, i: usize) -> Option<&str> {
        if i >= self.count {
            return None;
        }
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        // Fields end at ASCII delimiters and lose only ASCII quotes: each is UTF-8
        // when the line is.
        std::str::from_utf8(&self.text[start..self.ends[i]])
            .ok()
            .map(str::trim)
    }

    /// Every field of the last line split, trimmed.
    pub(crate) fn fields(&self) -> impl Iterator<Item = &str> {
        (0..self.count).filter_map(|i| self.field(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(line: &str, delimiter: u8) -> Vec<String> {
        let mut splitter = RecordSplitter::new(delimiter);
        let count = splitter.split(line);
        let fields: Vec<String> = splitter.fields().map(String::from).collect();
        assert_eq!(fields.len(), count);
        fields
    }

    #[test]
    fn the_delimiter_is_the_most_frequent_one_outside_quotes() {
        assert_eq!(sniff_delimiter("quizzes,solutions"), Some(b','));
        assert_eq!(sniff_delimiter("name;puzzle;solution"), Some(b';'));
        assert_eq!(sniff_delimiter("name\tpuzzle"), Some(b'\t'));
        assert_eq!(sniff_delimiter("\"a,b,c\";puzzle"), Some(b';'));
        assert_eq!(sniff_delimiter("a,b;c"), Some(b','));
        assert_eq!(sniff_delimiter("puzzle"), None);
    }

    #[test]
    fn quoted_fields_keep_their_delimiters_and_quotes() {
        assert_eq!(fields("\"a, b\",53..7", b','), ["a, b", "53..7"]);
        assert_eq!(fields("\"say \"\"hi\"\"\";x", b';'), ["say \"hi\"", "x"]);
        assert_eq!(fields("Puzzle,", b','), ["Puzzle", ""]);
        assert_eq!(fields(" a ,\tb", b','), ["a", "b"]);
        assert_eq!(fields("\"unclosed, b", b','), ["unclosed, b"]);
        assert_eq!(fields("é,\"ü\"", b','), ["é", "ü"]);
        let long = format!("{},x", "y".repeat(100));
        assert_eq!(fields(&long, b',').len(), 2);
        assert_eq!(fields(&",".repeat(40), b',').len(), 41);
    }

    #[test]
    fn headers_of_qqwing_and_kaggle_name_their_columns() {
        let h = |line: &str| csv_header(line).unwrap().unwrap();
        let qqwing = h("Puzzle,Solution,Givens,Singles,Pointing Pairs/Triples,Difficulty");
        assert_eq!((qqwing.puzzle, qqwing.solution), (0, Some(1)));
        assert_eq!(h("Puzzle,").solution, None);
        assert_eq!(h("\"quizzes\",\"solutions\"").solution, Some(1));
        assert_eq!(h("PUZZLE,SOLUTION").solution, Some(1));
        assert_eq!(h("puzzle").puzzle, 0);
        assert_eq!(h("Quizzes").puzzle, 0);
        let named = h("id;puzzle;solution;clues");
        assert_eq!(named.delimiter, b';');
        assert_eq!(
            (named.name, named.puzzle, named.solution),
            (Some(0), 1, Some(2))
        );
        // QQWing's count column is not a solution.
        assert_eq!(h("Puzzle,Solution Count,").solution, None);
    }

    #[test]
    fn a_header_without_a_puzzle_column_says_which_columns_it_has() {
        let e = csv_header("Solution,Solution Count,").unwrap().unwrap_err();
        assert!(
            e.contains("names no puzzle column (its columns: 'Solution', 'Solution Count'; comma separated)"),
            "{e}"
        );
        let e = csv_header("a\tb").unwrap().unwrap_err();
        assert!(e.contains("'a', 'b'; tab separated"), "{e}");
    }

    #[test]
    fn lines_of_cells_are_not_headers() {
        for line in [
            "5,3,0,0,7,0,0,0,0",
            "5;3;.;.;7",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "A,B,C",
            "hello",
            "1 2 | 3 4",
        ] {
            assert_eq!(csv_header(line), None, "{line}");
        }
    }

    #[test]
    fn capital_column_names_make_a_header_though_they_read_as_symbols() {
        let c = csv_header("ID,Puzzle").unwrap().unwrap();
        assert_eq!((c.puzzle, c.name), (1, Some(0)));
        let c = csv_header("NAME;PUZZLE;DIFFICULTY").unwrap().unwrap();
        assert_eq!((c.delimiter, c.puzzle, c.name), (b';', 1, Some(0)));
        let c = csv_header("PUZZLE,DIFFICULTY").unwrap().unwrap();
        assert_eq!((c.puzzle, c.solution), (0, None));
        // A lone known name that is not the puzzle's: a header without a puzzle column.
        for line in ["Solutions", "ID"] {
            let e = csv_header(line).unwrap().unwrap_err();
            assert!(e.contains("names no puzzle column"), "{line}: {e}");
        }
    }
}
