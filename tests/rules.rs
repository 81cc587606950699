//! The `rules` backend and the analysis on top of it, through the public API and the
//! command line: verdicts through the registry, deadlines, and the `explain` and `rate`
//! commands (text, JSON, pictures, pages, CSV, `--stuck`, `--without`, `--weights`);
//! a Killer's explanation page opened in headless Chromium (cages and the 45 rule
//! drawn).
//! What reaches into the engine (every step replayed against known solutions, each
//! family where it is the first rule that applies) is tested inside the crate, in
//! `src/analysis/tests/`.

mod common;

use common::cli::{err, out, run};
use common::external::external_available;
use common::*;
use std::process::{Command, Output};
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudoku_arena::analysis::{ExplainOptions, Explanation, RateSettings, Rater};
use sudoku_arena::backends::create;
use sudoku_arena::model::{to_block, Cage, Geometry, Puzzle, Variant};
use sudoku_arena::solver::{verify, SolveOptions, Verdict};

#[test]
fn guessing_decides_hard_puzzles_like_dlx_and_counts_as_asked() {
    let mut guess = create("rules:guess").unwrap();
    let mut dlx = create("dlx").unwrap();
    for p in data_puzzles("forum_hardest_1106.txt", 15) {
        let out = guess.solve(&p, &SolveOptions::default());
        verify(&p, &out).unwrap();
        let reference = dlx.solve(&p, &SolveOptions::default());
        assert_eq!(
            (out.verdict, &out.solutions),
            (reference.verdict, &reference.solutions)
        );
        assert!(out.stats.extra["inferences"] >= 1.0);
        let first = guess.solve(&p, &SolveOptions::new(1, None));
        assert_eq!(first.verdict, Verdict::Solved);
    }
    // Counting: the empty 4x4 board has 288 solutions.
    let empty = puzzle(&".".repeat(16), Variant::Classic);
    let out = guess.solve(&empty, &SolveOptions::new(usize::MAX, None));
    assert_eq!(out.solutions_found, 288);
    assert_eq!(out.verdict, Verdict::Multiple);
}

#[test]
fn a_contradiction_is_none() {
    // Givens that clash (the parser refuses them; a library caller may not).
    let g = data_puzzles("17_clue.txt", 1)[0].geometry.clone();
    let mut cells = vec![0u8; 81];
    cells[0] = 1;
    cells[1] = 1;
    let p = Puzzle::new(g, cells);
    let out = create("rules").unwrap().solve(&p, &SolveOptions::default());
    assert_eq!(out.verdict, Verdict::None);
    // No clash among the givens, yet r1c3 and r1c4 both need the 4.
    let p = puzzle("12.....3..3.....", Variant::Classic);
    assert_eq!(brute_force_count(&p, 2), 0);
    for backend in ["rules", "rules:guess"] {
        let out = create(backend).unwrap().solve(&p, &SolveOptions::default());
        assert_eq!(out.verdict, Verdict::None, "{backend}");
    }
}

#[test]
fn the_deadline_stops_a_count_that_never_ends() {
    let empty = puzzle(&vec!["0"; 25 * 25].join(" "), Variant::Classic);
    let mut guess = create("rules:guess").unwrap();
    let budget = Duration::from_millis(300);
    let start = Instant::now();
    let out = guess.solve(&empty, &SolveOptions::new(usize::MAX, Some(budget)));
    let elapsed = start.elapsed();
    verify(&empty, &out).unwrap();
    assert!(out.timed_out);
    assert!(elapsed < budget + slack(), "ran {elapsed:?}");
}

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-arena"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

