//! Claims: candidate solutions checked against the oracles, ending refuted with their
//! least counterexample or holding with the evidence.

mod catalog;
mod chopsticks_claims;
mod chopsticks_engine;
mod counting_claims;
mod counting_engine;
mod seed_dict_convolution;
mod verdict;

pub use catalog::{Entry, catalog};
pub use chopsticks_claims::{
    corrected_rule, greedy_attack, greedy_remove_two_first, seed_subtask2_everywhere, seed_three_bullets,
};
pub use chopsticks_engine::{EXHAUSTIVE_TOTAL, check_chopsticks_claim, reference_wins};
pub use verdict::{ClaimReport, ClaimVerdict};
pub use counting_claims::{exponent_mod_p_minus_1, independent_piles, seed_python, xor_nim};
pub use counting_engine::{check_counting_claim, reference_count, CountingDomain};
pub use seed_dict_convolution::{seed_dict_convolution, SeedTimeout};
