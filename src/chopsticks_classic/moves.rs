//! The moves of classic Chopsticks under a rule set: attacks, splits, and the pass that
//! ends a game already won.

use std::fmt;

use gamecheck_oracles::rules_oracle::Rules;

use super::position::{Hands, MAX_FINGERS, Position};
use super::rules::{RuleSet, Splits};

/// A move, as the player to move makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Tap the opponent's hand of `on` fingers with your hand of `with` fingers.
    Attack { with: u8, on: u8 },
    /// Redistribute your fingers as `into`.
    Split { into: Hands },
    /// The opponent's hands are both dead: hand them the turn they cannot play. Only a
    /// position that play never reaches has it; it makes that position a win.
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Attack { with, on } => write!(f, "tap {on} with {with}"),
            Move::Split { into } => write!(f, "split to {into}"),
            Move::Pass => f.write_str("pass: the opponent has no live hand"),
        }
    }
}

/// Classic Chopsticks under one rule set, given by its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ClassicRules(pub RuleSet);

impl ClassicRules {
    /// Returns every move from `p` with the position it leads to, seen from the new player
    /// to move: attacks (each distinct pair of finger counts once), then splits. None when
    /// the mover's hands are both dead: that player has lost.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks_classic::{ClassicRules, Hands, Move, Position, RuleSet};
    /// let start = ClassicRules(RuleSet::default()).moves_of(&Position::START);
    /// let two = Hands::new(1, 2).unwrap_or(Position::START.mover);
    /// // From the start only the attack: (1, 1) splits to nothing else.
    /// assert_eq!(start, [(Move::Attack { with: 1, on: 1 }, Position { mover: two, other: Position::START.mover })]);
    /// ```
    pub fn moves_of(&self, p: &Position) -> Vec<(Move, Position)> {
        let mut out = Vec::new();
        let Position { mover, other } = *p;
        if mover.is_dead() {
            return out;
        }
        if other.is_dead() {
            out.push((
                Move::Pass,
                Position {
                    mover: other,
                    other: mover,
                },
            ));
            return out;
        }
        for with in mover.live() {
            for on in other.live() {
                let hit = other.with(on, self.0.attacked(with, on));
                out.push((
                    Move::Attack { with, on },
                    Position {
                        mover: hit,
                        other: mover,
                    },
                ));
            }
        }
        let (lo, hi) = mover.fingers();
        let total = lo + hi;
        for x in 0..=total / 2 {
            let y = total - x;
            if y > MAX_FINGERS || (x, y) == (lo, hi) {
                continue;
            }
            let allowed = match self.0.splits {
                // A split to (0, total) kills a hand unless one was already dead.
                Splits::Any { suicide } => x > 0 || lo == 0 || suicide,
                Splits::Even => lo == 0 && (hi == 2 || hi == 4) && x == y,
                Splits::None => false,
            };
            if allowed {
                let into = Hands::sorted(x, y);
                out.push((
                    Move::Split { into },
                    Position {
                        mover: other,
                        other: into,
                    },
                ));
            }
        }
        out
    }
}

impl Rules for ClassicRules {
    type Position = Position;

    fn moves(&self, p: &Position, out: &mut Vec<Position>) {
        out.extend(self.moves_of(p).into_iter().map(|(_, q)| q));
    }
}
