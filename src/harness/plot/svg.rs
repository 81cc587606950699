//! A small SVG writer: the elements the plots use, text escaped, and the width a text
//! takes, so that layouts keep every label inside the picture.

use std::fmt::Write;

/// Average advance of a sans-serif character, in units of the font size (generous, so
/// that a text laid out by it fits however the viewer's font runs).
const CHAR_WIDTH: f64 = 0.6;

/// The width `text` takes at font size `size`, by [`CHAR_WIDTH`].
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * CHAR_WIDTH
}

/// `text` with the characters markup gives meaning to escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Where a text's `x` is: its start, middle or end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is where the text starts.
    Start,
    /// `x` is the text's middle.
    Middle,
    /// `x` is where the text ends.
    End,
}

/// An SVG document being written, `width` × `height` pixels.
pub struct Svg {
    body: String,
    width: f64,
    height: f64,
}

impl Svg {
    /// An empty picture of the given size, white.
    pub fn new(width: f64, height: f64) -> Svg {
        let mut svg = Svg {
            body: String::new(),
            width,
            height,
        };
        svg.raw(&format!(
            r#"<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>"#
        ));
        svg
    }

    /// Adds an element as written.
    pub fn raw(&mut self, element: &str) {
        self.body.push_str(element);
        self.body.push('\n');
    }

    /// Text at (`x`, `y`), the baseline at `y`.
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, text: &str) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="{anchor}">{}</text>"#,
            escape(text)
        );
    }

    /// Text turned a quarter anticlockwise, its middle at (`x`, `y`) (a y axis's title).
    pub fn text_up(&mut self, x: f64, y: f64, size: f64, text: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="middle" transform="rotate(-90 {x:.1} {y:.1})">{}</text>"#,
            escape(text)
        );
    }

    /// A straight line.
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="{width}"/>"#
        );
    }

    /// A polyline through `points`, coloured `stroke`, dashed by `dash` (empty: solid),
    /// labelled `series` for whoever reads the picture back.
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, dash: &str, series: &str) {
        let mut coords = String::with_capacity(points.len() * 12);
        for (x, y) in points {
            let _ = write!(coords, "{x:.1},{y:.1} ");
        }
        let dash = match dash {
            "" => String::new(),
            d => format!(r#" stroke-dasharray="{d}""#),
        };
        let _ = writeln!(
            self.body,
            r#"<polyline data-series="{}" points="{}" fill="none" stroke="{stroke}" stroke-width="2"{dash}/>"#,
            escape(series),
            coords.trim_end()
        );
    }

    /// The document.
    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" data-generator=\"{}\">\n{}</svg>\n",
            crate::harness::report::MADE_BY,
            self.body,
            w = self.width,
            h = self.height
        )
    }
}

/// `text` broken into lines of at most `width` pixels at font size `size`, at spaces
/// (a word longer than a line stands alone).
pub fn wrap(text: &str, size: f64, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let longer = match line.is_empty() {
            true => word.to_string(),
            false => format!("{line} {word}"),
        };
        if !line.is_empty() && text_width(&longer, size) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = longer;
        }
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_a_text_is_escaped() {
        let mut svg = Svg::new(10.0, 10.0);
        svg.text(0.0, 5.0, 10.0, Anchor::Start, "</text><script>x</script>&");
        let doc = svg.finish();
        assert!(!doc.contains("<script>"), "{doc}");
        assert!(doc.contains("&lt;/text&gt;&lt;script&gt;x&lt;/script&gt;&amp;"));
    }

    #[test]
    fn wrapped_lines_fit_and_keep_every_word() {
        let text = "8 results, puzzles of examples; 10 s budget per solve (partial: 3 of 9 solves)";
        let lines = wrap(text, 16.0, 300.0);
        assert!(lines.len() > 1);
        assert!(
            lines.iter().all(|l| text_width(l, 16.0) <= 300.0),
            "{lines:?}"
        );
        assert_eq!(lines.join(" "), text);
    }
}
