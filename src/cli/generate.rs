//! `sudoku-arena generate`: new puzzles, unique by Eppstein's procedure or fixed-fraction
//! instances for phase-transition experiments. The work is in [`sudoku_arena::generate`].

use super::files::{self, Writes};
use super::input::parse_box;
use super::out::Out;
use super::{parse_budget, parse_positive, Budget};
use clap::{Args, ValueEnum};
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use sudoku_arena::generate::fixed_fraction;
use sudoku_arena::generate::Difficulty;
use sudoku_arena::generate::UniqueSettings;
use sudoku_arena::generate::{Generated, Generator, Request, VariantKind};
use sudoku_arena::model::header_line;
use sudoku_arena::model::{to_block, to_grid, to_line};
use sudoku_arena::model::{Geometry, Variant};

/// Exit status when --difficulty found no puzzle at the level within --max-tries (the
/// puzzles found before are written).
const EXIT_GAVE_UP: i32 = 3;

/// Largest side generated for X-Sudoku: the randomized search of a completed X grid took
/// seconds at 25x25 and did not finish in minutes at 36x36.
const X_MAX_SIDE: usize = 25;

/// How generated puzzles are written.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum GenerateFormat {
    /// One puzzle per line in compact form, then `# name`.
    Line,
    /// The printed grid, its name after `#` on the first row, a blank line between puzzles.
    Grid,
    /// Bare puzzle lines, with no header line and no names, for other tools (a 9x9 is 81
    /// characters of `1-9` and `.`, as QQWing reads). Only for classic boards with the
    /// default box shape of their side: a bare line cannot say another.
    Plain,
}

