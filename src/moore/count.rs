//! The fast count: (k+1)^−B · Σₜ F(t)^K over the transform of the values.

use super::error::MooreError;
use super::modular;
use super::transform::transform;

/// The modulus of every count: 998244353.
pub const MODULUS: u32 = modular::P;

/// Returns the number of length-`len` sequences A_{i₁} … A_{i_len} (each entry any of the
/// `values`, duplicates counted separately) that are losses for the player to move in Moore's
/// Nim_k, mod 998244353.
///
/// By Moore's theorem a sequence is a loss exactly when, for every bit, the number of its
/// entries with that bit set is divisible by k + 1, so the count is the zero coefficient of
/// the K-th power of the histogram in the group algebra of (Z/(k+1))^B, computed through the
/// DFT as (k+1)^−B · Σₜ F(t)^K (see [`transform`]).
///
/// # Constraints
/// - k ≥ 1 and (k + 1) | 998244352 (k ∈ {1, 3, 6, 7, 13, 15, 16, …}), else
///   [`MooreError::ZeroK`] or [`MooreError::UnsupportedK`];
/// - (k+1)^B ≤ [`MAX_COEFFICIENTS`](super::MAX_COEFFICIENTS), where B is the bit length of
///   the largest value (k = 6: values below 512), else [`MooreError::TooManyCoefficients`];
/// - any `len` in `0..=u64::MAX`; `len = 0` counts the empty position, a loss: 1.
///
/// # Complexity
/// O(N + (k+1)^B · (B + log p)) modular multiplications, eight at a time with AVX2 and the
/// powers split across the rayon pool; O(2^B + (k+1)^B) memory.
///
/// # Example
/// ```
/// use gamecheck::moore::count;
/// assert_eq!(count(&[1], 7, 6), Ok(1)); // seven piles of 1: bit 0 seven times
/// assert_eq!(count(&[1], 1, 6), Ok(0));
/// assert_eq!(count(&[1, 1], 2, 6), Ok(0)); // two piles of 1 is a first-player win
/// assert_eq!(count(&[5, 9], 0, 6), Ok(1));
/// assert!(count(&[1], 7, 2).is_err()); // 3 does not divide p − 1
/// ```
pub fn count(values: &[u64], len: u64, k: u32) -> Result<u32, MooreError> {
    Ok(transform(values, k)?.count(len))
}
