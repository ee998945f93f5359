//! Nim with a winning move printed: a move takes any number of stones from one pile.
//!
//! Input: `T` (1 ≤ T ≤ 1000); each case a line `n` (1 ≤ n ≤ 100), then a line of the
//! n pile sizes (0 ≤ x_i ≤ 10^18). Output per case: `lose` if the player to move loses,
//! else a winning move `i y`: make pile i (1-based) hold y < x_i. Any winning move is
//! right.

use gamecheck::prelude::*;

const MAX: u64 = 1_000_000_000_000_000_000;

/// Nim; a position is the pile sizes.
#[derive(Default)]
pub struct Nim;

impl Game for Nim {
    type Position = Vec<u64>;
    const NAME: &'static str = "nim";

    fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &x) in piles.iter().enumerate() {
            out.extend((0..x).map(|y| [&piles[..i], &[y], &piles[i + 1..]].concat()));
        }
    }

    fn max_count(&self) -> u64 {
        MAX
    }

    fn move_count(&self, piles: &Vec<u64>) -> Option<u128> {
        Some(piles.iter().map(|&x| u128::from(x)).sum())
    }

    fn is_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> bool {
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from.get(i) != to.get(i)).collect();
        from.len() == to.len() && matches!(changed[..], [i] if to[i] < from[i])
    }

    fn components(&self, piles: &Vec<u64>) -> Vec<Vec<u64>> {
        piles.iter().map(|&x| vec![x]).collect()
    }

    fn outcome(&self, piles: &Vec<u64>, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of(nim_sum(piles) != 0))
    }

    /// The normal-play move, whatever `play` asks: this problem's.
    fn winning_move(
        &self,
        piles: &Vec<u64>,
        _: Play,
        _: &mut Search<Self>,
    ) -> Result<Option<Vec<u64>>, Unanswered> {
        Ok(first_winning_move(piles))
    }

    fn format(&self) -> Format<Nim> {
        Format::cases(1..=1000)
            .line([Field::len("n", 1..=100)])
            .line([Field::list("x_i", 0..=MAX)])
            .answer(Output::Move { lost: "lose" })
    }
}

// --- The formulas under test ---

/// The XOR of the pile sizes: the player to move loses exactly when it is 0 (Bouton).
pub fn nim_sum(piles: &[u64]) -> u64 {
    piles.iter().fold(0, |acc, &x| acc ^ x)
}

/// The winning move on the first pile that has one: pile i goes to x_i XOR s, which is
/// below x_i exactly when x_i has the highest bit of the nim-sum s.
pub fn first_winning_move(piles: &[u64]) -> Option<Vec<u64>> {
    let s = nim_sum(piles);
    let i = piles.iter().position(|&x| x ^ s < x)?;
    Some([&piles[..i], &[piles[i] ^ s], &piles[i + 1..]].concat())
}

/// A contestant's move: from the largest pile, to x XOR s, which can be more than x.
pub fn largest_pile_move(piles: &[u64]) -> Option<Vec<u64>> {
    let s = nim_sum(piles);
    if s == 0 {
        return None;
    }
    let i = (0..piles.len()).max_by_key(|&i| (piles[i], std::cmp::Reverse(i)))?;
    Some([&piles[..i], &[piles[i] ^ s], &piles[i + 1..]].concat())
}
