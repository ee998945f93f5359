//! Claims: candidate solutions checked against the oracles, ending refuted with their
//! least counterexample or holding with the evidence.

mod catalog;
mod chopsticks_claims;
mod chopsticks_engine;
mod chopsticks_expr;
mod expr;
mod games_expr;
mod position_engine;
mod verdict;
mod wide_int;

pub use catalog::{Entry, catalog};
pub use chopsticks_claims::{
    corrected_rule, greedy_attack, greedy_remove_two_first, seed_subtask2_everywhere, seed_three_bullets,
};
pub use chopsticks_engine::{EXHAUSTIVE_TOTAL, check_chopsticks_claim, reference_wins};
pub use chopsticks_expr::{CHOPSTICKS_VARIABLES, ChopsticksExpr, check_chopsticks_expr};
pub use expr::{ClaimValue, Expr, ExprError, Scope, int, syntax_column};
pub use games_expr::{ALL_BITS, GAMES_FUNCTIONS, GAMES_VARIABLES, GamesExpr, check_games_expr};
pub use position_engine::{check_position_claim, exhaustive_bounds, least_position};
pub use verdict::{ClaimReport, ClaimVerdict};
pub use wide_int::{WideInt, WideNumericTypes};
