//! The fast path of the sparse-space method: codes that leave at most two heaps, values
//! below 64·W, option sets as W machine words.
//!
//! Per heap n, the sequential part lists the options that can be common (one heap left,
//! or a split with a rare heap in it: reads of values just below n) and confirms the rare
//! values below the least common value absent. Confirmation first walks the first low
//! splits of each r = n − j one at a time, a = 1, 2, …, and stops as soon as every rare
//! value is made: most heaps of most games need a few splits. The heaps the walk leaves
//! go to two batches: the *low* splits (a ≤ L) and the *middle* ones, the K splits whose
//! heaps are nearest r/2. The middles only read values near n/2: where blocks show that
//! confirmation runs deep (most heaps get past the walk), a second thread computes them a
//! block ahead, from a copy of those values, while the first finishes the current block;
//! elsewhere they are made only for the heaps that need them. A rare value both batches
//! miss is looked for in every other split, so the answer is exact whatever L and K are;
//! they double when misses are frequent.

use super::sparse_space::{Mask, MoveLists, SparseStats};
use super::values::Nimber;

/// Heaps per block: the unit of work handed to the second thread.
const BLOCK: usize = 1 << 14;
/// The first number of middle splits per sum, and the largest.
const FIRST_MIDDLE: usize = 32;
const MAX_TIER: usize = 1 << 12;
/// Splits per step of the fallback scan, between checks for completion.
const SCAN_STEP: usize = 64;

/// The two batches that confirm rare values after the walk: the low splits (a ≤ L,
/// reading a few small heaps and the values just below n) and the middle splits (the K
/// with a nearest r/2). Which works depends on the game: small heaps are often rare (their
/// splits make common values), or the values near n/2 may make few of the rare values.
/// The one that served best goes first, and both grow while the splits tried after them
/// cost more than they do. `deep`: whether the second thread computes the middles ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Tiers {
    pub low: usize,
    pub middle: usize,
    pub low_first: bool,
    pub deep: bool,
    /// Keeps `deep` as it is set (for the tests of the second thread).
    pub pinned: bool,
}

impl Default for Tiers {
    fn default() -> Tiers {
        Tiers {
            low: FIRST_LOW,
            middle: FIRST_MIDDLE,
            low_first: false,
            deep: false,
            pinned: false,
        }
    }
}

/// The first number of low splits per sum.
const FIRST_LOW: usize = 32;
/// The splits walked one at a time per sum before the batches.
const WALK: usize = 32;

/// Why the fast path stopped before the heap it was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The least common value absent does not fit W words.
    Wider,
}

/// What the fast path reads and updates besides the values.
pub(super) struct State<'a> {
    pub moves: &'a MoveLists,
    pub mask: Mask,
    /// The rare heaps, increasing, and their values.
    pub rare: &'a mut Vec<u64>,
    pub rare_values: &'a mut Vec<u32>,
    /// (a + j, G(a)) for each rare heap a and each j that splits, by a + j: heap n has the
    /// split option G(a) ^ G(n − a − j).
    pub terms: Vec<(u64, u32)>,
    pub largest: &'a mut u32,
    pub stats: &'a mut SparseStats,
    /// How rare values are confirmed.
    pub tiers: &'a mut Tiers,
    /// Whether a second thread may compute the next block's middles.
    pub parallel: bool,
}

/// The value sets of the middle splits of the sums `base..base + sets.len()`, K each.
struct Middles<const W: usize> {
    base: usize,
    k: usize,
    sets: Vec<[u64; W]>,
}

impl<const W: usize> Middles<W> {
    fn get(&self, r: usize, k: usize) -> Option<[u64; W]> {
        if self.k != k {
            return None;
        }
        self.sets.get(r.checked_sub(self.base)?).copied()
    }
}

/// Returns the least a of the middle splits of `r`, K of them ending at a = r/2.
#[inline(always)]
fn middle_from(r: usize, k: usize) -> usize {
    (r / 2 + 1).saturating_sub(k).max(1)
}

