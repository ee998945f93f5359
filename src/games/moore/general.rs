//! The count for every k ≥ 1 and every prime modulus p (derivation in docs/moore.md).
//!
//! With m = k + 1 and G = (Z/m)^B, the count is m^−B · Σ_{t∈G} F(t)^K with
//! F(t) = Σᵢ ζ^⟨t, Aᵢ⟩, in any ring where ζ is an m-th root of unity whose powers ζ^c,
//! c ≢ 0, sum to zero over a period. Two rings serve:
//! * p ∤ m: the field F_{p^d}, d = ord_m(p), which holds a primitive ζ. The Frobenius
//!   x ↦ x^p maps F(t) to F(p·t), so each orbit of t ↦ p·t needs one power, the others
//!   being its conjugates; and x^K = x^(K mod (p^d − 1)) for x ≠ 0.
//! * p | m: no ring of characteristic p holds a primitive m-th root. Instead, with
//!   m = p^v·u (p ∤ u) and K = p^v·j + r (r < p^v), the count is z^r · count_u(j), z the
//!   number of zero values and count_u the count for k + 1 = u, which is the first case
//!   (or N^j for u = 1). The tests check it against the sum taken exactly in
//!   (Z/p^(vB+1))[y]/(Φ_m(y)), where it equals m^B · count.

use rayon::prelude::*;

use super::arith::{Arith, Mont32, Mont64, Pow2};
use super::columns::merge_columns;
use super::count::{MODULUS, count};
use super::error::MooreError;
use super::prime::{is_prime, order_mod, pow_mod_u64};
#[cfg(test)]
use super::ring::cyclotomic;
use super::ring::{Extension, FEW_LANES, LANES, Ring, extension};
use super::transform::shape;

/// The largest ring degree the general count works in: enough for every k ≤ 63
/// (the degree is at most φ(k + 1) ≤ k).
pub const MAX_DEGREE: usize = 64;

/// The most modular multiplications the general count may estimate for one instance.
pub const MAX_MULTIPLICATIONS: u64 = 1 << 35;

/// The most bytes the general count's two half-transforms may take.
pub const MAX_BYTES: u64 = 1 << 28;

/// Returns the number of length-`len` sequences over `values` (duplicates counted
/// separately) that are losses for the player to move in Moore's Nim_k, mod the prime
/// `modulus`.
///
/// For p = 998244353 and (k + 1) | p − 1 this is [`count`]; otherwise the transform is
/// taken in F_{p^d}, the smallest field with a primitive (k+1)-th root of unity, one power
/// per Frobenius orbit. When p divides k + 1 = p^v·u (p ∤ u), it is z^r times the count
/// for k + 1 = u at length ⌊K / p^v⌋, z the number of zero values and r = K mod p^v.
///
/// # Constraints
/// - k ≥ 1, else [`MooreError::ZeroK`];
/// - `modulus` prime (any below 2^64), else [`MooreError::NotPrime`];
/// - (k+1)^B ≤ [`MAX_COEFFICIENTS`](super::MAX_COEFFICIENTS) for B the number of
///   distinct bit columns, else [`MooreError::TooManyCoefficients`];
/// - for B ≥ 1, the field degree (ord_{k+1}(p), or ord_u(p) when p | k + 1 = p^v·u) at most
///   [`MAX_DEGREE`], else [`MooreError::DegreeTooLarge`]; the estimated work at most
///   [`MAX_MULTIPLICATIONS`] and memory [`MAX_BYTES`], else [`MooreError::TooMuchWork`];
/// - any `len`; `len = 0` counts the empty position: 1.
///
/// # Complexity
/// O((k+1)^B · d² · (1 + log K / d)) multiplications mod p for degree d, split across the
/// rayon pool; O(2·d·(k+1)^(B−1)) memory. When p | k + 1 the same with u in place of k + 1,
/// and O(N + log K) for u = 1.
///
/// # Example
/// ```
/// use gamecheck::moore::count_mod;
/// // k = 2: three piles of 1 are a loss; over {1, 2, 3} only the constant triples are.
/// assert_eq!(count_mod(&[1], 3, 2, 1_000_000_007), Ok(1));
/// assert_eq!(count_mod(&[1, 2, 3], 3, 2, 998_244_353), Ok(3));
/// assert_eq!(count_mod(&[1, 1], 2, 1, 2), Ok(0)); // 4 mod 2
/// assert!(count_mod(&[1], 3, 2, 1_000_000_008).is_err());
/// ```
pub fn count_mod(values: &[u64], len: u64, k: u32, modulus: u64) -> Result<u64, MooreError> {
    if k == 0 {
        return Err(MooreError::ZeroK);
    }
    check_modulus(modulus)?;
    let m = u64::from(k) + 1;
    if modulus == u64::from(MODULUS) && (modulus - 1).is_multiple_of(m) {
        return count(values, len, k).map(u64::from);
    }
    general(values, len, k, modulus)
}

/// Returns `Ok` for a prime modulus, else [`MooreError::NotPrime`].
pub(crate) fn check_modulus(modulus: u64) -> Result<(), MooreError> {
    if is_prime(modulus) {
        Ok(())
    } else {
        Err(MooreError::NotPrime { modulus })
    }
}

