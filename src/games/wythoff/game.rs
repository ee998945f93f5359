//! Wythoff's game as a [`Game`]: its moves, with the exact P-test and its winning move
//! as the fast paths. The default engines then give what the P-test alone cannot:
//! misère play, Grundy values and sums of Wythoff games, each judged by searches of the
//! moves.

use crate::game::Unanswered;
use std::sync::OnceLock;

use gamecheck_oracles::wythoff_mex_table::WythoffTable;

use super::problem::{Piles, TABLE_LIMIT, fibonacci_diagonals};
use super::rule::{is_p_position, winning_move};
use crate::game::{Answer, Game, Oracle, Outcome, Play, Position, Question, Search};

/// Returns whether (x, y) is a P-position by the classic mex table (built once, piles
/// below [`TABLE_LIMIT`]), or `None` beyond it.
fn table_p(p: &Piles) -> Option<bool> {
    static TABLE: OnceLock<Option<WythoffTable>> = OnceLock::new();
    TABLE
        .get_or_init(|| WythoffTable::build(TABLE_LIMIT).ok())
        .as_ref()?
        .is_p_position(p.x, p.y)
}

/// A position is its two piles; a claim also reads `j = |x - y|`, the diagonal.
impl Position for Piles {
    const ARITY: Option<usize> = Some(2);

    fn counts(&self) -> Vec<u64> {
        vec![self.x, self.y]
    }

    fn from_counts(c: &[u64]) -> Option<Piles> {
        match *c {
            [x, y] => Some(Piles { x, y }),
            _ => None,
        }
    }

    fn names() -> &'static [&'static str] {
        &["x", "y", "j"]
    }

    fn summary(&self) -> Vec<i128> {
        vec![self.x.into(), self.y.into(), self.x.abs_diff(self.y).into()]
    }
}

/// Piles up to this are answered by the rules oracle: Θ(L³) moves below piles of L in
/// all keep the joint search near a second.
pub(super) const RULES_REACH: u64 = 64;

/// Wythoff's game through [`Game`]: take any positive number from one pile, or the same
/// positive number from both.
///
/// # Example
/// ```
/// use gamecheck::game::{check, Outcome};
/// use gamecheck::games::wythoff::{Piles, WythoffGame};
/// // Ordinary Nim's rule carried over is refuted at (1, 1), where taking one from both
/// // piles wins.
/// let xor = check::outcome(WythoffGame, |p: &Piles| Outcome::of(p.x ^ p.y != 0));
/// let least = xor.unwrap_err().refutation().map(|r| r.position);
/// assert_eq!(least, Some(Piles { x: 1, y: 1 }));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct WythoffGame;

impl Game for WythoffGame {
    type Position = Piles;
    const NAME: &'static str = "wythoff";

    fn moves(&self, &Piles { x, y }: &Piles, out: &mut Vec<Piles>) {
        out.extend((0..x).map(|v| Piles { x: v, y }));
        out.extend((0..y).map(|v| Piles { x, y: v }));
        out.extend((1..=x.min(y)).map(|t| Piles { x: x - t, y: y - t }));
    }

    fn oracle_reach(&self) -> u64 {
        RULES_REACH
    }

    /// The exact P-test, for every `u64` pair.
    fn outcome(&self, p: &Piles, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of_loss(is_p_position(p.x, p.y)))
    }

    /// Under normal play, the move to the P-position of the diagonal or of a pile; under
    /// misère play, the first move to a lost position.
    fn winning_move(&self, p: &Piles, play: Play, search: &mut Search<Self>) -> Result<Option<Piles>, Unanswered> {
        if play == Play::Normal {
            return Ok(winning_move(p.x, p.y).map(|(x, y)| Piles { x, y }));
        }
        let mut moves = Vec::new();
        self.moves(p, &mut moves);
        for q in moves {
            if self.misere_outcome(&q, search)? == Outcome::Loss {
                return Ok(Some(q));
            }
        }
        Ok(None)
    }

    fn describe(&self, p: &Piles) -> String {
        p.to_string()
    }

    /// The classic mex table of P-positions, for who wins under normal play.
    fn oracles(&self) -> Vec<Oracle<Self>> {
        vec![Oracle::new("p_test_matches_mex_table", "mex table", |_, p, q| {
            let is_p = if q == Question::default() { table_p(p)? } else { return None };
            Some(Ok(Answer::Outcome(Outcome::of_loss(is_p))))
        })
        .within(400_000)]
    }

    /// The P-positions of the Fibonacci diagonals below `p`'s, and their neighbours.
    fn descent(&self, p: &Piles) -> Vec<Piles> {
        fibonacci_diagonals(p)
    }
}
