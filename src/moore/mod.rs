//! Moore's Nim_k: a move takes at least one stone from each of between 1 and k non-empty
//! piles; a player who cannot move loses. The P-test and winning moves for any k, and the
//! count of losing starting sequences (XXI Open Cup GP of Tokyo, G "Games") for any k and
//! any prime modulus.

mod arith;
#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod columns;
mod count;
mod error;
mod general;
mod kernels;
mod modular;
mod p_position;
mod plain;
mod prime;
mod ring;
mod solve;
pub mod strategy;
mod transform;

pub use columns::merge_columns;
pub use count::{MODULUS, count};
pub use error::MooreError;
pub use general::{MAX_BYTES, MAX_DEGREE, MAX_MULTIPLICATIONS, count_mod};
pub use modular::pow_mod;
pub use p_position::{is_p_position, winning_move};
pub use plain::count_plain;
pub use prime::is_prime;
pub use solve::{Instance, parse_input, solve, solve_mod};
pub use transform::{MAX_COEFFICIENTS, Transform, transform};
