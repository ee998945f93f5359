//! The DFT over (Z/(k+1))^B of the histogram of the values: F(t) = Σᵢ ω^⟨t, Aᵢ⟩, where a
//! value is read as its vector of B bits and ω is a primitive (k+1)-th root of unity mod p.

use super::error::MooreError;
use super::kernels;
use super::modular::{self, GENERATOR, P};

/// The most transform coefficients (k+1)^B any computation allocates: 2²⁶, i.e. 256 MiB of
/// `u32`. For k = 6 this admits B ≤ 9 (values below 512); for k = 1, B ≤ 26.
pub const MAX_COEFFICIENTS: usize = 1 << 26;

/// Returns k + 1 when k is supported: k ≥ 1 and (k + 1) | p − 1.
pub(crate) fn radix(k: u32) -> Result<u64, MooreError> {
    if k == 0 {
        return Err(MooreError::ZeroK);
    }
    let m = u64::from(k) + 1;
    if !(u64::from(P) - 1).is_multiple_of(m) {
        return Err(MooreError::UnsupportedK { k, modulus_base: m });
    }
    Ok(m)
}

/// Returns the largest B with (k+1)^B ≤ [`MAX_COEFFICIENTS`], for a supported radix m.
pub(crate) fn max_bits(m: u64) -> u32 {
    let mut bits = 0;
    let mut size = 1u64;
    while bits < 64 && size * m <= MAX_COEFFICIENTS as u64 {
        size *= m;
        bits += 1;
    }
    bits
}

/// Returns the largest value whose bits the transform can hold for radix m.
pub(crate) fn max_value(m: u64) -> u64 {
    let bits = max_bits(m);
    if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 }
}

/// Returns (B, (k+1)^B) for `values`, or the refusal when (k+1)^B exceeds the cap.
pub(crate) fn shape(values: &[u64], k: u32, m: u64) -> Result<(u32, usize), MooreError> {
    let max = values.iter().copied().max().unwrap_or(0);
    let bits = 64 - max.leading_zeros();
    if bits > max_bits(m) {
        return Err(MooreError::TooManyCoefficients {
            k,
            base: m,
            bits,
            max_value: max,
            cap: MAX_COEFFICIENTS,
            max_supported: max_value(m),
        });
    }
    Ok((bits, m.pow(bits) as usize))
}

/// Returns a primitive m-th root of unity modulo p, for m | p − 1.
pub(crate) fn root_of_unity(m: u64) -> u32 {
    modular::pow_mod(GENERATOR, (u64::from(P) - 1) / m)
}

/// Returns the histogram of `values` mod p, indexed by value, of length `size` ≥ 2^B.
pub(crate) fn histogram(values: &[u64], size: usize) -> Vec<u32> {
    let mut h = vec![0u32; size];
    for &v in values {
        // `shape` bounded every value by 2^B − 1 < size.
        let c = &mut h[v as usize];
        *c += 1;
        if *c == P {
            *c = 0;
        }
    }
    h
}

/// The coefficients F(t) of the transform, the bit count B and k.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    coefficients: Vec<u32>,
    bits: u32,
    k: u32,
}

/// Lanes per in-place step: the two input pieces are copied to the stack first, because the
/// outputs overwrite them (see `transform`).
const PIECE: usize = 512;

/// Returns the transform F(t) = Σᵢ ω^⟨t, Aᵢ⟩ mod p of `values`, for t in (Z/(k+1))^B, where
/// B is the bit length of the largest value (0 when all are 0), value bit j is coordinate j,
/// and t = Σ tⱼ (k+1)^j indexes the coefficients.
///
/// # Constraints
/// - k ≥ 1 and (k + 1) | 998244352, else [`MooreError::ZeroK`] or
///   [`MooreError::UnsupportedK`];
/// - (k+1)^B ≤ [`MAX_COEFFICIENTS`], else [`MooreError::TooManyCoefficients`].
///
/// # Complexity
/// O(N + (k+1)^B · B / 8) time with AVX2 (separable, one dimension at a time from size 2 to
/// size k+1, in place), O((k+1)^B) memory.
///
/// # Example
/// ```
/// use gamecheck::moore::transform;
/// // Values {0, 1} with k = 1 (ω = −1): F(0) = 1 + 1 = 2, F(1) = 1 + ω = 0.
/// let f = transform(&[0, 1], 1).unwrap();
/// assert_eq!((f.coefficients(), f.bits()), (&[2, 0][..], 1));
/// // Of the four pairs, (0, 0) and (1, 1) are losses: (2² + 0²) / 2 = 2.
/// assert_eq!(f.count(2), 2);
/// ```
pub fn transform(values: &[u64], k: u32) -> Result<Transform, MooreError> {
    let m = radix(k)?;
    let (bits, size) = shape(values, k, m)?;
    let mut f = histogram(values, size);
    convert(&mut f, m, bits, bits);
    Ok(Transform {
        coefficients: f,
        bits,
        k,
    })
}

