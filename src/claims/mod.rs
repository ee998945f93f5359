//! Claims: candidate solutions checked against the oracles, ending refuted with their
//! least counterexample or holding with the evidence.

mod catalog;
mod chopsticks_claims;
mod chopsticks_engine;
mod chopsticks_expr;
mod counting_claims;
mod counting_engine;
mod expr;
mod games_expr;
mod position_engine;
mod seed_dict_convolution;
mod verdict;
mod wide_int;

pub use catalog::{Entry, catalog};
pub use chopsticks_claims::{
    corrected_rule, greedy_attack, greedy_remove_two_first, seed_subtask2_everywhere, seed_three_bullets,
};
pub use chopsticks_engine::{EXHAUSTIVE_TOTAL, check_chopsticks_claim, reference_wins};
pub use chopsticks_expr::{CHOPSTICKS_VARIABLES, ChopsticksExpr, check_chopsticks_expr};
pub use counting_claims::{
    exponent_mod_p_minus_1, exponent_mod_p_minus_1_1e9_7, independent_piles, seed_python, xor_nim,
};
pub use counting_engine::{
    CountClaim, CountingDomain, check_counting_claim, reference_count, reference_count_mod,
};
pub use expr::{
    ClaimValue, Expr, ExprError, MAX_CLAIM_BYTES, MAX_CLAIM_DEPTH, Scope, check_size, int, syntax_column,
};
pub use games_expr::{ALL_BITS, GAMES_FUNCTIONS, GAMES_VARIABLES, GamesExpr, check_games_expr};
pub use position_engine::{check_position_claim, exhaustive_bounds, least_position};
pub use seed_dict_convolution::{SeedTimeout, seed_dict_convolution};
pub use verdict::{ClaimReport, ClaimVerdict, Evidence, Refutation};
pub use wide_int::{WideInt, WideNumericTypes};
