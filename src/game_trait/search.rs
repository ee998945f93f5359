//! The memoized search of a game's moves that its default fast paths use, and the
//! adapters that let the oracles of `gamecheck-oracles` search a [`Game`].

use std::sync::Arc;

use gamecheck_oracles::component_grundy::{ComponentGrundy, Components};
use gamecheck_oracles::misere::Misere;
use gamecheck_oracles::rules_oracle::{Rules, RulesError, RulesOracle};

use super::{Answer, Game, MOVES_LISTED, Outcome, Play, Question, Unanswered};
use crate::problem::Budget;

/// A game's moves as the oracles' [`Rules`].
pub(crate) struct ByMoves<G>(pub(crate) Arc<G>);

impl<G: Game> Rules for ByMoves<G> {
    type Position = G::Position;
    fn moves(&self, p: &G::Position, out: &mut Vec<G::Position>) {
        self.0.moves(p, out);
    }
}

impl<G: Game> Components for ByMoves<G> {
    fn components(&self, p: &G::Position) -> Vec<G::Position> {
        self.0.components(p)
    }
}

/// The positions a search holds at most, by default.
pub(crate) const SEARCH_BUDGET: usize = 4_000_000;

/// The work one question of a search may cost, by default: moves listed plus positions
/// stored (and, for a sum, components held). Counted, never timed, so an input is
/// judged or left unjudged alike on every machine; every move held was listed, so it
/// bounds memory where the positions alone do not (a game whose positions list
/// thousands of moves each held them all on the search's path). Four times the
/// positions, so a search that fills its budget of positions listing a few moves each
/// still fits; at the 100 bytes a listed `Vec` position costs at most, 1.7 GB, within a
/// 4 GB address space with the memo beside it.
pub(crate) const SEARCH_WORK: u64 = 1 << 24;

/// The most moves a search lists for one position ([`MOVES_LISTED`]): a position with more
/// is left unjudged, named by that budget, rather than searched move by move.
pub(crate) const LISTED: usize = MOVES_LISTED as usize;

/// The memory a memo keeps between questions, about (its positions times
/// [`position_bytes`]): past it, it is emptied once the question that filled it is
/// answered. A run of questions about different positions (a stress run's inputs, each
/// its own set of moves) otherwise kept every position it ever searched, up to the
/// budget of positions: 1.3 GB of gamecheck's own on CSES 1729's 200 inputs. One
/// question may still hold what it needs, within its budgets of positions and work.
pub(crate) const MEMO_KEPT_BYTES: usize = 256 << 20;

/// Returns the bytes a memo spends on a position of `len` counts, about: the counts (a
/// list's own allocation) and the entry, its hash and the list's header.
pub(crate) fn position_bytes(len: usize) -> usize {
    8 * len + 72
}

/// The most positions remembered as beyond a search's budget on their own.
const BEYOND_KEPT: usize = 256;

/// A memoized search whose memory is bounded by its budget, not by the questions asked: a
/// question the budget of positions stops on a memo that earlier questions filled (a
/// sixteenth of the budget or more) is asked again on an empty one, so what they left
/// behind never leaves it unjudged, and it is left unjudged only if it needs nearly all the
/// budget on its own. The memo is recycled: kept while questions fit, and kept after a
/// question another budget stops (the oracles take a stopped search off its path, and
/// every value they hold is exact), emptied only when the positions fill it. So a run of
/// questions about one game pays for each position once, not once a failure.
///
/// A question beyond the budget on an empty memo costs the whole budget, so the search
/// remembers such positions, and a later position whose counts are all at least one of
/// theirs (of as many counts) is not searched: it is left unjudged at once. That guess can
/// only leave a position unjudged, never answer it.
pub(crate) struct Recycled<O> {
    oracle: O,
    fresh: Box<dyn Fn() -> O + Send + Sync>,
    /// The positions the memo holds.
    held: fn(&O) -> usize,
    /// Positions' counts beyond the budget on an empty memo (or with too many moves),
    /// and why.
    beyond: Vec<(Vec<u64>, RulesError)>,
    budget: usize,
}

impl<O> Recycled<O> {
    pub(crate) fn new(
        budget: usize,
        held: fn(&O) -> usize,
        fresh: impl Fn() -> O + Send + Sync + 'static,
    ) -> Recycled<O> {
        Recycled {
            oracle: fresh(),
            fresh: Box::new(fresh),
            held,
            beyond: Vec::new(),
            budget,
        }
    }