/// The count for any k ≥ 1 and prime p, by the general method (never the fast path).
pub(crate) fn general(values: &[u64], len: u64, k: u32, p: u64) -> Result<u64, MooreError> {
    let m = u64::from(k) + 1;
    // One bit per distinct column: a transform smaller by a factor k + 1 per bit saved.
    let merged = merge_columns(values);
    let values = &merged[..];
    let (bits, points) = shape(values, k, m)?;
    if len == 0 {
        return Ok(1);
    }
    if bits == 0 {
        // Every entry is 0: every sequence is the empty position, a loss.
        return Ok(pow_mod_u64(values.len() as u64, u128::from(len), p));
    }
    if m.is_multiple_of(p) {
        return ramified(values, len, k, p, bits);
    }
    let degree = extension_degree(k, m, p, bits, points as u64, len, "")?;
    Ok(extension_count_mod(values, len, m, bits, degree, p))
}

/// The count in F_{p^d} for p ∤ m, with the arithmetic that suits p.
fn extension_count_mod(values: &[u64], len: u64, m: u64, bits: u32, degree: usize, p: u64) -> u64 {
    if p == 2 {
        extension_count(Pow2::new(2), values, len, m, bits, degree)
    } else if p < 1 << 31 {
        extension_count(Mont32::new(p), values, len, m, bits, degree)
    } else {
        extension_count(Mont64::new(p), values, len, m, bits, degree)
    }
}

/// Returns the count when p | m (derivation in docs/moore.md). Write m = p^v·u with p ∤ u
/// and K = p^v·j + r, r < p^v. In F_p[G], h^(p^v) = Σ_a x^(p^v·a) (the Frobenius of a
/// commutative F_p-algebra), which lies in the u-torsion part, and a sequence of r < p^v
/// entries sums to a point of that part only when every entry is 0. So the count is
/// z^r · count_u(j), for z the number of zero values and count_u the count for k + 1 = u
/// (N^j when u = 1), taken in F_{p^d}, d = ord_u(p).
fn ramified(values: &[u64], len: u64, k: u32, p: u64, bits: u32) -> Result<u64, MooreError> {
    let (mut power, mut u) = (1u64, u64::from(k) + 1);
    while u.is_multiple_of(p) {
        u /= p;
        power *= p;
    }
    let (j, r) = (len / power, len % power);
    let degree = if u > 1 && j > 0 {
        let prefix =
            format!("p divides k + 1 = {power}·{u}, so the count runs over {u}-th roots of unity, and ");
        Some(extension_degree(k, u, p, bits, u.pow(bits), j, &prefix)?)
    } else {
        None
    };
    let zeros = values.iter().filter(|&&v| v == 0).count() as u64;
    let head = pow_mod_u64(zeros, u128::from(r), p);
    let tail = match degree {
        _ if head == 0 => 0,
        Some(degree) => extension_count_mod(values, j, u, bits, degree, p),
        None if u == 1 => pow_mod_u64(values.len() as u64, u128::from(j), p),
        // j = 0: the empty sequence.
        None => 1,
    };
    Ok((u128::from(head) * u128::from(tail) % u128::from(p)) as u64)
}

/// Returns the degree d = ord_m(p) of F_{p^d} for p ∤ m, after refusing instances beyond
/// the caps; `prefix` begins the refusal's account of which ring.
fn extension_degree(
    k: u32,
    m: u64,
    p: u64,
    bits: u32,
    points: u64,
    len: u64,
    prefix: &str,
) -> Result<usize, MooreError> {
    let d = order_mod(p, m);
    if d > MAX_DEGREE as u64 {
        return Err(MooreError::DegreeTooLarge {
            k,
            modulus: p,
            why: format!("{prefix}F_p^d, the smallest field with a primitive {m}-th root of unity,"),
            degree: d,
            max: MAX_DEGREE,
        });
    }
    // One power per Frobenius orbit, of size d for most points.
    let reps = points.div_ceil(d);
    let steps = 2 * u64::from(64 - len.leading_zeros()) + 2;
    let multiplications = points
        .saturating_mul(d * d)
        .saturating_add(reps.saturating_mul(steps).saturating_mul(2 * d * d));
    let bytes = 2 * (points / m) * d * 8;
    if multiplications > MAX_MULTIPLICATIONS || bytes > MAX_BYTES {
        return Err(MooreError::TooMuchWork {
            k,
            modulus: p,
            bits,
            points,
            degree: d as usize,
            multiplications,
            bytes,
            max_multiplications: MAX_MULTIPLICATIONS,
            max_bytes: MAX_BYTES,
        });
    }
    Ok(d as usize)
}

/// The exponent K as the powers are raised: either an indicator (K is a positive multiple
/// of the group order, so x^K = [x ≠ 0]), or K = Σᵢ Eᵢ · p^(c·i) raised jointly as
/// Πᵢ (Frob^(c·i) x)^Eᵢ, one squaring per bit of the largest Eᵢ (Shamir's trick).
struct Exponent<W> {
    indicator: bool,
    /// Frob^(c·i) for i = 1 … L − 1, as matrices.
    maps: Vec<Vec<W>>,
    /// E₀ … E_{L−1}.
    digits: Vec<u128>,
    /// For each bit of the Eᵢ, from the top one down: which Eᵢ have it set.
    masks: Vec<usize>,
}

