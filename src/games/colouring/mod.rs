//! Col and Snort, the map-colouring games (Winning Ways, ch. 2), on a board of cells
//! (a path is a board of one row): a player paints one empty cell their colour, Left
//! `L` and Right `R`. In Col no cell may be painted beside a cell of its own colour, in
//! Snort beside a cell of the other colour. The regions of empty cells, each with the
//! painted cells beside it, are played as a sum.

mod board;

pub use board::{EMPTY, LEFT, RIGHT};

use crate::game::{Field, Format};
use crate::partizan::family::{CrossCheck, Family};
use crate::partizan::{Partizan, Values};

/// The most cells a board may have: 32, as in a row of 32 cells.
pub const MAX_CELLS: u64 = 32;

/// Returns the board's format: `T`, then each board as a line `r c` and r rows of `.`
/// (empty), `L` and `R` (painted), at most [`MAX_CELLS`] cells.
fn board_format<G: Family>() -> Format<G> {
    Format::cases(1..=100_000).line([Field::grid("the board", ".LR", 1..=MAX_CELLS, 1..=MAX_CELLS)])
}

/// Col: a cell may not be painted beside a cell of the painter's own colour. A position
/// is a board's counts: `r, c`, then each cell row by row ([`EMPTY`], [`LEFT`],
/// [`RIGHT`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Col;

/// Snort: a cell may not be painted beside a cell of the other player's colour. A
/// position is a board's counts, as for [`Col`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Snort;

/// Col's and Snort's moves differ only in the colour a painted cell may not stand
/// beside: a player's own (Col) or the other's (Snort).
macro_rules! colouring {
    ($game:ident, $name:literal, $left_shuns:expr, $right_shuns:expr) => {
        impl Partizan for $game {
            type Position = Vec<u64>;
            const NAME: &'static str = $name;

            fn left_moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
                board::colourings(p, LEFT, $left_shuns, out);
            }

            fn right_moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
                board::colourings(p, RIGHT, $right_shuns, out);
            }

            fn components(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
                board::regions(p)
            }
        }
    };
}

colouring!(Col, "col", LEFT, RIGHT);
colouring!(Snort, "snort", RIGHT, LEFT);

impl Family for Col {
    fn format(&self) -> Format<Col> {
        board_format()
    }

    fn cross_checks(&self) -> Vec<CrossCheck<Self>> {
        vec![("value_is_number_or_number_star", |_, p| {
            // Winning Ways, ch. 2: every Col position is a number x or x + *; a form of
            // the moves otherwise refutes the regions' sum (or the theorem).
            let value = Values::new(Col).of(p).map_err(|e| e.to_string())?;
            let star = crate::partizan::Value::nimber(1);
            if value.as_number().is_some() || (value + star).as_number().is_some() {
                Ok(())
            } else {
                Err(format!(
                    "the value {value} is neither a number nor a number plus *"
                ))
            }
        })]
    }
}

impl Family for Snort {
    fn format(&self) -> Format<Snort> {
        board_format()
    }
}

/// Returns the board whose rows are `rows` (`.`, `L` and `R`), as counts:
/// `board(&["L.."])`; `None` when the rows are ragged, empty or hold another character.
///
/// # Example
/// ```
/// use gamecheck::games::colouring::{board, EMPTY, LEFT};
/// assert_eq!(board(&["L."]), Some(vec![1, 2, LEFT, EMPTY]));
/// ```
pub fn board(rows: &[&str]) -> Option<Vec<u64>> {
    let c = rows.first()?.len();
    if c == 0 || rows.iter().any(|r| r.len() != c) {
        return None;
    }
    let mut out = vec![rows.len() as u64, c as u64];
    for b in rows.iter().flat_map(|r| r.bytes()) {
        out.push(match b {
            b'.' => EMPTY,
            b'L' => LEFT,
            b'R' => RIGHT,
            _ => return None,
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests;
