//! `plot <partizan family>`: the position the flags name (or `--position`, in the
//! family's contest input) drawn beside its thermograph, with the mean and the
//! temperature marked.

use super::family::Family;
use super::{Dyadic, PartizanProblem, Thermograph, Trajectory};
use crate::budget::Budget;
use crate::plot::{Corner, Picture, PlotCommand, PlotError, ThermographPicture};
use crate::problem::{Flag, Flags};
use crate::tokens::Tokens;

fn float(x: Dyadic) -> f64 {
    x.numerator() as f64 / f64::powi(2.0, x.exponent() as i32)
}

/// Returns the corners of `wall` from `from` up to `to`: where it bends, and the ends.
fn corners(wall: &Trajectory, from: Dyadic, to: Dyadic) -> Vec<Corner> {
    let mut ts = vec![from];
    ts.extend(
        wall.segments()
            .iter()
            .map(|s| s.0)
            .filter(|&t| t > from && t < to),
    );
    ts.push(to);
    ts.into_iter()
        .map(|t| {
            let x = wall.at(t);
            Corner {
                t: float(t),
                x: float(x),
                exact: (t.to_string(), x.to_string()),
            }
        })
        .collect()
}

/// Returns the walls drawn from temperature 0 (−1 for a number) to above the mast's
/// foot.
fn walls(g: &Thermograph) -> (Vec<Corner>, Vec<Corner>) {
    let temperature = g.temperature();
    let from = if temperature < Dyadic::ZERO {
        Dyadic::int(-1)
    } else {
        Dyadic::ZERO
    };
    // Above the temperature by half of it, or by 1, to show the mast.
    let rise = if temperature > Dyadic::int(2) {
        temperature.half()
    } else {
        Dyadic::int(1)
    };
    let to = temperature + rise;
    (
        corners(g.left_wall(), from, to),
        corners(g.right_wall(), from, to),
    )
}

/// Returns the board of `text` (the contest input of a position) as lines of cells: the
/// lines of characters, without a first line of sizes; a position that is only numbers
/// (a cake's sides) as a grid of that many cells.
fn board(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let numeric = |l: &str| !l.trim().is_empty() && l.chars().all(|c| c.is_ascii_digit() || c == ' ');
    match lines[..] {
        [only] if numeric(only) => {
            let sides: Vec<usize> = only.split_whitespace().filter_map(|w| w.parse().ok()).collect();
            match sides[..] {
                [rows, cols] if rows <= 64 && cols <= 64 => vec![":".repeat(cols); rows],
                _ => vec![only.to_owned()],
            }
        }
        [first, ..] if numeric(first) && lines.len() > 1 => {
            lines[1..].iter().map(|l| (*l).to_owned()).collect()
        }
        _ => lines.iter().map(|l| (*l).to_owned()).collect(),
    }
}

impl<G: Family> PartizanProblem<G> {
    /// Returns the position `--position` gives, else the one the family's flags name, else
    /// the last of the family's positions of size 4 (or the largest size below it), so that
    /// `plot FAMILY` alone draws an example.
    fn plotted(&self, flags: &Flags) -> Result<G::Position, PlotError> {
        if let Some(text) = flags.text("position")? {
            let mut tokens = Tokens::new(text.as_bytes());
            return self
                .game()
                .read(&mut tokens)
                .map_err(|e| PlotError::Range(format!("--position: {e}")));
        }
        let example = || {
            let n = self.game().max_size().min(4);
            (1..=n).rev().find_map(|n| self.game().of_size(n).pop())
        };
        self.game().flagged_position().or_else(example).ok_or_else(|| {
            PlotError::Range(format!(
                "{}: no position to draw: give --position (a position as contest input writes it){}",
                G::NAME,
                if G::flags().is_empty() {
                    ""
                } else {
                    " or the board's flags"
                }
            ))
        })
    }
}

impl<G: Family> PlotCommand for PartizanProblem<G> {
    fn about(&self) -> &'static str {
        "A position and its thermograph, with the mean and the temperature marked."
    }

    fn flags(&self) -> Vec<Flag> {
        let mut flags = G::flags();
        flags.push(Flag::text(
            "position",
            "The position to draw, as contest input writes it (default: the board the flags name).",
        ));
        flags.extend(Budget::flags());
        flags
    }

    fn picture(&self, _flags: &Flags) -> Result<Picture, PlotError> {
        Err(PlotError::Range(format!(
            "{} draws a thermograph, not a grid of cells",
            G::NAME
        )))
    }

    fn svg(&self, flags: &Flags) -> Result<String, PlotError> {
        let p = self.plotted(flags)?;
        let value = self.fast_value(&p).map_err(|e| PlotError::Range(e.to_string()))?;
        let thermograph = value.thermograph();
        let (left_wall, right_wall) = walls(&thermograph);
        let (mean, temperature) = (thermograph.mean(), thermograph.temperature());
        let shown = value.to_string_capped(200).unwrap_or_else(|e| format!("({e})"));
        let text = self.game().write(&p);
        Ok(ThermographPicture {
            title: format!("{}: {}", G::NAME, self.game().show(&p)),
            board: board(&text),
            left_wall,
            right_wall,
            mean: (float(mean), mean.to_string()),
            temperature: (float(temperature), temperature.to_string()),
            notes: vec![
                format!("value {shown}"),
                format!("mean {mean}, temperature {temperature}; Left's wall in blue, Right's in red"),
            ],
        }
        .to_svg())
    }
}
