//! The counting claims of the catalog: Nim's criterion, independent piles, the reduced
//! exponent, and the seed's own algorithm.

use std::time::Duration;

use super::seed_dict_convolution::seed_dict_convolution;
use crate::moore::{MODULUS, count, count_mod, merge_columns, transform};

const P: u64 = MODULUS as u64;

fn pow_mod(base: u64, exp: u64) -> u64 {
    u64::from(crate::moore::pow_mod((base % P) as u32, exp))
}

/// The count under ordinary Nim's criterion (the XOR of the sequence is 0): Moore's
/// Nim with k = 1, whose criterion is exactly that.
///
/// # Constraints
/// Values below 2^26.
///
/// # Complexity
/// O(2^B · B + 2^B log K).
///
/// # Example
/// ```
/// use gamecheck::claims::xor_nim;
/// assert_eq!(xor_nim(&[1], 2), Ok(1), "1 xor 1 = 0, yet two piles of 1 are not a Moore_6 loss");
/// ```
pub fn xor_nim(values: &[u64], len: u64) -> Result<u32, String> {
    count(values, len, 1).map_err(|e| e.to_string())
}

/// The count as a product of per-pile losing counts: (number of zero values)^K.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(N + log K).
///
/// # Example
/// ```
/// use gamecheck::claims::independent_piles;
/// assert_eq!(independent_piles(&[0, 0, 5], 3), Ok(8));
/// ```
pub fn independent_piles(values: &[u64], len: u64) -> Result<u32, String> {
    let zeros = values.iter().filter(|&&v| v == 0).count() as u64;
    Ok(pow_mod(zeros, len) as u32)
}

/// The fast count with K reduced modulo p − 1 before the powers: wrong exactly when K is
/// a positive multiple of p − 1 and some coefficient F(t) is 0, since 0^0 = 1.
///
/// # Constraints
/// As [`crate::moore::count`] with k = 6.
///
/// # Complexity
/// As [`crate::moore::count`].
///
/// # Example
/// ```
/// use gamecheck::claims::exponent_mod_p_minus_1;
/// let k = 998_244_352;
/// assert_eq!(exponent_mod_p_minus_1(&[0, 1, 2, 3, 4, 5, 6], k), Ok(1));
/// ```
pub fn exponent_mod_p_minus_1(values: &[u64], len: u64) -> Result<u32, String> {
    // Merged columns give the same sum with a smaller transform.
    let t = transform(&merge_columns(values), 6).map_err(|e| e.to_string())?;
    let e = len % (P - 1);
    let sum = t
        .coefficients()
        .iter()
        .fold(0u64, |acc, &f| (acc + pow_mod(u64::from(f), e)) % P);
    let size = pow_mod(7, u64::from(t.bits()));
    Ok((sum * pow_mod(size, P - 2) % P) as u32)
}

/// 10^9 + 7, the other common contest prime.
pub const P_1E9_7: u64 = 1_000_000_007;

/// The count mod 10^9 + 7 (k = 6) with K reduced modulo p − 1 before the powers, as if
/// Fermat applied: Σₜ F(t)^(K mod (p − 1)) / 7^B with 0^0 = 1.
///
/// That sum is exactly the count for length K mod (p − 1) (both 1 when the exponent is 0),
/// so the claim is `count(K) = count(K mod (p − 1))`. It is wrong: 7 ∤ p − 1, so the F(t)
/// live in F_{p²}, whose units have order dividing p² − 1, not p − 1. Below p − 1 nothing
/// is reduced, so the least counterexample has K = p − 1 = 1000000006 ≡ 5 (mod 7): there
/// one pile of 1 is never a loss (truth 0), while the claim gives count(0) = 1.
///
/// # Constraints
/// As [`crate::moore::count_mod`] with k = 6.
///
/// # Complexity
/// As [`crate::moore::count_mod`].
///
/// # Example
/// ```
/// use gamecheck::claims::exponent_mod_p_minus_1_1e9_7;
/// assert_eq!(exponent_mod_p_minus_1_1e9_7(&[1], 1_000_000_006), Ok(1));
/// assert_eq!(gamecheck::moore::count_mod(&[1], 1_000_000_006, 6, 1_000_000_007), Ok(0));
/// ```
pub fn exponent_mod_p_minus_1_1e9_7(values: &[u64], len: u64) -> Result<u32, String> {
    count_mod(values, len % (P_1E9_7 - 1), 6, P_1E9_7)
        .map(|c| c as u32)
        .map_err(|e| e.to_string())
}

/// The seed document's dictionary convolution, with a time budget per instance.
///
/// # Constraints
/// Values below 128.
///
/// # Complexity
/// O(S² log K) for S reachable states, cut off after `budget`.
///
/// # Example
/// ```
/// use gamecheck::claims::seed_python;
/// assert_eq!(seed_python(&[1], 7), Ok(1));
/// ```
pub fn seed_python(values: &[u64], len: u64) -> Result<u32, String> {
    seed_dict_convolution(values, len, Duration::from_secs(2)).map_err(|e| e.to_string())
}
