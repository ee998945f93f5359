//! Chooses, at run time, between the AVX2 kernels and the portable ones.

use super::modular;

#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    // The standard library caches the CPUID answer, so this is a load and a test.
    std::is_x86_feature_detected!("avx2")
}

#[cfg(target_arch = "x86_64")]
fn has_avx512() -> bool {
    std::is_x86_feature_detected!("avx512f")
}

/// `out[i] = a[i] + b[i]·w` for plain `a`, `b` and a Montgomery `w`; the result is plain.
pub(crate) fn mul_add(out: &mut [u32], a: &[u32], b: &[u32], w: u32) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: AVX2 was detected on this CPU just above.
        unsafe { super::avx2::mul_add(out, a, b, w) };
        return;
    }
    modular::mul_add_scalar(out, a, b, w);
}

/// Returns `Σ xs[i]^e mod p` (plain in, plain out) for `e ≥ 1`.
pub(crate) fn sum_powers(xs: &[u32], e: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if has_avx512() {
        // SAFETY: AVX-512F was detected on this CPU just above.
        return unsafe { super::avx512::sum_powers(xs, e) };
    }
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: AVX2 was detected on this CPU just above.
        return unsafe { super::avx2::sum_powers(xs, e) };
    }
    modular::sum_powers_scalar(xs, e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::moore::modular::{P, to_mont};

    #[test]
    fn dispatched_kernels_match_scalar() {
        let xs: Vec<u32> = (0..1000u32).map(|i| i.wrapping_mul(2_654_435_761) % P).collect();
        let ys: Vec<u32> = xs.iter().map(|&x| (x ^ 0x5555) % P).collect();
        for len in [0usize, 1, 7, 8, 31, 32, 33, 127, 128, 129, 1000] {
            for e in [1u32, 2, 5, 998_244_351] {
                let want = modular::sum_powers_scalar(&xs[..len], e);
                assert_eq!(sum_powers(&xs[..len], e), want, "len {len}, e {e}");
                #[cfg(target_arch = "x86_64")]
                if has_avx2() {
                    // SAFETY: AVX2 was detected just above.
                    assert_eq!(
                        unsafe { crate::games::moore::avx2::sum_powers(&xs[..len], e) },
                        want
                    );
                }
                #[cfg(target_arch = "x86_64")]
                if has_avx512() {
                    // SAFETY: AVX-512F was detected just above.
                    assert_eq!(
                        unsafe { crate::games::moore::avx512::sum_powers(&xs[..len], e) },
                        want
                    );
                }
            }
            let w = to_mont(123_456);
            let mut got = vec![0; len];
            let mut want = vec![0; len];
            mul_add(&mut got, &xs[..len], &ys[..len], w);
            modular::mul_add_scalar(&mut want, &xs[..len], &ys[..len], w);
            assert_eq!(got, want);
        }
    }
}