/// The bit masks of `digits` from the top bit down.
fn masks(digits: &[u128]) -> Vec<usize> {
    let top = digits.iter().map(|&e| 128 - e.leading_zeros()).max().unwrap_or(0);
    (0..top)
        .rev()
        .map(|bit| {
            digits
                .iter()
                .enumerate()
                .fold(0, |mask, (i, &e)| mask | ((((e >> bit) & 1) as usize) << i))
        })
        .collect()
}

impl<W: Copy> Exponent<W> {
    /// x^e by plain square-and-multiply.
    #[cfg(test)]
    fn plain(e: u128) -> Exponent<W> {
        Exponent {
            indicator: false,
            maps: Vec::new(),
            digits: vec![e],
            masks: masks(&[e]),
        }
    }

    /// Multiplications of a joint power: squarings, multiplications and the table.
    fn cost(digits: &[u128]) -> usize {
        let masks = masks(digits);
        let l = digits.len();
        masks.len().saturating_sub(1) + masks.iter().skip(1).filter(|&&m| m != 0).count() + (1 << l) - 2
    }
}

/// K as raised in F_{p^d}: reduced mod p^d − 1, split into base-p^c digits when the
/// Frobenius makes that cheaper.
fn extension_exponent<A: Arith>(ring: &Ring<A>, frob: &[A::W], p: u64, len: u64) -> Exponent<A::W> {
    let d = ring.d;
    let order = u128::from(p).checked_pow(d as u32).map(|q| q - 1);
    let e = order.map_or(u128::from(len), |o| u128::from(len) % o);
    if e == 0 {
        return Exponent {
            indicator: true,
            maps: Vec::new(),
            digits: Vec::new(),
            masks: Vec::new(),
        };
    }
    let mut base_p = Vec::new();
    let mut rest = e;
    while rest > 0 {
        base_p.push(rest % u128::from(p));
        rest /= u128::from(p);
    }
    // e < p^d, so it has at most d digits; group them into l parts of c digits.
    let split = |l: usize| -> (usize, Vec<u128>) {
        let c = base_p.len().div_ceil(l);
        let parts = base_p
            .chunks(c)
            .map(|chunk| chunk.iter().rev().fold(0u128, |acc, &x| acc * u128::from(p) + x))
            .collect();
        (c, parts)
    };
    let (c, digits) = (1..=base_p.len().min(4))
        .map(split)
        .min_by_key(|(_, digits)| Exponent::<A::W>::cost(digits))
        .unwrap_or_else(|| split(1));
    let step = (0..c).fold(ring.identity(), |acc, _| ring.compose(frob, &acc));
    let mut maps = Vec::new();
    let mut cur = step.clone();
    for _ in 1..digits.len() {
        maps.push(cur.clone());
        cur = ring.compose(&step, &cur);
    }
    Exponent {
        indicator: false,
        maps,
        masks: masks(&digits),
        digits,
    }
}

/// Everything the transform-and-power loop needs.
struct Plan<'a, A: Arith> {
    ring: &'a Ring<A>,
    m: usize,
    bits: u32,
    zeta: &'a [A::W],
    /// The orbit map t ↦ u·t on G (u = p mod m) and its order; 1 for no grouping.
    u: usize,
    grouping: usize,
    /// The map an orbit's conjugates come from: F(u·t)^K = frob(F(t)^K).
    frobenius: &'a [A::W],
    exp: Exponent<A::W>,
}

fn extension_count<A: Arith>(ar: A, values: &[u64], len: u64, m: u64, bits: u32, d: usize) -> u64 {
    let p = ar.modulus();
    let Extension {
        ring,
        zeta,
        frobenius,
    } = extension(ar, m, d);
    let exp = extension_exponent(&ring, &frobenius, p, len);
    let plan = Plan {
        ring: &ring,
        m: m as usize,
        bits,
        zeta: &zeta,
        u: (p % m) as usize,
        grouping: d,
        frobenius: &frobenius,
        exp,
    };
    let total = run(&plan, values);
    // Each orbit contributes its trace, so the sum lies in F_p.
    debug_assert!(total[1..].iter().all(|&c| c == ar.zero()), "{total:?}");
    let size = ar.pow(ar.repr(m % p), u128::from(bits));
    let inverse = ar.pow(size, u128::from(p - 2));
    ar.value(ar.mul(total[0], inverse))
}

/// Returns the transform's total in (coefficients mod the arithmetic's modulus)[y]/(Φ_m),
/// with ζ = y and no Frobenius grouping, K never reduced: the tests' second route, exact
/// for the ramified case and in (Z/p)[y]/(Φ_m) for the other.
#[cfg(test)]
fn cyclotomic_total<A: Arith>(ar: A, values: &[u64], len: u64, m: u64, bits: u32) -> Vec<A::W> {
    let phi = cyclotomic(ar, m);
    let ring = Ring::new(ar, phi[..phi.len() - 1].to_vec());
    let zeta = ring.y();
    let identity = ring.identity();
    let plan = Plan {
        ring: &ring,
        m: m as usize,
        bits,
        zeta: &zeta,
        u: 1,
        grouping: 1,
        frobenius: &identity,
        exp: Exponent::plain(u128::from(len)),
    };
    run(&plan, values)
}

