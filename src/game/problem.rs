//! Any [`Game`] as a [`Problem`]: the fast answer is the game's own fast path (or a
//! formula under test), and the judges are oracles computed from the moves alone — the
//! joint search of the whole position, and the sum of its components' Grundy values.

use std::sync::{Arc, Mutex, MutexGuard};

use gamecheck_oracles::component_grundy::ComponentGrundy;
use gamecheck_oracles::misere::Misere;
use gamecheck_oracles::rules_oracle::{RulesError, RulesOracle};
use proptest::prelude::*;

use super::{Answer, FromFlags, Game, GameError, MOVES_LISTED, Outcome, Play, Question, Unanswered};
use crate::game_trait::format::{Format, Output};
use crate::game_trait::position::{self, Position};
use crate::game_trait::search::{ByMoves, LISTED, Recycled, SEARCH_BUDGET, Search, budget_of};
use crate::game_trait::searches::Searches;
use crate::problem::{
    Below, Budget, CaseError, Evaluation, Flag, Flags, Least, Order, Problem, Properties, Property, Share,
};

/// A fast answer: the game's own, or a formula a user checks.
pub(crate) type Fast<G> =
    Box<dyn Fn(&G, &<G as Game>::Position, &mut Search<G>) -> Result<Answer, Unanswered> + Send + Sync>;

/// A winning move a formula claims, checked as a certificate.
pub(crate) type FastMove<G> = Box<
    dyn Fn(&G, &<G as Game>::Position, &mut Search<G>) -> Result<Option<<G as Game>::Position>, Unanswered>
        + Send
        + Sync,
>;

/// An outcome at a position, and who gave it.
type Judge<'a, G> = dyn Fn(&<G as Game>::Position) -> Result<(Outcome, &'static str), CaseError> + 'a;

/// The oracles: searches of the moves that never see the fast paths, each with its memory
/// per question (see [`Recycled`]).
struct Truth<G: Game> {
    joint: Recycled<RulesOracle<ByMoves<G>>>,
    misere: Recycled<RulesOracle<Misere<ByMoves<G>>>>,
    sum: Recycled<ComponentGrundy<ByMoves<G>>>,
}

/// A game as a problem: one question ([`Question`]) asked of every position.
pub struct GameProblem<G: Game> {
    game: Arc<G>,
    question: Question,
    fast: Fast<G>,
    fast_move: FastMove<G>,
    fast_name: &'static str,
    /// The problem as the command line names it, with its flags.
    args: String,
    regressions: &'static str,
    search: Searches<G>,
    truth: Mutex<Truth<G>>,
    /// Why the domain last rejected a generated position.
    rejected: Arc<Mutex<Option<String>>>,
    /// The largest position (in the order of least counterexamples) an oracle judged.
    largest: Mutex<Option<G::Position>>,
    /// The game's contest format, asked once.
    format: Format<G>,
    /// The game's own oracles, asked once: claims consult them at every case.
    oracles: Vec<super::Oracle<G>>,
    /// How `solve` reads a case line of the common shape, from the format.
    pub(crate) line_shape: super::line_solve::LineShape,
    /// The properties `check` runs: every one of the game's, or only the formula's.
    pub(crate) mode: Mode,
    /// The game's own `prove` and `plot`, which its registry line gives it.
    pub(crate) own: super::commands::OwnCommands<G>,
}

/// Which properties a [`GameProblem`] has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// A registered game: its fast paths against the oracles, for every question.
    Game,
    /// A formula for the question, against the oracles.
    Formula,
    /// A winning-move formula, as a certificate.
    Moves,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The flags every game has.
pub(crate) const QUESTION_FLAGS: [Flag; 2] = [
    Flag::switch("misere", "Misère play: the player who cannot move wins."),
    Flag::switch(
        "grundy",
        "Ask for the Grundy value instead of who wins (normal play).",
    ),
];

impl<G: Game> GameProblem<G> {
    /// Returns `game` asked `question` through its own fast paths.
    ///
    /// # Errors
    /// [`GameError::Question`] for the Grundy value under misère play, which is not
    /// defined here; [`GameError::Format`] for a format that is a mistake for the game
    /// (an unknown field summed, a range above `max_count`, the wrong number of counts).
    pub fn new(game: G, question: Question) -> Result<GameProblem<G>, GameError> {
        GameProblem::new_shared(Arc::new(game), question)
    }

    /// Returns the problem whose contest input is the starts of `game`'s interactive
    /// format, asked for the outcome: `stress` draws and shrinks an interactive game's
    /// starts, and checks its fast path, as it does a contest's cases.
    ///
    /// # Errors
    /// [`GameError::Format`] when the game has no interactive format, or one that is a
    /// mistake for it.
    pub(crate) fn interactive_starts(game: Arc<G>) -> Result<GameProblem<G>, GameError> {
        let Some(interactive) = game.interactive() else {
            return Err(GameError::Format(format!(
                "{} has no interactive format",
                G::NAME
            )));
        };
        interactive.mistake(&game).map_err(GameError::Format)?;
        let mut problem = GameProblem::new_shared(game, Question::default())?;
        problem.line_shape = super::line_solve::LineShape::of(&interactive.format, &*problem.game);
        problem.format = interactive.format;
        Ok(problem)
    }

    pub(crate) fn with_question(game: Arc<G>, question: Question) -> Result<GameProblem<G>, GameError> {
        GameProblem::new_shared(game, question)
    }

