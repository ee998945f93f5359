//! gamecheck: proves and stress-tests solutions to combinatorial games against slow
//! reference oracles written from the rules alone.

pub mod bench_report;
pub mod check;
pub mod chopsticks;
pub mod claims;
pub mod input;
pub mod moore;
pub mod plot;
pub mod progress;
pub mod prove;
pub mod stress;
