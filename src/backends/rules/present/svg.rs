//! Pictures of steps: an SVG per step (the grid with its candidates before the step,
//! the cells, links and sets of the step's one pattern, and what it removes or
//! places), in the manner of the figures of Eppstein's paper. Drawn from the step and
//! the position before it alone; steps are data and this is one of their readers.

use super::eureka;
use super::text;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::{
    AlsForced, AlsLink, AlsNode, AlsSet, Detail, FishPattern, Link, Step, Sum45, SumSide,
};
use crate::model::format::digit_text;

/// The positions before each step: `out[k]` is the state step `k` was found in.
/// Steps are replayed as the engine applies them (placements, then removals).
pub fn states_before(board: &Board, start: &State, steps: &[Step]) -> Vec<State> {
    let mut s = start.clone();
    let mut out = Vec::with_capacity(steps.len());
    for step in steps {
        out.push(s.clone());
        for &(c, d) in &step.placements {
            s.place(board, c, d);
        }
        for &(c, d) in &step.eliminations {
            s.eliminate(board, c, d);
        }
    }
    out
}

/// A coloured outline inside each of `cells`, of SVG class `class`.
fn outlines(g: &Geom, cells: &[usize], class: &str, colour: &str, dash: &str) -> String {
    let mut o = String::new();
    for &c in cells {
        let (x, y) = g.origin(c);
        o.push_str(&format!(
            "<rect class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\"{dash}/>\n",
            x + 2.0,
            y + 2.0,
            g.cell - 4.0,
            g.cell - 4.0
        ));
    }
    o
}

/// Whether a step is worth a picture of its own (anything but a single).
pub fn is_nontrivial(step: &Step) -> bool {
    !matches!(
        step.detail,
        Detail::NakedSingle | Detail::HiddenSingle { .. }
    )
}

struct Geom {
    n: usize,
    cell: f64,
    margin: f64,
    sub: usize,
    /// The strip at the top of each cell kept for a Killer cage's total (0 without
    /// cages): the candidates are drawn below it.
    top: f64,
}

impl Geom {
    fn new(n: usize, cages: bool) -> Geom {
        let sub = (1..=8).find(|k| k * k >= n).unwrap_or(8);
        let cell = if n <= 9 { 54.0 } else { 40.0 };
        Geom {
            n,
            cell,
            margin: 24.0,
            sub,
            top: if cages { cell * 0.2 } else { 0.0 },
        }
    }

    fn origin(&self, c: usize) -> (f64, f64) {
        let (r, col) = (c / self.n, c % self.n);
        (
            self.margin + col as f64 * self.cell,
            self.margin + r as f64 * self.cell,
        )
    }

