//! The summary as text: an aligned terminal table, Markdown, and CSV.

use super::summary::{BackendSummary, Summary};
use crate::solver::round_significant;
use crate::words::counted;

/// The columns of a summary table, as every form of it heads them.
pub(crate) const HEADERS: [&str; 19] = [
    "backend",
    "puzzles",
    "solved",
    "unique",
    "multiple",
    "none",
    "unknown",
    "memout",
    "failed",
    "wrong",
    "p10",
    "median",
    "p90",
    "max",
    "PAR-2",
    "x fastest",
    "transport",
    "mean effort",
    "vars / cons",
];

/// `v` to three significant digits, in plain notation (`0.0532`, `23.4`, `1230`).
fn three_digits(v: f64) -> String {
    let rounded = round_significant(v, 3);
    if rounded == 0.0 || !rounded.is_finite() {
        return format!("{rounded}");
    }
    let exponent = rounded.abs().log10().floor() as i32;
    format!("{rounded:.*}", usize::try_from(2 - exponent).unwrap_or(0))
}

/// A time given in milliseconds, to three significant digits with its unit: µs below a
/// millisecond, s from a second on (`0.532 µs`, `23.4 µs`, `1.96 ms`, `12.3 s`).
pub(crate) fn fmt_duration(ms: f64) -> String {
    if !ms.is_finite() {
        return "-".into();
    }
    // The unit is chosen on the rounded figure: 0.9996 ms is `1.00 ms`.
    let rounded = round_significant(ms, 3);
    if rounded.abs() < 1.0 {
        format!("{} µs", three_digits(rounded * 1000.0))
    } else if rounded.abs() < 1000.0 {
        format!("{} ms", three_digits(rounded))
    } else {
        format!("{} s", three_digits(rounded / 1000.0))
    }
}

/// A ratio to three significant digits (`1.00`, `23.8`), `-` when there is none.
pub(crate) fn fmt_ratio(v: f64) -> String {
    if v.is_finite() {
        three_digits(v)
    } else {
        "-".into()
    }
}

/// A solve time read from a clock of resolution `res` ms, as precise as that clock: to
/// three significant digits for a fine clock; for one that reads to a millisecond or
/// coarser, rounded to that step, and `<res` when below it (the solver printed 0).
pub fn fmt_time(v: f64, res: f64) -> String {
    if !v.is_finite() || res < 1.0 {
        fmt_duration(v)
    } else if v < res {
        format!("<{res:.0} ms")
    } else {
        fmt_duration((v / res).round() * res)
    }
}

fn fmt_count(v: f64) -> String {
    if !v.is_finite() {
        "-".into()
    } else if v < 100.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.0}")
    }
}

/// A summary's table: per configuration, the cells the terminal prints and, per cell,
/// the unrounded figure it shows (not a number for the name), to sort by.
pub(crate) fn table(s: &Summary) -> Vec<(Vec<String>, [f64; 19])> {
    s.backends
        .iter()
        .map(|b| (cells(b), sort_keys(b)))
        .collect()
}

/// The figures behind [`cells`], unrounded: what a table sorted by a column orders by.
fn sort_keys(b: &BackendSummary) -> [f64; 19] {
    let n = |v: usize| v as f64;
    [
        f64::NAN,
        n(b.puzzles),
        n(b.solved),
        n(b.unique),
        n(b.multiple),
        n(b.none),
        n(b.unknown),
        n(b.memout),
        n(b.failed),
        n(b.wrong),
        b.p10_ms,
        b.median_ms,
        b.p90_ms,
        b.max_ms,
        b.par2_ms,
        b.ratio_to_fastest,
        b.median_transport_ms,
        b.mean_effort,
        b.mean_variables,
    ]
}

fn cells(b: &BackendSummary) -> Vec<String> {
    let effort = if b.effort_name.is_empty() {
        fmt_count(b.mean_effort)
    } else {
        format!("{} {}", fmt_count(b.mean_effort), b.effort_name)
    };
    vec![
        b.backend.clone(),
        b.puzzles.to_string(),
        b.solved.to_string(),
        b.unique.to_string(),
        b.multiple.to_string(),
        b.none.to_string(),
        b.unknown.to_string(),
        b.memout.to_string(),
        b.failed.to_string(),
        b.wrong.to_string(),
        fmt_time(b.p10_ms, b.time_resolution_ms),
        fmt_time(b.median_ms, b.time_resolution_ms),
        fmt_time(b.p90_ms, b.time_resolution_ms),
        fmt_time(b.max_ms, b.time_resolution_ms),
        fmt_time(b.par2_ms, b.time_resolution_ms),
        fmt_ratio(b.ratio_to_fastest),
        fmt_duration(b.median_transport_ms),
        effort,
        format!(
            "{} / {}",
            fmt_count(b.mean_variables),
            fmt_count(b.mean_constraints)
        ),
    ]
}