/// Returns the count for p | m exactly, from the total in (Z/p^(vB+1))[y]/(Φ_m): a second
/// method for [`ramified`], in O(m^B · φ(m)² · log K).
#[cfg(test)]
fn ramified_count<A: Arith>(
    ar: A,
    values: &[u64],
    len: u64,
    m: u64,
    bits: u32,
    p: u64,
    valuation: u32,
) -> u64 {
    let total = cyclotomic_total(ar, values, len, m, bits);
    debug_assert!(total[1..].iter().all(|&c| c == ar.zero()), "{total:?}");
    // total ≡ m^B · count (mod q), and m^B = p^(vB) · (m / p^v)^B.
    let sum = ar.value(total[0]);
    let shift = p.pow(valuation * bits);
    debug_assert!(sum.is_multiple_of(shift), "{sum} is not a multiple of {shift}");
    let unit = (m / p.pow(valuation)) % p;
    let unit_power = pow_mod_u64(unit, u128::from(bits), p);
    let inverse = pow_mod_u64(unit_power, u128::from(p - 2), p);
    (u128::from(sum / shift % p) * u128::from(inverse) % u128::from(p)) as u64
}

/// Points per rayon task of the last dimension.
const TASK: usize = 4096;

/// Lanes per piece of the in-place transform steps.
const PIECE: usize = 512;

/// Returns Σ_t F(t)^K over G as an element of the ring, each orbit's sum taken as the
/// sum of the conjugates of one power.
fn run<A: Arith>(plan: &Plan<'_, A>, values: &[u64]) -> Vec<A::W> {
    let ring = plan.ring;
    let (ar, d, m, bits) = (ring.ar, ring.d, plan.m, plan.bits);
    let s = m.pow(bits - 1);
    let n = 2 * s;
    let mut f = vec![ar.zero(); d * n];
    let mut counts = vec![0u64; 1 << bits];
    for &v in values {
        counts[v as usize] += 1;
    }
    for (slot, &c) in f.iter_mut().zip(&counts) {
        *slot = ar.repr(c);
    }
    // The matrices of x ↦ ζ^t·x, t < m; for B = 1 and a large m they are made per slice.
    let matrices: Vec<Vec<A::W>> = if bits >= 2 || m * d * d <= 1 << 16 {
        let mut power = ring.one();
        (0..m)
            .map(|_| {
                let mat = ring.matrix(&power);
                power = ring.mul(&power, plan.zeta);
                mat
            })
            .collect()
    } else {
        Vec::new()
    };
    if bits >= 2 {
        convert(ring, &mut f, n, m, bits, &matrices);
    }
    let twiddles = if matrices.is_empty() {
        Twiddles::PerSlice
    } else {
        Twiddles::All(&matrices)
    };
    let slots = divisors(plan.grouping);
    let tasks = (m * s).div_ceil(TASK);
    let work = LastDimension {
        plan,
        f: &f,
        slots: &slots,
        twiddles,
    };
    let task = |i: usize| last_dimension(&work, (i * TASK, ((i + 1) * TASK).min(m * s)));
    // A small instance is one task: no pool round trip.
    let acc = if tasks == 1 {
        task(0)
    } else {
        (0..tasks).into_par_iter().map(task).reduce(
            || vec![ar.zero(); slots.len() * d],
            |a, b| a.iter().zip(&b).map(|(&x, &y)| ar.add(x, y)).collect(),
        )
    };
    let mut total = vec![ar.zero(); d];
    for (k, &r) in slots.iter().enumerate() {
        let mut conj = acc[k * d..(k + 1) * d].to_vec();
        for i in 0..r {
            if i > 0 {
                conj = ring.apply(plan.frobenius, &conj);
            }
            total = ring.add(&total, &conj);
        }
    }
    total
}

fn divisors(n: usize) -> Vec<usize> {
    (1..=n).filter(|r| n.is_multiple_of(*r)).collect()
}

/// Converts bits 0 … B−2 of the histogram (d coordinate arrays of length n, coordinate
/// i at f[i·n..]) in place from size 2 to size m: g(…, tⱼ, …) = h(…, 0, …) + ζ^tⱼ·h(…, 1, …).
fn convert<A: Arith>(ring: &Ring<A>, f: &mut [A::W], n: usize, m: usize, bits: u32, matrices: &[Vec<A::W>]) {
    let (ar, d) = (ring.ar, ring.d);
    let mut a = vec![ar.zero(); d * PIECE];
    let mut b = vec![ar.zero(); d * PIECE];
    let mut stride = 1usize;
    // As in `transform::convert`: output block hi starts at hi·m·stride ≥ 2hi·stride, so
    // going down from the top block never overwrites unread input except the block's own
    // two pieces, which are buffered.
    for j in 0..bits - 1 {
        let blocks = 1usize << (bits - j - 1);
        for hi in (0..blocks).rev() {
            let (in_a, in_b, out) = (2 * hi * stride, (2 * hi + 1) * stride, hi * m * stride);
            let mut lo = 0;
            while lo < stride {
                let len = PIECE.min(stride - lo);
                for i in 0..d {
                    a[i * PIECE..][..len].copy_from_slice(&f[i * n + in_a + lo..][..len]);
                    b[i * PIECE..][..len].copy_from_slice(&f[i * n + in_b + lo..][..len]);
                }
                for (t, mat) in matrices.iter().enumerate() {
                    for i in 0..d {
                        let dst = &mut f[i * n + out + t * stride + lo..][..len];
                        dst.copy_from_slice(&a[i * PIECE..][..len]);
                        for jj in 0..d {
                            let c = mat[i * d + jj];
                            if c == ar.zero() {
                                continue;
                            }
                            let src = &b[jj * PIECE..][..len];
                            for (x, &y) in dst.iter_mut().zip(src) {
                                *x = ar.add(*x, ar.mul(y, c));
                            }
                        }
                    }
                }
                lo += len;
            }
        }
        stride *= m;
    }
}

