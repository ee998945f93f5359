//! The catalog of claims users want checked, by id.

use super::chopsticks_claims::{
    corrected_rule, greedy_remove_two_first, seed_subtask2_everywhere, seed_three_bullets,
};
use super::chopsticks_engine::check_chopsticks_claim;
use super::verdict::ClaimReport;
use crate::chopsticks::State;

/// One claim of the catalog.
pub struct Entry {
    pub id: &'static str,
    pub game: &'static str,
    pub text: &'static str,
    check: fn(&Entry, u64, u32) -> ClaimReport,
}

impl Entry {
    /// Returns the verdict on this claim under `seed`, with `cases` random cases after the
    /// exhaustive range.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// That of the claim's engine: a few seconds at most for the built-in claims, except
    /// the seed's own algorithm, which is given a time budget.
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::{catalog, ClaimVerdict};
    /// let entry = catalog().into_iter().find(|e| e.id == "corrected-rule");
    /// assert_eq!(entry.map(|e| e.check(1, 1000).verdict), Some(ClaimVerdict::Holds));
    /// ```
    pub fn check(&self, seed: u64, cases: u32) -> ClaimReport {
        (self.check)(self, seed, cases)
    }
}

fn chopsticks(entry: &Entry, seed: u64, cases: u32, claim: fn(State) -> bool) -> ClaimReport {
    check_chopsticks_claim(entry.id, entry.text, &|s| Ok(claim(s)), seed, cases)
}

/// Returns every claim of the catalog, in a fixed order.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// let ids: Vec<&str> = gamecheck::claims::catalog().iter().map(|e| e.id).collect();
/// assert!(ids.contains(&"seed-three-bullets"));
/// ```
pub fn catalog() -> Vec<Entry> {
    vec![
        Entry {
            id: "seed-three-bullets",
            game: "chopsticks",
            text: "the editorial's three bullets read literally: n > m wins; m >= n + 2 loses; when n = m, lose exactly when b = m and a is odd; otherwise lose",
            check: |e, seed, cases| chopsticks(e, seed, cases, seed_three_bullets),
        },
        Entry {
            id: "seed-subtask2-everywhere",
            game: "chopsticks",
            text: "first player wins iff n > m, or n = m and n is even, applied to every position",
            check: |e, seed, cases| chopsticks(e, seed, cases, seed_subtask2_everywhere),
        },
        Entry {
            id: "greedy-remove-two-first",
            game: "chopsticks",
            text: "a position is a win iff the greedy move (remove an opposing two-finger hand when possible, else a one-finger hand with a two-finger hand, else convert) leads to a loss",
            check: |e, seed, cases| chopsticks(e, seed, cases, greedy_remove_two_first),
        },
        Entry {
            id: "corrected-rule",
            game: "chopsticks",
            text: "the verified fast rule (gamecheck::chopsticks::outcome)",
            check: |e, seed, cases| chopsticks(e, seed, cases, corrected_rule),
        },
    ]
}
