//! Remoteness from the moves: every position reachable from a start, within a budget,
//! ranked by retrograde analysis as a win or a loss in so many moves, or a draw.
//!
//! Smith's rule: the winner hastens, the loser delays. A terminal position is lost in
//! 0; a position with a move to a lost one is won in 1 + the least such remoteness; a
//! position all of whose moves go to won ones is lost in 1 + the most of theirs; what
//! retrograde analysis never ranks is a draw (a loopy game's cycles). The analysis is the
//! oracles crate's, one implementation for the judge and the checks.

use std::cell::Cell;

use gamecheck_oracles::retrograde::Retrograde;
use gamecheck_oracles::rules_oracle::Rules;

use crate::game_trait::{Game, Outcome, Position};

/// The standing of a position for the player to move, with its remoteness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Won in this many moves (odd) against the longest defence.
    Win(u32),
    /// Lost in this many moves (even) against the fastest win.
    Loss(u32),
    /// Neither player can force a win.
    Draw,
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Win(r) => write!(f, "won in {r}"),
            Value::Loss(r) => write!(f, "lost in {r}"),
            Value::Draw => f.write_str("drawn"),
        }
    }
}

/// The positions reachable from a start, their moves and their values: the retrograde
/// analysis of the oracles crate ([`Retrograde`]), read as Smith's remoteness.
pub struct Remoteness<G: Game> {
    table: Retrograde<G::Position>,
}

/// The start has more reachable positions (or moves) than the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfReach {
    pub budget: usize,
}

/// A game's moves as the oracles crate's [`Rules`], within a budget: a position with more
/// moves than the budget, or more than 8 × budget moves in all, lists none and marks the
/// search out of reach (its table is then dropped).
struct Listed<'g, G: Game> {
    game: &'g G,
    budget: usize,
    moves: Cell<usize>,
    over: Cell<bool>,
}

impl<G: Game> Rules for Listed<'_, G> {
    type Position = G::Position;

    fn moves(&self, p: &G::Position, out: &mut Vec<G::Position>) {
        if self.over.get() || self.game.move_count(p).is_some_and(|c| c > self.budget as u128) {
            self.over.set(true);
            return;
        }
        let from = out.len();
        self.game.moves(p, out);
        let moves = self.moves.get() + (out.len() - from);
        self.moves.set(moves);
        if moves > self.budget.saturating_mul(8) {
            self.over.set(true);
            out.truncate(from);
        }
    }
}

impl<G: Game> Remoteness<G> {
    /// Returns the values of every position reachable from `start`.
    ///
    /// # Errors
    /// [`OutOfReach`] when more than `budget` positions, or `8 × budget` moves, are
    /// reachable; at once, before any move is listed, when the product of the start's
    /// counts plus one passes `budget` (where moves only lower counts, the
    /// positions below the start), and at a position whose [`Game::move_count`] passes
    /// the budget.
    ///
    /// # Complexity
    /// O(positions + moves) hash operations.
    ///
    /// # Example
    /// ```
    /// use gamecheck::game::Game;
    /// use gamecheck::interactive::{Remoteness, Value};
    /// #[derive(Default)]
    /// struct Take12;
    /// impl Game for Take12 {
    ///     type Position = u64;
    ///     const NAME: &'static str = "take12";
    ///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
    ///         out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
    ///     }
    /// }
    /// let r = Remoteness::build(&Take12, &7, 1000).unwrap();
    /// // 7 → 6 (lost), and the loser's longest line from 6 is 6 → 5 → 3 → 2 → 0: 4 moves.
    /// assert_eq!(r.value(&7), Some(Value::Win(5)));
    /// assert_eq!(r.value(&6), Some(Value::Loss(4)));
    /// assert!(Remoteness::build(&Take12, &5000, 1000).is_err());
    /// ```
    pub fn build(game: &G, start: &G::Position, budget: usize) -> Result<Remoteness<G>, OutOfReach> {
        let out = OutOfReach { budget };
        // Where moves only lower counts, the positions below the start number the
        // product of (count + 1); far past the budget, the search is not begun.
        let below = start
            .counts()
            .iter()
            .try_fold(1u128, |acc, &c| acc.checked_mul(u128::from(c) + 1));
        if below.is_none_or(|b| b > budget as u128) {
            return Err(out);
        }
        let rules = Listed {
            game,
            budget,
            moves: Cell::new(0),
            over: Cell::new(false),
        };
        let table = Retrograde::solve(&rules, start.clone(), budget).map_err(|_| out)?;
        if rules.over.get() {
            return Err(out);
        }
        Ok(Remoteness { table })
    }

