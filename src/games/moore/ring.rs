//! The quotient ring R = (Z/q)[y] / (g(y)) for a monic g of degree d, on one element at a
//! time (construction) and on blocks of [`LANES`] elements stored coordinate-major (the
//! hot loops, written as straight loops over lanes so the compiler can vectorize them).
//!
//! Also the constructions the general count needs: a field F_{p^d} = F_p[y]/(g) with a
//! primitive m-th root of unity ζ and its Frobenius matrix, and Φ_m(y) mod q.

use std::sync::Mutex;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::arith::Arith;
use super::prime::prime_factors;

/// Elements per block of the lane-wise kernels.
pub(crate) const LANES: usize = 32;

/// Elements per block for the few lanes left at the end of a task.
pub(crate) const FEW_LANES: usize = 4;

/// R = (Z/q)[y] / (g(y)), g monic of degree d ≥ 1. An element is its d coefficients,
/// lowest first; a block is d rows of [`LANES`] coefficients.
#[derive(Clone, Debug)]
pub(crate) struct Ring<A: Arith> {
    pub(crate) ar: A,
    pub(crate) d: usize,
    /// g₀ … g_{d−1}.
    g: Vec<A::W>,
    /// (j, −gⱼ) for each gⱼ ≠ 0: y^d ≡ Σ −gⱼ y^j, so a sparse g folds cheaply.
    fold: Vec<(usize, A::W)>,
}

