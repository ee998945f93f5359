//! A game's own oracles against the fast path, for `check`, and beside the rules oracle,
//! for `repro`.

use super::GameProblem;
use crate::game_trait::{Answer, Game, Oracle, Play, Question};
use crate::problem::{Budget, CaseError, Evaluation};

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
        .filter(|o| o.answers())
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
    /// moves, and a wrong one (`WRONG`: period 4) is caught by name.
    #[derive(Default)]
    struct Take12<const WRONG: bool>;
    impl<const WRONG: bool> Game for Take12<WRONG> {
        type Position = u64;
        const NAME: &'static str = if WRONG { "take12-wrong" } else { "take12" };
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
        }
        fn max_count(&self) -> u64 {
            1000
        }
        fn oracles(&self) -> Vec<Oracle<Self>> {
            if WRONG {
                return vec![Oracle::new("outcome_matches_period_4", "period 4", |_, &n, q| {
                    (q == Question::default()).then(|| Ok(Answer::Outcome(Outcome::of(n % 4 != 0))))
                })];
            }
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

    #[test]
    fn a_right_oracle_passes_check_and_a_wrong_one_is_named() {
        let right = GameProblem::new(Take12::<false>, Question::default()).unwrap();
        if let Err(PropertyError::Fail(c)) = check_problem(&right, 1, 256, None) {
            panic!("{}: {} at {}", c.property, c.reason, c.case);
        }
        let wrong = GameProblem::new(Take12::<true>, Question::default()).unwrap();
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
