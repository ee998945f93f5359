//! The outcome of a position for the player to move: the one answer type of every
//! who-wins question, loopy games included.

use std::fmt;

/// What the player to move can force with best play.
///
/// `Draw` exists only in loopy games: neither player can force a win, and play can go on
/// forever. In an acyclic game every position is a `Win` or a `Loss`.
///
/// It reads as contests print it: `First` (the player to move wins), `Second`, `Draw`.
///
/// # Example
/// ```
/// use gamecheck_oracles::outcome::Outcome;
/// assert_eq!(Outcome::of(true), Outcome::Win);
/// assert_eq!(Outcome::Loss.to_string(), "Second");
/// assert_eq!(Outcome::Win.after_move(), Outcome::Loss);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The player to move can force a win.
    Win,
    /// The player to move loses against best play.
    Loss,
    /// Neither player can force a win.
    Draw,
}

impl Outcome {
    /// Returns `Win` when the player to move wins, else `Loss`.
    pub fn of(mover_wins: bool) -> Outcome {
        if mover_wins { Outcome::Win } else { Outcome::Loss }
    }

    /// Returns `Loss` when the player to move loses (a P-position), else `Win`.
    pub fn of_loss(mover_loses: bool) -> Outcome {
        Outcome::of(!mover_loses)
    }

    /// Returns the outcome for the other player: what a position with outcome `self` is
    /// worth to the player who moved into it.
    pub fn after_move(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win => "First",
            Outcome::Loss => "Second",
            Outcome::Draw => "Draw",
        })
    }
}