impl<A: Arith> Ring<A> {
    /// The ring for g = y^d + Σ gⱼ y^j, given g₀ … g_{d−1} in representation.
    pub(crate) fn new(ar: A, g: Vec<A::W>) -> Ring<A> {
        let fold = g
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != ar.zero())
            .map(|(j, &c)| (j, ar.neg(c)))
            .collect();
        Ring {
            ar,
            d: g.len(),
            g,
            fold,
        }
    }

    /// The modulus g, monic, lowest coefficient first (d + 1 of them).
    pub(crate) fn modulus_poly(&self) -> Vec<A::W> {
        let mut g = self.g.clone();
        g.push(self.ar.one());
        g
    }

    pub(crate) fn constant(&self, c: A::W) -> Vec<A::W> {
        let mut e = vec![self.ar.zero(); self.d];
        e[0] = c;
        e
    }

    pub(crate) fn one(&self) -> Vec<A::W> {
        self.constant(self.ar.one())
    }

    /// The class of y (for d = 1, the constant −g₀).
    pub(crate) fn y(&self) -> Vec<A::W> {
        if self.d == 1 {
            return self.constant(self.ar.neg(self.g[0]));
        }
        let mut e = vec![self.ar.zero(); self.d];
        e[1] = self.ar.one();
        e
    }

    /// Folds a product of up to 2d − 1 coefficients (in place) down to d.
    fn reduce(&self, wide: &mut [A::W]) {
        let ar = self.ar;
        for k in (self.d..wide.len()).rev() {
            let c = wide[k];
            if c == ar.zero() {
                continue;
            }
            for &(j, f) in &self.fold {
                let at = k - self.d + j;
                wide[at] = ar.add(wide[at], ar.mul(c, f));
            }
        }
    }

    pub(crate) fn mul(&self, a: &[A::W], b: &[A::W]) -> Vec<A::W> {
        let ar = self.ar;
        let mut wide = vec![ar.zero(); 2 * self.d - 1];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                wide[i + j] = ar.add(wide[i + j], ar.mul(x, y));
            }
        }
        self.reduce(&mut wide);
        wide.truncate(self.d);
        wide
    }

    pub(crate) fn add(&self, a: &[A::W], b: &[A::W]) -> Vec<A::W> {
        a.iter().zip(b).map(|(&x, &y)| self.ar.add(x, y)).collect()
    }

    /// a^e with 0^0 = 1.
    pub(crate) fn pow(&self, a: &[A::W], mut e: u128) -> Vec<A::W> {
        let (mut b, mut r) = (a.to_vec(), self.one());
        while e > 0 {
            if e & 1 == 1 {
                r = self.mul(&r, &b);
            }
            b = self.mul(&b, &b);
            e >>= 1;
        }
        r
    }

    /// a^e for an exponent given as little-endian `u64` limbs.
    fn pow_limbs(&self, a: &[A::W], limbs: &[u64]) -> Vec<A::W> {
        let mut r = self.one();
        for &limb in limbs.iter().rev() {
            for bit in (0..64).rev() {
                r = self.mul(&r, &r);
                if (limb >> bit) & 1 == 1 {
                    r = self.mul(&r, a);
                }
            }
        }
        r
    }

    /// The d×d matrix (row-major) of x ↦ a·x: column j is a·y^j.
    pub(crate) fn matrix(&self, a: &[A::W]) -> Vec<A::W> {
        let d = self.d;
        let mut m = vec![self.ar.zero(); d * d];
        let mut col = a.to_vec();
        let y = self.y();
        for j in 0..d {
            for i in 0..d {
                m[i * d + j] = col[i];
            }
            if j + 1 < d {
                col = self.mul(&col, &y);
            }
        }
        m
    }

    /// The d×d matrix of the F_q-linear map sending y^j to h^j.
    pub(crate) fn substitution(&self, h: &[A::W]) -> Vec<A::W> {
        let d = self.d;
        let mut m = vec![self.ar.zero(); d * d];
        let mut col = self.one();
        for j in 0..d {
            for i in 0..d {
                m[i * d + j] = col[i];
            }
            col = self.mul(&col, h);
        }
        m
    }

    /// `mat · v` for a d×d matrix.
    pub(crate) fn apply(&self, mat: &[A::W], v: &[A::W]) -> Vec<A::W> {
        let ar = self.ar;
        (0..self.d)
            .map(|i| (0..self.d).fold(ar.zero(), |s, j| ar.add(s, ar.mul(mat[i * self.d + j], v[j]))))
            .collect()
    }

    /// The product of two d×d matrices.
    pub(crate) fn compose(&self, a: &[A::W], b: &[A::W]) -> Vec<A::W> {
        let (ar, d) = (self.ar, self.d);
        let mut c = vec![ar.zero(); d * d];
        for i in 0..d {
            for k in 0..d {
                let x = a[i * d + k];
                if x == ar.zero() {
                    continue;
                }
                for j in 0..d {
                    c[i * d + j] = ar.add(c[i * d + j], ar.mul(x, b[k * d + j]));
                }
            }
        }
        c
    }

    pub(crate) fn identity(&self) -> Vec<A::W> {
        let d = self.d;
        let mut m = vec![self.ar.zero(); d * d];
        for i in 0..d {
            m[i * d + i] = self.ar.one();
        }
        m
    }

    // Blocks: L elements, row i holding coefficient i of each (L = LANES, or fewer for
    // the last lanes of a task). `wide` is scratch of (2d − 1)·L.

    /// out = a·b on blocks.
    #[inline(always)]
    pub(crate) fn mul_block<const L: usize>(
        &self,
        a: &[A::W],
        b: &[A::W],
        out: &mut [A::W],
        wide: &mut [A::W],
    ) {
        if self.d <= 2 {
            return self.small_block::<L, false>(a, b, out);
        }
        let (ar, d) = (self.ar, self.d);
        let wide = &mut wide[..(2 * d - 1) * L];
        wide.fill(ar.zero());
        for i in 0..d {
            let a = &a[i * L..][..L];
            for j in 0..d {
                let b = &b[j * L..][..L];
                let w = &mut wide[(i + j) * L..][..L];
                for l in 0..L {
                    w[l] = ar.add(w[l], ar.mul(a[l], b[l]));
                }
            }
        }
        self.reduce_block::<L>(wide);
        out[..d * L].copy_from_slice(&wide[..d * L]);
    }

    /// out = a² on blocks.
    #[inline(always)]
    pub(crate) fn square_block<const L: usize>(&self, a: &[A::W], out: &mut [A::W], wide: &mut [A::W]) {
        if self.d <= 2 {
            return self.small_block::<L, true>(a, a, out);
        }
        let (ar, d) = (self.ar, self.d);
        let wide = &mut wide[..(2 * d - 1) * L];
        wide.fill(ar.zero());
        for i in 0..d {
            let ai = &a[i * L..][..L];
            let w = &mut wide[2 * i * L..][..L];
            for l in 0..L {
                w[l] = ar.add(w[l], ar.mul(ai[l], ai[l]));
            }
            for j in i + 1..d {
                let aj = &a[j * L..][..L];
                let w = &mut wide[(i + j) * L..][..L];
                for l in 0..L {
                    let t = ar.mul(ai[l], aj[l]);
                    w[l] = ar.add(w[l], ar.add(t, t));
                }
            }
        }
        self.reduce_block::<L>(wide);
        out[..d * L].copy_from_slice(&wide[..d * L]);
    }

    /// out = a·b on blocks for d ≤ 2, or a² when `SQUARE` (b unused); straight loops over
    /// lanes with row slices, so the compiler vectorizes them with no scratch traffic.
    #[inline(always)]
    fn small_block<const L: usize, const SQUARE: bool>(&self, a: &[A::W], b: &[A::W], out: &mut [A::W]) {
        let ar = self.ar;
        if self.d == 1 {
            let (a, b, out) = (&a[..L], &b[..L], &mut out[..L]);
            for l in 0..L {
                out[l] = ar.mul(a[l], if SQUARE { a[l] } else { b[l] });
            }
            return;
        }
        // d = 2, g = y² + g₁y + g₀: y² = −g₀ − g₁y.
        let (mut f0, mut f1) = (ar.zero(), ar.zero());
        for &(j, f) in &self.fold {
            if j == 0 { f0 = f } else { f1 = f }
        }
        let (a0, a1) = (&a[..L], &a[L..2 * L]);
        let (b0, b1) = (&b[..L], &b[L..2 * L]);
        let (o0, o1) = out[..2 * L].split_at_mut(L);
        if f1 == ar.zero() && f0 == ar.neg(ar.one()) {
            // g = y² + 1: Gaussian arithmetic. (a₀ + a₁y)² = (a₀ + a₁)(a₀ − a₁) + 2a₀a₁·y, and
            // products by Karatsuba: three multiplications instead of four.
            for l in 0..L {
                if SQUARE {
                    let t = ar.mul(a0[l], a1[l]);
                    o0[l] = ar.mul(ar.add(a0[l], a1[l]), ar.sub(a0[l], a1[l]));
                    o1[l] = ar.add(t, t);
                } else {
                    let (w0, w2) = (ar.mul(a0[l], b0[l]), ar.mul(a1[l], b1[l]));
                    let cross = ar.mul(ar.add(a0[l], a1[l]), ar.add(b0[l], b1[l]));
                    o0[l] = ar.sub(w0, w2);
                    o1[l] = ar.sub(cross, ar.add(w0, w2));
                }
            }
        } else if f1 == ar.zero() {
            for l in 0..L {
                let (w0, w1, w2) = if SQUARE {
                    let t = ar.mul(a0[l], a1[l]);
                    (ar.mul(a0[l], a0[l]), ar.add(t, t), ar.mul(a1[l], a1[l]))
                } else {
                    // Karatsuba: a₀b₁ + a₁b₀ = (a₀ + a₁)(b₀ + b₁) − a₀b₀ − a₁b₁.
                    let (w0, w2) = (ar.mul(a0[l], b0[l]), ar.mul(a1[l], b1[l]));
                    let cross = ar.mul(ar.add(a0[l], a1[l]), ar.add(b0[l], b1[l]));
                    (w0, ar.sub(cross, ar.add(w0, w2)), w2)
                };
                o0[l] = ar.add(w0, ar.mul(w2, f0));
                o1[l] = w1;
            }
        } else {
            for l in 0..L {
                let (w0, w1, w2) = if SQUARE {
                    let t = ar.mul(a0[l], a1[l]);
                    (ar.mul(a0[l], a0[l]), ar.add(t, t), ar.mul(a1[l], a1[l]))
                } else {
                    let w1 = ar.add(ar.mul(a0[l], b1[l]), ar.mul(a1[l], b0[l]));
                    (ar.mul(a0[l], b0[l]), w1, ar.mul(a1[l], b1[l]))
                };
                o0[l] = ar.add(w0, ar.mul(w2, f0));
                o1[l] = ar.add(w1, ar.mul(w2, f1));
            }
        }
    }

    #[inline(always)]
    fn reduce_block<const L: usize>(&self, wide: &mut [A::W]) {
        let (ar, d) = (self.ar, self.d);
        for k in (d..2 * d - 1).rev() {
            let (low, high) = wide.split_at_mut(k * L);
            let top = &high[..L];
            for &(j, f) in &self.fold {
                let w = &mut low[(k - d + j) * L..][..L];
                for l in 0..L {
                    w[l] = ar.add(w[l], ar.mul(top[l], f));
                }
            }
        }
    }

    /// out = mat · x on blocks.
    #[inline(always)]
    pub(crate) fn apply_block<const L: usize>(&self, mat: &[A::W], x: &[A::W], out: &mut [A::W]) {
        let (ar, d) = (self.ar, self.d);
        for i in 0..d {
            let o = &mut out[i * L..][..L];
            o.fill(ar.zero());
            for j in 0..d {
                let c = mat[i * d + j];
                if c == ar.zero() {
                    continue;
                }
                let x = &x[j * L..][..L];
                for l in 0..L {
                    o[l] = ar.add(o[l], ar.mul(x[l], c));
                }
            }
        }
    }
}

