//! Claims about Wythoff's game that contestants write: each says whether the player to
//! move loses (x, y). They are checked on every position with at most 600 stones (a
//! prefix of the order), then on random positions biased to the P-positions and their
//! neighbours; a floating-point formula on the P-positions of every diagonal up to 2^27.

use std::sync::OnceLock;

use proptest::prelude::*;

use super::rule::floor_phi;
use super::{Piles, Wythoff};
use crate::claims::{ClaimReport, ClaimVerdict, Domains, Entry, check_claim_in};
use crate::game::{Answer, GameProblem, Outcome, Question};
use crate::problem::{Domain, Least, Sample};

/// Positions are checked exhaustively up to this many stones in all.
pub const EXHAUSTIVE_STONES: u64 = 600;

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

/// The problem of the catalog, shared so that its oracles are built once.
fn wythoff() -> Option<&'static GameProblem<Wythoff>> {
    static PROBLEM: OnceLock<Option<GameProblem<Wythoff>>> = OnceLock::new();
    PROBLEM
        .get_or_init(|| GameProblem::new(Wythoff, Question::default()).ok())
        .as_ref()
}

/// Every position with at most [`EXHAUSTIVE_STONES`] stones, in the order (x + y, x, y).
pub(super) fn exhaustive() -> Domain<'static, Piles> {
    Domain {
        cases: Box::new((0..=EXHAUSTIVE_STONES).flat_map(|s| (0..=s).map(move |x| Piles { x, y: s - x }))),
        description: format!("positions with x + y <= {EXHAUSTIVE_STONES}"),
        separator: ", ",
        standing: Least::Proven,
        refine: false,
    }
}

/// One pile size in `0..=cap`: small, near 10^18 or the cap, or anywhere.
fn pile(cap: u64) -> BoxedStrategy<u64> {
    const E18: u64 = 1_000_000_000_000_000_000;
    let near_e18 = if cap >= E18 + 2 {
        (E18 - 2)..=(E18 + 2)
    } else {
        0..=cap.min(2)
    };
    prop_oneof![
        4 => 0..=cap.min(12),
        2 => 0..=cap.min(5000),
        1 => near_e18,
        1 => cap.saturating_sub(3)..=cap,
        2 => 0..=cap,
    ]
    .boxed()
}

/// Positions over the whole `u64` range, half of them P-positions (⌊jφ⌋, ⌊jφ⌋ + j),
/// their diagonal neighbours and mirrors.
pub(super) fn random() -> Sample<Piles> {
    let cap = u64::MAX;
    let near_p = (0..=cap / 3, -1i8..=1, -1i8..=1, any::<bool>()).prop_filter_map(
        "within the cap",
        move |(j, dx, dy, swap)| {
            let a = u64::try_from(floor_phi(j)).ok()?;
            let x = a.checked_add_signed(dx.into())?;
            let y = a.checked_add(j)?.checked_add_signed(dy.into())?;
            Some(if swap {
                Piles { x: y, y: x }
            } else {
                Piles { x, y }
            })
        },
    );
    Sample {
        cases: prop_oneof![(pile(cap), pile(cap)).prop_map(|(x, y)| Piles { x, y }), near_p].boxed(),
        description:
            "positions over the full u64 range, half of them P-positions (⌊jφ⌋, ⌊jφ⌋ + j) or their neighbours"
                .into(),
        separator: ", ",
    }
}

/// The P-position on diagonal j = y − x and its two diagonal neighbours, for every j up
/// to `max_j`, in the order of their stones: where a claim of the form "x = g(y − x)"
/// with g within 1 of ⌊jφ⌋ (a floating-point φ, say) can be wrong.
///
/// # Example
/// ```
/// use gamecheck::games::wythoff::{diagonals, Piles};
/// let d: Vec<Piles> = diagonals(1).cases.collect();
/// assert_eq!(d[..2], [Piles { x: 0, y: 0 }, Piles { x: 1, y: 1 }]);
/// ```
pub fn diagonals(max_j: u64) -> Domain<'static, Piles> {
    let cases = (0..=max_j).flat_map(|j| {
        let a = floor_phi(j) as u64;
        [a.checked_sub(1), Some(a), a.checked_add(1)]
            .into_iter()
            .flatten()
            .map(move |x| Piles { x, y: x + j })
    });
    Domain {
        cases: Box::new(cases),
        description: format!(
            "P-positions (⌊jφ⌋, ⌊jφ⌋ + j) and their diagonal neighbours for every j <= {max_j}"
        ),
        separator: ", ",
        standing: Least::Bounded {
            searched: format!("every position with x <= y and |x - ⌊jφ⌋| <= 1 for j = y - x <= {max_j}"),
        },
        refine: false,
    }
}

/// The diagonals searched beyond the exhaustive box: past F_40 = 102334155, where
/// `f64` first rounds ⌊jφ⌋ wrong.
const DIAGONALS: u64 = 1 << 27;

/// Returns the report on `claim` over `exhaustive`, then the random positions.
fn check(
    entry: &Entry,
    exhaustive: Domain<'static, Piles>,
    seed: u64,
    cases: u32,
    claim: fn(u64, u64) -> bool,
) -> ClaimReport {
    let says =
        |p: &Piles| -> Result<Answer, String> { Ok(Answer::Outcome(Outcome::of_loss(claim(p.x, p.y)))) };
    let domains = Domains {
        exhaustive,
        random: random(),
    };
    match wythoff() {
        Some(problem) => check_claim_in(problem, domains, entry.id, entry.text, &says, seed, cases),
        None => crate::games::not_checked::not_checked(entry, "the game's format is a mistake"),
    }
}

/// The Wythoff entries of the catalog, in report order.
pub(crate) fn entries() -> Vec<Entry> {
    use ClaimVerdict::{Holds, Refuted};
    vec![
        Entry::new(
            "wythoff-float-formula",
            "wythoff",
            "the double-precision formula contest solutions write: with x <= y, a loss iff x == floor((y - x) * (1 + sqrt(5)) / 2) in f64",
            Refuted,
            // A floating-point formula errs only next to the P-positions, and only at
            // large j.
            |e, seed, cases| check(e, diagonals(DIAGONALS), seed, cases, float_formula),
        ),
        Entry::new(
            "wythoff-xor",
            "wythoff",
            "ordinary Nim's rule: a loss iff x ^ y == 0",
            Refuted,
            |e, seed, cases| check(e, exhaustive(), seed, cases, xor_rule),
        ),
        Entry::new(
            "wythoff-exact-rule",
            "wythoff",
            "the exact rule: a loss iff x == floor(j * phi) for j = |x - y|, in integer arithmetic (gamecheck::games::wythoff::is_p_position)",
            Holds,
            |e, seed, cases| check(e, exhaustive(), seed, cases, exact_rule),
        ),
    ]
}
