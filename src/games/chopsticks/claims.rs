//! What Chopsticks claims are checked against: every position of real play up to 40
//! hands (a prefix of the order, so its first failure is least), random positions over
//! the whole `u64` range, and the dense table, with the fast rule beyond it held to
//! Bellman consistency.

use std::sync::OnceLock;

use proptest::strategy::Strategy;

use super::crosscheck::rule_is_bellman_consistent;
use super::problem::outcome_of;
use super::strategy::real_play_state;
use super::{Chopsticks, Outcome, State, real_play_with_total};
use super::ChopsticksExpr;
use crate::claims::{ClaimReport, ExprError, check_typed_claim};
use crate::problem::{Claims, Domain, Least, Predicate, Sample, TypedClaims};

/// Positions of real play are checked exhaustively up to this many hands in all.
pub const EXHAUSTIVE_TOTAL: u64 = 40;

/// The dense table behind the claims reference covers counts below this (about 0.2 s to
/// build, against 2.5 s for the 128 of `check`).
const CLAIMS_TABLE_LIMIT: u64 = 64;

impl Chopsticks {
    /// Returns the problem claims are checked against: its table covers counts below 64
    /// and is built once per process.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::Chopsticks;
    /// assert_eq!(Chopsticks::for_claims().table_limit(), 64);
    /// ```
    pub fn for_claims() -> &'static Chopsticks {
        static PROBLEM: OnceLock<Chopsticks> = OnceLock::new();
        PROBLEM.get_or_init(|| Chopsticks::with_table_limit(CLAIMS_TABLE_LIMIT))
    }
}

impl Claims for Chopsticks {
    fn catalog(&self) -> Vec<crate::claims::Entry> {
        super::catalog_claims::entries()
    }

    fn typed_claim(&self, text: &str, seed: u64, cases: u32) -> Option<Result<ClaimReport, ExprError>> {
        Some(check_typed_claim(Chopsticks::for_claims(), text, seed, cases))
    }

    fn claim_vocabulary(&self) -> Option<&'static str> {
        Some("EXPR over a, c, b, d, n = a + c, m = b + d claims \"the player to move wins\"")
    }

    /// The dense table (an oracle) where it reaches; beyond it the fast rule, which
    /// `prove` and `check` verify and [`Claims::audit`] holds to Bellman consistency.
    fn reference(&self, s: &State) -> (Outcome, &'static str) {
        match self.table_wins(*s) {
            Some(w) => (outcome_of(w), "table"),
            None => (super::outcome(*s), "fast rule"),
        }
    }

    /// Every position of real play with at most [`EXHAUSTIVE_TOTAL`] hands, by total,
    /// then (a, c, b, d): the start of the order, so a failure there is least.
    fn exhaustive(&self) -> Domain<'_, State> {
        Domain {
            cases: Box::new((2..=EXHAUSTIVE_TOTAL).flat_map(real_play_with_total)),
            description: format!("positions of real play with a + c + b + d <= {EXHAUSTIVE_TOTAL}"),
            separator: ", ",
            standing: Least::Proven,
            refine: false,
        }
    }

    fn random(&self) -> Sample<State> {
        Sample {
            cases: real_play_state().boxed(),
            description: "positions of real play over the full u64 range".into(),
            separator: ", ",
        }
    }

    fn least_budget(&self) -> u64 {
        // Every position of real play with at most about 80 hands.
        820_000
    }

    fn reference_text(&self) -> String {
        format!(
            "dense table for counts below {}, verified fast rule beyond",
            self.table_limit()
        )
    }

    /// Beyond the table the reference is the fast rule: it must be Bellman-consistent.
    fn audit(&self, s: &State) -> Option<Result<(), String>> {
        self.table_wins(*s)
            .is_none()
            .then(|| rule_is_bellman_consistent(*s).map_err(|d| d.to_string()))
    }

    fn audited_note(&self, audited: u64) -> Option<String> {
        (audited > 0).then(|| {
            format!("{audited} checked positions lie beyond the table; the reference was Bellman-consistent at each")
        })
    }
}

/// `claim chopsticks 'EXPR'`: "the player to move wins exactly when EXPR", over a, c, b,
/// d, n = a + c and m = b + d.
impl TypedClaims for Chopsticks {
    fn compile(&self, text: &str) -> Result<Predicate<State>, ExprError> {
        let expr = ChopsticksExpr::compile(text)?;
        Ok(Box::new(move |s: &State| expr.wins(*s)))
    }

    fn answer_from_claim(&self, claim_true: bool) -> Outcome {
        outcome_of(claim_true)
    }
}