/// Polynomials over a prime field, lowest coefficient first, without trailing zeros.
fn trim<W: Copy + Eq + Default>(mut a: Vec<W>) -> Vec<W> {
    while a.last().is_some_and(|&c| c == W::default()) {
        a.pop();
    }
    a
}

/// gcd(a, b) over F_p (any normalization; only its degree is used).
fn poly_gcd<A: Arith>(ar: A, a: Vec<A::W>, b: Vec<A::W>) -> Vec<A::W> {
    let p = ar.modulus();
    let (mut a, mut b) = (trim(a), trim(b));
    while !b.is_empty() {
        // a mod b, with b made monic.
        let lead_inv = ar.pow(*b.last().unwrap_or(&ar.one()), u128::from(p - 2));
        let db = b.len() - 1;
        while a.len() > db {
            let c = ar.mul(*a.last().unwrap_or(&ar.zero()), lead_inv);
            let shift = a.len() - 1 - db;
            for (j, &bj) in b.iter().enumerate() {
                a[shift + j] = ar.sub(a[shift + j], ar.mul(c, bj));
            }
            a = trim(a);
        }
        std::mem::swap(&mut a, &mut b);
    }
    a
}

/// Whether g (the ring's modulus, degree d ≥ 2) is irreducible over F_p (Rabin's test),
/// and if so the matrix of the Frobenius x ↦ x^p on F_p[y]/(g).
fn irreducible_frobenius<A: Arith>(ring: &Ring<A>) -> Option<Vec<A::W>> {
    let (ar, d) = (ring.ar, ring.d);
    let p = ar.modulus();
    let y = ring.y();
    let frob = ring.substitution(&ring.pow(&y, u128::from(p)));
    // powers[i] = y^(p^i).
    let mut powers = vec![y.clone()];
    for i in 0..d {
        let next = ring.apply(&frob, &powers[i]);
        powers.push(next);
    }
    if powers[d] != y {
        return None;
    }
    for q in prime_factors(d as u64) {
        let w: Vec<A::W> = powers[d / q as usize]
            .iter()
            .zip(&y)
            .map(|(&a, &b)| ar.sub(a, b))
            .collect();
        if poly_gcd(ar, w, ring.modulus_poly()).len() > 1 {
            return None;
        }
    }
    Some(frob)
}

