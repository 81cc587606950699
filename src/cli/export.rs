//! `sudoku-arena export`: write a puzzle's encoding in a standard format.

use super::input::InputArgs;
use clap::Args;
use std::path::{Path, PathBuf};
use sudoku_arena::backends::encoding;

/// Write a puzzle's encoding in a standard format for external solvers.
///
/// External solvers then run on the very same model as the backends. The encodings
/// and their formats are documented under `encodings/`; `sudoku-arena backends` lists them.
/// One output holds one puzzle's problem (a DIMACS file is one formula), so an input of
/// several puzzles needs --index K (that one, to standard output) or --out-dir DIR (every
/// one, each to its own file); nothing is dropped silently. A numbering that is not the
/// plain one (`sat-reduced`) is written out as `c var K = rRcC#V` comment lines.
///
/// Examples:
///   sudoku-arena export --encoding sat-reduced examples/easy.txt --index 1 > easy1.cnf
///   sudoku-arena export --encoding sat-reduced examples/easy.txt --out-dir cnf/
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct ExportArgs {
    /// The encoding to write, e.g. `exact-cover`.
    #[arg(long, value_name = "NAME")]
    encoding: String,

    /// Output format; by default the encoding's first format.
    #[arg(long, value_name = "FORMAT")]
    format: Option<String>,

    /// Which puzzle of the input to export, from 1; needed when the input has several
    /// (or use --out-dir).
    #[arg(long, value_name = "K", value_parser = super::parse_positive, conflicts_with = "out_dir")]
    index: Option<usize>,

    /// Write every puzzle of the input into DIR, one file each: `puzzle-K.EXT` (K from
    /// 1; EXT `cnf`, `txt`, `lp`, `mps`, `dzn`, `mzn` or `pl`). DIR is made if missing;
    /// an existing file is kept unless --force.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,

    /// With --out-dir: overwrite files that already exist.
    #[arg(long, requires = "out_dir")]
    force: bool,

    #[command(flatten)]
    input: InputArgs,
}

/// The file name extension of an export format.
fn extension(format: &str) -> &str {
    match format {
        "dimacs" => "cnf",
        "text" => "txt",
        other => other,
    }
}

/// Writes the export to standard output, or every puzzle's to a directory.
pub fn run(args: &ExportArgs) -> anyhow::Result<i32> {
    let enc = encoding(&args.encoding)?;
    let format = args.format.as_deref().unwrap_or(enc.formats[0]);
    let puzzles = args.input.read_puzzles(super::input::NoFile::Stdin)?;
    if let Some(dir) = &args.out_dir {
        // Every text is made and every path checked before the first file is written.
        let texts = puzzles
            .iter()
            .map(|p| (enc.export)(p, format))
            .collect::<Result<Vec<_>, _>>()?;
        let paths: Vec<PathBuf> = (1..=texts.len())
            .map(|k| dir.join(format!("puzzle-{k}.{}", extension(format))))
            .collect();
        check_targets(&paths, &args.input.files, args.force)?;
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("--out-dir {}: cannot create: {e}", dir.display()))?;
        for (path, text) in paths.iter().zip(&texts) {
            std::fs::write(path, text)
                .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", path.display()))?;
        }
        eprintln!(
            "sudoku-arena export: wrote {} file(s) to {}",
            paths.len(),
            dir.display()
        );
        return Ok(0);
    }
    let index = match (args.index, puzzles.len()) {
        (Some(k), _) => k,
        (None, 1) => 1,
        (None, n) => anyhow::bail!(
            "the input has {n} puzzles and one output holds one: choose one with --index K, or write each to its own file with --out-dir DIR"
        ),
    };
    let puzzle = puzzles.get(index - 1).ok_or_else(|| {
        anyhow::anyhow!(
            "--index {index} is out of range: the input has {} puzzle(s)",
            puzzles.len()
        )
    })?;
    let text = (enc.export)(puzzle, format)?;
    let mut out = super::out::Out::new();
    out.write(&text);
    out.flush();
    Ok(0)
}

/// Refuses to write over an input file, or over an existing file without `force`.
fn check_targets(paths: &[PathBuf], inputs: &[String], force: bool) -> anyhow::Result<()> {
    let canonical_inputs: Vec<PathBuf> = inputs
        .iter()
        .filter(|f| f.as_str() != "-")
        .filter_map(|f| Path::new(f).canonicalize().ok())
        .collect();
    for path in paths {
        let Ok(existing) = path.canonicalize() else {
            continue;
        };
        if canonical_inputs.contains(&existing) {
            anyhow::bail!(
                "{}: it is an input of this command; choose another --out-dir",
                path.display()
            );
        }
        if !force {
            anyhow::bail!(
                "{} already exists: add --force to overwrite it, or choose another --out-dir",
                path.display()
            );
        }
    }
    Ok(())
}