#[inline(always)]
fn set<const W: usize>(bits: &mut [u64; W], x: u32) {
    let x = x as usize;
    bits[(x >> 6) % W] |= 1 << (x & 63);
}

/// Returns the values of the splits (a, r − a) for a in `from..=to`, without the equal
/// split when `unequal`. `g[i − offset]` is G(i); 1 ≤ `from`, `to` ≤ r/2.
#[inline(always)]
fn split_values<T: Nimber, const W: usize>(
    g: &[T],
    offset: usize,
    r: usize,
    from: usize,
    to: usize,
    unequal: bool,
) -> [u64; W] {
    let mut bits = [0u64; W];
    if from > to {
        return bits;
    }
    // The equal split is a = r/2 = `to`, the last one.
    let to_low = if unequal && 2 * to == r { to - 1 } else { to };
    if from > to_low {
        return bits;
    }
    let low = &g[from - offset..=to_low - offset];
    let high = &g[r - to_low - offset..=r - from - offset];
    for (x, y) in low.iter().zip(high.iter().rev()) {
        set(&mut bits, x.get() ^ y.get());
    }
    bits
}

/// Whether this CPU runs the AVX2 versions: the same loops, with four variable shifts per
/// instruction for the option bits.
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// Returns the middle splits of the sums `base..end`; `g[i − offset]` is G(i) for every i
/// they read: `middle_from(base)` up to `end / 2 + k`.
fn fill_middles<T: Nimber, const W: usize>(
    g: &[T],
    offset: usize,
    base: usize,
    end: usize,
    k: usize,
    unequal: bool,
) -> Middles<W> {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: AVX2 was detected on this CPU just above.
        return unsafe { fill_middles_avx2(g, offset, base, end, k, unequal) };
    }
    fill_middles_body(g, offset, base, end, k, unequal)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn fill_middles_avx2<T: Nimber, const W: usize>(
    g: &[T],
    offset: usize,
    base: usize,
    end: usize,
    k: usize,
    unequal: bool,
) -> Middles<W> {
    fill_middles_body(g, offset, base, end, k, unequal)
}

#[inline(always)]
fn fill_middles_body<T: Nimber, const W: usize>(
    g: &[T],
    offset: usize,
    base: usize,
    end: usize,
    k: usize,
    unequal: bool,
) -> Middles<W> {
    let sets = (base..end)
        .map(|r| {
            if r < 2 {
                return [0; W];
            }
            split_values(g, offset, r, middle_from(r, k), r / 2, unequal)
        })
        .collect();
    Middles { base, k, sets }
}

/// Computes heaps `v.len()..stop` on the fast path. Every value so far is below 64·W.
///
/// # Errors
/// [`Stop`] at the first heap the path cannot finish; the heaps before it are computed.
pub(super) fn extend<T: Nimber, const W: usize>(
    v: &mut Vec<T>,
    stop: usize,
    st: &mut State<'_>,
) -> Result<(), Stop> {
    let low_j = st.moves.pair.iter().copied().min().unwrap_or(0);
    let high_j = st.moves.pair.iter().copied().max().unwrap_or(0);
    let unequal = st.moves.unequal;
    let mut pre: Option<Middles<W>> = None;
    v.reserve(stop.saturating_sub(v.len()));
    while v.len() < stop {
        let start = v.len();
        let end = stop.min(start + BLOCK);
        let tiers = *st.tiers;
        let k = tiers.middle;
        // The next block's sums, and the values their middles read.
        let next_end = stop.min(end + BLOCK);
        let base = end.saturating_sub(high_j);
        let top = next_end.saturating_sub(low_j);
        let lo = middle_from(base, k);
        let hi = top / 2 + k + 1;
        let before = *st.stats;
        if st.parallel && tiers.deep && end < stop && !st.moves.pair.is_empty() && hi <= start {
            let window: Vec<T> = v[lo..hi].to_vec();
            let (done, next) = rayon::join(
                || run_block::<T, W>(v, end, pre.as_ref(), st, tiers),
                || fill_middles::<T, W>(&window, lo, base, top, k, unequal),
            );
            done?;
            pre = Some(next);
        } else {
            run_block::<T, W>(v, end, pre.as_ref(), st, tiers)?;
            pre = None;
        }
        adapt(st.tiers, &before, st.stats, end - start);
    }
    Ok(())
}

