//! Residues modulo a run-time modulus q, for the general count: Montgomery on `u32` lanes
//! (odd q < 2^31, which the compiler vectorizes), Montgomery on `u64` (any odd q) and
//! masked wrapping arithmetic for q = 2^j (p = 2, and the 2-adic ring when 2 | k + 1).
//!
//! Every type keeps residues in its own representation ([`Arith::W`]); the zero residue
//! is represented by 0 in all three, so testing for zero needs no conversion.

use std::fmt::Debug;

/// Arithmetic modulo a fixed q on representations `W`.
pub(crate) trait Arith: Copy + Send + Sync {
    /// A residue in this type's representation.
    type W: Copy + Default + Eq + Debug + Send + Sync;
    /// The modulus q.
    fn modulus(self) -> u64;
    /// The representation of x mod q.
    fn repr(self, x: u64) -> Self::W;
    /// The residue in 0..q of a representation.
    fn value(self, a: Self::W) -> u64;
    fn one(self) -> Self::W;
    fn add(self, a: Self::W, b: Self::W) -> Self::W;
    fn sub(self, a: Self::W, b: Self::W) -> Self::W;
    fn mul(self, a: Self::W, b: Self::W) -> Self::W;

    fn zero(self) -> Self::W {
        Self::W::default()
    }

    fn neg(self, a: Self::W) -> Self::W {
        self.sub(self.zero(), a)
    }

    /// a^e, with 0^0 = 1.
    fn pow(self, a: Self::W, mut e: u128) -> Self::W {
        let (mut b, mut r) = (a, self.one());
        while e > 0 {
            if e & 1 == 1 {
                r = self.mul(r, b);
            }
            b = self.mul(b, b);
            e >>= 1;
        }
        r
    }
}

/// Montgomery residues on `u32` with R = 2^32, for odd q < 2^31.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mont32 {
    q: u32,
    /// q⁻¹ mod 2^32.
    q_inv: u32,
    /// R² mod q.
    r2: u32,
}

impl Mont32 {
    pub(crate) fn new(q: u64) -> Mont32 {
        assert!(
            q % 2 == 1 && q < 1 << 31,
            "Mont32 needs an odd modulus below 2^31"
        );
        let q = q as u32;
        let mut inv = q;
        for _ in 0..4 {
            inv = inv.wrapping_mul(2u32.wrapping_sub(q.wrapping_mul(inv)));
        }
        let r2 = ((1u128 << 64) % u128::from(q)) as u32;
        Mont32 { q, q_inv: inv, r2 }
    }
}

impl Arith for Mont32 {
    type W = u32;

    fn modulus(self) -> u64 {
        u64::from(self.q)
    }

    #[inline(always)]
    fn repr(self, x: u64) -> u32 {
        self.mul((x % u64::from(self.q)) as u32, self.r2)
    }

    #[inline(always)]
    fn value(self, a: u32) -> u64 {
        u64::from(self.mul(a, 1))
    }

    #[inline(always)]
    fn one(self) -> u32 {
        self.repr(1)
    }

    #[inline(always)]
    fn add(self, a: u32, b: u32) -> u32 {
        let s = a + b;
        if s >= self.q { s - self.q } else { s }
    }

    #[inline(always)]
    fn sub(self, a: u32, b: u32) -> u32 {
        let (s, borrow) = a.overflowing_sub(b);
        if borrow { s.wrapping_add(self.q) } else { s }
    }

    #[inline(always)]
    fn mul(self, a: u32, b: u32) -> u32 {
        let t = u64::from(a) * u64::from(b);
        // t − m·q vanishes mod 2^32, so (t − m·q) / 2^32 is the difference of the high halves.
        let m = (t as u32).wrapping_mul(self.q_inv);
        let hi = (t >> 32) as u32;
        let mq = ((u64::from(m) * u64::from(self.q)) >> 32) as u32;
        let (r, borrow) = hi.overflowing_sub(mq);
        if borrow { r.wrapping_add(self.q) } else { r }
    }
}

/// Montgomery residues on `u64` with R = 2^64, for any odd q.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mont64 {
    q: u64,
    q_inv: u64,
    r2: u64,
}

impl Mont64 {
    pub(crate) fn new(q: u64) -> Mont64 {
        assert!(q % 2 == 1, "Mont64 needs an odd modulus");
        let mut inv = q;
        for _ in 0..5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(q.wrapping_mul(inv)));
        }
        let r = (1u128 << 64) % u128::from(q);
        let r2 = (r * r % u128::from(q)) as u64;
        Mont64 { q, q_inv: inv, r2 }
    }
}

impl Arith for Mont64 {
    type W = u64;

    fn modulus(self) -> u64 {
        self.q
    }

    #[inline(always)]
    fn repr(self, x: u64) -> u64 {
        self.mul(x % self.q, self.r2)
    }

    #[inline(always)]
    fn value(self, a: u64) -> u64 {
        self.mul(a, 1)
    }

    #[inline(always)]
    fn one(self) -> u64 {
        self.repr(1)
    }

