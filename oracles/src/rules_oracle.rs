//! A generic oracle: win/loss/draw outcomes and Grundy values of any game given by its moves
//! alone, under normal play (a player with no move loses). A new game gets an independent
//! oracle by implementing [`Rules`], without a hand-written search.
//!
//! The search is depth-first with an explicit stack, so a game as deep as the budget allows
//! never overflows the thread's stack. Win/loss stops at the first move to a lost position;
//! a Grundy value needs every move. Both share one memo: a lost position has Grundy value 0,
//! so a win/loss search leaves exact values behind for its lost positions and only
//! "wins, Grundy value not yet known" for the others.
//!
//! A loopy game (one that can repeat a position) defeats the depth-first search: it meets a
//! position already on its path. [`RulesOracle::outcome`] then falls back to retrograde
//! analysis ([`crate::retrograde`]) of the positions reachable from the one asked, which
//! gives draws too; [`RulesOracle::wins`] and [`RulesOracle::grundy`] keep answering
//! [`RulesError::Cycle`] there.

use rustc_hash::FxHashMap;
use std::hash::Hash;

use thiserror::Error;

use crate::outcome::Outcome;
use crate::retrograde;

/// A game given by its moves alone.
pub trait Rules {
    /// A position, including whose turn it is if that matters to the moves.
    type Position: Clone + Eq + Hash;

    /// Appends every position reachable in one move from `p` to `out`.
    ///
    /// Repeats are allowed. The search tries moves in the order listed, so listing likely
    /// winning moves first shortens win/loss searches.
    fn moves(&self, p: &Self::Position, out: &mut Vec<Self::Position>);
}

/// Why the oracle gives no answer.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesError {
    /// The search would hold more positions than its budget allows.
    #[error("out of reach: the search would hold more than {budget} positions")]
    OutOfReach {
        /// The budget in force, in positions.
        budget: usize,
    },
    /// The search met a position already on its own path: the game can repeat a position,
    /// and this oracle does not define outcomes of loopy games.
    #[error("the game can repeat a position: normal-play outcomes are undefined here")]
    Cycle,
    /// The question would cost more work than its budget allows: moves listed plus
    /// positions stored, counted per question, so the budget bounds both its time and its
    /// memory, the same on every machine.
    #[error(
        "out of reach: the search would list and store more than {budget} moves and positions (its work budget)"
    )]
    OutOfWork {
        /// The work budget in force: moves listed plus positions stored, per question.
        budget: u64,
    },
    /// A position has more moves than the search lists for one position.
    #[error("a position has {moves} moves, more than the {limit} a search lists for one")]
    TooManyMoves {
        /// The moves the position has.
        moves: usize,
        /// The most moves the search lists for one position.
        limit: usize,
    },
}

/// The budget of [`RulesOracle::new`], in positions.
pub const DEFAULT_BUDGET: usize = 10_000_000;

/// The work budget of [`RulesOracle::new`]: moves listed plus positions stored, per
/// question. Unbounded by default, so that a search bounded by positions alone keeps
/// its reach; a caller that needs a bound on time and memory sets one
/// ([`RulesOracle::with_work`]).
pub const DEFAULT_WORK: u64 = u64::MAX;

/// Counts one question's work (moves listed plus positions stored) against a budget.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Work {
    pub(crate) budget: u64,
    pub(crate) spent: u64,
}

impl Work {
    /// Returns a counter of `budget` with nothing spent.
    pub(crate) fn new(budget: u64) -> Work {
        Work { budget, spent: 0 }
    }

    /// Spends `n` units; [`RulesError::OutOfWork`] once more than the budget is spent.
    pub(crate) fn spend(&mut self, n: usize) -> Result<(), RulesError> {
        self.spent = self.spent.saturating_add(n as u64);
        if self.spent > self.budget {
            Err(RulesError::OutOfWork { budget: self.budget })
        } else {
            Ok(())
        }
    }
}

