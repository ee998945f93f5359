//! Oracle: the counting problem as one coefficient of a power in a group ring, for any K.
//!
//! A sequence is a loss exactly when, for every bit, the number of its entries with that bit
//! set is divisible by k + 1 (the problem's reduction, taken as given as the DP takes it).
//! Read each value as its vector of B bits in G = (Z/(k+1))^B; the sequence is a loss when
//! the sum of its vectors is 0. So the count is the coefficient of the identity in h^K, where
//! h = Σ_a x^bits(a) lives in the group ring (Z/modulus)[G]. h^K is raised by repeated
//! squaring, and each product is a plain convolution over G: no transform, no root of unity,
//! no reduction of K, and any modulus. This is the transfer matrix of the DP, raised to the
//! K-th power in O(log K) products.

use thiserror::Error;

/// The most points (k+1)^B the group may have.
pub const MAX_POINTS: u64 = 1 << 12;

/// Why the power was not computed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum GroupRingError {
    /// k = 0: (Z/1)^B has one point and Moore's Nim_0 has no move; not the problem.
    #[error("k must be at least 1")]
    ZeroK,
    /// The modulus 0 has no residues.
    #[error("the modulus must be at least 1")]
    ZeroModulus,
    /// (k+1)^B is beyond [`MAX_POINTS`]: each product is quadratic in it.
    #[error("(k+1)^B = {base}^{bits} points exceed the oracle's {max}")]
    TooLarge { base: u64, bits: u32, max: u64 },
}

/// Returns the number of length-`len` sequences over `values` (duplicates counted
/// separately) in which, for every bit, the number of entries with that bit set is divisible
/// by k + 1, mod `modulus` (prime or not).
///
/// B is the bit length of the largest value; B = 0 (every value 0) counts N^len.
///
/// # Errors
/// [`GroupRingError::ZeroK`] for k = 0, [`GroupRingError::ZeroModulus`] for modulus 0, and
/// [`GroupRingError::TooLarge`] when (k+1)^B > [`MAX_POINTS`].
///
/// # Complexity
/// O(n² · log len) multiply-adds for n = (k+1)^B (at most 2·log₂ len products, each a
/// convolution over G), O(n · 2^B) memory.
///
/// # Example
/// ```
/// use gamecheck_oracles::moore_group_ring_power::group_ring_power_count;
/// // k = 2 over {1, 2, 3}, three entries: only (1,1,1), (2,2,2) and (3,3,3).
/// assert_eq!(group_ring_power_count(&[1, 2, 3], 3, 2, 1_000_000_007), Ok(3));
/// // k = 1, one pile of 1 repeated K times: a loss exactly when K is even.
/// assert_eq!(group_ring_power_count(&[1], u64::MAX, 1, 998_244_353), Ok(0));
/// assert_eq!(group_ring_power_count(&[1], u64::MAX - 1, 1, 998_244_353), Ok(1));
/// assert_eq!(group_ring_power_count(&[5], 0, 6, 7), Ok(1));
/// assert!(group_ring_power_count(&[1], 1, 0, 7).is_err());
/// ```
pub fn group_ring_power_count(values: &[u64], len: u64, k: u32, modulus: u64) -> Result<u64, GroupRingError> {
    if k == 0 {
        return Err(GroupRingError::ZeroK);
    }
    if modulus == 0 {
        return Err(GroupRingError::ZeroModulus);
    }
    let group = Group::new(values, k)?;
    let h = group.element(values, modulus);
    let mut power = group.identity(modulus);
    for bit in (0..64 - len.leading_zeros()).rev() {
        power = group.mul(&power, &power, modulus);
        if (len >> bit) & 1 == 1 {
            power = group.mul(&power, &h, modulus);
        }
    }
    Ok(power[0])
}

/// G = (Z/m)^B, a point being its digits base m (digit j for bit j), and each point also
/// spread in base 2m − 1, where adding two points' spreads never carries: the sum's digits
/// are the digitwise sums, each below 2m − 1, still to be reduced mod m.
struct Group {
    m: u64,
    bits: u32,
    points: usize,
    /// spread[i]: point i in base 2m − 1.
    spread: Vec<usize>,
    /// fold[s]: the point whose digits are those of s (base 2m − 1) mod m.
    fold: Vec<usize>,
}

