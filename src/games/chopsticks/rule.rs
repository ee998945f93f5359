//! The fast rule: the outcome of any position in O(1), which case decided it, and a
//! winning move as a certificate.
//!
//! Verified against the minimax and the dense table of `gamecheck-oracles`. With
//! n = a + c and m = b + d:
//!
//! | case | condition | outcome |
//! |---|---|---|
//! | `NoHands` | n = 0 | Second |
//! | `OpponentHasNoHands` | n > 0, m = 0 | First |
//! | `MoreHands` | n > m | First |
//! | `TwoBehind` | m ≥ n + 2 | Second |
//! | `OneBehindCanEqualize` | m = n + 1, c = 0, d ≥ 1, b odd | First |
//! | `OneBehind` | m = n + 1, otherwise | Second |
//! | `EqualOddOnes` | n = m, d = 0, a odd | Second |
//! | `Equal` | n = m, otherwise | First |
//!
//! The seed editorial states the last four rows with symbols lost, and omits the first
//! two (a bare `n > m` or "n = m loses when b = m and a is odd" misjudges n = 0).

use std::fmt;

use super::state::{Attack, Outcome, State};

/// The case of the rule that decides a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Case {
    NoHands,
    OpponentHasNoHands,
    MoreHands,
    TwoBehind,
    OneBehindCanEqualize,
    OneBehind,
    EqualOddOnes,
    Equal,
}

impl Case {
    /// Returns the outcome this case gives.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{Case, Outcome};
    /// assert_eq!(Case::EqualOddOnes.outcome(), Outcome::Loss);
    /// ```
    pub fn outcome(self) -> Outcome {
        match self {
            Case::OpponentHasNoHands | Case::MoreHands | Case::OneBehindCanEqualize | Case::Equal => {
                Outcome::Win
            }
            Case::NoHands | Case::TwoBehind | Case::OneBehind | Case::EqualOddOnes => Outcome::Loss,
        }
    }

    /// Returns the condition of this case, as a short formula over a, c, b, d, n, m.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::Case;
    /// assert_eq!(Case::MoreHands.condition(), "n > m");
    /// ```
    pub fn condition(self) -> &'static str {
        match self {
            Case::NoHands => "n = 0",
            Case::OpponentHasNoHands => "n > 0 and m = 0",
            Case::MoreHands => "n > m",
            Case::TwoBehind => "m >= n + 2",
            Case::OneBehindCanEqualize => "m = n + 1, c = 0, d >= 1, b odd",
            Case::OneBehind => "m = n + 1, not (c = 0, d >= 1, b odd)",
            Case::EqualOddOnes => "n = m, d = 0, a odd",
            Case::Equal => "n = m, not (d = 0, a odd)",
        }
    }
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self, self.condition())
    }
}

/// Returns the case of the rule that decides `s`.
///
/// # Constraints
/// Counts below 2^127 (every `u64` position and its successors).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{case, Case, State};
/// assert_eq!(case(State::new(1, 0, 1, 1)), Case::OneBehindCanEqualize);
/// assert_eq!(case(State::new(1, 0, 1, 0)), Case::EqualOddOnes);
/// ```
pub fn case(s: State) -> Case {
    let (n, m) = (s.hands(), s.opponent_hands());
    if n == 0 {
        Case::NoHands
    } else if m == 0 {
        Case::OpponentHasNoHands
    } else if n > m {
        Case::MoreHands
    } else if m - n >= 2 {
        Case::TwoBehind
    } else if m > n {
        if s.c == 0 && s.d >= 1 && s.b % 2 == 1 {
            Case::OneBehindCanEqualize
        } else {
            Case::OneBehind
        }
    } else if s.d == 0 && s.a % 2 == 1 {
        Case::EqualOddOnes
    } else {
        Case::Equal
    }
}

/// Returns who wins `s` with best play.
///
/// # Constraints
/// As for [`case`].
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{outcome, Outcome, State};
/// assert_eq!(outcome(State::new(u64::MAX, 1, u64::MAX, 1)), Outcome::Win);
/// assert_eq!(outcome(State::new(0, 0, 0, 0)), Outcome::Loss);
/// ```
pub fn outcome(s: State) -> Outcome {
    case(s).outcome()
}

/// Returns a winning attack from `s`: one after which the new player to move loses.
/// `None` when `s` is lost, or already won because the opponent has no hands.
///
/// # Constraints
/// As for [`case`].
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{outcome, winning_move, Attack, Outcome, State};
/// // One hand of each kind on both sides: remove the opposing one-finger hand, not the two.
/// let s = State::new(1, 1, 1, 1);
/// assert_eq!(winning_move(s), Some(Attack::TwoOnOne));
/// let next = s.after(Attack::TwoOnOne).unwrap_or(s);
/// assert_eq!(outcome(next), Outcome::Loss);
/// ```
pub fn winning_move(s: State) -> Option<Attack> {
    let State { a, c, b, d } = s;
    // Any removal keeps the opponent at least as far behind as a conversion would.
    let remove_two = || {
        if a >= 1 {
            Attack::OneOnTwo
        } else {
            Attack::TwoOnTwo
        }
    };
    match case(s) {
        Case::NoHands | Case::OpponentHasNoHands | Case::TwoBehind | Case::OneBehind | Case::EqualOddOnes => {
            None
        }
        Case::MoreHands => Some(if d >= 1 {
            remove_two()
        } else if c >= 1 {
            Attack::TwoOnOne
        } else {
            // Only one-finger hands on both sides: convert, leaving the opponent behind
            // with a two-finger hand.
            Attack::OneOnOne
        }),
        // Leave equal counts with no two-finger hand of ours and an odd count of theirs.
        Case::OneBehindCanEqualize => Some(Attack::OneOnTwo),
        Case::Equal => Some(if d >= 2 || (d == 1 && (b == 0 || c == 0)) {
            // A two-finger hand stays with them, or we remove their only hand.
            remove_two()
        } else if d == 1 {
            // Spend our two-finger hand on their one-finger hand so their two stays.
            Attack::TwoOnOne
        } else if c >= 1 {
            // d = 0, a even: they end one behind, all ones, facing an even a.
            Attack::TwoOnOne
        } else {
            // d = 0, c = 0, a = n even: convert, leaving them an odd count of ones.
            Attack::OneOnOne
        }),
    }
}

/// The full verdict on a position: outcome, deciding case and a winning move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub outcome: Outcome,
    pub case: Case,
    pub winning_move: Option<Attack>,
}

/// Returns the outcome of `s`, the case that decided it and a winning move.
///
/// # Constraints
/// As for [`case`].
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{explain, Attack, Case, Outcome, State};
/// let v = explain(State::new(2, 0, 2, 0));
/// assert_eq!((v.outcome, v.case, v.winning_move), (Outcome::Win, Case::Equal, Some(Attack::OneOnOne)));
/// ```
pub fn explain(s: State) -> Decision {
    let case = case(s);
    Decision {
        outcome: case.outcome(),
        case,
        winning_move: winning_move(s),
    }
}