    #[inline(always)]
    fn add(self, a: u64, b: u64) -> u64 {
        // q may exceed 2^63, so the sum may carry out of 64 bits.
        let (s, carry) = a.overflowing_add(b);
        if carry || s >= self.q {
            s.wrapping_sub(self.q)
        } else {
            s
        }
    }

    #[inline(always)]
    fn sub(self, a: u64, b: u64) -> u64 {
        let (s, borrow) = a.overflowing_sub(b);
        if borrow { s.wrapping_add(self.q) } else { s }
    }

    #[inline(always)]
    fn mul(self, a: u64, b: u64) -> u64 {
        let t = u128::from(a) * u128::from(b);
        let m = (t as u64).wrapping_mul(self.q_inv);
        let hi = (t >> 64) as u64;
        let mq = ((u128::from(m) * u128::from(self.q)) >> 64) as u64;
        let (r, borrow) = hi.overflowing_sub(mq);
        if borrow { r.wrapping_add(self.q) } else { r }
    }
}

/// Residues modulo q = 2^j, 1 ≤ j ≤ 64: wrapping arithmetic and a mask.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pow2 {
    mask: u64,
}

impl Pow2 {
    pub(crate) fn new(q: u64) -> Pow2 {
        assert!(q.is_power_of_two() && q >= 2, "Pow2 needs a power of 2 from 2 on");
        Pow2 { mask: q - 1 }
    }
}

impl Arith for Pow2 {
    type W = u64;

    fn modulus(self) -> u64 {
        self.mask + 1
    }

    #[inline(always)]
    fn repr(self, x: u64) -> u64 {
        x & self.mask
    }

    #[inline(always)]
    fn value(self, a: u64) -> u64 {
        a
    }

    #[inline(always)]
    fn one(self) -> u64 {
        1
    }

    #[inline(always)]
    fn add(self, a: u64, b: u64) -> u64 {
        a.wrapping_add(b) & self.mask
    }

    #[inline(always)]
    fn sub(self, a: u64, b: u64) -> u64 {
        a.wrapping_sub(b) & self.mask
    }

    #[inline(always)]
    fn mul(self, a: u64, b: u64) -> u64 {
        a.wrapping_mul(b) & self.mask
    }
}

/// Plain residues with `u128` remainders, for any q ≥ 2: the reference the others are
/// tested against.
#[cfg(test)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plain {
    q: u64,
}

#[cfg(test)]
impl Plain {
    pub(crate) fn new(q: u64) -> Plain {
        assert!(q >= 2, "a modulus is at least 2");
        Plain { q }
    }
}

#[cfg(test)]
impl Arith for Plain {
    type W = u64;

    fn modulus(self) -> u64 {
        self.q
    }

    fn repr(self, x: u64) -> u64 {
        x % self.q
    }

    fn value(self, a: u64) -> u64 {
        a
    }

    fn one(self) -> u64 {
        1
    }

    fn add(self, a: u64, b: u64) -> u64 {
        ((u128::from(a) + u128::from(b)) % u128::from(self.q)) as u64
    }

    fn sub(self, a: u64, b: u64) -> u64 {
        if a >= b { a - b } else { self.q - (b - a) }
    }

    fn mul(self, a: u64, b: u64) -> u64 {
        (u128::from(a) * u128::from(b) % u128::from(self.q)) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agrees<A: Arith>(ar: A) {
        let q = ar.modulus();
        let q128 = u128::from(q);
        let samples = [0, 1, 2, 3, q / 2, q - 2, q - 1, q.wrapping_mul(0x9E37_79B9) % q];
        for &a in &samples {
            assert_eq!(ar.value(ar.repr(a)), a % q);
            for &b in &samples {
                let (x, y) = (ar.repr(a), ar.repr(b));
                let (a, b) = (u128::from(a % q), u128::from(b % q));
                assert_eq!(
                    u128::from(ar.value(ar.add(x, y))),
                    (a + b) % q128,
                    "{a} + {b} mod {q}"
                );
                assert_eq!(u128::from(ar.value(ar.sub(x, y))), (a + q128 - b) % q128);
                assert_eq!(
                    u128::from(ar.value(ar.mul(x, y))),
                    a * b % q128,
                    "{a} * {b} mod {q}"
                );
            }
        }
        assert_eq!(ar.value(ar.pow(ar.repr(3), 0)), 1);
        assert_eq!(ar.value(ar.pow(ar.zero(), 0)), 1);
        assert_eq!(ar.value(ar.pow(ar.zero(), 5)), 0);
    }

    #[test]
    fn every_representation_matches_u128_arithmetic() {
        for q in [3, 7, 998_244_353, 1_000_000_007, (1 << 31) - 1] {
            agrees(Mont32::new(q));
        }
        for q in [
            3,
            1_000_000_007,
            (1 << 61) - 1,
            18_446_744_073_709_551_557,
            u64::MAX,
        ] {
            agrees(Mont64::new(q));
        }
        for q in [2, 4, 1 << 40, 6, 1_000_000_007] {
            agrees(Plain::new(q));
        }
        for q in [2, 4, 1 << 27, 1 << 63] {
            agrees(Pow2::new(q));
        }
    }
}
