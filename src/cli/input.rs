//! Where puzzles come from: a file, standard input, or the embedded examples.

use crate::examples::EXAMPLES;
use crate::model::{parse_puzzles, ParseOptions, Puzzle, Variant};
use clap::Args;
use std::io::{IsTerminal, Read};

/// Options shared by every command that reads puzzles.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzle file; `-` or nothing reads standard input. Formats: one puzzle per line
    /// (`1-9`, `A-Z`, blanks `.` `0` `_`), whitespace-separated numbers, the printed grid
    /// with `|`/`-`/`+` rules, or the ant-colony matrix files. `#` lines are comments.
    #[arg(value_name = "FILE")]
    pub file: Option<String>,

    /// Use the puzzles embedded in the binary instead of a file (easy, hard, 16x16,
    /// one with two solutions and one with none).
    #[arg(long, conflicts_with = "file")]
    pub examples: bool,

    /// Rule variant: `classic`, or `x` (both main diagonals are units too).
    #[arg(long, default_value = "classic", value_name = "NAME")]
    pub variant: String,

    /// Box shape as ROWSxCOLS (e.g. `2x3`), when the default for the side is not the one meant.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<String>,
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

    /// Reads and parses every puzzle; errors name the file, line and cell.
    pub fn read_puzzles(&self) -> anyhow::Result<Vec<Puzzle>> {
        let opts = self.parse_options()?;
        if self.examples {
            return Ok(read_examples(&opts));
        }
        read_source(self.file.as_deref(), &opts)
    }
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
                .map_err(|e| anyhow::anyhow!("<stdin>: cannot read: {e}"))?;
            ("-".to_string(), text)
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
        let shown = if name == "-" { "<stdin>" } else { &name };
        return Err(anyhow::anyhow!("{shown}: no puzzles found"));
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
