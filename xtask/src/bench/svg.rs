//! `bench/speedups.svg`: per-kernel speedups of loopwright as a
//! hand-written SVG bar chart.
//!
//! One row per kernel, sorted by the speedup over A (best first), with two
//! bars: A's value / loopwright's, and floor's / loopwright's (> 1 means
//! loopwright is faster). The axis is logarithmic (base 2) so that 2x
//! faster and 2x slower are the same length; bars grow from the 1.0 line.
//! Values that are missing or not finite get no bar and an "n/a" label.

use std::fmt::Write as _;

/// One kernel's speedups.
#[derive(Clone, Debug)]
pub struct Bar {
    pub name: String,
    /// A / loopwright.
    pub vs_a: Option<f64>,
    /// floor / loopwright.
    pub vs_floor: Option<f64>,
}

const WIDTH: f64 = 1000.0;
const LABEL_W: f64 = 220.0;
const VALUE_W: f64 = 120.0;
const TOP: f64 = 78.0;
const ROW_H: f64 = 22.0;
const BAR_H: f64 = 8.0;
const BOTTOM: f64 = 44.0;
const COLOR_A: &str = "#4e79a7";
const COLOR_FLOOR: &str = "#f28e2b";

fn finite(v: Option<f64>) -> Option<f64> {
    v.filter(|x| x.is_finite() && *x > 0.0)
}

/// The chart for `bars` (in any order), titled with `metric` (e.g. "time").
pub fn chart(bars: &[Bar], metric: &str) -> String {
    let mut bars: Vec<&Bar> = bars.iter().collect();
    bars.sort_by(|a, b| {
        let ka = finite(a.vs_a).unwrap_or(0.0);
        let kb = finite(b.vs_a).unwrap_or(0.0);
        kb.total_cmp(&ka).then_with(|| a.name.cmp(&b.name))
    });

    // Log2 domain covering every value and 1.0, in whole powers of two.
    let values = bars
        .iter()
        .flat_map(|b| [finite(b.vs_a), finite(b.vs_floor)])
        .flatten();
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for v in values {
        lo = lo.min(v.log2());
        hi = hi.max(v.log2());
    }
    let lo = lo.floor().max(-8.0) as i32;
    let hi = hi.ceil().min(8.0) as i32;
    let (lo, hi) = if lo == hi { (lo - 1, hi + 1) } else { (lo, hi) };
    let x0 = LABEL_W;
    let x1 = WIDTH - VALUE_W;
    let x = |v: f64| {
        let t = (v.log2().clamp(lo as f64, hi as f64) - lo as f64) / (hi - lo) as f64;
        x0 + t * (x1 - x0)
    };
    let height = TOP + ROW_H * bars.len() as f64 + BOTTOM;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="20" font-size="15" font-weight="bold" text-anchor="middle">loopwright speedup per kernel ({})</text>"#,
        WIDTH / 2.0,
        esc(metric)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="38" text-anchor="middle" fill="#444">speedup = other build / loopwright; right of the 1.0 line loopwright is faster, left it is slower (log scale)</text>"##,
        WIDTH / 2.0
    );
    // Legend.
    for (i, (color, label)) in [
        (COLOR_A, "vs A (clang-19 -O3)"),
        (COLOR_FLOOR, "vs floor (-O3 without loop transformations)"),
    ]
    .iter()
    .enumerate()
    {
        let lx = x0 + i as f64 * 220.0;
        let _ = writeln!(
            s,
            r#"<rect x="{lx}" y="50" width="12" height="10" fill="{color}"/><text x="{}" y="59">{label}</text>"#,
            lx + 16.0
        );
    }

    // Grid and axis labels at each power of two.
    let bottom = height - BOTTOM;
    for e in lo..=hi {
        let v = 2f64.powi(e);
        let gx = x(v);
        let (stroke, w) = if e == 0 { ("#000", 1.5) } else { ("#ddd", 1.0) };
        let _ = writeln!(
            s,
            r#"<line x1="{gx:.1}" y1="{}" x2="{gx:.1}" y2="{bottom}" stroke="{stroke}" stroke-width="{w}"/>"#,
            TOP - 6.0
        );
        let label = if e >= 0 {
            format!("{}x", 1u64 << e)
        } else {
            format!("1/{}x", 1u64 << (-e))
        };
        let _ = writeln!(
            s,
            r#"<text x="{gx:.1}" y="{}" text-anchor="middle">{label}</text>"#,
            bottom + 16.0
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{}" text-anchor="middle" font-weight="bold">1.0</text>"#,
        x(1.0),
        TOP - 10.0
    );

    for (i, b) in bars.iter().enumerate() {
        let y = TOP + ROW_H * i as f64;
        if i % 2 == 1 {
            let _ = writeln!(
                s,
                r##"<rect x="0" y="{y}" width="{WIDTH}" height="{ROW_H}" fill="#f6f6f6"/>"##
            );
        }
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            x0 - 8.0,
            y + ROW_H / 2.0 + 4.0,
            esc(&b.name)
        );
        for (k, (v, color)) in [(b.vs_a, COLOR_A), (b.vs_floor, COLOR_FLOOR)]
            .into_iter()
            .enumerate()
        {
            let by = y + 2.0 + k as f64 * (BAR_H + 2.0);
            if let Some(v) = finite(v) {
                let (a, z) = (x(1.0), x(v));
                let (left, w) = (a.min(z), (a - z).abs().max(1.0));
                let _ = writeln!(
                    s,
                    r#"<rect x="{left:.1}" y="{by}" width="{w:.1}" height="{BAR_H}" fill="{color}"><title>{}: {v:.3}x</title></rect>"#,
                    esc(&b.name)
                );
            }
        }
        let fmt =
            |v: Option<f64>| finite(v).map_or_else(|| "n/a".to_owned(), |v| format!("{v:.2}x"));
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}"><tspan fill="{COLOR_A}">{}</tspan> <tspan fill="{COLOR_FLOOR}">{}</tspan></text>"#,
            x1 + 10.0,
            y + ROW_H / 2.0 + 4.0,
            fmt(b.vs_a),
            fmt(b.vs_floor)
        );
    }
    s.push_str("</svg>\n");
    s
}

fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(name: &str, a: Option<f64>, f: Option<f64>) -> Bar {
        Bar {
            name: name.to_owned(),
            vs_a: a,
            vs_floor: f,
        }
    }

    #[test]
    fn rows_are_sorted_best_first_with_one_title_per_bar() {
        let svg = chart(
            &[
                bar("slow", Some(0.25), Some(1.0)),
                bar("fast", Some(2.0), Some(4.0)),
                bar("broken", None, Some(f64::NAN)),
            ],
            "time",
        );
        let fast = svg.find(">fast<").unwrap();
        let slow = svg.find(">slow<").unwrap();
        let broken = svg.find(">broken<").unwrap();
        assert!(fast < slow && slow < broken);
        assert_eq!(svg.matches("<title>").count(), 4);
        assert!(svg.contains("n/a"));
        assert!(svg.contains(">1/4x<") && svg.contains(">4x<"));
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
    }

    #[test]
    fn the_one_line_is_bold_and_bars_start_there() {
        let svg = chart(&[bar("k", Some(0.5), Some(2.0))], "time");
        // Domain [1/2, 2]: 1.0 is the middle of the plot area.
        let mid = LABEL_W + (WIDTH - VALUE_W - LABEL_W) / 2.0;
        assert!(svg.contains(&format!(r#"x1="{mid:.1}""#)));
        assert!(svg.contains(r##"stroke="#000""##));
        // The slower bar ends at 1.0, the faster one starts there.
        assert!(svg.contains(&format!(r#"width="{:.1}""#, mid - LABEL_W)));
        assert!(svg.contains(&format!(r#"<rect x="{mid:.1}""#)));
    }

    #[test]
    fn names_are_escaped() {
        let svg = chart(&[bar("a<b&c", Some(1.0), Some(1.0))], "x\"y");
        assert!(svg.contains("a&lt;b&amp;c") && svg.contains("x&quot;y"));
        assert!(!svg.contains("a<b"));
    }
}