#[test]
fn explain_prints_steps_as_text_and_as_data() {
    let o = cli(&["explain", "--index", "2", "tests/data/17_clue.txt"]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("# puzzle 2 ("));
    assert!(text.contains("[L0] hidden single: place "));
    assert!(text.contains("# solved by rules alone"));
    let o = cli(&[
        "explain",
        "--format",
        "json",
        "tests/data/forum_hardest_1106.txt",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["verdict"], "unknown");
    assert!(v["solution"].is_null());
    let partial = v["partial"].as_str().unwrap();
    assert_eq!(partial.len(), 81);
    assert!(partial.contains('.'));
    let steps = v["steps"].as_array().unwrap();
    for s in steps {
        assert!(s["reason"].as_str().is_some_and(|r| !r.is_empty()));
        assert!(s["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c.as_str().unwrap().starts_with('r')));
    }
    let o = cli(&[
        "explain",
        "--allow-guessing",
        "--format",
        "json",
        "tests/data/forum_hardest_1106.txt",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["verdict"], "unique");
    assert!(v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["rule"] == "guess" && s["level"].is_null()));
}

#[test]
fn rate_summarises_levels_and_writes_csv() {
    let csv = std::env::temp_dir().join(format!("rules-rate-{}.csv", std::process::id()));
    let o = cli(&[
        "rate",
        "--limit",
        "20",
        "--check",
        "--format",
        "json",
        "--csv",
        csv.to_str().unwrap(),
        "tests/data/17_clue.txt",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 21);
    let summary = &lines[20]["summary"];
    assert_eq!(summary["puzzles"], 20);
    assert_eq!(summary["check_failures"], 0);
    let per_level: u64 = summary["per_level"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(per_level + summary["stuck"].as_u64().unwrap(), 20);
    let c = lines[0]["game_complexity"].as_f64().unwrap();
    assert!(c > 1.0 && c < 3.17, "complexity {c}");
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 21);
    assert!(text.starts_with("file,line,index,verdict,level,"));
    std::fs::remove_file(csv).ok();
    // Bad input names the file and line, exit status 2.
    let bad = std::env::temp_dir().join(format!("rules-bad-{}.txt", std::process::id()));
    std::fs::write(&bad, "11.............?\n").unwrap();
    let o = cli(&["rate", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(":1: r4c4:"));
    // Givens that repeat a digit are a puzzle with no solution, not bad input.
    std::fs::write(&bad, "11..............\n").unwrap();
    let o = cli(&["rate", "--format", "json", bad.to_str().unwrap()]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("\"verdict\":\"none\""));
    std::fs::remove_file(bad).ok();
}

#[test]
fn explain_draws_every_nontrivial_step_and_one_page() {
    let dir = std::env::temp_dir().join(format!("sudoku-arena-svg-{}", std::process::id()));
    let html = dir.join("page.html");
    let o = cli(&[
        "explain",
        "--format",
        "json",
        "--svg",
        dir.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
        "tests/data/named/sabuncu7.txt",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let steps = v["steps"].as_array().unwrap();
    let nontrivial: Vec<_> = steps
        .iter()
        .filter(|s| s["rule"] != "naked single" && s["rule"] != "hidden single")
        .collect();
    assert!(steps
        .iter()
        .any(|s| s["rule"] == "repetitive cycle" && !s["links"].as_array().unwrap().is_empty()));
    let mut svgs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".svg"))
        .collect();
    svgs.sort();
    assert_eq!(svgs.len(), nontrivial.len());
    for (name, s) in svgs.iter().zip(&nontrivial) {
        assert_eq!(
            *name,
            format!("step-{:03}.svg", s["step"].as_u64().unwrap())
        );
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains(&format!("[L{}]", s["level"])));
    }
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(page.matches("<div class=\"step\"").count(), steps.len());
    assert!(page.contains("repetitive cycle (bilocation)"));
    assert!(!page.contains("src=") && !page.contains("href=\"http"));
    std::fs::remove_dir_all(&dir).unwrap();
    // A directory that cannot be made is an error with a message, not a panic.
    let o = cli(&[
        "explain",
        "--svg",
        "/proc/no/such",
        "tests/data/named/sabuncu7.txt",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--svg /proc/no/such"));
}

#[test]
fn rate_csv_quotes_a_file_name_and_a_puzzle_name_with_commas_and_quotes() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("set, \"one\".txt");
    std::fs::write(
        &input,
        "4.3....1..4..2.1 # first, \"easy\"\n12..............\n",
    )
    .unwrap();
    let csv = dir.path().join("r.csv");
    let o = cli(&[
        "rate",
        "--csv",
        csv.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut reader = ::csv::Reader::from_path(&csv).unwrap();
    let header = reader.headers().unwrap().clone();
    assert_eq!(header.len(), 13);
    let rows: Vec<::csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 2);
    for (row, index) in rows.iter().zip(["1", "2"]) {
        assert_eq!(row.len(), 13, "{row:?}");
        assert_eq!(&row[0], input.to_str().unwrap());
        // One puzzle a line from the first: its line is its index.
        assert_eq!(&row[1], index);
        assert_eq!(&row[2], index);
    }
    assert_eq!(&rows[0][12], "first, \"easy\"");
    assert_eq!(&rows[1][12], "");
}

#[test]
fn rate_without_a_rule_leaves_it_out_of_the_ladder() {
    // magictour top 1465, line 62 (tests/data): the ladder needs template chains for it.
    let rate = |extra: &[&str]| {
        let mut args = vec![
            "rate",
            "--format",
            "json",
            "--limit",
            "62",
            "tests/data/magictour_top1465.txt",
        ];
        args.extend_from_slice(extra);
        let o = cli(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8(o.stdout).unwrap();
        let v: serde_json::Value = serde_json::from_str(out.lines().nth(61).unwrap()).unwrap();
        (v["level"].clone(), v["ladder"].clone())
    };
    assert_eq!(rate(&[]).0, 7);
    let (level, ladder) = rate(&["--without", "template chains"]);
    assert!(level.is_null(), "{level} {ladder}");
    // An unknown name is refused with the names it could be, exit status 2.
    let o = cli(&[
        "rate",
        "--without",
        "nishi",
        "tests/data/magictour_top1465.txt",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no rule is named \"nishi\"") && err.contains("nishio"),
        "{err}"
    );
}

#[test]
fn explain_shows_the_locked_set_past_the_ladder_in_words_data_and_pictures() {
    let file = "tests/data/forum_hardest_1106.txt";
    let o = run(&["explain", file], b"");
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    let stuck = lines
        .iter()
        .position(|l| l.starts_with("# stuck: "))
        .unwrap();
    assert!(
        lines[stuck + 1]
            .starts_with("# past the ladder's end (not applied): multi-sector locked set: remove "),
        "{text}"
    );
    assert!(
        lines[stuck + 2].starts_with("# (--allow-guessing goes on"),
        "{text}"
    );
    let o = run(&["explain", "--format", "json", file], b"");
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["past_the_ladder"]["name"], "multi-sector locked set");
    assert!(!v["past_the_ladder"]["removed"]
        .as_array()
        .unwrap()
        .is_empty());
    let dir = tempfile::tempdir().unwrap();
    let svg_dir = dir.path().join("steps");
    let svg_dir = svg_dir.to_str().unwrap();
    let o = run(&["explain", "--svg", svg_dir, file], b"");
    assert!(o.status.success(), "{}", err(&o));
    // The one step of the run is a single; the picture is the locked set's, after it.
    let last = std::fs::read_to_string(format!("{svg_dir}/step-002.svg")).unwrap();
    assert!(last.contains("yellow: the locked set's cells"));
    // A puzzle the ladder solves has no such step.
    let o = run(
        &["explain", "--format", "json"],
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    );
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert!(v["past_the_ladder"].is_null());
}

#[test]
fn rate_stuck_lists_each_stuck_puzzle_with_its_first_step_beyond_singles() {
    let o = run(
        &[
            "rate",
            "--stuck",
            "--limit",
            "3",
            "tests/data/forum_hardest_1106.txt",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 3, "{text}");
    for (k, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 5, "{line}");
        assert!(fields[0].ends_with(&format!(":{}", k + 1)), "{line}");
        assert!(fields[1].starts_with("stuck after "), "{line}");
        assert!(fields[2].ends_with(" candidates"), "{line}");
        assert!(fields[4].starts_with("next: "), "{line}");
    }
    // The first puzzle gives the ladder nothing past singles (a multi-sector locked
    // set past its end), the second a junior exocet at step 2, the third a pointing
    // locked candidates at step 2.
    assert_eq!(
        lines[0].split('\t').nth(3),
        Some("first step beyond singles: none")
    );
    assert!(
        lines[0].contains("\tnext: multi-sector locked set: remove "),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1].split('\t').nth(3),
        Some("first step beyond singles: step 2, junior exocet")
    );
    assert_eq!(
        lines[2].split('\t').nth(3),
        Some("first step beyond singles: step 2, locked candidates (pointing)")
    );
    assert!(
        text.contains("# stuck: 3; with a step beyond singles: 2 (with the sound families past the ladder's end: 3); next step past the ladder: "),
        "{text}"
    );
}

#[test]
fn rate_stuck_refuses_guessing() {
    let o = run(
        &[
            "rate",
            "--stuck",
            "--allow-guessing",
            "tests/data/forum_hardest_1106.txt",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(out(&o).is_empty());
}

#[test]
fn every_next_step_the_diagnosis_finds_agrees_with_the_solution() {
    let mut settings = RateSettings::default();
    settings.diagnose = true;
    let mut rater = Rater::new(settings).unwrap();
    let mut found = 0;
    for (k, p) in data_puzzles("forum_hardest_1106.txt", 12)
        .iter()
        .enumerate()
    {
        let rated = rater.rate(p, k + 1);
        let d = rated
            .diagnosis
            .expect("every forum-hardest puzzle is stuck");
        assert!(d.open > 0 && d.candidates > d.open);
        let solution = dlx_solution(p);
        if let Some(next) = d.next {
            found += 1;
            assert!(!next.removes.is_empty());
            for (c, v) in next.removes {
                assert_ne!(solution[c], v, "puzzle {}: {}", k + 1, next.change);
            }
        }
    }
    assert!(found > 0);
}

#[test]
fn rate_weights_proves_the_first_magictour_puzzle_unique_at_level_8() {
    // Magictour line 1: the ladder sticks; with the weighted house count it solves it.
    let text = std::fs::read_to_string("tests/data/magictour_top1465.txt").unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let o = run(&["rate", "--weights", "--check", "-"], line.as_bytes());
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        out(&o).contains("unique\tlevel 8\thardest rule used: weighted house count"),
        "{}",
        out(&o)
    );
}

/// `solution` (9x9) cut into random connected cages of 2 to 5 cells (a cell left with
/// no free neighbour alone), no digit twice in a cage, each total read from it.
fn cut_into_cages(solution: &[u8], rng: &mut Rng) -> Vec<Cage> {
    let n = 9;
    let mut taken = [false; 81];
    let mut cages = Vec::new();
    for start in 0..81 {
        if taken[start] {
            continue;
        }
        let size = 2 + rng.below(4);
        let mut cells = vec![start];
        taken[start] = true;
        while cells.len() < size {
            let free: Vec<usize> = cells
                .iter()
                .flat_map(|&c| {
                    let (r, col) = (c / n, c % n);
                    [
                        (r > 0).then(|| c - n),
                        (r + 1 < n).then(|| c + n),
                        (col > 0).then(|| c - 1),
                        (col + 1 < n).then(|| c + 1),
                    ]
                })
                .flatten()
                .filter(|&x| !taken[x] && cells.iter().all(|&c| solution[c] != solution[x]))
                .collect();
            let Some(&x) = free.get(rng.below(free.len().max(1))) else {
                break;
            };
            taken[x] = true;
            cells.push(x);
        }
        cells.sort_unstable();
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        cages.push(Cage { cells, sum });
    }
    cages
}

/// The first seeded 9x9 Killer without givens that the rules solve alone with a
/// 45-rule step on the way, and its explanation.
fn killer_explained_with_the_45_rule() -> (Puzzle, Explanation) {
    let mut options = ExplainOptions::default();
    options.timeout = Some(Duration::from_secs(5));
    for seed in 1..300 {
        let full = random_puzzle(3, 3, Variant::Classic, seed, 100, false);
        let cages = cut_into_cages(&full.cells, &mut Rng((seed * 977) | 1));
        let g = Geometry::new(3, 3, Variant::Classic)
            .unwrap()
            .with_cages(cages)
            .unwrap();
        let p = Puzzle::new(Arc::new(g), vec![0; 81]);
        let e = Explanation::new(&p, 1, &options);
        let json = e.json();
        let uses_45 = json["steps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["rule"] == "45 rule");
        if json["verdict"] == "unique" && uses_45 {
            return (p, e);
        }
    }
    panic!("no seed gave a Killer solved with the 45 rule");
}

/// Shows each step of an explanation page and writes into `<pre id="measured">` per
/// step the cage outlines and totals its picture draws, the 45 rule's marks (units
/// tinted, innies, outies, a split cage's rest), its reason, and what overflows.
const MEASURE_KILLER: &str = r#"<script>
var n = document.querySelectorAll('.step').length, out = [], bad = [];
for (var i = 0; i < n; i++) {
  show(i);
  var step = document.getElementById('s' + i), svg = step.querySelector('svg');
  var totals = [], t = svg.querySelectorAll('text.cage-total');
  for (var j = 0; j < t.length; j++) totals.push(t[j].textContent);
  var edge = svg.getBoundingClientRect().right, texts = svg.querySelectorAll('text');
  for (var j = 0; j < texts.length; j++) if (texts[j].getBoundingClientRect().right > edge + 1) bad.push(i + 1);
  var box = svg.querySelector('path.cage').getBoundingClientRect();
  out.push({
    cages: svg.querySelectorAll('path.cage').length, totals: totals,
    cage_drawn: box.width > 0 && box.height > 0,
    area: svg.querySelectorAll('rect.area').length,
    sums: svg.querySelectorAll('rect.innie, rect.outie, rect.split').length,
    visible: step.className.indexOf('on') >= 0,
    reason: step.querySelectorAll('.caption p')[1].textContent
  });
}
var pre = document.createElement('pre');
pre.id = 'measured';
pre.textContent = JSON.stringify({steps: out, bad: bad});
document.body.appendChild(pre);
</script></body>"#;

#[test]
fn a_killers_page_draws_its_cages_and_the_45_rule_in_a_browser() {
    if !external_available("chromium", "chromium") {
        return;
    }
    let (p, explanation) = killer_explained_with_the_45_rule();
    let json = explanation.json();
    let steps = json["steps"].as_array().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("killer.html");
    std::fs::write(&page, explanation.html().replace("</body>", MEASURE_KILLER)).unwrap();
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
        .arg(format!(
            "--user-data-dir={}",
            dir.path().join("profile").display()
        ))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
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
    let m: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(m["bad"], serde_json::json!([]), "{m}");
    let shown = m["steps"].as_array().unwrap();
    assert_eq!(shown.len(), steps.len());
    // Every picture, singles' too, outlines every cage with its total in its corner.
    let mut totals: Vec<String> = p.geometry.cages.iter().map(|c| c.sum.to_string()).collect();
    totals.sort();
    for (k, s) in shown.iter().enumerate() {
        assert_eq!(s["visible"], true, "step {}", k + 1);
        assert_eq!(s["cages"], p.geometry.cages.len(), "step {}", k + 1);
        assert_eq!(s["cage_drawn"], true, "step {}", k + 1);
        let mut seen: Vec<String> = s["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect();
        seen.sort();
        assert_eq!(seen, totals, "step {}", k + 1);
    }
    // A 45-rule step: its units tinted, its innie or outie outlined, its reason in words.
    let k = steps.iter().position(|s| s["rule"] == "45 rule").unwrap();
    let s = &shown[k];
    assert!(s["area"].as_u64().unwrap() >= 9, "{s}");
    assert!(s["sums"].as_u64().unwrap() >= 1, "{s}");
    let reason = s["reason"].as_str().unwrap();
    assert!(reason.starts_with("the 45 rule on "), "{reason}");
    assert_eq!(reason, steps[k]["reason"].as_str().unwrap());
}

#[test]
fn explain_reads_a_killer_and_shows_its_cage_rules_in_words_data_and_pictures() {
    let (p, _) = killer_explained_with_the_45_rule();
    let block = to_block(&p);
    let text = run(&["explain", "-"], &block);
    assert!(text.status.success(), "{}", err(&text));
    let text = out(&text);
    assert!(text.contains("9x9 (3x3 boxes, "), "{text}");
    assert!(text.contains("] cage combinations: remove "), "{text}");
    assert!(text.contains("] 45 rule ("), "{text}");
    assert!(text.contains(". the 45 rule on "), "{text}");
    assert!(text.contains("# solved by rules alone"), "{text}");
    let json = run(&["explain", "--format", "json", "-"], &block);
    assert!(json.status.success(), "{}", err(&json));
    let v: serde_json::Value = serde_json::from_str(&out(&json)).unwrap();
    assert_eq!(v["verdict"], "unique");
    let steps = v["steps"].as_array().unwrap();
    let step = steps.iter().find(|s| s["rule"] == "45 rule").unwrap();
    assert_eq!(step["level"], 1);
    assert!(step["name"].as_str().unwrap().starts_with("45 rule ("));
    assert!(step["reason"]
        .as_str()
        .unwrap()
        .starts_with("the 45 rule on "));
    assert_eq!(step["placed"].as_array().unwrap().len(), 1);
    assert!(steps.iter().any(|s| s["rule"] == "cage combinations"));
    // The pictures and the page: every one outlines the cages with their totals.
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("killer.html");
    let svg = dir.path().join("svg");
    let o = run(
        &[
            "explain",
            "--html",
            html.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
            "-",
        ],
        &block,
    );
    assert!(o.status.success(), "{}", err(&o));
    let page = std::fs::read_to_string(&html).unwrap();
    let cages = p.geometry.cages.len();
    assert_eq!(page.matches("class=\"cage\"").count(), cages * steps.len());
    assert_eq!(
        page.matches("class=\"cage-total\"").count(),
        cages * steps.len()
    );
    assert!(page.contains("45 rule ("));
    for entry in std::fs::read_dir(&svg).unwrap() {
        let picture = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        assert_eq!(picture.matches("class=\"cage\"").count(), cages);
    }
}
