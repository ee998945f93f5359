//! The AVX-512 power kernel: sixteen Montgomery products per instruction group. The hot loop
//! of the count; the transform's multiply-add stays on AVX2 (it is a small share of the time).
//!
//! Callers must check `is_x86_feature_detected!("avx512f")` first (see `kernels.rs`). The
//! only `unsafe` is the unaligned loads, whose pointers come from slices of at least sixteen
//! elements.

use std::arch::x86_64::{
    __m512i, _mm512_add_epi32, _mm512_loadu_si512, _mm512_mask_blend_epi32, _mm512_min_epu32,
    _mm512_mul_epu32, _mm512_set1_epi32, _mm512_srli_epi64, _mm512_storeu_si512, _mm512_sub_epi32,
};

use super::modular::{self, P, P_INV, R2};

const LANES: usize = 16;
/// Independent vectors raised at once; 32 vector registers hold their bases and accumulators.
const CHAINS: usize = 8;

#[derive(Clone, Copy)]
struct Consts {
    p: __m512i,
    p_inv: __m512i,
}

/// Sixteen Montgomery products `a·b·R⁻¹ mod p`, inputs and outputs in `[0, p)`.
#[target_feature(enable = "avx512f")]
#[inline]
fn mul(a: __m512i, b: __m512i, c: Consts) -> __m512i {
    // Same scheme as the AVX2 kernel: even lanes directly, odd lanes shifted down.
    let ab_even = _mm512_mul_epu32(a, b);
    let ab_odd = _mm512_mul_epu32(_mm512_srli_epi64::<32>(a), _mm512_srli_epi64::<32>(b));
    let q_even = _mm512_mul_epu32(ab_even, c.p_inv);
    let q_odd = _mm512_mul_epu32(ab_odd, c.p_inv);
    let qp_even = _mm512_mul_epu32(q_even, c.p);
    let qp_odd = _mm512_mul_epu32(q_odd, c.p);
    let ab_hi = _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64::<32>(ab_even), ab_odd);
    let qp_hi = _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64::<32>(qp_even), qp_odd);
    let d = _mm512_sub_epi32(ab_hi, qp_hi);
    _mm512_min_epu32(d, _mm512_add_epi32(d, c.p))
}

#[target_feature(enable = "avx512f")]
#[inline]
fn add(a: __m512i, b: __m512i, c: Consts) -> __m512i {
    let s = _mm512_add_epi32(a, b);
    _mm512_min_epu32(s, _mm512_sub_epi32(s, c.p))
}

#[target_feature(enable = "avx512f")]
#[inline]
fn load(xs: &[u32]) -> __m512i {
    assert!(xs.len() >= LANES);
    // SAFETY: the slice holds at least sixteen u32, and loadu has no alignment requirement.
    unsafe { _mm512_loadu_si512(xs.as_ptr().cast()) }
}

/// Returns `Σ xs[i]^e mod p` (plain in, plain out) for `e ≥ 1`; as the AVX2 kernel, with
/// `CHAINS` vectors raised in registers at a time.
#[target_feature(enable = "avx512f")]
pub(crate) fn sum_powers(xs: &[u32], e: u32) -> u32 {
    debug_assert!(e >= 1);
    let c = Consts {
        p: _mm512_set1_epi32(P as i32),
        p_inv: _mm512_set1_epi32(P_INV as i32),
    };
    let r2 = _mm512_set1_epi32(R2 as i32);
    let top = 31 - e.leading_zeros();
    let step = LANES * CHAINS;
    let whole = xs.len() / step * step;
    let mut total = _mm512_set1_epi32(0);
    let mut i = 0;
    while i < whole {
        // Eight named chains rather than an array: the compiler then keeps every base and
        // accumulator in a register instead of looping over a stack array.
        let x = &xs[i..i + step];
        let [b0, b1, b2, b3, b4, b5, b6, b7] =
            std::array::from_fn::<_, CHAINS, _>(|j| mul(load(&x[j * LANES..]), r2, c));
        let (mut a0, mut a1, mut a2, mut a3) = (b0, b1, b2, b3);
        let (mut a4, mut a5, mut a6, mut a7) = (b4, b5, b6, b7);
        for bit in (0..top).rev() {
            (a0, a1, a2, a3) = (mul(a0, a0, c), mul(a1, a1, c), mul(a2, a2, c), mul(a3, a3, c));
            (a4, a5, a6, a7) = (mul(a4, a4, c), mul(a5, a5, c), mul(a6, a6, c), mul(a7, a7, c));
            if (e >> bit) & 1 == 1 {
                (a0, a1, a2, a3) = (mul(a0, b0, c), mul(a1, b1, c), mul(a2, b2, c), mul(a3, b3, c));
                (a4, a5, a6, a7) = (mul(a4, b4, c), mul(a5, b5, c), mul(a6, b6, c), mul(a7, b7, c));
            }
        }
        total = add(
            total,
            add(
                add(add(a0, a1, c), add(a2, a3, c), c),
                add(add(a4, a5, c), add(a6, a7, c), c),
                c,
            ),
            c,
        );
        i += step;
    }
    let mut lanes = [0u32; LANES];
    // SAFETY: `lanes` holds sixteen u32, and storeu has no alignment requirement.
    unsafe { _mm512_storeu_si512(lanes.as_mut_ptr().cast(), total) };
    // Sixteen residues below 2³⁰: their u64 sum cannot overflow.
    let sum = lanes.iter().map(|&x| u64::from(x)).sum::<u64>() % u64::from(P);
    let vector_part = modular::from_mont(sum as u32);
    modular::add(vector_part, modular::sum_powers_scalar(&xs[whole..], e))
}
