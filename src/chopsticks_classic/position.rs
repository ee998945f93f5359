//! Positions of classic Chopsticks: each player's two hands, as an unordered pair, the
//! player to move first.

use std::fmt;

use serde::Serialize;

/// The most fingers a live hand holds; a hand with none is dead.
pub const MAX_FINGERS: u8 = 4;

/// One player's two hands as an unordered pair: (1, 2) and (2, 1) are one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Hands {
    lo: u8,
    hi: u8,
}

impl Hands {
    /// Returns the pair of hands with `a` and `b` fingers, in either order; `None` when one
    /// holds more than [`MAX_FINGERS`].
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks_classic::Hands;
    /// assert_eq!(Hands::new(3, 1), Hands::new(1, 3));
    /// assert_eq!(Hands::new(1, 5), None);
    /// ```
    pub fn new(a: u8, b: u8) -> Option<Hands> {
        (a <= MAX_FINGERS && b <= MAX_FINGERS).then(|| Hands::sorted(a, b))
    }

    /// The pair of `a` and `b`, both at most `MAX_FINGERS`.
    pub(super) const fn sorted(a: u8, b: u8) -> Hands {
        if a <= b {
            Hands { lo: a, hi: b }
        } else {
            Hands { lo: b, hi: a }
        }
    }

    /// Returns the fingers of the hand with fewer, then of the other.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks_classic::Hands;
    /// assert_eq!(Hands::new(4, 0).map(|h| h.fingers()), Some((0, 4)));
    /// ```
    pub fn fingers(self) -> (u8, u8) {
        (self.lo, self.hi)
    }

    /// Returns the fingers on both hands together.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks_classic::Hands;
    /// assert_eq!(Hands::new(4, 3).map(|h| h.total()), Some(7));
    /// ```
    pub fn total(self) -> u8 {
        self.lo + self.hi
    }

    /// Returns whether both hands are dead: the player has lost.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks_classic::Hands;
    /// assert_eq!(Hands::new(0, 0).map(|h| h.is_dead()), Some(true));
    /// assert_eq!(Hands::new(0, 1).map(|h| h.is_dead()), Some(false));
    /// ```
    pub fn is_dead(self) -> bool {
        self.hi == 0
    }

    /// Returns the distinct finger counts of the live hands, fewer first.
    pub(super) fn live(self) -> impl Iterator<Item = u8> {
        let lo = (self.lo > 0 && self.lo < self.hi).then_some(self.lo);
        lo.into_iter().chain((self.hi > 0).then_some(self.hi))
    }

    /// Returns this pair with one hand of `from` fingers changed to `to`.
    pub(super) fn with(self, from: u8, to: u8) -> Hands {
        if self.lo == from {
            Hands::sorted(to, self.hi)
        } else {
            Hands::sorted(self.lo, to)
        }
    }

    /// Returns all 15 pairs, (0, 0) first.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks_classic::Hands;
    /// assert_eq!(Hands::all().count(), 15);
    /// ```
    pub fn all() -> impl Iterator<Item = Hands> {
        (0..=MAX_FINGERS).flat_map(|lo| (lo..=MAX_FINGERS).map(move |hi| Hands { lo, hi }))
    }
}

impl fmt::Display for Hands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.lo, self.hi)
    }
}

/// A position: the hands of the player to move, then the opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Position {
    pub mover: Hands,
    pub other: Hands,
}

impl Position {
    /// The start: one finger on every hand.
    pub const START: Position = Position {
        mover: Hands::sorted(1, 1),
        other: Hands::sorted(1, 1),
    };

    /// Returns all 225 positions: every pair of hands for each player, dead players
    /// included.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks_classic::Position;
    /// assert_eq!(Position::all().count(), 225);
    /// assert!(Position::all().any(|p| p == Position::START));
    /// ```
    pub fn all() -> impl Iterator<Item = Position> {
        Hands::all().flat_map(|mover| Hands::all().map(move |other| Position { mover, other }))
    }
}

impl fmt::Display for Position {
    /// Writes the mover's hands, then the opponent's: `(1, 1) / (0, 2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} / {}", self.mover, self.other)
    }
}
