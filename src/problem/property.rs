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

/// What stopped a side from answering a case: the budget or reach it ran out of.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Budget {
    /// A search would hold more than `limit` positions.
    Positions { limit: u64 },
    /// A search met a position on its own path: the game repeats positions, and the
    /// side asked does not define its answer there.
    Cycle,
    /// The case has a count above `limit`, the largest an oracle is asked about.
    Reach { limit: u64 },
    /// The case has more than `limit` moves to list.
    Moves { limit: u128 },
    /// A search spent more than `seconds` of CPU time (`--time-budget`).
    Time { seconds: u64 },
    /// A search would hold more than `mib` MiB (`--memory-budget`).
    Memory { mib: u64 },
    /// A search went more than `limit` moves deep (its stack is bounded, not the game).
    Depth { limit: u64 },
    /// The run had spent its `seconds` of CPU time (`check --max-seconds`): the case was
    /// not run.
    Run { seconds: u64 },
    /// A search would list and store more than `limit` moves and positions (its work
    /// budget, counted per question: a bound on its time and memory alike on any machine).
    Work { limit: u64 },
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Positions { limit } => write!(f, "budget of {limit} positions"),
            Budget::Cycle => f.write_str("cycle"),
            Budget::Reach { limit } => write!(f, "reach: counts above {limit}"),
            Budget::Moves { limit } => write!(f, "more than {limit} moves"),
            Budget::Time { seconds } => write!(f, "time budget of {}", crate::units::cpu_seconds(seconds)),
            Budget::Memory { mib } => write!(f, "memory budget of {mib} MiB"),
            Budget::Depth { limit } => write!(f, "depth of {limit} moves"),
            Budget::Run { seconds } => write!(
                f,
                "run budget of {} (not run)",
                crate::units::cpu_seconds(seconds)
            ),
            Budget::Work { limit } => write!(f, "work budget of {limit} moves listed and positions stored"),
        }
    }
}

/// Why a property's check did not find agreement at a case.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CaseError {
    /// Both sides answered, differently: a counterexample.
    #[error("{0}")]
    Disagree(String),
    /// A side ran out of its budget or reach: the case is not judged.
    #[error("unjudged ({budget}): {reason}")]
    Unjudged { budget: Budget, reason: String },
}

impl CaseError {
    /// Returns the case unjudged for `budget`, with `reason`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::problem::{Budget, CaseError};
    /// let e = CaseError::unjudged(Budget::Cycle, "the search met a cycle");
    /// assert!(!e.is_disagree());
    /// assert!(CaseError::from("1 != 2".to_owned()).is_disagree());
    /// ```
    pub fn unjudged(budget: Budget, reason: impl Into<String>) -> CaseError {
        CaseError::Unjudged {
            budget,
            reason: reason.into(),
        }
    }

    /// Returns whether the case is a counterexample.
    pub fn is_disagree(&self) -> bool {
        matches!(self, CaseError::Disagree(_))
    }
}

/// A plain message is a disagreement, so checks written with `String` errors keep their
/// meaning.
impl From<String> for CaseError {
    fn from(why: String) -> CaseError {
        CaseError::Disagree(why)
    }
}

impl From<&str> for CaseError {
    fn from(why: &str) -> CaseError {
        CaseError::Disagree(why.to_owned())
    }
}

/// A property's check: `Ok` when the implementations agree at a case, a
/// [`CaseError::Disagree`] with what differs, or [`CaseError::Unjudged`] with the budget
/// that stopped a side.
pub type Check<P> = dyn Fn(&P, &<P as Problem>::Case) -> Result<(), CaseError> + Send + Sync;

/// A comparison of implementations over generated cases, named for what it compares
/// (`rule_matches_minimax`, `count_matches_brute_force`).
pub struct Property<P: Problem> {
    pub name: &'static str,
    pub share: Share,
    /// The cases, boundary-biased.
    pub cases: BoxedStrategy<P::Case>,
    /// `Ok` when the implementations agree at a case, else what differs or what stopped
    /// a side.
    pub check: Box<Check<P>>,
}

impl<P: Problem> Property<P> {
    /// Returns the property whose check answers with plain messages, each a
    /// disagreement.
    pub fn plain(
        name: &'static str,
        share: Share,
        cases: BoxedStrategy<P::Case>,
        check: impl Fn(&P, &P::Case) -> Result<(), String> + Send + Sync + 'static,
    ) -> Property<P> {
        Property {
            name,
            share,
            cases,
            check: Box::new(move |p, c| check(p, c).map_err(CaseError::from)),
        }
    }
}