    fn centre(&self, c: usize) -> (f64, f64) {
        let (x, y) = self.origin(c);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// Where candidate `d` of cell `c` is written.
    fn cand(&self, c: usize, d: u8) -> (f64, f64) {
        let (x, y) = self.origin(c);
        let k = d as usize - 1;
        let across = self.cell / self.sub as f64;
        let down = (self.cell - self.top) / self.sub as f64;
        (
            x + (k % self.sub) as f64 * across + across / 2.0,
            y + self.top + (k / self.sub) as f64 * down + down / 2.0,
        )
    }

    /// The font size of a candidate: what its square holds.
    fn cand_font(&self) -> f64 {
        (self.cell - self.top) / self.sub as f64 * 0.78
    }

    fn side(&self) -> f64 {
        self.cell * self.n as f64
    }
}

pub(super) fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The title of step `number`: `Step 7 [L3]: bilocation cycle`.
pub(super) fn step_title(board: &Board, number: usize, step: &Step) -> String {
    format!(
        "Step {number} [{}]: {}",
        text::level_label(step),
        text::name(board, step)
    )
}

/// The paragraphs of a step's caption, read on the position before it: what it
/// changed, why, and the assumption it rests on, if any.
pub(super) fn caption(board: &Board, before: &State, step: &Step) -> Vec<String> {
    let mut lines = vec![
        text::change(board, step),
        text::reason_at(board, before, step),
    ];
    if matches!(
        step.detail,
        Detail::Als { .. } | Detail::DeathBlossom { .. } | Detail::AlignedExclusion { .. }
    ) {
        lines.push(
            "outlines: the almost locked sets, in the order the text names them (green, orange, violet, teal, pink, brown); blue rings: a group, one digit in some cell of a set."
                .into(),
        );
    }
    if let Detail::Als { forced, fish, .. } = &step.detail {
        if !fish.is_empty() {
            lines.push(
                "teal bands: a fish's base lines (solid) and covers (dashed); teal squares: its fins; a teal number marks the fish's link (a victim holding the digit puts it in a fin)."
                    .into(),
            );
        }
        if forced.iter().any(AlsForced::uses_templates) {
            lines.push(
                "a purple T marks a link of a digit's valid placements (its candidates share no unit)."
                    .into(),
            );
        }
    }
    if matches!(step.detail, Detail::Tridagon { .. }) {
        lines.push(
            "yellow: the pattern's twelve cells; magenta outline: a guardian, a pattern cell holding digits other than the three."
                .into(),
        );
    }
    if matches!(step.detail, Detail::Msls { .. }) {
        lines.push(
            "yellow: the locked set's cells, where its rows and columns cross; each digit's houses are named above."
                .into(),
        );
    }
    if matches!(step.detail, Detail::HouseWeights { .. }) {
        lines.push(
            "yellow: the open cells weighed as houses (a digit's houses in rows, columns and boxes are named above with their weights)."
                .into(),
        );
    }
    if matches!(step.detail, Detail::Exocet { .. }) {
        lines.push(
            "green outline: a base cell; orange outline: a target; grey dashes: a companion; violet dashes: a target's mirror; blue: the cross-lines' cells outside the band."
                .into(),
        );
    }
    if matches!(step.detail, Detail::Sum45(_)) {
        lines.push(
            "blue: the units the 45 rule adds up; orange outline: an innie; violet outline: an outie; green outline: the rest of a split cage; grey dashes: the cages, each total in its corner."
                .into(),
        );
    }
    if matches!(
        step.detail,
        Detail::CageCombinations { .. } | Detail::CageConfinement { .. }
    ) {
        lines.push(
            "yellow: the cage's cells (for a confinement, those that can take the digit); grey dashes: the cages, each total in its corner."
                .into(),
        );
    }
    if step.assumes_unique() {
        lines.push("(rests on the assumption that the puzzle has one solution)".into());
    }
    lines
}

/// The SVG of step `number` found in position `s`, its caption wrapped below the grid.
pub fn svg(board: &Board, s: &State, number: usize, step: &Step) -> String {
    draw(board, s, number, step, true)
}

/// The SVG of a step, with its caption drawn below the grid or left to the page.
pub(super) fn draw(
    board: &Board,
    s: &State,
    number: usize,
    step: &Step,
    with_caption: bool,
) -> String {
    let g = Geom::new(board.n, board.geometry.has_cages());
    let side = g.side();
    let title = step_title(board, number, step);
    // 12 px DejaVu Sans averages under 7 px a character.
    let width_chars = (side / 7.0) as usize;
    let text_lines: Vec<String> = if with_caption {
        caption(board, s, step)
            .iter()
            .flat_map(|p| wrap(p, width_chars))
            .collect()
    } else {
        Vec::new()
    };
    // The legend in its smaller type, wrapped to the picture's width as the caption is.
    let legend_lines: Vec<String> = if with_caption {
        let width = (side / 6.1) as usize;
        LEGEND.iter().flat_map(|l| wrap(l, width)).collect()
    } else {
        Vec::new()
    };
    let text_h = if with_caption {
        // The title, the caption's lines, the legend's lines and a margin under them.
        22.0 + 16.0 * text_lines.len() as f64 + 14.0 * legend_lines.len() as f64 + 10.0
    } else {
        8.0
    };
    let (w, h) = (side + 2.0 * g.margin, side + 2.0 * g.margin + text_h);
    let mut o = String::new();
    o.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w:.0} {h:.0}\" width=\"{w:.0}\" height=\"{h:.0}\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n<title>{}</title>\n",
        esc(&title)
    ));
    o.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w:.0}\" height=\"{h:.0}\" fill=\"white\"/>\n"
    ));
    if let Detail::Sum45(sum) = &step.detail {
        o.push_str(&area_svg(&g, board, &sum.units));
    }
    // Cells the step reasons with, and cells it changes: each marked with its name.
    for &c in &step.cells {
        let (x, y) = g.origin(c);
        o.push_str(&format!(
            "<rect class=\"mark\" data-cell=\"{}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#fff3b0\"/>\n",
            board.cell_name(c),
            g.cell,
            g.cell
        ));
    }
    if let Detail::Exocet { patterns } = &step.detail {
        for &c in patterns.iter().flat_map(|p| &p.outside) {
            let (x, y) = g.origin(c);
            o.push_str(&format!(
                "<rect class=\"cross\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#dbeafe\"/>\n",
                g.cell, g.cell
            ));
        }
    }
    for &(c, _) in &step.placements {
        let (x, y) = g.origin(c);
        o.push_str(&format!(
            "<rect class=\"mark\" data-cell=\"{}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#d8f5d0\"/>\n",
            board.cell_name(c),
            g.cell,
            g.cell
        ));
    }
    // Grid lines: thick between boxes, or (a Jigsaw) thin, with the regions' borders.
    let (br, bc) = if board.geometry.has_boxes() {
        (board.geometry.box_rows, board.geometry.box_cols)
    } else {
        (board.n, board.n)
    };
    if !board.geometry.has_boxes() {
        o.push_str(&region_borders(&g, board));
    }
    for i in 0..=board.n {
        let p = g.margin + i as f64 * g.cell;
        let row_w = if i % br == 0 { 2.4 } else { 0.6 };
        let col_w = if i % bc == 0 { 2.4 } else { 0.6 };
        o.push_str(&format!(
            "<line x1=\"{:.1}\" y1=\"{p:.1}\" x2=\"{:.1}\" y2=\"{p:.1}\" stroke=\"#222\" stroke-width=\"{row_w}\"/>\n",
            g.margin,
            g.margin + side
        ));
        o.push_str(&format!(
            "<line x1=\"{p:.1}\" y1=\"{:.1}\" x2=\"{p:.1}\" y2=\"{:.1}\" stroke=\"#222\" stroke-width=\"{col_w}\"/>\n",
            g.margin,
            g.margin + side
        ));
    }
    // Row and column names.
    for i in 0..board.n {
        let p = g.margin + i as f64 * g.cell + g.cell / 2.0;
        o.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"#888\" text-anchor=\"middle\">c{}</text>\n",
            p,
            g.margin - 8.0,
            i + 1
        ));
        o.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"#888\" text-anchor=\"middle\">r{}</text>\n",
            g.margin / 2.0,
            p + 4.0,
            i + 1
        ));
    }
    o.push_str(&cages_svg(&g, board));
    // Digits and candidates.
    let font_big = g.cell * 0.62;
    let font_small = g.cand_font();
    for c in 0..board.n * board.n {
        if s.value[c] != 0 {
            let (x, y) = g.centre(c);
            o.push_str(&format!(
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{font_big:.1}\" text-anchor=\"middle\" fill=\"#111\">{}</text>\n",
                y + font_big * 0.36,
                digit_text(board.n, s.value[c])
            ));
            continue;
        }
        for d in s.cand[c].iter() {
            let (x, y) = g.cand(c, d);
            let removed = step.eliminations.contains(&(c, d));
            let placed = step.placements.contains(&(c, d));
            if removed {
                o.push_str(&format!(
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"#ffb3b3\"/>\n",
                    font_small * 0.62
                ));
            }
            if placed {
                o.push_str(&format!(
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"#7fd67f\"/>\n",
                    font_small * 0.62
                ));
            }
            let fill = if removed {
                "#c00000"
            } else if placed {
                "#005000"
            } else {
                "#555"
            };
            o.push_str(&format!(
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{font_small:.1}\" text-anchor=\"middle\" fill=\"{fill}\">{}</text>\n",
                y + font_small * 0.36,
                digit_text(board.n, d)
            ));
            if removed {
                let r = font_small * 0.5;
                o.push_str(&format!(
                    "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#c00000\" stroke-width=\"1.5\"/>\n",
                    x - r,
                    y + r,
                    x + r,
                    y - r
                ));
            }
        }
    }
    // The step's own links: the cycle, paths or chain of implications.
    o.push_str("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#1f5fbf\"/></marker></defs>\n");
    // A chain as its notation states it: look-aheads through their groups, sets and
    // pairs; an ALS step's sets are outlined in their colours below.
    let notation = match &step.detail {
        Detail::TwoSat { .. } | Detail::Als { .. } => eureka::of_step(board, s, step),
        _ => None,
    };
    match &notation {
        Some(chains) => {
            let outline_sets = !matches!(step.detail, Detail::Als { .. });
            for chain in chains {
                o.push_str(&chain_svg(&g, s, chain, outline_sets));
            }
        }
        None => {
            for l in &step.links {
                o.push_str(&link_svg(&g, l));
            }
        }
    }
    if let Detail::Als { sets, fish, forced } = &step.detail {
        let chains: Vec<AlsLink> = match notation {
            // The notation drew the chain; the sets keep their colours.
            Some(_) => Vec::new(),
            None => forced.iter().flat_map(|f| f.chain.clone()).collect(),
        };
        o.push_str(&fish_svg(&g, board, fish));
        o.push_str(&als_svg(&g, sets, &chains));
    }
    if let Detail::DeathBlossom { petals, .. } = &step.detail {
        let sets: Vec<AlsSet> = petals.iter().map(|(_, set)| set.clone()).collect();
        o.push_str(&als_svg(&g, &sets, &[]));
    }
    if let Detail::AlignedExclusion { sets } = &step.detail {
        o.push_str(&als_svg(&g, sets, &[]));
    }
    if let Detail::Tridagon { guardians } = &step.detail {
        o.push_str(&outlines(&g, guardians, "guardian", "#c026d3", ""));
    }
    if let Detail::Sum45(sum) = &step.detail {
        o.push_str(&sum45_svg(&g, sum));
    }
    if let Detail::Exocet { patterns } = &step.detail {
        for p in patterns {
            o.push_str(&outlines(&g, &p.base, "base", "#16a34a", ""));
            o.push_str(&outlines(&g, &p.targets, "target", "#ea580c", ""));
            let dash = " stroke-dasharray=\"4 3\"";
            o.push_str(&outlines(&g, &p.companions, "companion", "#6b7280", dash));
            let mirrors: Vec<usize> = p.mirrors.iter().flat_map(|(_, m)| m.clone()).collect();
            o.push_str(&outlines(&g, &mirrors, "mirror", "#7c3aed", dash));
        }
    }
    if !with_caption {
        o.push_str("</svg>\n");
        return o;
    }
    // Caption.
    let mut y = g.margin + side + 30.0;
    o.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{y:.1}\" font-size=\"15\" font-weight=\"bold\" fill=\"#111\">{}</text>\n",
        g.margin,
        esc(&title)
    ));
    for line in &text_lines {
        y += 16.0;
        o.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{y:.1}\" font-size=\"12\" fill=\"#222\">{}</text>\n",
            g.margin,
            esc(line)
        ));
    }
    for legend in &legend_lines {
        y += 14.0;
        o.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{y:.1}\" font-size=\"10.5\" fill=\"#666\">{}</text>\n",
            g.margin,
            esc(legend)
        ));
    }
    o.push_str("</svg>\n");
    o
}

