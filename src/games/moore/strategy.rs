//! proptest strategies for Moore's Nim: positions for the game search and counting
//! instances that reach the hard cases (K at multiples of p − 1, shared bits, transforms
//! with zeros). Tests, `check` and `claims` share them.

use proptest::prelude::*;

use super::count::MODULUS;

const P: u64 = MODULUS as u64;

/// The k whose k + 1 divides p − 1, small enough for the oracles.
pub const SUPPORTED_K: [u32; 6] = [1, 3, 6, 7, 15, 16];

fn radix_bits(m: u64) -> u32 {
    // Smallest b with 2^b ≥ m: the low b bits of a value give every residue mod m.
    64 - (m - 1).leading_zeros()
}

/// Sets of values below 2^max_bits, of at most max_n values (at least 1), reaching the hard
/// cases: uniform sets, copies of one value, values built from a few shared bit masks, and
/// unions of complete residue systems, whose transform vanishes at t = (1, 2, 4, …, 0, …).
///
/// # Constraints
/// See the parameters above.
///
/// # Complexity
/// O(size of a value) per value.
///
/// # Example
/// ```
/// use gamecheck::moore::strategy::*;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::deterministic();
/// let v = value_set(6, 7, 10).new_tree(&mut runner).map(|t| t.current());
/// assert!(v.is_ok_and(|v| !v.is_empty() && v.len() <= 10 && v.iter().all(|&x| x < 128)));
/// ```
pub fn value_set(k: u32, max_bits: u32, max_n: usize) -> BoxedStrategy<Vec<u64>> {
    let max = (1u64 << max_bits) - 1;
    let m = u64::from(k) + 1;
    let uniform = prop::collection::vec(0..=max, 1..=max_n).boxed();
    let copies = (0..=max, 1..=max_n).prop_map(|(v, c)| vec![v; c]).boxed();
    let shared = (
        prop::collection::vec(0..=max, 1..=3),
        prop::collection::vec(1u8..8, 1..=max_n),
    )
        .prop_map(|(pool, picks)| {
            picks
                .iter()
                .map(|&pick| {
                    (0..pool.len())
                        .filter(|i| pick >> i & 1 == 1)
                        .fold(0, |v, i| v | pool[i])
                })
                .collect()
        })
        .boxed();
    let low = radix_bits(m);
    if low > max_bits || (m as usize) > max_n {
        return prop_oneof![uniform, copies, shared].boxed();
    }
    let high_max = (1u64 << (max_bits - low)) - 1;
    let copies_max = (max_n / m as usize).max(1);
    let balanced = (1..=copies_max)
        .prop_flat_map(move |c| prop::collection::vec(0..=high_max, c * m as usize))
        .prop_map(move |highs| {
            highs
                .iter()
                .enumerate()
                .map(|(i, &h)| (h << low) | (i as u64 % m))
                .collect()
        })
        .prop_shuffle()
        .boxed();
    prop_oneof![2 => uniform, 1 => copies, 2 => shared, 3 => balanced].boxed()
}

/// Sequence lengths: 0..=8, multiples of p − 1 and their neighbours (±1, ±2), 10^18,
/// u64::MAX and anything.
///
/// # Constraints
/// See the parameters above.
///
/// # Complexity
/// O(size of a value) per value.
///
/// # Example
/// ```
/// use gamecheck::moore::strategy::*;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::deterministic();
/// assert!(huge_len().new_tree(&mut runner).is_ok());
/// ```
pub fn huge_len() -> impl Strategy<Value = u64> {
    let near =
        (1u64..=(u64::MAX / (P - 1)), -2i64..=2).prop_map(|(c, d)| (c * (P - 1)).wrapping_add_signed(d));
    prop_oneof![
        0u64..=8,
        near.clone(),
        (1u64..=3, -2i64..=2).prop_map(|(c, d)| (c * (P - 1)).wrapping_add_signed(d)),
        Just(1_000_000_000_000_000_000),
        Just(u64::MAX),
        any::<u64>(),
    ]
}

