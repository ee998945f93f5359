//! A game's own second methods: oracles for small positions (a mex table, a minimax, a
//! dense table) that `check` cross-checks against the fast path by name, and that
//! `repro` shows beside the rules oracle.

use super::{Answer, Game, Play, Question};

/// A second method of a game's own, named: its answer to a question at a position, or
/// `None` where it does not reach (a position above its table, a question it does not
/// answer), which `check` then does not judge.
///
/// # Example
/// ```
/// use gamecheck::check::check_problem;
/// use gamecheck::game::{Answer, Game, GameProblem, Oracle, Outcome, Question};
/// /// Take 1 or 2 stones.
/// #[derive(Default)]
/// struct Take12;
/// impl Game for Take12 {
///     type Position = u64;
///     const NAME: &'static str = "take12";
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
///     }
///     fn max_count(&self) -> u64 {
///         1000
///     }
///     fn oracles(&self) -> Vec<Oracle<Take12>> {
///         vec![Oracle::new("grundy_matches_period_3", "period 3", |_, &n, q| {
///             (!q.misere()).then(|| Ok(if q.grundy { Answer::Grundy(n % 3) } else { Answer::Outcome(Outcome::of(n % 3 != 0)) }))
///         })]
///     }
/// }
/// assert_eq!(Take12.oracles()[0].answer(&Take12, &4, Question::default()), Some(Ok(Answer::Outcome(Outcome::Win))));
/// let problem = GameProblem::new(Take12, Question::default()).unwrap();
/// assert!(check_problem(&problem, 1, 64, None).is_ok());
/// ```
pub struct Oracle<G: Game> {
    /// The property `check` runs, named for what it compares (`grundy_matches_mex_table`).
    pub property: &'static str,
    /// The method's name in `repro` (`mex table`).
    pub name: &'static str,
    /// The largest count `check` draws for it, if not the default reach of a game's
    /// second methods (16 times [`Game::oracle_reach`]).
    pub reach: Option<u64>,
    method: Method<G>,
}

type AnswerFn<G> = fn(&G, &<G as Game>::Position, Question) -> Option<Result<Answer, String>>;

type CheckFn<G> = fn(&G, &<G as Game>::Position) -> Result<(), String>;

/// What a second method gives: an answer `check` compares with the fast path's, or its
/// own verdict on the fast path at a position.
enum Method<G: Game> {
    Answers(AnswerFn<G>),
    Checks(CheckFn<G>),
}

impl<G: Game> Clone for Method<G> {
    fn clone(&self) -> Method<G> {
        match *self {
            Method::Answers(f) => Method::Answers(f),
            Method::Checks(f) => Method::Checks(f),
        }
    }
}

impl<G: Game> Oracle<G> {
    /// Returns the oracle `name`, checked by the property `property`, whose answer is
    /// `answer` (`None` out of its reach).
    pub fn new(property: &'static str, name: &'static str, answer: AnswerFn<G>) -> Oracle<G> {
        Oracle {
            property,
            name,
            reach: None,
            method: Method::Answers(answer),
        }
    }

    /// Returns the check `name`, run as the property `property`: a second derivation of
    /// the fast path that judges it at a position by itself (`Err` says why it is wrong
    /// there) rather than answering a question (Chopsticks' rule against the case
    /// analysis it was derived from). `repro` does not show it.
    ///
    /// # Example
    /// ```
    /// use gamecheck::game::{Game, Oracle};
    /// /// Take 1 or 2 stones; a lost heap is a multiple of 3, and its moves never reach one.
    /// struct Take12;
    /// impl Game for Take12 {
    ///     type Position = u64;
    ///     const NAME: &'static str = "take12";
    ///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
    ///         out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
    ///     }
    ///     fn oracles(&self) -> Vec<Oracle<Take12>> {
    ///         vec![Oracle::check("losses_move_to_wins", "lost heaps", |g, &n| {
    ///             let mut moves = Vec::new();
    ///             g.moves(&n, &mut moves);
    ///             match moves.iter().find(|&&m| n % 3 == 0 && m % 3 == 0) {
    ///                 Some(m) => Err(format!("{n} and its move {m} are both lost")),
    ///                 None => Ok(()),
    ///             }
    ///         })]
    ///     }
    /// }
    /// let check = &Take12.oracles()[0];
    /// assert_eq!(check.verdict(&Take12, &6), Some(Ok(())));
    /// assert_eq!(check.answer(&Take12, &6, Default::default()), None);
    /// ```
    pub fn check(property: &'static str, name: &'static str, check: CheckFn<G>) -> Oracle<G> {
        Oracle {
            property,
            name,
            reach: None,
            method: Method::Checks(check),
        }
    }

    /// Returns the oracle with `check` drawing counts up to `max` for it.
    pub fn within(self, max: u64) -> Oracle<G> {
        Oracle {
            reach: Some(max),
            ..self
        }
    }

    /// Returns the oracle's answer to `question` at `p`, or `None` out of its reach.
    ///
    /// # Errors
    /// Why the method could not answer within its reach.
    pub fn answer(&self, game: &G, p: &G::Position, question: Question) -> Option<Result<Answer, String>> {
        match self.method {
            Method::Answers(answer) => answer(game, p, question),
            Method::Checks(_) => None,
        }
    }

    /// Returns a check's verdict on the fast path at `p` (`Err` says why it is wrong
    /// there), or `None` for a method that answers questions ([`Oracle::answer`]).
    pub fn verdict(&self, game: &G, p: &G::Position) -> Option<Result<(), String>> {
        match self.method {
            Method::Answers(_) => None,
            Method::Checks(check) => Some(check(game, p)),
        }
    }

    /// Returns whether the method answers questions (shown by `repro`), rather than
    /// judging the fast path by itself.
    pub fn answers(&self) -> bool {
        matches!(self.method, Method::Answers(_))
    }
}

impl<G: Game> Clone for Oracle<G> {
    fn clone(&self) -> Oracle<G> {
        Oracle {
            method: self.method.clone(),
            ..*self
        }
    }
}

impl Question {
    /// Returns whether the question is under misère play.
    pub fn misere(&self) -> bool {
        self.play == Play::Misere
    }
}