// Memo values at or above `ON_PATH_WIN` are markers; below it, exact Grundy values. A Grundy
// value never exceeds a position's number of moves, which fits in memory, so they never clash.
/// Wins, Grundy value not yet known.
const WIN: u64 = u64::MAX;
/// On the search path, outcome unknown.
const ON_PATH: u64 = u64::MAX - 1;
/// On the search path of a Grundy search, already known to win.
const ON_PATH_WIN: u64 = u64::MAX - 2;

/// One position being searched. Its unexamined moves are the tail of the search's shared
/// move stack from `moves_from` on (only the top frame ever pops moves, so tails nest),
/// and the Grundy values of its examined moves are the tail of the value stack.
struct Frame<P> {
    pos: P,
    moves_from: usize,
    values_from: usize,
}

/// Memoized win/loss and Grundy values of a game under normal play. Owns the rules and the
/// memo; answers share the memo, so later queries reuse earlier work.
pub struct RulesOracle<R: Rules> {
    rules: R,
    budget: usize,
    /// The most moves listed for one position.
    max_moves: usize,
    /// The current question's work, against the work budget.
    work: Work,
    memo: FxHashMap<R::Position, u64>,
    /// Outcomes found by retrograde analysis: kept apart from `memo`, whose values claim
    /// exact Grundy values for losses, which a loopy game's losses need not have.
    loopy: FxHashMap<R::Position, Outcome>,
}

impl<R: Rules> RulesOracle<R> {
    /// Returns an oracle for `rules` with an empty memo and a budget of
    /// [`DEFAULT_BUDGET`] positions.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::rules_oracle::{DEFAULT_BUDGET, Rules, RulesOracle};
    /// struct NoMoves;
    /// impl Rules for NoMoves {
    ///     type Position = ();
    ///     fn moves(&self, _: &(), _: &mut Vec<()>) {}
    /// }
    /// let o = RulesOracle::new(NoMoves);
    /// assert_eq!((o.visited(), o.budget()), (0, DEFAULT_BUDGET));
    /// ```
    pub fn new(rules: R) -> Self {
        Self::with_budget(rules, DEFAULT_BUDGET)
    }

    /// Returns an oracle for `rules` that holds at most `max_positions` positions at once:
    /// memoized ones, plus the moves still to examine of the positions on its search path.
    /// A query that would hold more returns [`RulesError::OutOfReach`] instead.
    ///
    /// The budget counts positions, not bytes: a position that owns heap memory (a `Vec`
    /// of piles) costs more. One call to [`Rules::moves`] may overshoot it by the moves of
    /// one position before the oracle notices.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::rules_oracle::{Rules, RulesError, RulesOracle};
    /// struct Countdown;
    /// impl Rules for Countdown {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
    ///         out.extend(n.checked_sub(1));
    ///     }
    /// }
    /// let mut o = RulesOracle::with_budget(Countdown, 100);
    /// assert_eq!(o.wins(&7), Ok(true));
    /// assert_eq!(o.wins(&1000), Err(RulesError::OutOfReach { budget: 100 }));
    /// ```
    pub fn with_budget(rules: R, max_positions: usize) -> Self {
        RulesOracle {
            rules,
            budget: max_positions,
            max_moves: usize::MAX,
            work: Work::new(DEFAULT_WORK),
            memo: FxHashMap::default(),
            loopy: FxHashMap::default(),
        }
    }

    /// Returns the oracle that answers [`RulesError::TooManyMoves`] for a position with
    /// more than `limit` moves, rather than searching them: a game whose positions have
    /// millions of moves would otherwise be listed and searched in full at every step.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::rules_oracle::{Rules, RulesError, RulesOracle};
    /// struct Wide;
    /// impl Rules for Wide {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
    ///         out.extend(std::iter::repeat_n(n.saturating_sub(1), if n > 0 { 50 } else { 0 }));
    ///     }
    /// }
    /// let mut o = RulesOracle::new(Wide).with_max_moves(10);
    /// assert_eq!(o.wins(&0), Ok(false));
    /// assert_eq!(o.wins(&3), Err(RulesError::TooManyMoves { moves: 50, limit: 10 }));
    /// ```
    pub fn with_max_moves(self, limit: usize) -> Self {
        RulesOracle {
            max_moves: limit,
            ..self
        }
    }

