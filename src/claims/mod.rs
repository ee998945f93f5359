//! Claims: candidate solutions checked against the oracles by one engine written over
//! [`Claims`](crate::problem::Claims), ending refuted with their least counterexample or
//! holding with the evidence. The claims themselves live with their game.

mod catalog;
mod chopsticks_expr;
mod engine;
mod expr;
mod games_expr;
mod verdict;
mod wide_int;

pub use catalog::{Entry, catalog};
pub use chopsticks_expr::{CHOPSTICKS_VARIABLES, ChopsticksExpr, check_chopsticks_expr};
pub use engine::{ClaimFn, Domains, check_claim, check_claim_in, check_typed_claim};
pub use expr::{
    ClaimValue, Expr, ExprError, MAX_CLAIM_BYTES, MAX_CLAIM_DEPTH, Scope, check_size, int, syntax_column,
};
pub use games_expr::{ALL_BITS, GAMES_FUNCTIONS, GAMES_VARIABLES, GamesExpr, check_games_expr};
pub use verdict::{ClaimReport, ClaimVerdict, Evidence, Refutation};
pub use wide_int::{WideInt, WideNumericTypes};