/// Generate puzzles.
///
/// By default: unique puzzles by Eppstein's procedure (Nonrepetitive paths and cycles in
/// graphs with application to Sudoku, §3.6). Random cells (with their 180° partners under
/// --symmetric) get random digits consistent with the position, singles propagate after
/// each choice (a contradiction restarts), until singles solve the grid. Then, in the
/// order they were added, each choice is emptied again and the removal kept only when
/// dlx proves the puzzle still has one solution. The result is minimal: no given can be
/// removed (with --symmetric, no symmetric pair; add --minimal to try single givens too).
///
/// --fixed-fraction F instead keeps exactly ceil(F * N²) cells of a random completed
/// grid, chosen uniformly: the instances of the ant-colony phase-transition experiments
/// (the paper's count too: 116 of 256 at 45%), which always have a solution but may
/// have many. They are named like the shared ones
/// (`inst16x16_45_0`), so `compare --plot` draws time against the fraction given.
///
/// Completed grids come from a randomized search (most constrained cell or unit value
/// first, random ties and digit order, restarts) for sides up to 16 and X-Sudoku, and for
/// larger classic boards from the pattern grid after random swaps of two values within a
/// closed component, bands and stacks emptied and refilled by the search, and a random
/// symmetry (the search alone took minutes at 36x36).
///
/// Unique puzzles are named `gen<N>x<N>_<seed>_<k>`, fixed-fraction ones
/// `inst<N>x<N>_<percent>_<k>`, in a `# name` comment that the readers keep as the name.
/// The output starts with a header line, such as `# box 3x2 variant x`, that every
/// command reading the file honours: a 6x6 with 3x2 boxes or an X-Sudoku reads back as
/// the same puzzle with no --box or --variant (one that contradicts it is an error).
///
/// Above 16x16 the unique generator takes its digits from a random full grid (random
/// digits meet a contradiction at almost every try there) and proves uniqueness with
/// sat:reduced; a 25x25 takes about a minute.
///
/// The same --seed gives the same puzzles on every machine; puzzle k depends only on the
/// seed, k and the settings, as long as no check runs out of --timeout (a slower machine
/// would then keep a given another keeps out; a warning says so). --difficulty keeps generating until the `rules` ladder rates
/// a puzzle at that level (as `rate` does); after --max-tries candidates for one puzzle
/// it stops with exit status 3, having written the puzzles found before.
///
/// Examples:
///   sudoku-arena generate --count 100 --seed 1 > set.txt
///   sudoku-arena generate --symmetric --minimal --format grid
///   sudoku-arena generate --count 5 --format plain | qqwing --solve
///   sudoku-arena generate --difficulty 3 --count 10
///   sudoku-arena generate --box 4x4 --fixed-fraction 0.45 --count 20 --out inst16.txt
///   sudoku-arena generate --box 2x3 --count 5    # 6x6 with 2x3 boxes
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct GenerateArgs {
    /// Box shape ROWSxCOLS; the side is ROWS*COLS (3x3 → 9x9, 4x4 → 16x16, 2x3 → 6x6).
    #[arg(long = "box", value_name = "RxC", default_value = "3x3")]
    box_shape: String,

    /// Rule variant: `classic`, `x`, `killer`, `jigsaw`, or several joined by `+`.
    ///
    /// `x`: both diagonals are units too (sides up to 25). `killer`: cages with totals.
    /// `jigsaw`: irregular regions instead of boxes (sides up to 16). Joined:
    /// `killer+jigsaw`, `killer+x`. Killer and Jigsaw puzzles are written in the block
    /// format of encodings/variants.md, each proven unique by sat:reduced as it is made
    /// and again by dlx.
    #[arg(long, default_value = "classic")]
    variant: String,

    /// With --variant killer: no givens at all; cage layouts are drawn until the cages
    /// alone leave one solution.
    #[arg(long)]
    no_givens: bool,

    /// Number of puzzles.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = parse_positive)]
    count: usize,

    /// Seed of the run: the same seed gives the same puzzles.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,

    /// Givens in pairs symmetric under a 180° rotation.
    #[arg(long, conflicts_with = "fixed_fraction")]
    symmetric: bool,

    /// With --symmetric: also try removing single givens, so the puzzle is minimal
    /// outright, not only up to symmetry (without --symmetric it always is).
    #[arg(long, conflicts_with = "fixed_fraction")]
    minimal: bool,

    /// Keep only puzzles the rules ladder rates at LEVEL, 0 to 8 (0 singles, 1 locked,
    /// 2 subsets, 3 cycles, 4 conflicts, 5 2sat, 6 als, 7 templates, 8 exocet) or
    /// `guessing` (the rules get stuck).
    #[arg(long, value_name = "LEVEL", value_parser = Difficulty::from_name, conflicts_with = "fixed_fraction")]
    difficulty: Option<Difficulty>,

    /// With --difficulty: candidate puzzles made per puzzle before giving up (exit 3).
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = parse_positive, requires = "difficulty")]
    max_tries: usize,

    /// Keep exactly ceil(F * N²) cells of a random completed grid (F from 0 to 1); the
    /// puzzle need not be unique.
    #[arg(long, value_name = "F", value_parser = parse_fraction)]
    fixed_fraction: Option<f64>,

    /// Time budget of each uniqueness check and rating in seconds, or `none`; a check
    /// that runs out keeps its given (the puzzle stays unique, perhaps not minimal; a
    /// warning says so).
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_budget, allow_hyphen_values = true)]
    timeout: Budget,

    /// Output format.
    #[arg(long, value_enum, default_value = "line")]
    format: GenerateFormat,

    /// Write to FILE instead of standard output (`-`); an existing file is kept unless
    /// --force, and a missing directory is made.
    #[arg(long, value_name = "FILE")]
    out: Option<String>,

    /// Replace the --out file if it exists.
    #[arg(long, requires = "out")]
    force: bool,
}

/// Parses a fraction in `[0, 1]`.
fn parse_fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
        Ok(_) => Err(format!("the fraction must be from 0 to 1, not {text}")),
        Err(_) => Err(format!("'{text}' is not a number from 0 to 1")),
    }
}

/// What is generated: fixed-fraction instances, or unique puzzles by a generator.
enum Mode {
    Fraction(f64),
    Unique(Box<Generator>),
}

/// Where the puzzles go: standard output or a file.
enum Sink {
    Stdout(Out),
    File(String, std::io::BufWriter<std::fs::File>),
}

