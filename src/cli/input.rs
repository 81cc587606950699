//! Where puzzles come from: a file, standard input, or the embedded examples.

use clap::Args;
use std::collections::VecDeque;
use std::io::{BufReader, IsTerminal};
use sudoku_arena::examples::EXAMPLES;
use sudoku_arena::model::{parse_puzzles, ParseError, ParseOptions, Puzzle, PuzzleReader, Variant};

/// The name standard input has in every message.
pub const STDIN_NAME: &str = "<stdin>";

/// Options shared by every command that reads puzzles.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzle files; `-` reads standard input (at most once).
    ///
    /// Formats: one puzzle per line (`1-9`,
    /// `A-Z`, blanks `.` `0` `_`), whitespace- or comma-separated numbers, the printed grid
    /// with `|`/`-`/`+` rules, the ant-colony matrix files, or CSV with a header naming a
    /// puzzle column and optionally a solution column (Kaggle's `quizzes,solutions`; a
    /// given solution is checked on reading: a full grid that keeps the givens). `#` starts
    /// a comment; a comment on a puzzle's line names the puzzle. A header line, a whole-line
    /// comment such as `# box 3x2 variant x` (either part may be left out), sets the box
    /// shape and variant of the puzzles after it, until the next header; `generate` writes
    /// one. Input is read as a stream, puzzle by puzzle; a
    /// line may be at most 64 KiB (a 64x64 puzzle on one line needs about 12 KiB).
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,

    /// Use the puzzles embedded in the binary (easy, hard, 16x16, one with several
    /// solutions and one with none).
    #[arg(long, conflicts_with = "files")]
    pub examples: bool,

    /// Use only the first N puzzles of each input (each file, or the embedded set);
    /// the rest of the input is not read.
    #[arg(long, value_name = "N", value_parser = super::parse_positive)]
    pub limit: Option<usize>,

    /// Rule variant: `classic`, or `x` (both main diagonals are units too). By default
    /// the file's header line says (`# box 3x2 variant x`), else classic; a --variant
    /// that contradicts a header is an error.
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,

    /// Box shape as ROWSxCOLS (e.g. `2x3`), when the default for the side is not the one
    /// meant. By default the file's header line says; a --box that contradicts it is an error.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<String>,
}

/// Where puzzles come from when no file is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoFile {
    /// Standard input (`solve`, `count`, ...).
    Stdin,
    /// Standard input when something is piped or redirected into it, else the embedded
    /// set (`compare`: it runs with no argument at all).
    PipedElseExamples,
}

impl InputArgs {
    /// The variant a run's records name: `--variant`, lower-cased, else `classic`.
    pub fn variant_label(&self) -> String {
        self.variant
            .as_deref()
            .unwrap_or("classic")
            .to_ascii_lowercase()
    }

    /// The parse options these arguments ask for.
    fn parse_options(&self) -> anyhow::Result<ParseOptions> {
        let variant = match &self.variant {
            None => None,
            Some(name) => Some(Variant::from_name(name)?),
        };
        let box_shape = match &self.box_shape {
            None => None,
            Some(text) => Some(parse_box(text)?),
        };
        Ok(ParseOptions { box_shape, variant })
    }

    /// Reads and parses every puzzle (the first `--limit` of each input) into memory,
    /// for commands that need them all before starting (`compare`, `export`); errors
    /// name the file, line and cell. The others iterate over [`InputArgs::puzzles`].
    pub fn read_puzzles(&self, no_file: NoFile) -> anyhow::Result<Vec<Puzzle>> {
        self.puzzles(no_file)?.collect()
    }

    /// The puzzles of every input, read lazily one at a time (memory bounded by one
    /// puzzle and one line), the first `--limit` of each input. Every file is opened
    /// here, so that a missing or unreadable one is reported before any work; a bad
    /// line is an `Err` item when the reading reaches it, and ends the stream.
    pub fn puzzles(&self, no_file: NoFile) -> anyhow::Result<PuzzleStream> {
        self.open(no_file, true)
    }

    /// The puzzles again, for a second reading of an input that can be read twice (see
    /// [`InputArgs::rereadable`]): the same stream, without repeating the notes on
    /// embedded puzzles skipped that the first reading gave.
    pub fn puzzles_again(&self, no_file: NoFile) -> anyhow::Result<PuzzleStream> {
        self.open(no_file, false)
    }

    fn open(&self, no_file: NoFile, notes: bool) -> anyhow::Result<PuzzleStream> {
        let opts = self.parse_options()?;
        let limit = self.limit.unwrap_or(usize::MAX);
        let mut sources = VecDeque::new();
        if self.uses_examples(no_file) {
            sources.push_back(Source::Examples(examples_noting(&opts, notes)));
        } else if self.files.is_empty() {
            if no_file == NoFile::PipedElseExamples {
                // Said first, so that a pipe that never ends is not a silent hang.
                eprintln!("reading puzzles from standard input (it is piped); --examples runs the embedded set instead");
            }
            sources.push_back(Source::Stdin);
        } else {
            if self.files.iter().filter(|f| *f == "-").count() > 1 {
                anyhow::bail!(
                    "standard input (`-`) is named twice, but it can be read only once: name it once"
                );
            }
            for f in &self.files {
                sources.push_back(open_source(f)?);
            }
        }
        Ok(PuzzleStream::new(sources, opts, limit))
    }
}

