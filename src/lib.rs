//! gamecheck: proves and stress-tests solutions to combinatorial games against slow
//! reference oracles written from the rules alone.

pub mod bench_report;
pub mod check;
pub mod claim_lang;
pub mod claims;
#[cfg(feature = "cli")]
pub mod cli;
pub mod game;
pub mod games;
pub mod input;
pub mod json;
pub mod partizan;

pub mod plot;
pub mod problem;
pub mod program;
pub mod progress;
pub mod prove;
pub mod shown;
pub mod stress;
pub mod tokens;

// The first games and the heap games keep short paths; every game is at `games::<game>`.
pub use games::{chopsticks, moore, octal};
