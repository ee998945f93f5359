//! How the command line builds Moore's problems: k and the modulus are flags.

use super::{MooreCount, MoorePosition};
use crate::game::GameError;
use crate::games::Build;
use crate::problem::{Flag, FlagError, Flags};

const K: Flag =
    Flag::number("k", "k of Moore's Nim_k: a move takes from 1 to k piles.", "6", 1).at_most(u32::MAX as u64);
const MODULUS: Flag = Flag::number("modulus", "The prime counts are taken modulo.", "998244353", 2);

/// Reads `--k` when it is one number; a list (`plot moore --k 1,2`) leaves the default.
fn k(flags: &Flags) -> Result<u32, GameError> {
    match flags.number("k") {
        Ok(k) => u32::try_from(k).map_err(|_| {
            GameError::Flag(FlagError {
                flag: "k".into(),
                wanted: "32-bit number",
            })
        }),
        Err(_) => Ok(6),
    }
}

impl Build for MoorePosition {
    fn flags() -> Vec<Flag> {
        vec![K]
    }
    fn build(flags: &Flags) -> Result<MoorePosition, GameError> {
        Ok(MoorePosition::with_k(k(flags)?))
    }
}

impl Build for MooreCount {
    fn flags() -> Vec<Flag> {
        vec![K, MODULUS]
    }
    fn build(flags: &Flags) -> Result<MooreCount, GameError> {
        Ok(MooreCount::new(
            k(flags)?,
            flags.number("modulus").unwrap_or(998_244_353),
        ))
    }
}
