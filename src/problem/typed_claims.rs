//! Claims typed as text: a predicate over the problem's vocabulary, which the claims
//! engine checks like any other claim once it is turned into an answer.

use super::Claims;
use crate::claim_lang::ClaimError as ExprError;

/// A compiled typed claim: whether it holds at a case, or why it gives no answer there.
pub type Predicate<C> = Box<dyn Fn(&C) -> Result<bool, String> + Send + Sync>;

/// A problem whose claims may be typed as text (`gamecheck claim <game> 'EXPR'`).
pub trait TypedClaims: Claims {
    /// Returns `text` compiled over the problem's vocabulary (its variables and
    /// functions), or why it is not a claim.
    fn compile(&self, text: &str) -> Result<Predicate<Self::Case>, ExprError>;

    /// Returns the answer a typed claim gives at a case where its predicate is
    /// `claim_true`: a typed claim reads "the answer is X exactly when EXPR".
    fn answer_from_claim(&self, claim_true: bool) -> Self::Answer;

    /// Returns `text` compiled to the answer it claims at each case. Default: the answer
    /// [`TypedClaims::answer_from_claim`] gives where [`TypedClaims::compile`]'s
    /// predicate holds or not; a problem whose answers are more than two overrides it.
    ///
    /// # Errors
    /// As for [`TypedClaims::compile`].
    fn compile_answer(&self, text: &str) -> Result<Claimed<'_, Self>, ExprError> {
        let holds = self.compile(text)?;
        Ok(Box::new(move |c: &Self::Case| {
            holds(c).map(|h| self.answer_from_claim(h))
        }))
    }
}

/// A compiled typed claim: the answer it claims at a case, or why it gives none there.
pub type Claimed<'a, P> = Box<
    dyn Fn(&<P as crate::problem::Problem>::Case) -> Result<<P as crate::problem::Problem>::Answer, String>
        + Send
        + Sync
        + 'a,
>;
