//! A claim over a position's counts by name, compiled: what [`Settings::claim`](super::Settings::claim)
//! does by default.

use super::Position;
use crate::claim_lang::ClaimError as ExprError;
use crate::claim_lang::{Claim, Env, Vocabulary};
use crate::problem::Predicate;

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
