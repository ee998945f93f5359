//! Claims about any [`Game`]: the truth is the oracles' where they reach, else the fast
//! path audited by its consistency with its moves; a typed claim reads the position's
//! counts by name (`n`; `x`, `y`; a list's `len`, `total`, `max`, `min`, `xor`).

use super::problem::{GameProblem, total_within};
use super::{Answer, Game, Outcome, Position, position};
use crate::claim_lang::{Claim, Env, Vocabulary};
use crate::claims::{ClaimReport, ExprError, check_typed_claim};
use crate::problem::{Claims, Domain, Least, Predicate, Sample, TypedClaims};

/// The exhaustive domain of claims holds at most this many positions.
const EXHAUSTIVE: u64 = 20_000;

impl<G: Game> Claims for GameProblem<G> {
    fn catalog(&self) -> Vec<crate::claims::Entry> {
        self.game().catalog()
    }

    fn reference(&self, p: &G::Position) -> (Answer, &'static str) {
        match self.truth(p, self.question()) {
            Some(t) => t,
            // Beyond the oracles: the fast path, which `check` certifies there.
            None => (
                self.fast(p).unwrap_or(Answer::Outcome(Outcome::Draw)),
                "fast path",
            ),
        }
    }

    fn exhaustive(&self) -> Domain<'_, G::Position> {
        let max_len = self.game().max_len();
        let last = total_within(EXHAUSTIVE, G::Position::ARITY, max_len);
        Domain {
            cases: Box::new(
                (0..=last)
                    .flat_map(move |s| position::with_total::<G::Position>(s, max_len))
                    .filter(move |p| self.game().check_position(p).is_ok()),
            ),
            description: format!("positions with at most {last} counts in all"),
            separator: ", ",
            standing: Least::Proven,
            refine: false,
        }
    }

    fn random(&self) -> Sample<G::Position> {
        let game = self.game();
        let (max, max_len) = (game.max_count(), game.max_len());
        Sample {
            cases: G::Position::strategy(max, max_len),
            description: format!("random positions with counts up to {max}, small ones favoured"),
            separator: ", ",
        }
    }

    fn least_budget(&self) -> u64 {
        100_000
    }

    fn reference_text(&self) -> String {
        format!(
            "the rules oracle (the joint search, counts up to {}), else the sum of components, else the fast path",
            self.game().oracle_reach()
        )
    }

    fn audit(&self, p: &G::Position) -> Option<Result<(), String>> {
        self.truth(p, self.question())
            .is_none()
            .then(|| self.certificate(p))
    }

    fn typed_claim(&self, text: &str, seed: u64, cases: u32) -> Option<Result<ClaimReport, ExprError>> {
        if G::Position::names().is_empty() || self.question().grundy {
            return None;
        }
        Some(check_typed_claim(self, text, seed, cases))
    }

    fn claim_vocabulary(&self) -> Option<&'static str> {
        let names = G::Position::names();
        (!names.is_empty()).then(|| {
            &*Box::leak(
                format!(
                    "EXPR over {} claims \"the player to move loses\"",
                    names.join(", ")
                )
                .into_boxed_str(),
            )
        })
    }
}

struct Counts(Vec<i128>);

impl Env for Counts {
    fn variable(&self, index: usize) -> i128 {
        self.0[index]
    }
}

/// Returns `text` parsed as a claim over the names of `P`'s counts
/// ([`Position::names`]), as a predicate on positions.
pub(crate) fn compile<P: Position>(text: &str) -> Result<Predicate<P>, ExprError> {
    let vocabulary = Vocabulary {
        variables: P::names(),
        functions: &[],
        binders: &[],
    };
    let claim = Claim::parse(text, &vocabulary)?;
    Ok(Box::new(move |p: &P| {
        claim.eval(&Counts(p.summary())).map_err(|e| e.to_string())
    }))
}

impl<G: Game> TypedClaims for GameProblem<G> {
    fn compile(&self, text: &str) -> Result<Predicate<G::Position>, ExprError> {
        compile(text)
    }

    fn answer_from_claim(&self, loses: bool) -> Answer {
        Answer::Outcome(Outcome::of(!loses))
    }
}
