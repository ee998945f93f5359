//! Euclid's game: two positive integers; a move subtracts a positive multiple of the
//! smaller from the larger, leaving it at least 0; whoever makes a number 0 wins.
//!
//! Input: `T` (1 ≤ T ≤ 10^4), then T lines `a b` (1 ≤ a, b ≤ 10^18). Output per
//! line: `Stan wins` if the player to move wins, else `Ollie wins`.

use gamecheck::prelude::*;

const MAX: u64 = 1_000_000_000_000_000_000;

/// Euclid's game; a position is the two numbers, the player to move's turn.
#[derive(Default)]
pub struct Euclid;

impl Game for Euclid {
    type Position = (u64, u64);
    const NAME: &'static str = "euclid";

    fn moves(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        let (small, large) = (a.min(b), a.max(b));
        let most = large.checked_div(small).unwrap_or(0);
        out.extend((1..=most).map(|k| (small, large - k * small)));
    }

    fn check_position(&self, &(a, b): &(u64, u64)) -> Result<(), String> {
        if a == 0 || b == 0 {
            Err("both numbers are positive".into())
        } else {
            Ok(())
        }
    }

    fn max_count(&self) -> u64 {
        MAX
    }

    fn move_count(&self, &(a, b): &(u64, u64)) -> Option<u128> {
        Some(a.max(b).checked_div(a.min(b)).map_or(0, u128::from))
    }

    fn outcome(&self, &(a, b): &(u64, u64), _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of(stan_wins(a, b)))
    }

    fn format(&self) -> Format<Euclid> {
        Format::cases(1..=10_000)
            .line([Field::number("a", 1..=MAX), Field::number("b", 1..=MAX)])
            .answer(Output::winner("Stan wins", "Ollie wins"))
    }
}

// --- The formulas under test ---

/// Whether the player to move at (a, b) wins: at once if the larger is at least twice
/// the smaller or a multiple of it (a number made 0, or a choice of two moves, one of
/// which wins); else the only move is to (larger − smaller, smaller), one step of
/// Euclid's algorithm, and the turn passes.
pub fn stan_wins(a: u64, b: u64) -> bool {
    let (mut small, mut large, mut mover) = (a.min(b), a.max(b), true);
    loop {
        if small == 0 {
            return !mover;
        }
        if large % small == 0 || large / small >= 2 {
            return mover;
        }
        (small, large, mover) = (large - small, small, !mover);
    }
}

/// A contestant's greedy: the player to move wins exactly when they can win at once,
/// which forgets the forced step to (larger − smaller, smaller).
pub fn stan_wins_greedy(a: u64, b: u64) -> bool {
    let (small, large) = (a.min(b), a.max(b));
    large % small == 0 || large / small >= 2
}
