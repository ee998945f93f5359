//! The fast count: (k+1)^−B · Σₜ F(t)^K over the transform of the values.

use rayon::prelude::*;

use super::columns::merge_columns;
use super::error::MooreError;
use super::general::general;
use super::kernels;
use super::modular::{self, P};
use super::transform::{convert, histogram, radix, scale, shape, transform, twiddles};

/// The modulus of every count: 998244353.
pub const MODULUS: u32 = modular::P;

/// Returns the number of length-`len` sequences A_{i₁} … A_{i_len} (each entry any of the
/// `values`, duplicates counted separately) that are losses for the player to move in Moore's
/// Nim_k, mod 998244353.
///
/// By Moore's theorem a sequence is a loss exactly when, for every bit, the number of its
/// entries with that bit set is divisible by k + 1, so the count is the zero coefficient of
/// the K-th power of the histogram in the group algebra of (Z/(k+1))^B, computed through the
/// DFT as (k+1)^−B · Σₜ F(t)^K (see [`transform`]). When (k + 1) | p − 1 (k ∈ {1, 3, 6, 7,
/// 13, 15, 16, …}) the DFT is taken mod p with the kernels below; for every other k the
/// count is [`count_mod`](super::count_mod)'s, in an extension field.
///
/// # Constraints
/// - k ≥ 1, else [`MooreError::ZeroK`];
/// - (k+1)^B ≤ [`MAX_COEFFICIENTS`](super::MAX_COEFFICIENTS), where B is the bit length of
///   the largest value (k = 6: values below 512), else [`MooreError::TooManyCoefficients`];
/// - for k + 1 ∤ p − 1, the limits of [`count_mod`](super::count_mod);
/// - any `len` in `0..=u64::MAX`; `len = 0` counts the empty position, a loss: 1.
///
/// # Complexity
/// For (k + 1) | p − 1: O(N + (k+1)^B · (B + log p)) modular multiplications, sixteen at a
/// time with AVX-512 (eight with AVX2), the last transform step and the powers split across
/// the rayon pool; O(2·(k+1)^(B−1)) memory, because the last step's coefficients are raised
/// as they are made and never stored. Otherwise as [`count_mod`](super::count_mod).
///
/// # Example
/// ```
/// use gamecheck::moore::count;
/// assert_eq!(count(&[1], 7, 6), Ok(1)); // seven piles of 1: bit 0 seven times
/// assert_eq!(count(&[1], 1, 6), Ok(0));
/// assert_eq!(count(&[1, 1], 2, 6), Ok(0)); // two piles of 1 is a first-player win
/// assert_eq!(count(&[5, 9], 0, 6), Ok(1));
/// assert_eq!(count(&[1], 3, 2), Ok(1)); // 3 does not divide p − 1: an extension field
/// ```
pub fn count(values: &[u64], len: u64, k: u32) -> Result<u32, MooreError> {
    let m = match radix(k) {
        Ok(m) => m,
        // No (k+1)-th root of unity mod p: the general method, whose answer is below p.
        Err(MooreError::UnsupportedK { .. }) => {
            return general(values, len, k, u64::from(P)).map(|c| c as u32);
        }
        Err(e) => return Err(e),
    };
    // Fewer bits, a smaller transform: (k + 1)^B shrinks by a factor k + 1 per bit saved.
    let merged;
    let values = if values.len() < 64 {
        merged = merge_columns(values);
        &merged[..]
    } else {
        values
    };
    let (bits, _) = shape(values, k, m)?;
    let e = (len % (u64::from(P) - 1)) as u32;
    if bits == 0 || e == 0 {
        // Tiny transforms, len = 0 and multiples of p − 1 take the stored-coefficient path.
        return Ok(transform(values, k)?.count(len));
    }
    let stride = m.pow(bits - 1) as usize;
    let mut f = histogram(values, 2 * stride);
    convert(&mut f, m, bits, bits - 1);
    // The last dimension: F(·, t) = f[0, ·] + ω^t f[1, ·], raised to e piece by piece.
    let (a, b) = f.split_at(stride);
    let twiddles = twiddles(m);
    let sum = a
        .par_chunks(PIECE)
        .zip(b.par_chunks(PIECE))
        .map(|(a, b)| {
            let mut coefficients = [0u32; PIECE];
            let coefficients = &mut coefficients[..a.len()];
            twiddles.iter().fold(0, |sum, &w| {
                kernels::mul_add(coefficients, a, b, w);
                modular::add(sum, kernels::sum_powers(coefficients, e))
            })
        })
        .reduce(|| 0, modular::add);
    Ok(scale(sum, m, bits))
}

/// Coefficients per rayon task: a stack buffer well inside L1, and dozens of tasks for two
/// cores at (k+1)^B ≈ 10⁶.
const PIECE: usize = 2048;
