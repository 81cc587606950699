//! What a reader of a comparison looks at: the `--plot` SVG read back (every text inside
//! the picture, the legend off the data, one look per configuration) and the HTML page
//! of `report` and `compare --html` (its parts, its data escaped, partial runs said).

use crate::common::cli::{err, run};
use crate::common::page::{page_data, sources, status};
use std::collections::{BTreeMap, BTreeSet};

/// The value of attribute `name` in the start tag `tag`.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    Some(&tag[start..start + tag[start..].find('"')?])
}

/// Every element named `name` as (start tag, text up to its end tag).
fn elements<'a>(svg: &'a str, name: &str) -> Vec<(&'a str, &'a str)> {
    let open = format!("<{name} ");
    let mut found = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find(&open) {
        rest = &rest[i..];
        let tag_end = rest.find('>').unwrap() + 1;
        let tag = &rest[..tag_end];
        let text = match tag.ends_with("/>") {
            true => "",
            false => &rest[tag_end..tag_end + rest[tag_end..].find('<').unwrap()],
        };
        found.push((tag, text));
        rest = &rest[tag_end..];
    }
    found
}

fn number(tag: &str, name: &str) -> f64 {
    attr(tag, name)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        .parse()
        .unwrap()
}

/// The characters a text shows (entities count one).
fn shown_len(text: &str) -> f64 {
    let mut n = 0;
    let mut in_entity = false;
    for c in text.chars() {
        match c {
            '&' => in_entity = true,
            ';' if in_entity => {
                in_entity = false;
                n += 1
            }
            _ if in_entity => {}
            _ => n += 1,
        }
    }
    n as f64
}

#[test]
fn the_plot_keeps_every_text_inside_its_canvas_and_gives_each_configuration_its_own_look() {
    let dir = tempfile::tempdir().unwrap();
    let svg_path = dir.path().join("plot.svg");
    let mut inputs: Vec<String> = std::fs::read_dir("examples")
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".txt"))
        .collect();
    inputs.sort();
    let mut args = vec!["compare", "--plot", svg_path.to_str().unwrap(), "--by-file"];
    args.extend(inputs.iter().map(String::as_str));
    let o = run(&args, "");
    assert!(o.status.success(), "{}", err(&o));
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let root = elements(&svg, "svg")[0].0;
    let (width, height) = (number(root, "width"), number(root, "height"));

    // Every text inside the canvas, measured generously (0.62 of the font size a
    // character, as wide as sans-serif letters run).
    let texts = elements(&svg, "text");
    assert!(texts.len() > 40, "{} texts", texts.len());
    for (tag, text) in &texts {
        let (x, y, size) = (number(tag, "x"), number(tag, "y"), number(tag, "font-size"));
        let w = shown_len(text) * size * 0.62;
        let (left, right, top, bottom) = match (attr(tag, "transform"), attr(tag, "text-anchor")) {
            (Some(_), _) => (x - size, x, y - w / 2.0, y + w / 2.0),
            (None, Some("middle")) => (x - w / 2.0, x + w / 2.0, y - size, y + size * 0.3),
            (None, Some("end")) => (x - w, x, y - size, y + size * 0.3),
            (None, _) => (x, x + w, y - size, y + size * 0.3),
        };
        assert!(
            left >= 0.0 && top >= 0.0 && right <= width && bottom <= height,
            "`{text}` runs outside the {width}x{height} canvas: [{left:.0}, {right:.0}] x [{top:.0}, {bottom:.0}]"
        );
    }

    // The configurations: the series of the cactus plot, one line each.
    let mut looks: BTreeMap<&str, (&str, &str)> = BTreeMap::new();
    for (tag, _) in elements(&svg, "polyline") {
        let series = attr(tag, "data-series").unwrap();
        if series.is_empty() || series.contains(' ') {
            continue; // a legend's sample, or a line of the second panel (`NAME 9x9`)
        }
        let look = (
            attr(tag, "stroke").unwrap(),
            attr(tag, "stroke-dasharray").unwrap_or(""),
        );
        assert!(looks.insert(series, look).is_none(), "{series} drawn twice");
    }
    assert!(looks.len() >= 10, "{looks:?}");
    let distinct: BTreeSet<&(&str, &str)> = looks.values().collect();
    assert_eq!(
        distinct.len(),
        looks.len(),
        "two configurations look alike: {looks:?}"
    );

    // One legend entry per configuration in each panel, right of every plotting area.
    let frames: Vec<f64> = elements(&svg, "rect")
        .iter()
        .filter(|(tag, _)| attr(tag, "fill") == Some("none"))
        .map(|(tag, _)| number(tag, "x") + number(tag, "width"))
        .collect();
    assert_eq!(frames.len(), 2, "two panels");
    for name in looks.keys() {
        let entries: Vec<&&str> = texts
            .iter()
            .filter(|(_, text)| text == name)
            .map(|(tag, _)| tag)
            .collect();
        assert_eq!(entries.len(), 2, "{name}: one legend entry a panel");
        for tag in entries {
            assert!(
                frames.iter().all(|&right| number(tag, "x") > right),
                "{name}'s legend entry lies on the data"
            );
        }
    }
}

