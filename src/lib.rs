//! gamecheck: proves and stress-tests solutions to combinatorial games against slow
//! reference oracles written from the rules alone.

// Only the binary's `bench-report` reads criterion's results.
#[cfg(feature = "cli")]
pub mod bench_report;
pub mod budget;
pub mod check;
pub mod claim_lang;
pub mod claims;
#[cfg(feature = "cli")]
pub mod cli;
pub mod game;
mod game_trait;
pub mod games;
mod input;
pub mod interactive;
pub mod json;
pub mod partizan;
pub mod plot;
pub mod prelude;
pub mod problem;
mod program;
pub mod progress;
pub mod prove;
mod runner;
pub mod setters;
mod shown;
pub mod stress;
mod tokens;
mod units;

// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

// The first games and the heap games keep short paths; every game is at `games::<game>`.
pub use games::{chopsticks, moore, octal};
