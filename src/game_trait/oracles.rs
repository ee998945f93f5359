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
    answer: AnswerFn<G>,
}

type AnswerFn<G> = fn(&G, &<G as Game>::Position, Question) -> Option<Result<Answer, String>>;

impl<G: Game> Oracle<G> {
    /// Returns the oracle `name`, checked by the property `property`, whose answer is
    /// `answer` (`None` out of its reach).
    pub fn new(property: &'static str, name: &'static str, answer: AnswerFn<G>) -> Oracle<G> {
        Oracle {
            property,
            name,
            reach: None,
            answer,
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
        (self.answer)(game, p, question)
    }
}

impl<G: Game> Clone for Oracle<G> {
    fn clone(&self) -> Oracle<G> {
        Oracle { ..*self }
    }
}

impl Question {
    /// Returns whether the question is under misère play.
    pub fn misere(&self) -> bool {
        self.play == Play::Misere
    }
}
