//! Chopsticks with one- and two-finger hands.

pub mod catalog_claims;
mod claim_expr;
mod claims;
mod commands;
mod contest_format;
pub mod crosscheck;
pub mod picture;
mod problem;
pub mod proof;
mod provable;
mod rule;
pub mod smt2;
mod solve;
pub mod spec;
mod state;
pub mod strategy;

pub use claim_expr::{CHOPSTICKS_VARIABLES, CHOPSTICKS_VOCABULARY, ChopsticksExpr, check_chopsticks_expr};
pub use claims::EXHAUSTIVE_TOTAL;
pub use problem::{Chopsticks, real_play_with_total};
pub use provable::ChopsticksDomain;
pub use rule::{Case, Verdict, case, explain, outcome, winning_move};
pub use solve::{describe, parse_cases, solve};
pub use state::{Attack, Outcome, State};
