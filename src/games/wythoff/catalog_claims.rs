//! Claims about Wythoff's game that contestants write: each says whether the player to
//! move loses (x, y).

use std::sync::OnceLock;

use super::{Piles, Wythoff, Outcome, diagonals};
use crate::claims::{ClaimReport, ClaimVerdict, Domains, Entry, check_claim, check_claim_in};
use crate::problem::Claims;

/// The double-precision formula a contest solution typically writes: with x ≤ y, a loss
/// exactly when x = ⌊(y − x)(1 + √5)/2⌋, computed in `f64`.
///
/// # Example
/// ```
/// use gamecheck::games::wythoff::catalog_claims::float_formula;
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

/// The problem of the catalog, shared so that its mex table is built once.
fn wythoff() -> &'static Wythoff {
    static PROBLEM: OnceLock<Wythoff> = OnceLock::new();
    PROBLEM.get_or_init(Wythoff::default)
}

fn check(entry: &Entry, seed: u64, cases: u32, claim: fn(u64, u64) -> bool) -> ClaimReport {
    let says = |p: &Piles| -> Result<Outcome, String> { Ok(Outcome::of_loss(claim(p.x, p.y))) };
    check_claim(wythoff(), entry.id, entry.text, &says, seed, cases)
}

/// The diagonals searched beyond the exhaustive box: past F_40 = 102334155, where
/// `f64` first rounds ⌊jφ⌋ wrong.
const DIAGONALS: u64 = 1 << 27;

/// A floating-point formula errs only next to the P-positions, and only at large j:
/// after the exhaustive box, every P-position and its neighbours up to [`DIAGONALS`].
fn check_on_diagonals(entry: &Entry, seed: u64, cases: u32, claim: fn(u64, u64) -> bool) -> ClaimReport {
    let problem = wythoff();
    let says = |p: &Piles| -> Result<Outcome, String> { Ok(Outcome::of_loss(claim(p.x, p.y))) };
    let domains = Domains {
        exhaustive: diagonals(DIAGONALS),
        random: problem.random(),
    };
    check_claim_in(problem, domains, entry.id, entry.text, &says, seed, cases)
}

/// The Wythoff entries of the catalog, in report order.
pub(super) fn entries() -> Vec<Entry> {
    use ClaimVerdict::{Holds, Refuted};
    vec![
        Entry::new(
            "wythoff-float-formula",
            "wythoff",
            "the double-precision formula contest solutions write: with x <= y, a loss iff x == floor((y - x) * (1 + sqrt(5)) / 2) in f64",
            Refuted,
            |e, seed, cases| check_on_diagonals(e, seed, cases, float_formula),
        ),
        Entry::new(
            "wythoff-xor",
            "wythoff",
            "ordinary Nim's rule: a loss iff x ^ y == 0",
            Refuted,
            |e, seed, cases| check(e, seed, cases, xor_rule),
        ),
        Entry::new(
            "wythoff-exact-rule",
            "wythoff",
            "the exact rule: a loss iff x == floor(j * phi) for j = |x - y|, in integer arithmetic (gamecheck::games::wythoff::is_p_position)",
            Holds,
            |e, seed, cases| check(e, seed, cases, exact_rule),
        ),
    ]
}
