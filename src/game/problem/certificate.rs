//! The fast path judged beyond every oracle: its winning move certified (legal, to a lost
//! position) and its answers Bellman-consistent with its answers at the moves.

use super::*;

impl<G: Game> GameProblem<G> {
    /// Checks the fast path's winning move at `p` under the question's play, as
    /// [`Self::certify`] does, its failure as text.
    pub(crate) fn certificate(&self, p: &G::Position) -> Result<(), String> {
        self.certify(p).map_err(|e| e.to_string())
    }

    /// Checks the fast path's winning move at `p` under the question's play: legal, and
    /// leading to a position lost for the opponent (by an oracle where one reaches, else
    /// by the fast path); `None` exactly where `p` is lost, or, under misère play, won
    /// without a move. Unjudged where neither an
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
                // Under misère play the player who cannot move wins, with no move to give.
                (Outcome::Win, _) if play == Play::Misere && self.moves(p).is_empty() => Ok(()),
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
    pub(super) fn draw_certificate(&self, p: &G::Position, judge: &Judge<'_, G>) -> Result<(), CaseError> {
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
    pub(super) fn bellman(&self, p: &G::Position) -> Result<(), CaseError> {
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
                let mex = crate::game::mex::mex(&mut seen);
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
                // Under misère play the mover with no move wins.
                let mut must = if moves.is_empty() && self.question.play == Play::Misere {
                    Outcome::Win
                } else {
                    Outcome::Loss
                };
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
}
