//! Misère play of heap games on single heaps and small sums, by direct search: the player
//! who cannot move wins. (Misère quotients are out of scope: this is the search alone.)
//!
//! Misère play of a game is normal play of the same game with one extra move from every
//! position that has none, to a dead end: so the generic rules oracle decides it.
//!
//! A search's cost is known before it starts, from a bound on the positions it may meet
//! ([`Octal::misere_positions`](super::Octal::misere_positions)): at most
//! [`BYTES_PER_POSITION`] bytes and [`NANOS_PER_MOVE`] CPU nanoseconds per position and
//! move of the heap. So the reach within a time and memory budget is stated up front.

use gamecheck_oracles::rules_oracle::{DEFAULT_BUDGET, Rules, RulesError, RulesOracle};

use super::code::OctalCode;
use super::moves::HeapRules;

/// The most bytes a misère search holds per position it meets: the memo's entry (a list of
/// heaps, its value and the table's spare room) and the list's own allocation. Measured at
/// 93–148 bytes per position visited for Kayles (0.77) from heap 40 to heap 64.
pub const BYTES_PER_POSITION: u64 = 160;

/// The most CPU nanoseconds a misère search spends per position of its bound and move of
/// the heap asked. Measured from 2 (0.137, Dawson's chess: few of its positions are met) to
/// 100 (4.07) at heaps 40–76, on this 2-core machine under load.
pub const NANOS_PER_MOVE: u64 = 128;

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
    /// [`gamecheck_oracles::rules_oracle::DEFAULT_BUDGET`] positions.
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

    /// Returns the positions the search holds: its memory is at most
    /// [`BYTES_PER_POSITION`] bytes each.
    pub fn visited(&self) -> usize {
        self.oracle.visited()
    }

    /// Returns the most positions the search may hold.
    pub fn budget(&self) -> usize {
        self.oracle.budget()
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

    /// Misère Kayles through the game's own door (`Game::misere_outcome`) with a budget.
    fn kayles_game(seconds: u64, mib: u64) -> std::sync::Arc<crate::octal::Octal> {
        let budget = crate::budget::Budget {
            time: std::time::Duration::from_secs(seconds),
            memory: mib << 20,
        };
        let code = "0.77".parse().unwrap_or_else(|e| panic!("0.77: {e}"));
        std::sync::Arc::new(
            crate::octal::Octal::new(code, 1000)
                .for_misere()
                .with_budget(budget),
        )
    }

    fn ask(g: &std::sync::Arc<crate::octal::Octal>, p: &[u64]) -> Result<bool, crate::game::Unanswered> {
        use crate::game::Game;
        let mut search = crate::game::Search::new(std::sync::Arc::clone(g), crate::game::SEARCH_BUDGET);
        g.misere_outcome(&p.to_vec(), &mut search)
            .map(|o| o == crate::game::Outcome::Win)
    }

    #[test]
    fn misere_reach_is_set_by_the_memory_budget_and_the_refusal_names_it() {
        use crate::game::Game;
        // 64 MiB at 160 bytes a position: about 420,000 positions, the partitions of
        // every total up to 43 or so. The reach used to be 48 whatever the budget.
        let g = kayles_game(600, 64);
        let reach = g.misere_reach();
        assert!((30..48).contains(&reach), "{reach}");
        let refused = ask(&g, &[reach + 1]).map(|_| ()).map_err(|e| e.to_string());
        let why = refused.err().unwrap_or_default();
        assert!(
            why.contains(&format!("heap {}", reach + 1))
                && why.contains("memory budget of 64 MiB")
                && why.contains("--memory-budget")
                && why.contains(&format!("one heap up to {reach}")),
            "{why}"
        );
        assert_eq!(g.max_count(), reach);
        // Within the reach, the answers are a search of the pins'.
        let mut memo = HashMap::new();
        for n in 0..=18u64 {
            let rows = if n == 0 { vec![] } else { vec![n] };
            assert_eq!((n, ask(&g, &[n])), (n, Ok(kayles_wins(rows, &mut memo))));
        }
        for heaps in [[1u64, 4, 6], [2, 2, 7], [3, 5, 5]] {
            assert_eq!(ask(&g, &heaps), Ok(kayles_wins(heaps.to_vec(), &mut memo)));
        }
    }

    #[test]
    fn misere_reach_is_set_by_the_time_budget_and_grows_with_the_budgets() {
        // One CPU second at 128 ns per position and move: a smaller reach than the
        // defaults', and the refusal names the time budget.
        let short = kayles_game(1, 8192);
        let (reach, stop) = short.misere_reach_and_budget();
        assert_eq!(stop, crate::problem::Budget::Time { seconds: 1 });
        let why = ask(&short, &[reach + 1])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            why.contains("--time-budget")
                && why.contains("time budget of 1 CPU second ")
                && !why.contains("1 CPU seconds"),
            "{why}"
        );
        // The defaults (600 s, 8 GiB) reach past the 48 of the old fixed count.
        let default = kayles_game(600, 8192);
        assert!(
            default.misere_reach() > 48.max(reach),
            "{}",
            default.misere_reach()
        );
        // A question whose search may hold few positions (stress's probe of a fast path)
        // is refused at once, naming them, rather than searched within the game's budgets.
        use crate::game::Game;
        let mut few = crate::game::Search::new(std::sync::Arc::clone(&default), 64);
        let refused = default.misere_outcome(&vec![30], &mut few);
        assert!(
            matches!(&refused, Err(crate::game::Unanswered::Refused(why)) if why.contains("budget of 64 positions")),
            "{refused:?}"
        );
    }
}
