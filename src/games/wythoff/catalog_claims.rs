//! Claims about Wythoff's game that contestants write: each says whether the player to
//! move loses (x, y).

/// The double-precision formula a contest solution typically writes: with x ≤ y, a loss
/// exactly when x = ⌊(y − x)(1 + √5)/2⌋, computed in `f64`.
///
/// # Example
/// ```
/// use gamecheck::wythoff::catalog_claims::float_formula;
/// assert!(float_formula(3, 5) && !float_formula(3, 4));
/// // At j = F_40 = 102334155 the product rounds up past an integer.
/// assert!(!float_formula(165_580_140, 267_914_295));
/// ```
pub fn float_formula(x: u64, y: u64) -> bool {
    let (x, y) = (x.min(y), x.max(y));
    let j = (y - x) as f64;
    x as f64 == (j * (1.0 + 5f64.sqrt()) / 2.0).floor()
}

/// Ordinary Nim's rule carried over: a loss exactly when x xor y = 0.
pub fn xor_rule(x: u64, y: u64) -> bool {
    x ^ y == 0
}

/// The exact rule: a loss exactly when (x, y) is a P-position, by [`super::is_p_position`].
pub fn exact_rule(x: u64, y: u64) -> bool {
    super::is_p_position(x, y)
}
