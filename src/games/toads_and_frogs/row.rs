//! A Toads and Frogs row packed two bits a square: a copy of it is a register move, and
//! hashing it two word operations, where the search over a row's positions met a
//! heap allocation and a byte-wise hash for every move.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::MAX_SQUARES;

/// A row of at most [`MAX_SQUARES`] squares, each `T` (a toad), `F` (a frog) or `_`.
///
/// # Example
/// ```
/// use gamecheck::games::toads_and_frogs::Row;
/// let row: Row = "T_F".parse().unwrap();
/// assert_eq!(row.to_string(), "T_F");
/// assert_eq!(row.len(), 3);
/// assert!("T_X".parse::<Row>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Row {
    /// Square i in bits 2i and 2i + 1: 0 empty, 1 a toad, 2 a frog.
    cells: u128,
    len: u8,
}

const EMPTY: u128 = 0;

fn code(c: u8) -> Option<u128> {
    match c {
        b'_' => Some(EMPTY),
        b'T' => Some(1),
        b'F' => Some(2),
        _ => None,
    }
}

impl Row {
    /// Returns the row of these squares, or `None` when one is not `T`, `F` or `_` or
    /// there are more than [`MAX_SQUARES`].
    pub fn from_bytes(squares: &[u8]) -> Option<Row> {
        if squares.len() > MAX_SQUARES {
            return None;
        }
        let mut cells = 0;
        for (i, &c) in squares.iter().enumerate() {
            cells |= code(c)? << (2 * i);
        }
        Some(Row {
            cells,
            len: squares.len() as u8,
        })
    }

    /// Returns how many squares the row has.
    pub fn len(self) -> usize {
        usize::from(self.len)
    }

    /// Returns whether the row has no square.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// Returns square `i`: `b'T'`, `b'F'` or `b'_'`.
    pub(crate) fn get(self, i: usize) -> u8 {
        match (self.cells >> (2 * i)) & 3 {
            1 => b'T',
            2 => b'F',
            _ => b'_',
        }
    }

    /// Returns the squares as bytes.
    pub fn bytes(self) -> Vec<u8> {
        (0..self.len()).map(|i| self.get(i)).collect()
    }

    /// Returns the row with the piece at `from` moved to the empty square `to`.
    pub(crate) fn moved(self, from: usize, to: usize) -> Row {
        let piece = (self.cells >> (2 * from)) & 3;
        let cells = self.cells & !(3 << (2 * from)) | piece << (2 * to);
        Row { cells, ..self }
    }

    /// Returns the row read from the other end with toads and frogs swapped.
    pub(crate) fn mirrored(self) -> Row {
        let mut cells = 0;
        for i in 0..self.len() {
            let c = (self.cells >> (2 * i)) & 3;
            let swapped = if c == EMPTY { EMPTY } else { 3 - c };
            cells |= swapped << (2 * (self.len() - 1 - i));
        }
        Row { cells, ..self }
    }
}

impl Hash for Row {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // 40 squares take 80 bits: the high word has room for the length.
        state.write_u64(self.cells as u64);
        state.write_u64((self.cells >> 64) as u64 | u64::from(self.len) << 32);
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.bytes()))
    }
}

impl fmt::Debug for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_string())
    }
}

impl std::str::FromStr for Row {
    type Err = String;

    fn from_str(s: &str) -> Result<Row, String> {
        Row::from_bytes(s.as_bytes()).ok_or_else(|| {
            format!("`{s}` is not a Toads and Frogs row (T, F and _, at most {MAX_SQUARES} squares)")
        })
    }
}

impl Ord for Row {
    /// The order of the rows' squares as bytes, as for the rows as strings.
    fn cmp(&self, other: &Row) -> std::cmp::Ordering {
        self.bytes().cmp(&other.bytes())
    }
}

impl PartialOrd for Row {
    fn partial_cmp(&self, other: &Row) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// A row's counts are its squares' bytes, as for the row as a string, so that least
/// counterexamples are ordered as before it was packed.
impl crate::game::Position for Row {
    const ARITY: Option<usize> = None;

    fn counts(&self) -> Vec<u64> {
        self.bytes().into_iter().map(u64::from).collect()
    }

    fn from_counts(c: &[u64]) -> Option<Row> {
        let bytes: Vec<u8> = c.iter().map(|&v| u8::try_from(v).ok()).collect::<Option<_>>()?;
        Row::from_bytes(&bytes)
    }
}