    /// Returns the value of `p`, or `None` when it is not reachable from the start.
    pub fn value(&self, p: &G::Position) -> Option<Value> {
        let outcome = self.table.outcome(p)?;
        Some(value(outcome, self.table.remoteness(p).unwrap_or(0)))
    }

    /// Returns each move from `p` with the value of the position it reaches (for the
    /// player then to move), or `None` when `p` is not reachable from the start.
    pub fn options(&self, p: &G::Position) -> Option<Vec<(G::Position, Value)>> {
        Some(
            self.table
                .options(p)?
                .map(|(q, o, r)| (q.clone(), value(o, r)))
                .collect(),
        )
    }

    /// Returns how many positions were ranked.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Returns whether no position was ranked (never: the start is).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

/// Returns the value of an outcome at `remoteness` moves from the end.
fn value(outcome: Outcome, remoteness: u32) -> Value {
    match outcome {
        Outcome::Win => Value::Win(remoteness),
        Outcome::Loss => Value::Loss(remoteness),
        Outcome::Draw => Value::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take 1, 3 or 4; or, with `loop_at`, also from `loop_at` back to `loop_at + 1`.
    struct Take134 {
        loop_at: Option<u64>,
    }
    impl Game for Take134 {
        type Position = u64;
        const NAME: &'static str = "take134";
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend([1, 3, 4].into_iter().filter_map(|m| n.checked_sub(m)));
            if self.loop_at == Some(n) {
                out.push(n + 1);
            }
        }
    }

    /// Smith's remoteness by the definition, recursively over the whole game tree.
    fn by_definition(n: u64) -> Value {
        let options: Vec<Value> = [1, 3, 4]
            .into_iter()
            .filter_map(|m| n.checked_sub(m))
            .map(by_definition)
            .collect();
        let wins: Vec<u32> = options
            .iter()
            .filter_map(|v| match v {
                Value::Loss(r) => Some(r + 1),
                _ => None,
            })
            .collect();
        if let Some(&r) = wins.iter().min() {
            return Value::Win(r);
        }
        let most = options.iter().map(|v| match v {
            Value::Win(r) => r + 1,
            _ => 0,
        });
        Value::Loss(most.max().unwrap_or(0))
    }

    #[test]
    fn remoteness_matches_the_definition() {
        let game = Take134 { loop_at: None };
        let r = Remoteness::build(&game, &30, 1000).unwrap();
        for n in 0..=30 {
            assert_eq!(r.value(&n), Some(by_definition(n)), "n = {n}");
        }
        // Outcomes as the period 7 says: lost exactly at n mod 7 in {0, 2}.
        assert!((0..=30).all(|n| matches!(r.value(&n), Some(Value::Loss(_))) == matches!(n % 7, 0 | 2)));
    }

    #[test]
    fn a_cycle_between_lost_positions_is_a_draw() {
        // Without the loop 7 is lost and 8 won (8 → 7); with 7 → 8 each of them has
        // only won options besides the other, so neither can force a win.
        let game = Take134 { loop_at: Some(7) };
        let r = Remoteness::build(&game, &9, 1000).unwrap();
        // Every value obeys the rules: a win has a lost option, a loss only won options,
        // a draw no lost option and some drawn one.
        for n in 0..=9 {
            let Some(v) = r.value(&n) else { continue };
            let options: Vec<Value> = r.options(&n).unwrap().into_iter().map(|(_, v)| v).collect();
            match v {
                Value::Win(_) => assert!(options.iter().any(|o| matches!(o, Value::Loss(_)))),
                Value::Loss(_) => assert!(options.iter().all(|o| matches!(o, Value::Win(_)))),
                Value::Draw => {
                    assert!(!options.iter().any(|o| matches!(o, Value::Loss(_))));
                    assert!(options.contains(&Value::Draw));
                }
            }
        }
        assert_eq!((r.value(&7), r.value(&8)), (Some(Value::Draw), Some(Value::Draw)));
    }
}