    fn new_shared(game: Arc<G>, mut question: Question) -> Result<GameProblem<G>, GameError> {
        let format = game.format();
        format.mistake(&game).map_err(GameError::Format)?;
        if let Some(play) = format.play {
            question.play = play;
        }
        let output = format.output;
        if output == Output::Grundy {
            question.grundy = true;
        }
        if question.grundy && matches!(output, Output::Range { .. }) {
            return Err(GameError::Question(
                "--grundy: the contest's answer is a string over a range of n".into(),
            ));
        }
        if question.grundy && question.play == Play::Misere {
            return Err(GameError::Question(
                "--grundy and --misere together: misère Grundy values are not defined here".into(),
            ));
        }
        if question.grundy && game.loopy() {
            return Err(GameError::Question(format!(
                "--grundy: {} can repeat positions, and Grundy values are not defined here",
                G::NAME
            )));
        }
        let fast: Fast<G> = Box::new(move |g: &G, p: &G::Position, s: &mut Search<G>| match question {
            Question { grundy: true, .. } => g.grundy(p, s).map(Answer::Grundy),
            Question {
                play: Play::Normal, ..
            } => g.outcome(p, s).map(Answer::Outcome),
            Question {
                play: Play::Misere, ..
            } => g.misere_outcome(p, s).map(Answer::Outcome),
        });
        let play = question.play;
        let fast_move: FastMove<G> =
            Box::new(move |g: &G, p: &G::Position, s: &mut Search<G>| g.winning_move(p, play, s));
        Ok(GameProblem::with_fast(
            game,
            question,
            "fast path",
            fast,
            fast_move,
            G::NAME.to_owned(),
        ))
    }

    /// Returns the problem whose flags are `flags`: the game's own, then `--misere` and
    /// `--grundy`.
    ///
    /// # Errors
    /// As for [`FromFlags::from_flags`] and [`GameProblem::new`].
    pub fn from_flags(flags: &Flags) -> Result<GameProblem<G>, GameError>
    where
        G: FromFlags,
    {
        let game = G::from_flags(flags)?;
        let question = Question {
            play: if flags.switch("misere").unwrap_or(false) {
                Play::Misere
            } else {
                Play::Normal
            },
            grundy: flags.switch("grundy").unwrap_or(false),
        };
        let mut problem = GameProblem::new(game, question)?;
        problem.args = args_text(G::NAME, &G::flags(), flags);
        Ok(problem)
    }

    /// Returns every flag of the problem: the game's, then the question's.
    pub fn flags() -> Vec<Flag>
    where
        G: FromFlags,
    {
        let mut flags = G::flags();
        flags.extend(QUESTION_FLAGS);
        flags
    }

    pub(crate) fn with_fast(
        game: impl Into<Arc<G>>,
        question: Question,
        fast_name: &'static str,
        fast: Fast<G>,
        fast_move: FastMove<G>,
        args: String,
    ) -> GameProblem<G> {
        let game: Arc<G> = game.into();
        let format = game.format();
        let oracles = game.oracles();
        let (g1, g2, g3) = (Arc::clone(&game), Arc::clone(&game), Arc::clone(&game));
        let truth = Truth {
            joint: Recycled::new(SEARCH_BUDGET, RulesOracle::visited, move || {
                RulesOracle::with_budget(ByMoves(Arc::clone(&g1)), SEARCH_BUDGET).with_max_moves(LISTED)
            }),
            misere: Recycled::new(SEARCH_BUDGET, RulesOracle::visited, move || {
                RulesOracle::with_budget(Misere(ByMoves(Arc::clone(&g2))), SEARCH_BUDGET)
                    .with_max_moves(LISTED)
            }),
            sum: Recycled::new(SEARCH_BUDGET, ComponentGrundy::len, move || {
                ComponentGrundy::with_budget(ByMoves(Arc::clone(&g3)), SEARCH_BUDGET).with_max_moves(LISTED)
            }),
        };
        let line_shape = super::line_solve::LineShape::of(&format, &*game);
        GameProblem {
            line_shape,
            search: Searches::new(Arc::clone(&game)),
            truth: Mutex::new(truth),
            rejected: Arc::new(Mutex::new(None)),
            largest: Mutex::new(None),
            format,
            oracles,
            game,
            question,
            fast,
            fast_move,
            fast_name,
            args,
            mode: Mode::Game,
            own: super::commands::OwnCommands::default(),
            regressions: Box::leak(format!("proptest-regressions/{}.txt", G::NAME).into_boxed_str()),
        }
    }

    /// Returns the game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Returns the question asked.
    pub fn question(&self) -> Question {
        self.question
    }

    /// Returns the problem as the command line names it (`subtraction --set 1,3,4`).
    pub fn args(&self) -> &str {
        &self.args
    }

    /// Returns the game's contest format.
    pub(crate) fn contest_format(&self) -> &Format<G> {
        &self.format
    }

    /// Returns the game's own oracles ([`Game::oracles`]).
    pub(crate) fn oracles(&self) -> &[super::Oracle<G>] {
        &self.oracles
    }

    /// Returns the same question about `game`, named as this problem is: the game a
    /// contest input's header builds.
    ///
    /// # Errors
    /// As for [`GameProblem::new`].
    pub(crate) fn rebuilt(&self, game: G) -> Result<GameProblem<G>, GameError> {
        let mut problem = GameProblem::new(game, self.question)?;
        problem.args = self.args.clone();
        Ok(problem)
    }

    /// Returns the game, shared.
    pub(crate) fn game_arc(&self) -> &Arc<G> {
        &self.game
    }