/// The images of t' ∈ (Z/m)^(B−1) under t ↦ uⁱ·t for i = 1 … g − 1, as indices, kept up
/// to date while t' counts up.
struct Orbits {
    m: usize,
    digits: Vec<usize>,
    place: Vec<i64>,
    /// perms[i − 1][x] = uⁱ·x mod m.
    perms: Vec<Vec<usize>>,
    images: Vec<i64>,
}

impl Orbits {
    fn new(m: usize, positions: u32, u: usize, g: usize) -> Orbits {
        let mut perms = Vec::new();
        let mut ui = 1usize;
        for _ in 1..g {
            ui = ui * u % m;
            perms.push((0..m).map(|x| x * ui % m).collect());
        }
        Orbits {
            m,
            digits: vec![0; positions as usize],
            place: (0..positions).map(|j| (m as i64).pow(j)).collect(),
            images: vec![0; g.saturating_sub(1)],
            perms,
        }
    }

    fn seek(&mut self, mut t: usize) {
        for x in self.digits.iter_mut() {
            *x = t % self.m;
            t /= self.m;
        }
        for (image, perm) in self.images.iter_mut().zip(&self.perms) {
            *image = self
                .digits
                .iter()
                .zip(&self.place)
                .map(|(&x, &place)| perm[x] as i64 * place)
                .sum();
        }
    }

    fn advance(&mut self) {
        for j in 0..self.digits.len() {
            let old = self.digits[j];
            let new = if old + 1 == self.m { 0 } else { old + 1 };
            self.digits[j] = new;
            for (image, perm) in self.images.iter_mut().zip(&self.perms) {
                *image += (perm[new] as i64 - perm[old] as i64) * self.place[j];
            }
            if new != 0 {
                return;
            }
        }
    }
}

/// Scratch of one block size: the element being raised, its power, the table of the
/// joint power and temporaries, each d rows of L lanes.
struct Scratch<W, const L: usize> {
    x: Vec<W>,
    y: Vec<W>,
    table: Vec<W>,
    acc: Vec<W>,
    tmp: Vec<W>,
    wide: Vec<W>,
}

impl<W: Copy + Default, const L: usize> Scratch<W, L> {
    fn new(d: usize, parts: usize) -> Scratch<W, L> {
        let block = vec![W::default(); d * L];
        Scratch {
            x: block.clone(),
            y: block.clone(),
            table: vec![W::default(); (1usize << parts).max(2) * d * L],
            acc: block.clone(),
            tmp: block,
            wide: vec![W::default(); (2 * d - 1) * L],
        }
    }
}

/// The ζ^c multiplication matrices of the last dimension: all precomputed, or made per
/// slice when there are too many of them (k + 1 large, B = 1).
enum Twiddles<'a, W> {
    All(&'a [Vec<W>]),
    PerSlice,
}

/// What every task of the last dimension shares: the plan, the converted F, the orbit
/// sizes' slots and the twiddles.
struct LastDimension<'a, A: Arith> {
    plan: &'a Plan<'a, A>,
    f: &'a [A::W],
    slots: &'a [usize],
    twiddles: Twiddles<'a, A::W>,
}

/// Returns, for each orbit size, the sum of F(t)^K over the orbit representatives t
/// whose flat index c·m^(B−1) + t' lies in lo..hi (c the last coordinate), with the
/// widest kernels this CPU has.
fn last_dimension<A: Arith>(work: &LastDimension<'_, A>, range: (usize, usize)) -> Vec<A::W> {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx512f") {
            // SAFETY: AVX-512F was detected on this CPU just above.
            return unsafe { last_dimension_avx512(work, range) };
        }
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 was detected on this CPU just above.
            return unsafe { last_dimension_avx2(work, range) };
        }
    }
    last_dimension_body(work, range)
}

/// Defines `$name`: [`last_dimension_body`] compiled for the instruction set `$feature`.
macro_rules! last_dimension_for {
    ($name:ident, $feature:literal) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $feature)]
        fn $name<A: Arith>(work: &LastDimension<'_, A>, range: (usize, usize)) -> Vec<A::W> {
            last_dimension_body(work, range)
        }
    };
}

last_dimension_for!(last_dimension_avx512, "avx512f");
last_dimension_for!(last_dimension_avx2, "avx2");

