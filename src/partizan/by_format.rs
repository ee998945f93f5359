//! What a partizan [`Family`](super::family::Family) gets from its contest
//! [`Format`] unless it says otherwise: a position read from and written to contest input,
//! its size, every position of a size, the positions one step smaller and random ones, all
//! over the position's counts ([`Position`]).
//!
//! A grid's size is its number of cells; any other position's is the total of its counts
//! plus how many there are, so that every size holds finitely many positions.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::game_trait::format::Field;
use crate::game_trait::format::draw::draw_grid;
use crate::game_trait::format::read::{below, read_case_anywhere};
use crate::game_trait::{Format, Position};
use crate::input::InputError;
use crate::tokens::Tokens;

/// The most positions [`of_size`] lists for one size: past it the list is cut, and the
/// family's [`enumerated`](super::family::Family::enumerated) should say so.
const MOST_LISTED: usize = 1 << 20;

/// Returns the position of one case of `format` read from `tokens`, as `scanf` reads it.
///
/// # Errors
/// A malformed token, or counts that make no position of the game called `name`, named
/// with the line and the token.
pub(crate) fn read<G, P: Position>(
    format: &Format<G>,
    tokens: &mut Tokens<'_>,
    name: &str,
) -> Result<P, InputError> {
    let line = tokens.line();
    let counts = read_case_anywhere(tokens, &format.lines)?;
    P::from_counts(&counts).ok_or_else(|| InputError::OutOfRange {
        line,
        token: counts.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
        why: format!("these counts make no {name} position"),
    })
}

/// Returns the number of positions T an input of `format` holds, read from `tokens` (1,
/// unread, for an input of one case).
///
/// # Errors
/// T malformed or out of the format's range.
pub(crate) fn read_t<G>(format: &Format<G>, tokens: &mut Tokens<'_>) -> Result<u64, InputError> {
    let Some(range) = format.t_range() else {
        return Ok(1);
    };
    let (lo, hi) = (*range.start(), *range.end());
    let line = tokens.line();
    let t = tokens
        .u64_anywhere_at_most("the number of positions T", hi, &format!("T is at most {hi}"))
        .map_err(below("T", lo))?;
    if t < lo {
        return Err(InputError::OutOfRange {
            line,
            token: t.to_string(),
            why: format!("T is at least {lo}"),
        });
    }
    Ok(t)
}

/// Returns why `format` cannot be a partizan family's, if it cannot: what
/// [`Format::check`] refuses, or a part of a format a partizan input has no use for (a
/// header, common lines, sums, cases on one line).
pub(crate) fn mistake<G, P: Position>(format: &Format<G>) -> Option<String> {
    if let Err(why) = format.check::<P>() {
        return Some(why);
    }
    let unused = [
        (format.header.is_some(), "a header"),
        (!format.common.is_empty(), "common lines"),
        (!format.sums.is_empty(), "sums"),
        (format.inline, "cases on one line"),
    ];
    unused
        .iter()
        .find(|(has, _)| *has)
        .map(|(_, what)| format!("a partizan family's input is T, then its positions: it has no {what}"))
}

/// Returns the size of the position with `counts`: a grid's cells, else the total of the
/// counts plus their number.
pub(crate) fn size<G>(format: &Format<G>, counts: &[u64]) -> u64 {
    match format.grid() {
        Some(_) => (counts.len().saturating_sub(format.fixed() + 2)) as u64,
        None => counts
            .iter()
            .fold(counts.len() as u64, |total, &v| total.saturating_add(v)),
    }
}

/// Returns the largest size an input of `format` may hold: a grid's most cells, else
/// unbounded.
pub(crate) fn max_size<G>(format: &Format<G>) -> u64 {
    match format.grid() {
        Some((g, _)) => *g.cells().end(),
        None => u64::MAX,
    }
}