    /// Returns the name of the fast answer: `fast path`, `formula`, `rules`.
    pub(crate) fn fast_name(&self) -> &'static str {
        self.fast_name
    }

    /// Returns the calling thread's search, locked: a caller that answers many cases in
    /// turn holds it across them.
    pub(crate) fn search_lock(&self) -> MutexGuard<'_, Search<G>> {
        self.search.lock()
    }

    /// Returns the fast answer at `p` with `search` for what it searches.
    pub(crate) fn fast_with(&self, p: &G::Position, search: &mut Search<G>) -> Result<Answer, Unanswered> {
        (self.fast)(&self.game, p, search)
    }

    /// Returns the fast path's winning move at `p` with `search` for what it searches.
    pub(crate) fn fast_move_with(
        &self,
        p: &G::Position,
        search: &mut Search<G>,
    ) -> Result<Option<G::Position>, Unanswered> {
        (self.fast_move)(&self.game, p, search)
    }

    /// Makes the expected answers the rules' alone (a search of the moves), whatever fast
    /// paths the game has.
    pub(crate) fn answer_by_rules(&mut self) {
        let question = self.question;
        self.fast = Box::new(move |_: &G, p: &G::Position, s: &mut Search<G>| match question {
            Question { grundy: true, .. } => s.grundy(p).map(Answer::Grundy),
            Question {
                play: Play::Normal, ..
            } => s.outcome(p).map(Answer::Outcome),
            Question {
                play: Play::Misere, ..
            } => s.misere_outcome(p).map(Answer::Outcome),
        });
        self.fast_move = Box::new(move |g: &G, p: &G::Position, s: &mut Search<G>| {
            if let Some(c) = g.move_count(p).filter(|&c| c > MOVES_LISTED) {
                return Err(Unanswered::too_many_moves(c));
            }
            let mut moves = Vec::new();
            g.moves(p, &mut moves);
            for q in moves {
                let after = match question.play {
                    Play::Normal => s.outcome(&q)?,
                    Play::Misere => s.misere_outcome(&q)?,
                };
                if after == Outcome::Loss {
                    return Ok(Some(q));
                }
            }
            Ok(None)
        });
        self.fast_name = "rules";
    }

    /// Drops what the fast path's search memoized: `stress` holds it per input.
    pub(crate) fn forget(&self) {
        self.search.forget();
    }

    /// Returns the fast path's winning move at `p`, or `None` where it calls `p` lost.
    pub(crate) fn fast_move(&self, p: &G::Position) -> Result<Option<G::Position>, Unanswered> {
        (self.fast_move)(&self.game, p, &mut self.search.lock())
    }

    /// Whether the game says `p` has too many moves to list.
    fn too_many_moves(&self, p: &G::Position) -> bool {
        self.game.move_count(p).is_some_and(|c| c > MOVES_LISTED)
    }

    /// Returns the fast answer at `p`.
    pub(crate) fn fast(&self, p: &G::Position) -> Result<Answer, Unanswered> {
        (self.fast)(&self.game, p, &mut self.search.lock())
    }

    /// Returns the fast path's answer at `p` to `question`, whatever the problem's, its
    /// failure typed as for [`Self::fast_judged`].
    pub(crate) fn fast_for(&self, p: &G::Position, question: Question) -> Result<Answer, CaseError> {
        if question == self.question {
            return self.fast_case(p);
        }
        self.fast_judged(p, |s| match question {
            Question { grundy: true, .. } => self.game.grundy(p, s).map(Answer::Grundy),
            Question { play, .. } => match play {
                Play::Normal => self.game.outcome(p, s),
                Play::Misere => self.game.misere_outcome(p, s),
            }
            .map(Answer::Outcome),
        })
    }

    /// Returns what `ask` returns of the fast path's search, its error typed: unjudged when
    /// the search's budget or a cycle stopped it, or when `p` has too many moves to list;
    /// a disagreement otherwise (the fast path refused a position of the game).
    fn fast_judged<T>(
        &self,
        p: &G::Position,
        ask: impl FnOnce(&mut Search<G>) -> Result<T, Unanswered>,
    ) -> Result<T, CaseError> {
        self.fast_judged_in(&mut self.search.lock(), p, ask)
    }

    /// [`Self::fast_judged`] in `s`, a search the caller holds.
    fn fast_judged_in<T>(
        &self,
        s: &mut Search<G>,
        p: &G::Position,
        ask: impl FnOnce(&mut Search<G>) -> Result<T, Unanswered>,
    ) -> Result<T, CaseError> {
        s.take_stop();
        ask(s).map_err(|why| match why.budget().cloned().or_else(|| s.take_stop()) {
            Some(budget) => CaseError::unjudged(budget, format!("the fast path: {why}")),
            None if self.too_many_moves(p) => CaseError::unjudged(
                Budget::Moves { limit: MOVES_LISTED },
                format!("the fast path: {why}"),
            ),
            None => CaseError::Disagree(format!("the fast path fails: {why}")),
        })
    }

    /// Returns the fast answer at `p`, its failure typed as for [`Self::fast_judged`].
    fn fast_case(&self, p: &G::Position) -> Result<Answer, CaseError> {
        self.fast_judged(p, |s| (self.fast)(&self.game, p, s))
    }

    /// Returns the fast path's outcome at `p` under `play`, whatever the question.
    pub(crate) fn fast_outcome(&self, p: &G::Position, play: Play) -> Result<Outcome, Unanswered> {
        let mut s = self.search.lock();
        match play {
            Play::Normal => self.game.outcome(p, &mut s),
            Play::Misere => self.game.misere_outcome(p, &mut s),
        }
    }

    fn moves(&self, p: &G::Position) -> Vec<G::Position> {
        let mut out = Vec::new();
        self.game.moves(p, &mut out);
        out
    }

    /// Whether the joint search is asked about `p`.
    fn joint_reach(&self, p: &G::Position) -> bool {
        self.joint_reach_of(&p.counts())
    }

    /// [`Self::joint_reach`] of a position whose counts are `c`.
    fn joint_reach_of(&self, c: &[u64]) -> bool {
        let reach = u128::from(self.game.oracle_reach());
        match G::Position::ARITY {
            Some(_) => c.iter().all(|&v| u128::from(v) <= reach),
            None => c.iter().map(|&v| u128::from(v)).sum::<u128>() <= reach,
        }
    }

    /// Returns the most of each count the component route is asked about: s times the
    /// joint reach, s the largest with s^k ≤ 64 for k counts a position (64 for a heap or
    /// a list of heaps). A component is then searched over a box at most 64 times the
    /// joint search's; a game of 4 counts that is its own one component (the default)
    /// would otherwise fill the search's budget over a box 64^4 times the joint one.
    pub(crate) fn component_reach(&self) -> u64 {
        // ⌊64^(1/k)⌋, written out: every truth asks it, hundreds of millions of times in
        // a claim's exhaustive domain.
        let scale = match G::Position::ARITY.unwrap_or(1) {
            0 | 1 => 64,
            2 => 8,
            3 => 4,
            4..=6 => 2,
            _ => 1,
        };
        self.game.oracle_reach().saturating_mul(scale)
    }

    /// Whether the component route is asked about `p`: every count within
    /// [`Self::component_reach`], and for a list every component one count (the reach
    /// is a heap's: a list that is one component of many counts, as in Moore's Nim, is
    /// searched whole, which only the joint search's reach bounds).
    fn sum_reach(&self, p: &G::Position) -> bool {
        self.sum_reach_of(p, &p.counts())
    }

    /// [`Self::sum_reach`] of `p`, whose counts are `c`.
    fn sum_reach_of(&self, p: &G::Position, c: &[u64]) -> bool {
        let reach = self.component_reach();
        c.iter().all(|&v| v <= reach)
            && (G::Position::ARITY.is_some()
                || c.len() <= 1
                || self.game.components(p).iter().all(|c| c.counts().len() <= 1))
    }

    /// Returns the truth at `p` for `question` by the joint search, if in reach.
    fn joint(&self, p: &G::Position, question: Question) -> Option<Result<Answer, RulesError>> {
        if !self.joint_reach(p) {
            return None;
        }
        let mut t = lock(&self.truth);
        let counts = p.counts();
        let answer = match question {
            Question { grundy: true, .. } => t.joint.ask(&counts, |o| o.grundy(p)).map(Answer::Grundy),
            Question {
                play: Play::Normal, ..
            } => t.joint.ask(&counts, |o| o.outcome(p)).map(Answer::Outcome),
            Question {
                play: Play::Misere, ..
            } => {
                let q = Some(p.clone());
                t.misere.ask(&counts, |o| o.outcome(&q)).map(Answer::Outcome)
            }
        };
        Some(answer)
    }

    /// Returns the truth at `p` by the sum of its components' Grundy values (normal play
    /// only), if in reach.
    fn by_components(&self, p: &G::Position, question: Question) -> Option<Result<Answer, RulesError>> {
        if question.play == Play::Misere || self.game.loopy() || !self.sum_reach(p) {
            return None;
        }
        if self.bad_components(p).is_some() {
            return None;
        }
        let g = lock(&self.truth).sum.ask(&p.counts(), |o| o.grundy(p));
        Some(g.map(|g| {
            if question.grundy {
                Answer::Grundy(g)
            } else {
                Answer::Outcome(Outcome::of(g != 0))
            }
        }))
    }

    /// Returns the truth at `p` and which oracle gave it: the joint search where it
    /// reaches, else the sum of components.
    pub(crate) fn truth(&self, p: &G::Position, question: Question) -> Option<(Answer, &'static str)> {
        // Beyond both routes' reach `truth_case` only builds the reason it is unjudged:
        // claims ask this of every case, hundreds of millions for Wythoff's float formula.
        let counts = p.counts();
        if !self.joint_reach_of(&counts) && !self.sum_reach_of(p, &counts) {
            return None;
        }
        self.truth_case(p, question).ok()
    }

    /// Returns why `p`'s components are not a split of it, if they are not: a sum is its
    /// components' counts, each once, and `components` that repeat or drop a heap would
    /// make the XOR of their values a second, wrong truth that passes a wrong formula.
    fn bad_components(&self, p: &G::Position) -> Option<String> {
        let parts = self.game.components(p);
        // Empty heaps may be dropped: they add nothing to a sum.
        let mut split: Vec<u64> = parts.iter().flat_map(|c| c.counts()).filter(|&v| v > 0).collect();
        let mut whole: Vec<u64> = p.counts().into_iter().filter(|&v| v > 0).collect();
        split.sort_unstable();
        whole.sort_unstable();
        (split != whole).then(|| {
            format!(
                "{}'s components of {} hold the counts {split:?}, not the position's own {whole:?}",
                G::NAME,
                self.game.describe(p)
            )
        })
    }

    /// Returns the truth at `p` and which oracle gave it, or the case unjudged with what
    /// stopped the oracles: a cycle or a budget they met, else the reach they are asked
    /// within.
    pub(crate) fn truth_case(
        &self,
        p: &G::Position,
        question: Question,
    ) -> Result<(Answer, &'static str), CaseError> {
        let judged = |a: Answer, by: &'static str| {
            let mut largest = lock(&self.largest);
            if largest
                .as_ref()
                .is_none_or(|l| position::key(l) < position::key(p))
            {
                *largest = Some(p.clone());
            }
            Ok((a, by))
        };
        let joint = match self.joint(p, question) {
            Some(Ok(a)) => return judged(a, "rules oracle"),
            Some(Err(e)) => Some(e),
            None => None,
        };
        // A game whose components are not a split of the position is refused there: its
        // sum route would be a wrong second truth.
        if question.play == Play::Normal
            && !self.game.loopy()
            && self.sum_reach(p)
            && let Some(why) = self.bad_components(p)
        {
            return Err(CaseError::Disagree(why));
        }
        let sum = match self.by_components(p, question) {
            Some(Ok(a)) => return judged(a, "components"),
            Some(Err(e)) => Some(e),
            None => None,
        };
        Err(match joint.or(sum) {
            Some(e) => CaseError::unjudged(budget_of(&e), format!("the oracles: {e}")),
            None => CaseError::unjudged(
                Budget::Reach {
                    limit: self.game.oracle_reach(),
                },
                format!(
                    "no oracle is asked about the position (counts above {})",
                    self.game.oracle_reach()
                ),
            ),
        })
    }

    /// Returns the truth's outcome at `p` under `play`, if an oracle reaches it.
    fn true_outcome(&self, p: &G::Position, play: Play) -> Option<Outcome> {
        match self.truth(p, Question { play, grundy: false }) {
            Some((Answer::Outcome(o), _)) => Some(o),
            _ => None,
        }
    }

    /// Checks the fast path's winning move at `p` under the question's play, as
    /// [`Self::certify`] does, its failure as text.
    pub(crate) fn certificate(&self, p: &G::Position) -> Result<(), String> {
        self.certify(p).map_err(|e| e.to_string())
    }

    /// Checks the fast path's winning move at `p` under the question's play: legal, and
    /// leading to a position lost for the opponent (by an oracle where one reaches, else
    /// by the fast path); `None` exactly where `p` is lost. Unjudged where neither an
    /// oracle nor the fast path answers within its budget.
    pub(crate) fn certify(&self, p: &G::Position) -> Result<(), CaseError> {
        let play = self.question.play;
        // One lock for the whole certificate: claims certify every case beyond the oracles.
        let search = std::cell::RefCell::new(self.search.lock());
        let claimed = self.fast_judged_in(&mut search.borrow_mut(), p, |s| {
            (self.fast_move)(&self.game, p, s)
        });
        let claimed = match claimed {
            // The default search of every move cannot run there: nothing is claimed.
            Err(_) if self.too_many_moves(p) => return Ok(()),
            claimed => claimed?,
        };
        let judge = |q: &G::Position| -> Result<(Outcome, &'static str), CaseError> {
            match self.true_outcome(q, play) {
                Some(o) => Ok((o, "the rules oracle")),
                None => self
                    .fast_judged_in(&mut search.borrow_mut(), q, |s| match play {
                        Play::Normal => self.game.outcome(q, s),
                        Play::Misere => self.game.misere_outcome(q, s),
                    })
                    .map(|o| (o, "the fast path")),
            }
        };
        match claimed {
            Some(q) => {
                if !self.game.is_move(p, &q) {
                    return Err(CaseError::Disagree(format!(
                        "the move to {} is not a legal move",
                        self.game.describe(&q)
                    )));
                }
                let (after, by) = judge(&q)?;
                if after != Outcome::Loss {
                    return Err(CaseError::Disagree(format!(
                        "the move to {} leaves a position that {by} calls {after} for the player to move",
                        self.game.describe(&q)
                    )));
                }
                Ok(())
            }
            // Where a move is claimed it is its own certificate; `p`'s outcome is asked
            // only where none is.
            None => match judge(p)? {
                (Outcome::Win, by) => Err(CaseError::Disagree(format!(
                    "no winning move given, but {by} calls the position a win"
                ))),
                (Outcome::Draw, _) => self.draw_certificate(p, &judge),
                (Outcome::Loss, _) => Ok(()),
            },
        }
    }

    /// Checks a draw at `p`: no move leads to a position the opponent loses, and some
    /// move leads to a draw.
    fn draw_certificate(&self, p: &G::Position, judge: &Judge<'_, G>) -> Result<(), CaseError> {
        let mut drawn = false;
        for q in self.moves(p) {
            match judge(&q)? {
                (Outcome::Loss, by) => {
                    return Err(CaseError::Disagree(format!(
                        "a draw is claimed, but the move to {} leaves a position that {by} calls lost",
                        self.game.describe(&q)
                    )));
                }
                (Outcome::Draw, _) => drawn = true,
                (Outcome::Win, _) => {}
            }
        }
        if drawn {
            Ok(())
        } else {
            Err(CaseError::from("a draw is claimed, but no move leads to a draw"))
        }
    }

    /// Checks the fast answers' consistency at `p` with its moves' fast answers: a win
    /// exactly when a move leads to a loss, and a Grundy value that is the mex of the
    /// moves' values. `Ok` without checking when `p` has over 4096 moves.
    fn bellman(&self, p: &G::Position) -> Result<(), CaseError> {
        if self.too_many_moves(p) {
            return Ok(());
        }
        let moves = self.moves(p);
        if moves.len() > 4096 {
            return Ok(());
        }
        match self.fast_case(p)? {
            Answer::Grundy(g) => {
                let mut seen = Vec::with_capacity(moves.len());
                for q in &moves {
                    match self.fast_case(q)? {
                        Answer::Grundy(v) => seen.push(v),
                        other => return Err(format!("the fast path answers {other} at a move").into()),
                    }
                }
                seen.sort_unstable();
                seen.dedup();
                let mex = seen
                    .iter()
                    .enumerate()
                    .find(|&(i, &v)| v != i as u64)
                    .map_or(seen.len(), |(i, _)| i) as u64;
                if mex == g {
                    Ok(())
                } else {
                    Err(format!(
                        "the fast path says Grundy value {g}, but the mex of its moves' values is {mex}"
                    )
                    .into())
                }
            }
            Answer::Outcome(o) => {
                // A move to a loss wins; otherwise a move to a draw draws; otherwise the
                // mover loses. In a loopy game this is necessary, not sufficient: a
                // cycle of "draws" could be all wins; the oracle judges that.
                let mut must = Outcome::Loss;
                for q in &moves {
                    match self.fast_case(q)? {
                        Answer::Outcome(Outcome::Loss) => {
                            must = Outcome::Win;
                            break;
                        }
                        Answer::Outcome(Outcome::Draw) => must = Outcome::Draw,
                        _ => {}
                    }
                }
                if o == must {
                    Ok(())
                } else {
                    Err(format!("the fast path says {o}, but its answers at the moves make it {must}").into())
                }
            }
            other => Err(format!("the fast path answers {other}, neither an outcome nor a value").into()),
        }
    }

    /// Whether `p` is a position of the game that its contest format admits.
    pub(crate) fn valid(&self, p: &G::Position) -> bool {
        let counts = p.counts();
        self.game.check_position(p).is_ok()
            && self.game.in_play(p)
            && counts.iter().all(|&v| v <= self.game.max_count())
            && self.format.admits(&counts)
    }

    fn positions(&self, max: u64) -> BoxedStrategy<G::Position> {
        let game = Arc::clone(&self.game);
        let rejected = Arc::clone(&self.rejected);
        let cap = max.min(game.max_count());
        game.strategy(cap, game.max_len())
            .prop_filter("a position of the game", move |p| match game.check_position(p) {
                Ok(()) if !game.in_play(p) => false,
                Ok(()) => true,
                Err(why) => {
                    *lock(&rejected) = Some(format!("{}: {why}", game.describe(p)));
                    false
                }
            })
            .boxed()
    }

    /// Whether an oracle is asked about `p` for the problem's question: the joint search,
    /// or under normal play the component route.
    pub(crate) fn reaches(&self, p: &G::Position) -> bool {
        self.joint_reach(p) || (self.question.play == Play::Normal && self.sum_reach(p))
    }

    /// Positions a formula is judged on: where the component route reaches under normal
    /// play, where the joint search does under misère play (misère values do not add).
    fn judged_positions(&self) -> BoxedStrategy<G::Position> {
        match self.question.play {
            Play::Normal => self.positions(self.component_reach()),
            Play::Misere => self.small_positions(),
        }
    }

    /// Positions the joint search reaches.
    fn small_positions(&self) -> BoxedStrategy<G::Position> {
        self.positions(self.small_count())
    }

    /// The largest count of the positions the joint search is asked about.
    fn small_count(&self) -> u64 {
        let reach = self.game.oracle_reach();
        let most = match G::Position::ARITY {
            Some(_) => reach,
            None => reach / self.game.max_len().max(1) as u64,
        };
        most.max(1)
    }

    /// Returns the largest count of the random positions a formula is judged on.
    pub(crate) fn judged_max_count(&self) -> u64 {
        match self.question.play {
            Play::Normal => self.component_reach(),
            Play::Misere => self.small_count(),
        }
        .min(self.game.max_count())
    }

    /// Returns the largest position (by total count) an oracle has judged.
    pub(crate) fn largest_judged(&self) -> Option<G::Position> {
        lock(&self.largest).clone()
    }
}