/// The cells of the units a 45-rule step adds up, tinted (under the marks).
fn area_svg(g: &Geom, board: &Board, units: &[usize]) -> String {
    let mut o = String::new();
    let mut cells: Vec<usize> = units.iter().flat_map(|&u| board.units[u].clone()).collect();
    cells.sort_unstable();
    cells.dedup();
    for c in cells {
        let (x, y) = g.origin(c);
        o.push_str(&format!(
            "<rect class=\"area\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#dbeafe\"/>\n",
            g.cell, g.cell
        ));
    }
    o
}

/// The cells a 45-rule step adds up, outlined: innies orange, outies violet, a split
/// cage's rest green (with the innies it is split from orange).
fn sum45_svg(g: &Geom, sum: &Sum45) -> String {
    match sum.side {
        SumSide::Innies => outlines(g, &sum.cells, "innie", "#ea580c", ""),
        SumSide::Outies => outlines(g, &sum.cells, "outie", "#7c3aed", ""),
        SumSide::Split(_) => {
            outlines(g, &sum.innies, "innie", "#ea580c", "")
                + &outlines(g, &sum.cells, "split", "#16a34a", "")
        }
    }
}

/// The thick borders between a Jigsaw's regions: a segment on each side two cells of
/// different regions share.
fn region_borders(g: &Geom, board: &Board) -> String {
    let Some(regions) = &board.geometry.regions else {
        return String::new();
    };
    let n = board.n;
    let mut d = String::new();
    for c in 0..n * n {
        let (x, y) = g.origin(c);
        if c % n + 1 < n && regions[c] != regions[c + 1] {
            d.push_str(&format!(
                "M {:.1} {y:.1} L {:.1} {:.1} ",
                x + g.cell,
                x + g.cell,
                y + g.cell
            ));
        }
        if c + n < n * n && regions[c] != regions[c + n] {
            d.push_str(&format!(
                "M {x:.1} {:.1} L {:.1} {:.1} ",
                y + g.cell,
                x + g.cell,
                y + g.cell
            ));
        }
    }
    format!(
        "<path class=\"region\" d=\"{}\" fill=\"none\" stroke=\"#222\" stroke-width=\"2.4\"/>\n",
        d.trim_end()
    )
}

