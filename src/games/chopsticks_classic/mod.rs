//! Classic Chopsticks: two hands of 0 to 4 fingers each, attacks that add fingers, and
//! splits; the game can repeat positions, so its outcomes include draws. Solved for every
//! rule set by retrograde analysis.

mod game;
mod moves;
mod position;
mod prove;
mod rules;
mod table;
#[cfg(test)]
mod tests;

pub use game::ChopsticksClassic;
pub use moves::{ClassicRules, Move};
pub use position::{Hands, MAX_FINGERS, Position};
pub use rules::{Overflow, RuleSet, RuleSetError, Splits};
pub use table::{ClassicTable, OutcomeCounts, Solution, Witness, solve};