    /// Returns the oracle that answers [`RulesError::OutOfWork`] for a question that would
    /// list and store more than `limit` moves and positions: a bound on its time and on
    /// its memory (every move held was listed) that is the same on every machine, where a
    /// budget in positions alone lets a game with many moves a position hold them all.
    ///
    /// # Example
    /// Nim on one pile of n lists n moves: its Grundy value lists about n²/2.
    /// ```
    /// use gamecheck_oracles::rules_oracle::{Rules, RulesError, RulesOracle};
    /// struct Pile;
    /// impl Rules for Pile {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
    ///         out.extend(0..n);
    ///     }
    /// }
    /// let mut o = RulesOracle::new(Pile).with_work(10_000);
    /// assert_eq!(o.grundy(&100), Ok(100));
    /// assert_eq!(o.grundy(&1000), Err(RulesError::OutOfWork { budget: 10_000 }));
    /// assert_eq!(o.work_budget(), 10_000);
    /// ```
    pub fn with_work(self, limit: u64) -> Self {
        RulesOracle {
            work: Work::new(limit),
            ..self
        }
    }

    /// Returns the work budget of each question (see [`RulesOracle::with_work`]).
    pub fn work_budget(&self) -> u64 {
        self.work.budget
    }

    /// Returns the rules the oracle searches.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::rules_oracle::{Rules, RulesOracle};
    /// struct Take(u32);
    /// impl Rules for Take {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
    ///         out.extend((1..=self.0.min(n)).map(|t| n - t));
    ///     }
    /// }
    /// assert_eq!(RulesOracle::new(Take(3)).rules().0, 3);
    /// ```
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Returns the budget in positions (see [`RulesOracle::with_budget`]).
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::rules_oracle::{Rules, RulesOracle};
    /// struct NoMoves;
    /// impl Rules for NoMoves {
    ///     type Position = ();
    ///     fn moves(&self, _: &(), _: &mut Vec<()>) {}
    /// }
    /// assert_eq!(RulesOracle::with_budget(NoMoves, 5).budget(), 5);
    /// ```
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// Returns the number of positions in the memo: those solved so far, for their outcome
    /// or for their Grundy value.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::rules_oracle::{Rules, RulesOracle};
    /// struct Countdown;
    /// impl Rules for Countdown {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
    ///         out.extend(n.checked_sub(1));
    ///     }
    /// }
    /// let mut o = RulesOracle::new(Countdown);
    /// assert_eq!(o.wins(&4), Ok(false));
    /// assert_eq!(o.visited(), 5); // 4, 3, 2, 1, 0
    /// ```
    pub fn visited(&self) -> usize {
        self.memo.len() + self.loopy.len()
    }

    /// Returns whether the player to move at `p` wins with best play, under normal play.
    ///
    /// # Constraints
    /// The positions the search holds must fit in the budget, otherwise
    /// [`RulesError::OutOfReach`]; the search must not meet a position already on its path,
    /// otherwise [`RulesError::Cycle`]. After an error the memo keeps every position solved
    /// so far, and the oracle stays usable. An answer is always correct, even for a game
    /// with cycles elsewhere: it rests only on positions whose search met none.
    ///
    /// # Complexity
    /// O(Σ moves of the positions searched) hash operations, each position once; the search
    /// stops at the first move to a lost position. O(1) for a memoized position.
    ///
    /// # Example
    /// The subtraction game {1, 3, 4}: take 1, 3 or 4 stones from one pile. The player to
    /// move loses exactly when n mod 7 is 0 or 2.
    /// ```
    /// use gamecheck_oracles::rules_oracle::{Rules, RulesOracle};
    /// struct Subtraction(Vec<u64>);
    /// impl Rules for Subtraction {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
    ///         out.extend(self.0.iter().filter_map(|&s| n.checked_sub(s)));
    ///     }
    /// }
    /// let mut o = RulesOracle::new(Subtraction(vec![1, 3, 4]));
    /// for n in 0..100 {
    ///     assert_eq!(o.wins(&n), Ok(n % 7 != 0 && n % 7 != 2));
    /// }
    /// assert_eq!(o.winning_moves(&10), Ok(vec![9, 7])); // to 9 ≡ 2 and 7 ≡ 0
    /// assert_eq!(o.grundy(&5), Ok(3));
    /// ```
    pub fn wins(&mut self, p: &R::Position) -> Result<bool, RulesError> {
        if let Some(&v) = self.memo.get(p) {
            return Ok(v != 0);
        }
        self.work.spent = 0;
        self.solve(p, false, 0).map(|v| v != 0)
    }