impl InputArgs {
    /// Whether the input is the embedded set.
    fn uses_examples(&self, no_file: NoFile) -> bool {
        self.examples
            || (self.files.is_empty() && no_file == NoFile::PipedElseExamples && !stdin_has_input())
    }

    /// Whether the input can be read twice, as [`InputArgs::puzzles`] again: the
    /// embedded set, or only regular files (not standard input, a pipe or a device). A
    /// file that cannot be read counts as one: reading it says what is wrong.
    pub fn rereadable(&self, no_file: NoFile) -> bool {
        if self.uses_examples(no_file) {
            return true;
        }
        !self.files.is_empty()
            && self.files.iter().all(|f| {
                f != "-" && std::fs::metadata(f).map_or(true, |m| m.is_file() || m.is_dir())
            })
    }
}

/// One input, opened but not yet read.
enum Source {
    /// The embedded puzzles, already parsed.
    Examples(Vec<Puzzle>),
    /// Standard input.
    Stdin,
    /// A file, opened.
    File(String, std::fs::File),
}

/// Opens `path` (`-` is standard input), refusing a directory or an unreadable file.
fn open_source(path: &str) -> anyhow::Result<Source> {
    if path == "-" {
        return Ok(Source::Stdin);
    }
    let meta = std::fs::metadata(path).map_err(|e| anyhow::anyhow!("{path}: cannot read: {e}"))?;
    if meta.is_dir() {
        anyhow::bail!("{path}: cannot read: it is a directory; give the puzzle files in it (such as {path}/*.txt)");
    }
    let file =
        std::fs::File::open(path).map_err(|e| anyhow::anyhow!("{path}: cannot read: {e}"))?;
    Ok(Source::File(path.to_string(), file))
}

/// The source being read: its name, its puzzles, and how many were taken.
struct Current {
    name: String,
    puzzles: Box<dyn Iterator<Item = Result<Puzzle, ParseError>> + Send>,
    taken: usize,
    /// Whether finding no puzzle at all is an error (a file or standard input).
    must_have_one: bool,
}

/// The puzzles of every input, one at a time (see [`InputArgs::puzzles`]). The first
/// error ends it. It can be handed to another thread to read (`compare` reads standard
/// input on one, so that Ctrl-C need not wait for the next line of a quiet pipe).
pub struct PuzzleStream {
    sources: VecDeque<Source>,
    current: Option<Current>,
    opts: ParseOptions,
    limit: usize,
    failed: bool,
}

impl PuzzleStream {
    fn new(sources: VecDeque<Source>, opts: ParseOptions, limit: usize) -> PuzzleStream {
        PuzzleStream {
            sources,
            current: None,
            opts,
            limit,
            failed: false,
        }
    }

    /// The 1-based place, in its own input, of the puzzle last returned.
    pub fn index_in_source(&self) -> usize {
        self.current.as_ref().map_or(0, |c| c.taken)
    }

    /// Starts reading the next source; `false` when there is none.
    fn open_next(&mut self) -> bool {
        let Some(source) = self.sources.pop_front() else {
            return false;
        };
        let opts = &self.opts;
        let (name, puzzles, must_have_one): (String, Box<dyn Iterator<Item = _> + Send>, bool) =
            match source {
                Source::Examples(list) => (
                    "examples".to_string(),
                    Box::new(list.into_iter().map(Ok)),
                    false,
                ),
                Source::Stdin => {
                    let stdin = std::io::stdin();
                    if stdin.is_terminal() {
                        eprintln!("reading puzzles from standard input (one per line; end with Ctrl-D; --help for more)");
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
    type Item = anyhow::Result<Puzzle>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.failed {
            let Some(current) = self.current.as_mut() else {
                if !self.open_next() {
                    return None;
                }
                continue;
            };
            // Past --limit the rest of the input is not read at all.
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
                    return Some(Err(anyhow::anyhow!(
                        "{name}: no puzzles found: {} is empty, or holds only blank lines and # comments",
                        if name == STDIN_NAME { "standard input" } else { "the file" }
                    )));
                }
                None => self.current = None,
            }
        }
        None
    }
}

/// The error that stopped a command after `done` puzzles, saying so: what was printed
/// before it covers only those, and nothing after the error was read.
pub fn stopped_after(error: anyhow::Error, done: usize, what: &str) -> anyhow::Error {
    if done == 0 {
        return error;
    }
    anyhow::anyhow!(
        "{error}\nsudoku-arena: the run stopped at this error: the {done} puzzle(s) before it were {what}; the rest of the input was not read"
    )
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

/// The embedded puzzles; with `notes`, one line on standard error per puzzle skipped.
fn examples_noting(opts: &ParseOptions, notes: bool) -> Vec<Puzzle> {
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
            Err(e) if notes => eprintln!("note: example '{label}' skipped: {}", e.message),
            Err(_) => {}
        }
    }
    puzzles
}

/// Parses a box shape such as `2x3`.
pub fn parse_box(text: &str) -> anyhow::Result<(usize, usize)> {
    sudoku_arena::model::header::box_shape(text)
        .ok_or_else(|| anyhow::anyhow!("--box '{text}' is not ROWSxCOLS, such as 3x3 or 2x3"))
}