impl Group {
    fn new(values: &[u64], k: u32) -> Result<Group, GroupRingError> {
        let m = u64::from(k) + 1;
        let bits = 64 - values.iter().copied().max().unwrap_or(0).leading_zeros();
        let too_large = GroupRingError::TooLarge {
            base: m,
            bits,
            max: MAX_POINTS,
        };
        let points = m
            .checked_pow(bits)
            .filter(|&n| n <= MAX_POINTS)
            .ok_or(too_large)? as usize;
        let wide = 2 * m - 1;
        let digits = |mut x: usize, base: u64| -> Vec<u64> {
            (0..bits)
                .map(|_| {
                    let d = x as u64 % base;
                    x /= base as usize;
                    d
                })
                .collect()
        };
        let number = |digits: &[u64], base: u64| -> usize {
            digits
                .iter()
                .rev()
                .fold(0, |acc, &d| acc * base as usize + d as usize)
        };
        let spread = (0..points).map(|i| number(&digits(i, m), wide)).collect();
        let fold = (0..wide.pow(bits) as usize)
            .map(|s| {
                let reduced: Vec<u64> = digits(s, wide).iter().map(|d| d % m).collect();
                number(&reduced, m)
            })
            .collect();
        Ok(Group {
            m,
            bits,
            points,
            spread,
            fold,
        })
    }

    /// The point of a value: its bits as digits.
    fn point(&self, v: u64) -> usize {
        (0..self.bits)
            .rev()
            .fold(0, |acc, j| acc * self.m as usize + ((v >> j) & 1) as usize)
    }

    /// h = Σ_a x^bits(a), one term per entry of `values`.
    fn element(&self, values: &[u64], modulus: u64) -> Vec<u64> {
        let mut h = vec![0u64; self.points];
        for &v in values {
            let c = &mut h[self.point(v)];
            *c = ((u128::from(*c) + 1) % u128::from(modulus)) as u64;
        }
        h
    }

    /// The unit of the group ring: x^0.
    fn identity(&self, modulus: u64) -> Vec<u64> {
        let mut e = vec![0u64; self.points];
        e[0] = 1 % modulus;
        e
    }

