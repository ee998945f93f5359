//! Claims: candidate solutions checked against the oracles, ending refuted with their
//! least counterexample or holding with the evidence.

mod catalog;
mod chopsticks_claims;
mod chopsticks_engine;
mod verdict;

pub use catalog::{Entry, catalog};
pub use chopsticks_claims::{
    corrected_rule, greedy_attack, greedy_remove_two_first, seed_subtask2_everywhere, seed_three_bullets,
};
pub use chopsticks_engine::{EXHAUSTIVE_TOTAL, check_chopsticks_claim, reference_wins};
pub use verdict::{ClaimReport, ClaimVerdict};
