//! gamecheck: proves and stress-tests solutions to combinatorial games against slow
//! reference oracles written from the rules alone.

pub mod check;
pub mod claims;
pub mod games;
pub mod input;
pub mod problem;
pub mod progress;
pub mod prove;
pub mod shown;
pub mod stress;
pub mod tokens;

pub use games::{chopsticks, moore};
