//! Simple chopsticks given by its moves alone, for the generic rules oracle.

use gamecheck_oracles::rules_oracle::Rules;

use super::position::Position;

/// The moves of simple chopsticks with hands of 1 to `F` fingers (Dailly, Gledel,
/// Nowakowski and Santos, arXiv 2406.09083): point one of your hands, of i fingers, at one
/// of the opponent's, of j fingers; theirs becomes i + j fingers, or is removed when
/// i + j > F. There are no splits, so no position repeats. A player with no hands has lost.
///
/// # Example
/// ```
/// use gamecheck::simple_chopsticks::{Position, SimpleRules};
/// use gamecheck_oracles::rules_oracle::Rules;
/// let mut out = Vec::new();
/// // One one-finger hand each, F = 2: 1 on 1 makes the opponent's hand a two.
/// SimpleRules::<2>.moves(&Position { mover: [1, 0], other: [1, 0] }, &mut out);
/// assert_eq!(out, [Position { mover: [0, 1], other: [1, 0] }]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SimpleRules<const F: usize>;

impl<const F: usize> Rules for SimpleRules<F> {
    type Position = Position<F>;

    fn moves(&self, p: &Position<F>, out: &mut Vec<Position<F>>) {
        if p.hands() == 0 {
            return;
        }
        if p.opponent_hands() == 0 {
            // The opponent has already lost; hand them the turn they cannot play.
            out.push(Position {
                mover: p.other,
                other: p.mover,
            });
            return;
        }
        // Biggest attackers on biggest targets first: removals are the likely winners,
        // and the oracle tries moves in this order.
        for i in (1..=F).rev() {
            if p.mover[i - 1] == 0 {
                continue;
            }
            for j in (1..=F).rev() {
                if p.other[j - 1] == 0 {
                    continue;
                }
                let mut hit = p.other;
                hit[j - 1] -= 1;
                if i + j <= F {
                    let Some(grown) = hit[i + j - 1].checked_add(1) else {
                        continue;
                    };
                    hit[i + j - 1] = grown;
                }
                out.push(Position {
                    mover: hit,
                    other: p.mover,
                });
            }
        }
    }
}
