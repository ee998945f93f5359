//! Misère play of heap games on single heaps and small sums, by direct search: the player
//! who cannot move wins. (Misère quotients are out of scope: this is the search alone.)
//!
//! Misère play of a game is normal play of the same game with one extra move from every
//! position that has none, to a dead end: so the generic rules oracle decides it.

use gamecheck_oracles::rules_oracle::{DEFAULT_BUDGET, Rules, RulesError, RulesOracle};

use super::code::OctalCode;
use super::moves::HeapRules;

/// The moves of a heap game, plus one move from each position without moves to a dead end
/// (`None`).
struct MisereRules(HeapRules);

impl Rules for MisereRules {
    type Position = Option<Vec<u64>>;

    fn moves(&self, p: &Option<Vec<u64>>, out: &mut Vec<Option<Vec<u64>>>) {
        let Some(heaps) = p else {
            return;
        };
        let mut normal = Vec::new();
        self.0.moves(heaps, &mut normal);
        if normal.is_empty() {
            out.push(None);
        } else {
            out.extend(normal.into_iter().map(Some));
        }
    }
}

/// Misère outcomes of sums of heaps of one game, memoized across queries.
pub struct MisereSearch {
    oracle: RulesOracle<MisereRules>,
}

impl MisereSearch {
    /// Returns a search for `code` holding at most
    /// [`DEFAULT_BUDGET`](gamecheck_oracles::rules_oracle::DEFAULT_BUDGET) positions.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, misere::MisereSearch};
    /// let mut s = MisereSearch::new(&"0.77".parse::<OctalCode>()?);
    /// // One pin: knock it down and lose. Two pins: knock one down and win.
    /// assert_eq!((s.wins(&[1]), s.wins(&[2])), (Ok(false), Ok(true)));
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn new(code: &OctalCode) -> MisereSearch {
        MisereSearch::with_budget(code, DEFAULT_BUDGET)
    }

    /// Returns a search for `code` holding at most `positions` positions.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, misere::MisereSearch};
    /// use gamecheck_oracles::rules_oracle::RulesError;
    /// let mut s = MisereSearch::with_budget(&"0.77".parse::<OctalCode>()?, 50);
    /// assert_eq!(s.wins(&[40]), Err(RulesError::OutOfReach { budget: 50 }));
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn with_budget(code: &OctalCode, positions: usize) -> MisereSearch {
        MisereSearch {
            oracle: RulesOracle::with_budget(MisereRules(HeapRules::new(code.clone())), positions),
        }
    }

    /// Returns whether the player to move wins the sum of `heaps` under misère play (empty
    /// heaps are ignored; the empty sum is a win: the player to move cannot move).
    ///
    /// # Errors
    /// [`RulesError::OutOfReach`] when the search would hold more positions than its budget.
    ///
    /// # Complexity
    /// Every position reachable from the sum, once: the partitions of the heaps' moves.
    ///
    /// # Example
    /// Misère Nim (every heap at most 4, so 0.3333 is Nim): with a heap above 1 the
    /// player to move wins exactly when the nim-sum is not 0.
    /// ```
    /// use gamecheck::octal::{code::OctalCode, misere::MisereSearch};
    /// let mut s = MisereSearch::new(&"0.3333".parse::<OctalCode>()?);
    /// assert_eq!(s.wins(&[1, 2, 3]), Ok(false));
    /// assert_eq!(s.wins(&[1, 1]), Ok(true));
    /// assert_eq!(s.wins(&[]), Ok(true));
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn wins(&mut self, heaps: &[u64]) -> Result<bool, RulesError> {
        let mut p: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        p.sort_unstable();
        self.oracle.wins(&Some(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn search(code: &str) -> MisereSearch {
        MisereSearch::new(&code.parse().unwrap_or_else(|e| panic!("{code}: {e}")))
    }

    #[test]
    fn misere_nim_matches_boutons_misere_rule() {
        let mut s = search("0.3333");
        for a in 0..=4u64 {
            for b in a..=4 {
                for c in b..=4 {
                    for d in c..=4 {
                        let heaps = [a, b, c, d];
                        let xor = a ^ b ^ c ^ d;
                        // All heaps at most 1: win with an even number of ones; else
                        // win with a non-zero nim-sum.
                        let want = if heaps.iter().all(|&h| h <= 1) {
                            xor == 0
                        } else {
                            xor != 0
                        };
                        assert_eq!((heaps, s.wins(&heaps)), (heaps, Ok(want)));
                    }
                }
            }
        }
    }

    /// Misère Kayles by a search written from the pins: a row of n pins loses one pin or
    /// two adjacent ones, leaving rows on either side.
    fn kayles_wins(rows: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(&rows) {
            return w;
        }
        let mut any_move = false;
        let mut win = false;
        'rows: for (i, &n) in rows.iter().enumerate() {
            for take in 1..=2.min(n) {
                for left in 0..=n - take {
                    any_move = true;
                    let mut next: Vec<u64> = rows[..i].iter().chain(&rows[i + 1..]).copied().collect();
                    next.extend([left, n - take - left].into_iter().filter(|&r| r > 0));
                    next.sort_unstable();
                    if !kayles_wins(next, memo) {
                        win = true;
                        break 'rows;
                    }
                }
            }
        }
        let w = win || !any_move;
        memo.insert(rows, w);
        w
    }

    #[test]
    fn misere_kayles_matches_a_search_of_the_pins() {
        let mut s = search("0.77");
        let mut memo = HashMap::new();
        for n in 0..=20u64 {
            assert_eq!(
                (n, s.wins(&[n])),
                (
                    n,
                    Ok(kayles_wins(if n == 0 { vec![] } else { vec![n] }, &mut memo))
                )
            );
        }
        for heaps in [[1u64, 4, 6], [2, 2, 7], [3, 5, 5], [1, 1, 9]] {
            assert_eq!(s.wins(&heaps), Ok(kayles_wins(heaps.to_vec(), &mut memo)));
        }
    }
}
