//! The fast path of the sparse-space method: codes that leave at most two heaps, values
//! below 64·W, option sets as W machine words.
//!
//! Per heap n, the options that can be common (one heap left, or a split with a rare heap
//! in it: reads of values just below n) are listed, and the rare values below the least
//! common value absent are confirmed: the splits (a, n − j − a) are scanned from a = 1
//! up, and the scan stops as soon as every rare value needed is made. A rare value no
//! split makes is the mex, found at the end of the scan, so the answer is exact. The
//! scan tests 32 splits at once against the set of values still needed (with AVX2, for
//! values below 512): a chunk is looked at split by split only when it makes one of them,
//! a few dozen times per heap. The first splits are where most of the rare values are
//! made soonest: scanning from the middle (a near n/2) takes more splits on every game
//! measured (Grundy's game near 2^20: 3,100 against 5,500 per heap).

use super::sparse_space::{Mask, MoveLists, SparseStats};
use super::values::Nimber;

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
}

#[inline(always)]
fn set<const W: usize>(bits: &mut [u64; W], x: u32) {
    let x = x as usize;
    bits[(x >> 6) % W] |= 1 << (x & 63);
}

/// Whether this CPU runs the AVX2 versions: the chunk tests of the scan, and the same
/// loops with four variable shifts per instruction for the option bits.
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
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
    v.reserve(stop.saturating_sub(v.len()));
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: AVX2 was detected on this CPU just above.
        return unsafe { extend_avx2::<T, W>(v, stop, st) };
    }
    extend_body::<T, W, false>(v, stop, st)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn extend_avx2<T: Nimber, const W: usize>(
    v: &mut Vec<T>,
    stop: usize,
    st: &mut State<'_>,
) -> Result<(), Stop> {
    extend_body::<T, W, true>(v, stop, st)
}

/// Heaps whose split terms are gathered at once.
const GROUP: usize = 4;

/// The body of [`extend`]; `AVX2`: whether the scan may test chunks with AVX2.
#[inline(always)]
fn extend_body<T: Nimber, const W: usize, const AVX2: bool>(
    v: &mut Vec<T>,
    stop: usize,
    st: &mut State<'_>,
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
    // The scan's flags of the values still needed, all clear between heaps.
    let mut table = [[0u8; 64]; W];
    let mut live = st.terms.partition_point(|&(d, _)| (d as usize) < v.len());
    while v.len() < stop {
        let n = v.len();
        // Terms with a + j < n, the splits heap n has; they only grow with n, and a new
        // rare heap's terms come after them.
        while live < st.terms.len() && (st.terms[live].0 as usize) < n {
            live += 1;
        }
        // GROUP heaps at once: the loop over the terms live for all of them is shared.
        let grouped = n >= 2 * GROUP && n + GROUP <= stop;
        if grouped {
            extend_group::<T, W, AVX2>(v, live, &rare_bits, &mut table, st)?;
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
            finish::<T, W, AVX2>(v, opts, &rare_bits, &mut table, st)?;
        }
    }
    Ok(())
}

