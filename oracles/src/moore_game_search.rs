//! Oracle: explicit game search for Moore's Nim_k, written from the rules alone. A move picks
//! between 1 and k non-empty piles and removes at least one stone from each (the amounts may
//! differ); a player who cannot move loses. It knows nothing of Moore's theorem.

use rustc_hash::FxHashMap;

/// Returns every position reachable in one move from `piles` in Moore's Nim_k, in the same
/// pile order (piles left at their size are unchanged), possibly with repeats.
///
/// # Constraints
/// The number of successors, up to Π(pᵢ + 1), must fit in memory: tiny positions only.
///
/// # Complexity
/// O(n · number of successors).
///
/// # Example
/// ```
/// use gamecheck_oracles::moore_game_search::successors;
/// // k = 1: one pile at a time.
/// assert_eq!(successors(&[1, 2], 1), vec![vec![1, 1], vec![1, 0], vec![0, 2]]);
/// // k = 2: also both at once.
/// assert_eq!(successors(&[1, 1], 2).len(), 3);
/// ```
pub fn successors(piles: &[u64], k: u32) -> Vec<Vec<u64>> {
    fn go(piles: &[u64], i: usize, budget: u32, changed: bool, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if i == piles.len() {
            if changed {
                out.push(cur.clone());
            }
            return;
        }
        cur.push(piles[i]);
        go(piles, i + 1, budget, changed, cur, out);
        cur.pop();
        if budget > 0 {
            for smaller in (0..piles[i]).rev() {
                cur.push(smaller);
                go(piles, i + 1, budget - 1, true, cur, out);
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(piles, 0, k, false, &mut Vec::with_capacity(piles.len()), &mut out);
    out
}

/// Memoized Grundy values of Moore's Nim_k positions, keyed on the sorted multiset of
/// non-empty piles (pile order and empty piles do not change the game).
pub struct GameSearch {
    k: u32,
    memo: FxHashMap<Vec<u64>, u32>,
}

fn key(piles: &[u64]) -> Vec<u64> {
    let mut key: Vec<u64> = piles.iter().copied().filter(|&p| p > 0).collect();
    key.sort_unstable();
    key
}

impl GameSearch {
    /// Returns an empty search for Moore's Nim_k.
    ///
    /// # Constraints
    /// None (k = 0 allows no move: every position has Grundy value 0).
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::moore_game_search::GameSearch;
    /// assert_eq!(GameSearch::new(6).positions(), 0);
    /// ```
    pub fn new(k: u32) -> GameSearch {
        GameSearch {
            k,
            memo: FxHashMap::default(),
        }
    }

    /// Returns the number of positions solved so far.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::moore_game_search::GameSearch;
    /// let mut g = GameSearch::new(1);
    /// g.grundy(&[2]);
    /// assert_eq!(g.positions(), 3); // [2], [1], []
    /// ```
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// Returns the Grundy value of `piles`: the mex of the Grundy values of its successors.
    ///
    /// # Constraints
    /// Tiny positions: every reachable position is enumerated with all its successors, and
    /// the recursion is as deep as the total number of stones.
    ///
    /// # Complexity
    /// O(Σ over reachable multisets of their successor counts), each multiset once.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::moore_game_search::GameSearch;
    /// let mut nim = GameSearch::new(1); // ordinary Nim: Grundy value is the xor
    /// assert_eq!(nim.grundy(&[3, 5]), 6);
    /// let mut g = GameSearch::new(2);
    /// assert_eq!(g.grundy(&[1, 1, 1]), 0);
    /// ```
    pub fn grundy(&mut self, piles: &[u64]) -> u32 {
        let key = key(piles);
        if let Some(&g) = self.memo.get(&key) {
            return g;
        }
        let mut next: Vec<Vec<u64>> = successors(&key, self.k).iter().map(|s| self::key(s)).collect();
        next.sort_unstable();
        next.dedup();
        let mut seen = vec![false; next.len() + 1];
        for s in &next {
            let g = self.grundy(s) as usize;
            if g < seen.len() {
                seen[g] = true;
            }
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        self.memo.insert(key, mex);
        mex
    }

    /// Returns whether `piles` is a loss for the player to move: Grundy value 0.
    ///
    /// # Constraints
    /// As for [`GameSearch::grundy`].
    ///
    /// # Complexity
    /// As for [`GameSearch::grundy`].
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::moore_game_search::GameSearch;
    /// let mut g = GameSearch::new(6);
    /// assert!(g.is_p(&[]));
    /// assert!(!g.is_p(&[1, 1]));
    /// ```
    pub fn is_p(&mut self, piles: &[u64]) -> bool {
        self.grundy(piles) == 0
    }
}