/// Adapts the tiers to what served in the block just computed (`before` are the counts
/// before it, `heaps` its size).
fn adapt(tiers: &mut Tiers, before: &SparseStats, now: &SparseStats, heaps: usize) {
    let low_wins = now.low_wins - before.low_wins;
    let middle_wins = now.middle_wins - before.middle_wins;
    if tiers.low_first && middle_wins > low_wins || !tiers.low_first && low_wins > middle_wins {
        tiers.low_first = !tiers.low_first;
    }
    // Computing the middles ahead costs K splits for every heap, made lazily only for the
    // heaps past the walk: ahead pays (in time, on the second core) only when most heaps
    // are, and is dropped when fewer than a quarter are.
    let past_walk = low_wins + middle_wins + (now.fallbacks - before.fallbacks);
    if !tiers.pinned {
        let heaps = heaps as u64;
        if past_walk * 2 > heaps {
            tiers.deep = true;
        } else if past_walk * 4 < heaps {
            tiers.deep = false;
        }
    }
    // Splits tried after both tiers, per heap, against what the tiers cost.
    let scanned = now.fallback_splits - before.fallback_splits;
    if scanned * 4 > heaps as u64 * tiers.low.min(tiers.middle) as u64 {
        tiers.low = (tiers.low * 2).min(MAX_TIER);
        tiers.middle = (tiers.middle * 2).min(MAX_TIER);
    }
}

/// Computes heaps `v.len()..end`, using the middles in `pre` where they are.
fn run_block<T: Nimber, const W: usize>(
    v: &mut Vec<T>,
    end: usize,
    pre: Option<&Middles<W>>,
    st: &mut State<'_>,
    tiers: Tiers,
) -> Result<(), Stop> {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: AVX2 was detected on this CPU just above.
        return unsafe { run_block_avx2(v, end, pre, st, tiers) };
    }
    run_block_body(v, end, pre, st, tiers)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn run_block_avx2<T: Nimber, const W: usize>(
    v: &mut Vec<T>,
    end: usize,
    pre: Option<&Middles<W>>,
    st: &mut State<'_>,
    tiers: Tiers,
) -> Result<(), Stop> {
    run_block_body(v, end, pre, st, tiers)
}

