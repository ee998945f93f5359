//! A game's own second methods: oracles for small positions (a mex table, a minimax, a
//! dense table) that `check` cross-checks against the fast path by name, and that
//! `repro` shows beside the rules oracle.

use super::problem::GameProblem;
use super::{Answer, Game, Play, Question};
use crate::problem::{Budget, CaseError, Evaluation};

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

/// The questions an oracle is asked in `check`: who wins, the Grundy value (unless the
/// game is loopy), who wins under misère play.
fn questions<G: Game>(game: &G) -> Vec<Question> {
    let mut out = vec![Question::default()];
    if !game.loopy() {
        out.push(Question {
            play: Play::Normal,
            grundy: true,
        });
    }
    out.push(Question {
        play: Play::Misere,
        grundy: false,
    });
    out
}

/// Checks `oracle` against the fast path at `p` on every question it answers: a
/// disagreement only where both answer; unjudged where either cannot, with what stopped it.
pub(crate) fn matches_fast_path<G: Game>(
    problem: &GameProblem<G>,
    oracle: &Oracle<G>,
    p: &G::Position,
) -> Result<(), CaseError> {
    let game = problem.game();
    for question in questions(game) {
        let Some(said) = oracle.answer(game, p, question) else {
            continue;
        };
        let said = said.map_err(|why| {
            CaseError::unjudged(
                Budget::Reach {
                    limit: oracle.reach.unwrap_or(game.oracle_reach()),
                },
                format!("the {} cannot answer: {why}", oracle.name),
            )
        })?;
        let fast = problem.fast_for(p, question)?;
        if fast != said {
            return Err(CaseError::Disagree(format!(
                "the fast path says {fast}, the {} {said}",
                oracle.name
            )));
        }
    }
    Ok(())
}

/// Returns the rows `repro` shows for the game's oracles at `p`, for the problem's
/// question: each one's answer, or why it does not reach.
pub(crate) fn evaluations<G: Game>(problem: &GameProblem<G>, p: &G::Position) -> Vec<Evaluation<Answer>> {
    problem
        .game()
        .oracles()
        .iter()
        .map(|o| match o.answer(problem.game(), p, problem.question()) {
            Some(Ok(a)) => Evaluation::answer(o.name, a),
            Some(Err(why)) => Evaluation::out_of_reach(o.name, why),
            None => Evaluation::out_of_reach(o.name, "out of its reach".into()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{PropertyError, check_problem};
    use crate::game::Outcome;

    /// Take 1 or 2 stones; the oracle is the period (0, 1, 2), written apart from the
    /// moves, and a wrong one is caught by name.
    #[derive(Default)]
    struct Take12;
    impl Game for Take12 {
        type Position = u64;
        const NAME: &'static str = "take12";
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
        }
        fn max_count(&self) -> u64 {
            1000
        }
        fn oracles(&self) -> Vec<Oracle<Take12>> {
            vec![Oracle::new("grundy_matches_period", "period", |_, &n, q| {
                (!q.misere()).then(|| {
                    Ok(if q.grundy {
                        Answer::Grundy(n % 3)
                    } else {
                        Answer::Outcome(Outcome::of(n % 3 != 0))
                    })
                })
            })]
        }
    }

    /// The same game with a wrong oracle: period 4.
    #[derive(Default)]
    struct WrongOracle;
    impl Game for WrongOracle {
        type Position = u64;
        const NAME: &'static str = "take12-wrong";
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
        }
        fn max_count(&self) -> u64 {
            1000
        }
        fn oracles(&self) -> Vec<Oracle<WrongOracle>> {
            vec![Oracle::new("outcome_matches_period_4", "period 4", |_, &n, q| {
                (q == Question::default()).then(|| Ok(Answer::Outcome(Outcome::of(n % 4 != 0))))
            })]
        }
    }

    #[test]
    fn a_right_oracle_passes_check_and_a_wrong_one_is_named() {
        let right = GameProblem::new(Take12, Question::default()).unwrap();
        if let Err(PropertyError::Fail(c)) = check_problem(&right, 1, 256, None) {
            panic!("{}: {} at {}", c.property, c.reason, c.case);
        }
        let wrong = GameProblem::new(WrongOracle, Question::default()).unwrap();
        match check_problem(&wrong, 1, 256, None) {
            Err(PropertyError::Fail(c)) => {
                assert_eq!(c.property, "outcome_matches_period_4");
                // Least: 3 is the first heap the period 4 calls won and the moves lost.
                assert_eq!(c.case, 3);
            }
            Err(PropertyError::Abort(why)) => panic!("aborted: {why}"),
            Ok(_) => panic!("the wrong oracle passed"),
        }
    }
}
