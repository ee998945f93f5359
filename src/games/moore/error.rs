//! Why a Moore's Nim computation was refused.

use thiserror::Error;

use crate::input::InputError;

/// Why a count, transform or `solve games` was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum MooreError {
    /// Malformed contest input; names the line and the token.
    #[error(transparent)]
    Input(#[from] InputError),
    /// k = 0 allows no move at all, which is not Moore's Nim.
    #[error("k = 0 is not allowed: a move takes stones from between 1 and k piles, so k must be at least 1")]
    ZeroK,
    /// No primitive (k+1)-th root of unity exists modulo 998244353, which the root-of-unity
    /// transform ([`transform`](super::transform), [`count_plain`](super::count_plain)) needs.
    #[error(
        "k = {k} is not supported by the root-of-unity transform: k + 1 = {modulus_base} must divide \
         p - 1 = 998244352 = 2^23 * 7 * 17 (supported k include 1, 3, 6, 7, 13, 15, 16, 27, 31, ...); \
         count and count_mod handle every k"
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
    /// The modulus of a count must be a prime.
    #[error(
        "the modulus {modulus} is not a prime: counts are computed in a field of characteristic p, so p must be prime"
    )]
    NotPrime { modulus: u64 },
    /// The ring the general count works in would have too large a degree.
    #[error(
        "k = {k}, p = {modulus}: {why} has degree {degree}, above the supported {max}; \
         the count is O((k+1)^B · degree^2 · log K)"
    )]
    DegreeTooLarge {
        k: u32,
        modulus: u64,
        /// Which ring: the smallest field with a (k+1)-th root of unity, or the cyclotomic ring.
        why: String,
        degree: u64,
        max: usize,
    },
    /// The general count would take too long or too much memory.
    #[error(
        "k = {k}, p = {modulus}, values of B = {bits} bits: {points} transform points in a ring of \
         degree {degree} need about {multiplications} modular multiplications and {bytes} bytes, \
         beyond the caps of {max_multiplications} and {max_bytes}; use smaller values"
    )]
    TooMuchWork {
        k: u32,
        modulus: u64,
        bits: u32,
        points: u64,
        degree: usize,
        multiplications: u64,
        bytes: u64,
        max_multiplications: u64,
        max_bytes: u64,
    },
}
