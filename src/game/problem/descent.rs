//! The candidates a least-counterexample search tries one step below a position: the
//! generic ones (each count lowered, a count dropped) and the game's own hints
//! ([`Game::descent`]), such as Wythoff's Fibonacci diagonals, where failures of a
//! formula line up along a structure that steps of one count would walk for ages.

use super::GameProblem;
use crate::game_trait::Game;
use crate::game_trait::position;

/// Returns the valid positions one step smaller than `p`: the generic steps, then the
/// game's hints that are smaller in the order of least counterexamples, without repeats.
pub(crate) fn smaller<G: Game>(problem: &GameProblem<G>, p: &G::Position) -> Vec<G::Position> {
    let key = position::key(p);
    let mut out: Vec<G::Position> = position::smaller(p);
    for q in problem.game().descent(p) {
        if position::key(&q) < key && !out.contains(&q) {
            out.push(q);
        }
    }
    out.retain(|q| problem.valid(q));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Question;

    /// Two piles; the hint jumps from (a, b) to (a / 2, b / 2).
    #[derive(Default)]
    struct Halves;
    impl Game for Halves {
        type Position = (u64, u64);
        const NAME: &'static str = "halves";
        fn moves(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            out.extend((0..a).map(|x| (x, b)).chain((0..b).map(|y| (a, y))));
        }
        fn descent(&self, &(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
            // One hint larger than the position: it must be left out.
            vec![(a / 2, b / 2), (a + 1, b)]
        }
    }

    #[test]
    fn hints_are_added_below_the_position_only() {
        let problem = GameProblem::new(Halves, Question::default()).unwrap();
        let got = smaller(&problem, &(10, 6));
        assert!(got.contains(&(5, 3)), "{got:?}");
        assert!(got.contains(&(9, 6)) && got.contains(&(10, 5)), "{got:?}");
        assert!(!got.contains(&(11, 6)), "{got:?}");
        assert!(got.iter().all(|q| position::key(q) < position::key(&(10, 6))));
    }
}