    /// Returns the outcome of `p` for the player to move with best play, under normal play:
    /// [`Outcome::Draw`] when neither player can force a win, which only a loopy game has.
    ///
    /// It searches depth first as [`RulesOracle::wins`] does; if that search meets a cycle,
    /// it solves every position reachable from `p` by retrograde analysis instead, stopping
    /// at positions already solved.
    ///
    /// # Constraints
    /// The positions held, memo included, must fit in the budget, otherwise
    /// [`RulesError::OutOfReach`]; for a loopy game that is every position reachable from
    /// `p` and not yet solved. Never [`RulesError::Cycle`].
    ///
    /// # Complexity
    /// As for [`RulesOracle::wins`] when no cycle is met; otherwise O(V + E) hash
    /// operations more, V positions and E moves reachable and not yet solved.
    ///
    /// # Example
    /// A token on the cycle 0 → 1 → 2 → 0 with exits 1 → 3 and 3 → 4 (4 has no move): 3 wins,
    /// so 1 must stay on the cycle, and 0, 1, 2 draw.
    /// ```
    /// use gamecheck_oracles::outcome::Outcome;
    /// use gamecheck_oracles::rules_oracle::{Rules, RulesError, RulesOracle};
    /// struct Graph(Vec<Vec<usize>>);
    /// impl Rules for Graph {
    ///     type Position = usize;
    ///     fn moves(&self, &v: &usize, out: &mut Vec<usize>) {
    ///         out.extend(&self.0[v]);
    ///     }
    /// }
    /// let mut o = RulesOracle::new(Graph(vec![vec![1], vec![3, 2], vec![0], vec![4], vec![]]));
    /// assert_eq!(o.wins(&0), Err(RulesError::Cycle));
    /// assert_eq!(o.outcome(&0), Ok(Outcome::Draw));
    /// assert_eq!(o.outcome(&3), Ok(Outcome::Win));
    /// assert_eq!(o.grundy(&2), Err(RulesError::Cycle));
    /// ```
    pub fn outcome(&mut self, p: &R::Position) -> Result<Outcome, RulesError> {
        if let Some(&v) = self.memo.get(p) {
            return Ok(Outcome::of(v != 0));
        }
        if let Some(&o) = self.loopy.get(p) {
            return Ok(o);
        }
        self.work.spent = 0;
        match self.solve(p, false, 0) {
            Ok(v) => Ok(Outcome::of(v != 0)),
            Err(RulesError::Cycle) => self.retrograde(p),
            Err(e) => Err(e),
        }
    }

    /// Solves every position reachable from `p` and not yet solved by retrograde analysis,
    /// keeps their outcomes and returns `p`'s.
    fn retrograde(&mut self, p: &R::Position) -> Result<Outcome, RulesError> {
        let (memo, loopy) = (&self.memo, &self.loopy);
        let held = memo.len().saturating_add(loopy.len());
        let known = |q: &R::Position| match memo.get(q) {
            Some(&v) => Some(Outcome::of(v != 0)),
            None => loopy.get(q).copied(),
        };
        let room = self.budget.saturating_sub(held);
        let table = retrograde::analyze(&self.rules, [p.clone()], room, &mut self.work, known).map_err(
            |e| match e {
                RulesError::OutOfWork { .. } => e,
                _ => RulesError::OutOfReach { budget: self.budget },
            },
        )?;
        let mut answer = Outcome::Draw;
        for (q, o) in table.iter() {
            if q == p {
                answer = o;
            }
            if !self.memo.contains_key(q) {
                self.loopy.insert(q.clone(), o);
            }
        }
        Ok(answer)
    }