/// Returns the command line's name of the problem with the flags given: `subtraction
/// --set 1,3,4 --misere`.
fn args_text(name: &str, game_flags: &[Flag], flags: &Flags) -> String {
    use crate::problem::{FlagKind, FlagValue};
    let mut out = name.to_owned();
    for flag in game_flags.iter().chain(QUESTION_FLAGS.iter()) {
        let value = match (flag.kind, flags_value(flags, flag.long)) {
            (_, None) => continue,
            (FlagKind::Switch, Some(FlagValue::Switch(true))) => String::new(),
            (FlagKind::Switch, _) => continue,
            (_, Some(FlagValue::Number(n))) => format!(" {n}"),
            (_, Some(FlagValue::Numbers(v))) => {
                format!(" {}", v.iter().map(u64::to_string).collect::<Vec<_>>().join(","))
            }
            (FlagKind::Choice { default, .. }, Some(FlagValue::Text(Some(t)))) if t == default => continue,
            (_, Some(FlagValue::Text(Some(t)))) => format!(" {}", shell_words::quote(&t)),
            (_, Some(_)) => continue,
        };
        out.push_str(&format!(" --{}{value}", flag.long));
    }
    out
}

fn flags_value(flags: &Flags, long: &str) -> Option<crate::problem::FlagValue> {
    use crate::problem::FlagValue;
    if let Ok(n) = flags.number(long) {
        return Some(FlagValue::Number(n));
    }
    if let Ok(v) = flags.numbers(long) {
        return Some(FlagValue::Numbers(v.to_vec()));
    }
    if let Ok(s) = flags.switch(long) {
        return Some(FlagValue::Switch(s));
    }
    if let Ok(t) = flags.text(long) {
        return Some(FlagValue::Text(t.map(str::to_owned)));
    }
    None
}