impl Sink {
    fn open(args: &GenerateArgs) -> anyhow::Result<Sink> {
        let path = args.out.as_deref().filter(|&o| o != "-");
        Writes::new(args.force).file("--out", path).check()?;
        let Some(path) = path else {
            return Ok(Sink::Stdout(Out::new()));
        };
        let file = files::create(path)?;
        Ok(Sink::File(path.to_string(), std::io::BufWriter::new(file)))
    }

    fn write(&mut self, text: &str) -> anyhow::Result<()> {
        match self {
            Sink::Stdout(out) => {
                out.write(text);
                out.flush();
                Ok(())
            }
            Sink::File(path, f) => f
                .write_all(text.as_bytes())
                .map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}")),
        }
    }

    fn finish(self) -> anyhow::Result<()> {
        if let Sink::File(path, mut f) = self {
            f.flush()
                .map_err(|e| anyhow::anyhow!("{path}: cannot write: {e}"))?;
        }
        Ok(())
    }
}

/// One puzzle in the chosen format.
fn render(format: GenerateFormat, generated: &Generated) -> String {
    let p = &generated.puzzle;
    let name = p.label.as_deref().unwrap_or("");
    match format {
        GenerateFormat::Line => format!("{}  # {name}\n", to_line(&p.geometry, &p.cells)),
        GenerateFormat::Plain => format!("{}\n", to_line(&p.geometry, &p.cells)),
        GenerateFormat::Grid => {
            let grid = to_grid(&p.geometry, &p.cells);
            let (first, rest) = grid.split_once('\n').unwrap_or((&grid, ""));
            format!("{first}  # {name}\n{rest}\n")
        }
    }
}

/// Refuses `--format plain` for a board that a bare line, read with no header, would
/// not give back: an X-Sudoku, or a box shape other than its side's default.
fn plain_fits(geometry: &Geometry) -> anyhow::Result<()> {
    let n = geometry.n;
    if geometry.variant != Variant::Classic {
        anyhow::bail!(
            "--format plain: a bare line cannot say the variant {} (a reader takes it as classic); use --format line, whose header line says it",
            geometry.variant.name()
        );
    }
    let shape = (geometry.box_rows, geometry.box_cols);
    if Geometry::default_box(n) != Some(shape) {
        anyhow::bail!(
            "--format plain: a bare line cannot say the box shape {}x{} (a reader of a {n}x{n} line takes the default); use --format line, whose header line says it",
            shape.0,
            shape.1
        );
    }
    Ok(())
}

/// The rule variant and the kind of variant puzzle `--variant` names: words joined by
/// `+` (or `,`), `killer-jigsaw` for both.
fn parse_variants(text: &str) -> anyhow::Result<(Variant, VariantKind)> {
    let mut variant = Variant::Classic;
    let mut kind = VariantKind::default();
    for word in text.split(['+', ',']) {
        match word.trim().to_ascii_lowercase().as_str() {
            "killer" => kind.killer = true,
            "jigsaw" => kind.jigsaw = true,
            "killer-jigsaw" | "jigsaw-killer" => {
                kind.killer = true;
                kind.jigsaw = true;
            }
            other => {
                variant = Variant::from_name(other).map_err(|e| {
                    anyhow::anyhow!("--variant: {e}, 'killer', 'jigsaw', or several joined by '+'")
                })?
            }
        }
    }
    Ok((variant, kind))
}

/// Writes Killer and Jigsaw puzzles, each as a block.
fn run_variants(
    args: &GenerateArgs,
    mut generator: Generator,
    kind: VariantKind,
) -> anyhow::Result<i32> {
    let mut sink = Sink::open(args)?;
    let progress = std::io::stderr().is_terminal();
    for k in 0..args.count {
        let made = generator
            .variant(k, kind)
            .map_err(|e| anyhow::anyhow!("generate: puzzle {}: {e}", k + 1))?;
        let gap = if k == 0 { "" } else { "\n" };
        sink.write(&format!("{gap}{}", to_block(&made.puzzle)))?;
        if progress {
            eprint!("\rgenerated {}/{}", k + 1, args.count);
        }
    }
    if progress {
        eprintln!();
    }
    sink.finish()?;
    Ok(0)
}

