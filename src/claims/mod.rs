//! Claims: candidate solutions checked against the oracles by one engine written over
//! [`Claims`](crate::problem::Claims), ending refuted with their least counterexample or
//! holding with the evidence. The claims themselves live with their game.

mod catalog;
mod engine;
mod verdict;

/// Why a typed claim cannot be checked: the claim language's error, under the name the
/// claim checkers have always returned.
pub use crate::claim_lang::ClaimError as ExprError;
pub use crate::claim_lang::{MAX_CLAIM_BYTES, MAX_CLAIM_DEPTH};
pub use catalog::Entry;
pub use engine::{
    ClaimFn, Domains, check_claim, check_claim_in, check_typed_claim, within_least_budget, within_run_budget,
};
pub use verdict::{ClaimReport, ClaimVerdict, Evidence, Refutation};