/// A Killer's cages: each outlined by a dashed line just inside its border (one path a
/// cage), its total in the corner of its first cell.
fn cages_svg(g: &Geom, board: &Board) -> String {
    let geometry = &board.geometry;
    let n = board.n as isize;
    let inset = 3.5;
    let mut o = String::new();
    for (k, cage) in geometry.cages.iter().enumerate() {
        let inside = |r: isize, c: isize| {
            (0..n).contains(&r)
                && (0..n).contains(&c)
                && geometry.cage_of[(r * n + c) as usize] == Some(k as u32)
        };
        // Where an edge ends along its direction: short of the corner when the cage
        // turns outward there, at it when the border goes straight on, past it when
        // the cage turns inward (the next cell's border then meets it).
        let end = |next: bool, diagonal: bool| -> f64 {
            match (next, diagonal) {
                (false, _) => -inset,
                (true, false) => 0.0,
                (true, true) => inset,
            }
        };
        let mut d = String::new();
        let mut segment = |(x1, y1): (f64, f64), (x2, y2): (f64, f64)| {
            d.push_str(&format!("M {x1:.1} {y1:.1} L {x2:.1} {y2:.1} "));
        };
        for &cell in &cage.cells {
            let (r, c) = (cell as isize / n, cell as isize % n);
            let (x, y) = g.origin(cell);
            let (x1, y1) = (x + g.cell, y + g.cell);
            // Top and bottom edges run left to right; left and right edges top to bottom.
            for (dr, yy) in [(-1, y + inset), (1, y1 - inset)] {
                if !inside(r + dr, c) {
                    let left = x - end(inside(r, c - 1), inside(r + dr, c - 1));
                    let right = x1 + end(inside(r, c + 1), inside(r + dr, c + 1));
                    segment((left, yy), (right, yy));
                }
            }
            for (dc, xx) in [(-1, x + inset), (1, x1 - inset)] {
                if !inside(r, c + dc) {
                    let top = y - end(inside(r - 1, c), inside(r - 1, c + dc));
                    let bottom = y1 + end(inside(r + 1, c), inside(r + 1, c + dc));
                    segment((xx, top), (xx, bottom));
                }
            }
        }
        o.push_str(&format!(
            "<path class=\"cage\" data-cage=\"{}\" d=\"{}\" fill=\"none\" stroke=\"#555\" stroke-width=\"1.2\" stroke-dasharray=\"4 2.5\"/>\n",
            esc(&geometry.cage_name(k)),
            d.trim_end()
        ));
        let (x, y) = g.origin(cage.cells[0]);
        let font = (g.top * 0.85).max(8.0);
        let text = cage.sum.to_string();
        o.push_str(&format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"white\"/>\n<text class=\"cage-total\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"{font:.1}\" fill=\"#111\">{text}</text>\n",
            x + 1.5,
            y + 1.5,
            font * 0.62 * text.len() as f64 + 2.0,
            font + 1.0,
            x + 2.5,
            y + 1.5 + font * 0.9
        ));
    }
    o
}