/// Runs `sudoku-arena compare -b dlx,fast --out OUT [EXTRA] INPUTS`, which must succeed.
fn compare_into(out: &str, extra: &[&str], inputs: &[&str]) {
    let mut args = vec!["compare", "-b", "dlx,fast", "--out", out];
    args.extend_from_slice(extra);
    args.extend_from_slice(inputs);
    let o = run(&args, "");
    assert!(o.status.success(), "{}", err(&o));
}

/// Runs `sudoku-arena report FILES --html PAGE` and gives the page; its exit status
/// is 3 when the page says partial, else 0.
fn report(files: &[&str], page: &str) -> String {
    let mut args = vec!["report"];
    args.extend_from_slice(files);
    args.extend_from_slice(&["--html", page]);
    let o = run(&args, "");
    let html = std::fs::read_to_string(page).unwrap();
    let expected = if status(&html).starts_with("partial") {
        3
    } else {
        0
    };
    assert_eq!(o.status.code(), Some(expected), "{}", err(&o));
    html
}

#[test]
fn a_report_of_one_run_holds_every_part_of_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.jsonl").to_string_lossy().into_owned();
    let page = dir.path().join("r.html").to_string_lossy().into_owned();
    let o = run(
        &[
            "compare",
            "-b",
            "dlx,fast,csp:gac",
            "--out",
            &results,
            "examples/easy.txt",
            "examples/16x16.txt",
            "examples/several.txt",
        ],
        "",
    );
    assert!(o.status.success(), "{}", err(&o));
    let html = report(&[&results], &page);
    assert_eq!(
        status(&html),
        "complete: 21 solves, 7 puzzles, 3 configurations"
    );
    for part in [
        "<section id=\"runs\">",
        "<section id=\"summary\">",
        "<canvas id=\"cactus-canvas\"",
        "<select id=\"scatter-x\">",
        "<select id=\"scatter-y\">",
        "<table id=\"puzzle-table\">",
        "<table class=\"sortable\">",
    ] {
        assert!(html.contains(part), "no {part}");
    }
    // Nothing fetched: no source or link to anywhere.
    for outside in ["src=", "href=", "@import", "url("] {
        assert!(!html.contains(outside), "the page reaches out: {outside}");
    }
    // Tables per file (three) and per grid size (two) beside the whole.
    assert!(html.contains("5 tables more: per puzzle file and per grid size"));
    assert!(html.contains("<h3>16×16 puzzles</h3>"));
    // The summary's cells are the terminal table's.
    let terminal = crate::common::cli::out(&o);
    let dlx_row = terminal.lines().find(|l| l.starts_with("dlx ")).unwrap();
    let median = dlx_row
        .split("  ")
        .filter(|c| !c.is_empty())
        .nth(11)
        .unwrap()
        .trim();
    assert!(
        html.contains(&format!(">{median}</td>")),
        "no median {median} for dlx"
    );
    let data = page_data(&html);
    assert_eq!(data["configs"].as_array().unwrap().len(), 3);
    assert_eq!(sources(&data).len(), 7);
    assert!(sources(&data).contains(&"examples/easy.txt:3".to_string()));
    assert_eq!(data["verdicts"][0].as_str().unwrap().len(), 7);
    assert!(data["disagree"].as_array().unwrap().is_empty());
    // One file may be one page only once: not replaced without --force.
    let again = run(&["report", &results, "--html", &page], "");
    assert_eq!(again.status.code(), Some(2));
    assert!(err(&again).contains("--force"), "{}", err(&again));
    // A page is an .html file, and results are what compare writes, not puzzles.
    let svg = run(&["report", &results, "--html", "page.svg"], "");
    assert_eq!(svg.status.code(), Some(2));
    assert!(
        err(&svg).contains("give a file name ending in .html"),
        "{}",
        err(&svg)
    );
    let puzzles = run(
        &["report", "examples/hard.txt", "--html", &page, "--force"],
        "",
    );
    assert_eq!(puzzles.status.code(), Some(2));
    assert!(
        err(&puzzles).contains("examples/hard.txt:1: not a results record: not JSON")
            && err(&puzzles).contains("a puzzle file goes to `compare` first"),
        "{}",
        err(&puzzles)
    );
}