#[inline(always)]
fn run_block_body<T: Nimber, const W: usize>(
    v: &mut Vec<T>,
    end: usize,
    pre: Option<&Middles<W>>,
    st: &mut State<'_>,
    tiers: Tiers,
) -> Result<(), Stop> {
    let moves = st.moves;
    let unequal = moves.unequal;
    // Bit x of `rare_bits[side]`: x is rare on that side.
    let mut rare_bits = [[0u64; W]; 2];
    for (side, bits) in rare_bits.iter_mut().enumerate() {
        for x in 0..64 * W as u32 {
            if st.mask.is_rare_on(x, side as u32) {
                set(bits, x);
            }
        }
    }
    // The middles computed here, by sum: a sum serves the heaps r + j for every j that
    // splits, so the last span of sums is kept.
    let span = moves.pair.iter().max().map_or(0, |&h| h + 1) - moves.pair.iter().min().unwrap_or(&0);
    let slots = span.max(1).next_power_of_two();
    let mut cache = Caches {
        low: vec![(usize::MAX, [0u64; W]); slots],
        middle: vec![(usize::MAX, [0u64; W]); slots],
    };
    let mut live = st.terms.partition_point(|&(d, _)| (d as usize) < v.len());
    while v.len() < end {
        let n = v.len();
        // Terms with a + j < n, the splits heap n has; they only grow with n, and a new
        // rare heap's terms come after them.
        while live < st.terms.len() && (st.terms[live].0 as usize) < n {
            live += 1;
        }
        // GROUP heaps at once when every term reads a value below n for each of them and
        // none starts within the group: the loop over terms is shared and vectorizes.
        let grouped = n + GROUP <= end
            && st.terms.first().is_none_or(|&(d, _)| d as usize >= GROUP)
            && st
                .terms
                .get(live)
                .is_none_or(|&(d, _)| d as usize >= n + GROUP - 1);
        if grouped {
            let g = &v[..];
            let mut acc = [[0u64; W]; GROUP];
            // With unequal splits, the terms that are the equal split of a heap of the
            // group, d = (n + i + j)/2, are taken one heap at a time; the others together.
            let (eq_from, eq_to) = match moves.pair.first() {
                Some(&j) if unequal => {
                    let terms = &st.terms[..live];
                    let (low, high) = ((n + j) / 2, (n + GROUP - 1 + j) / 2);
                    (
                        terms.partition_point(|&(d, _)| (d as usize) < low),
                        terms.partition_point(|&(d, _)| (d as usize) <= high),
                    )
                }
                _ => (live, live),
            };
            for part in [&st.terms[..eq_from], &st.terms[eq_to..live]] {
                for &(d, ga) in part {
                    let base = n - d as usize;
                    let vals: &[T; GROUP] = match g[base..base + GROUP].try_into() {
                        Ok(vals) => vals,
                        Err(_) => unreachable!("a slice of GROUP values"),
                    };
                    for i in 0..GROUP {
                        set(&mut acc[i], ga ^ vals[i].get());
                    }
                }
            }
            for &(d, ga) in &st.terms[eq_from..eq_to] {
                let d = d as usize;
                for (i, opts) in acc.iter_mut().enumerate() {
                    let b = n + i - d;
                    if !is_equal_split(d, b, moves) {
                        set(opts, ga ^ g[b].get());
                    }
                }
            }
            st.stats.rare_splits += (live * GROUP) as u64;
            for opts in acc {
                // A new rare heap adds terms the rest of the group lacks: they are redone.
                if finish::<T, W>(v, opts, &rare_bits, pre, &mut cache, tiers, st)? {
                    break;
                }
            }
        } else {
            let g = &v[..];
            let mut opts = [0u64; W];
            if unequal {
                for &(d, ga) in &st.terms[..live] {
                    // The split (a, n − d) with a = d − j is equal when n − d = a.
                    let (d, b) = (d as usize, n - d as usize);
                    if !is_equal_split(d, b, moves) {
                        set(&mut opts, ga ^ g[b].get());
                    }
                }
            } else {
                for &(d, ga) in &st.terms[..live] {
                    set(&mut opts, ga ^ g[n - d as usize].get());
                }
            }
            st.stats.rare_splits += live as u64;
            finish::<T, W>(v, opts, &rare_bits, pre, &mut cache, tiers, st)?;
        }
    }
    Ok(())
}

/// Heaps whose split terms are gathered at once.
const GROUP: usize = 4;

