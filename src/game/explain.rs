//! Why a game's answer is what it is, for `solve --explain`: the fast path's winning move
//! ([`Game::winning_move`]) and what it leaves, or why the player to move has none.

use super::problem::GameProblem;
use super::{Answer, Game, Outcome, Play, Position};

impl<G: Game> GameProblem<G> {
    /// Returns why `answer` is the answer at `p`: for a win, the winning move and the loss
    /// it leaves; for a loss, that every move leaves a win (or that there is no move); for
    /// a draw, that no move leaves a loss; for a Grundy value, the move to value 0.
    pub(crate) fn explanation(&self, p: &G::Position, answer: &Answer) -> String {
        let play = self.question().play;
        let no_move = self.has_no_move(p);
        let winning = |won: &str| match self.fast_move(p) {
            Ok(Some(q)) => format!(
                "{won}: the move to {} leaves the opponent a loss",
                self.game().describe(&q)
            ),
            Ok(None) if no_move == Some(true) && play == Play::Misere => {
                format!("{won}: no move is left, and under misère play the player who cannot move wins")
            }
            Ok(None) => format!("{won}, but the fast path names no winning move"),
            Err(why) => format!("{won}; no winning move shown: {why}"),
        };
        match answer {
            Answer::Outcome(Outcome::Win) => winning("a win"),
            Answer::Grundy(g) if *g > 0 => winning(&format!("Grundy value {g}, a win")),
            Answer::Outcome(Outcome::Loss) | Answer::Grundy(0) => {
                let lost = match answer {
                    Answer::Grundy(_) => "Grundy value 0, a loss",
                    _ => "a loss",
                };
                match no_move {
                    Some(true) => format!("{lost}: no move is left"),
                    _ => format!("{lost}: every move leaves the opponent a win"),
                }
            }
            Answer::Outcome(Outcome::Draw) => {
                "a draw: no move leaves the opponent a loss, and a move keeps the draw".to_owned()
            }
            other => format!("{other}"),
        }
    }

    /// Returns whether `p` has no move: as [`Game::move_count`] says, else by listing
    /// them where the oracles reach (a position beyond may have too many to list).
    fn has_no_move(&self, p: &G::Position) -> Option<bool> {
        if let Some(c) = self.game().move_count(p) {
            return Some(c == 0);
        }
        let total: u128 = p.counts().iter().map(|&v| u128::from(v)).sum();
        (total <= u128::from(self.game().oracle_reach())).then(|| {
            let mut moves = Vec::new();
            self.game().moves(p, &mut moves);
            moves.is_empty()
        })
    }
}
