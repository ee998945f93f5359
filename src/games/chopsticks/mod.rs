//! Chopsticks with one- and two-finger hands.

pub mod crosscheck;
mod problem;
mod provable;
mod rule;
mod solve;
mod state;
pub mod strategy;

pub use problem::{Chopsticks, real_play_with_total};
pub use provable::ChopsticksDomain;
pub use rule::{Case, Verdict, case, explain, outcome, winning_move};
pub use solve::{describe, parse_cases, solve};
pub use state::{Attack, Outcome, State};