/// What the colours of a picture mean.
pub(super) const LEGEND: [&str; 6] = [
    "blue solid: strong link (bilocation edge: the only two places of a digit in a unit);",
    "orange dashed: weak link (bivalue edge: not both); purple dotted: look-ahead;",
    "red: removed; green: placed; yellow: the cells the step reasons with.",
    "Chains in Eureka notation: (9)r2c1 a candidate, (9)r2c13 9 in one of the cells;",
    "= one of the two holds, - not both, (5=7) a set that without 5 holds 7,",
    "(58) a hidden pair, -T- =T= links of valid placements, [fish 1] a fish named.",
];

/// The fish of an ALS step: each base unit's cells banded in teal, each cover's in
/// dashed teal, each fin outlined.
fn fish_svg(g: &Geom, board: &Board, fish: &[FishPattern]) -> String {
    let mut o = String::new();
    for f in fish {
        for (units, dash) in [(&f.bases, ""), (&f.covers, " stroke-dasharray=\"5 3\"")] {
            for &u in units.iter() {
                let cells = &board.units[u];
                let (x0, y0) = cells.iter().fold((f64::MAX, f64::MAX), |(x, y), &c| {
                    let (cx, cy) = g.origin(c);
                    (x.min(cx), y.min(cy))
                });
                let (x1, y1) = cells.iter().fold((f64::MIN, f64::MIN), |(x, y), &c| {
                    let (cx, cy) = g.origin(c);
                    (x.max(cx + g.cell), y.max(cy + g.cell))
                });
                o.push_str(&format!(
                    "<rect class=\"fish\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"#0f766e\" stroke-width=\"1.5\"{dash}/>\n",
                    x0 + 1.0,
                    y0 + 1.0,
                    x1 - x0 - 2.0,
                    y1 - y0 - 2.0
                ));
            }
        }
        o.push_str(&outlines(g, &f.fins, "fin", "#0f766e", ""));
    }
    o
}

