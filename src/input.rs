//! Where puzzles come from: files, standard input, the puzzles embedded in the library,
//! or puzzles a program already holds. An [`Input`] names them; [`Input::puzzles`]
//! reads them as a stream, one puzzle at a time (memory bounded by one puzzle and one
//! line), every error naming the file, the line and the cell.
//!
//! ```
//! use sudoku_arena::input::Input;
//!
//! let examples: Vec<_> = Input::examples().puzzles()?.collect::<Result<_, _>>()?;
//! assert_eq!(examples.len(), sudoku_arena::input::EXAMPLES.len());
//! # Ok::<(), sudoku_arena::Error>(())
//! ```

use crate::error::{Error, Result};
use crate::model::{parse_puzzles, ParseError, ParseOptions, Puzzle, PuzzleReader};
use std::collections::VecDeque;
use std::io::{BufReader, IsTerminal};

/// The embedded puzzles, `(label, compact text)`: easy and hard 9×9 (from the benchmark
/// sets sampled in `tests/data/`), one with several solutions, one with none, and a
/// 16×16, so that the tool runs with no file.
pub const EXAMPLES: &[(&str, &str)] = &[
    ("newspaper (easy)", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"),
    ("17-clue #1 (tests/data/17_clue.txt)", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."),
    ("forum hardest #1 (tests/data/forum_hardest_1106.txt)", "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"),
    ("AI Escargot (tests/data/named/aiescargot.txt)", "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..41.....7..7...3.."),
    ("Platinum Blonde (tests/data/named/platinumblond.txt)", ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."),
    ("serg #1: several solutions (tests/data/serg_benchmark.txt)", "8.........95.......76.........426798...571243...893165......916....3.487....1.532"),
    ("newspaper with r1c3 = 2: no solution", "532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"),
    ("16x16, 60% given (tests/data/large/inst16x16_60_0.txt)", "..5G...DC.7A.E.BA.FB1G5..3.9.D6.18.E..64..GB.A..7..6EB....5D9.FG9A..F.2G5B.6EC.D.DG.4C.5.FA7..86BE85D7..G42..3.9F4..8..9..E3G...56E..2.34...D7G.2.B8...1...G.F...G4.68.E.5DF.1..DF..94G...126...G13DB5426...C87F6B.4318F2.C5A.DE.5.FA.D78G..2.B48.7AGE.CBD.4.631"),
];

/// The name standard input has in every message and record.
pub const STDIN_NAME: &str = "<stdin>";

/// Where an [`Input`] that names no file reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoFile {
    /// Standard input.
    Stdin,
    /// Standard input when something is piped or redirected into it, else the embedded
    /// set (a comparison runs with no argument at all).
    PipedElseExamples,
}

/// The puzzles to read: files (`-` is standard input, at most once), the embedded set,
/// or puzzles already held; the first `limit` of each, parsed with `options`.
#[derive(Clone, Debug)]
pub struct Input {
    files: Vec<String>,
    examples: bool,
    given: Option<Vec<Puzzle>>,
    no_file: NoFile,
    limit: Option<usize>,
    options: ParseOptions,
    notes: fn(&str),
}

impl Input {
    /// The puzzles of `files`, in order (`-` is standard input); with no file, standard
    /// input (see [`Input::when_no_file`]).
    pub fn files<S: AsRef<str>>(files: &[S]) -> Input {
        Input {
            files: files.iter().map(|f| f.as_ref().to_string()).collect(),
            examples: false,
            given: None,
            no_file: NoFile::Stdin,
            limit: None,
            options: ParseOptions::default(),
            notes: |_| {},
        }
    }

    /// The puzzles embedded in the library ([`EXAMPLES`]).
    pub fn examples() -> Input {
        Input {
            examples: true,
            ..Input::files::<&str>(&[])
        }
    }

    /// Puzzles a program already holds.
    pub fn given(puzzles: Vec<Puzzle>) -> Input {
        Input {
            given: Some(puzzles),
            ..Input::files::<&str>(&[])
        }
    }

    /// Where to read when no file is named.
    pub fn when_no_file(mut self, no_file: NoFile) -> Input {
        self.no_file = no_file;
        self
    }

    /// Only the first `n` puzzles of each input (each file, or the embedded set); the
    /// rest is not read.
    pub fn limit(mut self, n: Option<usize>) -> Input {
        self.limit = n;
        self
    }

    /// The choices the text alone cannot settle (box shape, variant).
    pub fn parse_options(mut self, options: ParseOptions) -> Input {
        self.options = options;
        self
    }

    /// Where the notes meant for a person at the terminal go (standard input being
    /// read, an embedded puzzle skipped because the variant breaks it); by default
    /// nowhere.
    pub fn notes(mut self, notes: fn(&str)) -> Input {
        self.notes = notes;
        self
    }

    /// The files named, as given.
    pub fn file_names(&self) -> &[String] {
        &self.files
    }

    /// The puzzles of every input, read lazily one at a time, the first `limit` of
    /// each. Every file is opened here, so that a missing or unreadable one is reported
    /// before any work; a bad line is an `Err` item when the reading reaches it, and
    /// ends the stream.
    pub fn puzzles(&self) -> Result<PuzzleStream> {
        self.open(true)
    }

    /// The puzzles again, for a second reading of an input that can be read twice (see
    /// [`Input::rereadable`]): the same stream, without repeating the notes the first
    /// reading gave.
    pub fn puzzles_again(&self) -> Result<PuzzleStream> {
        self.open(false)
    }

    /// Every puzzle read into memory.
    pub fn read_all(&self) -> Result<Vec<Puzzle>> {
        self.puzzles()?.collect()
    }

    /// Whether the input can be read twice: the embedded set, puzzles held, or only
    /// regular files (not standard input, a pipe or a device). A file that cannot be
    /// read counts as one: reading it says what is wrong.
    pub fn rereadable(&self) -> bool {
        if self.given.is_some() || self.uses_examples() {
            return true;
        }
        !self.files.is_empty()
            && self.files.iter().all(|f| {
                f != "-" && std::fs::metadata(f).map_or(true, |m| m.is_file() || m.is_dir())
            })
    }

    /// Each regular file among the inputs on its own (not standard input nor a pipe),
    /// to be checked before an input that cannot be read twice is streamed.
    pub fn regular_files(&self) -> Vec<Input> {
        self.files
            .iter()
            .filter(|f| {
                f.as_str() != "-" && std::fs::metadata(f.as_str()).is_ok_and(|m| m.is_file())
            })
            .map(|f| Input {
                files: vec![f.clone()],
                ..self.clone()
            })
            .collect()
    }

    /// Whether the input is the embedded set.
    fn uses_examples(&self) -> bool {
        self.examples
            || (self.given.is_none()
                && self.files.is_empty()
                && self.no_file == NoFile::PipedElseExamples
                && !stdin_has_input())
    }

    fn open(&self, notes: bool) -> Result<PuzzleStream> {
        let limit = self.limit.unwrap_or(usize::MAX);
        let mut sources = VecDeque::new();
        if let Some(given) = &self.given {
            sources.push_back(Source::Held(given.clone()));
        } else if self.uses_examples() {
            let say = if notes { self.notes } else { |_: &str| {} };
            sources.push_back(Source::Examples(examples(&self.options, say)));
        } else if self.files.is_empty() {
            if self.no_file == NoFile::PipedElseExamples {
                // Said first, so that a pipe that never ends is not a silent hang.
                (self.notes)("reading puzzles from standard input (it is piped); --examples runs the embedded set instead");
            }
            sources.push_back(Source::Stdin);
        } else {
            if self.files.iter().filter(|f| *f == "-").count() > 1 {
                return Err(Error::Input(
                    "standard input (`-`) is named twice, but it can be read only once: name it once"
                        .to_string(),
                ));
            }
            for f in &self.files {
                sources.push_back(open_source(f)?);
            }
        }
        Ok(PuzzleStream {
            sources,
            current: None,
            options: self.options.clone(),
            limit,
            failed: false,
            notes: self.notes,
        })
    }
}

/// One input, opened but not yet read.
enum Source {
    /// The embedded puzzles, already parsed.
    Examples(Vec<Puzzle>),
    /// Puzzles a program handed over.
    Held(Vec<Puzzle>),
    /// Standard input.
    Stdin,
    /// A file, opened.
    File(String, std::fs::File),
}

/// Opens `path` (`-` is standard input), refusing a directory or an unreadable file.
fn open_source(path: &str) -> Result<Source> {
    if path == "-" {
        return Ok(Source::Stdin);
    }
    let cannot = |e: std::io::Error| Error::Input(format!("{path}: cannot read: {e}"));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if meta.is_dir() {
        return Err(Error::Input(format!(
            "{path}: cannot read: it is a directory; give the puzzle files in it (such as {path}/*.txt)"
        )));
    }
    let file = std::fs::File::open(path).map_err(cannot)?;
    Ok(Source::File(path.to_string(), file))
}

/// The source being read: its name, its puzzles, and how many were taken.
struct Current {
    name: String,
    puzzles: Box<dyn Iterator<Item = std::result::Result<Puzzle, ParseError>> + Send>,
    taken: usize,
    /// Whether finding no puzzle at all is an error (a file or standard input).
    must_have_one: bool,
}

/// The puzzles of every input, one at a time (see [`Input::puzzles`]). The first error
/// ends it. It can be handed to another thread to read (a comparison reads standard
/// input on one, so that a stop need not wait for the next line of a quiet pipe).
pub struct PuzzleStream {
    sources: VecDeque<Source>,
    current: Option<Current>,
    options: ParseOptions,
    limit: usize,
    failed: bool,
    notes: fn(&str),
}

impl PuzzleStream {
    /// The 1-based place, in its own input, of the puzzle last returned.
    pub fn index_in_source(&self) -> usize {
        self.current.as_ref().map_or(0, |c| c.taken)
    }

    /// Starts reading the next source; `false` when there is none.
    fn open_next(&mut self) -> bool {
        let Some(source) = self.sources.pop_front() else {
            return false;
        };
        let opts = &self.options;
        type Puzzles = Box<dyn Iterator<Item = std::result::Result<Puzzle, ParseError>> + Send>;
        let (name, puzzles, must_have_one): (String, Puzzles, bool) = match source {
            Source::Examples(list) => (
                "examples".to_string(),
                Box::new(list.into_iter().map(Ok)),
                false,
            ),
            Source::Held(list) => (
                "puzzles".to_string(),
                Box::new(list.into_iter().map(Ok)),
                false,
            ),
            Source::Stdin => {
                let stdin = std::io::stdin();
                if stdin.is_terminal() {
                    (self.notes)("reading puzzles from standard input (one per line; end with Ctrl-D; --help for more)");
                }
                (
                    STDIN_NAME.to_string(),
                    // Not the lock: the stream may be read on another thread.
                    Box::new(PuzzleReader::new(
                        BufReader::with_capacity(64 * 1024, stdin),
                        STDIN_NAME,
                        opts,
                    )),
                    true,
                )
            }
            Source::File(path, file) => {
                let reader = BufReader::with_capacity(64 * 1024, file);
                let puzzles = PuzzleReader::new(reader, &path, opts);
                (path, Box::new(puzzles), true)
            }
        };
        self.current = Some(Current {
            name,
            puzzles,
            taken: 0,
            must_have_one,
        });
        true
    }
}

impl Iterator for PuzzleStream {
    type Item = Result<Puzzle>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.failed {
            let Some(current) = self.current.as_mut() else {
                if !self.open_next() {
                    return None;
                }
                continue;
            };
            // Past the limit the rest of the input is not read at all.
            let next = if current.taken < self.limit {
                current.puzzles.next()
            } else {
                None
            };
            match next {
                Some(Ok(p)) => {
                    current.taken += 1;
                    return Some(Ok(p));
                }
                Some(Err(e)) => {
                    self.failed = true;
                    return Some(Err(e.into()));
                }
                None if current.taken == 0 && current.must_have_one => {
                    self.failed = true;
                    let name = &current.name;
                    return Some(Err(Error::Input(format!(
                        "{name}: no puzzles found: {} is empty, or holds only blank lines and # comments",
                        if name == STDIN_NAME { "standard input" } else { "the file" }
                    ))));
                }
                None => self.current = None,
            }
        }
        None
    }
}

/// Whether standard input is a pipe or a file (something was piped or redirected in),
/// rather than a terminal or `/dev/null`.
fn stdin_has_input() -> bool {
    use std::os::unix::fs::FileTypeExt;
    if std::io::stdin().is_terminal() {
        return false;
    }
    std::fs::metadata("/dev/stdin")
        .map(|m| {
            m.file_type().is_fifo() || m.file_type().is_socket() || (m.is_file() && m.len() > 0)
        })
        .unwrap_or(false)
}

/// The embedded puzzles that `opts` allows, each labelled and numbered by its place;
/// one note to `say` per puzzle skipped.
fn examples(opts: &ParseOptions, say: fn(&str)) -> Vec<Puzzle> {
    let mut puzzles = Vec::new();
    for (i, (label, text)) in EXAMPLES.iter().enumerate() {
        // The embedded set is checked by the tests; a variant or box shape can make one invalid.
        match parse_puzzles(text, "examples", opts) {
            Ok(parsed) => {
                for mut p in parsed {
                    p.label = Some(label.to_string());
                    p.origin.line = i + 1;
                    puzzles.push(p);
                }
            }
            Err(e) => say(&format!("note: example '{label}' skipped: {}", e.message)),
        }
    }
    puzzles
}
