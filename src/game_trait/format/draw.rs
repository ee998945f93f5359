//! The drawer of a `Format`: inputs drawn near the boundaries of their ranges, small
//! first, within the format's sums.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::{Field, GridField};

/// Returns a count near a boundary of `lo..=hi`: tiny, the top and its neighbours, or
/// uniform.
pub(crate) fn count(rng: &mut ChaCha8Rng, lo: u64, hi: u64) -> u64 {
    let span = hi - lo;
    lo + match rng.random_range(0..6) {
        0..=1 => rng.random_range(0..=span.min(5)),
        2 => span - rng.random_range(0..=span.min(2)),
        _ => rng.random_range(0..=span),
    }
}

/// Returns a grid's counts drawn small first: r and c within the sides, r × c within the
/// cells and at most `most` (when the cells' range allows), each cell uniform over the
/// alphabet; `None` when no shape fits.
pub(crate) fn draw_grid(rng: &mut ChaCha8Rng, g: &GridField, most: u64) -> Option<Vec<u64>> {
    let (lo, hi) = (*g.sides().start(), *g.sides().end());
    let most = most.clamp(*g.cells().start(), *g.cells().end());
    for _ in 0..100 {
        let r = rng.random_range(lo..=hi.min(most / lo).max(lo));
        let c = rng.random_range(lo..=hi.min(most / r).max(lo));
        if !g.cells().contains(&r.saturating_mul(c)) {
            continue;
        }
        let top = g.alphabet().len() as u64 - 1;
        let mut counts = vec![r, c];
        counts.extend((0..r * c).map(|_| rng.random_range(0..=top)));
        return Some(counts);
    }
    None
}

/// Returns the numbers of `lines` drawn near the boundaries of their ranges, counts up
/// to `cap` and lengths up to `most`, each field named in `sums` within what `budget`
/// has left (spent as drawn); `None` when a sum is spent.
pub(crate) fn draw_lines(
    rng: &mut ChaCha8Rng,
    lines: &[Vec<Field>],
    sums: &[(&'static str, u64)],
    budget: &mut [u64],
    cap: u64,
    most: u64,
) -> Option<Vec<u64>> {
    let mut draw =
        |rng: &mut ChaCha8Rng, name: &str, range: &std::ops::RangeInclusive<u64>, cap: u64| -> Option<u64> {
            let mut hi = (*range.end()).min(cap.max(*range.start()));
            for ((sum, _), b) in sums.iter().zip(budget.iter()) {
                if *sum == name {
                    hi = hi.min(*b);
                }
            }
            let v = (hi >= *range.start()).then(|| count(rng, *range.start(), hi))?;
            for ((sum, _), b) in sums.iter().zip(budget.iter_mut()) {
                if *sum == name {
                    *b -= v;
                }
            }
            Some(v)
        };
    let mut counts = Vec::new();
    let mut len = 0;
    for f in lines.iter().flatten() {
        match f {
            Field::Number { name, range } => match draw(rng, name, range, cap) {
                Some(v) => counts.push(v),
                None => return None,
            },
            Field::Len { name, range } => match draw(rng, name, range, most) {
                Some(v) => len = v,
                None => return None,
            },
            Field::List { name, range } | Field::Column { name, range } => {
                for _ in 0..len {
                    match draw(rng, name, range, cap) {
                        Some(v) => counts.push(v),
                        None => return None,
                    }
                }
            }
            Field::Grid(g) => counts.extend(draw_grid(rng, g, most)?),
            Field::Cases { .. } => {}
        }
    }
    Some(counts)
}

/// Returns a value of `strategy` drawn with a runner seeded from `rng`, or `None` when the
/// strategy rejects too many.
pub(crate) fn drawn<T: std::fmt::Debug>(
    rng: &mut ChaCha8Rng,
    strategy: &proptest::strategy::BoxedStrategy<T>,
) -> Option<T> {
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let seed: [u8; 32] = rng.random();
    let mut runner =
        TestRunner::new_with_rng(Config::default(), TestRng::from_seed(RngAlgorithm::ChaCha, &seed));
    strategy.new_tree(&mut runner).ok().map(|tree| tree.current())
}
