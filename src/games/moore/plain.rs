//! The baseline count: the same method as [`count`](super::count) with plain `u64 %`
//! arithmetic, one thread and no SIMD. Kept to measure the fast count against.

use super::error::MooreError;
use super::modular::{P, inverse, pow_mod};
use super::transform::{histogram, radix, root_of_unity, shape};

/// Returns the same count as [`count`](super::count), computed the plain way: the separable
/// DFT with two buffers and `%` after every product, then each F(t)^len by binary powering.
///
/// # Constraints
/// As for [`count`](super::count).
///
/// # Complexity
/// O(N + (k+1)^B · (B + log p)) `u64` multiplications and remainders, one thread;
/// O((k+1)^B) memory (two buffers).
///
/// # Example
/// ```
/// use gamecheck::moore::{count, count_plain};
/// let values: Vec<u64> = (1..=20).collect();
/// assert_eq!(count_plain(&values, 1_000_000_000_000_000_000, 6), count(&values, 1_000_000_000_000_000_000, 6));
/// assert_eq!(count_plain(&[1], 7, 6), Ok(1));
/// assert_eq!(count_plain(&[0, 0], 5, 998_244_351), Ok(32)); // k + 1 = p − 1, values 0 only
/// ```
pub fn count_plain(values: &[u64], len: u64, k: u32) -> Result<u32, MooreError> {
    let m = radix(k)?;
    let (bits, size) = shape(values, k, m)?;
    let p = u64::from(P);
    let omega = u64::from(root_of_unity(m));
    // Built only when there is a dimension to convert: m may be as large as p − 1.
    let powers: Vec<u64> = (0..if bits == 0 { 0 } else { m })
        .scan(1u64, |w, _| {
            let cur = *w;
            *w = *w * omega % p;
            Some(cur)
        })
        .collect();
    let mut f: Vec<u64> = histogram(values, 1 << bits).into_iter().map(u64::from).collect();
    let m = m as usize;
    let mut stride = 1usize;
    for j in 0..bits {
        let blocks = 1usize << (bits - j - 1);
        let mut g = vec![0u64; blocks * m * stride];
        for hi in 0..blocks {
            for (t, &w) in powers.iter().enumerate() {
                for lo in 0..stride {
                    let a = f[2 * hi * stride + lo];
                    let b = f[(2 * hi + 1) * stride + lo];
                    g[(hi * m + t) * stride + lo] = (a + w * b) % p;
                }
            }
        }
        f = g;
        stride *= m;
    }
    debug_assert_eq!(f.len(), size);
    let mut sum = 0u64;
    for &x in &f {
        let term = if x == 0 {
            u64::from(len == 0)
        } else {
            u64::from(pow_mod(x as u32, len % (p - 1)))
        };
        sum = (sum + term) % p;
    }
    let scale = u64::from(inverse(pow_mod((m as u64 % p) as u32, u64::from(bits))));
    Ok((sum * scale % p) as u32)
}