/// Lines after the table: disagreements and wrong answers, loudly, or that all agreed.
pub(crate) fn findings(s: &Summary) -> Vec<String> {
    if s.puzzles == 0 {
        return vec!["No results: nothing to compare.".to_string()];
    }
    let mut lines = Vec::new();
    for w in &s.wrong {
        lines.push(format!(
            "WRONG ANSWER: {} on {}: {}",
            w.backend, w.source, w.what
        ));
    }
    for d in &s.disagreements {
        lines.push(format!(
            "DISAGREEMENT on {}: {} ({})",
            d.source,
            d.reason,
            d.verdicts.join(", ")
        ));
    }
    if lines.is_empty() {
        lines.push(format!(
            "{}: every answer passed the independent validator and all verdicts agree.",
            counted(s.puzzles, "puzzle")
        ));
    }
    for (backend, count) in &s.not_applicable {
        lines.push(format!(
            "{backend}: not applicable to {} (it does not take their kind of board: Killer cages or Jigsaw regions); not run, not failed.",
            counted(*count, "puzzle")
        ));
    }
    if s.common_puzzles == 0 {
        lines.push(
            "No puzzle was run by every backend: no `x fastest` ratio compares them.".to_string(),
        );
    } else if s.common_puzzles < s.puzzles {
        lines.push(format!(
            "Not every backend ran every puzzle: `x fastest` compares medians over the {} of {} puzzles every backend ran.",
            s.common_puzzles, s.puzzles
        ));
    }
    let repeated: Vec<String> = s
        .backends
        .iter()
        .filter_map(|b| {
            let r = b.rounds.as_ref()?;
            // The table's `x fastest` is this mean: one figure, here with its interval.
            let ratio = match b.ratio_to_fastest.is_finite() {
                true => format!(
                    "x fastest {} [{}, {}]",
                    fmt_ratio(b.ratio_to_fastest),
                    fmt_ratio(r.ratio_ci.0),
                    fmt_ratio(r.ratio_ci.1)
                ),
                false => "x fastest -".to_string(),
            };
            Some(format!(
                "  {}: median {} [{}, {}], {ratio}",
                b.backend,
                fmt_duration(r.median_ms),
                fmt_duration(r.median_ci_ms.0),
                fmt_duration(r.median_ci_ms.1)
            ))
        })
        .collect();
    if let Some(r) = s.backends.iter().find_map(|b| b.rounds.as_ref()) {
        lines.push(format!(
            "Over {} rounds (--repeat; round k is every puzzle's k-th timed solve, on the puzzles every backend ran): mean of the rounds' medians and of their `x fastest`, with 95 % confidence intervals (Student's t over the rounds):",
            r.count
        ));
        lines.extend(repeated);
    }
    let coarse: Vec<String> = s
        .backends
        .iter()
        .filter(|b| b.time_resolution_ms >= 1.0)
        .map(|b| format!("{} {} ms", b.backend, b.time_resolution_ms))
        .collect();
    if !coarse.is_empty() {
        lines.push(format!(
            "Times are the solver's own report, to its resolution ({}): rounded to it, `<R` below it.",
            coarse.join(", ")
        ));
    }
    lines
}

/// The columns a narrow terminal loses first, in that order, by their heads in
/// [`HEADERS`]; `true` marks a count left out only when it is 0 for every row (the
/// findings below the table still say what a 0 there means). The configuration,
/// `unique`, `median` and the verdict counts that are not all 0 always stay.
const NARROW_LOSES: [(&str, bool); 16] = [
    ("vars / cons", false),
    ("mean effort", false),
    ("transport", false),
    ("memout", true),
    ("failed", true),
    ("solved", true),
    ("PAR-2", false),
    ("max", false),
    ("p10", false),
    ("wrong", true),
    ("multiple", true),
    ("none", true),
    ("unknown", true),
    ("puzzles", false),
    ("x fastest", false),
    ("p90", false),
];

