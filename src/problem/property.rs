//! A property: a named comparison that `check` runs and the tests call, with its own
//! cases.

use proptest::strategy::BoxedStrategy;

use super::Problem;

/// How many cases a property runs for a budget of `cases` per unit share:
/// `cases * times / per`, at least one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub times: u32,
    pub per: u32,
}

impl Share {
    /// Returns the number of cases for a budget of `cases` per unit share.
    ///
    /// # Example
    /// ```
    /// use gamecheck::problem::Share;
    /// assert_eq!(Share { times: 2, per: 20 }.of(200), 20);
    /// assert_eq!(Share { times: 1, per: 20 }.of(1), 1);
    /// ```
    pub fn of(self, cases: u32) -> u32 {
        (cases / self.per.max(1)).max(1).saturating_mul(self.times)
    }
}

/// A property's check: `Ok` when the implementations agree at a case, else what differs.
pub type Check<P> = dyn Fn(&P, &<P as Problem>::Case) -> Result<(), String> + Send + Sync;

/// A comparison of implementations over generated cases, named for what it compares
/// (`rule_matches_minimax`, `count_matches_brute_force`).
pub struct Property<P: Problem> {
    pub name: &'static str,
    pub share: Share,
    /// The cases, boundary-biased.
    pub cases: BoxedStrategy<P::Case>,
    /// `Ok` when the implementations agree at a case, else what differs.
    pub check: Box<Check<P>>,
}
