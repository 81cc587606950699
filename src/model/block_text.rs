//! Writing a Killer or Jigsaw puzzle in the block format the reader takes back
//! (`encodings/variants.md`): the kind and side, `regions:` rows, `cages:` rows of
//! labels with their `sums:`, and `givens:` rows when there are givens.

use super::format::symbol;
use super::Puzzle;

/// Cage labels written one character each, as long as there are enough of them.
const LABELS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Totals written per `sums:` line.
const SUMS_PER_LINE: usize = 12;

/// The block of `puzzle` (a board with cages or regions), ending with a newline; its
/// label, if any, after `#` on the first line.
pub fn to_block(puzzle: &Puzzle) -> String {
    let g = &puzzle.geometry;
    let n = g.n;
    let word = match (g.has_cages(), g.regions.is_some()) {
        (true, true) => "killer-jigsaw",
        (true, false) => "killer",
        _ => "jigsaw",
    };
    let mut out = format!("{word} {n}x{n}");
    if g.variant == super::Variant::X {
        out.push_str(" variant x");
    }
    if let Some(label) = &puzzle.label {
        out.push_str(&format!("  # {label}"));
    }
    out.push('\n');
    let rows = |out: &mut String, text: &dyn Fn(usize) -> String, wide: bool| {
        for r in 0..n {
            let cells: Vec<String> = (0..n).map(|c| text(r * n + c)).collect();
            out.push_str(&cells.join(if wide { " " } else { "" }));
            out.push('\n');
        }
    };
    if let Some(regions) = &g.regions {
        out.push_str("regions:\n");
        let narrow = n <= 35;
        rows(
            &mut out,
            &|c| match narrow {
                true => symbol(regions[c] + 1).map_or_else(String::new, String::from),
                false => (regions[c] + 1).to_string(),
            },
            !narrow,
        );
    }
    if g.has_cages() {
        let narrow = g.cages.len() <= LABELS.len();
        let label = |k: usize| match narrow {
            true => char::from(LABELS[k]).to_string(),
            false => format!("k{}", k + 1),
        };
        out.push_str("cages:\n");
        rows(
            &mut out,
            &|c| g.cage_of[c].map_or_else(|| ".".to_string(), |k| label(k as usize)),
            !narrow,
        );
        let sums: Vec<String> = g
            .cages
            .iter()
            .enumerate()
            .map(|(k, cage)| format!("{}={}", label(k), cage.sum))
            .collect();
        for (i, chunk) in sums.chunks(SUMS_PER_LINE).enumerate() {
            out.push_str(if i == 0 { "sums: " } else { "  " });
            out.push_str(&chunk.join(" "));
            out.push('\n');
        }
    }
    if puzzle.cells.iter().any(|&v| v != 0) {
        out.push_str("givens:\n");
        let narrow = n <= 35;
        rows(
            &mut out,
            &|c| match (narrow, puzzle.cells[c]) {
                (true, v) => symbol(v).map_or_else(String::new, String::from),
                (false, 0) => ".".to_string(),
                (false, v) => v.to_string(),
            },
            !narrow,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{parse_puzzles, Cage, Geometry, ParseOptions, Variant};
    use std::sync::Arc;

    #[test]
    fn a_written_block_reads_back_as_the_same_puzzle() {
        let regions: Vec<u8> = (0..36).map(|c| (c / 6) as u8).collect();
        let board = Geometry::with_regions(6, &regions, Variant::Classic)
            .unwrap()
            .with_cages(vec![
                Cage {
                    cells: vec![0, 1],
                    sum: 3,
                },
                Cage {
                    cells: vec![7, 13],
                    sum: 11,
                },
            ])
            .unwrap();
        let mut cells = vec![0; 36];
        cells[35] = 6;
        let mut p = Puzzle::new(Arc::new(board), cells);
        p.label = Some("six".into());
        let text = to_block(&p);
        assert!(
            text.starts_with("killer-jigsaw 6x6  # six\nregions:\n111111\n"),
            "{text}"
        );
        let back = parse_puzzles(&text, "t", &ParseOptions::default()).unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].geometry, p.geometry);
        assert_eq!((&back[0].cells, &back[0].label), (&p.cells, &p.label));
    }
}
