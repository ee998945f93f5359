//! Chopsticks with one- and two-finger hands, as a [`Game`](crate::game::Game): the
//! seed's O(1) rule, its proof for every state, and the minimax and the dense table as
//! its second methods.

pub mod catalog_claims;
mod claim_expr;
mod commands;
pub mod crosscheck;
mod explanation;
mod fingers;
mod game;
pub mod picture;
pub mod proof;
mod rule;
pub mod smt2;
pub mod spec;
mod state;
pub mod strategy;

pub(crate) use catalog_claims::catalog;
pub use claim_expr::{CHOPSTICKS_VARIABLES, CHOPSTICKS_VOCABULARY, ChopsticksExpr, check_chopsticks_expr};
pub use commands::table_proof;
pub(crate) use explanation::explain_line;
pub use explanation::{describe, solve};
pub(crate) use fingers::Fingers;
pub(crate) use fingers::{fingers_flag, unserved_by};
pub use game::{Chopsticks, MINIMAX_REACH, SEARCH_REACH};
pub use rule::{Case, Decision, case, explain, outcome, winning_move};
pub use state::{Attack, Outcome, State, real_play_with_total};