/// Returns the counts of every position of size `n` the format admits (at most
/// [`MOST_LISTED`]): every grid of n cells over the alphabet (for a grid alone), else
/// every list of counts in their ranges whose total plus length is n.
pub(crate) fn of_size<G>(format: &Format<G>, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    match format.grid() {
        Some((g, 0)) if format.fixed() == 0 => {
            let sides = g.sides();
            let codes = g.alphabet().len() as u64;
            for r in sides.clone().take_while(|&r| r <= n) {
                let c = n / r;
                if !n.is_multiple_of(r) || !sides.contains(&c) || !g.cells().contains(&n) {
                    continue;
                }
                let mut cells = vec![0; n as usize];
                loop {
                    let mut counts = vec![r, c];
                    counts.extend(&cells);
                    out.push(counts);
                    if out.len() >= MOST_LISTED || !next_word(&mut cells, codes) {
                        break;
                    }
                }
            }
        }
        Some(_) => {}
        None => {
            for k in 0..=n.min(64) as usize {
                if let Some(ranges) = format.count_ranges(k) {
                    let ranges: Vec<(u64, u64)> = ranges.iter().map(|r| (*r.start(), *r.end())).collect();
                    spread(&ranges, n - k as u64, &mut Vec::new(), &mut out);
                }
            }
            out.retain(|c| format.admits(c));
        }
    }
    out
}

/// Steps `word` to the next word over `0..base` in order; false after the last.
fn next_word(word: &mut [u64], base: u64) -> bool {
    for d in word.iter_mut().rev() {
        *d += 1;
        if *d < base {
            return true;
        }
        *d = 0;
    }
    false
}

/// Appends to `out` every way to write `total` as one count per range, in order.
fn spread(ranges: &[(u64, u64)], total: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
    let Some((&(lo, hi), rest)) = ranges.split_first() else {
        if total == 0 && out.len() < MOST_LISTED {
            out.push(prefix.clone());
        }
        return;
    };
    for v in lo..=hi.min(total) {
        prefix.push(v);
        spread(rest, total - v, prefix, out);
        prefix.pop();
    }
}

/// Returns the counts of the positions one step smaller than `counts`: for a grid, a row
/// or a column left out, or a cell set to the alphabet's first character; otherwise a
/// count left out, or one less. Only counts the format admits.
pub(crate) fn smaller<G>(format: &Format<G>, counts: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    match format.grid() {
        Some((_, at)) => grid_smaller(counts, at, &mut out),
        None => {
            for i in 0..counts.len() {
                let mut dropped = counts.to_vec();
                dropped.remove(i);
                out.push(dropped);
                if counts[i] > 0 {
                    let mut less = counts.to_vec();
                    less[i] -= 1;
                    out.push(less);
                }
            }
        }
    }
    out.retain(|c| c.as_slice() != counts && format.admits(c));
    out
}

/// Appends the grids one step smaller than the grid whose counts start at `at`.
fn grid_smaller(counts: &[u64], at: usize, out: &mut Vec<Vec<u64>>) {
    let (Some(&r), Some(&c)) = (counts.get(at), counts.get(at + 1)) else {
        return;
    };
    let (r, c) = (r as usize, c as usize);
    let Some(cells) = counts.get(at + 2..at + 2 + r * c) else {
        return;
    };
    let end = at + 2 + r * c;
    let with = |r: usize, c: usize, cells: Vec<u64>| {
        let mut v = counts[..at].to_vec();
        v.extend([r as u64, c as u64]);
        v.extend(cells);
        v.extend(&counts[end..]);
        v
    };
    for skip in 0..r {
        let kept = (0..r)
            .filter(|&i| i != skip)
            .flat_map(|i| &cells[i * c..(i + 1) * c]);
        out.push(with(r - 1, c, kept.copied().collect()));
    }
    for skip in 0..c {
        let kept = (0..r * c).filter(|&k| k % c != skip).map(|k| cells[k]);
        out.push(with(r, c - 1, kept.collect()));
    }
    for k in (0..r * c).filter(|&k| cells[k] != 0) {
        let mut cleared = cells.to_vec();
        cleared[k] = 0;
        out.push(with(r, c, cleared));
    }
}

