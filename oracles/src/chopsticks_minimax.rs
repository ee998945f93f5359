//! Oracle 1: memoized minimax over (a, c, b, d), written from the rules alone
//! (the editorial's subtask 1). It knows nothing of the fast rule.

use std::collections::HashMap;

/// A position from the mover's side: own one-finger, own two-finger, opponent's
/// one-finger, opponent's two-finger hands.
pub type Position = (u64, u64, u64, u64);

/// Returns the legal successors of `p`, each seen from the new player to move.
/// A conversion (1 on 1) that would overflow `u64` is left out.
///
/// # Complexity
/// O(1); at most four successors.
///
/// # Example
/// ```
/// use gamecheck_oracles::chopsticks_minimax::successors;
/// // 1 on 1 converts, 1 on 2 removes.
/// assert_eq!(successors((1, 0, 1, 1)), vec![(0, 2, 1, 0), (1, 0, 1, 0)]);
/// ```
pub fn successors(p: Position) -> Vec<Position> {
    let (a, c, b, d) = p;
    let mut next = Vec::with_capacity(4);
    // My one-finger hand on their one-finger hand: theirs becomes a two.
    if a > 0
        && b > 0
        && let Some(d1) = d.checked_add(1)
    {
        next.push((b - 1, d1, a, c));
    }
    // Any hand on their two-finger hand removes it (2 + 1 > 2 and 2 + 2 > 2).
    if (a > 0 || c > 0) && d > 0 {
        next.push((b, d - 1, a, c));
    }
    // My two-finger hand on their one-finger hand removes it (1 + 2 > 2).
    if c > 0 && b > 0 {
        next.push((b - 1, d, a, c));
    }
    next
}

/// Memoized minimax. Shares its table across queries, as the editorial's subtask 1 does.
#[derive(Default)]
pub struct Minimax {
    memo: HashMap<Position, bool>,
}

impl Minimax {
    /// Returns an empty solver.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::chopsticks_minimax::Minimax;
    /// assert_eq!(Minimax::new().states(), 0);
    /// ```
    pub fn new() -> Minimax {
        Minimax::default()
    }

    /// Returns the number of positions solved so far.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::chopsticks_minimax::Minimax;
    /// let mut m = Minimax::new();
    /// m.wins((1, 0, 1, 0));
    /// assert!(m.states() > 0);
    /// ```
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Returns whether the player to move wins `p` with best play.
    ///
    /// # Constraints
    /// The reachable positions must fit in memory: about (a + c + 1)² (b + d + 1)² of them,
    /// so totals of a few hundred hands. Uses an explicit stack, never deep recursion.
    ///
    /// # Complexity
    /// O(reachable positions) time and space, once; O(1) for a memoized position.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::chopsticks_minimax::Minimax;
    /// let mut m = Minimax::new();
    /// assert!(!m.wins((1, 0, 1, 0)));
    /// assert!(m.wins((1, 0, 1, 1)));
    /// assert!(!m.wins((0, 0, 0, 0)));
    /// ```
    pub fn wins(&mut self, p: Position) -> bool {
        let mut stack = vec![p];
        while let Some(&top) = stack.last() {
            if self.memo.contains_key(&top) {
                stack.pop();
                continue;
            }
            let (a, c, b, d) = top;
            if a == 0 && c == 0 {
                self.memo.insert(top, false);
                stack.pop();
                continue;
            }
            if b == 0 && d == 0 {
                self.memo.insert(top, true);
                stack.pop();
                continue;
            }
            let next = successors(top);
            let pending: Vec<Position> = next
                .iter()
                .copied()
                .filter(|q| !self.memo.contains_key(q))
                .collect();
            if pending.is_empty() {
                let win = next.iter().any(|q| !self.memo[q]);
                self.memo.insert(top, win);
                stack.pop();
            } else {
                stack.extend(pending);
            }
        }
        self.memo[&p]
    }
}
