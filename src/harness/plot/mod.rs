//! The SVG a person would rather look at than the table: a cactus plot (puzzles answered
//! within a time budget, one line per configuration, log time axis) and, when the
//! puzzles have several fixed-cell fractions, median time against that fraction (the
//! phase transition of the ant-colony paper's figures 5-7).
//!
//! Written here rather than with a plotting crate, so that every series carries its
//! dash pattern as an attribute and the legend has a column of its own beside the data:
//! the picture reads back (a test checks every text inside it and every configuration
//! distinct), and the HTML report draws with the same [`style`].

mod axes;
pub mod style;
mod svg;

use super::tally::{PlotRow, Tally};
use axes::{number_label, time_label, Frame, Scale};
use std::collections::BTreeSet;
pub(crate) use svg::escape;
use svg::{text_width, wrap, Anchor, Svg};

/// The plot of a comparison as an SVG document; `title` says what the data are (set,
/// time budget) and heads the picture, `partial` under it how far a stopped run got;
/// the series come in the tally's table order. It
/// is drawn from the tally's histograms, so its times carry their error (two
/// significant digits per fraction of cells given).
pub fn svg(tally: &Tally, title: &str, partial: Option<&str>) -> String {
    draw(&tally.plot_rows(), title, partial)
}

/// The series of the plot: per configuration, what it keeps for the plot.
type Rows<'a> = [(&'a str, &'a PlotRow)];

/// Left margin: tick labels and the y axis's title.
const LEFT: f64 = 82.0;
/// Width of a plotting area.
const PLOT_WIDTH: f64 = 620.0;
/// Height of a plotting area.
const PLOT_HEIGHT: f64 = 340.0;
/// Above a plotting area: the panel's caption.
const CAPTION: f64 = 40.0;
/// Below a plotting area: tick labels and the x axis's title.
const BELOW: f64 = 60.0;
/// Font size of the picture's title.
const TITLE_FONT: f64 = 16.0;
/// Font size of a panel's caption.
const CAPTION_FONT: f64 = 14.0;
/// Font size of the legend.
const LEGEND_FONT: f64 = 12.0;
/// Height of one legend entry.
const LEGEND_LINE: f64 = 18.0;
/// Width of a legend entry's line sample, and the gap after it.
const SAMPLE: f64 = 34.0;

fn draw(rows: &Rows, title: &str, partial: Option<&str>) -> String {
    let fractions: BTreeSet<u32> = rows
        .iter()
        .flat_map(|(_, r)| r.by_fraction.keys().map(|(_, pct)| *pct))
        .collect();
    let sizes: Vec<u8> = rows
        .iter()
        .flat_map(|(_, r)| r.by_fraction.keys().map(|(size, _)| *size))
        .collect::<BTreeSet<u8>>()
        .into_iter()
        .collect();
    let with_phase = fractions.len() >= 3;
    let legend_x = LEFT + PLOT_WIDTH + 24.0;
    let names = rows.iter().map(|(b, _)| text_width(b, LEGEND_FONT));
    let size_names = size_names(&sizes);
    let widest = names
        .chain(size_names.iter().map(|n| text_width(n, LEGEND_FONT)))
        .fold(60.0, f64::max);
    let width = (legend_x + SAMPLE + widest + 16.0).ceil();
    let mut title_lines = wrap(title, TITLE_FONT, width - 20.0);
    // How far a stopped run got, on a line of its own when it fits one.
    title_lines.extend(
        partial
            .map(|p| wrap(p, TITLE_FONT, width - 20.0))
            .into_iter()
            .flatten(),
    );
    let head = 14.0 + title_lines.len() as f64 * 22.0;
    let legend_height = (rows.len() + 1 + sizes.len()) as f64 * LEGEND_LINE;
    let panel = (CAPTION + PLOT_HEIGHT + BELOW).max(CAPTION + legend_height + 10.0);
    let note_lines = if with_phase {
        Vec::new()
    } else {
        let why = format!(
            "The panel of time against the fraction of cells given is left out: the puzzles \
            have {} fraction(s) (rounded to 5 %); it needs 3 or more.",
            fractions.len()
        );
        wrap(&why, CAPTION_FONT, width - 40.0)
    };
    let height = (head
        + panel
        + match with_phase {
            true => panel,
            false => 20.0 + note_lines.len() as f64 * 20.0,
        })
    .ceil();
    let mut svg = Svg::new(width, height);
    for (i, line) in title_lines.iter().enumerate() {
        let y = 30.0 + i as f64 * 22.0;
        svg.text(width / 2.0, y, TITLE_FONT, Anchor::Middle, line);
    }
    cactus(rows, &mut svg, head, legend_x);
    if with_phase {
        phase(rows, &sizes, &mut svg, head + panel, legend_x, &size_names);
    } else {
        for (i, line) in note_lines.iter().enumerate() {
            let y = head + panel + 20.0 + i as f64 * 20.0;
            svg.text(20.0, y, CAPTION_FONT, Anchor::Start, line);
        }
    }
    svg.finish()
}

