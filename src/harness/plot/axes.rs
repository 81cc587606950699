//! The axes of a plot: a scale from data to pixels (linear or logarithmic), its ticks
//! and their labels, and the frame with the axes' titles.

use super::svg::{Anchor, Svg};

/// A scale from a data interval onto a pixel interval.
#[derive(Clone, Copy, Debug)]
pub struct Scale {
    lo: f64,
    hi: f64,
    from: f64,
    to: f64,
    log: bool,
}

impl Scale {
    /// A linear scale of [`lo`, `hi`] onto pixels `from`..`to` (`to` may be below `from`,
    /// as a y axis runs up).
    pub fn linear(lo: f64, hi: f64, from: f64, to: f64) -> Scale {
        let hi = if hi > lo { hi } else { lo + 1.0 };
        Scale {
            lo,
            hi,
            from,
            to,
            log: false,
        }
    }

    /// A logarithmic scale of [`lo`, `hi`] (both above 0) onto pixels `from`..`to`.
    pub fn log(lo: f64, hi: f64, from: f64, to: f64) -> Scale {
        let lo = lo.max(1e-9);
        let hi = if hi > lo { hi } else { lo * 10.0 };
        Scale {
            lo,
            hi,
            from,
            to,
            log: true,
        }
    }

    /// The pixel of `v` (clamped to the interval).
    pub fn at(&self, v: f64) -> f64 {
        let v = v.clamp(self.lo, self.hi);
        let f = match self.log {
            true => (v / self.lo).ln() / (self.hi / self.lo).ln(),
            false => (v - self.lo) / (self.hi - self.lo),
        };
        self.from + f * (self.to - self.from)
    }

    /// The ticks: (value, label or none for a minor tick).
    pub fn ticks(&self, label: fn(f64) -> String) -> Vec<(f64, Option<String>)> {
        match self.log {
            true => log_ticks(self.lo, self.hi, label),
            false => linear_ticks(self.lo, self.hi, label),
        }
    }

    /// The pixel interval.
    pub fn pixels(&self) -> (f64, f64) {
        (self.from, self.to)
    }
}

/// Ticks at the powers of ten, minor ones at 2-9 times them; labels at 1, 2 and 5 times
/// them when the interval spans less than two powers of ten.
fn log_ticks(lo: f64, hi: f64, label: fn(f64) -> String) -> Vec<(f64, Option<String>)> {
    let few = hi / lo < 100.0;
    let mut ticks = Vec::new();
    let mut decade = 10f64.powi(lo.log10().floor() as i32);
    while decade <= hi * 1.0001 {
        for m in 1..10 {
            let v = decade * m as f64;
            if v < lo * 0.9999 || v > hi * 1.0001 {
                continue;
            }
            let labelled = m == 1 || (few && (m == 2 || m == 5));
            ticks.push((v, labelled.then(|| label(v))));
        }
        decade *= 10.0;
    }
    ticks
}

/// About six ticks at round steps (1, 2 or 5 times a power of ten), every one labelled.
fn linear_ticks(lo: f64, hi: f64, label: fn(f64) -> String) -> Vec<(f64, Option<String>)> {
    let rough = (hi - lo) / 6.0;
    let power = 10f64.powi(rough.log10().floor() as i32);
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= rough)
        .unwrap_or(10.0 * power);
    let mut ticks = Vec::new();
    let mut v = (lo / step).ceil() * step;
    while v <= hi + step * 1e-9 {
        ticks.push((v, Some(label(v))));
        v += step;
    }
    ticks
}

/// A time in milliseconds as a tick says it: `100 ns`, `2 µs`, `10 ms`, `1 s`.
pub fn time_label(ms: f64) -> String {
    let (v, unit) = if ms < 1e-3 {
        (ms * 1e6, "ns")
    } else if ms < 1.0 {
        (ms * 1e3, "µs")
    } else if ms < 1e3 {
        (ms, "ms")
    } else {
        (ms / 1e3, "s")
    };
    format!("{} {unit}", trim(v))
}

/// A number as a tick says it: no trailing zeros.
pub fn number_label(v: f64) -> String {
    trim(v)
}

fn trim(v: f64) -> String {
    let s = format!("{:.2}", (v * 100.0).round() / 100.0);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A plotting area and the titles of its axes.
pub struct Frame<'a> {
    /// The horizontal scale.
    pub x: Scale,
    /// The vertical scale.
    pub y: Scale,
    /// The x axis's title.
    pub x_title: &'a str,
    /// The y axis's title.
    pub y_title: &'a str,
    /// Labels of the x ticks.
    pub x_label: fn(f64) -> String,
    /// Labels of the y ticks.
    pub y_label: fn(f64) -> String,
}

/// Font size of tick labels.
pub const TICK_FONT: f64 = 12.0;
/// Font size of axis titles.
pub const TITLE_FONT: f64 = 13.0;

impl Frame<'_> {
    /// Draws the grid, the frame, the ticks and their labels, and the axes' titles.
    pub fn draw(&self, svg: &mut Svg) {
        let (left, right) = self.x.pixels();
        let (bottom, top) = self.y.pixels();
        for (v, label) in self.x.ticks(self.x_label) {
            let x = self.x.at(v);
            // Grid lines at labelled ticks only: minor ones would crowd a log axis.
            let len = if label.is_some() { 6.0 } else { 3.0 };
            if label.is_some() {
                svg.line((x, top), (x, bottom), "#e4e4e4", 1.0);
            }
            svg.line((x, bottom), (x, bottom + len), "#444444", 1.0);
            if let Some(l) = label {
                svg.text(x, bottom + 20.0, TICK_FONT, Anchor::Middle, &l);
            }
        }
        for (v, label) in self.y.ticks(self.y_label) {
            let y = self.y.at(v);
            let len = if label.is_some() { 6.0 } else { 3.0 };
            if label.is_some() {
                svg.line((left, y), (right, y), "#e4e4e4", 1.0);
            }
            svg.line((left - len, y), (left, y), "#444444", 1.0);
            if let Some(l) = label {
                svg.text(left - 9.0, y + 4.0, TICK_FONT, Anchor::End, &l);
            }
        }
        svg.raw(&format!(
            r##"<rect x="{left:.1}" y="{top:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="#444444"/>"##,
            right - left,
            bottom - top
        ));
        svg.text(
            (left + right) / 2.0,
            bottom + 40.0,
            TITLE_FONT,
            Anchor::Middle,
            self.x_title,
        );
        svg.text_up(left - 58.0, (top + bottom) / 2.0, TITLE_FONT, self.y_title);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_scale_puts_each_power_of_ten_equally_far() {
        let s = Scale::log(1e-3, 10.0, 0.0, 400.0);
        assert!((s.at(1e-3) - 0.0).abs() < 1e-9);
        assert!((s.at(1e-2) - 100.0).abs() < 1e-9);
        assert!((s.at(10.0) - 400.0).abs() < 1e-9);
        let labelled: Vec<String> = s
            .ticks(time_label)
            .into_iter()
            .filter_map(|(_, l)| l)
            .collect();
        assert_eq!(labelled, ["1 µs", "10 µs", "100 µs", "1 ms", "10 ms"]);
    }

    #[test]
    fn linear_ticks_fall_on_round_steps() {
        let s = Scale::linear(0.0, 100.0, 0.0, 1.0);
        let values: Vec<f64> = s.ticks(number_label).into_iter().map(|(v, _)| v).collect();
        assert_eq!(values, [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]);
    }
}
