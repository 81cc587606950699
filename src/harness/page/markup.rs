//! The page's markup: what comes from the inputs (file names, puzzle names, settings)
//! is escaped in the markup, and in the embedded data (a JSON document whose `<`, `>`
//! and `&` are written as `\u` escapes, so no text of it can close its script element).

use super::collect::{code, Collected};
use crate::harness::merge::Merged;
use crate::harness::plot::{escape, style};
use crate::harness::record::Header;
use crate::harness::report::{findings, table, HEADERS, MADE_BY};
use crate::harness::summary::Summary;
use crate::harness::tally::Tally;
use serde::Serialize;
use std::fmt::Write;

const SCRIPT: &str = include_str!("report.js");
const STYLE: &str = include_str!("report.css");

/// The whole page; `partial` says how far the runs got when they did not end.
pub(super) fn page(
    merged: &Merged,
    collected: &Collected,
    title: &str,
    partial: Option<&str>,
) -> String {
    let mut html = String::with_capacity(4096 + collected.puzzles.len() * 160);
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
        <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
        <meta name=\"generator\" content=\"{MADE_BY}\">\n\
        <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
        escape(title)
    );
    header(&mut html, merged, collected, title, partial);
    summary(&mut html, merged, collected);
    html.push_str(PLOTS_AND_PUZZLES);
    html.push_str("<script type=\"application/json\" id=\"data\">");
    html.push_str(&embedded(&data(collected)));
    html.push_str("</script>\n<script>\n");
    html.push_str(SCRIPT);
    html.push_str("</script>\n</body>\n</html>\n");
    html
}

/// `text` escaped, its `code` spans (between backticks, as the terminal writes them)
/// set as code.
fn words(text: &str) -> String {
    let escaped = escape(text);
    if escaped.matches('`').count() % 2 == 1 {
        return escaped;
    }
    let parts = escaped.split('`').enumerate();
    parts
        .map(|(i, part)| match i % 2 {
            1 => format!("<code>{part}</code>"),
            _ => part.to_string(),
        })
        .collect()
}

/// The sections the script fills in.
const PLOTS_AND_PUZZLES: &str = r#"<section id="cactus">
<h2>Puzzles answered within a time budget</h2>
<p class="hint">One line per configuration: how many puzzles it answered (unique, multiple, none or solved, each checked) within each time budget (log scale). More, and further left, is better.</p>
<canvas id="cactus-canvas" role="img" aria-label="cactus plot"></canvas>
</section>
<section id="scatter">
<h2>One configuration against another</h2>
<p class="hint">Each point a puzzle both ran; below the diagonal the vertical one is faster. Dashed: 2× apart; dotted: 10×. A puzzle one of them did not answer (unknown, memout, failed, wrong) sits in the band beyond its axis. Hover a point for its puzzle.</p>
<p class="controls"><label>across: <select id="scatter-x"></select></label>
<label>up: <select id="scatter-y"></select></label> <span id="scatter-count"></span></p>
<div class="plotbox"><canvas id="scatter-canvas" role="img" aria-label="scatter plot"></canvas><div id="tip" hidden></div></div>
</section>
<section id="puzzles">
<h2>Puzzles</h2>
<p class="controls"><label>show: <select id="filter">
<option value="all">every puzzle</option>
<option value="disagree">disagreements</option>
<option value="wrong">wrong answers</option>
<option value="noanswer">no answer (unknown, memout, failed)</option>
<option value="slowest">the slowest of</option>
</select></label> <select id="filter-config" hidden></select>
<button id="prev" type="button">previous</button> <button id="next" type="button">next</button>
<span id="page-info"></span></p>
<div class="scroll"><table id="puzzle-table"><thead></thead><tbody></tbody></table></div>
</section>
"#;

