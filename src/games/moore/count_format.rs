//! The constraints of "Games" (XXI Open Cup, GP of Tokyo, problem G), whose input is
//! `N K` on the first line, then the N values A_i, and how its random inputs are drawn.
//!
//! The constraints are the statement's: 1 ≤ N ≤ 100, 0 ≤ A_i ≤ 100, 0 ≤ K ≤ 10^18, k = 6.
//! gamecheck judges more: K up to 2^64 − 1, N up to 10^6, and values while the transform
//! stays within the size of the contest's largest one ((k+1)^B ≤ 7^9 coefficients and
//! (k+1)^(B−1) ≤ 7^8 stored words: values ≤ 511 for k = 6), for k + 1 ≤ 2^18.

use rand::RngExt;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

use super::count_problem::MooreCount;
use super::modular::P;
use crate::game::count_question::CountCase;
use crate::problem::{Bounds, Constraints, Dimension};

/// The most coefficients a judged transform may have: 7^9, the contest's k = 6 at B = 9.
const MAX_TRANSFORM: u64 = 40_353_607;
/// The most words the fast count may store: 7^8.
const MAX_STORED: u64 = 5_764_801;
/// The largest k + 1 judged: the count makes one pass per root of unity.
const MAX_RADIX: u64 = 1 << 18;
/// The most values judged in one instance.
const MAX_N: u64 = 1_000_000;
const P_MINUS_ONE: u64 = P as u64 - 1;

/// Returns the largest B with m^B ≤ [`MAX_TRANSFORM`] and m^(B−1) ≤ [`MAX_STORED`].
fn max_bits(m: u64) -> u32 {
    let mut bits = 0;
    let mut size = 1u64;
    while bits < 63 && size <= MAX_STORED && size.saturating_mul(m) <= MAX_TRANSFORM {
        size *= m;
        bits += 1;
    }
    bits
}

impl MooreCount {
    fn value_limit(&self) -> Result<u64, String> {
        if !super::is_prime(self.modulus()) {
            return Err(format!("the modulus {} is not a prime", self.modulus()));
        }
        if self.k() == 0 {
            return Err(super::MooreError::ZeroK.to_string());
        }
        let m = u64::from(self.k()) + 1;
        if m > MAX_RADIX {
            return Err(format!(
                "k = {} is beyond what gamecheck judges: k + 1 = {m} must be at most {MAX_RADIX} \
                 (the count makes one pass per (k+1)-th root of unity)",
                self.k()
            ));
        }
        Ok((1u64 << max_bits(m)) - 1)
    }
}

fn len(rng: &mut ChaCha8Rng, cap: u64, m: u64) -> u64 {
    const E18: u64 = 1_000_000_000_000_000_000;
    match rng.random_range(0..10) {
        0 | 1 => rng.random_range(0..=cap.min(8)),
        // K ≡ 0 or near it (mod p − 1): where reducing the exponent goes wrong.
        2 | 3 | 8 if cap >= P_MINUS_ONE => {
            let j = rng.random_range(1..=(cap / P_MINUS_ONE).min(4));
            let delta = if rng.random_bool(0.5) {
                0
            } else {
                rng.random_range(-2..=2)
            };
            (j * P_MINUS_ONE).saturating_add_signed(delta).min(cap)
        }
        4 => m * rng.random_range(0..=(cap / m).min(20)),
        5 => cap - rng.random_range(0..=cap.min(10)),
        6 => m * rng.random_range(0..=cap / m),
        7 if cap >= E18 => E18 - rng.random_range(0..=3),
        _ => rng.random_range(0..=cap),
    }
}

