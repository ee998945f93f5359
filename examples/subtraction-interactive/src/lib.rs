//! An interactive subtraction game: one heap, a move takes s stones for some s in the
//! set S; who cannot move loses.
//!
//! The judge writes a line `k` (1 ≤ k ≤ 10) and a line of the k moves s_i
//! (1 ≤ s_i ≤ 60), then `T` (1 ≤ T ≤ 100); each game starts with a line `n`
//! (0 ≤ n ≤ 10^18). The program writes `First` or `Second`; a move is the heap's new
//! size. After each move of the program the judge writes `0` if it cannot move (the
//! program won), `-1` after an illegal move or when its own move would win (and stops),
//! else the heap's new size. A game lasts at most 60 moves; then it is adjudicated by
//! the oracle, or beyond its reach by the period: the program wins it if it stands in a
//! won position.

use std::collections::HashMap;
use std::sync::OnceLock;

use gamecheck::game::{Field, Format, FromFlags, Game, GameError, Outcome, Play, Search, Unanswered};
use gamecheck::interactive::{Interactive, Notation};
use gamecheck::problem::{Flag, Flags};

/// The subtraction game of a set S.
pub struct Take {
    set: Vec<u64>,
    /// Where the outcomes repeat from, the period, and the outcomes up to one period on.
    period: OnceLock<(u64, u64, Vec<bool>)>,
}

impl Take {
    /// Returns the game whose moves are `set` (1 to 10 moves, each 1 to 60).
    pub fn new(mut set: Vec<u64>) -> Result<Take, String> {
        set.sort_unstable();
        set.dedup();
        if set.is_empty() || set.len() > 10 || set.iter().any(|s| !(1..=60).contains(s)) {
            return Err(format!("S = {set:?}: 1 to 10 moves, each from 1 to 60"));
        }
        Ok(Take {
            set,
            period: OnceLock::new(),
        })
    }

    /// Returns whether the player to move at a heap of `n` wins: the outcomes from n on
    /// depend on the last max(S) of them, so they repeat once such a window does.
    pub fn wins(&self, n: u64) -> bool {
        let (e, p, v) = self.period.get_or_init(|| {
            let m = self.set[self.set.len() - 1];
            let (mut v, mut seen, mut window) = (Vec::new(), HashMap::new(), 0u64);
            loop {
                let i = v.len() as u64;
                // A window names the outcomes before i only once it holds max(S) of them.
                if i >= m {
                    if let Some(&first) = seen.get(&window) {
                        return (first, i - first, v);
                    }
                    seen.insert(window, i);
                }
                let w = self.set.iter().any(|&s| s <= i && !v[(i - s) as usize]);
                v.push(w);
                window = ((window << 1) | u64::from(w)) & (u64::MAX >> (64 - m));
            }
        });
        v[if n < e + p { n } else { e + (n - e) % p } as usize]
    }
}

impl Game for Take {
    type Position = u64;
    const NAME: &'static str = "take";

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(self.set.iter().filter_map(|&s| n.checked_sub(s)));
    }

    fn max_count(&self) -> u64 {
        1_000_000_000_000_000_000
    }

    fn outcome(&self, &n: &u64, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of(self.wins(n)))
    }

    fn winning_move(&self, &n: &u64, _: Play, _: &mut Search<Self>) -> Result<Option<u64>, Unanswered> {
        Ok(self
            .set
            .iter()
            .filter_map(|&s| n.checked_sub(s))
            .find(|&m| !self.wins(m)))
    }

    fn interactive(&self) -> Option<Interactive<Take>> {
        let header = vec![vec![Field::len("k", 1..=10)], vec![Field::list("s_i", 1..=60)]];
        let start = Format::cases(1..=100)
            .header(header, self.set.clone(), |s| Take::new(s.to_vec()))
            .line([Field::number("n", 0..=self.max_count())]);
        Some(
            Interactive::new(start)
                .notation(Notation::Position)
                .ends("0", "-1")
                .max_moves(60),
        )
    }
}

impl FromFlags for Take {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::numbers(
                "set",
                "The moves: take s stones for each s in the set.",
                &["1", "3", "4"],
            )
            .value_name("S"),
        ]
    }

    fn from_flags(flags: &Flags) -> Result<Take, GameError> {
        Take::new(flags.numbers("set")?.to_vec()).map_err(|why| GameError::Invalid { flag: "set", why })
    }
}
