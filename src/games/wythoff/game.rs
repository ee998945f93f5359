//! Wythoff's game as a [`Game`]: its moves, with the exact P-test and its winning move
//! as the fast paths, the mex table as a second method, and the Fibonacci diagonals as
//! descent hints. The default engines then give what the P-test alone cannot: misère
//! play, Grundy values and sums of Wythoff games, each judged by searches of the moves.

use crate::game::Settings;
use crate::game::Unanswered;
use std::fmt;
use std::sync::OnceLock;

use gamecheck_oracles::wythoff_mex_table::WythoffTable;

use super::rule::{floor_phi, is_p_position, winning_move};
use crate::game::{Answer, Field, Format, Game, Oracle, Outcome, Play, Position, Question, Search};

/// Two piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piles {
    pub x: u64,
    pub y: u64,
}

impl fmt::Display for Piles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
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

/// Piles below this are answered by the mex table.
pub(super) const TABLE_LIMIT: u64 = 1 << 20;

/// Returns whether (x, y) is a P-position by the classic mex table (built once, piles
/// below [`TABLE_LIMIT`]), or `None` beyond it.
pub(super) fn table_p(p: &Piles) -> Option<bool> {
    static TABLE: OnceLock<Option<WythoffTable>> = OnceLock::new();
    TABLE
        .get_or_init(|| WythoffTable::build(TABLE_LIMIT).ok())
        .as_ref()?
        .is_p_position(p.x, p.y)
}

/// Piles up to this are answered by the joint search of the rules, and up to 8 times this
/// (128) by the search of the one component: a box of L has Θ(L³) moves, and 16 keeps
/// the component search of every position below 128 near a tenth of a second. The mex
/// table judges the P-test beyond, up to 400,000 in `check`.
const RULES_REACH: u64 = 16;

/// Returns the P-positions of the Fibonacci diagonals below `p`'s diagonal, with their
/// diagonal neighbours, on `p`'s side of x = y: F·φ is within φ^(−n) of an integer
/// there, so a floating-point ⌊jφ⌋ first rounds wrong on them, and a descent by halving
/// alone never lands on them.
fn fibonacci_diagonals(p: &Piles) -> Vec<Piles> {
    let mut out = Vec::new();
    let j = p.x.abs_diff(p.y);
    let (mut f, mut next) = (1u64, 2u64);
    while f < j {
        if let Ok(a) = u64::try_from(floor_phi(f)) {
            for lo in [a.checked_sub(1), Some(a), a.checked_add(1)]
                .into_iter()
                .flatten()
            {
                if let Some(hi) = lo.checked_add(f) {
                    out.push(if p.x <= p.y {
                        Piles { x: lo, y: hi }
                    } else {
                        Piles { x: hi, y: lo }
                    });
                }
            }
        }
        (f, next) = (next, f.saturating_add(next));
    }
    out
}

/// Wythoff's game: take any positive number from one pile, or the same positive number
/// from both.
///
/// # Example
/// ```
/// use gamecheck::game::{check, Outcome};
/// use gamecheck::games::wythoff::{Piles, Wythoff};
/// // Ordinary Nim's rule carried over is refuted at (1, 1), where taking one from both
/// // piles wins.
/// let xor = check::outcome(Wythoff, |p: &Piles| Outcome::of(p.x ^ p.y != 0));
/// let least = xor.unwrap_err().refutation().map(|r| r.position);
/// assert_eq!(least, Some(Piles { x: 1, y: 1 }));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

impl Game for Wythoff {
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

    /// A pile of n has n moves from it, and both piles' as many again from both.
    fn move_count(&self, p: &Piles) -> Option<u128> {
        Some(u128::from(p.x) + u128::from(p.y) + u128::from(p.x.min(p.y)))
    }

    /// From one pile, or the same from both.
    fn is_move(&self, from: &Piles, to: &Piles) -> bool {
        match (from.x.checked_sub(to.x), from.y.checked_sub(to.y)) {
            (Some(0), Some(d)) | (Some(d), Some(0)) => d > 0,
            (Some(a), Some(b)) => a == b && a > 0,
            _ => false,
        }
    }

    /// The exact P-test, for every `u64` pair.
    fn outcome(&self, p: &Piles, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of_loss(is_p_position(p.x, p.y)))
    }

    /// Under normal play, the move to the P-position of the diagonal or of a pile; under
    /// misère play, the first move to a lost position.
    fn winning_move(
        &self,
        p: &Piles,
        play: Play,
        search: &mut Search<Self>,
    ) -> Result<Option<Piles>, Unanswered> {
        if play == Play::Normal {
            return Ok(winning_move(p.x, p.y).map(|(x, y)| Piles { x, y }));
        }
        if let Some(c) = self.move_count(p).filter(|&c| c > crate::game::MOVES_LISTED) {
            return Err(Unanswered::too_many_moves(c));
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
        vec![
            Oracle::new("p_test_matches_mex_table", "mex table", |_, p, q| {
                let is_p = if q == Question::default() {
                    table_p(p)?
                } else {
                    return None;
                };
                Some(Ok(Answer::Outcome(Outcome::of_loss(is_p))))
            })
            .within(400_000),
        ]
    }

    /// The P-positions of the Fibonacci diagonals below `p`'s, and their neighbours.
    fn descent(&self, p: &Piles) -> Vec<Piles> {
        fibonacci_diagonals(p)
    }

    /// A line `T`, then T lines `x y`; `First` when the player to move wins, `Second`
    /// otherwise. T and the piles are any `u64`.
    fn format(&self) -> Format<Self> {
        let mut format = Format::cases(1..=u64::MAX)
            .line([Field::number("x", 0..=u64::MAX), Field::number("y", 0..=u64::MAX)])
            .generated(20, 1000);
        format.labels = Some(("piles", "piles"));
        format
    }

    /// A winning move to a P-position, or that the position is one.
    fn explain(&self, p: &Piles, _: &Answer) -> Option<String> {
        Some(match winning_move(p.x, p.y) {
            Some((x, y)) => format!("play to ({x}, {y}), a P-position (⌊jφ⌋, ⌊jφ⌋ + j) or its mirror"),
            None => {
                let j = p.x.abs_diff(p.y);
                format!(
                    "({}, {}) is a P-position, (⌊jφ⌋, ⌊jφ⌋ + j) with j = {j}; every move leaves the opponent a win",
                    p.x, p.y
                )
            }
        })
    }

    /// Every position with at most 600 stones, then positions over the whole `u64` range,
    /// half of them next to a P-position.
    fn settings(&self) -> Settings<Self> {
        Settings {
            claim_domains: Some(|_| {
                (
                    super::catalog_claims::exhaustive(),
                    super::catalog_claims::random(),
                )
            }),
            ..Settings::default()
        }
    }
}