    /// Returns the Grundy value of `p`: the least value not among the Grundy values of its
    /// moves (0 for a position without moves). Zero exactly when the player to move loses.
    ///
    /// # Constraints
    /// As for [`RulesOracle::wins`].
    ///
    /// # Complexity
    /// O(Σ m log m) over the positions searched, m being each one's number of moves: every
    /// move of every reachable position is examined.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::rules_oracle::{Rules, RulesOracle};
    /// // Nim on one pile: take any positive number of stones. The Grundy value is the pile.
    /// struct Pile;
    /// impl Rules for Pile {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
    ///         out.extend(0..n);
    ///     }
    /// }
    /// let mut o = RulesOracle::new(Pile);
    /// assert_eq!(o.grundy(&9), Ok(9));
    /// assert_eq!(o.grundy(&0), Ok(0));
    /// ```
    pub fn grundy(&mut self, p: &R::Position) -> Result<u64, RulesError> {
        match self.memo.get(p) {
            Some(&v) if v < ON_PATH_WIN => Ok(v),
            _ => {
                self.work.spent = 0;
                self.solve(p, true, 0)
            }
        }
    }

    /// Returns the moves from `p` to positions the player to move there loses: the winning
    /// moves, distinct, in the order [`Rules::moves`] first lists them. Empty exactly when
    /// `p` is lost.
    ///
    /// # Constraints
    /// As for [`RulesOracle::wins`]; the moves of `p` count against the budget while their
    /// outcomes are searched.
    ///
    /// # Complexity
    /// As for [`RulesOracle::wins`] on every move of `p`.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::rules_oracle::{Rules, RulesOracle};
    /// // Take 1 or 2 stones: the winning move leaves a multiple of 3.
    /// struct Take12;
    /// impl Rules for Take12 {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
    ///         out.extend([1, 2].iter().filter_map(|&t| n.checked_sub(t)));
    ///     }
    /// }
    /// let mut o = RulesOracle::new(Take12);
    /// assert_eq!(o.winning_moves(&8), Ok(vec![6]));
    /// assert_eq!(o.winning_moves(&9), Ok(vec![]));
    /// ```
    pub fn winning_moves(&mut self, p: &R::Position) -> Result<Vec<R::Position>, RulesError> {
        let mut moves = Vec::new();
        self.rules.moves(p, &mut moves);
        self.work = Work::new(self.work.budget);
        self.work.spend(moves.len())?;
        if moves.len() > self.max_moves {
            return Err(RulesError::TooManyMoves {
                moves: moves.len(),
                limit: self.max_moves,
            });
        }
        if self.memo.len().saturating_add(moves.len()) > self.budget {
            return Err(RulesError::OutOfReach { budget: self.budget });
        }
        let mut winning: Vec<R::Position> = Vec::new();
        for q in &moves {
            let lost = match self.memo.get(q) {
                Some(&v) => v == 0,
                None => self.solve(q, false, moves.len())? == 0,
            };
            // Linear dedup: winning moves are few, and positions need not be ordered.
            if lost && !winning.contains(q) {
                winning.push(q.clone());
            }
        }
        Ok(winning)
    }

    /// Searches from `root`, which is not solved as asked (absent, or only known to win when
    /// `grundy`). Returns its memo value: an exact Grundy value when `grundy`, else 0 for a
    /// loss and possibly `WIN` for a win. `extra` positions are held by the caller.
    fn solve(&mut self, root: &R::Position, grundy: bool, extra: usize) -> Result<u64, RulesError> {
        let mut stack: Vec<Frame<R::Position>> = Vec::new();
        let mut moves: Vec<R::Position> = Vec::new();
        let mut values: Vec<u64> = Vec::new();
        let result = self.search(root, grundy, extra, &mut stack, &mut moves, &mut values);
        if result.is_err() {
            self.unwind(&stack);
        }
        result
    }