/// m values hitting every residue of a random character χ of (Z/m)^B equally often, so
/// that F(χ) = 0: K ≡ 0 (mod p − 1) then separates F^K from F^(K mod (p − 1)).
fn zero_set(rng: &mut ChaCha8Rng, m: u64, top: u64) -> Vec<u64> {
    let bits = 64 - top.leading_zeros();
    let chi: Vec<u64> = (0..bits).map(|_| rng.random_range(0..m)).collect();
    let residue = |v: u64| (0..bits as usize).map(|j| (v >> j & 1) * chi[j]).sum::<u64>() % m;
    let mut values: Vec<u64> = (0..m)
        .map(|r| {
            // Few tries suffice unless χ is degenerate; then the set is just not a zero set.
            (0..200)
                .map(|_| rng.random_range(0..=top))
                .find(|&v| residue(v) == r)
                .unwrap_or(r.min(top))
        })
        .collect();
    values.shuffle(rng);
    values
}

fn values(rng: &mut ChaCha8Rng, m: u64, most: u64, top: u64) -> Vec<u64> {
    let most = usize::try_from(most).unwrap_or(usize::MAX).max(1);
    let n = match rng.random_range(0..10) {
        0..=4 => rng.random_range(1..=most.min(9)),
        5..=7 => rng.random_range(1..=most),
        _ => most - rng.random_range(0..most.min(3)),
    };
    let fits_zero_set = m as usize <= most && top >= 1;
    if fits_zero_set && m - 1 <= top && rng.random_bool(0.05) {
        return (0..m).collect();
    }
    match rng.random_range(0..8) {
        0 | 6 if fits_zero_set => zero_set(rng, m, top),
        // {x, y, x ^ y} and copies: values sharing bits.
        1 if top >= 1 => {
            let x = rng.random_range(1..=top);
            let y = rng.random_range(1..=top);
            let base = [x, y, (x ^ y).min(top)];
            (0..n).map(|i| base[i % 3]).collect()
        }
        2 => vec![rng.random_range(0..=top); n],
        3 => {
            let pool: Vec<u64> = (0..3).map(|_| rng.random_range(0..=top)).collect();
            (0..n).map(|_| *pool.choose(rng).unwrap_or(&0)).collect()
        }
        4 => (0..n).map(|_| rng.random_range(0..=top.min(7))).collect(),
        5 => (0..n)
            .map(|_| match rng.random_range(0..=8u32) {
                8 => 0,
                b => (1u64 << b).min(top),
            })
            .collect(),
        _ => (0..n).map(|_| rng.random_range(0..=top)).collect(),
    }
}

impl MooreCount {
    /// The statement's 1 ≤ N ≤ 100, 0 ≤ A_i ≤ 100, 0 ≤ K ≤ 10^18; extended K ≤ 2^64 − 1,
    /// A_i up to the judged limit (511 for k = 6), N ≤ 1000.
    pub(super) fn contest_constraints(&self) -> Result<Constraints, String> {
        let value_limit = self.value_limit()?;
        Ok(Constraints {
            dimensions: vec![
                Dimension {
                    flag: "n",
                    label: "N",
                    min: 1,
                    start: 1,
                    contest: 100,
                    extended: 1000,
                    limit: MAX_N,
                },
                Dimension {
                    flag: "value",
                    label: "A_i",
                    min: 0,
                    start: 3,
                    contest: value_limit.min(100),
                    extended: value_limit,
                    limit: value_limit,
                },
                Dimension {
                    flag: "k",
                    label: "K",
                    min: 0,
                    start: 3,
                    contest: 1_000_000_000_000_000_000,
                    extended: u64::MAX,
                    limit: u64::MAX,
                },
            ],
        })
    }

    /// One instance: K near 0, near multiples of p − 1 and of k + 1, near the bound, or
    /// uniform; values from sets whose transform vanishes somewhere, sets sharing bits,
    /// repeats, few bits, powers of two, or uniform.
    pub(super) fn draw(&self, rng: &mut ChaCha8Rng, bounds: &Bounds) -> CountCase {
        let m = u64::from(self.k()) + 1;
        let top = bounds.max_or("value", 100);
        let most = bounds.max_or("n", 100);
        let values = values(rng, m, most, top);
        let len = len(rng, bounds.max_or("k", 1_000_000_000_000_000_000), m);
        CountCase {
            k: self.k(),
            len,
            values,
            modulus: self.modulus(),
        }
    }
}
