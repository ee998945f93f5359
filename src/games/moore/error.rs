//! Why a Moore's Nim computation was refused.

use thiserror::Error;

use crate::input::InputError;

/// Why a count, transform or `solve games` was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MooreError {
    /// Malformed contest input; names the line and the token.
    #[error(transparent)]
    Input(#[from] InputError),
    /// k = 0 allows no move at all, which is not Moore's Nim.
    #[error("k = 0 is not allowed: a move takes stones from between 1 and k piles, so k must be at least 1")]
    ZeroK,
    /// No primitive (k+1)-th root of unity exists modulo 998244353.
    #[error(
        "k = {k} is not supported: k + 1 = {modulus_base} must divide p - 1 = 998244352 = 2^23 * 7 * 17 \
         (supported k include 1, 3, 6, 7, 13, 15, 16, 27, 31, ...)"
    )]
    UnsupportedK { k: u32, modulus_base: u64 },
    /// The transform would need more coefficients than [`MAX_COEFFICIENTS`](super::MAX_COEFFICIENTS).
    #[error(
        "values up to {max_value} need B = {bits} bits, and (k + 1)^B = {base}^{bits} coefficients exceed \
         the cap of {cap} (2^26); for k = {k} values must be at most {max_supported}"
    )]
    TooManyCoefficients {
        k: u32,
        base: u64,
        bits: u32,
        max_value: u64,
        cap: usize,
        max_supported: u64,
    },
}