impl<G: Game> crate::problem::Sealed for GameProblem<G> {}

impl<G: Game> Problem for GameProblem<G> {
    type Case = G::Position;
    type Answer = Answer;

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn solve(&self, p: &G::Position) -> Result<Answer, String> {
        self.game.check_position(p)?;
        Ok(self.fast(p)?)
    }

    fn evaluate(&self, p: &G::Position) -> Vec<Evaluation<Answer>> {
        let mut rows = Vec::new();
        let fast = match self.fast(p) {
            Ok(a) => {
                // The game's own explanation where it gives one (the deciding case of a
                // rule); it speaks of normal play.
                let explained = (self.question == Question::default())
                    .then(|| self.game.explain(p, &a))
                    .flatten();
                let detail = if let Some(why) = explained {
                    format!("; {why}")
                } else if self.question.grundy || a == Answer::Outcome(Outcome::Win) {
                    match self.fast_move(p) {
                        Ok(Some(q)) => format!("; winning move to {}", self.game.describe(&q)),
                        _ => String::new(),
                    }
                } else {
                    String::new()
                };
                Evaluation::detailed(self.fast_name, a, detail)
            }
            Err(why) => Evaluation::check(self.fast_name, Err(why.into())),
        };
        rows.push(fast);
        rows.push(match self.joint(p, self.question) {
            Some(Ok(a)) => Evaluation::answer("rules oracle", a),
            Some(Err(why)) => Evaluation::out_of_reach("rules oracle", why.to_string()),
            None => Evaluation::out_of_reach(
                "rules oracle",
                format!("out of reach (counts above {})", self.game.oracle_reach()),
            ),
        });
        if let Some(by) = self.by_components(p, self.question) {
            rows.push(match by {
                Ok(a) => Evaluation::answer("components", a),
                Err(why) => Evaluation::out_of_reach("components", why.to_string()),
            });
        }
        rows.extend(super::oracle_checks::evaluations(self, p));
        rows.push(Evaluation::check("certificate", self.certificate(p)));
        rows
    }