/// The columns of `rows` shown within `width` characters (every one without a width):
/// [`NARROW_LOSES`]'s columns are left out in its order until the table fits.
fn shown_columns(rows: &[Vec<String>], widths: &[usize], width: Option<usize>) -> Vec<bool> {
    let mut shown = vec![true; HEADERS.len()];
    let Some(limit) = width else {
        return shown;
    };
    let total = |shown: &[bool]| -> usize {
        let (sum, count) = widths
            .iter()
            .zip(shown)
            .filter(|(_, &s)| s)
            .fold((0, 0), |(sum, count), (w, _)| (sum + w, count + 1));
        sum + 2 * (count - 1)
    };
    for &(head, only_zero) in &NARROW_LOSES {
        if total(&shown) <= limit {
            break;
        }
        let Some(column) = HEADERS.iter().position(|&h| h == head) else {
            continue;
        };
        if !only_zero || rows.iter().all(|r| r[column] == "0") {
            shown[column] = false;
        }
    }
    shown
}

/// An aligned table for a terminal, then the findings; within `width` characters when
/// one is given: columns left out as [`shown_columns`] says (a line names them), the
/// prose below wrapped.
pub(crate) fn terminal_within(s: &Summary, width: Option<usize>) -> String {
    let rows: Vec<Vec<String>> = s.backends.iter().map(cells).collect();
    let widths: Vec<usize> = (0..HEADERS.len())
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([HEADERS[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let shown = shown_columns(&rows, &widths, width);
    let line = |r: &[String]| -> String {
        r.iter()
            .enumerate()
            .filter(|&(i, _)| shown[i])
            .map(|(i, c)| {
                if i == 0 {
                    format!("{c:<w$}", w = widths[i])
                } else {
                    format!("{c:>w$}", w = widths[i])
                }
            })
            .collect::<Vec<_>>()
            .join("  ")
    };
    let head: Vec<String> = HEADERS.iter().map(|h| h.to_string()).collect();
    let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
    let mut out = vec![line(&head), line(&rule)];
    out.extend(rows.iter().map(|r| line(r)));
    out.push(String::new());
    let mut prose = findings(s);
    let left_out: Vec<&str> = (0..HEADERS.len())
        .filter(|&i| !shown[i])
        .map(|i| HEADERS[i])
        .collect();
    if !left_out.is_empty() {
        prose.push(format!(
            "Left out to fit the terminal: {} (--wide, or output to a pipe or file, shows every column).",
            left_out.join(", ")
        ));
    }
    let mut text = out.join("\n") + "\n";
    for p in prose {
        text.push_str(&prose_line(&p, width));
    }
    text
}

/// A line of prose for the terminal, wrapped to `width` when one is given.
fn prose_line(line: &str, width: Option<usize>) -> String {
    match width {
        Some(w) => crate::words::wrap(line, w, "  "),
        None => format!("{line}\n"),
    }
}

/// A Markdown table, then the findings.
pub fn markdown(s: &Summary) -> String {
    let mut out = format!(
        "| {} |\n|{}|\n",
        HEADERS.join(" | "),
        HEADERS
            .iter()
            .enumerate()
            .map(|(i, _)| if i == 0 { "---" } else { "---:" })
            .collect::<Vec<_>>()
            .join("|")
    );
    for b in &s.backends {
        out.push_str(&format!("| {} |\n", cells(b).join(" | ")));
    }
    out.push('\n');
    for f in findings(s) {
        out.push_str(&f);
        out.push_str("\n\n");
    }
    out
}

/// The columns of [`csv`].
const CSV_HEADER: [&str; 24] = [
    "file",
    "backend",
    "puzzles",
    "solved",
    "unique",
    "multiple",
    "none",
    "unknown",
    "memout",
    "failed",
    "wrong",
    "p10_ms",
    "median_ms",
    "p90_ms",
    "max_ms",
    "ratio_to_fastest",
    "median_transport_ms",
    "mean_effort",
    "effort_name",
    "mean_variables",
    "mean_constraints",
    "time_resolution_ms",
    "par2_ms",
    "run",
];

/// The y axis of the cactus plot: puzzles given a verdict (the table's `solved` column
/// is another thing, a solution without a uniqueness proof).
pub(crate) const CACTUS_Y: &str = "puzzles answered";

/// What the plot and the HTML report say of their maker, near their start, by which
/// they are known as this library's.
pub(crate) const MADE_BY: &str = "sudoku-arena comparison";

/// Whether `head` (a file's first bytes) is a summary this library writes — its CSV, its
/// Markdown table, its plot or its HTML report — which a resumed comparison may replace,
/// as it is made from the results file.
pub fn is_summary(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head);
    let made_by = format!("\"{MADE_BY}\"");
    text.starts_with(&CSV_HEADER.join(","))
        || text.contains(&format!("| {} |", HEADERS.join(" | ")))
        || (text.starts_with("<svg") && text.contains(&made_by))
        // The plot as versions before this writer drew it (with plotters).
        || (text.starts_with("<svg") && text.contains("\npuzzles solved\n"))
        || (text.starts_with("<!DOCTYPE html>") && text.contains(&made_by))
}

/// The `run` column of a complete run's CSV rows.
const COMPLETE: &str = "complete";

/// CSV with one row per backend and raw numbers (no findings), times rounded as the
/// results file writes them; the `file` column is `all` here and the `run` column
/// `complete` (see [`csv_rows_for`]).
pub fn csv(s: &Summary) -> String {
    let mut out = csv_text(&[CSV_HEADER.map(String::from)]);
    out.push_str(&csv_rows_for("all", COMPLETE, s));
    out
}

/// The CSV rows of a summary restricted to one input file, for `--by-file`; `run` says
/// whether the run was complete, or how far a stopped one got.
fn csv_rows_for(file: &str, run: &str, s: &Summary) -> String {
    let r = crate::solver::round_ms;
    let rows: Vec<[String; 24]> = s
        .backends
        .iter()
        .map(|b| {
            [
                file.to_string(),
                b.backend.to_string(),
                b.puzzles.to_string(),
                b.solved.to_string(),
                b.unique.to_string(),
                b.multiple.to_string(),
                b.none.to_string(),
                b.unknown.to_string(),
                b.memout.to_string(),
                b.failed.to_string(),
                b.wrong.to_string(),
                r(b.p10_ms).to_string(),
                r(b.median_ms).to_string(),
                r(b.p90_ms).to_string(),
                r(b.max_ms).to_string(),
                format!("{:.4}", b.ratio_to_fastest),
                r(b.median_transport_ms).to_string(),
                format!("{:.3}", b.mean_effort),
                b.effort_name.to_string(),
                format!("{:.3}", b.mean_variables),
                format!("{:.3}", b.mean_constraints),
                b.time_resolution_ms.to_string(),
                r(b.par2_ms).to_string(),
                run.to_string(),
            ]
        })
        .collect();
    csv_text(&rows)
}

/// Rows as CSV text, each field quoted where it needs to be.
fn csv_text(rows: &[[String; 24]]) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer
            .write_record(row)
            .expect("writing CSV to memory cannot fail");
    }
    let bytes = writer
        .into_inner()
        .expect("writing CSV to memory cannot fail");
    String::from_utf8(bytes).expect("CSV of UTF-8 fields is UTF-8")
}