    /// a·b in (Z/modulus)[G]: every pair of terms, summed exactly in 192 bits per
    /// coefficient (a product of two residues may take 128), then reduced once.
    fn mul(&self, a: &[u64], b: &[u64], modulus: u64) -> Vec<u64> {
        let wide = self.fold.len();
        let (mut low, mut high) = (vec![0u128; wide], vec![0u64; wide]);
        let terms: Vec<(usize, u128)> = b
            .iter()
            .enumerate()
            .filter(|&(_, &y)| y != 0)
            .map(|(j, &y)| (self.spread[j], u128::from(y)))
            .collect();
        for (i, &x) in a.iter().enumerate() {
            if x == 0 {
                continue;
            }
            let (si, x) = (self.spread[i], u128::from(x));
            for &(sj, y) in &terms {
                let at = si + sj;
                let (sum, carry) = low[at].overflowing_add(x * y);
                low[at] = sum;
                high[at] += u64::from(carry);
            }
        }
        let p = u128::from(modulus);
        // 2^128 mod p, as (2^128 − 1) mod p + 1.
        let base = (u128::MAX % p + 1) % p;
        let mut out = vec![0u128; self.points];
        for s in 0..wide {
            if low[s] == 0 && high[s] == 0 {
                continue;
            }
            let exact = (u128::from(high[s]) % p * base + low[s] % p) % p;
            let c = &mut out[self.fold[s]];
            *c = (*c + exact) % p;
        }
        out.into_iter().map(|c| c as u64).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::{GroupRingError, MAX_POINTS, group_ring_power_count};
    use crate::moore_brute_count::brute_count_mod;
    use crate::moore_dp_count::dp_count_mod;
    use crate::moore_game_search::GameSearch;

    /// Moduli with every kind of arithmetic: 1, 2, primes dividing k + 1 and not, the
    /// contest's, composites, 2^61 − 1 and 2^64 − 1 (residues whose products take 128 bits).
    const MODULI: [u64; 12] = [
        1,
        2,
        3,
        5,
        7,
        11,
        12,
        998_244_353,
        1_000_000_007,
        (1 << 61) - 1,
        u64::MAX - 58, // the largest prime below 2^64
        u64::MAX,
    ];

    fn power(values: &[u64], len: u64, k: u32, modulus: u64) -> u64 {
        group_ring_power_count(values, len, k, modulus).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn group_ring_power_matches_dp_at_small_len() {
        // A fixed xorshift keeps the sets reproducible without a dependency.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        for k in 1..=10u32 {
            let m = u64::from(k) + 1;
            let bits = (1..=6u32).rev().find(|&b| m.pow(b) <= 400).unwrap_or(1);
            for &modulus in &MODULI {
                for _ in 0..3 {
                    let n = 1 + next(6) as usize;
                    let values: Vec<u64> = (0..n).map(|_| next(1 << bits)).collect();
                    for len in (0..=9).chain([2 * m, 3 * m + 1]) {
                        assert_eq!(
                            power(&values, len, k, modulus),
                            dp_count_mod(&values, len, k, modulus),
                            "values {values:?}, K {len}, k {k}, modulus {modulus}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn group_ring_power_matches_game_search_brute_force() {
        for k in 1..=4u32 {
            let mut search = GameSearch::new(k);
            for values in [&[1u64, 2, 3][..], &[0, 1, 1], &[3, 2]] {
                for len in 0..=5u32 {
                    for modulus in [7, 998_244_353, u64::MAX] {
                        assert_eq!(
                            power(values, u64::from(len), k, modulus),
                            brute_count_mod(&mut search, values, len, modulus),
                            "values {values:?}, K {len}, k {k}, modulus {modulus}"
                        );
                    }
                }
            }
        }
    }

    /// x^e mod p, the exponent never reduced.
    fn pow_mod(x: u64, mut e: u64, p: u64) -> u64 {
        let p = u128::from(p);
        let (mut b, mut r) = (u128::from(x) % p, 1 % p);
        while e > 0 {
            if e & 1 == 1 {
                r = r * b % p;
            }
            b = b * b % p;
            e >>= 1;
        }
        r as u64
    }

    #[test]
    fn group_ring_power_matches_closed_forms_at_huge_len() {
        // k = 1, one bit, a values with the bit and b without: the count of even choices is
        // ((a + b)^K + (b − a)^K) / 2. Odd primes only, for the division by 2.
        let lens = [10u64.pow(18), u64::MAX, u64::MAX - 1, 998_244_352 * 7, 1 << 63];
        for p in [3, 5, 7, 998_244_353, 1_000_000_007, (1 << 61) - 1] {
            for (a, b) in [(1u64, 0u64), (1, 1), (2, 1), (3, 5), (4, 0)] {
                let values: Vec<u64> = std::iter::repeat_n(1, a as usize)
                    .chain(std::iter::repeat_n(0, b as usize))
                    .collect();
                for len in lens {
                    let plus = pow_mod(a + b, len, p);
                    let minus = pow_mod((b + p - a % p) % p, len, p);
                    let half = pow_mod(2, p - 2, p);
                    let want = (u128::from((plus + minus) % p) * u128::from(half) % u128::from(p)) as u64;
                    assert_eq!(power(&values, len, 1, p), want, "a {a}, b {b}, K {len}, p {p}");
                }
            }
        }
        // Every value 0: each of the N^K sequences is the empty position.
        for (k, p) in [(6, 7), (2, 1_000_000_007), (10, u64::MAX)] {
            for len in lens {
                assert_eq!(power(&[0, 0, 0], len, k, p), pow_mod(3, len, p));
            }
        }
        // One value with every one of its B bits set, repeated: a loss exactly when
        // (k + 1) | K, whatever B.
        for (k, value) in [(6u32, 7u64), (2, 15), (10, 3), (1, 63)] {
            let m = u64::from(k) + 1;
            for len in lens.iter().flat_map(|&l| [l, l - l % m]) {
                assert_eq!(power(&[value], len, k, 998_244_353), u64::from(len % m == 0));
            }
        }
    }

    #[test]
    fn group_ring_power_refuses_what_it_cannot_do() {
        assert_eq!(group_ring_power_count(&[1], 3, 0, 7), Err(GroupRingError::ZeroK));
        assert_eq!(
            group_ring_power_count(&[1], 3, 1, 0),
            Err(GroupRingError::ZeroModulus)
        );
        assert_eq!(
            group_ring_power_count(&[1 << 12], 3, 1, 7),
            Err(GroupRingError::TooLarge {
                base: 2,
                bits: 13,
                max: MAX_POINTS
            })
        );
        assert!(group_ring_power_count(&[u64::MAX], 3, u32::MAX, 7).is_err());
        // 2^12 points is still inside.
        assert_eq!(group_ring_power_count(&[(1 << 12) - 1], 2, 1, 7), Ok(1));
    }
}
