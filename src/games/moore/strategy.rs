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

/// The primes the general count is checked with: the small ones (where p ≤ k + 1, and p
/// may divide k + 1), the two contest primes, and the Mersenne prime 2^61 − 1.
pub const TEST_PRIMES: [u64; 9] = [2, 3, 5, 7, 11, 13, 998_244_353, 1_000_000_007, (1 << 61) - 1];

/// Returns the least prime at or above n (n below the largest `u64` prime).
fn next_prime(n: u64) -> u64 {
    (n..).find(|&p| super::prime::is_prime(p)).unwrap_or(n)
}

/// Prime moduli: a small prime (2 … 13), 998244353 or 10^9 + 7, or a random prime near
/// 2^61.
///
/// # Complexity
/// O(log² p) per value (a few dozen primality tests near 2^61).
///
/// # Example
/// ```
/// use gamecheck::moore::{is_prime, strategy::prime_modulus};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let p = prime_modulus().new_tree(&mut TestRunner::deterministic()).map(|t| t.current());
/// assert!(p.is_ok_and(is_prime));
/// ```
pub fn prime_modulus() -> BoxedStrategy<u64> {
    let near = ((1u64 << 61) - (1 << 24)..(1u64 << 61) + (1 << 24)).prop_map(next_prime);
    prop_oneof![
        3 => prop::sample::select(&TEST_PRIMES[..6]),
        2 => prop::sample::select(&TEST_PRIMES[6..8]),
        1 => near,
    ]
    .boxed()
}

/// Sequence lengths for the count mod p with k: 0..=8, multiples of k + 1, of p − 1 and of
/// p^d − 1 (the order of F_{p^d}^×, d = ord_{k+1}(p), when p ∤ k + 1) and their
/// neighbours (±1, ±2), 10^18, u64::MAX and anything.
///
/// # Complexity
/// O(log m) to set up; O(1) per value.
///
/// # Example
/// ```
/// use gamecheck::moore::strategy::huge_len_for;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// assert!(huge_len_for(6, 1_000_000_007).new_tree(&mut TestRunner::deterministic()).is_ok());
/// ```
pub fn huge_len_for(k: u32, p: u64) -> BoxedStrategy<u64> {
    let m = u64::from(k) + 1;
    let mut orders = vec![m, p - 1];
    if !m.is_multiple_of(p) {
        let d = super::prime::order_mod(p, m) as u32;
        if let Some(order) = p.checked_pow(d) {
            orders.push(order - 1);
        }
    }
    let near = |o: u64| {
        (1u64..=(u64::MAX / o.max(1)), -2i64..=2)
            .prop_map(move |(c, d)| (c * o).wrapping_add_signed(d))
            .boxed()
    };
    let multiples = prop::strategy::Union::new(orders.iter().map(|&o| near(o)));
    let small = prop::strategy::Union::new(orders.iter().map(|&o| {
        (1u64..=3, -2i64..=2)
            .prop_map(move |(c, d)| (c * o).wrapping_add_signed(d))
            .boxed()
    }));
    prop_oneof![
        0u64..=8,
        multiples,
        small,
        Just(1_000_000_000_000_000_000),
        Just(u64::MAX),
        any::<u64>(),
    ]
    .boxed()
}

/// Brute-force-sized cases of the count mod p, (k, p, K, values): k in 1..=10, p from
/// [`prime_modulus`], and every sequence's game search small, as in [`brute_case`].
///
/// # Complexity
/// O(size of a value) per value.
///
/// # Example
/// ```
/// use gamecheck::moore::strategy::brute_case_mod;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// assert!(brute_case_mod().new_tree(&mut TestRunner::deterministic()).is_ok());
/// ```
pub fn brute_case_mod() -> impl Strategy<Value = (u32, u64, u32, Vec<u64>)> {
    (1u32..=10, prime_modulus(), 0u32..=7).prop_flat_map(|(k, p, len)| {
        let mut bits = 4;
        while bits > 1 && (1u64 << bits).pow(len) > 1024 {
            bits -= 1;
        }
        (Just(k), Just(p), Just(len), value_set(k, bits, 3))
    })
}

/// DP-sized cases of the count mod p, (k, p, K, values): k in 1..=10, p from
/// [`prime_modulus`], (k + 1)^B at most 1500, K up to 200 or a multiple of k + 1.
///
/// # Complexity
/// O(size of a value) per value.
///
/// # Example
/// ```
/// use gamecheck::moore::strategy::dp_case_mod;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// assert!(dp_case_mod().new_tree(&mut TestRunner::deterministic()).is_ok());
/// ```
pub fn dp_case_mod() -> impl Strategy<Value = (u32, u64, u64, Vec<u64>)> {
    let len = prop_oneof![0u64..=8, 0u64..=200];
    (1u32..=10, prime_modulus(), len).prop_flat_map(|(k, p, len)| {
        let m = u64::from(k) + 1;
        let mut bits = 1;
        while m.pow(bits + 1) <= 1500 && bits < 10 {
            bits += 1;
        }
        (
            Just(k),
            Just(p),
            prop_oneof![Just(len), Just(len / m * m)],
            value_set(k, bits, 10),
        )
    })
}

/// Instances of the count mod p beyond the oracles' reach, (k, p, K, values): k in
/// 1..=10, p from [`prime_modulus`], K from [`huge_len_for`], up to `max_n` values with
/// (k + 1)^B at most `max_points`.
///
/// # Complexity
/// O(size of a value) per value.
///
/// # Example
/// ```
/// use gamecheck::moore::strategy::instance_mod;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let case = instance_mod(2000, 30).new_tree(&mut TestRunner::deterministic()).map(|t| t.current());
/// assert!(case.is_ok_and(|(k, _, _, v)| v.iter().all(|&x| (u64::from(k) + 1).pow(64 - x.leading_zeros()) <= 2000)));
/// ```
pub fn instance_mod(max_points: u64, max_n: usize) -> impl Strategy<Value = (u32, u64, u64, Vec<u64>)> {
    (1u32..=10, prime_modulus()).prop_flat_map(move |(k, p)| {
        let m = u64::from(k) + 1;
        let mut bits = 1;
        while m.pow(bits + 1) <= max_points && bits < 16 {
            bits += 1;
        }
        (Just(k), Just(p), huge_len_for(k, p), value_set(k, bits, max_n))
    })
}

/// Returns `base^exp mod p` for any p ≥ 1 with `u128` remainders, the exponent never
/// reduced (0^0 = 1): the reference the metamorphic properties compare against.
///
/// # Complexity
/// O(log exp).
///
/// # Example
/// ```
/// use gamecheck::moore::strategy::pow_mod_exact;
/// assert_eq!(pow_mod_exact(0, 0, 7), 1);
/// assert_eq!(pow_mod_exact(3, 1_000_000_006, 1_000_000_007), 1);
/// assert_eq!(pow_mod_exact(5, 3, 1), 0);
/// ```
pub fn pow_mod_exact(base: u64, exp: u64, p: u64) -> u64 {
    super::prime::pow_mod_u64(base, u128::from(exp), p)
}