/// F_{p^d} with a primitive m-th root of unity ζ, and its Frobenius x ↦ x^p as a matrix.
pub(crate) struct Extension<A: Arith> {
    pub(crate) ring: Ring<A>,
    pub(crate) zeta: Vec<A::W>,
    pub(crate) frobenius: Vec<A::W>,
}

/// The candidate moduli of degree d tried first: sparse ones fold cheaply
/// (binomials y^d + c, then trinomials y^d + y^j + c).
fn sparse_candidates(p: u64, d: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let cs = p.min(48);
    for c in 1..cs {
        let mut g = vec![0u64; d];
        g[0] = c;
        out.push(g);
    }
    for j in 1..d {
        for c in 1..cs {
            let mut g = vec![0u64; d];
            g[0] = c;
            g[j] = 1;
            out.push(g);
        }
    }
    out
}

/// The fields built so far, as residues: (p, m, d) ↦ (g, ζ, Frobenius matrix).
type Built = ((u64, u64, usize), [Vec<u64>; 3]);
static FIELDS: Mutex<Vec<Built>> = Mutex::new(Vec::new());

/// Fields remembered: many counts in a row (tests, claims, stress) share a few (p, m).
const REMEMBERED: usize = 64;

/// Returns F_{p^d} = F_p[y]/(g) for the first sparse irreducible g of degree d (random
/// ones after), with a primitive m-th root of unity; m | p^d − 1 must hold.
///
/// Deterministic: the random candidates come from a fixed seed, and a field once built is
/// remembered.
pub(crate) fn extension<A: Arith>(ar: A, m: u64, d: usize) -> Extension<A> {
    let key = (ar.modulus(), m, d);
    let remembered = FIELDS
        .lock()
        .ok()
        .and_then(|fields| fields.iter().find(|(k, _)| *k == key).map(|(_, f)| f.clone()));
    let back = |v: &[u64]| v.iter().map(|&x| ar.repr(x)).collect::<Vec<_>>();
    if let Some([g, zeta, frobenius]) = remembered {
        return Extension {
            ring: Ring::new(ar, back(&g)),
            zeta: back(&zeta),
            frobenius: back(&frobenius),
        };
    }
    let ext = build_extension(ar, m, d);
    if let Ok(mut fields) = FIELDS.lock() {
        if fields.len() == REMEMBERED {
            fields.remove(0);
        }
        let values = |v: &[A::W]| v.iter().map(|&x| ar.value(x)).collect::<Vec<_>>();
        fields.push((
            key,
            [values(&ext.ring.g), values(&ext.zeta), values(&ext.frobenius)],
        ));
    }
    ext
}

