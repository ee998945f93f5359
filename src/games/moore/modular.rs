//! Montgomery arithmetic modulo 998244353 on `u32` residues, with R = 2³², and the
//! portable (scalar) kernels the fast count falls back to when AVX2 is missing.
//!
//! A value `x` in Montgomery form is stored as `x·R mod p`. [`mul`] returns `a·b·R⁻¹`, so it
//! multiplies two Montgomery values into a Montgomery value, and a plain residue by a
//! Montgomery constant into a plain residue; the transform relies on the second use.

/// The prime modulus p = 998244353 = 119·2²³ + 1.
pub(crate) const P: u32 = 998_244_353;

/// A primitive root modulo p.
pub(crate) const GENERATOR: u32 = 3;

/// p⁻¹ mod 2³², by Newton's iteration (each step doubles the correct low bits).
pub(crate) const P_INV: u32 = {
    let mut x = P;
    let mut i = 0;
    while i < 4 {
        x = x.wrapping_mul(2u32.wrapping_sub(P.wrapping_mul(x)));
        i += 1;
    }
    x
};

/// R² mod p, which takes a plain residue into Montgomery form.
pub(crate) const R2: u32 = ((1u128 << 64) % P as u128) as u32;

const _: () = assert!(P.wrapping_mul(P_INV) == 1);

/// Returns `a·b·R⁻¹ mod p` for `a, b < p`.
#[inline(always)]
pub(crate) const fn mul(a: u32, b: u32) -> u32 {
    let t = a as u64 * b as u64;
    // t − q·p vanishes mod 2³², so (t − q·p) / 2³² is the difference of the high halves.
    let q = (t as u32).wrapping_mul(P_INV);
    let hi = (t >> 32) as u32;
    let qp = ((q as u64 * P as u64) >> 32) as u32;
    let r = hi.wrapping_sub(qp);
    if hi < qp { r.wrapping_add(P) } else { r }
}

/// Returns `a + b mod p` for `a, b < p`.
#[inline(always)]
pub(crate) const fn add(a: u32, b: u32) -> u32 {
    let s = a + b;
    if s >= P { s - P } else { s }
}

/// Returns the Montgomery form of the plain residue `a`.
#[inline(always)]
pub(crate) const fn to_mont(a: u32) -> u32 {
    mul(a, R2)
}

/// Returns the plain residue of the Montgomery value `a`.
#[inline(always)]
pub(crate) const fn from_mont(a: u32) -> u32 {
    mul(a, 1)
}

/// Returns `base^exp mod p` for a plain residue, with plain `u64` arithmetic and the
/// exponent never reduced (so 0^0 = 1 and 0^e = 0 for e > 0).
///
/// # Complexity
/// O(log exp).
///
/// # Example
/// ```
/// use gamecheck::moore::pow_mod;
/// assert_eq!(pow_mod(0, 0), 1);
/// assert_eq!(pow_mod(0, 998_244_352), 0);
/// assert_eq!(pow_mod(3, 998_244_352), 1);
/// ```
pub fn pow_mod(base: u32, exp: u64) -> u32 {
    // The result is below P < 2^32.
    super::prime::pow_mod_u64(u64::from(base), u128::from(exp), u64::from(P)) as u32
}

/// Returns the modular inverse of a non-zero plain residue, by Fermat.
pub(crate) fn inverse(a: u32) -> u32 {
    pow_mod(a, u64::from(P) - 2)
}

/// Elements per block of the scalar power kernel: two `u32` arrays of this length stay in L1.
const BLOCK: usize = 1024;

/// `out[i] = a[i] + b[i]·w` for plain `a`, `b` and a Montgomery `w`; the result is plain.
pub(crate) fn mul_add_scalar(out: &mut [u32], a: &[u32], b: &[u32], w: u32) {
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        *o = add(x, mul(y, w));
    }
}

/// Returns `Σ xs[i]^e mod p` (plain in, plain out) for `e ≥ 1`.
///
/// Square-and-multiply with the exponent fixed, applied to a whole block at a time, so each
/// pass is a straight loop the compiler may vectorize.
pub(crate) fn sum_powers_scalar(xs: &[u32], e: u32) -> u32 {
    debug_assert!(e >= 1);
    let top = 31 - e.leading_zeros();
    let mut base = [0u32; BLOCK];
    let mut acc = [0u32; BLOCK];
    let mut total = 0u32;
    for chunk in xs.chunks(BLOCK) {
        let n = chunk.len();
        let (base, acc) = (&mut base[..n], &mut acc[..n]);
        for ((b, a), &x) in base.iter_mut().zip(acc.iter_mut()).zip(chunk) {
            *b = to_mont(x);
            *a = *b;
        }
        for bit in (0..top).rev() {
            if (e >> bit) & 1 == 1 {
                for (a, &b) in acc.iter_mut().zip(base.iter()) {
                    *a = mul(mul(*a, *a), b);
                }
            } else {
                for a in acc.iter_mut() {
                    *a = mul(*a, *a);
                }
            }
        }
        total = acc.iter().fold(total, |s, &a| add(s, a));
    }
    from_mont(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn montgomery_round_trips_and_multiplies() {
        for a in [0, 1, 2, 12345, P - 1] {
            assert_eq!(from_mont(to_mont(a)), a);
            for b in [0, 1, 3, 998_244_000, P - 1] {
                let want = (u64::from(a) * u64::from(b) % u64::from(P)) as u32;
                assert_eq!(from_mont(mul(to_mont(a), to_mont(b))), want);
                assert_eq!(mul(a, to_mont(b)), want);
            }
        }
    }

    #[test]
    fn scalar_power_sum_matches_pow_mod() {
        let xs: Vec<u32> = (0..3000u32).map(|i| i.wrapping_mul(2_654_435_761) % P).collect();
        for e in [1u32, 2, 3, 17, 998_244_351, 123_456_789] {
            let want = xs.iter().fold(0u32, |s, &x| add(s, pow_mod(x, u64::from(e))));
            assert_eq!(sum_powers_scalar(&xs, e), want, "e = {e}");
        }
    }
}
