//! `gamecheck plot octal`: the nim-sequence as a scatter of n against G(n), binned to the
//! grid's cells, with the heaps from the proved preperiod on drawn apart.

use super::game::Octal;
use crate::game::FromFlags;
use crate::plot::{Axis, Cell, Kind, MAX_SIDE, Panel, Picture, PlotCommand, PlotError, Rgb};
use crate::problem::{Flag, Flags};

impl PlotCommand for Octal {
    fn about(&self) -> &'static str {
        "The nim-sequence, n against G(n), with the heaps from the proved preperiod on drawn apart."
    }

    fn flags(&self) -> Vec<Flag> {
        let mut flags = <Octal as FromFlags>::flags();
        flags.push(Flag::number("max", "n runs over 0..=MAX.", "2000", 0).value_name("MAX"));
        flags
    }

    fn picture(&self, flags: &Flags) -> Result<Picture, PlotError> {
        let max = flags.number("max")?;
        let heaps = usize::try_from(max)
            .ok()
            .and_then(|m| m.checked_add(1))
            .filter(|&h| h <= 100_000_000)
            .ok_or_else(|| PlotError::Range(format!("--max {max}: at most 99,999,999 heaps are drawn")))?;
        // As far as the picture needs, no further (the cache's or an earlier proof's
        // period marks the periodic part).
        let values = self.values_below(heaps as u64).map_err(PlotError::Range)?;
        let top = u64::from(values.iter().copied().max().unwrap_or(0)).min(MAX_SIDE - 1);
        // One column per `width` heaps, so that the columns fit the grid.
        let width = (heaps as u64).div_ceil(MAX_SIDE);
        let columns = (heaps as u64).div_ceil(width);
        let periodic_from = self.known_period().map(|(e, _)| e);
        let kind_at = |column: u64, v: u64| {
            let from = (column * width) as usize;
            let to = (from + width as usize).min(heaps);
            let mut kind = 2;
            for (n, &g) in values.iter().enumerate().take(to).skip(from) {
                if u64::from(g) == v {
                    match periodic_from {
                        Some(e) if n as u64 >= e => return 1,
                        _ => kind = 0,
                    }
                }
            }
            kind
        };
        let x_label = if width == 1 {
            "n".to_owned()
        } else {
            format!("n / {width} (each column {width} heaps)")
        };
        let title = format!("{}: nim-sequence G(n), n ≤ {max}", self.code());
        let panel = Panel::from_fn(
            title.clone(),
            Axis::new(x_label, 0..=columns - 1),
            Axis::new("G(n)", 0..=top),
            |x, y| Cell::new(kind_at(x, y)),
        )?;
        let notes = match self.known_period() {
            _ if self.code().unequal_splits() => {
                vec!["no period theorem for this code (unequal splits)".to_owned()]
            }
            Some((e, p)) => vec![format!(
                "periodic from n = {e} with period {p}, proved (Guy–Smith, values for n < {})",
                super::guy_smith::values_needed(self.code(), e, p).unwrap_or(0)
            )],
            None => vec![format!("no period proved within {heaps} heaps (--max-heap)")],
        };
        Ok(Picture {
            title,
            panels: vec![panel],
            kinds: vec![
                Kind::new("G(n) = y for some n of the column", Rgb(31, 120, 180)),
                Kind::new("the same, n in the proved periodic part", Rgb(227, 26, 28)),
                Kind::new("", Rgb(255, 255, 255)),
            ],
            marks: vec![],
            notes,
        })
    }
}