    /// The loop of [`RulesOracle::solve`]. On an error, `stack` holds the path it left.
    fn search(
        &mut self,
        root: &R::Position,
        grundy: bool,
        extra: usize,
        stack: &mut Vec<Frame<R::Position>>,
        moves: &mut Vec<R::Position>,
        values: &mut Vec<u64>,
    ) -> Result<u64, RulesError> {
        self.enter(root.clone(), stack, moves, 0, extra)?;
        let mut last = 0;
        while let Some(top) = stack.last() {
            let (moves_from, values_from) = (top.moves_from, top.values_from);
            let next = if moves.len() > moves_from {
                moves.pop()
            } else {
                None
            };
            // The top frame's result, once it is solved.
            let mut solved = match next {
                Some(q) => match self.memo.get(&q).copied() {
                    Some(ON_PATH | ON_PATH_WIN) => return Err(RulesError::Cycle),
                    Some(v) if !grundy || v != WIN => feed(v, grundy, values),
                    // Unsolved, or a Grundy search needs the exact value of a known win.
                    _ => {
                        self.enter(q, stack, moves, values.len(), extra)?;
                        None
                    }
                },
                None if grundy => Some(mex(&mut values[values_from..])),
                None => Some(0),
            };
            while let Some(v) = solved {
                solved = None;
                if let Some(frame) = stack.pop() {
                    moves.truncate(frame.moves_from);
                    values.truncate(frame.values_from);
                    self.memo.insert(frame.pos, v);
                    last = v;
                    if !stack.is_empty() {
                        solved = feed(v, grundy, values);
                    }
                }
            }
        }
        Ok(last)
    }

    /// Marks `p` as on the path, lists its moves onto `moves` and pushes its frame.
    fn enter(
        &mut self,
        p: R::Position,
        stack: &mut Vec<Frame<R::Position>>,
        moves: &mut Vec<R::Position>,
        values_from: usize,
        extra: usize,
    ) -> Result<(), RulesError> {
        // Only a known win is re-entered, by a Grundy search.
        self.memo
            .entry(p.clone())
            .and_modify(|v| *v = ON_PATH_WIN)
            .or_insert(ON_PATH);
        let moves_from = moves.len();
        self.rules.moves(&p, moves);
        stack.push(Frame {
            pos: p,
            moves_from,
            values_from,
        });
        // Pop in the order the rules list the moves: they may list likely winners first.
        moves[moves_from..].reverse();
        let listed = moves.len() - moves_from;
        // The position stored and its moves listed: the unit of a question's work.
        self.work.spend(1 + listed)?;
        if listed > self.max_moves {
            return Err(RulesError::TooManyMoves {
                moves: listed,
                limit: self.max_moves,
            });
        }
        // One check after listing suffices: entering a position pops the move that led to
        // it, so the count only grows here. An overshoot is unwound by the caller.
        let held = self.memo.len().saturating_add(moves.len()).saturating_add(extra);
        if held > self.budget {
            return Err(RulesError::OutOfReach { budget: self.budget });
        }
        Ok(())
    }

    /// Takes the frames of a failed search off the path, restoring what was known before.
    fn unwind(&mut self, stack: &[Frame<R::Position>]) {
        for frame in stack {
            match self.memo.get(&frame.pos).copied() {
                Some(ON_PATH) => {
                    self.memo.remove(&frame.pos);
                }
                Some(ON_PATH_WIN) => {
                    self.memo.insert(frame.pos.clone(), WIN);
                }
                _ => {}
            }
        }
    }
}

/// Takes in `v`, the memo value of one move of the top frame. Returns the top frame's
/// result when that settles it: a win/loss search stops at the first lost move, a Grundy
/// search waits for every move.
fn feed(v: u64, grundy: bool, values: &mut Vec<u64>) -> Option<u64> {
    if grundy {
        values.push(v);
        None
    } else if v == 0 {
        Some(WIN)
    } else {
        None
    }
}

/// Returns the least value not in `values`, reordering them.
fn mex(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    let mut m = 0;
    for &v in values.iter() {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}
