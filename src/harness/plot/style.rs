//! How series look, in the SVG and in the HTML report alike: a colour from a palette
//! that colour-blind readers tell apart too (Okabe and Ito's, without its yellow, which
//! does not read on white), then a dash pattern for the series beyond the palette; and a
//! marker shape per grid size.

/// The palette: Okabe and Ito's colour-blind-safe colours, yellow left out.
pub const COLOURS: [&str; 7] = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
];

/// SVG `stroke-dasharray` values, the first solid: series 0-6 are solid, 7-13 dashed,
/// and so on; 28 series have distinct looks.
pub const DASHES: [&str; 4] = ["", "7 4", "2 3", "9 3 2 3"];

/// Marker shapes, one per grid size in increasing order.
pub const MARKERS: [Marker; 5] = [
    Marker::Circle,
    Marker::Square,
    Marker::Triangle,
    Marker::Diamond,
    Marker::Cross,
];

/// The look of series `i`: its colour and dash pattern.
pub fn series(i: usize) -> (&'static str, &'static str) {
    (
        COLOURS[i % COLOURS.len()],
        DASHES[(i / COLOURS.len()) % DASHES.len()],
    )
}

/// A point marker's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A filled circle.
    Circle,
    /// A filled square.
    Square,
    /// A filled triangle, point up.
    Triangle,
    /// A filled diamond.
    Diamond,
    /// A plus sign, stroked.
    Cross,
}

impl Marker {
    /// The SVG element of this marker centred at (`x`, `y`), `r` its half-size.
    pub fn svg(self, x: f64, y: f64, r: f64, colour: &str) -> String {
        match self {
            Marker::Circle => {
                format!(r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{colour}"/>"#)
            }
            Marker::Square => format!(
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{colour}"/>"#,
                x - r,
                y - r,
                2.0 * r,
                2.0 * r
            ),
            Marker::Triangle => format!(
                r#"<path d="M{x:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z" fill="{colour}"/>"#,
                y - r * 1.2,
                x + r * 1.1,
                y + r * 0.8,
                x - r * 1.1,
                y + r * 0.8
            ),
            Marker::Diamond => format!(
                r#"<path d="M{x:.1} {:.1}L{:.1} {y:.1}L{x:.1} {:.1}L{:.1} {y:.1}Z" fill="{colour}"/>"#,
                y - r * 1.3,
                x + r * 1.1,
                y + r * 1.3,
                x - r * 1.1
            ),
            Marker::Cross => format!(
                r#"<path d="M{:.1} {y:.1}H{:.1}M{x:.1} {:.1}V{:.1}" stroke="{colour}" stroke-width="2" fill="none"/>"#,
                x - r * 1.2,
                x + r * 1.2,
                y - r * 1.2,
                y + r * 1.2
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_eight_series_look_different() {
        let looks: std::collections::HashSet<_> = (0..28).map(series).collect();
        assert_eq!(looks.len(), 28);
        assert_eq!(series(0), series(28));
    }
}
