//! Deterministic primality for `u64` and the small number theory the general count needs.

use super::arith::{Arith, Mont64};

/// Returns whether `n` is prime.
///
/// Miller–Rabin with the first twelve primes as bases, which is exact for every n below
/// 3.3·10^24, so for all of `u64` (Sorenson and Webster, 2015); bases 2, 7 and 61 below
/// 4.7·10^9.
///
/// # Complexity
/// O(12 · 64) Montgomery multiplications.
///
/// # Example
/// ```
/// use gamecheck::moore::is_prime;
/// assert!(is_prime(998_244_353) && is_prime(1_000_000_007) && is_prime((1 << 61) - 1));
/// assert!(!is_prime(1) && !is_prime(561) && !is_prime(3_215_031_751));
/// ```
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    if n < 37 * 37 {
        return true;
    }
    // n is odd: Montgomery arithmetic, residues in Montgomery form throughout.
    let ar = Mont64::new(n);
    let (one, minus_one) = (ar.one(), ar.repr(n - 1));
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    // Bases 2, 7, 61 decide every n below 4 759 123 141 (Jaeschke, 1993).
    let bases: &[u64] = if n < 4_759_123_141 { &[2, 7, 61] } else { &BASES };
    'bases: for &a in bases {
        let mut x = ar.pow(ar.repr(a), u128::from(d));
        if x == one || x == minus_one {
            continue;
        }
        for _ in 1..s {
            x = ar.mul(x, x);
            if x == minus_one {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// `base^exp mod n` for n ≥ 1, by `u128` remainders; 0^0 = 1.
pub(crate) fn pow_mod_u64(base: u64, mut exp: u128, n: u64) -> u64 {
    let n = u128::from(n);
    let (mut b, mut r) = (u128::from(base) % n, 1 % n);
    while exp > 0 {
        if exp & 1 == 1 {
            r = r * b % n;
        }
        b = b * b % n;
        exp >>= 1;
    }
    r as u64
}

/// The distinct prime factors of n ≥ 1, by trial division.
pub(crate) fn prime_factors(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut q = 2u64;
    while q.saturating_mul(q) <= n {
        if n.is_multiple_of(q) {
            out.push(q);
            while n.is_multiple_of(q) {
                n /= q;
            }
        }
        q += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

/// The multiplicative order of p modulo m, for gcd(p, m) = 1 and m ≥ 2: the least d ≥ 1
/// with p^d ≡ 1 (mod m), found by dividing φ(m) down.
pub(crate) fn order_mod(p: u64, m: u64) -> u64 {
    let u = p % m;
    let mut t = totient(m);
    for q in prime_factors(t) {
        while t.is_multiple_of(q) && pow_mod_u64(u, u128::from(t / q), m) == 1 {
            t /= q;
        }
    }
    t
}

/// Euler's φ(m).
pub(crate) fn totient(m: u64) -> u64 {
    prime_factors(m).iter().fold(m, |acc, &q| acc / q * (q - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_prime_matches_a_sieve_and_known_primes() {
        let n = 100_000usize;
        let mut composite = vec![false; n];
        for i in 2..n {
            if !composite[i] {
                (2 * i..n).step_by(i).for_each(|j| composite[j] = true);
            }
            assert_eq!(is_prime(i as u64), !composite[i], "{i}");
        }
        assert!(!is_prime(0) && !is_prime(1));
        // Strong pseudoprimes to several bases, Carmichael numbers, and primes near 2^64.
        for c in [
            3_215_031_751u64,
            2_152_302_898_747,
            3_474_749_660_383,
            341_550_071_728_321,
            3_825_123_056_546_413_051,
        ] {
            assert!(!is_prime(c), "{c}");
        }
        for p in [
            (1u64 << 61) - 1,
            18_446_744_073_709_551_557,
            4_611_686_018_427_387_847,
        ] {
            assert!(is_prime(p), "{p}");
        }
        assert!(!is_prime(u64::MAX) && !is_prime(((1u64 << 31) - 1) * ((1 << 31) - 1)));
    }

    #[test]
    fn orders_and_totients() {
        for (p, m) in [
            (1_000_000_007, 7),
            (998_244_353, 3),
            (998_244_353, 7),
            (2, 7),
            (2, 61),
            (3, 64),
            (5, 2),
        ] {
            let d = (1..=m).find(|&d| pow_mod_u64(p, d as u128, m) == 1);
            assert_eq!(Some(order_mod(p, m)), d, "p {p}, m {m}");
        }
        assert_eq!((order_mod(1_000_000_007, 7), order_mod(2, 61)), (2, 60));
        assert_eq!(prime_factors(360), vec![2, 3, 5]);
        assert_eq!((totient(7), totient(12), totient(64), totient(1)), (6, 4, 32, 1));
    }
}
