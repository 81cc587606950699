//! The `explain --html` page in a real browser (Debian's headless `chromium`): every
//! step shown in turn, no text runs past its picture or the window, and the long
//! reason of a 2-SAT step wraps onto many lines. Skipped with a note when chromium is
//! missing, unless `SUDOKU_ARENA_REQUIRE_EXTERNAL=1` (CI) makes that a failure.

use crate::common::external::external_available;
use std::process::Command;

/// Shows each step of the page and writes, into a `<pre id="measured">`, what overflows:
/// SVG text past its picture's right edge, a caption paragraph wider than its box,
/// and anything past the window; with the height of the longest caption paragraph.
const MEASURE: &str = r#"<script>
var n = document.querySelectorAll('.step').length, width = document.documentElement.clientWidth;
var bad = [], tallest = 0, longest = 0;
for (var i = 0; i < n; i++) {
  show(i);
  var step = document.getElementById('s' + i);
  var svg = step.querySelector('svg'), edge = svg.getBoundingClientRect().right;
  var texts = step.querySelectorAll('svg text');
  for (var j = 0; j < texts.length; j++) {
    if (texts[j].getBoundingClientRect().right > edge + 1) bad.push('step ' + (i + 1) + ' svg text: ' + texts[j].textContent.slice(0, 60));
  }
  var ps = step.querySelectorAll('.caption p, .caption h2');
  for (var j = 0; j < ps.length; j++) {
    var r = ps[j].getBoundingClientRect();
    if (ps[j].scrollWidth > ps[j].clientWidth + 1 || r.right > width + 1) bad.push('step ' + (i + 1) + ' caption: ' + ps[j].textContent.slice(0, 60));
    if (ps[j].textContent.length > longest) { longest = ps[j].textContent.length; tallest = r.height; }
  }
  if (document.documentElement.scrollWidth > width + 1) bad.push('step ' + (i + 1) + ': the page scrolls sideways');
}
var pre = document.createElement('pre');
pre.id = 'measured';
pre.textContent = JSON.stringify({steps: n, bad: bad, longest: longest, tallest: tallest});
document.body.appendChild(pre);
</script></body>"#;

#[test]
fn the_html_page_wraps_a_long_2sat_step_in_a_real_browser() {
    if !external_available("chromium", "chromium") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("steps.html");
    // Puzzle 2 of examples/rules.txt: a 2-SAT step that fixes 15 literals.
    let o = Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
        .args(["explain", "--index", "2", "--html"])
        .arg(&page)
        .arg("examples/rules.txt")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("[L5]: 2-SAT"));
    let measured = dir.path().join("measured.html");
    std::fs::write(&measured, html.replace("</body>", MEASURE)).unwrap();
    let profile = dir.path().join("profile");
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
        .arg(format!("file://{}", measured.display()))
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
        .replace("&amp;", "&");
    let m: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(m["steps"].as_u64().unwrap() > 20, "{m}");
    assert_eq!(m["bad"], serde_json::json!([]), "{m}");
    // The 2-SAT reason (over 1,000 characters) takes many lines of 13 px text.
    assert!(m["longest"].as_u64().unwrap() > 1000, "{m}");
    assert!(m["tallest"].as_f64().unwrap() > 10.0 * 13.0, "{m}");
}