/// The title, whether the runs were whole, the notes of the merge, and each results file
/// with what its headers say.
fn header(
    html: &mut String,
    merged: &Merged,
    collected: &Collected,
    title: &str,
    partial: Option<&str>,
) {
    let _ = writeln!(html, "<header>\n<h1>{}</h1>", escape(title));
    let solves: usize = collected
        .puzzles
        .iter()
        .map(|p| p.answers.iter().flatten().count())
        .sum();
    let counts = format!(
        "{} solves, {} puzzles, {} configurations",
        crate::words::grouped(solves as u64),
        crate::words::grouped(collected.puzzles.len() as u64),
        collected.configs.len()
    );
    let _ = match (partial, merged.plans_known()) {
        (Some(p), _) => writeln!(html, "<p class=\"status partial\">{}</p>", words(p)),
        (None, true) => writeln!(html, "<p class=\"status complete\">complete: {counts}</p>"),
        (None, false) => writeln!(
            html,
            "<p class=\"status unknown\">{counts}; the results do not say how many solves \
            their runs planned (standard input, or an older file), so whether they ended \
            is not known</p>"
        ),
    };
    for note in merged.notes() {
        let _ = writeln!(html, "<p class=\"note\">{}</p>", words(note));
    }
    html.push_str("</header>\n<section id=\"runs\">\n<h2>Runs</h2>\n<table class=\"runs\">\n");
    html.push_str(
        "<thead><tr><th>results file</th><th>shard</th><th>settings</th><th>configurations</th>\
        <th>inputs</th><th>planned solves</th><th>version</th><th>commit</th><th>machine</th>\
        <th>cores</th><th>jobs</th></tr></thead>\n<tbody>\n",
    );
    for (file, headers) in &collected.runs {
        if headers.is_empty() {
            let _ = writeln!(
                html,
                "<tr><td>{}</td><td colspan=\"10\">no header (lines of solve --format json, or an older file)</td></tr>",
                escape(file)
            );
        }
        for h in headers {
            run_row(html, file, h);
        }
    }
    html.push_str("</tbody>\n</table>\n</section>\n");
}

fn run_row(html: &mut String, file: &str, h: &Header) {
    let f = &h.facts;
    let inputs = match h.inputs.is_empty() {
        true => "standard input or the embedded puzzles".to_string(),
        false => h.inputs.join(", "),
    };
    let cells = [
        file.to_string(),
        format!("{}/{}", h.shard.index, h.shard.count),
        h.settings.describe(),
        h.backends.join(", "),
        inputs,
        h.planned_solves
            .map_or("not recorded".into(), crate::words::grouped),
        f.version.clone(),
        f.commit.chars().take(12).collect(),
        format!("{} ({})", f.host, f.cpu),
        f.cores.to_string(),
        f.jobs.to_string(),
    ];
    html.push_str("<tr>");
    for c in cells {
        let _ = write!(html, "<td>{}</td>", escape(&c));
    }
    html.push_str("</tr>\n");
}

/// The tables: one per settings group; then, folded, per puzzle file and per grid
/// size when there are several.
fn summary(html: &mut String, merged: &Merged, collected: &Collected) {
    html.push_str("<section id=\"summary\">\n<h2>Summary</h2>\n<p class=\"hint\">The figures <code>compare</code> prints; click a column's head to sort by it.</p>\n");
    let mut more = String::new();
    let mut count = 0;
    for part in merged.parts() {
        let heading = match part.heading.is_empty() {
            true => "every puzzle".to_string(),
            false => part.heading.clone(),
        };
        summary_table(html, &heading, &part.tally.summary());
        let files = part.tally.by_file();
        if files.len() > 1 {
            for (file, s) in files {
                let name = match part.heading.is_empty() {
                    true => file,
                    false => format!("{heading}: {file}"),
                };
                summary_table(&mut more, &name, &s);
                count += 1;
            }
        }
    }
    for (size, tally) in by_size(merged, collected) {
        summary_table(
            &mut more,
            &format!("{size}×{size} puzzles"),
            &tally.summary(),
        );
        count += 1;
    }
    if count > 0 {
        let _ = write!(
            html,
            "<details>\n<summary>{count} tables more: per puzzle file and per grid size</summary>\n{more}</details>\n"
        );
    }
    html.push_str("</section>\n");
}

