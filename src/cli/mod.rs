//! The command line: argument definitions and one module per command.

mod backend_flags;
mod backends_cmd;
mod certify;
mod compare;
mod count;
mod explain;
mod export;
mod files;
mod generate;
pub mod input;
mod merge;
mod out;
mod rate;
mod report;
mod solve;
mod summaries;
mod terminal;
mod watch;

use clap::{CommandFactory, Parser, Subcommand};

/// Exit status for bad input or usage.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit status when an answer failed the independent validator (a backend bug).
pub const EXIT_WRONG_ANSWER: i32 = 1;
/// Exit status of `merge` and `report` when the results cover only part of their runs
/// (a run stopped early, a file cut off, a shard missing) and every answer checked out.
pub const EXIT_PARTIAL: i32 = 3;

/// Solve Sudoku with every major constraint-solving paradigm and compare them honestly.
///
/// Every backend reads the same model (cells and units, each unit a permutation), so any
/// side from 4x4 to 64x64, rectangular boxes and X-Sudoku work with all of them. Every
/// answer is checked by an independent validator before it is printed.
///
/// Start with `sudoku-arena compare` (every backend on the embedded puzzles) or
/// `sudoku-arena solve --examples --format grid`.
#[derive(Parser, Debug)]
#[command(name = "sudoku-arena", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Compare(compare::CompareArgs),
    Solve(solve::SolveArgs),
    Count(count::CountArgs),
    Backends(backends_cmd::BackendsArgs),
    Export(export::ExportArgs),
    Merge(merge::MergeArgs),
    Report(report::ReportArgs),
    Explain(explain::ExplainArgs),
    Rate(rate::RateArgs),
    Generate(generate::GenerateArgs),
    VerifyCertificate(certify::VerifyCertificateArgs),
    Completions(CompletionsArgs),
}

/// Print a shell completion script, or write it to a file with --out (its directory is
/// made if it is missing).
///
/// Examples:
///   sudoku-arena completions bash --out ~/.local/share/bash-completion/completions/sudoku-arena
///   sudoku-arena completions zsh --out ~/.zfunc/_sudoku-arena
///   sudoku-arena completions fish > ~/.config/fish/completions/sudoku-arena.fish
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: clap_complete::Shell,

    /// Write the script to FILE (`-`: standard output), making its directory if it is
    /// missing; an existing file is kept unless --force.
    #[arg(long, value_name = "FILE")]
    out: Option<String>,

    /// Replace an existing --out file.
    #[arg(long, requires = "out")]
    force: bool,
}

/// Prints or writes the completion script.
fn completions(args: &CompletionsArgs) -> anyhow::Result<i32> {
    let file = args.out.as_deref().filter(|&o| o != "-");
    files::Writes::new(args.force)
        .making_dirs()
        .file("--out", file)
        .check()?;
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "sudoku-arena", &mut buf);
    match file {
        Some(path) => {
            files::write(path, &buf)?;
            eprintln!(
                "sudoku-arena: wrote the {} completions to {path}",
                args.shell
            );
        }
        None => {
            let mut out = out::Out::new();
            out.write(&String::from_utf8_lossy(&buf));
            out.flush();
        }
    }
    Ok(0)
}

/// Runs the command line and returns the exit status.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Compare(args) => compare::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Count(args) => count::run(&args),
        Command::Backends(args) => backends_cmd::run(&args),
        Command::Export(args) => export::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Rate(args) => rate::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::VerifyCertificate(args) => certify::run_verify(&args),
        Command::Completions(args) => completions(&args),
    };
    match result {
        Ok(status) => status,
        Err(message) => {
            eprintln!("sudoku-arena: {message}");
            EXIT_BAD_INPUT
        }
    }
}

/// A time budget per solve: `None` means no limit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget(pub Option<std::time::Duration>);

/// The largest `--timeout`: far beyond any run, and far from where a deadline would
/// overflow the clock.
const MAX_TIMEOUT_SECS: f64 = 1e9;

/// Parses `--timeout SECS` (fractions allowed) or `--timeout none`.
fn parse_budget(text: &str) -> Result<Budget, String> {
    if text.eq_ignore_ascii_case("none") {
        return Ok(Budget(None));
    }
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds (or `none`)"))?;
    if !(secs > 0.0 && secs.is_finite()) {
        return Err(format!(
            "the timeout must be a positive number of seconds, or `none`, not {text}"
        ));
    }
    if secs > MAX_TIMEOUT_SECS {
        return Err(format!(
            "the timeout is at most {MAX_TIMEOUT_SECS} seconds (about 31 years), not {text}; use `none` for no budget"
        ));
    }
    Ok(Budget(Some(std::time::Duration::from_secs_f64(secs))))
}

/// A memory limit per solve in bytes (`--mem-limit`): `None` means no limit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MemLimit(pub Option<u64>);

/// What `-h` says of `--mem-limit`, in every command that has it.
const MEM_LIMIT_HELP: &str =
    "Memory limit per solve in MB (MiB), or `none`: past it the verdict is `memout`";

/// What `--help` says of `--mem-limit`, in every command that has it.
const MEM_LIMIT_LONG_HELP: &str = "\
Memory limit per solve in MB (MiB, 1,048,576 bytes), or `none` (the default). A solve
whose resident memory passes it is stopped with the verdict `memout`: not an answer
(it agrees with every verdict, as `unknown` does), never `wrong`, never a failure, and
exit status 0 when nothing else is wrong. The limit is held on the solve's own
processes: every built-in backend then solves in a worker process (dlx, fast, csp,
rules and aco too, which otherwise solve in this one), whose resident size includes
the program and the solver it keeps (about 5 MB before any puzzle); an external
solver (ext:*) with every process it starts, added up. Their resident size is sampled
every 1 to 8 ms, so a solve may pass the limit by what it allocates in that time
before it is stopped; a worker solve that passed it between samples is `memout` too.
The peak memory of each such solve is the results' `peak_rss_kb`.";

/// The largest `--mem-limit`, in MB: a million terabytes, far past any machine and far
/// from overflowing a count of bytes.
const MAX_MEM_LIMIT_MB: u64 = 1 << 40;

/// Parses `--mem-limit MB` (a whole number of MiB, at least 1) or `--mem-limit none`.
fn parse_mem_limit(text: &str) -> Result<MemLimit, String> {
    if text.eq_ignore_ascii_case("none") {
        return Ok(MemLimit(None));
    }
    match text.parse::<u64>() {
        Ok(0) => Err("the memory limit must be at least 1 MB, or `none`".to_string()),
        Ok(mb) if mb > MAX_MEM_LIMIT_MB => Err(format!(
            "the memory limit is at most {MAX_MEM_LIMIT_MB} MB, not {text}; use `none` for no limit"
        )),
        Ok(mb) => Ok(MemLimit(Some(mb << 20))),
        Err(_) => Err(format!(
            "'{text}' is not a whole number of megabytes (or `none`)"
        )),
    }
}

/// Parses a count that must be at least 1 (`--limit`, `--max-solutions`, `--jobs`).
fn parse_positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a whole number")),
    }
}