    fn describe(&self, p: &G::Position) -> String {
        format!("{} {}", self.args, self.game.describe(p))
    }

    fn to_json(&self, p: &G::Position) -> serde_json::Value {
        serde_json::json!(p.counts())
    }

    fn last_rejection(&self) -> Option<String> {
        lock(&self.rejected).clone()
    }

    fn repro_command(&self, p: &G::Position) -> String {
        let counts: Vec<String> = p.counts().iter().map(u64::to_string).collect();
        format!(
            "{} repro {} {}",
            crate::program::name(),
            self.args,
            counts.join(" ")
        )
    }
}

/// Returns how many positions have `total` counts in all: compositions into `arity`
/// counts, or into at most `max_len` positive counts for a list.
fn positions_with_total(total: u64, arity: Option<usize>, max_len: usize) -> u128 {
    let binomial = |n: u128, k: u128| (1..=k).fold(1u128, |acc, i| acc.saturating_mul(n + 1 - i) / i);
    match arity {
        Some(0) => u128::from(total == 0),
        Some(d) => binomial(u128::from(total) + d as u128 - 1, d as u128 - 1),
        None if total == 0 => 1,
        None => (1..=max_len as u128)
            .take_while(|&k| k <= u128::from(total))
            .map(|k| binomial(u128::from(total) - 1, k - 1))
            .fold(0u128, u128::saturating_add),
    }
}

