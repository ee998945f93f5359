//! Toads and Frogs on one row of `T` (toads), `F` (frogs) and `_` (empty squares).
//! Left moves a toad one square right onto an empty square, or jumps it over one frog
//! onto the empty square beyond; Right moves frogs left the same way (Winning Ways,
//! ch. 1; Erickson, "New Toads and Frogs results", 1996).

use crate::input::InputError;
use crate::partizan::Partizan;
use crate::partizan::family::{Family, Tokens, dropped, read_row, strings};

pub use row::Row;

mod row;
mod segments;
#[cfg(test)]
mod tests;

/// The longest row read.
pub const MAX_SQUARES: usize = 40;

/// Toads and Frogs rows.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsAndFrogs;

/// The moves of `piece` travelling one square a move (right when `right`, else left),
/// jumping over one `other`.
fn slides(row: Row, piece: u8, other: u8, right: bool, out: &mut Vec<Row>) {
    let n = row.len();
    for i in 0..n {
        if row.get(i) != piece {
            continue;
        }
        let ahead = |k: usize| {
            if right {
                i.checked_add(k).filter(|&j| j < n)
            } else {
                i.checked_sub(k)
            }
        };
        let to = match ahead(1) {
            Some(j) if row.get(j) == b'_' => Some(j),
            Some(j) if row.get(j) == other => ahead(2).filter(|&k| row.get(k) == b'_'),
            _ => None,
        };
        if let Some(j) = to {
            out.push(row.moved(i, j));
        }
    }
}

impl Partizan for ToadsAndFrogs {
    type Position = Row;
    const NAME: &'static str = "toads-and-frogs";

    fn left_moves(&self, row: &Row, out: &mut Vec<Row>) {
        slides(*row, b'T', b'F', true, out);
    }

    fn right_moves(&self, row: &Row, out: &mut Vec<Row>) {
        slides(*row, b'F', b'T', false, out);
    }

    /// The row read from the other end with toads and frogs swapped: each player's moves
    /// are the other's there.
    fn negative(&self, row: &Row) -> Option<Row> {
        Some(row.mirrored())
    }

    /// The stretches between pieces that can never move again ([`segments::segments`]).
    fn components(&self, row: &Row) -> Vec<Row> {
        segments::row_segments(*row)
    }
}

impl Family for ToadsAndFrogs {
    fn read(&self, tokens: &mut Tokens<'_>) -> Result<Row, InputError> {
        let bytes = read_row(tokens, "a Toads and Frogs row", b"TF_", 1, MAX_SQUARES)?;
        // read_row took only `T`, `F` and `_`, at most MAX_SQUARES of them.
        Row::from_bytes(&bytes).ok_or_else(|| InputError::OutOfRange {
            line: tokens.line(),
            token: String::from_utf8_lossy(&bytes).into_owned(),
            why: format!("a Toads and Frogs row is `T`, `F` and `_`, at most {MAX_SQUARES}"),
        })
    }

    fn write(&self, row: &Row) -> String {
        row.to_string()
    }

    fn size(&self, row: &Row) -> u64 {
        row.len() as u64
    }

    fn max_size(&self) -> u64 {
        MAX_SQUARES as u64
    }

    fn of_size(&self, n: u64) -> Vec<Row> {
        strings(b"TF_", n)
            .iter()
            .filter_map(|s| Row::from_bytes(s))
            .collect()
    }

    fn smaller(&self, row: &Row) -> Vec<Row> {
        dropped(&row.bytes())
            .iter()
            .filter_map(|s| Row::from_bytes(s))
            .collect()
    }
}
