//! Positions, attacks and outcomes of Chopsticks with one- and two-finger hands.

use std::fmt;

/// A position seen from the player to move: `a` one-finger and `c` two-finger hands of
/// their own, `b` one-finger and `d` two-finger hands of the opponent.
///
/// Counts are `u128` so that every successor of a `u64` position (a conversion raises
/// `d` by one) is still representable; input is read as `u64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub a: u128,
    pub c: u128,
    pub b: u128,
    pub d: u128,
}

pub use crate::game::Outcome;

/// One of the four attacks: the attacking hand's fingers, then the target's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Attack {
    /// 1 on 1: the target becomes a two-finger hand.
    OneOnOne,
    /// 1 on 2: the target is removed.
    OneOnTwo,
    /// 2 on 1: the target is removed.
    TwoOnOne,
    /// 2 on 2: the target is removed.
    TwoOnTwo,
}

impl Attack {
    /// All four attacks, in a fixed order.
    pub const ALL: [Attack; 4] = [
        Attack::OneOnOne,
        Attack::OneOnTwo,
        Attack::TwoOnOne,
        Attack::TwoOnTwo,
    ];
}

impl fmt::Display for Attack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Attack::OneOnOne => "1->1 (a one-finger hand turns an opposing one-finger hand into a two)",
            Attack::OneOnTwo => "1->2 (a one-finger hand removes an opposing two-finger hand)",
            Attack::TwoOnOne => "2->1 (a two-finger hand removes an opposing one-finger hand)",
            Attack::TwoOnTwo => "2->2 (a two-finger hand removes an opposing two-finger hand)",
        })
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {}, {}, {})", self.a, self.c, self.b, self.d)
    }
}

impl State {
    /// Returns the position `(a, c, b, d)`.
    ///
    /// # Constraints
    /// None: every `u64` count is accepted.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::State;
    /// let s = State::new(1, 0, 1, 1);
    /// assert_eq!((s.hands(), s.opponent_hands()), (1, 2));
    /// ```
    pub fn new(a: u64, c: u64, b: u64, d: u64) -> State {
        State {
            a: a.into(),
            c: c.into(),
            b: b.into(),
            d: d.into(),
        }
    }

    /// Returns n = a + c, the hands of the player to move.
    ///
    /// # Constraints
    /// a + c fits in `u128` (always true for counts read as `u64`); saturates otherwise.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::State;
    /// assert_eq!(State::new(u64::MAX, u64::MAX, 0, 0).hands(), 2 * u64::MAX as u128);
    /// ```
    pub fn hands(&self) -> u128 {
        self.a.saturating_add(self.c)
    }

    /// Returns m = b + d, the hands of the opponent.
    ///
    /// # Constraints
    /// As for [`State::hands`].
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::State;
    /// assert_eq!(State::new(0, 0, 2, 3).opponent_hands(), 5);
    /// ```
    pub fn opponent_hands(&self) -> u128 {
        self.b.saturating_add(self.d)
    }

    /// Returns the position after `attack`, seen from the new player to move, or `None`
    /// when the attack is illegal (a hand it needs is missing).
    ///
    /// # Constraints
    /// `d < u128::MAX` for a conversion; `None` otherwise.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{Attack, State};
    /// let s = State::new(1, 0, 1, 1);
    /// assert_eq!(s.after(Attack::OneOnTwo), Some(State::new(1, 0, 1, 0)));
    /// assert_eq!(s.after(Attack::TwoOnOne), None);
    /// ```
    pub fn after(&self, attack: Attack) -> Option<State> {
        let State { a, c, b, d } = *self;
        let (mine, target) = match attack {
            Attack::OneOnOne => (a, b),
            Attack::OneOnTwo => (a, d),
            Attack::TwoOnOne => (c, b),
            Attack::TwoOnTwo => (c, d),
        };
        if mine == 0 || target == 0 {
            return None;
        }
        let (b2, d2) = match attack {
            Attack::OneOnOne => (b - 1, d.checked_add(1)?),
            Attack::TwoOnOne => (b - 1, d),
            Attack::OneOnTwo | Attack::TwoOnTwo => (b, d - 1),
        };
        Some(State {
            a: b2,
            c: d2,
            b: a,
            d: c,
        })
    }
}

/// A position is its four counts (a, c, b, d), read and written as `u64`; claims also
/// name the hand totals n = a + c and m = b + d, as the seed does.
impl crate::game::Position for State {
    const ARITY: Option<usize> = Some(4);

    fn counts(&self) -> Vec<u64> {
        // Positions come from `u64` input or from `u64` moves, so every count fits.
        [self.a, self.c, self.b, self.d]
            .map(|x| u64::try_from(x).unwrap_or(u64::MAX))
            .to_vec()
    }

    fn from_counts(counts: &[u64]) -> Option<State> {
        match *counts {
            [a, c, b, d] => Some(State::new(a, c, b, d)),
            _ => None,
        }
    }

    fn names() -> &'static [&'static str] {
        &["a", "c", "b", "d", "n", "m"]
    }

    fn summary(&self) -> Vec<i128> {
        let n = |x: u128| i128::try_from(x).unwrap_or(i128::MAX);
        vec![
            n(self.a),
            n(self.c),
            n(self.b),
            n(self.d),
            n(self.hands()),
            n(self.opponent_hands()),
        ]
    }

    /// Counts biased toward the boundaries of `0..=max`, half of the positions with
    /// n − m ∈ {−2, …, 2}, where the rule changes its mind.
    fn strategy(max: u64, _max_len: usize) -> proptest::strategy::BoxedStrategy<State> {
        use proptest::prelude::*;
        super::strategy::states_within(max).boxed()
    }
}

/// Returns every position of real play (both players hold a hand) with `total` hands,
/// in (a, c, b, d) order.
///
/// # Complexity
/// O(total³) positions.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{real_play_with_total, State};
/// let v: Vec<State> = real_play_with_total(2).collect();
/// assert_eq!(v, [State::new(0, 1, 0, 1), State::new(0, 1, 1, 0), State::new(1, 0, 0, 1), State::new(1, 0, 1, 0)]);
/// ```
pub fn real_play_with_total(total: u64) -> impl Iterator<Item = State> {
    (0..=total)
        .flat_map(move |a| {
            (0..=total - a)
                .flat_map(move |c| (0..=total - a - c).map(move |b| State::new(a, c, b, total - a - c - b)))
        })
        .filter(|s| s.hands() > 0 && s.opponent_hands() > 0)
}
