//! A partizan position and its thermograph as one SVG picture: the board (its lines of
//! characters as cells), then the thermograph with its walls, the mean and the
//! temperature marked.
//!
//! The thermograph is drawn as the literature draws it: value along the horizontal axis
//! increasing to the *left* (Left's side), temperature upwards. Each wall is a polyline
//! whose `data-points` attribute holds its corners exactly (`t,x` pairs in the game's
//! notation), so that a reader of the SVG checks the walls without measuring pixels.

use std::fmt::Write as _;

/// A corner of a wall: its temperature and value, as numbers to draw and as exact text.
#[derive(Clone, Debug, PartialEq)]
pub struct Corner {
    pub t: f64,
    pub x: f64,
    pub exact: (String, String),
}

/// What the picture shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ThermographPicture {
    pub title: String,
    /// The position as lines of characters, one cell each.
    pub board: Vec<String>,
    pub left_wall: Vec<Corner>,
    pub right_wall: Vec<Corner>,
    /// The mean: drawn and exact.
    pub mean: (f64, String),
    /// The temperature: drawn and exact.
    pub temperature: (f64, String),
    /// Lines of text under the picture (the value).
    pub notes: Vec<String>,
}

const WIDTH: f64 = 760.0;
const BOARD_W: f64 = 240.0;
const TOP: f64 = 60.0;
const PLOT_W: f64 = 440.0;
const PLOT_H: f64 = 320.0;

/// Returns the fill of a board cell: empty cells white, the rest by their character.
fn fill(c: char) -> &'static str {
    match c {
        '.' | '_' => "#ffffff",
        '#' | 'x' | 'X' => "#555555",
        'T' | 'B' | 'L' => "#4a7bd0",
        'F' | 'R' => "#d04a4a",
        'G' => "#4ab04a",
        _ => "#e8e0c8",
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl ThermographPicture {
    /// Returns the picture as an SVG document.
    pub fn to_svg(&self) -> String {
        let height = TOP + PLOT_H + 60.0 + 18.0 * self.notes.len() as f64;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}">"#
        );
        let _ = writeln!(s, r#"<rect width="{WIDTH}" height="{height}" fill="white"/>"#);
        let _ = writeln!(
            s,
            r#"<text x="20" y="30" font-family="sans-serif" font-size="18">{}</text>"#,
            escape(&self.title)
        );
        self.board_svg(&mut s);
        self.thermograph_svg(&mut s);
        for (i, note) in self.notes.iter().enumerate() {
            let y = TOP + PLOT_H + 50.0 + 18.0 * i as f64;
            let _ = writeln!(
                s,
                r#"<text x="20" y="{y}" font-family="sans-serif" font-size="13">{}</text>"#,
                escape(note)
            );
        }
        s.push_str("</svg>\n");
        s
    }

    fn board_svg(&self, s: &mut String) {
        let cols = self
            .board
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(1)
            .max(1);
        let rows = self.board.len().max(1);
        let cell = (BOARD_W / cols as f64).min(PLOT_H / rows as f64).min(40.0);
        let _ = writeln!(s, r#"<g id="board" data-rows="{rows}" data-cols="{cols}">"#);
        for (r, line) in self.board.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let (x, y) = (20.0 + c as f64 * cell, TOP + r as f64 * cell);
                let _ = writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{}" stroke="#333" data-cell="{}"/>"##,
                    fill(ch),
                    escape(&ch.to_string())
                );
            }
        }
        s.push_str("</g>\n");
    }

    fn thermograph_svg(&self, s: &mut String) {
        let corners = self.left_wall.iter().chain(&self.right_wall);
        let (mut lo_x, mut hi_x, mut lo_t, mut hi_t) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for c in corners {
            lo_x = lo_x.min(c.x);
            hi_x = hi_x.max(c.x);
            lo_t = lo_t.min(c.t);
            hi_t = hi_t.max(c.t);
        }
        if lo_x > hi_x {
            (lo_x, hi_x, lo_t, hi_t) = (-1.0, 1.0, -1.0, 1.0);
        }
        let span_x = (hi_x - lo_x).max(1.0) * 1.2;
        let mid_x = (hi_x + lo_x) / 2.0;
        let span_t = (hi_t - lo_t).max(1.0);
        let left = 20.0 + BOARD_W + 40.0;
        // Value increases to the left.
        let px = |x: f64| left + PLOT_W / 2.0 - (x - mid_x) / span_x * PLOT_W;
        let py = |t: f64| TOP + PLOT_H - (t - lo_t) / span_t * PLOT_H;
        let _ = writeln!(s, r#"<g id="thermograph">"#);
        let zero_t = py(0.0_f64.clamp(lo_t, hi_t));
        let _ = writeln!(
            s,
            r##"<line id="axis" x1="{left}" y1="{zero_t}" x2="{}" y2="{zero_t}" stroke="#999"/>"##,
            left + PLOT_W
        );
        for (id, wall, colour) in [
            ("left-wall", &self.left_wall, "#4a7bd0"),
            ("right-wall", &self.right_wall, "#d04a4a"),
        ] {
            let points: Vec<String> = wall
                .iter()
                .map(|c| format!("{:.2},{:.2}", px(c.x), py(c.t)))
                .collect();
            let exact: Vec<String> = wall
                .iter()
                .map(|c| format!("{},{}", c.exact.0, c.exact.1))
                .collect();
            let _ = writeln!(
                s,
                r#"<polyline id="{id}" points="{}" data-points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
                points.join(" "),
                exact.join(" ")
            );
        }
        let (mean, mean_text) = (&self.mean.0, &self.mean.1);
        let (temp, temp_text) = (&self.temperature.0, &self.temperature.1);
        let _ = writeln!(
            s,
            r##"<line id="mean" data-value="{mean_text}" x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="#333" stroke-dasharray="4 3"/>"##,
            py(lo_t),
            py(hi_t),
            x = px(*mean)
        );
        let _ = writeln!(
            s,
            r##"<line id="temperature" data-value="{temp_text}" x1="{left}" y1="{y}" x2="{}" y2="{y}" stroke="#333" stroke-dasharray="4 3"/>"##,
            left + PLOT_W,
            y = py(*temp)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-family="sans-serif" font-size="13">mean {}</text>"#,
            px(*mean) + 4.0,
            py(hi_t) + 14.0,
            escape(mean_text)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-family="sans-serif" font-size="13">temperature {}</text>"#,
            left + 4.0,
            py(*temp) - 4.0,
            escape(temp_text)
        );
        s.push_str("</g>\n");
    }
}
