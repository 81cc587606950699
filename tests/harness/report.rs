//! What a reader of a comparison looks at: the `--plot` SVG read back (every text inside
//! the picture, the legend off the data, one look per configuration) and the HTML page
//! of `report` and `compare --html` (its parts, its data escaped, partial runs said).

use crate::common::cli::{err, run};
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
