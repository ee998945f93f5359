//! The partizan door: a game gives Left's moves and Right's moves, and its values,
//! outcome classes, means and temperatures follow.

use std::fmt::Debug;
use std::hash::Hash;

use super::value::FastMap;
use super::{OutcomeClass, Value};
use crate::budget::{Budget, Exhausted, Meter};
use crate::game_trait::Game;

/// How many positions [`Values`] remembers before it gives up on a question: the memory
/// budget of one value's search (a few hundred bytes a position).
pub const VALUE_BUDGET: usize = 4_000_000;

/// A search of a game's values that ran out of its budget: which budget, and what its
/// meter said. Typed until the output edge, so that an engine tells a spent budget (the
/// case is unjudged) from a wrong answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{search}: {why}")]
#[non_exhaustive]
pub struct Stopped {
    /// The budget it ran out of.
    pub budget: crate::problem::Budget,
    /// The search that stopped: `the value search`, `the definition of >=`.
    pub search: &'static str,
    /// What ran out, in words.
    pub why: String,
}

/// A partizan game: its positions, Left's moves and Right's moves.
///
/// Required: [`Partizan::Position`], [`Partizan::NAME`], [`Partizan::left_moves`] and
/// [`Partizan::right_moves`]. The value defaults to the canonical form built from the
/// moves; a game overrides [`Partizan::value`] for speed or for a closed form, and the
/// checks judge the override against the definition.
///
/// # Example
/// ```
/// use gamecheck::partizan::{Partizan, Values, Value};
///
/// /// Cutcake on a strip of `n` squares: only Left can cut it.
/// struct Strip;
/// impl Partizan for Strip {
///     type Position = u32;
///     const NAME: &'static str = "strip";
///     fn left_moves(&self, &n: &u32, out: &mut Vec<u32>) {
///         // A cut leaves two strips; as one position, their sum is n - 1 squares' worth.
///         if n > 1 { out.push(n - 1) }
///     }
///     fn right_moves(&self, _: &u32, _: &mut Vec<u32>) {}
/// }
/// let mut values = Values::new(Strip);
/// assert_eq!(values.of(&4), Ok(Value::integer(3)));
/// ```
pub trait Partizan: Send + Sync + Sized + 'static {
    /// A position (whose turn is not part of it: either player may move).
    type Position: Clone + Eq + Hash + Debug + Send + Sync + 'static;

    /// The game's name on the command line and in reports.
    const NAME: &'static str;

    /// Appends every position Left reaches in one move from `p` to `out`.
    fn left_moves(&self, p: &Self::Position, out: &mut Vec<Self::Position>);

    /// Appends every position Right reaches in one move from `p` to `out`.
    fn right_moves(&self, p: &Self::Position, out: &mut Vec<Self::Position>);

    /// Returns the components of `p` when it is a disjunctive sum (the regions of a
    /// Domineering board); its value is then their values' sum. Default: `p` is one
    /// component. A component's components must be itself.
    fn components(&self, p: &Self::Position) -> Vec<Self::Position> {
        vec![p.clone()]
    }

    /// Returns a position whose value is the negative of `p`'s, when the game knows one
    /// (the board turned so that Left's moves are Right's), for the search to answer `p`
    /// from it. Default: `None`. The checks judge the values it leads to against the
    /// definition.
    fn negative(&self, _p: &Self::Position) -> Option<Self::Position> {
        None
    }

    /// Returns the value of `p`. Default: the canonical form built from the moves, by
    /// `values`.
    ///
    /// # Errors
    /// More positions than the search's budget.
    fn value(&self, p: &Self::Position, values: &mut Values<Self>) -> Result<Value, Stopped> {
        values.of(p)
    }

    /// Returns the outcome class of `p`. Default: from [`Partizan::value`].
    ///
    /// # Errors
    /// As for [`Partizan::value`].
    fn outcome(&self, p: &Self::Position, values: &mut Values<Self>) -> Result<OutcomeClass, Stopped> {
        Ok(self.value(p, values)?.outcome())
    }
}

/// The values of a game's positions, built from the moves and remembered.
pub struct Values<G: Partizan> {
    game: G,
    memo: FastMap<G::Position, Value>,
    budget: usize,
    /// The time and memory one question ([`Values::of`] from outside) may spend.
    limits: Budget,
    /// The meter of the question being answered, started when it is asked.
    meter: Option<Meter>,
    /// Whether the limits are for every question together ([`Values::in_one_run`]): the
    /// meter is started at the first question only.
    one_run: bool,
    /// How many positions the memo held when the question being answered was asked: a
    /// question's budget counts the positions it adds.
    known_before: usize,
    /// How many questions were asked from outside.
    asked: usize,
    /// How deep [`Values::of`] is in its own recursion: 0 outside.
    depth: usize,
    /// The components on the way from the question's position to the one being valued,
    /// searched for a repeat when the depth passes [`MAX_DEPTH`].
    path: Vec<G::Position>,
}

