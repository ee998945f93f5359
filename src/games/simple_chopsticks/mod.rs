//! Simple chopsticks (arXiv 2406.09083): any number of hands of 1 to F fingers, attacks
//! only. `chopsticks --fingers F` (alias `simple-chopsticks`) serves F = 2, the seed's
//! Chopsticks, and F = 3, 4, 5, this folder's game, answered by a search of the moves; for
//! F = 3, 4, 5 the natural generalizations of the seed's rule are judged against the rules
//! oracle in the claims catalog.

mod characterization;
mod game;
mod moves;
mod position;
#[cfg(test)]
mod tests;

pub use characterization::{Candidate, Finding, candidates, check_candidate, fresh_ripe_full};
pub use game::{SimpleChopsticks, generalizations, search_reach};
pub use moves::SimpleRules;
pub use position::Position;
