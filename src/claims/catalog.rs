//! The catalog of claims users want checked, by id, each with the verdict it should
//! reach. Each registry line names its game's entries; the catalog is their union over
//! the registry, in its order (`Registry::catalog`).

use super::verdict::{ClaimReport, ClaimVerdict};

/// One claim of the catalog.
pub struct Entry {
    pub id: &'static str,
    /// The problem the claim is about, as its reports label it.
    pub game: &'static str,
    pub text: &'static str,
    /// The verdict the claim should reach: `gamecheck claims` fails when it does not.
    pub expected: ClaimVerdict,
    check: fn(&Entry, u64, u32) -> ClaimReport,
}

impl Entry {
    /// Returns the entry `id` about `game`, described by `text`, that should reach
    /// `expected`; `check(entry, seed, cases)` runs the claims engine on it.
    pub fn new(
        id: &'static str,
        game: &'static str,
        text: &'static str,
        expected: ClaimVerdict,
        check: fn(&Entry, u64, u32) -> ClaimReport,
    ) -> Entry {
        Entry {
            id,
            game,
            text,
            expected,
            check,
        }
    }

    /// Returns the verdict on this claim under `seed`, with `cases` random cases after the
    /// exhaustive range, and the verdict the catalog expects.
    ///
    /// # Complexity
    /// That of the claims engine: a few seconds at most for the built-in claims, except
    /// the seed's own algorithm, which is given a time budget.
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::ClaimVerdict;
    /// let entry = gamecheck::games::catalog().into_iter().find(|e| e.id == "corrected-rule");
    /// let report = entry.map(|e| e.check(1, 1000));
    /// assert!(report.is_some_and(|r| r.verdict == ClaimVerdict::Holds && r.as_expected()));
    /// ```
    pub fn check(&self, seed: u64, cases: u32) -> ClaimReport {
        let mut report = (self.check)(self, seed, cases);
        report.expected = Some(self.expected);
        report
    }
}
