//! What Wythoff claims are checked against: every position with at most 600 stones (a
//! prefix of the order), then random positions biased to the P-positions and their
//! neighbours, and the mex table, with the exact P-test beyond it.

use super::problem::{Piles, Wythoff, Outcome, piles};
use super::rule::{floor_phi, is_p_position};
use crate::claims::{ClaimReport, ExprError, check_typed_claim};
use crate::problem::{Claims, Domain, Least, Predicate, Sample, TypedClaims};

/// Positions are checked exhaustively up to this many stones in all.
pub const EXHAUSTIVE_STONES: u64 = 600;

impl Claims for Wythoff {
    fn catalog(&self) -> Vec<crate::claims::Entry> {
        super::catalog_claims::entries()
    }

    fn typed_claim(&self, text: &str, seed: u64, cases: u32) -> Option<Result<ClaimReport, ExprError>> {
        Some(check_typed_claim(self, text, seed, cases))
    }

    fn claim_vocabulary(&self) -> Option<&'static str> {
        Some("EXPR over x, y, j = |x - y| claims \"the position is a loss\"")
    }

    /// The mex table (an oracle) for piles below 2^20; beyond it the exact P-test, which
    /// `check` verifies against the table and for certified winning moves.
    fn reference(&self, p: &Piles) -> (Outcome, &'static str) {
        match self.table_p(*p) {
            Some(is_p) => (Outcome::of_loss(is_p), "mex table"),
            None => (Outcome::of_loss(is_p_position(p.x, p.y)), "P-test"),
        }
    }

    fn exhaustive(&self) -> Domain<'_, Piles> {
        Domain {
            cases: Box::new(
                (0..=EXHAUSTIVE_STONES).flat_map(|s| (0..=s).map(move |x| Piles { x, y: s - x })),
            ),
            description: format!("positions with x + y <= {EXHAUSTIVE_STONES}"),
            separator: ", ",
            standing: Least::Proven,
            refine: false,
        }
    }

    fn random(&self) -> Sample<Piles> {
        Sample {
            cases: piles(u64::MAX),
            description: "positions over the full u64 range, half of them P-positions (⌊jφ⌋, ⌊jφ⌋ + j) or their neighbours".into(),
            separator: ", ",
        }
    }

    fn least_budget(&self) -> u64 {
        // Every position with at most about 800 stones.
        320_000
    }

    fn reference_text(&self) -> String {
        "mex table for piles below 2^20, the exact P-test beyond".into()
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

/// `claim wythoff 'EXPR'`: "the player to move loses exactly when EXPR", over x and y.
impl TypedClaims for Wythoff {
    fn compile(&self, text: &str) -> Result<Predicate<Piles>, ExprError> {
        crate::game::compile_claim(text)
    }

    fn answer_from_claim(&self, claim_true: bool) -> Outcome {
        Outcome::of_loss(claim_true)
    }
}
