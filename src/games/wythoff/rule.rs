//! The exact P-test and winning move, for every pair of `u64` piles.

/// Returns the 256-bit product `a · b` as (high, low) halves.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let (a1, a0) = (a >> 64, a & u128::from(u64::MAX));
    let (b1, b0) = (b >> 64, b & u128::from(u64::MAX));
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let mid = (p00 >> 64) + (p01 & u128::from(u64::MAX)) + (p10 & u128::from(u64::MAX));
    let low = (p00 & u128::from(u64::MAX)) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

/// Returns whether `x ≤ jφ`, exactly: with φ = (1 + √5)/2 this is 2x − j ≤ j√5, and for
/// j > 0 the right side is irrational, so comparing squares decides it.
fn at_most_j_phi(x: u128, j: u128) -> bool {
    let twice = 2 * x;
    if twice <= j {
        return true;
    }
    let lhs = twice - j;
    // (2x − j)² ≤ 5j², both sides up to 2^132: compare as 256-bit numbers.
    let (sq, (jh, jl)) = (mul_wide(lhs, lhs), mul_wide(j, j));
    let five = {
        let (l4, carry4) = (jl << 2, jl >> 126);
        let h4 = (jh << 2) | carry4;
        let (low, c) = l4.overflowing_add(jl);
        (h4 + jh + u128::from(c), low)
    };
    sq <= five
}

/// Returns ⌊jφ⌋, the smaller pile of the j-th P-position, exactly.
///
/// # Complexity
/// O(1) below j = 2^50 (a floating-point estimate corrected on exact squares), O(log j)
/// above (a 128-bit square root).
///
/// # Example
/// ```
/// use gamecheck::games::wythoff::floor_phi;
/// assert_eq!([0, 1, 2, 3, 4, 5].map(floor_phi), [0, 1, 3, 4, 6, 8]);
/// assert_eq!(floor_phi(u64::MAX), 29_847_458_893_032_750_100);
/// ```
pub fn floor_phi(j: u64) -> u128 {
    if j < 1 << 50 {
        return floor_phi_small(j);
    }
    let j = u128::from(j);
    // Where 5j² fits in a u128, ⌊jφ⌋ = ⌊(j + ⌊√(5j²)⌋) / 2⌋: √(5j²) is irrational for
    // j > 0, so flooring it first loses nothing.
    if let Some(five) = j.checked_mul(j).and_then(|sq| sq.checked_mul(5)) {
        return (j + five.isqrt()) / 2;
    }
    floor_phi_by_squares(j)
}

/// Returns ⌊jφ⌋ for j < 2^50: the `f64` product is within 1 of jφ there, and each step
/// that corrects it compares squares below 2^106 exactly.
fn floor_phi_small(j: u64) -> u128 {
    let j = u128::from(j);
    // x ≤ jφ ⟺ 2x − j ≤ j√5; for j > 0 the right side is irrational.
    let at_most = |x: u128| 2 * x <= j || (2 * x - j) * (2 * x - j) <= 5 * j * j;
    // Through u64: a float-to-u128 conversion is a library call, and jφ < 2^51 here.
    let mut x = u128::from((j as f64 * 1.618_033_988_749_895) as u64);
    while x > 0 && !at_most(x) {
        x -= 1;
    }
    while at_most(x + 1) {
        x += 1;
    }
    x
}

