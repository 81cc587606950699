//! The flags that name a command's puzzles, turned into the library's [`Input`].

use clap::Args;
use sudoku_arena::input::{Input, PuzzleStream};
pub use sudoku_arena::input::{NoFile, STDIN_NAME};
use sudoku_arena::model::{ParseOptions, Puzzle, Variant};

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

    /// The input these arguments name, reading `no_file` when they name no file; its
    /// notes go to standard error.
    pub fn input(&self, no_file: NoFile) -> anyhow::Result<Input> {
        let input = if self.examples {
            Input::examples()
        } else {
            Input::files(&self.files)
        };
        Ok(input
            .when_no_file(no_file)
            .limit(self.limit)
            .parse_options(self.parse_options()?)
            .notes(|line| eprintln!("{line}")))
    }

    /// The puzzles of the input, read lazily one at a time (see [`Input::puzzles`]).
    pub fn puzzles(&self, no_file: NoFile) -> anyhow::Result<PuzzleStream> {
        Ok(self.input(no_file)?.puzzles()?)
    }

    /// Every puzzle of the input, read into memory, for commands that need them all
    /// before starting (`export`).
    pub fn read_puzzles(&self, no_file: NoFile) -> anyhow::Result<Vec<Puzzle>> {
        Ok(self.input(no_file)?.read_all()?)
    }
}

/// The error that stopped a command after `done` puzzles, saying so: what was printed
/// before it covers only those, and nothing after the error was read.
pub fn stopped_after(error: impl Into<anyhow::Error>, done: usize, what: &str) -> anyhow::Error {
    let error = error.into();
    if done == 0 {
        return error;
    }
    anyhow::anyhow!(
        "{error}\nsudoku-arena: the run stopped at this error: the {done} puzzle(s) before it were {what}; the rest of the input was not read"
    )
}

/// Parses a box shape such as `2x3`.
pub fn parse_box(text: &str) -> anyhow::Result<(usize, usize)> {
    sudoku_arena::model::box_shape(text)
        .ok_or_else(|| anyhow::anyhow!("--box '{text}' is not ROWSxCOLS, such as 3x3 or 2x3"))
}
