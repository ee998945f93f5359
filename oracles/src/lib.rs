//! Slow reference oracles for gamecheck, written from the game rules alone.
//!
//! This crate never depends on `gamecheck`: an oracle must not borrow the formula it judges.

pub mod chopsticks_minimax;
pub mod chopsticks_table;
pub mod component_grundy;
pub mod misere;
pub mod moore_brute_count;
pub mod moore_dp_count;
pub mod moore_game_search;
pub mod moore_group_ring_power;
pub mod octal_mex;
pub mod outcome;
pub mod partizan_search;
pub mod retrograde;
pub mod rules_oracle;
pub mod wythoff_mex_table;
