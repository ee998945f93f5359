//! AVX2 versions of the two hot kernels: eight Montgomery products per instruction group.
//!
//! Each kernel is a safe `#[target_feature(enable = "avx2")]` function; callers must check
//! `is_x86_feature_detected!("avx2")` first (see `kernels.rs`). The only `unsafe` is the
//! unaligned loads and stores, whose pointers come from slices of at least eight elements.

use std::arch::x86_64::{
    __m256i, _mm_add_epi64, _mm_cvtepu32_epi64, _mm_cvtsi128_si64, _mm_unpackhi_epi64, _mm256_add_epi32,
    _mm256_blend_epi32, _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_min_epu32, _mm256_mul_epu32,
    _mm256_set1_epi32, _mm256_srli_epi64, _mm256_storeu_si256, _mm256_sub_epi32,
};

use super::modular::{self, P, P_INV, R2};

const LANES: usize = 8;
/// Independent vectors raised at once: enough chains to hide the multiplier latency while the
/// bases and accumulators still fit in the 16 vector registers.
const CHAINS: usize = 4;

#[derive(Clone, Copy)]
struct Consts {
    p: __m256i,
    p_inv: __m256i,
}

#[target_feature(enable = "avx2")]
fn consts() -> Consts {
    Consts {
        p: _mm256_set1_epi32(P as i32),
        p_inv: _mm256_set1_epi32(P_INV as i32),
    }
}

/// Eight Montgomery products `a·b·R⁻¹ mod p`, inputs and outputs in `[0, p)`.
#[target_feature(enable = "avx2")]
#[inline]
fn mul(a: __m256i, b: __m256i, c: Consts) -> __m256i {
    // `_mm256_mul_epu32` multiplies the even 32-bit lanes into 64-bit products; shifting by
    // 32 brings the odd lanes into even position for the second multiply.
    let ab_even = _mm256_mul_epu32(a, b);
    let ab_odd = _mm256_mul_epu32(_mm256_srli_epi64::<32>(a), _mm256_srli_epi64::<32>(b));
    let q_even = _mm256_mul_epu32(ab_even, c.p_inv);
    let q_odd = _mm256_mul_epu32(ab_odd, c.p_inv);
    let qp_even = _mm256_mul_epu32(q_even, c.p);
    let qp_odd = _mm256_mul_epu32(q_odd, c.p);
    // High halves: even lanes from the shifted even products, odd lanes in place.
    let ab_hi = _mm256_blend_epi32::<0b1010_1010>(_mm256_srli_epi64::<32>(ab_even), ab_odd);
    let qp_hi = _mm256_blend_epi32::<0b1010_1010>(_mm256_srli_epi64::<32>(qp_even), qp_odd);
    let d = _mm256_sub_epi32(ab_hi, qp_hi);
    // d is in (−p, p): when it wrapped below zero, d + p is the smaller unsigned value.
    _mm256_min_epu32(d, _mm256_add_epi32(d, c.p))
}

#[target_feature(enable = "avx2")]
#[inline]
fn add(a: __m256i, b: __m256i, c: Consts) -> __m256i {
    let s = _mm256_add_epi32(a, b);
    _mm256_min_epu32(s, _mm256_sub_epi32(s, c.p))
}

#[target_feature(enable = "avx2")]
#[inline]
fn load(xs: &[u32]) -> __m256i {
    assert!(xs.len() >= LANES);
    // SAFETY: the slice holds at least eight u32, and loadu has no alignment requirement.
    unsafe { _mm256_loadu_si256(xs.as_ptr().cast()) }
}

#[target_feature(enable = "avx2")]
#[inline]
fn store(out: &mut [u32], v: __m256i) {
    assert!(out.len() >= LANES);
    // SAFETY: the slice holds at least eight u32, and storeu has no alignment requirement.
    unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), v) }
}

/// `out[i] = a[i] + b[i]·w` for plain `a`, `b` and a Montgomery `w`; the result is plain.
#[target_feature(enable = "avx2")]
pub(crate) fn mul_add(out: &mut [u32], a: &[u32], b: &[u32], w: u32) {
    let n = out.len().min(a.len()).min(b.len());
    let c = consts();
    let wv = _mm256_set1_epi32(w as i32);
    let whole = n / LANES * LANES;
    let mut i = 0;
    while i < whole {
        let v = add(load(&a[i..]), mul(load(&b[i..]), wv, c), c);
        store(&mut out[i..], v);
        i += LANES;
    }
    modular::mul_add_scalar(&mut out[whole..n], &a[whole..n], &b[whole..n], w);
}

/// Returns `Σ xs[i]^e mod p` (plain in, plain out) for `e ≥ 1`.
///
/// `CHAINS` vectors at a time are converted to Montgomery form and raised to `e` entirely in
/// registers (left-to-right square-and-multiply), so the power touches memory once.
#[target_feature(enable = "avx2")]
pub(crate) fn sum_powers(xs: &[u32], e: u32) -> u32 {
    debug_assert!(e >= 1);
    let c = consts();
    let r2 = _mm256_set1_epi32(R2 as i32);
    let top = 31 - e.leading_zeros();
    let step = LANES * CHAINS;
    let whole = xs.len() / step * step;
    let mut total = _mm256_set1_epi32(0);
    let mut i = 0;
    while i < whole {
        // Named chains rather than an array: the compiler then keeps every base and
        // accumulator in a register instead of looping over a stack array.
        let x = &xs[i..i + step];
        let [b0, b1, b2, b3] = std::array::from_fn::<_, CHAINS, _>(|j| mul(load(&x[j * LANES..]), r2, c));
        let (mut a0, mut a1, mut a2, mut a3) = (b0, b1, b2, b3);
        for bit in (0..top).rev() {
            (a0, a1, a2, a3) = (mul(a0, a0, c), mul(a1, a1, c), mul(a2, a2, c), mul(a3, a3, c));
            if (e >> bit) & 1 == 1 {
                (a0, a1, a2, a3) = (mul(a0, b0, c), mul(a1, b1, c), mul(a2, b2, c), mul(a3, b3, c));
            }
        }
        total = add(total, add(add(a0, a1, c), add(a2, a3, c), c), c);
        i += step;
    }
    // Eight residues below 2³⁰ each: their u64 sum cannot overflow.
    let lo = _mm256_extracti128_si256::<0>(total);
    let hi = _mm256_extracti128_si256::<1>(total);
    let s = _mm_add_epi64(
        _mm_add_epi64(
            _mm_cvtepu32_epi64(lo),
            _mm_cvtepu32_epi64(_mm_unpackhi_epi64(lo, lo)),
        ),
        _mm_add_epi64(
            _mm_cvtepu32_epi64(hi),
            _mm_cvtepu32_epi64(_mm_unpackhi_epi64(hi, hi)),
        ),
    );
    let s = _mm_add_epi64(s, _mm_unpackhi_epi64(s, s));
    let vector_part = (_mm_cvtsi128_si64(s) as u64 % u64::from(P)) as u32;
    let vector_part = modular::from_mont(vector_part);
    modular::add(vector_part, modular::sum_powers_scalar(&xs[whole..], e))
}
