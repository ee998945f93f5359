//! The solution of classic Chopsticks under a rule set: the outcome of the start, how
//! many positions win, lose and draw, and a line of play that shows the outcome.

use gamecheck_oracles::outcome::Outcome;
use gamecheck_oracles::retrograde::{Counts, Retrograde};
use gamecheck_oracles::rules_oracle::RulesError;
use serde::{Serialize, Serializer};

use super::moves::{ClassicRules, Move};
use super::position::Position;
use super::rules::RuleSet;

/// More than the 225 positions there are.
const BUDGET: usize = 1000;

/// How many positions win, lose and draw for the player to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct OutcomeCounts {
    pub win: usize,
    pub loss: usize,
    pub draw: usize,
}

impl From<Counts> for OutcomeCounts {
    fn from(c: Counts) -> Self {
        OutcomeCounts {
            win: c.win,
            loss: c.loss,
            draw: c.draw,
        }
    }
}

/// The outcome table of a rule set, as `--json` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ClassicTable {
    /// The outcome of the start for the player to move: `"win"`, `"loss"` or `"draw"`.
    #[serde(serialize_with = "outcome_word")]
    pub start: Outcome,
    /// Among the positions reachable from the start, the start included.
    pub reachable: OutcomeCounts,
    /// Among all 225 positions ([`Position::all`]).
    pub all: OutcomeCounts,
}

/// A line of play from the start, both sides playing best moves: the winner hurries, the
/// loser delays, a drawing side stays on a draw.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Witness {
    /// Each move with the position it leads to, from the start.
    pub line: Vec<(Move, Position)>,
    /// For a draw, `Some(i)`: the moves `line[i..]` are a cycle of draws, from the position
    /// before `line[i]` (the start when `i` is 0) back to it, that neither side can leave
    /// for a win.
    pub cycle_from: Option<usize>,
}

/// Everything `prove chopsticks-classic` prints for one rule set.
#[derive(Clone, Debug)]
pub struct Solution {
    pub rules: RuleSet,
    pub table: ClassicTable,
    /// The outcome of every position.
    pub outcomes: Retrograde<Position>,
    /// The start's remoteness: moves to the end with best play; `None` for a draw.
    pub remoteness: Option<u32>,
}

/// Returns the solution of classic Chopsticks under `rules`, by retrograde analysis of all
/// 225 positions.
///
/// # Errors
/// Never in practice: [`RulesError::OutOfReach`] only if the positions outgrew the budget.
///
/// # Complexity
/// O(225 · moves), well under a millisecond.
///
/// # Example
/// ```
/// use gamecheck::chopsticks_classic::{solve, Overflow, RuleSet, Splits};
/// use gamecheck_oracles::outcome::Outcome;
/// // Attacks only, a hand dies at five or more: the second player wins in 8 moves.
/// let s = solve(RuleSet { overflow: Overflow::Cutoff, splits: Splits::None })?;
/// assert_eq!((s.table.start, s.remoteness), (Outcome::Loss, Some(8)));
/// assert_eq!(s.table.all.win + s.table.all.loss + s.table.all.draw, 225);
/// assert_eq!(s.table.all.draw, 0);
/// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
/// ```
pub fn solve(rules: RuleSet) -> Result<Solution, RulesError> {
    let game = ClassicRules(rules);
    let outcomes = Retrograde::solve_from(&game, Position::all(), BUDGET)?;
    let reachable = Retrograde::solve(&game, Position::START, BUDGET)?;
    // Both tables decide the start alike: the reachable part alone decides it.
    let start = outcomes.outcome(&Position::START).unwrap_or(Outcome::Draw);
    Ok(Solution {
        rules,
        table: ClassicTable {
            start,
            reachable: reachable.counts().into(),
            all: outcomes.counts().into(),
        },
        remoteness: outcomes.remoteness(&Position::START),
        outcomes,
    })
}

impl Solution {
    /// Returns the line of best play from the start, at most `max_moves` moves: to the
    /// end for a win or a loss, round the first cycle for a draw.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks_classic::{solve, RuleSet};
    /// let s = solve(RuleSet::default())?;
    /// let w = s.witness(100);
    /// assert_eq!(w.cycle_from.is_some(), s.remoteness.is_none());
    /// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
    /// ```
    pub fn witness(&self, max_moves: usize) -> Witness {
        let game = ClassicRules(self.rules);
        let line = self.outcomes.line(&Position::START, max_moves);
        let moves = line.positions.windows(2).filter_map(|w| {
            let (p, q) = (&w[0], &w[1]);
            game.moves_of(p).into_iter().find(|(_, r)| r == q)
        });
        Witness {
            line: moves.collect(),
            cycle_from: line.cycle_from,
        }
    }
}

fn outcome_word<S: Serializer>(o: &Outcome, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match o {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
        Outcome::Draw => "draw",
    })
}