/// A part of a comparison with a table of its own (`merge --by-settings`): its heading
/// (empty for the only part) and its tally.
pub struct Part<'a> {
    /// What the part is, above its table.
    pub heading: String,
    /// Its answers.
    pub tally: &'a super::tally::Tally,
}

/// A comparison as text: the terminal's, the Markdown and the CSV; and the lines that
/// say what is wrong (wrong answers, disagreements), empty when all checked out.
#[derive(Clone, Debug, Default)]
pub struct Rendered {
    /// The tables and findings for a terminal.
    pub terminal: String,
    /// The same as Markdown.
    pub markdown: String,
    /// The figures as CSV.
    pub csv: String,
    /// One line per wrong answer or disagreement.
    pub failures: Vec<String>,
}

/// Renders `parts` (one table each, plus one per input file when their tallies keep
/// them), after `notes` (what is missing from the results, say), and a closing line
/// saying how the solves ran when `threads` is not 0. A run that stopped early says so
/// (`partial`: how far it got) first, and in the CSV's `run` column.
///
/// With a `width`, the terminal's text fits it: tables lose columns (and say which),
/// prose is wrapped; the Markdown and CSV are whole whatever the width.
pub fn render(
    parts: &[Part],
    notes: &[String],
    partial: Option<&str>,
    threads: usize,
    width: Option<usize>,
) -> Rendered {
    let mut r = Rendered {
        csv: csv(&Default::default()),
        ..Default::default()
    };
    let run = partial.unwrap_or(COMPLETE);
    let prose = |line: &str| prose_line(line, width);
    for note in partial
        .iter()
        .copied()
        .chain(notes.iter().map(String::as_str))
    {
        r.terminal.push_str(&prose(note));
        r.markdown.push_str(&format!("{note}\n\n"));
    }
    for part in parts {
        let summary = part.tally.summary();
        if !part.heading.is_empty() {
            r.terminal.push_str(&format!("\n{}:\n", part.heading));
            r.markdown.push_str(&format!("## {}\n\n", part.heading));
        }
        r.terminal.push_str(&terminal_within(&summary, width));
        r.markdown.push_str(&markdown(&summary));
        r.csv.push_str(&csv_rows_for("all", run, &summary));
        for (file, s) in part.tally.by_file() {
            r.terminal.push_str(&format!("\n{file}:\n"));
            r.terminal.push_str(&terminal_within(&s, width));
            r.markdown.push_str(&format!("\n### {file}\n\n"));
            r.markdown.push_str(&markdown(&s));
            r.csv.push_str(&csv_rows_for(&file, run, &s));
        }
        if !summary.clean() {
            r.failures.extend(
                findings(&summary)
                    .into_iter()
                    .filter(|l| l.starts_with("WRONG") || l.starts_with("DISAGREEMENT")),
            );
        }
    }
    if threads > 0 {
        r.terminal.push_str(&prose(&format!(
            "(solves ran on {}; times are per solve, measured around the solve itself or, for ext:*, the solver's own report: `time_source` in the results names each time's clock)",
            counted(threads, "thread")
        )));
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::record::example as rec;
    use crate::harness::tally::summarize;

    #[test]
    fn every_column_a_narrow_terminal_may_lose_is_a_column_of_the_table() {
        for (head, _) in NARROW_LOSES {
            assert!(HEADERS.contains(&head), "{head}");
        }
    }

    #[test]
    fn a_summary_is_known_by_its_head_and_nothing_else_is() {
        let s = summarize(&[rec("dlx", "unique", Some("x"), 1.0)]);
        assert!(is_summary(csv(&s).as_bytes()));
        assert!(is_summary(markdown(&s).as_bytes()));
        assert!(!is_summary(terminal_within(&s, None).as_bytes()));
        assert!(!is_summary(b"my notes\n"));
        assert!(!is_summary(b"<svg></svg>"));
        assert!(!is_summary(b"<!DOCTYPE html><title>mine</title>"));
    }

    #[test]
    fn times_show_three_significant_digits_in_microseconds_below_a_millisecond() {
        let cases = [
            (0.000_532_4, "0.532 µs"),
            (0.023_44, "23.4 µs"),
            (0.999_6, "1.00 ms"),
            (1.964, "1.96 ms"),
            (527.0, "527 ms"),
            (12_345.0, "12.3 s"),
            (1_234_567.0, "1230 s"),
            (f64::NAN, "-"),
        ];
        for (ms, want) in cases {
            assert_eq!(fmt_duration(ms), want, "{ms}");
        }
        assert_eq!(fmt_ratio(23.78), "23.8");
        assert_eq!(fmt_ratio(1.0), "1.00");
        assert_eq!(fmt_time(0.4, 10.0), "<10 ms");
        assert_eq!(fmt_time(123.0, 10.0), "120 ms");
    }

    #[test]
    fn a_bimodal_spread_shows_in_p10_and_p90() {
        // Half the puzzles take 3.6 ms, half 527 ms: the median alone says neither.
        let mut records = Vec::new();
        for (i, t) in [3.6, 527.0].repeat(10).into_iter().enumerate() {
            records.push(crate::harness::record::Record {
                puzzle_index: i,
                ..rec("highs", "unique", Some("x"), t)
            });
        }
        let s = summarize(&records);
        let b = &s.backends[0];
        // Read from a histogram: within its stated error of the exact values.
        let near = |got: f64, want: f64| {
            (got - want).abs() <= want * crate::harness::times::QUANTILE_ERROR
        };
        assert!(near(b.p10_ms, 3.6) && near(b.p90_ms, 527.0), "{b:?}");
        let table = terminal_within(&s, None);
        assert!(
            table.contains("p10") && table.contains("3.60 ms") && table.contains("527 ms"),
            "{table}"
        );
    }
}