fn build_extension<A: Arith>(ar: A, m: u64, d: usize) -> Extension<A> {
    let p = ar.modulus();
    let mut rng = ChaCha8Rng::seed_from_u64(p ^ (m << 32) ^ d as u64);
    let (ring, frobenius) = if d == 1 {
        let ring = Ring::new(ar, vec![ar.zero()]);
        let id = ring.identity();
        (ring, id)
    } else {
        let mut found = None;
        for g in sparse_candidates(p, d) {
            let ring = Ring::new(ar, g.iter().map(|&c| ar.repr(c)).collect());
            if let Some(frob) = irreducible_frobenius(&ring) {
                found = Some((ring, frob));
                break;
            }
        }
        // About one monic polynomial in d is irreducible, so this loop ends quickly.
        while found.is_none() {
            let g: Vec<A::W> = (0..d).map(|_| ar.repr(rng.random_range(0..p))).collect();
            let ring = Ring::new(ar, g);
            found = irreducible_frobenius(&ring).map(|frob| (ring, frob));
        }
        found.unwrap_or_else(|| unreachable!("the loop above ends only with a field"))
    };
    // ζ = r^((p^d − 1)/m) is an m-th root of unity; it is primitive for φ(m)/m of all r.
    let exponent = group_cofactor(p, d, m);
    let primes = prime_factors(m);
    let one = ring.one();
    loop {
        let r: Vec<A::W> = (0..d).map(|_| ar.repr(rng.random_range(0..p))).collect();
        let zeta = ring.pow_limbs(&r, &exponent);
        if zeta == vec![ar.zero(); d] {
            continue;
        }
        if primes.iter().all(|&q| ring.pow(&zeta, u128::from(m / q)) != one) {
            return Extension {
                ring,
                zeta,
                frobenius,
            };
        }
    }
}

