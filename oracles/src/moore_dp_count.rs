//! Oracle: the counting problem by a linear DP over the per-bit counts mod k + 1, one pile
//! at a time. It takes the per-bit divisibility criterion (the problem's reduction) as given,
//! but none of the fast count's code or transform.

/// The modulus of the contest's answer.
pub const MODULUS: u64 = 998_244_353;

/// Returns the number of length-`len` sequences over `values` in which, for every bit, the
/// number of entries with that bit set is divisible by k + 1, mod 998244353.
///
/// The state is the vector of per-bit counts mod k + 1, a point of (Z/(k+1))^B with B the bit
/// length of the largest value; each of the `len` steps adds one value to every state.
///
/// # Constraints
/// k ≥ 1 (any k, no root of unity needed); len · (k+1)^B · N small enough to run (~10⁸).
///
/// # Complexity
/// O(len · (k+1)^B · N) time, O((k+1)^B · N) memory.
///
/// # Example
/// ```
/// use gamecheck_oracles::moore_dp_count::dp_count;
/// assert_eq!(dp_count(&[1], 7, 6), 1);
/// assert_eq!(dp_count(&[1, 1], 2, 6), 0);
/// assert_eq!(dp_count(&[1, 2, 3], 3, 2), 3); // (1, 1, 1), (2, 2, 2) and (3, 3, 3)
/// assert_eq!(dp_count(&[5], 0, 6), 1);
/// ```
pub fn dp_count(values: &[u64], len: u64, k: u32) -> u32 {
    dp_count_mod(values, len, k, MODULUS) as u32
}

/// Returns [`dp_count`] mod any `modulus` ≥ 1 (prime or not: the DP only adds).
///
/// # Constraints
/// As [`dp_count`].
///
/// # Complexity
/// As [`dp_count`].
///
/// # Example
/// ```
/// use gamecheck_oracles::moore_dp_count::dp_count_mod;
/// assert_eq!(dp_count_mod(&[1, 2, 3], 3, 2, 1_000_000_007), 3);
/// assert_eq!(dp_count_mod(&[1, 2, 3], 6, 2, 7), 63 % 7);
/// assert_eq!(dp_count_mod(&[0, 0], 64, 5, u64::MAX), 1); // 2^64 mod (2^64 − 1)
/// ```
pub fn dp_count_mod(values: &[u64], len: u64, k: u32, modulus: u64) -> u64 {
    let m = k as usize + 1;
    let bits = 64 - values.iter().copied().max().unwrap_or(0).leading_zeros() as usize;
    let states = m.pow(bits as u32);
    // step[i][s]: the state reached from s by adding values[i].
    let step: Vec<Vec<usize>> = values
        .iter()
        .map(|&v| {
            (0..states)
                .map(|s| {
                    let (mut rest, mut place, mut target) = (s, 1, 0);
                    for j in 0..bits {
                        let digit = (rest % m + ((v >> j) & 1) as usize) % m;
                        target += digit * place;
                        rest /= m;
                        place *= m;
                    }
                    target
                })
                .collect()
        })
        .collect();
    let mut ways = vec![0u64; states];
    ways[0] = 1 % modulus;
    for _ in 0..len {
        let mut next = vec![0u64; states];
        for (s, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            for targets in &step {
                let t = targets[s];
                // Both terms are below the modulus, which may exceed 2^63: add with carry.
                let (sum, carry) = next[t].overflowing_add(w);
                next[t] = if carry || sum >= modulus {
                    sum.wrapping_sub(modulus)
                } else {
                    sum
                };
            }
        }
        ways = next;
    }
    ways[0]
}