/// Computes the GROUP heaps from n = `v.len()` on, the terms `..live` (those with a + j < n)
/// read for all of them in one loop: the terms with a + j < GROUP read, for the group's
/// later heaps, values of the group itself, and the terms that start within the group
/// serve only its later heaps: both are added one heap at a time.
#[inline(always)]
fn extend_group<T: Nimber, const W: usize, const AVX2: bool>(
    v: &mut Vec<T>,
    live: usize,
    rare_bits: &[[u64; W]; 2],
    table: &mut [[u8; 64]; W],
    st: &mut State<'_>,
) -> Result<(), Stop> {
    let n = v.len();
    let moves = st.moves;
    let unequal = moves.unequal;
    let g = &v[..];
    let small = st.terms[..live].partition_point(|&(d, _)| (d as usize) < GROUP);
    // With unequal splits, the terms that are the equal split of a heap of the
    // group, d = (n + i + j)/2, are taken one heap at a time; the others together.
    let (eq_from, eq_to) = match moves.pair.first() {
        Some(&j) if unequal => {
            let terms = &st.terms[..live];
            let (low, high) = ((n + j) / 2, (n + GROUP - 1 + j) / 2);
            let from = terms.partition_point(|&(d, _)| (d as usize) < low).max(small);
            (
                from,
                terms.partition_point(|&(d, _)| (d as usize) <= high).max(from),
            )
        }
        _ => (live, live),
    };
    // A flag a value: stores that do not wait on each other, unlike setting bits.
    let mut marks = [[[0u8; 64]; W]; GROUP];
    for part in [&st.terms[small..eq_from], &st.terms[eq_to..live]] {
        for &(d, ga) in part {
            let base = n - d as usize;
            let vals: &[T; GROUP] = match g[base..base + GROUP].try_into() {
                Ok(vals) => vals,
                Err(_) => unreachable!("a slice of GROUP values"),
            };
            for i in 0..GROUP {
                let x = (ga ^ vals[i].get()) as usize;
                marks[i][(x >> 6) % W][x & 63] = 1;
            }
        }
    }
    let mut acc = [[0u64; W]; GROUP];
    for i in 0..GROUP {
        for w in 0..W {
            acc[i][w] = to_bits(&marks[i][w]);
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
    for (i, mut opts) in acc.into_iter().enumerate() {
        // The terms that read the group's own values, and those that start
        // within it (of rare heaps just below n, or of the group's own).
        let late = st.terms[live..].partition_point(|&(d, _)| (d as usize) < n + i);
        for &(d, ga) in st.terms[..small].iter().chain(&st.terms[live..live + late]) {
            let (d, b) = (d as usize, n + i - d as usize);
            if !(unequal && is_equal_split(d, b, moves)) {
                set(&mut opts, ga ^ v[b].get());
            }
        }
        st.stats.rare_splits += late as u64;
        finish::<T, W, AVX2>(v, opts, rare_bits, table, st)?;
    }
    Ok(())
}

/// Completes heap n = `v.len()`, given in `opts` the values of its splits with a rare
/// heap: adds the moves leaving at most one heap, confirms the rare values, appends G(n).
/// Returns whether G(n) is rare.
#[inline(always)]
fn finish<T: Nimber, const W: usize, const AVX2: bool>(
    v: &mut Vec<T>,
    mut opts: [u64; W],
    rare_bits: &[[u64; W]; 2],
    table: &mut [[u8; 64]; W],
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
        any = scan::<T, W, AVX2>(g, n, &mut need, table, moves, st.stats);
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

/// Splits per chunk of the scan.
const CHUNK: usize = 32;

/// Removes from `need` the rare values some split of heap n makes, scanning the splits
/// (a, n − j − a) from a = 1 up, a chunk of each sum n − j in turn, until none is left.
/// `table` holds a flag per value, all clear, and is left so. Returns the OR of what is
/// left (0 when every value is made).
#[inline(always)]
fn scan<T: Nimber, const W: usize, const AVX2: bool>(
    g: &[T],
    n: usize,
    need: &mut [u64; W],
    table: &mut [[u8; 64]; W],
    moves: &MoveLists,
    stats: &mut SparseStats,
) -> u64 {
    if W <= 2 {
        return scan_narrow(g, n, need, moves, stats);
    }
    let mut count = 0;
    for w in 0..W {
        let mut b = need[w];
        count += b.count_ones();
        while b != 0 {
            table[w][b.trailing_zeros() as usize] = 1;
            b &= b - 1;
        }
    }
    // The needed values as 1024 bits for the chunk tests (values below 1024).
    let mut wide = [0u64; 16];
    wide[..W.min(16)].copy_from_slice(&need[..W.min(16)]);
    let (bytes, words) = if AVX2 && W <= 16 {
        (if W <= 4 { T::as_bytes(g) } else { None }, T::as_words(g))
    } else {
        (None, None)
    };
    let unequal = moves.unequal;
    let top = |j: usize| last_split(n, j, unequal);
    let last = moves.pair.iter().map(|&j| top(j)).max().unwrap_or(0);
    let mut scanned = 0u64;
    let mut a0 = 1;
    'scan: while a0 <= last {
        for &j in &moves.pair {
            let high_a = top(j);
            if a0 > high_a {
                continue;
            }
            let r = n - j;
            let a1 = high_a.min(a0 + CHUNK - 1);
            scanned += (a1 + 1 - a0) as u64;
            // Split a0 + i is (low[i], high[a1 − a0 − i]).
            let low = &g[a0..=a1];
            let high = &g[r - a1..=r - a0];
            let full = a1 + 1 - a0 == CHUNK;
            let hits: u32 = match (bytes, words) {
                #[cfg(target_arch = "x86_64")]
                (Some(b), _) if full => {
                    // SAFETY: `bytes` is only set where AVX2 was detected.
                    unsafe { chunk_hits_u8(&b[a0..=a1], &b[r - a1..=r - a0], &wide) }
                }
                #[cfg(target_arch = "x86_64")]
                (_, Some(b)) if full => {
                    // SAFETY: `words` is only set where AVX2 was detected.
                    unsafe {
                        if W <= 8 {
                            chunk_hits_u16::<false>(&b[a0..=a1], &b[r - a1..=r - a0], &wide)
                        } else {
                            chunk_hits_u16::<true>(&b[a0..=a1], &b[r - a1..=r - a0], &wide)
                        }
                    }
                }
                _ => {
                    let mut hit = 0u8;
                    for (x, y) in low.iter().zip(high.iter().rev()) {
                        let v = (x.get() ^ y.get()) as usize;
                        hit |= table[(v >> 6) % W][v & 63];
                    }
                    if hit != 0 { u32::MAX >> (32 - low.len()) } else { 0 }
                }
            };
            let mut hits = hits;
            while hits != 0 {
                let i = hits.trailing_zeros() as usize;
                hits &= hits - 1;
                let v = (low[i].get() ^ high[low.len() - 1 - i].get()) as usize;
                let (w, b) = ((v >> 6) % W, v & 63);
                if table[w][b] != 0 {
                    table[w][b] = 0;
                    need[w] &= !(1u64 << b);
                    wide[w % 16] &= !(1u64 << b);
                    count -= 1;
                    if count == 0 {
                        break 'scan;
                    }
                }
            }
        }
        a0 += CHUNK;
    }
    stats.confirm_splits += scanned;
    let mut left = 0;
    for w in 0..W {
        let mut b = need[w];
        left |= b;
        while b != 0 {
            table[w][b.trailing_zeros() as usize] = 0;
            b &= b - 1;
        }
    }
    if left != 0 {
        stats.full_scans += 1;
    }
    left
}

/// Returns the last a of a split of n − j into a + b with a ≤ b: (n − j)/2, or below it
/// when the two parts may not be equal; 0 when n − j has no split.
fn last_split(n: usize, j: usize, unequal: bool) -> usize {
    if n < j + 2 {
        return 0;
    }
    let r = n - j;
    if unequal && r.is_multiple_of(2) {
        r / 2 - 1
    } else {
        r / 2
    }
}

/// [`scan`] for values below 128, where most splits make a value still needed: the values
/// a chunk makes are gathered as bits and removed at once.
#[inline(always)]
fn scan_narrow<T: Nimber, const W: usize>(
    g: &[T],
    n: usize,
    need: &mut [u64; W],
    moves: &MoveLists,
    stats: &mut SparseStats,
) -> u64 {
    let unequal = moves.unequal;
    let top = |j: usize| last_split(n, j, unequal);
    let last = moves.pair.iter().map(|&j| top(j)).max().unwrap_or(0);
    let mut left = need.iter().fold(0, |acc, w| acc | w);
    let mut scanned = 0u64;
    let mut a0 = 1;
    'scan: while a0 <= last {
        for &j in &moves.pair {
            let high_a = top(j);
            if a0 > high_a {
                continue;
            }
            let r = n - j;
            let a1 = high_a.min(a0 + CHUNK - 1);
            scanned += (a1 + 1 - a0) as u64;
            let (mut below, mut above) = (0u64, 0u64);
            for (x, y) in g[a0..=a1].iter().zip(g[r - a1..=r - a0].iter().rev()) {
                let v = u64::from(x.get() ^ y.get());
                let bit = 1u64 << (v & 63);
                let high = (v >> 6) & 1;
                below |= bit & high.wrapping_sub(1);
                above |= bit & high.wrapping_neg();
            }
            need[0] &= !below;
            if W == 2 {
                need[1 % W] &= !above;
            }
            left = need.iter().fold(0, |acc, w| acc | w);
            if left == 0 {
                break 'scan;
            }
        }
        a0 += CHUNK;
    }
    stats.confirm_splits += scanned;
    if left != 0 {
        stats.full_scans += 1;
    }
    left
}

/// Returns bit i set for each split i of the 32 (low[i], high[31 − i]) that makes a value
/// of `need` (values below 256).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn chunk_hits_u8(low: &[u8], high: &[u8], need: &[u64; 16]) -> u32 {
    use std::arch::x86_64::*;
    assert!(low.len() == 32 && high.len() == 32);
    // SAFETY: both slices hold 32 bytes and `need` 128; unaligned loads.
    unsafe {
        let reverse = _mm256_setr_epi8(
            15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4,
            3, 2, 1, 0,
        );
        let high = _mm256_loadu_si256(high.as_ptr().cast());
        let high = _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(high, reverse));
        let v = _mm256_xor_si256(_mm256_loadu_si256(low.as_ptr().cast()), high);
        let set = _mm256_loadu_si256(need.as_ptr().cast());
        // Byte v >> 3 of the set: its low 4 bits index a half of the 32 bytes, bit 7 of v
        // picks the half.
        let index = _mm256_and_si256(_mm256_srli_epi16::<3>(v), _mm256_set1_epi8(0x0F));
        let byte = _mm256_blendv_epi8(
            _mm256_shuffle_epi8(_mm256_permute2x128_si256::<0x00>(set, set), index),
            _mm256_shuffle_epi8(_mm256_permute2x128_si256::<0x11>(set, set), index),
            v,
        );
        let bit = _mm256_shuffle_epi8(bit_of_low3(), _mm256_and_si256(v, _mm256_set1_epi8(7)));
        let missed = _mm256_cmpeq_epi8(_mm256_and_si256(byte, bit), _mm256_setzero_si256());
        !(_mm256_movemask_epi8(missed) as u32)
    }
}