/// (p^d − 1) / m as little-endian `u64` limbs, for m | p^d − 1.
fn group_cofactor(p: u64, d: usize, m: u64) -> Vec<u64> {
    let mut n = vec![1u64];
    for _ in 0..d {
        let mut carry = 0u128;
        for limb in n.iter_mut() {
            let t = u128::from(*limb) * u128::from(p) + carry;
            *limb = t as u64;
            carry = t >> 64;
        }
        if carry > 0 {
            n.push(carry as u64);
        }
    }
    // p^d ≥ 2, so subtracting 1 borrows through zero limbs only.
    for limb in n.iter_mut() {
        let (v, borrow) = limb.overflowing_sub(1);
        *limb = v;
        if !borrow {
            break;
        }
    }
    let mut rem = 0u128;
    for limb in n.iter_mut().rev() {
        let cur = (rem << 64) | u128::from(*limb);
        *limb = (cur / u128::from(m)) as u64;
        rem = cur % u128::from(m);
    }
    debug_assert_eq!(rem, 0, "m divides p^d − 1");
    trim(n)
}

/// Φ_m(y) mod q, monic, lowest coefficient first: Π_{e | m} (y^{m/e} − 1)^{μ(e)}. The ring of
/// the tests' exact second route.
#[cfg(test)]
pub(crate) fn cyclotomic<A: Arith>(ar: A, m: u64) -> Vec<A::W> {
    let primes = prime_factors(m);
    let mut num = vec![ar.one()];
    let mut dens = Vec::new();
    for subset in 0u32..(1 << primes.len()) {
        let e: u64 = primes
            .iter()
            .enumerate()
            .filter(|(i, _)| (subset >> i) & 1 == 1)
            .map(|(_, &q)| q)
            .product();
        let s = (m / e) as usize;
        if subset.count_ones() % 2 == 0 {
            // num · (y^s − 1)
            let mut out = vec![ar.zero(); num.len() + s];
            for (i, &c) in num.iter().enumerate() {
                out[i + s] = ar.add(out[i + s], c);
                out[i] = ar.sub(out[i], c);
            }
            num = out;
        } else {
            dens.push(s);
        }
    }
    for s in dens {
        // num = quot · (y^s − 1): quotᵢ = num_{i+s} + quot_{i+s}, from the top.
        let n = num.len() - 1;
        let mut quot = vec![ar.zero(); n - s + 1];
        for i in (0..=n - s).rev() {
            let above = if i + s <= n - s { quot[i + s] } else { ar.zero() };
            quot[i] = ar.add(num[i + s], above);
        }
        num = quot;
    }
    num
}

#[cfg(test)]
mod tests {
    use super::super::arith::{Mont32, Mont64, Plain, Pow2};
    use super::*;

    fn check_extension<A: Arith>(ar: A, m: u64, d: usize) {
        let ext = extension(ar, m, d);
        let ring = &ext.ring;
        let one = ring.one();
        // ζ has order exactly m.
        assert_eq!(ring.pow(&ext.zeta, u128::from(m)), one);
        for q in prime_factors(m) {
            assert_ne!(ring.pow(&ext.zeta, u128::from(m / q)), one);
        }
        // The Frobenius is x ↦ x^p and is multiplicative.
        let x: Vec<A::W> = (0..d).map(|i| ar.repr(3 * i as u64 + 2)).collect();
        let p = ar.modulus();
        assert_eq!(ring.apply(&ext.frobenius, &x), ring.pow(&x, u128::from(p)));
        // x^(p^d) = x for every x, and the Frobenius has order d on y: g is irreducible.
        let frob =
            |v: &[A::W], times: usize| (0..times).fold(v.to_vec(), |v, _| ring.apply(&ext.frobenius, &v));
        assert_eq!(frob(&x, d), x);
        let y = ring.y();
        assert!((1..d).all(|i| frob(&y, i) != y), "p {p}, d {d}");
        if let Some(order) = u128::from(p).checked_pow(d as u32) {
            assert_eq!(ring.pow(&x, order - 1), one, "p {p}, d {d}");
        }
    }

    #[test]
    fn extensions_hold_primitive_roots() {
        check_extension(Mont32::new(998_244_353), 3, 2);
        check_extension(Mont32::new(1_000_000_007), 7, 2);
        check_extension(Mont32::new(998_244_353), 7, 1);
        check_extension(Mont32::new(13), 11, 10);
        check_extension(Mont32::new(3), 7, 6);
        check_extension(Mont64::new((1 << 61) - 1), 5, 4);
        check_extension(Pow2::new(2), 7, 3);
        check_extension(Plain::new(2), 9, 6);
        check_extension(Pow2::new(2), 3, 2);
        check_extension(Mont32::new(5), 11, 5);
    }

