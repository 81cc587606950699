//! `sudoku-arena backends`: what each backend is and can do.

use crate::backends::{BACKENDS, ENCODINGS};
use clap::Args;

/// List the backends with what each can do, and the encodings `export` writes.
///
/// A backend is chosen with `--backend NAME` or `--backend NAME:CONFIG`. The csp
/// backend's configurations are LEVEL or LEVEL+BRANCH: a propagation level (naive,
/// permutation, bounds, gac, gac-shave) and a branching rule (mrv, the default; pairs;
/// static), such as `csp:gac+pairs`; `solve` and `count` also take them as
/// --propagation and --branch, and the sat encoding as --encoding.
#[derive(Args, Debug)]
pub struct BackendsArgs {}

/// Prints the registry.
pub fn run(_args: &BackendsArgs) -> anyhow::Result<i32> {
    let mut out = super::out::Out::new();
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
    out.write(&line(head));
    let indent = " ".repeat(widths.iter().map(|w| w + 2).sum::<usize>());
    for (b, r) in BACKENDS.iter().zip(&rows) {
        out.write(&line([&r[0], &r[1], &r[2], &r[3], &r[4]]));
        if b.name == "ext" {
            out.write(&format!(
                "{indent}configurations: {} (use ext:NAME; there is no default)\n",
                b.configs.join(", ")
            ));
        } else if b.name == "csp" {
            out.write(&format!(
                "{indent}configurations: LEVEL or LEVEL+BRANCH, LEVEL one of {} (default {}), BRANCH one of {} (default mrv); e.g. csp:gac+pairs\n",
                crate::backends::csp::PROPAGATIONS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "),
                b.configs[0],
                crate::backends::csp::BRANCHES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "),
            ));
        } else if b.name == "aco" {
            out.write(&format!(
                "{indent}configurations: bve (the default) or no-bve, or KEY=VALUE items joined by '+' (keys {}), e.g. aco:ants=20+q0=0.8+seed=7\n",
                crate::backends::aco::config::KEYS.join(", ")
            ));
        } else if !b.configs.is_empty() {
            out.write(&format!(
                "{indent}configurations: {} (use {}:NAME; the first is the default)\n",
                b.configs.join(", "),
                b.name
            ));
        }
    }
    out.write("\nexternal solvers (`ext:NAME`, not part of `compare --backends all`):\n");
    for t in crate::backends::ext::TOOLS {
        let status = match crate::backends::ext::available(t) {
            Ok(()) => "installed".to_string(),
            Err(_) => format!("MISSING: apt-get install {}", t.package),
        };
        out.write(&format!(
            "  ext:{:<12} {:<36} {}\n",
            t.name, status, t.summary
        ));
    }
    out.write("\nencodings for `export --encoding NAME`:\n");
    for e in ENCODINGS {
        out.write(&format!(
            "  {:<16} [{}] {}\n",
            e.name,
            e.formats.join("|"),
            e.summary
        ));
    }
    out.flush();
    Ok(0)
}
