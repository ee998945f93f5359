//! Chopsticks with one- and two-finger hands.

mod rule;
mod solve;
mod state;

pub use rule::{Case, Verdict, case, explain, outcome, winning_move};
pub use solve::{describe, parse_cases, solve};
pub use state::{Attack, Outcome, State};
