//! Moore's Nim_k: a move takes at least one stone from each of between 1 and k non-empty
//! piles; a player who cannot move loses. The P-test and winning moves for any k, and the
//! count of losing starting sequences (XXI Open Cup GP of Tokyo, G "Games") for any k and
//! any prime modulus.

mod arith;
#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
pub mod catalog_claims;
mod claim_expr;
mod columns;
mod count;
mod count_claims;
mod count_format;
mod count_problem;
mod error;
mod flags;
mod game;
mod general;
mod kernels;
mod modular;
mod oracles;
mod p_position;
pub mod picture;
mod plain;
mod prime;
mod proof;
mod ring;
mod seed_dict_convolution;
mod solve;
pub mod strategy;
mod transform;

pub use crate::game::count_question::{Count, CountCase, CountingDomain};
pub(crate) use catalog_claims::entries as catalog;
pub use claim_expr::{
    ALL_BITS, GAMES_FUNCTIONS, GAMES_VARIABLES, GAMES_VOCABULARY, GamesExpr, check_games_expr,
};
pub use columns::merge_columns;
pub use count::{MODULUS, count};
pub use count_problem::{MooreCount, len_candidates};
pub use error::MooreError;
pub use game::Moore;
pub use general::{MAX_BYTES, MAX_DEGREE, MAX_MULTIPLICATIONS, count_mod};
pub use modular::pow_mod;
pub use p_position::{is_p_position, winning_move};
pub use plain::count_plain;
pub use prime::is_prime;
pub use proof::MooreDomain;
pub use solve::{Instance, parse_input, solve, solve_mod};
pub use transform::{MAX_COEFFICIENTS, Transform, transform};
