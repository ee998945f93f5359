//! How the command line builds Moore's count: k and the modulus are flags.

use super::MooreCount;
use super::game::{K, k_flag};
use crate::game::GameError;
use crate::problem::{Flag, Flags};

const MODULUS: Flag = Flag::number("modulus", "The prime counts are taken modulo.", "998244353", 2);

/// Returns the flags that build the count: `--k` and `--modulus`.
pub(super) fn flags() -> Vec<Flag> {
    vec![K, MODULUS]
}

/// Returns the count `flags` describe.
///
/// # Errors
/// A `--k` that makes no game.
pub(super) fn build(flags: &Flags) -> Result<MooreCount, GameError> {
    Ok(MooreCount::new(
        k_flag(flags)?,
        flags.number("modulus").unwrap_or(998_244_353),
    ))
}
