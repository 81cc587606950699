//! How wide the terminal is, so that what is printed to one fits it.

use clap::Args;
use std::io::IsTerminal;

/// The width used when standard output is a terminal that does not say its width and
/// `COLUMNS` is not set.
const DEFAULT_COLUMNS: usize = 80;

/// The flag that asks for whole lines on a terminal.
#[derive(Args, Debug)]
pub struct WideFlag {
    /// Print every column and whole lines however wide the terminal is (output to a
    /// pipe or a file is always whole).
    #[arg(long)]
    pub wide: bool,
}

impl WideFlag {
    /// The width to fit: the terminal's when standard output is one and --wide is not
    /// given (`COLUMNS` when set, as other programs read it, else the terminal's size,
    /// else 80), `None` for whole lines.
    pub fn width(&self) -> Option<usize> {
        if self.wide || !std::io::stdout().is_terminal() {
            return None;
        }
        let columns = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse().ok())
            .filter(|&w: &usize| w > 0)
            .or_else(|| {
                terminal_size::terminal_size()
                    .map(|(w, _)| usize::from(w.0))
                    .filter(|&w| w > 0)
            })
            .unwrap_or(DEFAULT_COLUMNS);
        Some(columns)
    }
}