/// One tally per grid size, when the puzzles have several and one settings group ran
/// them (its budget prices PAR-2).
fn by_size(merged: &Merged, collected: &Collected) -> Vec<(usize, Tally)> {
    let settings = merged.settings();
    if settings.len() != 1 {
        return Vec::new();
    }
    let timeout = settings[0].as_ref().and_then(|s| s.timeout_s);
    let mut sizes: Vec<usize> = collected.puzzles.iter().map(|p| p.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    if sizes.len() < 2 {
        return Vec::new();
    }
    sizes
        .into_iter()
        .map(|size| {
            let mut tally = Tally::new(&collected.configs, false, timeout);
            for p in collected.puzzles.iter().filter(|p| p.size == size) {
                let answers: Vec<_> = p.answers.iter().flatten().cloned().collect();
                tally.add_puzzle(&answers);
            }
            (size, tally)
        })
        .collect()
}

fn summary_table(html: &mut String, heading: &str, s: &Summary) {
    let _ = writeln!(
        html,
        "<h3>{}</h3>\n<div class=\"scroll\"><table class=\"sortable\">\n<thead><tr>",
        escape(heading)
    );
    for h in HEADERS {
        let _ = write!(html, "<th>{}</th>", escape(h));
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    for (cells, keys) in table(s) {
        html.push_str("<tr>");
        for (cell, key) in cells.iter().zip(keys) {
            match key.is_finite() {
                true => {
                    let _ = write!(html, "<td data-key=\"{key}\">{}</td>", escape(cell));
                }
                false => {
                    let _ = write!(html, "<td>{}</td>", escape(cell));
                }
            }
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody>\n</table></div>\n<ul class=\"findings\">\n");
    for line in findings(s) {
        let loud = line.starts_with("WRONG") || line.starts_with("DISAGREEMENT");
        let class = if loud { " class=\"loud\"" } else { "" };
        let _ = writeln!(html, "<li{class}>{}</li>", words(&line));
    }
    html.push_str("</ul>\n");
}

/// The data the script draws from.
#[derive(Serialize)]
struct Data<'a> {
    configs: Vec<Config<'a>>,
    files: &'a [String],
    puzzles: Puzzles<'a>,
    /// Per configuration, a letter per puzzle (see [`code`]).
    verdicts: Vec<String>,
    /// Per configuration, the time of each puzzle in ms (none where it did not run).
    times: Vec<Vec<Option<f64>>>,
    /// The puzzles whose answers disagree.
    disagree: Vec<usize>,
    palette: &'static [&'static str],
}

#[derive(Serialize)]
struct Config<'a> {
    name: &'a str,
    colour: &'static str,
    dash: &'static str,
}

/// The puzzles, a column each; a puzzle without a label is named `file:line`.
#[derive(Serialize)]
struct Puzzles<'a> {
    label: Vec<Option<&'a str>>,
    line: Vec<usize>,
    text: Vec<&'a str>,
    size: Vec<usize>,
    given: Vec<f64>,
    file: Vec<usize>,
}

fn data(c: &Collected) -> Data<'_> {
    let configs = c
        .configs
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let (colour, dash) = style::series(i);
            Config { name, colour, dash }
        })
        .collect();
    let ps = &c.puzzles;
    Data {
        configs,
        files: &c.files,
        puzzles: Puzzles {
            label: ps.iter().map(|p| p.label.as_deref()).collect(),
            line: ps.iter().map(|p| p.line).collect(),
            text: ps.iter().map(|p| p.text.as_str()).collect(),
            size: ps.iter().map(|p| p.size).collect(),
            given: ps
                .iter()
                .map(|p| (p.given * 1000.0).round() / 1000.0)
                .collect(),
            file: ps.iter().map(|p| p.file).collect(),
        },
        verdicts: (0..c.configs.len())
            .map(|k| ps.iter().map(|p| code(p.answers[k].as_ref())).collect())
            .collect(),
        times: (0..c.configs.len())
            .map(|k| {
                ps.iter()
                    .map(|p| p.answers[k].as_ref().map(|e| e.time_ms))
                    .collect()
            })
            .collect(),
        disagree: ps
            .iter()
            .enumerate()
            .filter(|(_, p)| p.disagreement(&c.groups))
            .map(|(i, _)| i)
            .collect(),
        palette: &style::COLOURS,
    }
}

/// `data` as JSON that may stand inside a script element: `<`, `>`, `&` and the two
/// line separators JavaScript once refused are written as `\u` escapes (they occur only
/// inside strings, where the escape means the same character).
fn embedded(data: &Data) -> String {
    let json = serde_json::to_string(data).unwrap_or_else(|_| "{}".into());
    let mut out = String::with_capacity(json.len() + 64);
    for ch in json.chars() {
        match ch {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn embedded_json_cannot_close_its_script() {
        let names = vec!["</script><img src=x onerror=alert(1)>".to_string()];
        let data = super::Data {
            configs: Vec::new(),
            files: &names,
            puzzles: super::Puzzles {
                label: vec![Some(&names[0])],
                line: vec![1],
                text: Vec::new(),
                size: Vec::new(),
                given: Vec::new(),
                file: Vec::new(),
            },
            verdicts: Vec::new(),
            times: Vec::new(),
            disagree: Vec::new(),
            palette: &[],
        };
        let text = super::embedded(&data);
        assert!(!text.contains('<') && !text.contains('>'), "{text}");
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["files"][0], names[0]);
    }
}