/// Returns ω^t in Montgomery form for t in 0..m.
pub(crate) fn twiddles(m: u64) -> Vec<u32> {
    let omega = root_of_unity(m);
    (0..m)
        .map(|t| modular::to_mont(modular::pow_mod(omega, t)))
        .collect()
}

/// Converts the first `steps` of the `bits` dimensions of the histogram in `f` in place, from
/// size 2 to size m. `f` must hold 2^(bits−steps)·m^steps entries, the histogram first.
pub(crate) fn convert(f: &mut [u32], m: u64, bits: u32, steps: u32) {
    if steps == 0 {
        // Nothing to convert; and m may be as large as p − 1, too many twiddles to build.
        return;
    }
    let twiddles = twiddles(m);
    let m = m as usize;
    let mut a = [0u32; PIECE];
    let mut b = [0u32; PIECE];
    let mut stride = 1usize;
    // Before step j the layout is index = hi·m^j + lo, with hi the untouched bits j.. of the
    // value and lo the j converted coordinates. Step j turns bit j of hi into coordinate tⱼ:
    // g[hi', tⱼ, lo] = f[2hi', lo] + ω^tⱼ · f[2hi' + 1, lo].
    for j in 0..steps {
        let blocks = 1usize << (bits - j - 1);
        // Output block hi' starts at hi'·m·stride ≥ 2hi'·stride, past every input of a lower
        // block, so going down from the top block never overwrites unread input, except the
        // block's own two pieces, which are buffered.
        for hi in (0..blocks).rev() {
            let (in_a, in_b, out) = (2 * hi * stride, (2 * hi + 1) * stride, hi * m * stride);
            let mut lo = 0;
            while lo < stride {
                let n = PIECE.min(stride - lo);
                a[..n].copy_from_slice(&f[in_a + lo..in_a + lo + n]);
                b[..n].copy_from_slice(&f[in_b + lo..in_b + lo + n]);
                for (t, &w) in twiddles.iter().enumerate() {
                    let dst = &mut f[out + t * stride + lo..out + t * stride + lo + n];
                    kernels::mul_add(dst, &a[..n], &b[..n], w);
                }
                lo += n;
            }
        }
        stride *= m;
    }
}

impl Transform {
    /// Returns the coefficients F(t) as plain residues mod p, indexed by t = Σ tⱼ (k+1)^j.
    ///
    /// # Example
    /// ```
    /// use gamecheck::moore::transform;
    /// assert_eq!(transform(&[0, 0, 0], 6).unwrap().coefficients(), &[3]);
    /// ```
    pub fn coefficients(&self) -> &[u32] {
        &self.coefficients
    }

    /// Returns B, the bit length of the largest value (0 when all values are 0).
    ///
    /// # Example
    /// ```
    /// use gamecheck::moore::transform;
    /// assert_eq!(transform(&[5, 2], 6).unwrap().bits(), 3);
    /// ```
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Returns k, the most piles a move may touch.
    ///
    /// # Example
    /// ```
    /// use gamecheck::moore::transform;
    /// assert_eq!(transform(&[5], 3).unwrap().k(), 3);
    /// ```
    pub fn k(&self) -> u32 {
        self.k
    }

