//! Wythoff's game: two piles; a move takes any positive number of stones from one pile,
//! or the same positive number from both; a player who cannot move loses.
//!
//! The P-positions are (⌊jφ⌋, ⌊jφ⌋ + j) and their mirrors (Wythoff, 1907). The fast
//! rule decides them exactly for all `u64` piles with integer arithmetic only: a
//! floating-point φ is wrong from j around 10^8 (see the claims catalog).

pub mod catalog_claims;
mod commands;
mod game;
pub mod picture;
mod rule;
#[cfg(test)]
mod tests;

pub(crate) use catalog_claims::entries as catalog;
pub use catalog_claims::{EXHAUSTIVE_STONES, diagonals};
pub use game::{Piles, Wythoff};
pub use rule::{floor_phi, is_p_position, winning_move};
