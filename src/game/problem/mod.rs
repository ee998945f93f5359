//! Any [`Game`] as a [`Problem`]: the fast answer is the game's own fast path (or a
//! formula under test), and the judges are oracles computed from the moves alone — the
//! joint search of the whole position, and the sum of its components' Grundy values.

use std::sync::{Arc, Mutex, MutexGuard};

use gamecheck_oracles::component_grundy::ComponentGrundy;
use gamecheck_oracles::misere::Misere;
use gamecheck_oracles::rules_oracle::{RulesError, RulesOracle};
use proptest::prelude::*;

use super::{
    Answer, FromFlags, Game, GameError, MOVES_LISTED, Oracle, Outcome, Play, Question, Settings, Unanswered,
};
use crate::game_trait::format::{Format, Output};
use crate::game_trait::position::{self, Position};
use crate::game_trait::search::{ByMoves, LISTED, Recycled, SEARCH_BUDGET, SEARCH_WORK, Search, budget_of};
use crate::game_trait::searches::Searches;
use crate::problem::{
    Below, Budget, CaseError, Evaluation, Flag, Flags, Least, Order, Problem, Properties, Property, Share,
};

mod certificate;
mod descent;
mod line_shape;
mod oracle_checks;
mod order;
mod properties;
mod spent;
mod truth;

pub(crate) use line_shape::LineShape;
pub(crate) use order::total_within;
pub(crate) use properties::AT_MOVE_REACH;

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
    /// The searches of the near-lost generator's winning moves: a sixteenth of a
    /// question's budgets, so what a stress run spends drawing inputs, in memory too,
    /// stays a share of what it spends judging them.
    near: Searches<G>,
    truth: Mutex<Truth<G>>,
    /// Why the domain last rejected a generated position.
    rejected: Arc<Mutex<Option<String>>>,
    /// The largest position (in the order of least counterexamples) an oracle judged.
    largest: Mutex<Option<G::Position>>,
    /// The least cases the oracles ran out of a budget at.
    spent: spent::SpentCases,
    /// The game's contest format, asked once.
    format: Format<G>,
    /// The game's own oracles that answer questions, asked once: claims consult them at
    /// every case.
    oracles: Vec<super::Oracle<G>>,
    /// The game's engine settings, asked once.
    settings: Settings<G>,
    /// How `solve` reads a case line of the common shape, from the format.
    pub(crate) line_shape: LineShape,
    /// The properties `check` runs: every one of the game's, or only the formula's.
    pub(crate) mode: Mode,
    /// The game's own `prove` and `plot`, which its registry line gives it.
    pub(crate) own: OwnCommands<G>,
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
        problem.line_shape = LineShape::of(&interactive.format, &*problem.game);
        problem.format = interactive.format;
        Ok(problem)
    }

    /// Returns the shared `game` asked `question`, as [`GameProblem::new`].
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
        let oracles = game.oracles().into_iter().filter(Oracle::answers).collect();
        let settings = game.settings();
        let (g1, g2, g3) = (Arc::clone(&game), Arc::clone(&game), Arc::clone(&game));
        let truth = Truth {
            joint: Recycled::new(SEARCH_BUDGET, RulesOracle::visited, move || {
                RulesOracle::with_budget(ByMoves(Arc::clone(&g1)), SEARCH_BUDGET)
                    .with_max_moves(LISTED)
                    .with_work(SEARCH_WORK)
            }),
            misere: Recycled::new(SEARCH_BUDGET, RulesOracle::visited, move || {
                RulesOracle::with_budget(Misere(ByMoves(Arc::clone(&g2))), SEARCH_BUDGET)
                    .with_max_moves(LISTED)
                    .with_work(SEARCH_WORK)
            }),
            sum: Recycled::new(SEARCH_BUDGET, ComponentGrundy::len, move || {
                ComponentGrundy::with_budget(ByMoves(Arc::clone(&g3)), SEARCH_BUDGET)
                    .with_max_moves(LISTED)
                    .with_work(SEARCH_WORK)
            }),
        };
        let line_shape = LineShape::of(&format, &*game);
        GameProblem {
            line_shape,
            search: Searches::new(Arc::clone(&game)),
            near: Searches::with_budget(Arc::clone(&game), SEARCH_BUDGET / 16, SEARCH_WORK / 16),
            truth: Mutex::new(truth),
            rejected: Arc::new(Mutex::new(None)),
            largest: Mutex::new(None),
            spent: spent::SpentCases::default(),
            format,
            oracles,
            settings,
            game,
            question,
            fast,
            fast_move,
            fast_name,
            args,
            mode: Mode::Game,
            own: OwnCommands::default(),
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

    /// Returns the game's own oracles that answer questions ([`Game::oracles`]).
    pub(crate) fn oracles(&self) -> &[super::Oracle<G>] {
        &self.oracles
    }

    /// Returns the game's engine settings ([`Game::settings`]).
    pub(crate) fn settings(&self) -> &Settings<G> {
        &self.settings
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

    /// Makes the expected answers the rules' alone (a search of the moves), whatever fast
    /// paths the game has.
    pub(crate) fn answer_by_rules(&mut self) {
        let question = self.question;
        self.fast = Box::new(move |_: &G, p: &G::Position, s: &mut Search<G>| s.answer(question, p));
        self.fast_move = Box::new(move |g: &G, p: &G::Position, s: &mut Search<G>| {
            if let Some(c) = crate::game_trait::too_many_to_list(g, p) {
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

    /// Drops what the calling thread's fast-path search memoized (after `check`'s run of
    /// the fast path, and between a test set's candidates).
    pub(crate) fn forget(&self) {
        self.search.forget();
    }

    /// Returns the fast path's winning move at `p`, or `None` where it calls `p` lost.
    pub(crate) fn fast_move(&self, p: &G::Position) -> Result<Option<G::Position>, Unanswered> {
        (self.fast_move)(&self.game, p, &mut self.search.lock())
    }

    /// Returns the fast path's winning move at `p` as [`Self::fast_move`] does, searched
    /// within the near-lost generator's budgets (a sixteenth of a question's).
    pub(crate) fn fast_move_near(&self, p: &G::Position) -> Result<Option<G::Position>, Unanswered> {
        (self.fast_move)(&self.game, p, &mut self.near.lock())
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
        rows.extend(oracle_checks::evaluations(self, p));
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

/// The subcommands a game has of its own, in place of the generic ones: what its registry
/// line gives it (`[own_prove own_plot]`).
pub(crate) struct OwnCommands<G> {
    pub(crate) prove: Option<fn(&G) -> &dyn crate::prove::ProveCommand>,
    pub(crate) plot: Option<fn(&G) -> &dyn crate::plot::PlotCommand>,
}

impl<G> Default for OwnCommands<G> {
    fn default() -> Self {
        OwnCommands {
            prove: None,
            plot: None,
        }
    }
}