/// Colours of the almost locked sets of a step, in turn.
const SET_COLOURS: [&str; 6] = [
    "#2a9d3f", "#c2410c", "#7c3aed", "#0e7490", "#be185d", "#a16207",
];

/// Where an ALS chain's literal is drawn: its candidate, or the middle of its
/// group's candidates.
fn node_point(g: &Geom, node: &AlsNode) -> (f64, f64) {
    let k = node.cells.len().max(1) as f64;
    let (sx, sy) = node.cells.iter().fold((0.0, 0.0), |(x, y), &c| {
        let p = g.cand(c, node.digit);
        (x + p.0, y + p.1)
    });
    (sx / k, sy / k)
}

/// The sets of an ALS step, each cell outlined in its set's colour (inset by set so
/// that a cell of two sets shows both), with each group of the chain ringed; and the
/// chain's links that touch a group, drawn between the groups' middles (links
/// between single candidates are the step's own links).
fn als_svg(g: &Geom, sets: &[AlsSet], chain: &[AlsLink]) -> String {
    let mut o = String::new();
    for (k, set) in sets.iter().enumerate() {
        let colour = SET_COLOURS[k % SET_COLOURS.len()];
        let inset = 2.0 + 3.0 * (k % 4) as f64;
        for &c in &set.cells {
            let (x, y) = g.origin(c);
            o.push_str(&format!(
                "<rect class=\"als\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>\n",
                x + inset,
                y + inset,
                g.cell - 2.0 * inset,
                g.cell - 2.0 * inset
            ));
        }
    }
    let r = g.cell / g.sub as f64 * 0.5;
    for l in chain {
        if let Some(k) = l.fish {
            // A fish's link is drawn with the others; its fish's number marks its middle.
            let ((x1, y1), (x2, y2)) = (node_point(g, &l.from), node_point(g, &l.to));
            o.push_str(&format!(
                "<text class=\"fish-link\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" font-weight=\"bold\" fill=\"#0f766e\" text-anchor=\"middle\">{}</text>\n",
                (x1 + x2) / 2.0,
                (y1 + y2) / 2.0 - 3.0,
                k + 1
            ));
        }
        if l.template {
            // A template link is drawn with the step's links; a T marks its middle.
            let ((x1, y1), (x2, y2)) = (node_point(g, &l.from), node_point(g, &l.to));
            o.push_str(&format!(
                "<text class=\"template\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" font-weight=\"bold\" fill=\"#8e24aa\" text-anchor=\"middle\">T</text>\n",
                (x1 + x2) / 2.0,
                (y1 + y2) / 2.0 - 3.0
            ));
        }
        if l.from.cells.len() == 1 && l.to.cells.len() == 1 {
            continue;
        }
        for node in [&l.from, &l.to] {
            for &c in &node.cells {
                let (x, y) = g.cand(c, node.digit);
                o.push_str(&format!(
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"1.2\"/>\n"
                ));
            }
        }
        let (p, q) = (node_point(g, &l.from), node_point(g, &l.to));
        let strong = !l.from.holds && l.to.holds;
        o.push_str(&link_svg_between(p, q, strong, l.from.holds, l.to.holds));
    }
    o
}