    /// Every block kernel (d = 1; d = 2 with g = y² + 1, a binomial, a trinomial; the
    /// generic rows for d ≥ 3) against the one-element operations, on full and few lanes.
    fn blocks_agree<A: Arith, const L: usize>(ar: A, g: &[u64]) {
        let ring = Ring::new(ar, g.iter().map(|&c| ar.repr(c)).collect());
        let d = ring.d;
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            ar.repr(seed)
        };
        let elems = |next: &mut dyn FnMut() -> A::W| {
            (0..L)
                .map(|_| (0..d).map(|_| next()).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        };
        let (xs, ys) = (elems(&mut next), elems(&mut next));
        let mat: Vec<A::W> = (0..d * d).map(|_| next()).collect();
        let pack = |es: &[Vec<A::W>]| {
            let mut block = vec![ar.zero(); d * L];
            for (l, e) in es.iter().enumerate() {
                for i in 0..d {
                    block[i * L + l] = e[i];
                }
            }
            block
        };
        let (a, b) = (pack(&xs), pack(&ys));
        let mut out = vec![ar.zero(); d * L];
        let mut wide = vec![ar.zero(); (2 * d - 1) * L];
        ring.mul_block::<L>(&a, &b, &mut out, &mut wide);
        let products: Vec<Vec<A::W>> = xs.iter().zip(&ys).map(|(x, y)| ring.mul(x, y)).collect();
        assert_eq!(out, pack(&products), "mul, d {d}, g {g:?}");
        ring.square_block::<L>(&a, &mut out, &mut wide);
        let squares: Vec<Vec<A::W>> = xs.iter().map(|x| ring.mul(x, x)).collect();
        assert_eq!(out, pack(&squares), "square, d {d}, g {g:?}");
        ring.apply_block::<L>(&mat, &a, &mut out);
        let mapped: Vec<Vec<A::W>> = xs.iter().map(|x| ring.apply(&mat, x)).collect();
        assert_eq!(out, pack(&mapped), "apply, d {d}, g {g:?}");
    }

    #[test]
    fn block_kernels_match_one_element_operations() {
        let p = 1_000_000_007;
        for g in [
            &[5][..],
            &[1, 0],
            &[3, 0],
            &[7, 5],
            &[0, 2],
            &[1, 2, 3],
            &[4, 0, 0, 0, 9],
        ] {
            blocks_agree::<_, LANES>(Mont32::new(p), g);
            blocks_agree::<_, FEW_LANES>(Mont32::new(p), g);
            blocks_agree::<_, LANES>(Mont64::new((1 << 61) - 1), g);
            blocks_agree::<_, FEW_LANES>(Pow2::new(1 << 20), g);
        }
    }

    #[test]
    fn cyclotomic_polynomials() {
        let ar = Plain::new(1 << 40);
        let show = |m| {
            cyclotomic(ar, m)
                .iter()
                .map(|&c| {
                    if c > 1 << 39 {
                        c as i64 - (1 << 40)
                    } else {
                        c as i64
                    }
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(show(1), vec![-1, 1]);
        assert_eq!(show(2), vec![1, 1]);
        assert_eq!(show(6), vec![1, -1, 1]);
        assert_eq!(show(7), vec![1; 7]);
        assert_eq!(show(12), vec![1, 0, -1, 0, 1]);
        // Φ_105 is the first with a coefficient −2.
        assert!(show(105).contains(&-2));
        assert_eq!(show(105).len(), 49);
    }

    #[test]
    fn group_cofactor_divides_exactly() {
        assert_eq!(
            group_cofactor(1_000_000_007, 2, 7),
            vec![((1_000_000_007u128.pow(2) - 1) / 7) as u64]
        );
        let limbs = group_cofactor((1 << 61) - 1, 3, 3);
        assert_eq!(limbs.len(), 3);
    }
}
