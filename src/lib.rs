//! gamecheck: proves and stress-tests solutions to combinatorial games against slow
//! reference oracles written from the rules alone.

pub mod chopsticks;
pub mod input;
pub mod moore;