/// A chain in Eureka notation drawn: each link from the node it leaves to the node it
/// enters (strong blue, weak orange; a T on a template link; a fish's number on the
/// link that passes through it), a ring round each candidate of a grouped node, an
/// outline round a set (solid, when `outline_sets`) or a hidden pair (dashed).
fn chain_svg(g: &Geom, s: &State, chain: &eureka::Chain, outline_sets: bool) -> String {
    let mut o = String::new();
    // Where a link meets a node: the node's candidates of `digit`, or its cells.
    let anchor = |node: &eureka::Node, digit: u8| -> (f64, f64) {
        let held: Vec<(f64, f64)> = node
            .cells
            .iter()
            .filter(|&&c| s.cand[c].contains(digit) && !node.pair)
            .map(|&c| g.cand(c, digit))
            .collect();
        let points = if held.is_empty() {
            node.cells.iter().map(|&c| g.centre(c)).collect()
        } else {
            held
        };
        let k = points.len().max(1) as f64;
        let (x, y) = points
            .iter()
            .fold((0.0, 0.0), |(x, y), p| (x + p.0, y + p.1));
        (x / k, y / k)
    };
    for node in &chain.nodes {
        match node {
            eureka::Node { pair: true, .. } => {
                o.push_str(&outlines(
                    g,
                    &node.cells,
                    "pair",
                    "#0f766e",
                    " stroke-dasharray=\"4 3\"",
                ));
            }
            eureka::Node {
                digits: (entry, Some(exit)),
                ..
            } => {
                if outline_sets {
                    o.push_str(&outlines(g, &node.cells, "als", "#0f766e", ""));
                }
                // Its digit in and its digit out ringed, and the set's own strong
                // inference between them (without the one, the other).
                for d in [*entry, *exit] {
                    o.push_str(&rings(g, s, &node.cells, d));
                }
                let (p, q) = (anchor(node, *entry), anchor(node, *exit));
                o.push_str(&link_svg_between(p, q, true, false, true));
            }
            _ if node.cells.len() > 1 => o.push_str(&rings(g, s, &node.cells, node.digits.0)),
            _ => {}
        }
    }
    for (i, &strong) in chain.strong.iter().enumerate() {
        let (a, mut b) = (&chain.nodes[i], &chain.nodes[i + 1]);
        if a.label.is_some() {
            continue;
        }
        // A link into a fish is drawn on to the node after it, the fish's number at
        // its middle.
        let through = b.label.clone();
        if through.is_some() {
            match chain.nodes.get(i + 2) {
                Some(next) => b = next,
                None => continue,
            }
        }
        // A set is left by its second digit and entered by its first.
        let leaving = a.digits.1.filter(|_| !a.pair).unwrap_or(a.digits.0);
        let p = anchor(a, leaving);
        let q = anchor(b, b.digits.0);
        let mark = match (&through, chain.template[i]) {
            (Some(label), _) => Some((
                "fish-link",
                "#0f766e",
                label.trim_start_matches("fish ").to_string(),
            )),
            (None, true) => Some(("template", "#8e24aa", "T".to_string())),
            _ => None,
        };
        if let Some((class, colour, text)) = mark {
            o.push_str(&format!(
                "<text class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" font-weight=\"bold\" fill=\"{colour}\" text-anchor=\"middle\">{text}</text>\n",
                (p.0 + q.0) / 2.0,
                (p.1 + q.1) / 2.0 - 3.0
            ));
        }
        if through.is_some() {
            // Through a fish: an implication of its own kind, drawn as a look-ahead.
            o.push_str(&link_svg_between(p, q, false, true, true));
        } else {
            o.push_str(&link_svg_between(p, q, strong, !strong, strong));
        }
    }
    o
}

/// A ring round candidate `d` of each of `cells` that holds it.
fn rings(g: &Geom, s: &State, cells: &[usize], d: u8) -> String {
    let r = g.cell / g.sub as f64 * 0.45;
    let mut o = String::new();
    for &c in cells.iter().filter(|&&c| s.cand[c].contains(d)) {
        let (x, y) = g.cand(c, d);
        o.push_str(&format!(
            "<circle class=\"group\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"1.2\"/>\n"
        ));
    }
    o
}

fn link_svg(g: &Geom, l: &Link) -> String {
    let (p, q) = (g.cand(l.from.0, l.from.1), g.cand(l.to.0, l.to.1));
    link_svg_between(p, q, l.strong, l.if_from, l.if_to)
}

