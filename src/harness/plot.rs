//! The SVG a person would rather look at than the table: a cactus plot (puzzles solved
//! within a time budget, one line per backend, log time axis) and, when the puzzles have
//! several fixed-cell fractions, median time against that fraction (the phase transition
//! of the ant-colony paper's figures 5-7).

use super::tally::{PlotRow, Tally};
use plotters::prelude::*;
use std::collections::BTreeSet;

/// Line colours that read on white, distinct from each other (no pale yellow); a
/// seventeenth series would reuse the first.
const COLOURS: [RGBColor; 16] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(23, 130, 140),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(60, 60, 60),
    RGBColor(128, 128, 0),
    RGBColor(0, 0, 128),
    RGBColor(128, 0, 0),
    RGBColor(0, 100, 0),
    RGBColor(75, 0, 130),
    RGBColor(210, 105, 30),
    RGBColor(0, 139, 139),
];

/// The colour of series `i`.
fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

/// The plot of a comparison as an SVG document, to be written to `path` (which errors
/// name); `title` says what the data are (set, time budget) and heads the picture; the
/// series come in the tally's table order. It is drawn from the tally's histograms, so
/// its times carry their error (two significant digits per fraction of cells given).
pub fn svg(tally: &Tally, path: &str, title: &str) -> crate::error::Result<String> {
    let mut text = String::new();
    draw(&tally.plot_rows(), path, title, &mut text)?;
    Ok(text)
}

/// The series of the plot: per configuration, what it keeps for the plot.
type Rows<'a> = [(&'a str, &'a PlotRow)];

fn draw(rows: &Rows, path: &str, title: &str, text: &mut String) -> crate::error::Result<()> {
    let fractions: BTreeSet<u32> = rows
        .iter()
        .flat_map(|(_, r)| r.by_fraction.keys().map(|(_, pct)| *pct))
        .collect();
    let with_phase = fractions.len() >= 3;
    let height = if with_phase { 1060 } else { 600 };
    let root = SVGBackend::with_string(text, (960, height)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| crate::error::Error::Plot {
        path: path.to_string(),
        message: e.to_string(),
    };
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let root = root
        .titled(title, ("sans-serif", 18))
        .map_err(|e| err(&e))?;
    let (top, bottom) = root.split_vertically(520);
    cactus(rows, &top).map_err(|e| err(&e))?;
    if with_phase {
        phase(rows, &bottom).map_err(|e| err(&e))?;
    } else {
        let why = format!(
            "The panel of time against the fraction of cells given is left out: the puzzles have {} fraction(s) (rounded to 5 %); it needs 3 or more.",
            fractions.len()
        );
        bottom
            .draw(&Text::new(
                why,
                (20, 10),
                ("sans-serif", 14).into_font().color(&BLACK),
            ))
            .map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;
type DrawResult = Result<(), Box<dyn std::error::Error>>;

/// The time axis: from a little below the fastest to a little above the slowest time.
fn time_range(rows: &Rows) -> (f64, f64) {
    let (lo, hi) = rows
        .iter()
        .flat_map(|(_, r)| r.by_fraction.values())
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), t| {
            (lo.min(t.quantile(0.0)), hi.max(t.max()))
        });
    if lo.is_finite() {
        ((lo * 0.8).max(1e-3), (hi * 1.25).max(lo * 2.0))
    } else {
        (1e-3, 1.0)
    }
}

fn cactus(rows: &Rows, area: &Area) -> DrawResult {
    let puzzles = rows
        .iter()
        .map(|(_, r)| r.by_fraction.values().map(|t| t.len()).sum::<u64>() as usize)
        .max()
        .unwrap_or(1);
    let (lo, hi) = time_range(rows);
    let mut chart = ChartBuilder::on(area)
        .caption(
            "Puzzles solved within a time budget (more and further left is better)",
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(55)
        .build_cartesian_2d((lo..hi).log_scale(), 0..puzzles + puzzles / 20 + 1)?;
    chart
        .configure_mesh()
        .x_desc("time budget per puzzle (ms, log scale)")
        .y_desc(super::report::CACTUS_Y)
        .draw()?;
    for (i, (backend, row)) in rows.iter().enumerate() {
        let color = colour(i);
        let mut points = vec![(lo, 0)];
        let mut solved = 0usize;
        for (t, n) in row.solved.steps() {
            points.push((t, solved));
            solved += n as usize;
            points.push((t, solved));
        }
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(2)))?
            .label(*backend)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

fn phase(rows: &Rows, area: &Area) -> DrawResult {
    let (lo, hi) = time_range(rows);
    let mut chart = ChartBuilder::on(area)
        .caption(
            "Median time against the fraction of cells given",
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(55)
        .build_cartesian_2d(0u32..100u32, (lo..hi).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("cells given (%)")
        .y_desc("median time (ms, log scale)")
        .draw()?;
    // One line per backend, and per side when the puzzles have several sides.
    let sizes: BTreeSet<u8> = rows
        .iter()
        .flat_map(|(_, r)| r.by_fraction.keys().map(|(size, _)| *size))
        .collect();
    let series: Vec<(&str, &PlotRow, u8)> = rows
        .iter()
        .flat_map(|(b, r)| sizes.iter().map(move |&s| (*b, *r, s)))
        .collect();
    for (i, &(backend, row, size)) in series.iter().enumerate() {
        let color = colour(i);
        let points: Vec<(u32, f64)> = row
            .by_fraction
            .range((size, 0)..=(size, u32::MAX))
            .map(|((_, pct), t)| (*pct, t.quantile(0.5)))
            .collect();
        if points.is_empty() {
            continue;
        }
        let label = if sizes.len() > 1 {
            format!("{backend} {size}x{size}")
        } else {
            backend.to_string()
        };
        chart
            .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))?
            .label(label)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart.draw_series(
            points
                .into_iter()
                .map(|p| Circle::new(p, 3, color.filled())),
        )?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}