    /// Returns `f`'s answer about the position whose counts are `counts`, asked of the
    /// memo and, when the budget stops it there, of an empty memo.
    ///
    /// # Errors
    /// What `f` returns on an empty memo; at once, what stopped it at a position already
    /// beyond the budget (or with too many moves) that this one's counts are all at least.
    pub(crate) fn ask<T>(
        &mut self,
        counts: &[u64],
        f: impl Fn(&mut O) -> Result<T, RulesError>,
    ) -> Result<T, RulesError> {
        let dominates = |(b, _): &&(Vec<u64>, RulesError)| {
            b.len() == counts.len() && b.iter().zip(counts).all(|(b, c)| c >= b)
        };
        if let Some((_, why)) = self.beyond.iter().find(dominates) {
            return Err(why.clone());
        }
        let before = (self.held)(&self.oracle);
        let mut result = f(&mut self.oracle);
        // Asking again costs the budget once more: worth it only when the memo held a
        // share of it that could have decided the question.
        if matches!(result, Err(RulesError::OutOfReach { .. })) && before >= self.budget / 16 && before > 0 {
            self.oracle = (self.fresh)();
            result = f(&mut self.oracle);
        }
        match &result {
            Ok(_) => {}
            Err(e) => {
                // A position with too many moves to list is taken, like one beyond the
                // budget, to have larger ones above it.
                let beyond = matches!(
                    e,
                    RulesError::OutOfReach { .. }
                        | RulesError::OutOfWork { .. }
                        | RulesError::TooManyMoves { .. }
                );
                if beyond && self.beyond.len() < BEYOND_KEPT {
                    self.beyond.retain(|(b, _)| {
                        !(b.len() == counts.len() && b.iter().zip(counts).all(|(b, c)| b >= c))
                    });
                    self.beyond.push((counts.to_vec(), e.clone()));
                }
                // A memo the positions filled is emptied: the next question would only be
                // asked again. Any other stop leaves it as it was, what was solved added.
                if matches!(e, RulesError::OutOfReach { .. }) {
                    self.oracle = (self.fresh)();
                }
            }
        }
        if (self.held)(&self.oracle).saturating_mul(position_bytes(counts.len())) > MEMO_KEPT_BYTES {
            self.oracle = (self.fresh)();
        }
        result
    }
}

/// Returns the budget that `e` names.
pub(crate) fn budget_of(e: &RulesError) -> Budget {
    match e {
        RulesError::OutOfReach { budget } => Budget::Positions {
            limit: u64::try_from(*budget).unwrap_or(u64::MAX),
        },
        RulesError::OutOfWork { budget } => Budget::Work { limit: *budget },
        RulesError::TooManyMoves { limit, .. } => Budget::Moves {
            limit: *limit as u128,
        },
        _ => Budget::Cycle,
    }
}

/// A memoized search of a game's moves, handed to its fast paths: the default
/// [`Game::grundy`] and [`Game::misere_outcome`] ask it, and an override may ask it for
/// the positions its insight does not cover. Its memory is shared by the questions asked
/// of it (bounded by its budget, recycled when a question needs room): what one question
/// solved, the next reuses, and since every value it holds is exact, an answer never
/// depends on what other questions asked before.
pub struct Search<G: Game> {
    grundy: Recycled<ComponentGrundy<ByMoves<G>>>,
    /// The joint search, which falls back on retrograde analysis at a cycle.
    joint: Recycled<RulesOracle<ByMoves<G>>>,
    misere: Recycled<RulesOracle<Misere<ByMoves<G>>>>,
    /// Whether a search has met a position on its own path: the game is loopy.
    cycle: bool,
    /// What stopped the last search that failed.
    stop: Option<Budget>,
    /// The positions each of its searches may hold.
    budget: usize,
}

impl<G: Game> Search<G> {
    pub(crate) fn new(game: Arc<G>, budget: usize) -> Search<G> {
        Search::with_work(game, budget, SEARCH_WORK)
    }

    /// Returns the search whose questions each hold at most `budget` positions and cost
    /// at most `work` moves listed and positions stored.
    pub(crate) fn with_work(game: Arc<G>, budget: usize, work: u64) -> Search<G> {
        let (g1, g2, g3) = (Arc::clone(&game), Arc::clone(&game), game);
        Search {
            grundy: Recycled::new(budget, ComponentGrundy::len, move || {
                ComponentGrundy::with_budget(ByMoves(Arc::clone(&g1)), budget)
                    .with_max_moves(LISTED)
                    .with_work(work)
            }),
            joint: Recycled::new(budget, RulesOracle::visited, move || {
                RulesOracle::with_budget(ByMoves(Arc::clone(&g2)), budget)
                    .with_max_moves(LISTED)
                    .with_work(work)
            }),
            misere: Recycled::new(budget, RulesOracle::visited, move || {
                RulesOracle::with_budget(Misere(ByMoves(Arc::clone(&g3))), budget)
                    .with_max_moves(LISTED)
                    .with_work(work)
            }),
            cycle: false,
            stop: None,
            budget,
        }
    }

    /// Returns the search that refuses every question at once, listing no move: a fast
    /// path that answers with it answers without searching.
    pub(crate) fn refusing(game: Arc<G>) -> Search<G> {
        Search::with_work(game, 0, 0)
    }

