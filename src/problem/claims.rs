//! The cases a claim is checked on: an exhaustive domain in the problem's order, then
//! random cases. A problem gives its own through [`Claims`](super::Claims); a caller with
//! a costly claim may hand the engine smaller ones.

use proptest::strategy::BoxedStrategy;

use super::Least;

/// The cases a claim is checked on first, every one, in the problem's order.
pub struct Domain<'a, C> {
    /// The cases in increasing order; checking stops at the first failing one.
    pub cases: Box<dyn Iterator<Item = C> + 'a>,
    /// What the cases are, after their number in the evidence ("positions of real play
    /// with a + c + b + d <= 40").
    pub description: String,
    /// What separates `description` from the clauses the engine appends: `", "`, or
    /// `"; "` when the description is itself a list.
    pub separator: &'static str,
    /// The standing of the first failing case: [`Least::Proven`] when the domain is a
    /// prefix of the order, else what it covers, which also stands behind a failure found
    /// elsewhere.
    pub standing: Least,
    /// Whether a failure found here is handed on to the least-counterexample search:
    /// true when cases outside the domain may come before it in the order and the
    /// search below it is affordable.
    pub refine: bool,
}

/// The random cases a claim is checked on after the exhaustive domain.
pub struct Sample<C> {
    /// The cases, boundary-biased.
    pub cases: BoxedStrategy<C>,
    /// What they are, after their number in the evidence.
    pub description: String,
    /// What separates `description` from the clauses the engine appends.
    pub separator: &'static str,
}

/// Returns the standing of a failure found by the least-counterexample search
/// (`searched`) when the exhaustive domain of standing `domain` was checked as well: a
/// bounded search also covers a bounded domain.
///
/// # Example
/// ```
/// use gamecheck::problem::{Least, both_searched};
/// let bounded = |s: &str| Least::Bounded { searched: s.into() };
/// assert_eq!(both_searched(bounded("a"), &bounded("b")), bounded("a; and b"));
/// assert_eq!(both_searched(Least::Proven, &bounded("b")), Least::Proven);
/// ```
pub fn both_searched(searched: Least, domain: &Least) -> Least {
    match (searched, domain) {
        (Least::Bounded { searched }, Least::Bounded { searched: covered }) => Least::Bounded {
            searched: format!("{searched}; and {covered}"),
        },
        (searched, _) => searched,
    }
}