#[test]
fn shards_gzipped_or_not_make_the_page_of_the_whole_run_and_a_missing_one_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let inputs = ["examples/easy.txt", "examples/hard.txt"];
    compare_into(&path("whole.jsonl"), &[], &inputs);
    compare_into(&path("1.jsonl"), &["--shard", "1/2"], &inputs);
    compare_into(&path("2.jsonl"), &["--shard", "2/2"], &inputs);
    let text = std::fs::read(path("2.jsonl")).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &text).unwrap();
    std::fs::write(path("2.jsonl.gz"), gz.finish().unwrap()).unwrap();

    let whole = report(&[&path("whole.jsonl")], &path("whole.html"));
    let shards = report(
        &[&path("1.jsonl"), &path("2.jsonl.gz")],
        &path("shards.html"),
    );
    assert_eq!(status(&shards), status(&whole));
    assert_eq!(
        status(&whole),
        "complete: 18 solves, 9 puzzles, 2 configurations"
    );
    let (w, s) = (page_data(&whole), page_data(&shards));
    let sorted = |d: &serde_json::Value| {
        let mut v = sources(d);
        v.sort();
        v
    };
    assert_eq!(sorted(&w), sorted(&s));

    let half = report(&[&path("1.jsonl")], &path("half.html"));
    assert_eq!(
        status(&half),
        "partial: the shards read hold all 10 of their solves; shard 2/2 is missing"
    );
}

#[test]
fn runs_with_other_settings_share_one_page_each_configuration_named_by_its_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    for (timeout, out) in [("10", "slow.jsonl"), ("5", "quick.jsonl")] {
        compare_into(&path(out), &["--timeout", timeout], &["examples/easy.txt"]);
    }
    let html = report(
        &[&path("slow.jsonl"), &path("quick.jsonl")],
        &path("both.html"),
    );
    let data = page_data(&html);
    let names: Vec<&str> = data["configs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["dlx [1]", "fast [1]", "dlx [2]", "fast [2]"]);
    // The same four puzzles, each answered by all four.
    assert_eq!(sources(&data).len(), 4);
    assert!(data["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .all(|v| v == "uuuu"));
    assert!(
        html.contains("[1] --timeout 10 s, uniqueness"),
        "no table of the first run"
    );
    assert!(
        html.contains("[2] --timeout 5 s, uniqueness"),
        "no table of the second run"
    );
}

/// A name no page may run: it closes a script and opens an image whose error runs code.
const HOSTILE: &str = "</script><img src=x onerror=alert(1)>";

/// A results file of a puzzle named [`HOSTILE`] in a file whose name holds markup, and
/// its page; gives (results, page).
fn hostile_page(dir: &std::path::Path) -> (String, String) {
    let input = dir.join("<b>a&b.txt");
    std::fs::write(
        &input,
        format!("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 # {HOSTILE}\n"),
    )
    .unwrap();
    let results = dir.join("r.jsonl").to_string_lossy().into_owned();
    let page = dir.join("r.html").to_string_lossy().into_owned();
    let o = run(
        &[
            "compare",
            "-b",
            "dlx,fast",
            "--out",
            &results,
            "--html",
            &page,
            input.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", err(&o));
    (results, page)
}

#[test]
fn names_from_the_inputs_reach_the_page_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let (_, page) = hostile_page(dir.path());
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("<img"), "markup of a name reached the page");
    assert!(
        !html.contains("<b>"),
        "markup of a file name reached the page"
    );
    assert_eq!(
        html.matches("</script>").count(),
        html.matches("<script").count(),
        "a name closed a script"
    );
    // The data still says the names exactly.
    let data = page_data(&html);
    assert_eq!(sources(&data)[0], HOSTILE);
    assert!(data["files"][0].as_str().unwrap().ends_with("<b>a&b.txt"));
    assert!(
        html.contains("&lt;b&gt;a&amp;b.txt"),
        "the runs table names the file"
    );
}

#[test]
fn each_file_is_held_to_its_own_plan_and_a_file_that_does_not_say_is_not_called_complete() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    compare_into(&path("easy.jsonl"), &[], &["examples/easy.txt"]);
    compare_into(&path("hard.jsonl"), &[], &["examples/hard.txt"]);
    // The run on the easy puzzles stopped after 3 of its 8 solves.
    let text = std::fs::read_to_string(path("easy.jsonl")).unwrap();
    let kept: Vec<&str> = text.lines().take(4).collect();
    std::fs::write(path("easy.jsonl"), kept.join("\n") + "\n").unwrap();
    // Beside a whole run with as many solves as it lacks, it is still partial.
    let html = report(
        &[&path("easy.jsonl"), &path("hard.jsonl")],
        &path("two.html"),
    );
    let easy = path("easy.jsonl");
    let held = format!("{easy} holds 3 of its 8 solves");
    assert_eq!(status(&html), format!("partial: 13 of 18 solves; {held}"));
    // Lines of `solve --format json` (no header, no plan) do not make up for it.
    let o = run(
        &[
            "solve",
            "-b",
            "dlx",
            "--format",
            "json",
            "examples/hard.txt",
        ],
        "",
    );
    assert!(o.status.success(), "{}", err(&o));
    std::fs::write(path("solve.jsonl"), &o.stdout).unwrap();
    let html = report(
        &[&path("easy.jsonl"), &path("solve.jsonl")],
        &path("mixed.html"),
    );
    assert_eq!(status(&html), format!("partial: 3 of 8 solves; {held}"));
    // A run on standard input cannot say what it planned: its page does not say complete.
    let puzzles = std::fs::read_to_string("examples/hard.txt").unwrap();
    let o = run(
        &["compare", "-b", "dlx", "--out", &path("piped.jsonl")],
        puzzles,
    );
    assert!(o.status.success(), "{}", err(&o));
    let html = report(&[&path("piped.jsonl")], &path("piped.html"));
    assert!(
        status(&html).starts_with("5 solves, 5 puzzles, 1 configurations; the results do not say"),
        "{}",
        status(&html)
    );
}

#[test]
fn answers_to_other_questions_are_not_a_disagreement() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    for (variant, out) in [("classic", "classic.jsonl"), ("x", "x.jsonl")] {
        compare_into(&path(out), &["--variant", variant], &["examples/easy.txt"]);
    }
    let html = report(
        &[&path("classic.jsonl"), &path("x.jsonl")],
        &path("both.html"),
    );
    let data = page_data(&html);
    // The X-Sudoku rules leave these puzzles other verdicts, each run agreeing within.
    assert_ne!(
        data["verdicts"][0], data["verdicts"][2],
        "the runs answered alike"
    );
    assert_eq!(data["disagree"], serde_json::json!([]));
}