    /// Returns the error of a search with no budget at all, which refuses every question
    /// before it lists a move, if this is one.
    fn refused(&mut self) -> Option<Unanswered> {
        (self.budget == 0).then(|| self.failed(&RulesError::OutOfReach { budget: 0 }))
    }

    /// Returns the positions each of its searches may hold: a game's own search of the
    /// same question keeps to it too.
    pub(crate) fn budget(&self) -> usize {
        self.budget
    }

    /// Returns what stopped the last failed search since the last call, and forgets it.
    pub(crate) fn take_stop(&mut self) -> Option<Budget> {
        self.stop.take()
    }

    fn failed(&mut self, e: &RulesError) -> Unanswered {
        let budget = budget_of(e);
        self.stop = Some(budget.clone());
        Unanswered::Budget {
            budget,
            detail: e.to_string(),
        }
    }

    /// Returns whether a search has met a cycle: the game can repeat a position.
    pub fn met_cycle(&self) -> bool {
        self.cycle
    }

    /// Returns the outcome of `p` under normal play: by the Grundy values of its
    /// components, or, once the game is seen to repeat positions, win, loss or draw by
    /// retrograde analysis of the whole position.
    ///
    /// # Errors
    /// The search would exceed its budget.
    pub fn outcome(&mut self, p: &G::Position) -> Result<Outcome, Unanswered> {
        use super::Position;
        if let Some(refused) = self.refused() {
            return Err(refused);
        }
        let counts = p.counts();
        if !self.cycle {
            match self.grundy.ask(&counts, |o| o.grundy(p)) {
                Ok(g) => return Ok(Outcome::of(g != 0)),
                Err(RulesError::Cycle) => self.cycle = true,
                Err(e) => return Err(self.failed(&e)),
            }
        }
        self.joint
            .ask(&counts, |o| o.outcome(p))
            .map_err(|e| self.failed(&e))
    }

    /// Returns the Grundy value of `p`: the XOR over its components of the mex of each
    /// component's options' values.
    ///
    /// # Errors
    /// The search would exceed its budget, or a component recurs below itself.
    pub fn grundy(&mut self, p: &G::Position) -> Result<u64, Unanswered> {
        use super::Position;
        if let Some(refused) = self.refused() {
            return Err(refused);
        }
        self.grundy.ask(&p.counts(), |o| o.grundy(p)).map_err(|e| {
            self.cycle |= e == RulesError::Cycle;
            self.failed(&e)
        })
    }

    /// Returns the outcome of `p` under misère play, by a search of the whole position
    /// (retrograde analysis in a loopy game, so a draw too).
    ///
    /// # Errors
    /// The search would exceed its budget.
    pub fn misere_outcome(&mut self, p: &G::Position) -> Result<Outcome, Unanswered> {
        use super::Position;
        if let Some(refused) = self.refused() {
            return Err(refused);
        }
        let q = Some(p.clone());
        self.misere
            .ask(&p.counts(), |o| o.outcome(&q))
            .map_err(|e| self.failed(&e))
    }

    /// Returns the answer to `question` at `p` by the moves alone: the Grundy value, or
    /// the outcome under normal or misère play.
    ///
    /// # Errors
    /// The search would exceed its budget.
    pub(crate) fn answer(&mut self, question: Question, p: &G::Position) -> Result<Answer, Unanswered> {
        match question {
            Question { grundy: true, .. } => self.grundy(p).map(Answer::Grundy),
            Question {
                play: Play::Normal, ..
            } => self.outcome(p).map(Answer::Outcome),
            Question {
                play: Play::Misere, ..
            } => self.misere_outcome(p).map(Answer::Outcome),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An oracle that holds as many positions as it is told to.
    struct Held(usize);

    fn recycled() -> Recycled<Held> {
        Recycled::new(SEARCH_BUDGET, |o: &Held| o.0, || Held(0))
    }

    #[test]
    fn a_memo_past_its_kept_memory_is_emptied_after_the_question() {
        // Lists of 100 counts: 872 bytes a position, about; 300,000 of them are 262 MB.
        let counts = vec![1; 100];
        let past = MEMO_KEPT_BYTES / position_bytes(100) + 1;
        let mut memo = recycled();
        let answer = memo.ask(&counts, |o| {
            o.0 = past;
            Ok(7)
        });
        assert_eq!(answer, Ok(7));
        assert_eq!(memo.oracle.0, 0, "a memo of {past} lists of 100 was kept");
        // Below it, what the question solved is kept for the next.
        let within = MEMO_KEPT_BYTES / position_bytes(100);
        let _ = memo.ask(&counts, |o| {
            o.0 = within;
            Ok(7)
        });
        assert_eq!(memo.oracle.0, within);
        // One count a position: the same number of positions is far within it.
        let mut memo = recycled();
        let _ = memo.ask(&[1], |o| {
            o.0 = past;
            Ok(7)
        });
        assert_eq!(memo.oracle.0, past);
    }
}