/// Returns how many lists of at most `max_len` counts, empty counts included, have at most
/// `total` counts in all: C(total + max_len, max_len), saturating.
fn lists_up_to(total: u64, max_len: usize) -> u128 {
    // Lists of exactly k counts and total at most t number C(t + k, k); summed over k ≤ L,
    // C(t + L + 1, L).
    let (n, k) = (u128::from(total) + max_len as u128 + 1, max_len as u128);
    let k = k.min(n - k);
    (1..=k).fold(1u128, |acc, i| {
        acc.checked_mul(n + 1 - i).map_or(u128::MAX, |v| v / i)
    })
}

/// Returns the largest total whose positions, with every smaller total's, number at most
/// `budget`.
pub(crate) fn total_within(budget: u64, arity: Option<usize>, max_len: usize) -> u64 {
    let mut sum = 0u128;
    let mut s = 0u64;
    loop {
        sum = sum.saturating_add(positions_with_total(s, arity, max_len));
        if sum > u128::from(budget) || s >= 1 << 40 {
            return s.saturating_sub(1);
        }
        s += 1;
    }
}

impl<G: Game> Order for GameProblem<G> {
    /// (total count, number of counts, counts).
    type Key = (u128, usize, Vec<u64>);

    fn key(&self, p: &G::Position) -> Self::Key {
        position::key(p)
    }

    fn smaller(&self, p: &G::Position) -> Vec<G::Position> {
        super::descent::smaller(self, p)
    }

    fn coordinates(&self, p: &G::Position) -> Vec<u128> {
        p.counts().into_iter().map(u128::from).collect()
    }

    fn with_coordinate(&self, p: &G::Position, i: usize, value: u128) -> Option<G::Position> {
        let mut c = p.counts();
        *c.get_mut(i)? = u64::try_from(value).ok()?;
        G::Position::from_counts(&c).filter(|q| self.valid(q))
    }

    fn below(&self, p: &G::Position, budget: u64) -> Below<'_, G::Position> {
        let max_len = self.game.max_len();
        let limit = total_within(budget, G::Position::ARITY, max_len);
        let total: u128 = p.counts().iter().map(|&v| u128::from(v)).sum();
        // A list with empty counts (heap 0) comes after lists of positive counts only: when
        // every list of at most its total, empty counts included, fits the budget, they
        // are all enumerated, and what is found (or not) is least.
        if G::Position::ARITY.is_none()
            && p.counts().contains(&0)
            && let Ok(total) = u64::try_from(total)
            && lists_up_to(total, max_len) <= u128::from(budget)
        {
            return Below {
                cases: Box::new((0..=total).flat_map(move |s| {
                    position::lists_with_total::<G::Position>(s, max_len).filter(|q| self.valid(q))
                })),
                found: Box::new(|_| Least::Proven),
                exhausted: Least::Proven,
            };
        }
        let mut below = Below::by_total(total, limit, "counts in all", move |s| {
            position::with_total::<G::Position>(s, max_len).filter(|q| self.valid(q))
        });
        // A list longer than the enumeration's lists can be smaller only if its total is
        // above max_len: below that, every list of positive counts is enumerated.
        if G::Position::ARITY.is_none() && (total > max_len as u128 || p.counts().contains(&0)) {
            let searched = format!(
                "every list of at most {max_len} positive counts with at most {} in all",
                total.min(u128::from(limit))
            );
            let zeros = p.counts().contains(&0);
            // A case found with at most max_len in all is least among the lists of
            // positive counts all the same: every smaller one was enumerated.
            below.found = Box::new(move |c| {
                let found: u128 = c.counts().iter().map(|&v| u128::from(v)).sum();
                if !zeros && found <= max_len as u128 {
                    Least::Proven
                } else {
                    Least::Bounded {
                        searched: searched.clone(),
                    }
                }
            });
            if below.exhausted == Least::Proven {
                below.exhausted = Least::Bounded {
                    searched: format!(
                        "every list of at most {max_len} positive counts with at most {total} in all"
                    ),
                };
            }
        }
        below
    }
}

type Check<G> = fn(&GameProblem<G>, &<G as Game>::Position) -> Result<(), CaseError>;

fn property<G: Game>(
    name: &'static str,
    times: u32,
    cases: BoxedStrategy<G::Position>,
    check: Check<G>,
) -> Property<GameProblem<G>> {
    Property {
        name,
        share: Share { times, per: 1 },
        cases,
        check: Box::new(check),
    }
}

/// The fast answer against the oracle at `p` for `question`.
fn matches_oracle<G: Game>(
    problem: &GameProblem<G>,
    p: &G::Position,
    question: Question,
) -> Result<(), CaseError> {
    let fast = problem.fast_for(p, question)?;
    match problem.joint(p, question) {
        Some(Ok(truth)) if truth == fast => Ok(()),
        Some(Ok(truth)) => Err(format!("the fast path says {fast}, the rules oracle {truth}").into()),
        Some(Err(why)) => Err(CaseError::unjudged(
            budget_of(&why),
            format!("the rules oracle cannot decide: {why}"),
        )),
        None => Err(CaseError::unjudged(
            Budget::Reach {
                limit: problem.game.oracle_reach(),
            },
            "the rules oracle is not asked about the position",
        )),
    }
}

