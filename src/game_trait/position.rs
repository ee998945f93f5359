//! Positions made of counts, so that every engine can generate, order, shrink, print and
//! read them without the game's help.
//!
//! A position is a fixed number of counts (`u64`, pairs, triples, `[u64; N]`) or a list
//! of counts (`Vec<u64>`: piles, rows). A user type implements [`Position`] by saying how
//! it is made of counts; everything else follows.

use std::fmt::Debug;
use std::hash::Hash;

use proptest::prelude::*;

/// The most counts of a random list position ([`Position::strategy`]), whatever the
/// game's `max_len`.
pub const RANDOM_LIST_LEN: usize = 256;

/// Names of the counts of an array or a tuple, in claims: `a`, `b`, `c`, …
const LETTERS: [&str; 10] = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];

/// A position as counts.
///
/// The order of least counterexamples is by total count, then number of counts, then
/// the counts themselves; shrinking halves, decrements and zeroes each count, and drops
/// components of a list.
pub trait Position: Clone + Eq + Ord + Hash + Debug + Send + Sync + 'static {
    /// How many counts every position has, or `None` for a list of any length.
    const ARITY: Option<usize>;

    /// Returns the counts, in order.
    fn counts(&self) -> Vec<u64>;

    /// Returns the position with these counts, or `None` when they make none (a wrong
    /// number of counts).
    fn from_counts(counts: &[u64]) -> Option<Self>;

    /// Returns the names of the counts in claims and in messages: `n`; `x, y`; or, for a
    /// list, the names of its summaries (see [`Position::summary`]).
    fn names() -> &'static [&'static str] {
        match Self::ARITY {
            Some(1) => &["n"],
            Some(2) => &["x", "y"],
            Some(3) => &["x", "y", "z"],
            Some(k) if k <= LETTERS.len() => &LETTERS[..k],
            Some(_) => &[],
            None => &["len", "total", "max", "min", "xor"],
        }
    }

    /// Returns the values that [`Position::names`] name: the counts, or for a list its
    /// length, total, largest and least count, and the XOR of its counts.
    fn summary(&self) -> Vec<i128> {
        let c = self.counts();
        match Self::ARITY {
            Some(_) => c.iter().map(|&v| i128::from(v)).collect(),
            None => vec![
                c.len() as i128,
                c.iter().map(|&v| i128::from(v)).sum(),
                c.iter().max().map_or(0, |&v| i128::from(v)),
                c.iter().min().map_or(0, |&v| i128::from(v)),
                i128::from(c.iter().fold(0, |a, &v| a ^ v)),
            ],
        }
    }

    /// Returns random positions with counts in `0..=max`, small ones favoured, and lists
    /// of at most `max_len` counts and at most [`RANDOM_LIST_LEN`].
    fn strategy(max: u64, max_len: usize) -> BoxedStrategy<Self> {
        let count = prop_oneof![
            4 => 0..=max.min(12),
            2 => 0..=max.min(1000),
            1 => max.saturating_sub(2)..=max,
            2 => 0..=max,
        ];
        let len = match Self::ARITY {
            Some(k) => k..=k,
            // A game may allow lists of any length (`max_len` = usize::MAX, which
            // proptest cannot allocate); random lists stay short, as the oracles judge
            // only small totals.
            None => 0..=max_len.clamp(1, RANDOM_LIST_LEN),
        };
        prop::collection::vec(count, len)
            .prop_filter_map("counts that make a position", |c| Self::from_counts(&c))
            .boxed()
    }
}

impl Position for u64 {
    const ARITY: Option<usize> = Some(1);
    fn counts(&self) -> Vec<u64> {
        vec![*self]
    }
    fn from_counts(c: &[u64]) -> Option<u64> {
        match *c {
            [n] => Some(n),
            _ => None,
        }
    }
}

impl Position for (u64, u64) {
    const ARITY: Option<usize> = Some(2);
    fn counts(&self) -> Vec<u64> {
        vec![self.0, self.1]
    }
    fn from_counts(c: &[u64]) -> Option<(u64, u64)> {
        match *c {
            [x, y] => Some((x, y)),
            _ => None,
        }
    }
}

impl Position for (u64, u64, u64) {
    const ARITY: Option<usize> = Some(3);
    fn counts(&self) -> Vec<u64> {
        vec![self.0, self.1, self.2]
    }
    fn from_counts(c: &[u64]) -> Option<(u64, u64, u64)> {
        match *c {
            [x, y, z] => Some((x, y, z)),
            _ => None,
        }
    }
}

impl<const N: usize> Position for [u64; N] {
    const ARITY: Option<usize> = Some(N);
    fn counts(&self) -> Vec<u64> {
        self.to_vec()
    }
    fn from_counts(c: &[u64]) -> Option<[u64; N]> {
        c.try_into().ok()
    }
}

impl Position for Vec<u64> {
    const ARITY: Option<usize> = None;
    fn counts(&self) -> Vec<u64> {
        self.clone()
    }
    fn from_counts(c: &[u64]) -> Option<Vec<u64>> {
        Some(c.to_vec())
    }
}