/// The time axis: from a little below the fastest time above zero (a solver that
/// reports 0 ms, below its clock's resolution, must not stretch a log axis) to a little
/// above the slowest.
fn time_range(rows: &Rows) -> (f64, f64) {
    let (lo, hi) = rows.iter().flat_map(|(_, r)| r.by_fraction.values()).fold(
        (f64::INFINITY, 0.0f64),
        |(lo, hi), t| {
            let fastest = match t.quantile(0.0) {
                q if q > 0.0 => q,
                _ => t
                    .steps()
                    .into_iter()
                    .map(|(ms, _)| ms)
                    .find(|ms| *ms > 0.0)
                    .unwrap_or(f64::INFINITY),
            };
            (lo.min(fastest), hi.max(t.max()))
        },
    );
    if lo.is_finite() {
        (lo * 0.8, (hi * 1.25).max(lo * 2.0))
    } else {
        (1e-3, 1.0)
    }
}

/// The panel's caption, at its top.
fn caption(svg: &mut Svg, top: f64, text: &str) {
    svg.text(
        LEFT + PLOT_WIDTH / 2.0,
        top + 24.0,
        CAPTION_FONT,
        Anchor::Middle,
        text,
    );
}

/// The legend: one entry per configuration, in the column right of the plotting area.
fn legend(svg: &mut Svg, rows: &Rows, top: f64, x: f64) -> f64 {
    let mut y = top + CAPTION + 10.0;
    for (i, (backend, _)) in rows.iter().enumerate() {
        let (colour, dash) = style::series(i);
        svg.polyline(
            &[(x, y - 4.0), (x + SAMPLE - 8.0, y - 4.0)],
            colour,
            dash,
            "",
        );
        svg.text(x + SAMPLE, y, LEGEND_FONT, Anchor::Start, backend);
        y += LEGEND_LINE;
    }
    y
}

fn cactus(rows: &Rows, svg: &mut Svg, top: f64, legend_x: f64) {
    caption(
        svg,
        top,
        "Puzzles answered within a time budget (more and further left is better)",
    );
    let puzzles = rows
        .iter()
        .map(|(_, r)| r.by_fraction.values().map(|t| t.len()).sum::<u64>())
        .max()
        .unwrap_or(1)
        .max(1);
    let (lo, hi) = time_range(rows);
    let plot_top = top + CAPTION;
    let bottom = plot_top + PLOT_HEIGHT;
    let frame = Frame {
        x: Scale::log(lo, hi, LEFT, LEFT + PLOT_WIDTH),
        y: Scale::linear(0.0, puzzles as f64 * 1.05, bottom, plot_top),
        x_title: "time budget per puzzle (log scale)",
        y_title: super::report::CACTUS_Y,
        x_label: time_label,
        y_label: number_label,
    };
    frame.draw(svg);
    for (i, (backend, row)) in rows.iter().enumerate() {
        let (colour, dash) = style::series(i);
        let mut points = vec![(frame.x.at(lo), frame.y.at(0.0))];
        let mut solved = 0u64;
        for (t, n) in row.answered.steps() {
            let x = frame.x.at(t);
            points.push((x, frame.y.at(solved as f64)));
            solved += n;
            points.push((x, frame.y.at(solved as f64)));
        }
        svg.polyline(&thinned(points), colour, dash, backend);
    }
    legend(svg, rows, top, legend_x);
}

/// The points of a line with the ones no pixel tells apart left out: per pixel column,
/// the first and last.
fn thinned(points: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::with_capacity(points.len().min(4096));
    for p in points {
        let n = out.len();
        if n >= 2 && out[n - 1].0.round() == p.0.round() && out[n - 2].0.round() == p.0.round() {
            out[n - 1] = p;
        } else {
            out.push(p);
        }
    }
    out
}

/// The names of the grid sizes in the marker key: `9×9`.
fn size_names(sizes: &[u8]) -> Vec<String> {
    sizes.iter().map(|s| format!("{s}×{s} puzzles")).collect()
}

fn phase(rows: &Rows, sizes: &[u8], svg: &mut Svg, top: f64, legend_x: f64, names: &[String]) {
    caption(svg, top, "Median time against the fraction of cells given");
    let (lo, hi) = time_range(rows);
    let plot_top = top + CAPTION;
    let bottom = plot_top + PLOT_HEIGHT;
    let frame = Frame {
        x: Scale::linear(0.0, 100.0, LEFT, LEFT + PLOT_WIDTH),
        y: Scale::log(lo, hi, bottom, plot_top),
        x_title: "cells given (%)",
        y_title: "median time (log scale)",
        x_label: number_label,
        y_label: time_label,
    };
    frame.draw(svg);
    // One line per configuration and size, the size told by the marker.
    for (i, (backend, row)) in rows.iter().enumerate() {
        let (colour, dash) = style::series(i);
        for (k, &size) in sizes.iter().enumerate() {
            let points: Vec<(f64, f64)> = row
                .by_fraction
                .range((size, 0)..=(size, u32::MAX))
                .map(|((_, pct), t)| (frame.x.at(*pct as f64), frame.y.at(t.quantile(0.5))))
                .collect();
            if points.is_empty() {
                continue;
            }
            svg.polyline(&points, colour, dash, &format!("{backend} {size}x{size}"));
            let marker = style::MARKERS[k % style::MARKERS.len()];
            for (x, y) in points {
                svg.raw(&marker.svg(x, y, 3.5, colour));
            }
        }
    }
    // The marker key: one shape per grid size.
    let mut y = legend(svg, rows, top, legend_x) + 6.0;
    for (k, name) in names.iter().enumerate() {
        let marker = style::MARKERS[k % style::MARKERS.len()];
        svg.raw(&marker.svg(legend_x + 13.0, y - 4.0, 4.0, "#444444"));
        svg.text(legend_x + SAMPLE, y, LEGEND_FONT, Anchor::Start, name);
        y += LEGEND_LINE;
    }
}
