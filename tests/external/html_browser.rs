//! The HTML pages in a real browser (Debian's headless `chromium`), opened from
//! `file://`: the `explain --html` page (every step shown in turn, no text runs past its
//! picture, its panel or the window, each picture marking only its own step's cells,
//! chains in Eureka notation) and the report of `compare --html` (no error, the scatter
//! plot redrawn for other configurations, the puzzle table filtered, nothing of a hostile
//! name run). Skipped
//! with a note when chromium is missing, unless `SUDOKU_ARENA_REQUIRE_EXTERNAL=1` (CI)
//! makes that a failure.

use crate::common::external::external_available;
use crate::common::page::{page_data, sources};
use std::path::Path;
use std::process::Command;

/// Shows each step of the page and writes, into a `<pre id="measured">`, what overflows:
/// SVG text past its picture's right edge, a caption paragraph wider than its box or
/// past the bottom of the step's panel, and anything past the window; with the length
/// and height of the longest caption paragraph and, per step, the cells its picture
/// marks.
const MEASURE: &str = r#"<script>
var n = document.querySelectorAll('.step').length, width = document.documentElement.clientWidth;
var bad = [], tallest = 0, longest = 0, marks = [], reasons = [];
for (var i = 0; i < n; i++) {
  show(i);
  var step = document.getElementById('s' + i);
  var marked = step.querySelectorAll('svg rect.mark'), cells = [];
  for (var j = 0; j < marked.length; j++) cells.push(marked[j].getAttribute('data-cell'));
  marks.push(cells);
  reasons.push(step.querySelectorAll('.caption p')[1].textContent);
  var panel = step.querySelector('.caption').getBoundingClientRect();
  var svg = step.querySelector('svg'), edge = svg.getBoundingClientRect().right;
  var texts = step.querySelectorAll('svg text');
  for (var j = 0; j < texts.length; j++) {
    if (texts[j].getBoundingClientRect().right > edge + 1) bad.push('step ' + (i + 1) + ' svg text: ' + texts[j].textContent.slice(0, 60));
  }
  var ps = step.querySelectorAll('.caption p, .caption h2');
  for (var j = 0; j < ps.length; j++) {
    var r = ps[j].getBoundingClientRect();
    if (ps[j].scrollWidth > ps[j].clientWidth + 1 || r.right > width + 1 || r.bottom > panel.bottom + 1) bad.push('step ' + (i + 1) + ' caption: ' + ps[j].textContent.slice(0, 60));
    if (ps[j].textContent.length > longest) { longest = ps[j].textContent.length; tallest = r.height; }
  }
  if (document.documentElement.scrollWidth > width + 1) bad.push('step ' + (i + 1) + ': the page scrolls sideways');
}
var pre = document.createElement('pre');
pre.id = 'measured';
pre.textContent = JSON.stringify({steps: n, bad: bad, longest: longest, tallest: tallest, marks: marks, reasons: reasons});
document.body.appendChild(pre);
</script></body>"#;

#[test]
fn the_html_page_shows_one_pattern_a_step_each_fitting_its_panel() {
    if !external_available("chromium", "chromium") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("steps.html");
    // Magictour's puzzle 24 (tests/data/SOURCES.md): its ALS, template and 2-SAT searches
    // prove many things at once (one batch there places 16 digits and removes about a
    // hundred candidates, 32,869 characters written as one step).
    let explain = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
            .args(["explain", "--index", "24"])
            .args(args)
            .arg("tests/data/magictour_top1465.txt")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        o.stdout
    };
    explain(&["--html", page.to_str().unwrap()]);
    let json: serde_json::Value = serde_json::from_slice(&explain(&["--format", "json"])).unwrap();
    let steps = json["steps"].as_array().unwrap();
    assert_eq!(json["verdict"], "unique");
    let html = std::fs::read_to_string(&page).unwrap();
    let measured = dir.path().join("measured.html");
    std::fs::write(&measured, html.replace("</body>", MEASURE)).unwrap();
    let m = measured_in_chromium(dir.path(), &measured, "");
    assert_eq!(m["steps"].as_u64().unwrap() as usize, steps.len(), "{m}");
    assert_eq!(m["bad"], serde_json::json!([]), "{m}");
    // No caption paragraph runs to a thousand characters: a few lines each.
    assert!(m["longest"].as_u64().unwrap() < 1000, "{m}");
    // Each picture marks exactly the cells its step names: those it reasons with and
    // those it places in, no other step's.
    let marks = m["marks"].as_array().unwrap();
    for (step, marked) in steps.iter().zip(marks) {
        let mut named: Vec<&str> = step["cells"]
            .as_array()
            .unwrap()
            .iter()
            .chain(
                step["placed"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| &p["cell"]),
            )
            .map(|c| c.as_str().unwrap())
            .collect();
        named.sort_unstable();
        named.dedup();
        let mut seen: Vec<&str> = marked
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, named, "step {}", step["step"]);
        // One pattern: at most one digit placed.
        assert!(step["placed"].as_array().unwrap().len() <= 1, "{step}");
    }
    // Every chain is in Eureka notation on the page, as in the text.
    let reasons = m["reasons"].as_array().unwrap();
    let chains = [
        "2-SAT",
        "almost locked sets",
        "finned fish",
        "template chains",
    ];
    let mut chained = 0;
    for (step, reason) in steps.iter().zip(reasons) {
        if chains.contains(&step["rule"].as_str().unwrap()) {
            let reason = reason.as_str().unwrap();
            assert!(reason.starts_with('('), "step {}: {reason}", step["step"]);
            chained += 1;
        }
    }
    assert!(chained >= 5, "{chained} chain steps");
}

