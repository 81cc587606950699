//! `sudoku-arena export`: write a puzzle's encoding in a standard format.

use super::input::InputArgs;
use crate::backends::encoding;
use clap::Args;

/// Write a puzzle's encoding in a standard format for external solvers.
///
/// External solvers then run on the very same model as the backends. The encodings
/// and their formats are documented under `encodings/`; `sudoku-arena backends` lists them.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The encoding to write, e.g. `exact-cover`.
    #[arg(long, value_name = "NAME")]
    encoding: String,

    /// Output format; by default the encoding's first format.
    #[arg(long, value_name = "FORMAT")]
    format: Option<String>,

    /// Which puzzle of the input to export, from 1.
    #[arg(long, default_value_t = 1, value_name = "K")]
    index: usize,

    #[command(flatten)]
    input: InputArgs,
}

/// Writes the export to standard output.
pub fn run(args: &ExportArgs) -> anyhow::Result<i32> {
    let enc = encoding(&args.encoding)?;
    let format = args.format.as_deref().unwrap_or(enc.formats[0]);
    let puzzles = args.input.read_puzzles(super::input::NoFile::Stdin)?;
    let puzzle = puzzles.get(args.index.wrapping_sub(1)).ok_or_else(|| {
        anyhow::anyhow!(
            "--index {} is out of range: the input has {} puzzle(s)",
            args.index,
            puzzles.len()
        )
    })?;
    let text = (enc.export)(puzzle, format)?;
    let mut out = super::out::Out::new();
    out.write(&text);
    out.flush();
    Ok(0)
}
