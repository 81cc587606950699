//! The SVG a person would rather look at than the table: a cactus plot (puzzles solved
//! within a time budget, one line per backend, log time axis) and, when the puzzles have
//! several fixed-cell fractions, median time against that fraction (the phase transition
//! of the ant-colony paper's figures 5-7).

use super::entry::Entry;
use super::summary::backend_order;
use plotters::prelude::*;
use std::collections::BTreeMap;

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

/// The plot of `records` as an SVG document, to be written to `path` (which errors
/// name); `title` says what the data are (set, time budget) and heads the picture; the
/// series come in [`backend_order`] of `named`.
pub fn svg(
    records: &[Entry],
    path: &str,
    title: &str,
    named: &[String],
) -> crate::error::Result<String> {
    let mut text = String::new();
    draw(records, path, title, named, &mut text)?;
    Ok(text)
}

fn draw(
    records: &[Entry],
    path: &str,
    title: &str,
    named: &[String],
    text: &mut String,
) -> crate::error::Result<()> {
    let fractions = fraction_buckets(records);
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
    cactus(records, named, &top).map_err(|e| err(&e))?;
    if with_phase {
        phase(records, named, &bottom).map_err(|e| err(&e))?;
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

fn time_range(times: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = times.fold((f64::INFINITY, 0.0f64), |(lo, hi), t| {
        (lo.min(t), hi.max(t))
    });
    if lo.is_finite() {
        ((lo * 0.8).max(1e-3), (hi * 1.25).max(lo * 2.0))
    } else {
        (1e-3, 1.0)
    }
}

fn cactus(records: &[Entry], named: &[String], area: &Area) -> DrawResult {
    let names = backend_order(records, named);
    let puzzles = names
        .iter()
        .map(|b| records.iter().filter(|r| r.backend() == b).count())
        .max()
        .unwrap_or(1);
    let (lo, hi) = time_range(records.iter().map(|r| r.time_ms));
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
        .y_desc("puzzles solved")
        .draw()?;
    for (i, backend) in names.iter().enumerate() {
        let mut times: Vec<f64> = records
            .iter()
            .filter(|r| r.backend() == backend && r.solved())
            .map(|r| r.time_ms)
            .collect();
        times.sort_by(f64::total_cmp);
        let color = colour(i);
        let mut points = vec![(lo, 0)];
        for (k, t) in times.iter().enumerate() {
            points.push((*t, k));
            points.push((*t, k + 1));
        }
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(2)))?
            .label(backend.as_str())
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

/// Fixed-cell fractions rounded to 5 %, with their records.
fn fraction_buckets(records: &[Entry]) -> BTreeMap<u32, Vec<&Entry>> {
    let mut buckets: BTreeMap<u32, Vec<&Entry>> = BTreeMap::new();
    for r in records {
        buckets
            .entry((r.fixed_fraction * 20.0).round() as u32 * 5)
            .or_default()
            .push(r);
    }
    buckets
}

fn phase(records: &[Entry], named: &[String], area: &Area) -> DrawResult {
    let buckets = fraction_buckets(records);
    let names = backend_order(records, named);
    let (lo, hi) = time_range(records.iter().map(|r| r.time_ms));
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
    let mut sizes: Vec<u8> = records.iter().map(|r| r.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let series: Vec<(&String, u8)> = names
        .iter()
        .flat_map(|b| sizes.iter().map(move |&s| (b, s)))
        .collect();
    for (i, &(backend, size)) in series.iter().enumerate() {
        let color = colour(i);
        let points: Vec<(u32, f64)> = buckets
            .iter()
            .filter_map(|(&pct, rs)| {
                let mut t: Vec<f64> = rs
                    .iter()
                    .filter(|r| r.backend() == backend && r.size == size)
                    .map(|r| r.time_ms)
                    .collect();
                t.sort_by(f64::total_cmp);
                (!t.is_empty()).then(|| (pct, t[(t.len() - 1) / 2]))
            })
            .collect();
        if points.is_empty() {
            continue;
        }
        let label = if sizes.len() > 1 {
            format!("{backend} {size}x{size}")
        } else {
            backend.clone()
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