#[test]
fn a_run_with_no_result_writes_no_page_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("p.html").to_string_lossy().into_owned();
    let temp = dir.path().join("tmp");
    std::fs::create_dir(&temp).unwrap();
    // The third of three slices of one puzzle is empty.
    let o = crate::common::cli::command(&[
        "compare",
        "-b",
        "dlx",
        "--shard",
        "3/3",
        "--html",
        &page,
        "examples/none.txt",
    ])
    .env("TMPDIR", &temp)
    .output()
    .unwrap();
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        err(&o).contains("--html") && err(&o).contains("not written: the run has no result"),
        "{}",
        err(&o)
    );
    assert!(!std::path::Path::new(&page).exists());
    assert_eq!(
        std::fs::read_dir(&temp).unwrap().count(),
        0,
        "a temporary file is left"
    );
}

#[test]
fn a_killed_run_leaves_nothing_of_the_page_s_results_behind() {
    let dir = tempfile::tempdir().unwrap();
    let temp = dir.path().join("tmp");
    std::fs::create_dir(&temp).unwrap();
    // Empty 25x25 grids whose solutions are counted: no machine finishes one in its 1 s.
    let empty = crate::common::empty_25x25();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, format!("{empty}\n").repeat(20)).unwrap();
    let page = dir.path().join("p.html").to_string_lossy().into_owned();
    let mut child = crate::common::cli::command(&[
        "compare",
        "-b",
        "dlx",
        "--timeout",
        "1",
        "--max-solutions",
        "1000000000",
        "--html",
        &page,
        input.to_str().unwrap(),
    ])
    .env("TMPDIR", &temp)
    .stdin(std::process::Stdio::null())
    .spawn()
    .unwrap();
    // Solving: among the child's open files, one in `temp` holds the header and a result.
    let fds = format!("/proc/{}/fd", child.id());
    let results_written = || {
        std::fs::read_dir(&fds)
            .into_iter()
            .flatten()
            .flatten()
            .any(|fd| {
                let target = std::fs::read_link(fd.path()).unwrap_or_default();
                target.starts_with(&temp)
                    && std::fs::read_to_string(fd.path()).is_ok_and(|t| t.lines().count() >= 2)
            })
    };
    let start = std::time::Instant::now();
    while !results_written() {
        assert!(
            start.elapsed() < crate::common::slack() * 30,
            "no result written"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!std::path::Path::new(&page).exists());
    assert_eq!(
        std::fs::read_dir(&temp).unwrap().count(),
        0,
        "a temporary file is left"
    );
}