impl<G: Game> Properties for GameProblem<G> {
    fn properties(&self) -> Vec<Property<Self>> {
        let cost = self.game.check_cost().max(1);
        let mut out = self.properties_at_unit_cost();
        for p in &mut out {
            p.share.per = p.share.per.saturating_mul(cost);
        }
        out
    }

    fn regressions(&self) -> &'static str {
        self.regressions
    }

    fn search_budget(&self) -> u64 {
        50_000
    }
}

impl<G: Game> GameProblem<G> {
    /// Returns the properties, each on its share as if a case cost one ordinary case.
    fn properties_at_unit_cost(&self) -> Vec<Property<Self>> {
        match self.mode {
            Mode::Game => {}
            Mode::Formula => {
                let cases = self.judged_positions();
                return vec![property::<G>("formula_matches_rules_oracle", 1, cases, |g, p| {
                    let says = g.fast_case(p)?;
                    match g.truth_case(p, g.question)? {
                        (truth, _) if truth == says => Ok(()),
                        (truth, "components") => Err(format!(
                            "the formula says {says}, the XOR of the components' values is {truth}"
                        )
                        .into()),
                        (truth, by) => Err(format!("the formula says {says}, the {by} says {truth}").into()),
                    }
                })];
            }
            Mode::Moves => {
                let cases = self.judged_positions();
                return vec![property::<G>("winning_move_is_certified", 1, cases, |g, p| {
                    g.certify(p)
                })];
            }
        }
        let small = self.small_positions();
        let large = self.positions(self.game.move_reach());
        let mut out = vec![property::<G>(
            "outcome_matches_rules_oracle",
            1,
            small.clone(),
            |g, p| matches_oracle(g, p, Question::default()),
        )];
        if !self.game.loopy() {
            out.push(property::<G>(
                "grundy_matches_rules_oracle",
                1,
                small.clone(),
                |g, p| {
                    matches_oracle(
                        g,
                        p,
                        Question {
                            play: Play::Normal,
                            grundy: true,
                        },
                    )
                },
            ));
        }
        out.push(property::<G>(
            "misere_matches_rules_oracle",
            1,
            small.clone(),
            |g, p| {
                matches_oracle(
                    g,
                    p,
                    Question {
                        play: Play::Misere,
                        grundy: false,
                    },
                )
            },
        ));
        // Only a game that splits its positions has a sum to compare (Moore's Nim_k is one
        // component, whatever its piles).
        let splits = || {
            [&[1, 1][..], &[2, 1], &[1, 2], &[2, 2], &[1, 1, 1]]
                .into_iter()
                .filter_map(G::Position::from_counts)
                .any(|p| self.game.check_position(&p).is_ok() && self.game.components(&p).len() > 1)
        };
        if G::Position::ARITY.is_none() && !self.game.loopy() && splits() {
            out.push(property::<G>(
                "sum_matches_joint_search",
                1,
                small.clone(),
                |g, p| {
                    let q = Question {
                        play: Play::Normal,
                        grundy: true,
                    };
                    match (g.joint(p, q), g.by_components(p, q)) {
                        (Some(Ok(joint)), Some(Ok(sum))) if joint == sum => Ok(()),
                        (Some(Ok(joint)), Some(Ok(sum))) => Err(format!(
                            "the XOR of the components' Grundy values is {sum}, the joint search says {joint}"
                        )
                        .into()),
                        (Some(Err(e)), _) | (_, Some(Err(e))) => Err(CaseError::unjudged(
                            budget_of(&e),
                            format!("an oracle cannot decide: {e}"),
                        )),
                        _ => Err(CaseError::unjudged(
                            Budget::Reach {
                                limit: g.game.oracle_reach(),
                            },
                            "an oracle is not asked about the position",
                        )),
                    }
                },
            ));
        }
        // Beyond the joint search's reach, as far as a second method of the game's own is
        // cheap.
        let medium = self.positions(self.game.oracle_reach().saturating_mul(16));
        for (name, check) in self.game.cross_checks() {
            out.push(Property {
                name,
                share: Share { times: 1, per: 1 },
                cases: medium.clone(),
                check: Box::new(move |g: &GameProblem<G>, p: &G::Position| {
                    check(g.game(), p).map_err(CaseError::from)
                }),
            });
        }
        for oracle in self.game.oracles() {
            out.push(Property {
                name: oracle.property,
                share: Share { times: 1, per: 1 },
                cases: oracle.reach.map_or_else(|| medium.clone(), |r| self.positions(r)),
                check: Box::new(move |g: &GameProblem<G>, p: &G::Position| {
                    super::oracle_checks::matches_fast_path(g, &oracle, p)
                }),
            });
        }
        out.push(property::<G>(
            "winning_move_is_certified",
            2,
            large.clone(),
            |g, p| g.certify(p),
        ));
        out.push(property::<G>(
            "fast_path_is_bellman_consistent",
            2,
            large,
            |g, p| g.bellman(p),
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take 1 or 2 stones, at a cost of `COST` ordinary cases a case.
    struct Take12<const COST: u32>;

    impl<const COST: u32> Game for Take12<COST> {
        type Position = u64;
        const NAME: &'static str = "take12";
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
        }
        fn check_cost(&self) -> u32 {
            COST
        }
    }

    fn cases<const COST: u32>(budget: u32) -> Vec<(&'static str, u32)> {
        let problem = GameProblem::new(Take12::<COST>, Question::default()).unwrap();
        problem
            .properties()
            .iter()
            .map(|p| (p.name, p.share.of(budget)))
            .collect()
    }

    #[test]
    fn a_dear_game_runs_its_cost_th_of_every_share() {
        let (cheap, dear) = (cases::<1>(100_000), cases::<20>(100_000));
        assert_eq!(cheap.len(), dear.len());
        assert!(!cheap.is_empty());
        for ((name, all), (same, part)) in cheap.iter().zip(&dear) {
            assert_eq!(name, same);
            assert_eq!(*part * 20, *all, "{name}");
        }
        // At least one case a property, however small the budget.
        assert!(cases::<20>(1).iter().all(|&(_, n)| n >= 1));
    }
}
