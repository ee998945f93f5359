//! Simple chopsticks (arXiv 2406.09083): any number of hands of 1 to F fingers, attacks
//! only. F = 2 is the seed's Chopsticks, served as `chopsticks` (alias
//! `simple-chopsticks`); for F = 3, 4, 5 the natural generalizations of its rule are
//! judged against the rules oracle in the claims catalog.

mod characterization;
mod game;
mod moves;
mod position;
#[cfg(test)]
mod tests;

pub use characterization::{Candidate, Finding, candidates, check_candidate, fresh_ripe_full};
pub use game::{SimpleChopsticks, generalizations};
pub use moves::SimpleRules;
pub use position::Position;
