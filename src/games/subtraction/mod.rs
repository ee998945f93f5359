//! The subtraction games S(s_1, …, s_k): a move takes s_i stones from the heap. The
//! family is defined by its moves through [`Game`](crate::game::Game); its fast path is
//! the eventual period of its nim-sequence, proved (see [`period`]), so every heap up to
//! 2^64 − 1 is answered exactly.

mod catalog_claims;
mod game;
pub mod period;
#[cfg(test)]
mod tests;

pub(crate) use catalog_claims::entries as catalog;
pub use game::Subtraction;
pub use period::{PeriodError, Periodic};