/// Raises the first `lanes` elements of `sc.x` and adds each power to its orbit size's sum.
#[inline(always)]
fn flush<A: Arith, const L: usize>(
    ring: &Ring<A>,
    exp: &Exponent<A::W>,
    sc: &mut Scratch<A::W, L>,
    lane_slot: &[usize],
    sums: &mut [A::W],
) {
    let (ar, d) = (ring.ar, ring.d);
    power_block(ring, exp, sc);
    for (l, &slot) in lane_slot.iter().enumerate() {
        for i in 0..d {
            let at = slot * d + i;
            sums[at] = ar.add(sums[at], sc.y[i * L + l]);
        }
    }
}

#[inline(always)]
fn last_dimension_body<A: Arith>(work: &LastDimension<'_, A>, (lo, hi): (usize, usize)) -> Vec<A::W> {
    let LastDimension {
        plan,
        f,
        slots,
        ref twiddles,
    } = *work;
    let ring = plan.ring;
    let (ar, d, m, g) = (ring.ar, ring.d, plan.m, plan.grouping);
    let n = f.len() / d;
    let s = n / 2;
    let parts = plan.exp.digits.len();
    let mut sc = Scratch::<A::W, LANES>::new(d, parts);
    let mut sums = vec![ar.zero(); slots.len() * d];
    let mut lane_slot = [0usize; LANES];
    let mut lanes = 0usize;
    let mut orbits = Orbits::new(m, plan.bits - 1, plan.u, g);
    // u^i mod m for i = 1 … g − 1.
    let powers: Vec<usize> = (1..g)
        .scan(1usize, |ui, _| {
            *ui = *ui * plan.u % m;
            Some(*ui)
        })
        .collect();
    let mut same = vec![false; powers.len()];
    let mut made;
    let mut power: Option<(usize, Vec<A::W>)> = None;
    let mut flat = lo;
    while flat < hi {
        let c = flat / s;
        let first = flat % s;
        let end = ((c + 1) * s).min(hi) - c * s;
        flat = c * s + end;
        // The last coordinate decides first: if some uⁱ·c < c, no point of the slice is
        // the least of its orbit.
        if powers.iter().any(|&ui| ui * c % m < c) {
            continue;
        }
        for (same, &ui) in same.iter_mut().zip(&powers) {
            *same = ui * c % m == c;
        }
        let mat: &[A::W] = match twiddles {
            Twiddles::All(all) => &all[c],
            Twiddles::PerSlice => {
                made = slice_matrix(plan, &mut power, c);
                &made
            }
        };
        if g > 1 {
            orbits.seek(first);
        }
        for t in first..end {
            let mut size = g;
            if g > 1 {
                let least = orbit_size(&same, &orbits.images, t);
                orbits.advance();
                let Some(least) = least else {
                    continue;
                };
                size = least;
            }
            // F(c, t') = F₀(t') + ζ^c · F₁(t').
            for i in 0..d {
                let mut x = f[i * n + t];
                for j in 0..d {
                    x = ar.add(x, ar.mul(mat[i * d + j], f[j * n + s + t]));
                }
                sc.x[i * LANES + lanes] = x;
            }
            lane_slot[lanes] = slots.iter().position(|&r| r == size).unwrap_or(0);
            lanes += 1;
            if lanes == LANES {
                flush(ring, &plan.exp, &mut sc, &lane_slot, &mut sums);
                lanes = 0;
            }
        }
    }
    flush_last(ring, &plan.exp, &mut sc, &lane_slot[..lanes], &mut sums);
    sums
}

/// Returns the matrix of ζ^c for slice `c`, `power` holding the last ζ^c made: slices
/// come in order, so ζ^c comes from ζ^(c−1) by one product.
#[inline(always)]
fn slice_matrix<A: Arith>(plan: &Plan<'_, A>, power: &mut Option<(usize, Vec<A::W>)>, c: usize) -> Vec<A::W> {
    let ring = plan.ring;
    *power = match power.take() {
        Some((last, z)) if last + 1 == c => Some((c, ring.mul(&z, plan.zeta))),
        _ => Some((c, ring.pow(plan.zeta, c as u128))),
    };
    ring.matrix(power.as_ref().map_or(&[][..], |(_, z)| &z[..]))
}

/// Returns the size of the orbit of point `t` when it is the least of its orbit, else
/// `None`: `images` are its images under u^1 … u^(g−1) and `same[i]` says whether u^(i+1)
/// fixes the slice.
#[inline(always)]
fn orbit_size(same: &[bool], images: &[i64], t: usize) -> Option<usize> {
    let g = same.len() + 1;
    let mut size = g;
    for (i, (&same, &image)) in same.iter().zip(images).enumerate() {
        if !same {
            continue;
        }
        let image = image as usize;
        if image < t {
            return None;
        }
        if image == t && size == g {
            size = i + 1;
        }
    }
    Some(size)
}

/// Flushes the last lanes of `sc` (one per slot of `lane_slot`): through a narrow block
/// unless more than half are full, since a wide one would raise padding.
#[inline(always)]
fn flush_last<A: Arith>(
    ring: &Ring<A>,
    exp: &Exponent<A::W>,
    sc: &mut Scratch<A::W, LANES>,
    lane_slot: &[usize],
    sums: &mut [A::W],
) {
    let lanes = lane_slot.len();
    if lanes > LANES / 2 {
        flush(ring, exp, sc, lane_slot, sums);
        return;
    }
    if lanes == 0 {
        return;
    }
    let d = ring.d;
    let mut few = Scratch::<A::W, FEW_LANES>::new(d, exp.digits.len());
    for start in (0..lanes).step_by(FEW_LANES) {
        let count = FEW_LANES.min(lanes - start);
        for i in 0..d {
            for l in 0..count {
                few.x[i * FEW_LANES + l] = sc.x[i * LANES + start + l];
            }
        }
        flush(ring, exp, &mut few, &lane_slot[start..start + count], sums);
    }
}

