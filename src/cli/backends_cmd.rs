//! `sudoku-arena backends`: what each backend is and can do.

use super::terminal::WideFlag;
use clap::Args;
use sudoku_arena::backends::{
    configuration_syntax, configurations_of, BackendInfo, Configuration, Runs, BACKENDS, ENCODINGS,
};
use sudoku_arena::harness::wrap;

/// List the backends with what each can do, and the encodings `export` writes.
///
/// A backend is chosen with `--backend NAME` or `--backend NAME:CONFIG`. The csp
/// backend's configurations are LEVEL or LEVEL+BRANCH: a propagation level (naive,
/// permutation, bounds, gac, gac-shave) and a branching rule (mrv, the default; pairs;
/// static), such as `csp:gac+pairs`; `solve` and `count` also take them as
/// --propagation and --branch, and the sat encoding as --encoding.
///
/// On a terminal narrower than the table, each backend is a block of wrapped lines;
/// --wide, a pipe or a file gives the table.
#[derive(Args, Debug)]
pub struct BackendsArgs {
    #[command(flatten)]
    terminal: WideFlag,
}

/// Prints the registry.
pub fn run(args: &BackendsArgs) -> anyhow::Result<i32> {
    let mut out = super::out::Out::new();
    let width = args.terminal.width();
    let mut text = table();
    if let Some(w) = width.filter(|&w| text.lines().any(|l| l.chars().count() > w)) {
        text = BACKENDS.iter().map(|b| block(b, w)).collect();
    }
    text.push_str(&external_and_encodings());
    match width {
        Some(w) => text.lines().for_each(|l| out.write(&wrap(l, w, "      "))),
        None => out.write(&text),
    }
    out.flush();
    Ok(0)
}

/// One backend for a narrow terminal: its name and summary, what it answers, its
/// configurations, each wrapped to `width`.
fn block(b: &BackendInfo, width: usize) -> String {
    let yes = |v: bool| if v { "yes" } else { "no" };
    let mut text = wrap(&format!("{}: {}", b.name, b.summary), width, "    ");
    text.push_str(&wrap(
        &format!(
            "    proves unique: {}; counts: {}; sides: {}",
            yes(b.proves_uniqueness),
            yes(b.counts),
            b.sides
        ),
        width,
        "      ",
    ));
    text.push_str(&wrap(
        &format!("    configurations: {}", configurations_line(b)),
        width,
        "      ",
    ));
    text
}

/// The backends as one table: a row each, its configurations on the line below.
fn table() -> String {
    let mut text = String::new();
    let yes = |v: bool| if v { "yes" } else { "no" };
    let rows: Vec<[String; 5]> = BACKENDS
        .iter()
        .map(|b| {
            [
                b.name.to_string(),
                yes(b.proves_uniqueness).to_string(),
                yes(b.counts).to_string(),
                b.sides.to_string(),
                b.summary.to_string(),
            ]
        })
        .collect();
    let head = ["backend", "unique?", "count?", "sides", "summary"];
    let width = |k: usize| {
        rows.iter()
            .map(|r| r[k].chars().count())
            .chain([head[k].len()])
            .max()
            .unwrap_or(0)
    };
    let widths = [width(0), width(1), width(2), width(3)];
    let line = |cells: [&str; 5]| {
        let mut text = String::new();
        for (k, c) in cells.iter().take(4).enumerate() {
            text.push_str(c);
            text.push_str(&" ".repeat(widths[k] - c.chars().count() + 2));
        }
        text.push_str(cells[4]);
        text.push('\n');
        text
    };
    text.push_str(&line(head));
    let indent = " ".repeat(widths.iter().map(|w| w + 2).sum::<usize>());
    for (b, r) in BACKENDS.iter().zip(&rows) {
        text.push_str(&line([&r[0], &r[1], &r[2], &r[3], &r[4]]));
        text.push_str(&format!(
            "{indent}configurations: {}\n",
            configurations_line(b)
        ));
    }
    text
}

/// A backend's configurations, which one its bare name is, and the syntax of options.
fn configurations_line(b: &BackendInfo) -> String {
    let names = configurations_of(b.name)
        .map(described)
        .collect::<Vec<_>>()
        .join(", ");
    let first = configurations_of(b.name).next().map_or("", |c| c.name);
    let options = configuration_syntax(b.name)
        .map(|syntax| format!("; {syntax}"))
        .unwrap_or_default();
    let default = if b.has_default {
        format!("`{}` alone is {first}", b.name)
    } else {
        format!("use {}:NAME; there is no default", b.name)
    };
    format!("{names} ({default}){options}")
}

/// The external solvers, each with whether it is installed, and the encodings `export`
/// writes.
fn external_and_encodings() -> String {
    let mut out = String::new();
    out.push_str("\nexternal solvers (`ext:NAME`, not part of `compare --backends all`):\n");
    for c in configurations_of("ext") {
        let status = match c.available() {
            Ok(()) => "installed".to_string(),
            Err(_) => match c.runs {
                Runs::Program { package, .. } => format!("MISSING: apt-get install {package}"),
                _ => "MISSING".to_string(),
            },
        };
        let summary = c.external_summary().unwrap_or_default();
        out.push_str(&format!("  {:<16} {:<36} {}\n", c.name, status, summary));
    }
    out.push_str("\nencodings for `export --encoding NAME`:\n");
    for e in ENCODINGS {
        out.push_str(&format!(
            "  {:<16} [{}] {}\n",
            e.name,
            e.formats.join("|"),
            e.summary
        ));
    }
    out
}

/// A configuration's name with what a reader should know before choosing it.
fn described(c: &Configuration) -> String {
    let mut notes = Vec::new();
    if c.slow {
        notes.push("slow".to_string());
    }
    if c.partial {
        notes.push("may stop undecided".to_string());
    }
    if let Some(f) = c.feature {
        if c.available().is_err() {
            notes.push(format!("needs --features {f}"));
        }
    }
    match notes.is_empty() {
        true => c.name.to_string(),
        false => format!("{} [{}]", c.name, notes.join(", ")),
    }
}
