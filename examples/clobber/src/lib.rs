//! Clobber, a user's partizan game checked by gamecheck through its public API only.
//! Left plays the `x` stones, Right the `o` stones; a move takes one of one's own stones
//! onto an orthogonally adjacent stone of the other colour, which is removed (`.` is an
//! empty square). Whoever cannot move loses.
//!
//! The game is its moves and its contest input (a board as a grid field); values,
//! outcome classes, means, temperatures, `check`, `stress` and the command line follow.

use gamecheck::game::{Field, Format};
use gamecheck::partizan::Partizan;
use gamecheck::partizan::family::Family;

/// A cell's count: its index in the board's alphabet `.xo`.
pub const EMPTY: u64 = 0;
/// Left's stone, `x`.
pub const LEFT: u64 = 1;
/// Right's stone, `o`.
pub const RIGHT: u64 = 2;

/// Clobber: a position is a board's counts, `r, c`, then each cell row by row
/// ([`EMPTY`], [`LEFT`], [`RIGHT`]), as the grid field reads it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

/// Returns the cells orthogonally adjacent to cell `i` of an `r × c` board.
fn neighbours(i: usize, r: usize, c: usize) -> impl Iterator<Item = usize> {
    let (y, x) = (i / c, i % c);
    [
        (y > 0).then(|| i - c),
        (y + 1 < r).then(|| i + c),
        (x > 0).then(|| i - 1),
        (x + 1 < c).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// Appends every board after a move of a `mine` stone onto an adjacent `theirs` stone.
fn clobbers(p: &[u64], mine: u64, theirs: u64, out: &mut Vec<Vec<u64>>) {
    let (r, c) = (p[0] as usize, p[1] as usize);
    let cells = &p[2..];
    for i in (0..cells.len()).filter(|&i| cells[i] == mine) {
        for j in neighbours(i, r, c).filter(|&j| cells[j] == theirs) {
            let mut next = p.to_vec();
            next[2 + i] = EMPTY;
            next[2 + j] = mine;
            out.push(next);
        }
    }
}

impl Partizan for Clobber {
    type Position = Vec<u64>;
    const NAME: &'static str = "clobber";

    fn left_moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        clobbers(p, LEFT, RIGHT, out);
    }

    fn right_moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        clobbers(p, RIGHT, LEFT, out);
    }

    /// The groups of orthogonally connected stones are played as a sum, each on the
    /// least board that holds it; a lone stone, which no one can move, is left out.
    fn components(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
        let (r, c) = (p[0] as usize, p[1] as usize);
        let cells = &p[2..];
        let mut seen = vec![false; cells.len()];
        let mut out = Vec::new();
        for start in 0..cells.len() {
            if cells[start] == EMPTY || seen[start] {
                continue;
            }
            seen[start] = true;
            let mut group = vec![start];
            let mut k = 0;
            while let Some(&i) = group.get(k) {
                for j in neighbours(i, r, c) {
                    if cells[j] != EMPTY && !seen[j] {
                        seen[j] = true;
                        group.push(j);
                    }
                }
                k += 1;
            }
            if group.len() > 1 {
                out.push(cropped(cells, c, &group));
            }
        }
        out
    }
}

/// Returns the least board holding the cells `group` of a board `c` columns wide.
fn cropped(cells: &[u64], c: usize, group: &[usize]) -> Vec<u64> {
    let rows = || group.iter().map(|&i| i / c);
    let cols = || group.iter().map(|&i| i % c);
    let (y0, y1) = (rows().min().unwrap_or(0), rows().max().unwrap_or(0));
    let (x0, x1) = (cols().min().unwrap_or(0), cols().max().unwrap_or(0));
    let mut out = vec![(y1 - y0 + 1) as u64, (x1 - x0 + 1) as u64];
    out.extend(
        (y0..=y1)
            .flat_map(|y| (x0..=x1).map(move |x| (y, x)))
            .map(|(y, x)| {
                let i = y * c + x;
                if group.contains(&i) { cells[i] } else { EMPTY }
            }),
    );
    out
}

impl Family for Clobber {
    /// `T`, then each board: a line `r c`, then r rows of `.`, `x` and `o`; at most 8
    /// rows and columns and 32 cells.
    fn format(&self) -> Format<Clobber> {
        Format::cases(1..=1000).line([Field::grid("the board", ".xo", 1..=8, 1..=32)])
    }
}

/// Returns the board whose rows are `rows` (`x`, `o` and `.`), as counts: `board(&["xo"])`.
///
/// # Panics
/// When the rows are ragged or hold another character.
pub fn board(rows: &[&str]) -> Vec<u64> {
    let c = rows.first().map_or(0, |r| r.len());
    assert!(rows.iter().all(|r| r.len() == c), "ragged rows");
    let mut out = vec![rows.len() as u64, c as u64];
    out.extend(rows.iter().flat_map(|r| r.bytes()).map(|b| match b {
        b'.' => EMPTY,
        b'x' => LEFT,
        b'o' => RIGHT,
        _ => panic!("`{}` is not a cell", b as char),
    }));
    out
}

/// Returns every 1 × n board of `x` and `o`, in order (`o` before `x`).
pub fn rows(n: usize) -> Vec<Vec<u64>> {
    (0..1usize << n)
        .map(|bits| {
            let mut p = vec![1, n as u64];
            p.extend(
                (0..n)
                    .rev()
                    .map(|i| if bits >> i & 1 == 1 { LEFT } else { RIGHT }),
            );
            p
        })
        .collect()
}