/// A small position for the game search: n ≤ k + 2 piles with Π(pᵢ + 1) ≤ 2048, either
/// uniform or drawn from a pool of two sizes (so bits are shared).
///
/// # Constraints
/// See the parameters above.
///
/// # Complexity
/// O(size of a value) per value.
///
/// # Example
/// ```
/// use gamecheck::moore::strategy::*;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::deterministic();
/// let p = small_position(6).new_tree(&mut runner).map(|t| t.current());
/// assert!(p.is_ok_and(|p| p.len() <= 8));
/// ```
pub fn small_position(k: u32) -> impl Strategy<Value = Vec<u64>> {
    (1usize..=(k as usize + 2).min(9)).prop_flat_map(|n| {
        let mut s = 1u64;
        while (s + 2).pow(n as u32) <= 2048 && s < 15 {
            s += 1;
        }
        prop_oneof![
            prop::collection::vec(0..=s, n),
            (0..=s, 0..=s, prop::collection::vec(any::<bool>(), n))
                .prop_map(|(a, b, pick)| pick.iter().map(|&x| if x { a } else { b }).collect()),
        ]
    })
}

/// Brute-force-sized counting cases (k, K, values): every sequence's game search stays small.
///
/// # Constraints
/// See the parameters above.
///
/// # Complexity
/// O(size of a value) per value.
///
/// # Example
/// ```
/// use gamecheck::moore::strategy::*;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::deterministic();
/// assert!(brute_case().new_tree(&mut runner).is_ok());
/// ```
pub fn brute_case() -> impl Strategy<Value = (u32, u32, Vec<u64>)> {
    (prop::sample::select(&SUPPORTED_K[..4]), 0u32..=8).prop_flat_map(|(k, len)| {
        // Keep every sequence's game search small: (max + 1)^len ≤ 1024.
        let mut bits = 4;
        while bits > 1 && (1u64 << bits).pow(len) > 1024 {
            bits -= 1;
        }
        (Just(k), Just(len), value_set(k, bits, 3))
    })
}

/// DP-sized counting cases (k, K, values): (k + 1)^B at most 2500, K up to 300.
///
/// # Constraints
/// See the parameters above.
///
/// # Complexity
/// O(size of a value) per value.
///
/// # Example
/// ```
/// use gamecheck::moore::strategy::*;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::deterministic();
/// assert!(dp_case().new_tree(&mut runner).is_ok());
/// ```
pub fn dp_case() -> impl Strategy<Value = (u32, u64, Vec<u64>)> {
    let len = prop_oneof![0u64..=8, 0u64..=300];
    (prop::sample::select(&SUPPORTED_K[..]), len).prop_flat_map(|(k, len)| {
        let m = u64::from(k) + 1;
        let mut bits = 1;
        while m.pow(bits + 1) <= 2500 && bits < 10 {
            bits += 1;
        }
        // Also lengths that are multiples of k + 1, where copies of a value count.
        (
            Just(k),
            prop_oneof![Just(len), Just(len / m * m)],
            value_set(k, bits, 12),
        )
    })
}

/// Returns contest instances (values, K): k = 6, values 0..=127, N ≤ 8, K from
/// [`huge_len`] or a multiple of 7.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(N) per value.
///
/// # Example
/// ```
/// use gamecheck::moore::strategy::contest_instance;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let i = contest_instance().new_tree(&mut TestRunner::deterministic()).map(|t| t.current());
/// assert!(i.is_ok_and(|(v, _)| v.iter().all(|&x| x <= 127)));
/// ```
pub fn contest_instance() -> impl Strategy<Value = (Vec<u64>, u64)> {
    (
        value_set(6, 7, 8),
        prop_oneof![3 => huge_len(), 1 => huge_len().prop_map(|k| k / 7 * 7)],
    )
}
