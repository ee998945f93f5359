//! Konane (Hawaiian checkers; Winning Ways, ch. 22; Ernst, "Playing Konane
//! mathematically", 1995): Left's stones are `x`, Right's `o`, `.` an empty cell. A move
//! takes one's own stone orthogonally over an adjacent stone of the other colour onto the
//! empty cell beyond, removing the stone jumped; the same stone may jump again in the same
//! direction, and each stop is a move of its own. Whoever cannot move loses.

use crate::game::{Field, Format};
use crate::partizan::Partizan;
use crate::partizan::family::Family;

/// A cell's count: its index in the board's alphabet `.xo`, an empty cell.
pub const EMPTY: u64 = 0;
/// Left's stone, `x`.
pub const LEFT: u64 = 1;
/// Right's stone, `o`.
pub const RIGHT: u64 = 2;

/// The most cells a board may have.
pub const MAX_CELLS: u64 = 32;

/// Konane: a position is a board's counts, `r, c`, then each cell row by row
/// ([`EMPTY`], [`LEFT`], [`RIGHT`]), as the grid field reads it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Konane;

/// Appends every board after a `mine` stone jumps one or more `theirs` stones in one
/// direction.
fn jumps(p: &[u64], mine: u64, theirs: u64, out: &mut Vec<Vec<u64>>) {
    let (r, c) = (p[0] as i64, p[1] as i64);
    let at = |y: i64, x: i64| (0..r).contains(&y) && (0..c).contains(&x);
    let index = |y: i64, x: i64| 2 + (y * c + x) as usize;
    for start in 0..r * c {
        let (y0, x0) = (start / c, start % c);
        if p[index(y0, x0)] != mine {
            continue;
        }
        for (dy, dx) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let mut next = p.to_vec();
            let (mut y, mut x) = (y0, x0);
            // Each jump: a stone of theirs beside, an empty cell beyond.
            while at(y + 2 * dy, x + 2 * dx)
                && next[index(y + dy, x + dx)] == theirs
                && next[index(y + 2 * dy, x + 2 * dx)] == EMPTY
            {
                next[index(y, x)] = EMPTY;
                next[index(y + dy, x + dx)] = EMPTY;
                (y, x) = (y + 2 * dy, x + 2 * dx);
                next[index(y, x)] = mine;
                out.push(next.clone());
            }
        }
    }
}

impl Partizan for Konane {
    type Position = Vec<u64>;
    const NAME: &'static str = "konane";

    fn left_moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        jumps(p, LEFT, RIGHT, out);
    }

    fn right_moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        jumps(p, RIGHT, LEFT, out);
    }
}

impl Family for Konane {
    /// `T`, then each board: a line `r c`, then r rows of `.`, `x` and `o`; at most 8
    /// rows and columns and [`MAX_CELLS`] cells.
    fn format(&self) -> Format<Konane> {
        Format::cases(1..=100_000).line([Field::grid("the board", ".xo", 1..=8, 1..=MAX_CELLS)])
    }
}

#[cfg(test)]
mod tests;