/// Returns the counts of a random grid of at most `size` cells (at most 10, which the
/// oracles value), or `None` when the format has no grid alone.
pub(crate) fn random_grid<G>(format: &Format<G>, rng: &mut ChaCha8Rng, size: u64) -> Option<Vec<u64>> {
    match format.grid() {
        Some((g, 0)) if format.fixed() == 0 => draw_grid(rng, g, size.clamp(1, 10)),
        _ => None,
    }
}

/// Returns a random element of `all`, or `None` when it is empty.
pub(crate) fn pick<T: Clone>(rng: &mut ChaCha8Rng, all: &[T]) -> Option<T> {
    (!all.is_empty()).then(|| all[rng.random_range(0..all.len())].clone())
}

/// Returns the format of a family that does not give its own: a line `T` (0 to 100,000),
/// then each position's counts, its length first.
pub(crate) fn default_format<G>() -> Format<G> {
    Format::cases(0..=100_000).line([
        Field::len("the number of counts", 0..=u64::MAX),
        Field::list("a count", 0..=u64::MAX),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board of `.#` cells, sides 1 to 3, at most 6 cells.
    fn grid() -> Format<()> {
        Format::cases(1..=10).line([Field::grid("b", ".#", 1..=3, 1..=6)])
    }

    #[test]
    fn of_size_lists_every_grid_of_n_cells_once() {
        // Shapes r × c = n with both sides in 1..=3, times 2^n fillings, counted here.
        for n in 0..=7u64 {
            let shapes = (1..=3)
                .filter(|r| n % r == 0 && (1..=3).contains(&(n / r)))
                .count();
            let want = if n <= 6 { shapes << n } else { 0 };
            let mut all = of_size(&grid(), n);
            assert_eq!(all.len(), want, "n = {n}");
            all.sort();
            all.dedup();
            assert_eq!(all.len(), want, "n = {n}: a grid listed twice");
            assert!(all.iter().all(|c| grid().admits(c) && size(&grid(), c) == n));
        }
    }

    #[test]
    fn of_size_of_a_list_is_every_list_of_that_total_plus_length() {
        let list: Format<()> = default_format();
        // Total t over k counts plus k = 3: k = 0 none, k = 1 [2], k = 2 [0,1] [1,0],
        // k = 3 [0,0,0].
        let mut all = of_size(&list, 3);
        all.sort();
        assert_eq!(all, vec![vec![0, 0, 0], vec![0, 1], vec![1, 0], vec![2]]);
    }

    #[test]
    fn smaller_grids_lose_a_row_a_column_or_a_filled_cell() {
        // `.#` over `##`: two rows, two columns, three filled cells.
        let p = vec![2, 2, 0, 1, 1, 1];
        let mut got = smaller(&grid(), &p);
        got.sort();
        let mut want = vec![
            vec![1, 2, 1, 1],
            vec![1, 2, 0, 1],
            vec![2, 1, 1, 1],
            vec![2, 1, 0, 1],
            vec![2, 2, 0, 0, 1, 1],
            vec![2, 2, 0, 1, 0, 1],
            vec![2, 2, 0, 1, 1, 0],
        ];
        want.sort();
        assert_eq!(got, want);
        assert!(
            got.iter()
                .all(|c| size(&grid(), c) < size(&grid(), &p) || c[2..].iter().sum::<u64>() < 3)
        );
    }

    #[test]
    fn a_partizan_format_has_no_header_common_lines_or_sums() {
        let summed: Format<()> = grid().sum("b", 10);
        assert!(mistake::<(), Vec<u64>>(&summed).is_some_and(|why| why.contains("sums")));
        assert_eq!(mistake::<(), Vec<u64>>(&grid()), None);
    }
}