/// The byte 1 << k at each k of 0..8, in both halves.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn bit_of_low3() -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::_mm256_setr_epi8;
    _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8,
        16, 32, 64, -128,
    )
}

/// Returns bit i set for each split i of the 32 (low[i], high[31 − i]) that makes a value
/// of `need`: values below 512, or below 1024 with `WIDE`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn chunk_hits_u16<const WIDE: bool>(low: &[u16], high: &[u16], need: &[u64; 16]) -> u32 {
    use std::arch::x86_64::*;
    assert!(low.len() == 32 && high.len() == 32);
    // SAFETY: both slices hold 32 values and `need` 128 bytes; unaligned loads.
    unsafe {
        let reverse = _mm256_setr_epi8(
            14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5,
            2, 3, 0, 1,
        );
        let rev = |p: *const u16| {
            _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(_mm256_loadu_si256(p.cast()), reverse))
        };
        // Splits 0..16 and 16..32.
        let va = _mm256_xor_si256(
            _mm256_loadu_si256(low.as_ptr().cast()),
            rev(high.as_ptr().add(16)),
        );
        let vb = _mm256_xor_si256(
            _mm256_loadu_si256(low.as_ptr().add(16).cast()),
            rev(high.as_ptr()),
        );
        // The 32 values packed to bytes, in the packing's order: splits 0..8, 16..24,
        // 8..16, 24..32. Per value: the low 4 bits of its byte's index, bits 7 and 8 as
        // the blends' selectors, the bit within the byte.
        macro_rules! pack {
            ($f:expr) => {
                _mm256_packus_epi16($f(va), $f(vb))
            };
        }
        let index = pack!(|x| _mm256_and_si256(_mm256_srli_epi16::<3>(x), _mm256_set1_epi16(0x0F)));
        let bit7 = pack!(|x| _mm256_and_si256(x, _mm256_set1_epi16(0x80)));
        let bit8 = pack!(|x| _mm256_and_si256(_mm256_srli_epi16::<1>(x), _mm256_set1_epi16(0x80)));
        let low3 = pack!(|x| _mm256_and_si256(x, _mm256_set1_epi16(7)));
        let look = |t: __m256i| _mm256_shuffle_epi8(t, index);
        // For each value, the byte holding its bit among the set's 64 bytes from word `at`:
        // within a half of 32 by bit 7, the half by bit 8.
        let byte_of = |at: usize| {
            let set_low = _mm256_loadu_si256(need.as_ptr().add(at).cast());
            let set_high = _mm256_loadu_si256(need.as_ptr().add(at + 4).cast());
            let below = _mm256_blendv_epi8(
                look(_mm256_permute2x128_si256::<0x00>(set_low, set_low)),
                look(_mm256_permute2x128_si256::<0x11>(set_low, set_low)),
                bit7,
            );
            let above = _mm256_blendv_epi8(
                look(_mm256_permute2x128_si256::<0x00>(set_high, set_high)),
                look(_mm256_permute2x128_si256::<0x11>(set_high, set_high)),
                bit7,
            );
            _mm256_blendv_epi8(below, above, bit8)
        };
        let mut byte = byte_of(0);
        if WIDE {
            // Bytes 64..128 of the set, picked by bit 9.
            let bit9 = pack!(|x| _mm256_and_si256(_mm256_srli_epi16::<2>(x), _mm256_set1_epi16(0x80)));
            byte = _mm256_blendv_epi8(byte, byte_of(8), bit9);
        }
        let bit = _mm256_shuffle_epi8(bit_of_low3(), low3);
        let missed = _mm256_cmpeq_epi8(_mm256_and_si256(byte, bit), _mm256_setzero_si256());
        let packed = !(_mm256_movemask_epi8(missed) as u32);
        // Back to split order: bytes 8..16 are splits 16..24, bytes 16..24 splits 8..16.
        (packed & 0xFF00_00FF) | (packed & 0x0000_FF00) << 8 | (packed & 0x00FF_0000) >> 8
    }
}

/// Returns the 64 flags (each 0 or 1) as the bits of a word.
#[inline(always)]
fn to_bits(flags: &[u8; 64]) -> u64 {
    let mut bits = 0;
    for (k, eight) in flags.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(eight.try_into().unwrap_or_default());
        // Byte i (0 or 1) to bit 56 + i: no two products meet, so nothing carries.
        bits |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    bits
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