/// A string of bytes (a Hackenbush string, a Toads and Frogs row): a count per byte.
impl Position for Vec<u8> {
    const ARITY: Option<usize> = None;
    fn counts(&self) -> Vec<u64> {
        self.iter().map(|&b| u64::from(b)).collect()
    }
    fn from_counts(c: &[u64]) -> Option<Vec<u8>> {
        c.iter().map(|&v| u8::try_from(v).ok()).collect()
    }
}

/// A list of pairs (a sum of Cutcake cakes `(w, h)`): the pairs' counts in order.
impl Position for Vec<(u64, u64)> {
    const ARITY: Option<usize> = None;
    fn counts(&self) -> Vec<u64> {
        self.iter().flat_map(|&(a, b)| [a, b]).collect()
    }
    fn from_counts(c: &[u64]) -> Option<Vec<(u64, u64)>> {
        c.len()
            .is_multiple_of(2)
            .then(|| c.chunks(2).map(|p| (p[0], p[1])).collect())
    }
}

/// Returns the sort key of `p` in the order of least counterexamples: total count, number
/// of counts, then the counts.
pub(crate) fn key<P: Position>(p: &P) -> (u128, usize, Vec<u64>) {
    let c = p.counts();
    (c.iter().map(|&v| u128::from(v)).sum(), c.len(), c)
}

/// Returns every position with `total` counts in all, in the order of [`key`]: for a
/// fixed arity every way to write `total` as that many counts, for a list every way as
/// at most `max_len` positive counts.
pub(crate) fn with_total<P: Position>(total: u64, max_len: usize) -> Box<dyn Iterator<Item = P>> {
    let lengths = match P::ARITY {
        Some(k) => k..=k,
        None if total == 0 => 0..=0,
        None => 1..=max_len.min(usize::try_from(total).unwrap_or(usize::MAX)),
    };
    let positive = P::ARITY.is_none();
    Box::new(lengths.flat_map(move |len| {
        compositions(total, len, positive)
            .into_iter()
            // A game whose counts are unordered takes several orders for one position:
            // it is listed once, by its own counts.
            .filter_map(|c| P::from_counts(&c).filter(|p| p.counts() == c))
    }))
}

/// Returns every list of at most `max_len` counts, empty ones included, with `total`
/// counts in all, in the order of [`key`].
pub(crate) fn lists_with_total<P: Position>(total: u64, max_len: usize) -> impl Iterator<Item = P> {
    (0..=max_len).flat_map(move |len| {
        let lists = if len == 0 {
            if total == 0 { vec![Vec::new()] } else { Vec::new() }
        } else {
            compositions(total, len, false)
        };
        lists
            .into_iter()
            .filter_map(|c| P::from_counts(&c).filter(|p| p.counts() == c))
    })
}

/// Returns the ways to write `total` as `len` counts (each at least 1 when `positive`),
/// in lexicographic order.
pub(crate) fn compositions(total: u64, len: usize, positive: bool) -> Vec<Vec<u64>> {
    let least = u64::from(positive);
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(len);
    fn go(rest: u64, left: usize, least: u64, current: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if left == 0 {
            if rest == 0 {
                out.push(current.clone());
            }
            return;
        }
        // The last count is what is left: one step, where the loop below would try every
        // value up to `rest` (a single count of total 10^5 cost 10^5 steps).
        if left == 1 {
            if rest >= least {
                current.push(rest);
                out.push(current.clone());
                current.pop();
            }
            return;
        }
        let reserve = least * (left as u64 - 1);
        if rest < reserve + least {
            return;
        }
        for v in least..=rest - reserve {
            current.push(v);
            go(rest - v, left - 1, least, current, out);
            current.pop();
        }
    }
    go(total, len, least, &mut current, &mut out);
    out
}

/// Returns positions one step smaller than `p`: each count zeroed, halved and less one,
/// and for a list each component dropped.
pub(crate) fn smaller<P: Position>(p: &P) -> Vec<P> {
    let c = p.counts();
    let mut out = Vec::new();
    if P::ARITY.is_none() {
        for i in 0..c.len() {
            let mut next = c.clone();
            next.remove(i);
            out.extend(P::from_counts(&next));
        }
    }
    for i in 0..c.len() {
        for v in [0, c[i] / 2, c[i].saturating_sub(1)] {
            if v < c[i] {
                let mut next = c.clone();
                next[i] = v;
                out.extend(P::from_counts(&next));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_total_lists_every_position_once_in_key_order() {
        // Counted inline: pairs with total s are s + 1; lists of positive parts of total s
        // with at most L parts are the compositions, 2^(s-1) when L >= s.
        for s in 0..8u64 {
            let pairs: Vec<(u64, u64)> = with_total(s, 4).collect();
            assert_eq!(pairs.len() as u64, s + 1);
            assert!(pairs.windows(2).all(|w| key(&w[0]) < key(&w[1])));
            let lists: Vec<Vec<u64>> = with_total(s, 8).collect();
            assert_eq!(lists.len() as u64, if s == 0 { 1 } else { 1 << (s - 1) });
            assert!(lists.windows(2).all(|w| key(&w[0]) < key(&w[1])));
            assert!(lists.iter().all(|l| l.iter().sum::<u64>() == s));
        }
    }
}
