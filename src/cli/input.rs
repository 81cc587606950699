//! Where puzzles come from: a file, standard input, or the embedded examples.

use crate::examples::EXAMPLES;
use crate::model::{parse_puzzles, ParseOptions, Puzzle, Variant};
use clap::Args;
use std::io::{IsTerminal, Read};

/// The name standard input has in every message.
pub const STDIN_NAME: &str = "<stdin>";

/// Options shared by every command that reads puzzles.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzle files; `-` reads standard input. Formats: one puzzle per line (`1-9`,
    /// `A-Z`, blanks `.` `0` `_`), whitespace- or comma-separated numbers, the printed grid
    /// with `|`/`-`/`+` rules, the ant-colony matrix files, or CSV with a header naming a
    /// puzzle column and optionally a solution column (Kaggle's `quizzes,solutions`; a
    /// given solution is checked against the answer). `#` starts a comment; a comment on
    /// a puzzle's line names the puzzle.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,

    /// Use the puzzles embedded in the binary (easy, hard, 16x16, one with several
    /// solutions and one with none).
    #[arg(long, conflicts_with = "files")]
    pub examples: bool,

    /// Use only the first N puzzles of each input (each file, or the embedded set).
    #[arg(long, value_name = "N", value_parser = super::parse_positive)]
    pub limit: Option<usize>,

    /// Rule variant: `classic`, or `x` (both main diagonals are units too).
    #[arg(long, default_value = "classic", value_name = "NAME")]
    pub variant: String,

    /// Box shape as ROWSxCOLS (e.g. `2x3`), when the default for the side is not the one meant.
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
    /// The parse options these arguments ask for.
    pub fn parse_options(&self) -> anyhow::Result<ParseOptions> {
        let variant = Variant::from_name(&self.variant)?;
        let box_shape = match &self.box_shape {
            None => None,
            Some(text) => Some(parse_box(text)?),
        };
        Ok(ParseOptions { box_shape, variant })
    }

    /// Reads and parses every puzzle (the first `--limit` of each input); errors name
    /// the file, line and cell.
    pub fn read_puzzles(&self, no_file: NoFile) -> anyhow::Result<Vec<Puzzle>> {
        let opts = self.parse_options()?;
        let limit = self.limit.unwrap_or(usize::MAX);
        let examples = self.examples
            || (self.files.is_empty()
                && no_file == NoFile::PipedElseExamples
                && !stdin_has_input());
        if examples {
            let mut puzzles = read_examples(&opts);
            puzzles.truncate(limit);
            return Ok(puzzles);
        }
        if self.files.is_empty() {
            if no_file == NoFile::PipedElseExamples {
                // Said first, so that a pipe that never ends is not a silent hang.
                eprintln!("reading puzzles from standard input (it is piped); --examples runs the embedded set instead");
            }
            return Ok(read_source(None, &opts)?.into_iter().take(limit).collect());
        }
        let mut puzzles = Vec::new();
        for f in &self.files {
            puzzles.extend(read_source(Some(f), &opts)?.into_iter().take(limit));
        }
        Ok(puzzles)
    }
}

/// Whether standard input is a pipe or a file (something was piped or redirected in),
/// rather than a terminal or `/dev/null`.
pub fn stdin_has_input() -> bool {
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

/// The puzzles embedded in the binary, labelled.
pub fn read_examples(opts: &ParseOptions) -> Vec<Puzzle> {
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
            Err(e) => eprintln!("note: example '{label}' skipped: {}", e.message),
        }
    }
    puzzles
}

/// Reads the puzzles of a file, or of standard input for `None` or `-` (saying so on a terminal).
pub fn read_source(file: Option<&str>, opts: &ParseOptions) -> anyhow::Result<Vec<Puzzle>> {
    let (name, text) = match file {
        None | Some("-") => {
            let stdin = std::io::stdin();
            if stdin.is_terminal() {
                eprintln!("reading puzzles from standard input (one per line; end with Ctrl-D; --help for more)");
            }
            let mut text = String::new();
            stdin
                .lock()
                .read_to_string(&mut text)
                .map_err(|e| anyhow::anyhow!("{STDIN_NAME}: cannot read: {e}"))?;
            (STDIN_NAME.to_string(), text)
        }
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| anyhow::anyhow!("{path}: cannot read: {e}"))?;
            let text = String::from_utf8(bytes)
                .map_err(|e| anyhow::anyhow!("{path}: not UTF-8 text: {e}"))?;
            (path.to_string(), text)
        }
    };
    let puzzles = parse_puzzles(&text, &name, opts)?;
    if puzzles.is_empty() {
        return Err(anyhow::anyhow!("{name}: no puzzles found"));
    }
    Ok(puzzles)
}

/// Parses a box shape such as `2x3`.
pub fn parse_box(text: &str) -> anyhow::Result<(usize, usize)> {
    let bad = || anyhow::anyhow!("--box '{text}' is not ROWSxCOLS, such as 3x3 or 2x3");
    let (r, c) = text
        .to_ascii_lowercase()
        .split_once('x')
        .map(|(r, c)| (r.to_string(), c.to_string()))
        .ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok((r, c))
}
