//! Slow reference oracles for gamecheck, written from the game rules alone.
//!
//! This crate never depends on `gamecheck`: an oracle must not borrow the formula it judges.

pub mod chopsticks_minimax;
pub mod chopsticks_table;