/// An implication drawn from point `p` to `q`: blue solid when strong ("not → holds"),
/// orange dashed when weak ("holds → not"), purple dotted otherwise.
fn link_svg_between(
    p: (f64, f64),
    q: (f64, f64),
    strong: bool,
    if_from: bool,
    if_to: bool,
) -> String {
    let (color, dash) = if strong {
        ("#1f5fbf", "")
    } else if if_from && !if_to {
        ("#e07b00", " stroke-dasharray=\"6 4\"")
    } else {
        ("#7a3fbf", " stroke-dasharray=\"2 3\"")
    };
    // Bend the line a little so that edges between the same cells stay apart.
    let (mx, my) = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let bend = (len * 0.12).min(18.0);
    let (cx, cy) = (mx - dy / len * bend, my + dx / len * bend);
    format!(
        "<path d=\"M {:.1} {:.1} Q {cx:.1} {cy:.1} {:.1} {:.1}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"2.2\"{dash} marker-end=\"url(#arrow)\" opacity=\"0.9\"/>\n<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"{color}\"/>\n",
        p.0, p.1, q.0, q.1, p.0, p.1
    )
}

#[cfg(test)]
mod tests {
    use super::super::super::testutil::position;
    use super::*;

    #[test]
    fn a_graph_step_is_drawn_with_its_walk_and_its_changes() {
        // The bilocation rectangle of the chains tests: r1c1 keeps 1 and 4.
        let keep = |d: u8, cells: Vec<usize>, k: [usize; 2]| {
            cells
                .into_iter()
                .filter(move |c| !k.contains(c))
                .map(move |c| (c, d))
        };
        let mut elim: Vec<(usize, u8)> = keep(1, (0..9).collect(), [0, 4]).collect();
        elim.extend(keep(2, (0..9).map(|r| r * 9 + 4).collect(), [4, 40]));
        elim.extend(keep(3, (36..45).collect(), [40, 36]));
        elim.extend(keep(4, (0..9).map(|r| r * 9).collect(), [36, 0]));
        let (b, s) = position(&".".repeat(81), &elim);
        let rule = super::super::super::engine::rule_index("bilocation cycle").unwrap();
        let step =
            super::super::super::engine::find(rule, &b, &s, &mut Default::default()).unwrap();
        let pic = svg(&b, &s, 7, &step);
        assert!(pic.starts_with("<svg"));
        // Every line of text lies inside the picture, the legend's last one too.
        let height: f64 = pic
            .split("viewBox=\"0 0 ")
            .nth(1)
            .and_then(|v| v.split('"').next())
            .and_then(|v| v.split(' ').nth(1))
            .unwrap()
            .parse()
            .unwrap();
        let lowest = pic
            .split("<text ")
            .skip(1)
            .filter_map(|t| {
                t.split(" y=\"")
                    .nth(1)?
                    .split('"')
                    .next()?
                    .parse::<f64>()
                    .ok()
            })
            .fold(0.0, f64::max);
        assert!(
            lowest + 4.0 <= height,
            "text at {lowest} in a picture {height} high"
        );
        assert!(pic.contains("Step 7 [L3]: bilocation cycle"));
        // Four walk edges with arrows, seven removed candidates drawn red.
        assert_eq!(pic.matches("marker-end=\"url(#arrow)\"").count(), 4);
        assert_eq!(pic.matches("fill=\"#ffb3b3\"").count(), 7);
        // Only the pattern: no edge of the graph beside the ring's, and the cells marked
        // are the ring's four.
        assert_eq!(pic.matches("opacity=\"0.55\"").count(), 0);
        assert_eq!(pic.matches("class=\"mark\"").count(), 4);
        let page = super::super::page::html(&b, "test", std::slice::from_ref(&s), &[step], "done");
        assert!(page.contains("<svg") && page.contains("next &rarr;"));
        // Self-contained: nothing is fetched (the only URL is the SVG namespace).
        assert!(!page.contains("src=") && !page.contains("href=\"http"));
        assert_eq!(page.matches("http").count(), 1);
    }

    #[test]
    fn singles_get_no_picture_of_their_own_and_replay_matches() {
        let (b, s) = position("123.............", &[]);
        let step = super::super::super::families::singles::naked(&b, &s).unwrap();
        assert!(!is_nontrivial(&step));
        let states = states_before(&b, &s, &[step.clone(), step]);
        assert_eq!(states.len(), 2);
        assert_eq!(states[0], s);
        assert_eq!(states[1].value[3], 4);
    }
}