/// Every how many questions the arena's memos are measured, and dropped when past their
/// bound (the first question included).
const TRIM_EVERY: usize = 64;

/// How many questions' budgets of positions the memo keeps between questions before it is
/// dropped.
const KEPT_QUESTIONS: usize = 4;

/// The bytes a remembered position is counted at against the memory budget, beside its
/// own size: the memo's entry and its share of the table.
const ENTRY_BYTES: u64 = 64;

/// How many moves deep a value search goes before it stops, naming this depth: the
/// search recurses, and its stack (not the game) bounds it. Every built-in family is
/// far shallower (Toads and Frogs on 40 squares at most 800 moves).
pub const MAX_DEPTH: usize = 1000;

/// How many positions are valued between two readings of the meter.
const METER_EVERY: usize = 256;

impl<G: Partizan> Values<G> {
    /// Returns an empty memo of `game`'s values, within 4,000,000 positions (`VALUE_BUDGET`).
    pub fn new(game: G) -> Values<G> {
        Values::with_budget(game, VALUE_BUDGET)
    }

    /// Returns an empty memo that remembers at most `budget` positions.
    pub fn with_budget(game: G, budget: usize) -> Values<G> {
        Values {
            game,
            memo: FastMap::default(),
            budget,
            limits: Budget::default(),
            meter: None,
            one_run: false,
            known_before: 0,
            asked: 0,
            depth: 0,
            path: Vec::new(),
        }
    }

    /// Returns the memo whose questions each stop when they spend more CPU time, or would
    /// hold more memory, than `limits` (`--time-budget`, `--memory-budget`), naming the
    /// budget.
    pub fn with_limits(self, limits: Budget) -> Values<G> {
        Values { limits, ..self }
    }

    /// Returns the memo whose limits bound all its questions together, from the first
    /// asked: a census asks a million small questions, and starting a meter for each (a
    /// read of the process's CPU clock) cost more than many of the answers.
    pub fn in_one_run(self) -> Values<G> {
        Values {
            one_run: true,
            ..self
        }
    }

    /// Returns the time and memory a question may spend.
    pub fn limits(&self) -> Budget {
        self.limits
    }

    /// Returns the game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Returns the canonical form of `p` from the moves: the sum of its components',
    /// each `{values of Left's moves | values of Right's moves}` simplified.
    ///
    /// # Errors
    /// More positions than the budget.
    ///
    /// # Complexity
    /// Every position reachable from `p` once, with a canonical simplification each.
    pub fn of(&mut self, p: &G::Position) -> Result<Value, Stopped> {
        if self.depth == 0 {
            if !(self.one_run && self.meter.is_some()) {
                self.meter = Some(self.limits.start());
            }
            // Between questions: the memo of a long run (`solve` on many positions,
            // `check`) is kept, since the rows of one run share most of their positions,
            // and dropped past KEPT_QUESTIONS budgets' worth, so that the memory stays
            // bounded.
            if self.memo.len() >= self.budget.saturating_mul(KEPT_QUESTIONS) {
                self.memo = FastMap::default();
            }
            self.known_before = self.memo.len();
            // Reading the arena's size takes its lock: a census asks a million questions.
            if self.asked.is_multiple_of(TRIM_EVERY) {
                super::value::trim_arena();
            }
            self.asked = self.asked.wrapping_add(1);
            self.path.clear();
        }
        if self.depth >= MAX_DEPTH {
            return Err(self.too_deep(p));
        }
        self.depth += 1;
        let value = self.sum_of_components(p);
        self.depth -= 1;
        value
    }

    /// Returns why the search stopped at `p`, [`MAX_DEPTH`] moves deep: a cycle when a
    /// position repeats on the path (the game is loopy, and a loopy game has no canonical
    /// form), else the depth.
    fn too_deep(&self, p: &G::Position) -> Stopped {
        let repeat = self
            .path
            .iter()
            .position(|q| q == p)
            .or_else(|| (0..self.path.len()).find(|&i| self.path[i + 1..].contains(&self.path[i])));
        match repeat {
            Some(i) => Stopped {
                budget: crate::problem::Budget::Cycle,
                search: "the value search",
                why: format!(
                    "the game repeats the position {:?}: a loopy game has no canonical form",
                    self.path[i]
                ),
            },
            None => Stopped {
                budget: crate::problem::Budget::Depth {
                    limit: MAX_DEPTH as u64,
                },
                search: "the value search",
                why: format!("more than {MAX_DEPTH} moves deep, its depth limit"),
            },
        }
    }