/// Returns ⌊jφ⌋ by a binary search on the exact comparison of squares: the method for
/// the j whose 5j² overflows a u128, and an independent check of the square-root one.
fn floor_phi_by_squares(j: u128) -> u128 {
    let estimate = (j as f64 * 1.618_033_988_749_895) as u128;
    let slack = (estimate >> 40) + 4;
    let (mut lo, mut hi) = (estimate.saturating_sub(slack).max(j), estimate + slack);
    // Widen until the bracket holds: lo ≤ jφ < hi.
    while !at_most_j_phi(lo, j) {
        lo = lo.saturating_sub(slack).max(j);
    }
    while at_most_j_phi(hi, j) {
        hi += slack;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if at_most_j_phi(mid, j) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Returns whether (x, y) is a P-position: the player to move loses. Exact for all `u64`
/// piles; it agrees with `floor_phi(y − x) == x` (for x ≤ y) at a fraction of the cost.
///
/// # Complexity
/// O(1): a floating-point screen, then a few wrapping 128-bit products.
///
/// # Example
/// ```
/// use gamecheck::games::wythoff::is_p_position;
/// assert!(is_p_position(0, 0) && is_p_position(3, 5) && is_p_position(5, 3));
/// assert!(!is_p_position(1, 1) && !is_p_position(2, 3));
/// // j = F_40: the f64 formula fails here, the P-test does not.
/// assert!(is_p_position(165_580_140, 267_914_295) && !is_p_position(165_580_141, 267_914_296));
/// ```
pub fn is_p_position(x: u64, y: u64) -> bool {
    let (lo, hi) = (x.min(y), x.max(y));
    let j = hi - lo;
    if j == 0 {
        return lo == 0;
    }
    // lo = ⌊jφ⌋ = j + ⌊j/φ⌋ exactly when k = lo − j is ⌊j/φ⌋.
    let Some(k) = lo.checked_sub(j) else {
        return false;
    };
    // j/φ in f64 is off by less than 2^13 (three roundings of a value below 2^64), and
    // k in f64 by less than 2^11: a k this far from it is not ⌊j/φ⌋.
    if (k as f64 - j as f64 * INV_PHI).abs() > SCREEN {
        return false;
    }
    // With f(m) = m² + mj − j² = (m − j/φ)(m + jφ), k = ⌊j/φ⌋ exactly when f(k) < 0 <
    // f(k + 1) (f has no integer root for j > 0: √5 is irrational). Past the screen
    // |k − j/φ| < 2^21, so |f(k)| < 2^21 · 2^66 fits an i128 and the wrapping products,
    // whose true sum fits, give it exactly.
    let (k, j) = (i128::from(k), i128::from(j));
    let f = k
        .wrapping_mul(k)
        .wrapping_add(k.wrapping_mul(j))
        .wrapping_sub(j.wrapping_mul(j));
    f < 0 && f + 2 * k + 1 + j > 0
}

/// 1/φ = φ − 1, the nearest `f64`.
const INV_PHI: f64 = 0.618_033_988_749_894_8;
/// How far k may be from the `f64` j/φ and still be ⌊j/φ⌋ after the rounding errors.
const SCREEN: f64 = (1u64 << 20) as f64;

/// Returns the index i with x = ⌊iφ⌋ (the lower pile of the i-th P-position), if any.
fn lower_index(x: u64) -> Option<u64> {
    // ⌊x/φ⌋ = ⌊xφ⌋ − x, and a_i = x puts i within 2 of it.
    let guess = u64::try_from(floor_phi(x) - u128::from(x)).ok()?;
    (guess.saturating_sub(1)..=guess.saturating_add(2)).find(|&i| floor_phi(i) == u128::from(x))
}

/// Returns the index i with x = ⌊iφ⌋ + i (the upper pile of the i-th P-position), if any.
fn upper_index(x: u64) -> Option<u64> {
    // ⌊x/φ²⌋ = 2x − ⌊xφ⌋ − 1 for x > 0.
    let guess = (2 * u128::from(x)).checked_sub(floor_phi(x) + 1)?;
    let guess = u64::try_from(guess).ok()?;
    (guess.saturating_sub(1)..=guess.saturating_add(2))
        .find(|&i| floor_phi(i) + u128::from(i) == u128::from(x))
}

/// Returns a move from (x, y) to a P-position, as the piles after it, or `None` from a
/// P-position.
///
/// # Example
/// ```
/// use gamecheck::games::wythoff::{is_p_position, winning_move};
/// assert_eq!(winning_move(3, 5), None);
/// let (x, y) = winning_move(7, 9).unwrap();
/// assert!(is_p_position(x, y));
/// ```
pub fn winning_move(x: u64, y: u64) -> Option<(u64, u64)> {
    let swapped = x > y;
    let (lo, hi) = (x.min(y), x.max(y));
    let j = hi - lo;
    let a = floor_phi(j);
    if u128::from(lo) == a {
        return None;
    }
    let target = if u128::from(lo) > a {
        // Take lo − a_j from both piles: (a_j, a_j + j).
        let a = a as u64;
        (a, a + j)
    } else if let Some(i) = lower_index(lo) {
        // lo = a_i with i < j: lower the larger pile to b_i = lo + i.
        (lo, lo + i)
    } else {
        // lo = b_i: lower the larger pile to a_i = lo − i.
        let i = upper_index(lo)?;
        (lo, lo - i)
    };
    // `target` holds the new sizes of the pile that was smaller, then of the other.
    Some(if swapped { (target.1, target.0) } else { target })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The P-positions below a bound by the mex construction, written inline.
    fn naive_p(limit: usize) -> Vec<Vec<bool>> {
        let mut p = vec![vec![false; limit]; limit];
        let mut used = vec![false; 2 * limit + 2];
        let mut j = 0;
        let mut a = 0;
        while a < limit {
            while used[a] {
                a += 1;
            }
            let b = a + j;
            used[a] = true;
            if b < used.len() {
                used[b] = true;
            }
            if a < limit && b < limit {
                p[a][b] = true;
                p[b][a] = true;
            }
            j += 1;
        }
        p
    }

    #[test]
    fn p_test_matches_naive_mex() {
        let p = naive_p(300);
        for (x, row) in p.iter().enumerate() {
            for (y, &is_p) in row.iter().enumerate() {
                assert_eq!(is_p_position(x as u64, y as u64), is_p, "({x}, {y})");
            }
        }
    }

    #[test]
    fn square_root_floor_matches_the_search_on_squares() {
        // Two exact methods: the f64 estimate corrected on squares below 2^50, else
        // ⌊(j + ⌊√(5j²)⌋) / 2⌋; and a binary search on (2x − j)² ≤ 5j² in 256-bit arithmetic; Fibonacci j are where jφ comes closest to an integer.
        let mut fib = vec![1u64, 2];
        while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
            fib.push(next);
        }
        let near = |v: u64| (v.saturating_sub(2)..=v.saturating_add(2)).collect::<Vec<_>>();
        let js = (0u64..20_000)
            .chain(fib.iter().flat_map(|&f| near(f)))
            .chain(near(u64::from(u32::MAX)))
            .chain(near(1 << 50))
            .chain(near((1 << 62) - 1))
            .chain(near(7_640_729_697_656_823_197));
        for j in js {
            if u128::from(j)
                .checked_mul(u128::from(j))
                .and_then(|s| s.checked_mul(5))
                .is_some()
            {
                assert_eq!(floor_phi(j), floor_phi_by_squares(u128::from(j)), "j = {j}");
            }
        }
    }

    /// The P-test as it was: through ⌊jφ⌋ from the square root of 5j².
    fn p_by_floor_phi(x: u64, y: u64) -> bool {
        let (lo, hi) = (x.min(y), x.max(y));
        floor_phi(hi - lo) == u128::from(lo)
    }

    /// Differences j where an approximation of φ is tightest: Fibonacci and Lucas
    /// numbers, their neighbours and small multiples, powers of two and the top of u64.
    fn adversarial_j() -> Vec<u64> {
        let mut seeds = Vec::new();
        for (mut a, mut b) in [(0u64, 1u64), (2, 1)] {
            while let Some(c) = a.checked_add(b) {
                seeds.push(a);
                (a, b) = (b, c);
            }
            seeds.extend([a, b]);
        }
        seeds.extend((0..64).map(|e| 1u64 << e));
        seeds.extend([u64::MAX, u64::MAX / 2, u64::MAX / 3, 7_640_729_697_656_823_197]);
        let mut out = Vec::new();
        for s in seeds {
            for m in 1..=12u64 {
                let Some(base) = s.checked_mul(m) else { break };
                out.extend((-3i64..=3).filter_map(|d| base.checked_add_signed(d)));
            }
        }
        out
    }

    #[test]
    fn p_test_matches_floor_phi_on_adversarial_and_random_piles() {
        use rand::{RngExt, SeedableRng};
        let seed = 20_251_130;
        println!("seed {seed}");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut js = adversarial_j();
        js.extend((0..200_000).map(|_| match rng.random_range(0..3) {
            0 => rng.random_range(0..1 << 20),
            1 => rng.random::<u64>() >> rng.random_range(0..64),
            _ => rng.random(),
        }));
        let mut p_found = 0;
        for j in js {
            let a = floor_phi(j);
            // The P-position on this diagonal, its neighbours, and positions far off it.
            let near = (-3i128..=3).map(|d| a as i128 + d);
            let far = [0, 1, i128::from(j), i128::from(rng.random::<u64>())];
            for x in near.chain(far) {
                let Ok(x) = u64::try_from(x) else { continue };
                let Some(y) = x.checked_add(j) else { continue };
                let expected = p_by_floor_phi(x, y);
                p_found += u64::from(expected);
                assert_eq!(is_p_position(x, y), expected, "({x}, {y}), j = {j}");
                assert_eq!(is_p_position(y, x), expected, "({y}, {x}), j = {j}");
            }
        }
        assert!(p_found > 100_000, "only {p_found} P-positions checked");
        for _ in 0..200_000 {
            let (x, y) = (rng.random::<u64>(), rng.random::<u64>());
            assert_eq!(is_p_position(x, y), p_by_floor_phi(x, y), "({x}, {y})");
        }
    }

    #[test]
    fn winning_moves_are_legal_and_certified() {
        for x in 0..200u64 {
            for y in 0..200u64 {
                match winning_move(x, y) {
                    None => assert!(is_p_position(x, y)),
                    Some((nx, ny)) => {
                        let (dx, dy) = (x.checked_sub(nx), y.checked_sub(ny));
                        let legal = matches!((dx, dy), (Some(0), Some(d)) | (Some(d), Some(0)) if d > 0)
                            || matches!((dx, dy), (Some(a), Some(b)) if a == b && a > 0);
                        assert!(legal, "({x}, {y}) -> ({nx}, {ny})");
                        assert!(is_p_position(nx, ny), "({x}, {y}) -> ({nx}, {ny})");
                    }
                }
            }
        }
    }
}