/// Completes heap n = `v.len()`, given in `opts` the values of its splits with a rare
/// heap: adds the moves leaving at most one heap, confirms the rare values, appends G(n).
/// Returns whether G(n) is rare.
#[inline(always)]
fn finish<T: Nimber, const W: usize>(
    v: &mut Vec<T>,
    mut opts: [u64; W],
    rare_bits: &[[u64; W]; 2],
    pre: Option<&Middles<W>>,
    cache: &mut Caches<W>,
    tiers: Tiers,
    st: &mut State<'_>,
) -> Result<bool, Stop> {
    let moves = st.moves;
    let n = v.len();
    let g = &v[..];
    for &j in &moves.take_all {
        if n == j {
            set(&mut opts, 0);
        }
    }
    for &j in &moves.single {
        if n > j {
            set(&mut opts, g[n - j].get());
        }
    }
    let side = st.mask.side(n, moves.pair_parity);
    let rare = &rare_bits[side as usize];
    // c: the least common value absent; `need`: the rare values absent below it.
    let mut c = None;
    for w in 0..W {
        let common_absent = !opts[w] & !rare[w];
        if common_absent != 0 {
            c = Some(w * 64 + common_absent.trailing_zeros() as usize);
            break;
        }
    }
    let Some(c) = c else {
        return Err(Stop::Wider);
    };
    let mut need = [0u64; W];
    let mut any = 0;
    for w in 0..W {
        let below = if c >= (w + 1) * 64 {
            u64::MAX
        } else if c > w * 64 {
            (1u64 << (c - w * 64)) - 1
        } else {
            0
        };
        need[w] = !opts[w] & rare[w] & below;
        any |= need[w];
    }
    if any != 0 {
        any = confirm::<T, W>(g, n, &mut need, pre, cache, tiers, moves, st.stats);
    }
    let value = if any != 0 { lowest(&need) } else { c as u32 };
    v.push(T::new(value));
    st.stats.heaps += 1;
    *st.largest = (*st.largest).max(value);
    let rare_heap = n > 0 && st.mask.is_rare(value, n, moves.pair_parity);
    if rare_heap {
        st.rare.push(n as u64);
        st.rare_values.push(value);
        add_terms(&mut st.terms, n, value, moves);
    }
    Ok(rare_heap)
}

/// Returns the terms of the rare heaps `rare` with values `values`.
pub(super) fn terms(rare: &[u64], values: &[u32], moves: &MoveLists) -> Vec<(u64, u32)> {
    let mut terms = Vec::with_capacity(rare.len() * moves.pair.len());
    for (&a, &ga) in rare.iter().zip(values) {
        add_terms(&mut terms, a as usize, ga, moves);
    }
    terms
}

/// Inserts the terms of rare heap `a` with value `ga`, keeping them sorted.
fn add_terms(terms: &mut Vec<(u64, u32)>, a: usize, ga: u32, moves: &MoveLists) {
    for &j in &moves.pair {
        let d = (a + j) as u64;
        let at = terms.partition_point(|&(e, _)| e <= d);
        terms.insert(at, (d, ga));
    }
}

/// Whether the split (d − j, b) is equal, for the one j of an unequal-split code.
#[inline(always)]
fn is_equal_split(d: usize, b: usize, moves: &MoveLists) -> bool {
    moves.pair.first().is_some_and(|&j| d - j == b)
}

/// The tiers' sets of the sums computed in this block, by sum: a sum serves heap r + j for
/// every j that splits.
struct Caches<const W: usize> {
    low: Vec<(usize, [u64; W])>,
    middle: Vec<(usize, [u64; W])>,
}

/// Returns the set in `slots` for sum `r`, computing it with `make` when absent.
#[inline(always)]
fn cached<const W: usize>(
    slots: &mut [(usize, [u64; W])],
    r: usize,
    make: impl FnOnce() -> [u64; W],
) -> [u64; W] {
    let slot = &mut slots[r & (slots.len() - 1)];
    if slot.0 != r {
        *slot = (r, make());
    }
    slot.1
}