    fn sum_of_components(&mut self, p: &G::Position) -> Result<Value, Stopped> {
        // A position met again is answered before it is split: splitting costs more than
        // a lookup (Toads and Frogs looks for its stuck pieces), and most moves lead to
        // positions already valued.
        if let Some(&v) = self.memo.get(p) {
            return Ok(v);
        }
        let parts = self.game.components(p);
        if let [part] = parts.as_slice()
            && part == p
        {
            return self.unknown_component(p);
        }
        let mut total = Value::ZERO;
        for part in &parts {
            total = total + self.component(part)?;
        }
        self.memo.insert(p.clone(), total);
        Ok(total)
    }

    fn component(&mut self, p: &G::Position) -> Result<Value, Stopped> {
        if let Some(&v) = self.memo.get(p) {
            return Ok(v);
        }
        self.unknown_component(p)
    }

    /// Returns the value of the component `p`, not in the memo, and remembers it.
    fn unknown_component(&mut self, p: &G::Position) -> Result<Value, Stopped> {
        if self.memo.len() - self.known_before >= self.budget {
            return Err(Stopped {
                budget: crate::problem::Budget::Positions {
                    limit: self.budget as u64,
                },
                search: "the value search",
                why: format!("more than {} positions, its memory budget", self.budget),
            });
        }
        if self.memo.len().is_multiple_of(METER_EVERY)
            && let Some(meter) = &self.meter
        {
            let entry = std::mem::size_of::<G::Position>() as u64 + ENTRY_BYTES;
            if let Err(e) = meter.check((self.memo.len() as u64).saturating_mul(entry)) {
                let budget = match e {
                    Exhausted::Time { limit } => crate::problem::Budget::Time {
                        seconds: limit.as_secs(),
                    },
                    _ => crate::problem::Budget::Memory {
                        mib: self.limits.memory >> 20,
                    },
                };
                return Err(Stopped {
                    budget,
                    search: "the value search",
                    why: e.to_string(),
                });
            }
        }
        if let Some(q) = self.game.negative(p)
            && let Some(&v) = self.memo.get(&q)
        {
            let v = -v;
            self.memo.insert(p.clone(), v);
            return Ok(v);
        }
        self.path.push(p.clone());
        let options = self.options_of(p);
        self.path.pop();
        let (left, right) = options?;
        let v = Value::new(&left, &right);
        self.memo.insert(p.clone(), v);
        Ok(v)
    }
}

impl<G: Partizan> Values<G> {
    /// Returns the values of Left's and of Right's moves from `p`.
    fn options_of(&mut self, p: &G::Position) -> Result<(Vec<Value>, Vec<Value>), Stopped> {
        let mut moves = Vec::new();
        self.game.left_moves(p, &mut moves);
        let left = moves.iter().map(|q| self.of(q)).collect::<Result<Vec<_>, _>>()?;
        moves.clear();
        self.game.right_moves(p, &mut moves);
        let right = moves.iter().map(|q| self.of(q)).collect::<Result<Vec<_>, _>>()?;
        Ok((left, right))
    }
}

/// An impartial game as a partizan one: both players have its moves, so every value is
/// a nimber, the Grundy value's.
///
/// # Example
/// ```
/// use gamecheck::game::Game;
/// use gamecheck::partizan::{Impartial, Value, Values};
/// #[derive(Default)]
/// struct Take12;
/// impl Game for Take12 {
///     type Position = u64;
///     const NAME: &'static str = "take12";
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
///     }
/// }
/// let mut values = Values::new(Impartial(Take12));
/// assert_eq!(values.of(&5), Ok(Value::nimber(2)));
/// ```
pub struct Impartial<G: Game>(pub G);

impl<G: Game> Partizan for Impartial<G> {
    type Position = G::Position;
    const NAME: &'static str = G::NAME;

    fn left_moves(&self, p: &G::Position, out: &mut Vec<G::Position>) {
        self.0.moves(p, out);
    }

    fn right_moves(&self, p: &G::Position, out: &mut Vec<G::Position>) {
        self.0.moves(p, out);
    }

    fn components(&self, p: &G::Position) -> Vec<G::Position> {
        self.0.components(p)
    }
}
