//! A Toads and Frogs row as a sum of independent segments: the pieces that can never move
//! again are walls, and the stretches between walls are played apart.
//!
//! A piece is stuck for good when what blocks it is stuck for good: a toad at the right
//! end, or before a stuck toad, or before a stuck frog with the end or a stuck piece just
//! beyond it (no square to jump to); a frog likewise leftwards. The stuck pieces are the
//! largest set closed under that rule (every piece is assumed stuck, and those whose block
//! is not in the set are let go until none is): while none of them has moved, none of
//! them can, and the others never land on their squares. A stuck piece is seen by the
//! others only as a square they cannot enter or jump to, as the end of the row is, so the
//! row is the sum of the stretches between stuck pieces, each a row of its own.

use super::{MAX_SQUARES, Row};

/// Returns, for each square of `row`, whether it holds a piece that can never move again.
///
/// # Complexity
/// O(n²) for n squares at worst; O(n) on a row whose pieces mostly move.
pub(crate) fn stuck(row: &[u8]) -> Vec<bool> {
    let mut stuck: Vec<bool> = row.iter().map(|&c| c != b'_').collect();
    free(row, &mut stuck);
    stuck
}

/// Clears in `stuck` the pieces that can move once the others marked there have moved,
/// until none is cleared.
fn free(row: &[u8], stuck: &mut [bool]) {
    loop {
        let mut freed = false;
        for i in 0..row.len() {
            if stuck[i] && !blocked(row, stuck, i) {
                stuck[i] = false;
                freed = true;
            }
        }
        if !freed {
            return;
        }
    }
}

/// Returns the segments of a packed row, as [`segments`] does, on the stack until a
/// segment is found: most rows a search meets have no stuck piece and are their own
/// only segment.
pub(crate) fn row_segments(row: Row) -> Vec<Row> {
    let n = row.len();
    let mut squares = [b'_'; MAX_SQUARES];
    let mut walls = [false; MAX_SQUARES];
    for i in 0..n {
        squares[i] = row.get(i);
        walls[i] = squares[i] != b'_';
    }
    free(&squares[..n], &mut walls[..n]);
    if !walls[..n].contains(&true) {
        return vec![row];
    }
    segments(&squares[..n])
        .iter()
        .filter_map(|s| Row::from_bytes(s))
        .collect()
}

/// Returns whether the piece at `i` is blocked when the pieces marked in `stuck` never
/// move: the square ahead is the end or a stuck piece of its own kind, or a stuck piece of
/// the other kind with the end or a stuck piece just beyond.
fn blocked(row: &[u8], stuck: &[bool], i: usize) -> bool {
    let ahead = |k: usize| {
        if row[i] == b'T' {
            i.checked_add(k).filter(|&j| j < row.len())
        } else {
            i.checked_sub(k)
        }
    };
    match ahead(1) {
        None => true,
        Some(j) => stuck[j] && (row[j] == row[i] || ahead(2).is_none_or(|k| stuck[k])),
    }
}

/// Returns the segments of `row` whose sum it is: the stretches between its stuck pieces
/// that hold a piece, each without the stuck pieces; `row` itself when it has no stuck
/// piece, and one empty row when no piece can move.
pub(crate) fn segments(row: &[u8]) -> Vec<Vec<u8>> {
    let stuck = stuck(row);
    if !stuck.contains(&true) {
        return vec![row.to_vec()];
    }
    let mut parts = Vec::new();
    let mut run = Vec::new();
    for (&c, &wall) in row.iter().zip(&stuck) {
        if !wall {
            run.push(c);
        } else if !run.is_empty() {
            parts.push(std::mem::take(&mut run));
        }
    }
    parts.push(run);
    parts.retain(|run| run.iter().any(|&c| c != b'_'));
    if parts.is_empty() { vec![Vec::new()] } else { parts }
}
