//! Toads and Frogs on one row of `T` (toads), `F` (frogs) and `_` (empty squares).
//! Left moves a toad one square right onto an empty square, or jumps it over one frog
//! onto the empty square beyond; Right moves frogs left the same way (Winning Ways,
//! ch. 1; Erickson, "New Toads and Frogs results", 1996).

use crate::input::InputError;
use crate::partizan::Partizan;
use crate::partizan::family::{Family, Tokens, dropped, read_row, strings};

mod segments;
#[cfg(test)]
mod tests;

/// The longest row read.
pub const MAX_SQUARES: usize = 40;

/// Toads and Frogs rows.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsAndFrogs;

/// The moves of `piece` travelling `step` squares a move (+1 right, -1 left), jumping
/// over one `other`.
fn slides(row: &[u8], piece: u8, other: u8, right: bool, out: &mut Vec<Vec<u8>>) {
    let n = row.len();
    for i in 0..n {
        if row[i] != piece {
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
            Some(j) if row[j] == b'_' => Some(j),
            Some(j) if row[j] == other => ahead(2).filter(|&k| row[k] == b'_'),
            _ => None,
        };
        if let Some(j) = to {
            let mut next = row.to_vec();
            next[i] = b'_';
            next[j] = piece;
            out.push(next);
        }
    }
}

impl Partizan for ToadsAndFrogs {
    type Position = Vec<u8>;
    const NAME: &'static str = "toads-and-frogs";

    fn left_moves(&self, row: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        slides(row, b'T', b'F', true, out);
    }

    fn right_moves(&self, row: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        slides(row, b'F', b'T', false, out);
    }

    /// The stretches between pieces that can never move again ([`segments::segments`]).
    fn components(&self, row: &Vec<u8>) -> Vec<Vec<u8>> {
        segments::segments(row)
    }
}

impl Family for ToadsAndFrogs {
    fn read(&self, tokens: &mut Tokens<'_>) -> Result<Vec<u8>, InputError> {
        read_row(tokens, "a Toads and Frogs row", b"TF_", 1, MAX_SQUARES)
    }

    fn write(&self, row: &Vec<u8>) -> String {
        String::from_utf8_lossy(row).into_owned()
    }

    fn size(&self, row: &Vec<u8>) -> u64 {
        row.len() as u64
    }

    fn max_size(&self) -> u64 {
        MAX_SQUARES as u64
    }

    fn of_size(&self, n: u64) -> Vec<Vec<u8>> {
        strings(b"TF_", n)
    }

    fn smaller(&self, row: &Vec<u8>) -> Vec<Vec<u8>> {
        dropped(row)
    }
}