/// Opens `page` from disk, at `fragment` (empty, or `#…`), in headless chromium (a
/// profile of its own under `dir`) and gives the JSON its script wrote into
/// `<pre id="measured">`.
fn measured_in_chromium(dir: &Path, page: &Path, fragment: &str) -> serde_json::Value {
    let profile = dir.join("profile");
    let o = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1280,900",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}{fragment}", page.display()))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&o.stdout);
    let start = dom
        .find("<pre id=\"measured\">")
        .unwrap_or_else(|| panic!("no measurement: {}", String::from_utf8_lossy(&o.stderr)))
        + "<pre id=\"measured\">".len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let text = dom[start..end]
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&text).unwrap()
}

/// Set first in the report's head: notes every error, console error and alert.
const WATCH: &str = r#"<head><script>
window.seen = {errors: [], alerts: 0};
window.addEventListener("error", function (e) { seen.errors.push(String(e.message)); });
console.error = function () { seen.errors.push(Array.prototype.join.call(arguments, " ")); };
window.alert = function () { seen.alerts++; };
</script>"#;

/// Run last in the report: the scatter plot as it opened, then with other
/// configurations chosen from its menus; the puzzle table filtered to the slowest of a
/// configuration; and what of the page is an image.
const DRIVE: &str = r#"<script>
var canvas = document.getElementById("scatter-canvas");
var first = {pair: canvas.dataset.pair, points: +canvas.dataset.points};
function choose(id, value) {
  var menu = document.getElementById(id);
  menu.value = value;
  menu.dispatchEvent(new Event("change"));
}
choose("scatter-x", "2");
choose("scatter-y", "0");
var second = {pair: canvas.dataset.pair, points: +canvas.dataset.points};
var blank = true, pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
for (var i = 0; i < pixels.length; i += 4) if (pixels[i + 3] > 0 && pixels[i] < 200) { blank = false; break; }
choose("filter", "slowest");
choose("filter-config", "1");
var table = document.getElementById("puzzle-table");
var pre = document.createElement("pre");
pre.id = "measured";
pre.textContent = JSON.stringify({
  errors: seen.errors, alerts: seen.alerts, images: document.images.length,
  first: first, second: second, blank: blank,
  rows: +table.dataset.rows, slowest: table.tBodies[0].rows[0].cells[1].textContent,
  view: decodeURIComponent(location.hash),
  cactus: +document.getElementById("cactus-canvas").dataset.lines
});
document.body.appendChild(pre);
</script></body>"#;

#[test]
fn the_report_opens_from_disk_redraws_its_scatter_plot_and_runs_nothing_of_a_name() {
    if !external_available("chromium", "chromium") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let hostile = "</script><img src=x onerror=alert(1)>";
    let input = dir.path().join("<b>hostile.txt");
    std::fs::write(
        &input,
        format!("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... # {hostile}\n"),
    )
    .unwrap();
    let page = dir.path().join("report.html");
    let o = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
        .args(["compare", "-b", "dlx,fast,csp:gac", "--html"])
        .arg(&page)
        .args(["examples/easy.txt", "examples/hard.txt"])
        .arg(&input)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    let measured = dir.path().join("measured.html");
    let driven = html.replacen("<head>", WATCH, 1).replace("</body>", DRIVE);
    std::fs::write(&measured, driven).unwrap();
    // Opened at a view another reader linked to: fast across, csp:gac up.
    let m = measured_in_chromium(dir.path(), &measured, "#x=fast&y=csp%3Agac");
    assert_eq!(m["errors"], serde_json::json!([]), "{m}");
    assert_eq!(m["alerts"], 0, "{m}");
    assert_eq!(m["images"], 0, "{m}");
    // 4 easy, 5 hard and the hostile one, each run by all three.
    assert_eq!(m["first"]["pair"], "fast / csp:gac", "{m}");
    assert_eq!(m["first"]["points"], 10, "{m}");
    assert_eq!(m["second"]["pair"], "csp:gac / dlx", "{m}");
    assert_eq!(m["second"]["points"], 10, "{m}");
    // The view the menus chose is the address's fragment, to link or reload.
    assert_eq!(m["view"], "#x=csp:gac&y=dlx&show=slowest&of=fast", "{m}");
    assert_eq!(m["blank"], false, "{m}");
    assert_eq!(m["cactus"], 3, "{m}");
    assert_eq!(m["rows"], 10, "{m}");
    // The first row is the puzzle `fast` took longest on, as the data say.
    let data = page_data(&html);
    let times = data["times"][1].as_array().unwrap();
    let longest = (0..times.len())
        .max_by(|&a, &b| {
            times[a]
                .as_f64()
                .unwrap()
                .total_cmp(&times[b].as_f64().unwrap())
        })
        .unwrap();
    let name = &sources(&data)[longest];
    assert_eq!(m["slowest"], name.as_str(), "{m}");
    assert!(sources(&data).iter().any(|s| s == hostile));
}