/// sc.y = sc.x^K on a block.
#[inline(always)]
fn power_block<A: Arith, const L: usize>(ring: &Ring<A>, exp: &Exponent<A::W>, sc: &mut Scratch<A::W, L>) {
    let (ar, d) = (ring.ar, ring.d);
    let block = d * L;
    if exp.indicator {
        for l in 0..L {
            let nonzero = (0..d).any(|i| sc.x[i * L + l] != ar.zero());
            sc.y[l] = if nonzero { ar.one() } else { ar.zero() };
            for i in 1..d {
                sc.y[i * L + l] = ar.zero();
            }
        }
        return;
    }
    let parts = exp.digits.len();
    sc.table[block..2 * block].copy_from_slice(&sc.x);
    for (i, map) in exp.maps.iter().enumerate() {
        let at = (1 << (i + 1)) * block;
        ring.apply_block::<L>(map, &sc.x, &mut sc.table[at..at + block]);
    }
    for mask in 3..(1usize << parts) {
        if mask.is_power_of_two() {
            continue;
        }
        let low = mask & mask.wrapping_neg();
        let rest = mask ^ low;
        ring.mul_block::<L>(
            &sc.table[rest * block..(rest + 1) * block],
            &sc.table[low * block..(low + 1) * block],
            &mut sc.tmp,
            &mut sc.wide,
        );
        sc.table[mask * block..(mask + 1) * block].copy_from_slice(&sc.tmp);
    }
    let (first, rest) = exp.masks.split_first().unwrap_or((&1, &[]));
    sc.acc
        .copy_from_slice(&sc.table[first * block..(first + 1) * block]);
    for &mask in rest {
        ring.square_block::<L>(&sc.acc, &mut sc.tmp, &mut sc.wide);
        std::mem::swap(&mut sc.acc, &mut sc.tmp);
        if mask != 0 {
            ring.mul_block::<L>(
                &sc.acc,
                &sc.table[mask * block..(mask + 1) * block],
                &mut sc.tmp,
                &mut sc.wide,
            );
            std::mem::swap(&mut sc.acc, &mut sc.tmp);
        }
    }
    sc.y.copy_from_slice(&sc.acc);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Returns the merged values and their bits for a method to count, or `Err` with the
    /// count where it is plain: K = 0, or no value has a bit set.
    fn nontrivial(values: &[u64], len: u64, k: u32, p: u64) -> Result<(Vec<u64>, u32), u64> {
        let values = merge_columns(values);
        let (bits, _) = shape(&values, k, u64::from(k) + 1).unwrap();
        if len == 0 {
            return Err(1);
        }
        if bits == 0 {
            return Err(pow_mod_u64(values.len() as u64, u128::from(len), p));
        }
        Ok((values, bits))
    }

    /// The count by the cyclotomic ring (Z/p)[y]/(Φ_m) with no grouping and K never
    /// reduced: a second method for p ∤ m.
    fn cyclotomic_count(values: &[u64], len: u64, k: u32, p: u64) -> u64 {
        let m = u64::from(k) + 1;
        let (values, bits) = match nontrivial(values, len, k, p) {
            Ok(shaped) => shaped,
            Err(count) => return count,
        };
        let ar = super::super::arith::Plain::new(p);
        let total = cyclotomic_total(ar, &values, len, m, bits);
        assert!(total[1..].iter().all(|&c| c == 0));
        let size = pow_mod_u64(m % p, u128::from(bits), p);
        (u128::from(total[0]) * u128::from(pow_mod_u64(size, u128::from(p - 2), p)) % u128::from(p)) as u64
    }

    #[test]
    fn extension_matches_the_cyclotomic_ring_at_huge_k() {
        let sets: [&[u64]; 5] = [
            &[1, 2, 3],
            &[5, 9, 12, 3, 3],
            &[0, 1, 2, 3, 4, 5, 6],
            &[7, 7, 1],
            &[1, 2, 4, 8, 15],
        ];
        let lens = [
            1u64,
            5,
            1_000_000_006,
            1_000_000_007u64 * 1_000_000_008,
            10u64.pow(18),
            u64::MAX,
            998_244_352 * 3,
        ];
        for (k, p) in [
            (2, 998_244_353),
            (6, 1_000_000_007),
            (4, 1_000_000_007),
            (10, 13),
            (6, 2),
            (2, (1u64 << 61) - 1),
            (5, 11),
            (8, 5),
        ] {
            // Keep the reference (u128 remainders, degree φ(k + 1), K unreduced) quick.
            for values in transforms_within(&sets, k, 3000) {
                for len in lens {
                    assert_eq!(
                        general(values, len, k, p),
                        Ok(cyclotomic_count(values, len, k, p)),
                        "values {values:?}, K {len}, k {k}, p {p}"
                    );
                }
            }
        }
    }

    /// Returns the value sets of `sets` whose transform for `k` has at most `limit`
    /// coefficients, (k + 1)^B for B merged columns.
    fn transforms_within<'a>(sets: &[&'a [u64]], k: u32, limit: u64) -> impl Iterator<Item = &'a [u64]> {
        sets.iter().copied().filter(move |values| {
            let columns = 64 - merge_columns(values).iter().max().unwrap_or(&0).leading_zeros();
            (u64::from(k) + 1).pow(columns) <= limit
        })
    }

    /// The count for p | k + 1 exactly, in (Z/p^(vB+1))[y]/(Φ_{k+1}) with K never reduced:
    /// the method the shortcut replaced.
    fn exact_ramified(values: &[u64], len: u64, k: u32, p: u64) -> u64 {
        let m = u64::from(k) + 1;
        let (values, bits) = match nontrivial(values, len, k, p) {
            Ok(shaped) => shaped,
            Err(count) => return count,
        };
        let (mut valuation, mut rest) = (0, m);
        while rest.is_multiple_of(p) {
            rest /= p;
            valuation += 1;
        }
        let q = p.pow(valuation * bits + 1);
        if q.is_multiple_of(2) {
            ramified_count(Pow2::new(q), &values, len, m, bits, p, valuation)
        } else if q < 1 << 31 {
            ramified_count(Mont32::new(q), &values, len, m, bits, p, valuation)
        } else {
            ramified_count(Mont64::new(q), &values, len, m, bits, p, valuation)
        }
    }

    #[test]
    fn ramified_shortcut_matches_the_exact_cyclotomic_ring() {
        // z^r · count_u(⌊K / p^v⌋) against the sum taken exactly: m = p^v (u = 1) and
        // m = p^v·u with u > 1, zeros among the values or not, r = 0 or not.
        let sets: [&[u64]; 6] = [
            &[1, 2, 3],
            &[0, 1, 2, 3],
            &[0, 0, 5, 9, 12, 3],
            &[0, 1, 2, 3, 4, 5, 6],
            &[7, 7, 1, 0],
            &[0],
        ];
        let lens = [1u64, 2, 3, 4, 7, 8, 9, 25, 10u64.pow(18), u64::MAX, u64::MAX - 1];
        let mut nonzero = 0;
        for (k, p) in [
            (1, 2),
            (2, 3),
            (3, 2),
            (4, 5),
            (5, 2),
            (5, 3),
            (6, 7),
            (7, 2),
            (8, 3),
            (9, 2),
            (9, 5),
            (10, 11),
            (11, 2),
            (11, 3),
            (14, 3),
            (14, 5),
        ] {
            // The exact ring costs (k+1)^B · φ(k+1)² per squaring: keep it small.
            for values in transforms_within(&sets, k, 400) {
                for len in lens {
                    let want = exact_ramified(values, len, k, p);
                    nonzero += usize::from(want != 0);
                    assert_eq!(
                        general(values, len, k, p),
                        Ok(want),
                        "values {values:?}, K {len}, k {k}, p {p}"
                    );
                }
            }
        }
        assert!(nonzero > 100, "only {nonzero} nonzero counts");
    }

    #[test]
    fn general_method_matches_the_root_of_unity_path() {
        // For (k + 1) | p − 1 the general method works in F_p itself (d = 1): it must agree
        // with the AVX kernels' transform, including K at multiples of p − 1.
        let p = u64::from(MODULUS);
        let sets: [&[u64]; 4] = [
            &[1, 2, 3],
            &[0, 1, 2, 3, 4, 5, 6],
            &[5, 9, 12, 3, 3, 17, 31],
            &[255, 1, 128],
        ];
        for k in [1, 3, 6, 7, 16] {
            for values in sets {
                for len in [0, 1, 7, p - 1, 2 * (p - 1), p, 10u64.pow(18), u64::MAX] {
                    assert_eq!(
                        general(values, len, k, p),
                        count(values, len, k).map(u64::from),
                        "values {values:?}, K {len}, k {k}"
                    );
                }
            }
        }
        let big: Vec<u64> = (1..=100).collect();
        assert_eq!(general(&big, 10u64.pow(18), 6, p), Ok(957_008_056));
    }

    #[test]
    fn exponent_split_reproduces_the_power() {
        // Σ Eᵢ p^(c·i) = e for every split the plan may choose.
        let ar = Mont32::new(1_000_000_007);
        let ext = extension(ar, 7, 2);
        for len in [1u64, 1_000_000_006, 1_000_000_008, 10u64.pow(18), u64::MAX] {
            let exp = extension_exponent(&ext.ring, &ext.frobenius, 1_000_000_007, len);
            let x: Vec<u32> = vec![ar.repr(12345), ar.repr(678)];
            let want = ext.ring.pow(&x, u128::from(len));
            let mut got = ext.ring.one();
            for (i, &e) in exp.digits.iter().enumerate() {
                let base = if i == 0 {
                    x.clone()
                } else {
                    ext.ring.apply(&exp.maps[i - 1], &x)
                };
                got = ext.ring.mul(&got, &ext.ring.pow(&base, e));
            }
            assert_eq!(got, want, "K {len}, digits {:?}", exp.digits);
        }
    }
}