    /// Returns the number of length-`len` sequences over the values that are losses for the
    /// player to move, mod p: (k+1)^−B · Σₜ F(t)^len.
    ///
    /// F(t)^len is exact: 0^0 = 1, 0^len = 0 for len > 0, and only non-zero bases have their
    /// exponent reduced mod p − 1 (Fermat).
    ///
    /// # Constraints
    /// None: any `len` in `0..=u64::MAX`.
    ///
    /// # Complexity
    /// O((k+1)^B · log p / 8) multiplications with AVX2, split across the rayon pool.
    ///
    /// # Example
    /// ```
    /// use gamecheck::moore::transform;
    /// let f = transform(&[1], 6).unwrap();
    /// assert_eq!((f.count(0), f.count(1), f.count(7), f.count(14)), (1, 0, 1, 1));
    /// ```
    pub fn count(&self, len: u64) -> u32 {
        if len == 0 {
            // Σₜ F(t)^0 = (k+1)^B: only the empty sequence, which is a loss.
            return 1;
        }
        let e = (len % (u64::from(P) - 1)) as u32;
        let sum = if e == 0 {
            // len is a positive multiple of p − 1: F^len is 1 for F ≠ 0 and 0 for F = 0.
            let nonzero = self.coefficients.iter().filter(|&&x| x != 0).count() as u64;
            (nonzero % u64::from(P)) as u32
        } else {
            power_sum(&self.coefficients, e)
        };
        scale(sum, u64::from(self.k) + 1, self.bits)
    }
}

/// Returns sum · m^−bits mod p: the inverse DFT's zero coefficient from Σₜ F(t)^K.
pub(crate) fn scale(sum: u32, m: u64, bits: u32) -> u32 {
    let size = modular::pow_mod((m % u64::from(P)) as u32, u64::from(bits));
    (u64::from(sum) * u64::from(modular::inverse(size)) % u64::from(P)) as u32
}

/// Coefficients per rayon task: small enough to balance two cores, large enough to amortize.
const TASK: usize = 1 << 14;

/// Returns Σ xs[i]^e mod p for e ≥ 1 (0^e = 0), in parallel.
fn power_sum(xs: &[u32], e: u32) -> u32 {
    use rayon::prelude::*;
    if xs.len() <= TASK {
        return kernels::sum_powers(xs, e);
    }
    xs.par_chunks(TASK)
        .map(|c| kernels::sum_powers(c, e))
        .reduce(|| 0, modular::add)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// F(t) straight from its definition, for small B.
    fn direct(values: &[u64], k: u32) -> Vec<u32> {
        let m = u64::from(k) + 1;
        let bits = 64 - values.iter().copied().max().unwrap_or(0).leading_zeros();
        let omega = root_of_unity(m);
        (0..m.pow(bits))
            .map(|t| {
                values.iter().fold(0u32, |s, &v| {
                    let (mut dot, mut tt) = (0u64, t);
                    for j in 0..bits {
                        dot += (tt % m) * ((v >> j) & 1);
                        tt /= m;
                    }
                    modular::add(s, modular::pow_mod(omega, dot % m))
                })
            })
            .collect()
    }

    #[test]
    fn transform_matches_definition() {
        let sets: [&[u64]; 5] = [&[], &[0], &[1, 1], &[3, 5, 6, 7, 1, 0, 2], &[13, 2, 9, 9, 15, 4]];
        for k in [1, 3, 6, 7, 16] {
            for values in sets {
                assert_eq!(
                    transform(values, k).unwrap().coefficients(),
                    direct(values, k),
                    "k {k}"
                );
            }
        }
        // A stride larger than one piece exercises the buffered in-place step.
        let big: Vec<u64> = (0..200).map(|i| (i * 37 + 11) % 256).collect();
        assert_eq!(transform(&big, 3).unwrap().coefficients(), direct(&big, 3));
    }

    #[test]
    fn refuses_unsupported_k_and_large_values() {
        assert_eq!(transform(&[1], 0), Err(MooreError::ZeroK));
        assert!(matches!(
            transform(&[1], 2),
            Err(MooreError::UnsupportedK { k: 2, .. })
        ));
        assert!(matches!(
            transform(&[1], u32::MAX),
            Err(MooreError::UnsupportedK { .. })
        ));
        assert!(matches!(
            transform(&[512], 6),
            Err(MooreError::TooManyCoefficients { bits: 10, .. })
        ));
        assert_eq!(max_value(7), 511);
        // k + 1 = p − 1 is supported, but only for values 0 (B = 0).
        assert_eq!(transform(&[0, 0], 998_244_351).map(|f| f.count(5)), Ok(32));
        assert!(transform(&[1], 998_244_351).is_err());
        assert_eq!(max_value(2), (1 << 26) - 1);
    }
}
