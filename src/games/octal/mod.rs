//! Take-and-break heap games: octal and hexadecimal codes and Grundy's game. Their
//! nim-sequences by the sparse-space method, periods proved by the Guy–Smith theorem,
//! misère play of small sums by search, and the cross-checks against the oracles.
//!
//! The family `octal --code C` is defined through [`Game`](crate::game::Game) by
//! [`Octal`]: a position is a list of heaps, a sum. Its fast path is the values table,
//! extended by the proved period, so every heap up to 2^64 − 1 is answered when the
//! period is proved, and every heap of the computed range otherwise.

pub mod cache;
mod catalog_claims;
pub mod checkpoint;
pub mod code;
pub mod crosscheck;
mod game;
pub mod guy_smith;
mod interrupt;
mod long_run;
pub mod memory;
pub mod misere;
pub mod moves;
mod picture;
mod prove_period;
mod sparse_kernel;
pub mod sparse_space;
pub mod values;

pub(crate) use catalog_claims::entries as catalog;
pub use game::{NO_THEOREM_REACH, Octal, Table};
