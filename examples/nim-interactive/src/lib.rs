//! Interactive Nim: a move takes any number of stones from one pile; who takes the last
//! stone wins.
//!
//! The judge writes a line `T` (1 ≤ T ≤ 100); each game then starts with a line `n`
//! (1 ≤ n ≤ 100) and a line of the n pile sizes (0 ≤ x_i ≤ 10^9), and is played to its
//! end before the next game's lines are written. The program writes `First` or
//! `Second`; then the players alternate, the chosen first player first. A move is a line
//! `i y`: pile i (1-based) now holds y, with 0 ≤ y < x_i. After each move of the
//! program the judge writes `0 0` if the program has just taken the last stone, `-1 -1`
//! if the move was illegal, and otherwise its own move `i y`; if its own move would take
//! the last stone, or the program chose the losing side, it writes `-1 -1` instead.
//! After `-1 -1` the judge stops and the program must exit. When the program chose
//! `Second`, the judge moves first (and writes `0 0` at once when the start has no move).

use gamecheck::game::{Field, Format, Game, Outcome, Play, Search, Settings, Unanswered};
use gamecheck::interactive::Interactive;

const MAX: u64 = 1_000_000_000;

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

    fn max_len(&self) -> usize {
        100
    }

    fn move_count(&self, piles: &Vec<u64>) -> Option<u128> {
        Some(piles.iter().map(|&x| u128::from(x)).sum())
    }

    fn is_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> bool {
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from.get(i) != to.get(i)).collect();
        from.len() == to.len() && matches!(changed[..], [i] if to[i] < from[i])
    }

    /// Bouton's theorem: the player to move wins exactly when the nim-sum is not 0, so
    /// stress takes the fast path's answers without probing the rules first.
    fn settings(&self) -> Settings<Nim> {
        Settings {
            fast_path_proved: true,
            ..Settings::default()
        }
    }

    fn components(&self, piles: &Vec<u64>) -> Vec<Vec<u64>> {
        piles.iter().map(|&x| vec![x]).collect()
    }

    fn outcome(&self, piles: &Vec<u64>, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of(nim_sum(piles) != 0))
    }

    fn winning_move(
        &self,
        piles: &Vec<u64>,
        _: Play,
        _: &mut Search<Self>,
    ) -> Result<Option<Vec<u64>>, Unanswered> {
        let s = nim_sum(piles);
        let Some(i) = piles.iter().position(|&x| x ^ s < x) else {
            return Ok(None);
        };
        Ok(Some([&piles[..i], &[piles[i] ^ s], &piles[i + 1..]].concat()))
    }

    fn interactive(&self) -> Option<Interactive<Nim>> {
        let start = Format::cases(1..=100)
            .line([Field::len("n", 1..=100)])
            .line([Field::list("x_i", 0..=MAX)]);
        // First / Second, moves `i y`, `0 0` won and `-1 -1` lost: the defaults.
        Some(Interactive::new(start))
    }
}

/// The XOR of the pile sizes: the player to move loses exactly when it is 0 (Bouton).
pub fn nim_sum(piles: &[u64]) -> u64 {
    piles.iter().fold(0, |acc, &x| acc ^ x)
}
