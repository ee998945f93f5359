//! The subtraction game with moves {1, 3, 4}, defined by its moves alone, and two
//! formulas for who wins: the tests check both with gamecheck, through its public API
//! only.

use gamecheck::game::{Game, Outcome};

/// A pile of n stones; a move takes 1, 3 or 4 of them; a player who cannot move loses.
pub struct Subtraction;

impl Game for Subtraction {
    type Position = u64;
    const NAME: &'static str = "subtraction-134";

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend([1, 3, 4].into_iter().filter(|&m| m <= n).map(|m| n - m));
    }
}

/// The right formula: the player to move loses exactly when n mod 7 is 0 or 2.
pub fn outcome(n: &u64) -> Outcome {
    Outcome::of(!matches!(n % 7, 0 | 2))
}

/// A plausible wrong formula, read off the first few positions (0 loses, 1 wins, 2 loses,
/// 3 wins …): the player to move wins exactly when n is odd.
pub fn outcome_by_parity(n: &u64) -> Outcome {
    Outcome::of(n % 2 == 1)
}