/// Generates the puzzles asked for.
pub fn run(args: &GenerateArgs) -> anyhow::Result<i32> {
    let (rows, cols) = parse_box(&args.box_shape)?;
    let (variant, kind) = parse_variants(&args.variant)?;
    let variants = kind.killer || kind.jigsaw;
    if args.no_givens && !kind.killer {
        anyhow::bail!("--no-givens is for --variant killer (a Jigsaw needs givens)");
    }
    if variants {
        if args.fixed_fraction.is_some() || args.difficulty.is_some() || args.symmetric {
            anyhow::bail!("--variant {}: --fixed-fraction, --difficulty and --symmetric are for classic and X boards", args.variant);
        }
        if !matches!(args.format, GenerateFormat::Line) {
            anyhow::bail!("--variant {}: Killer and Jigsaw puzzles are written in the block format (encodings/variants.md); leave out --format", args.variant);
        }
        if kind.jigsaw && rows * cols > 16 {
            anyhow::bail!("--variant jigsaw: sides up to 16 (the random regions' completion search is slow above)");
        }
    }
    let geometry =
        Arc::new(Geometry::new(rows, cols, variant).map_err(|e| anyhow::anyhow!("--box: {e}"))?);
    if variant == Variant::X && geometry.n > X_MAX_SIDE {
        anyhow::bail!(
            "--variant x: generating above {X_MAX_SIDE}x{X_MAX_SIDE} is not supported (the random X grid search takes minutes); use a smaller --box"
        );
    }
    if let GenerateFormat::Plain = args.format {
        plain_fits(&geometry)?;
    }
    if variants {
        let generator = Generator::new(Request {
            geometry: geometry.clone(),
            settings: UniqueSettings {
                symmetric: false,
                minimal: true,
                check_timeout: args.timeout.0,
            },
            difficulty: None,
            max_tries: 1,
            seed: args.seed,
        })?;
        let kind = VariantKind {
            no_givens: args.no_givens,
            ..kind
        };
        return run_variants(args, generator, kind);
    }
    let mut mode = match args.fixed_fraction {
        Some(f) => Mode::Fraction(f),
        None => Mode::Unique(Box::new(Generator::new(Request {
            geometry: geometry.clone(),
            settings: UniqueSettings {
                symmetric: args.symmetric,
                minimal: args.minimal,
                check_timeout: args.timeout.0,
            },
            difficulty: args.difficulty,
            max_tries: args.max_tries,
            seed: args.seed,
        })?)),
    };
    let mut sink = Sink::open(args)?;
    // The header line, so that a reader gives every puzzle this box shape and variant.
    if !matches!(args.format, GenerateFormat::Plain) {
        sink.write(&header_line(&geometry))?;
    }
    let progress = std::io::stderr().is_terminal();
    let mut status = 0;
    for k in 0..args.count {
        let made = match &mut mode {
            Mode::Fraction(f) => fixed_fraction(&geometry, *f, args.seed, k),
            Mode::Unique(g) => match g.unique(k) {
                Ok(made) => made,
                Err(e) => {
                    eprintln!("sudoku-arena: generate: puzzle {}: {e}", k + 1);
                    status = EXIT_GAVE_UP;
                    break;
                }
            },
        };
        sink.write(&render(args.format, &made))?;
        if progress {
            eprint!("\rgenerated {}/{}", k + 1, args.count);
        }
    }
    if progress {
        eprintln!();
    }
    sink.finish()?;
    if let Mode::Unique(g) = &mode {
        if g.undecided_checks > 0 {
            eprintln!(
                "sudoku-arena: generate: {} uniqueness check(s) ran out of --timeout; those givens were kept, so some puzzles may not be minimal",
                g.undecided_checks
            );
        }
    }
    Ok(status)
}
