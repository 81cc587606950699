//! `sudoku-arena backends`: what each backend is and can do.

use crate::backends::{BACKENDS, ENCODINGS};
use clap::Args;

/// List the backends with what each can do, and the encodings `export` writes.
///
/// A backend is chosen with `--backend NAME` or `--backend NAME:CONFIG`.
#[derive(Args, Debug)]
pub struct BackendsArgs {}

/// Prints the registry.
pub fn run(_args: &BackendsArgs) -> anyhow::Result<i32> {
    let mut out = super::out::Out::new();
    out.write(&format!(
        "{:<10} {:<8} {:<6} {:<34} summary\n",
        "backend", "unique?", "count?", "sides"
    ));
    for b in BACKENDS {
        let yes = |v: bool| if v { "yes" } else { "no" };
        out.write(&format!(
            "{:<10} {:<8} {:<6} {:<34} {}\n",
            b.name,
            yes(b.proves_uniqueness),
            yes(b.counts),
            b.sides,
            b.summary
        ));
        if !b.configs.is_empty() {
            out.write(&format!(
                "{:<10} configurations: {} (use {}:NAME; the first is the default)\n",
                "",
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