/// Removes from `need` the rare values some split of a sum n − j makes: the walk first,
/// the two tiers in their order, then all the other splits. Returns the OR of what is left
/// (0 when all are made).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn confirm<T: Nimber, const W: usize>(
    g: &[T],
    n: usize,
    need: &mut [u64; W],
    pre: Option<&Middles<W>>,
    cache: &mut Caches<W>,
    tiers: Tiers,
    moves: &MoveLists,
    stats: &mut SparseStats,
) -> u64 {
    let unequal = moves.unequal;
    let (l, k) = (tiers.low, tiers.middle);
    let left = |need: &[u64; W]| need.iter().fold(0, |acc, w| acc | w);
    let mut count: u32 = need.iter().map(|w| w.count_ones()).sum();
    if walk(g, n, need, &mut count, WALK, moves, stats) {
        stats.walk_wins += 1;
        return 0;
    }
    for low in [tiers.low_first, !tiers.low_first] {
        for &j in &moves.pair {
            if n < j + 2 {
                continue;
            }
            let r = n - j;
            let made = if low {
                cached(&mut cache.low, r, || {
                    let to = l.min(r / 2);
                    stats.confirm_splits += to as u64;
                    split_values(g, 0, r, 1, to, unequal)
                })
            } else {
                match pre.and_then(|m| m.get(r, k)) {
                    Some(made) => made,
                    None => cached(&mut cache.middle, r, || {
                        let from = middle_from(r, k);
                        stats.confirm_splits += (r / 2 + 1 - from) as u64;
                        split_values(g, 0, r, from, r / 2, unequal)
                    }),
                }
            };
            for w in 0..W {
                need[w] &= !made[w];
            }
            if left(need) == 0 {
                if low {
                    stats.low_wins += 1;
                } else {
                    stats.middle_wins += 1;
                }
                return 0;
            }
        }
    }
    // The splits between the two tiers, a in (L, middle_from(r)).
    let gap = |j: usize| (n - j, l + 1, middle_from(n - j, k) - 1);
    if moves.pair.iter().all(|&j| n < j + 2 || gap(j).1 > gap(j).2) {
        return left(need);
    }
    stats.fallbacks += 1;
    // The splits not tried yet, a in `low..=high` for each sum, are tried from both ends
    // in turn.
    let mut ranges: Vec<(usize, usize, usize)> = moves
        .pair
        .iter()
        .filter(|&&j| n >= j + 2)
        .map(|&j| gap(j))
        .filter(|&(_, low, high)| low <= high)
        .collect();
    let mut scanned = 0;
    while !ranges.is_empty() {
        for (r, low, high) in ranges.iter_mut() {
            for from_low in [true, false] {
                if *low > *high {
                    break;
                }
                let (from, to) = if from_low {
                    (*low, (*low + SCAN_STEP - 1).min(*high))
                } else {
                    ((*high + 1).saturating_sub(SCAN_STEP).max(*low), *high)
                };
                let made: [u64; W] = split_values(g, 0, *r, from, to, unequal);
                scanned += (to + 1 - from) as u64;
                if from_low {
                    *low = to + 1;
                } else {
                    *high = from - 1;
                }
                for w in 0..W {
                    need[w] &= !made[w];
                }
                if left(need) == 0 {
                    stats.confirm_splits += scanned;
                    stats.fallback_splits += scanned;
                    return 0;
                }
            }
        }
        ranges.retain(|&(_, low, high)| low <= high);
    }
    // Every split was tried: the cost of a rare value, whatever K is.
    stats.confirm_splits += scanned;
    stats.full_scans += 1;
    left(need)
}

/// Walks the splits (a, n − j − a) for a in `1..=to`, each sum in turn for each a,
/// removing from `need` (with `count` bits) the values they make. Returns whether `need`
/// is empty, as soon as it is.
#[inline(always)]
fn walk<T: Nimber, const W: usize>(
    g: &[T],
    n: usize,
    need: &mut [u64; W],
    count: &mut u32,
    to: usize,
    moves: &MoveLists,
    stats: &mut SparseStats,
) -> bool {
    let unequal = moves.unequal;
    let mut walked = 0u64;
    for a in 1..=to {
        let mut any = false;
        for &j in &moves.pair {
            if n < j + 2 * a || unequal && n == j + 2 * a {
                continue;
            }
            any = true;
            walked += 1;
            let x = (g[a].get() ^ g[n - j - a].get()) as usize;
            let (w, bit) = ((x >> 6) % W, 1u64 << (x & 63));
            if need[w] & bit != 0 {
                need[w] ^= bit;
                *count -= 1;
                if *count == 0 {
                    stats.confirm_splits += walked;
                    return true;
                }
            }
        }
        if !any {
            break;
        }
    }
    stats.confirm_splits += walked;
    false
}

/// Returns the least value in `bits`, which is not empty.
fn lowest<const W: usize>(bits: &[u64; W]) -> u32 {
    for (w, &x) in bits.iter().enumerate() {
        if x != 0 {
            return w as u32 * 64 + x.trailing_zeros();
        }
    }
    u32::MAX
}
