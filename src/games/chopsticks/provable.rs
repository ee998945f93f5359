//! Chopsticks as a [`Provable`] problem: the fast rule against the dense table on every
//! state with each count below L.

use std::ops::Range;

use gamecheck_oracles::chopsticks_table::{MAX_LIMIT, Table, TableError};

use super::problem::Chopsticks;
use super::rule::outcome;
use super::state::{Outcome, State};
use crate::problem::{Mismatch, Provable, Tally};
use crate::prove::ProveError;

/// Every state (a, c, b, d) with each count below `max_count` (L), numbered
/// ((a·L + c)·L + b)·L + d.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChopsticksDomain {
    pub max_count: u64,
}

fn counts(l: u64, i: u64) -> (u64, u64, u64, u64) {
    (i / (l * l * l), i / (l * l) % l, i / l % l, i % l)
}

fn outcome_of(wins: bool) -> Outcome {
    if wins { Outcome::Win } else { Outcome::Loss }
}

/// # Constraints
/// 1 ≤ L ≤ 256 ([`TableError::Limit`] otherwise): the table of L^4 bits is built once
/// per proof, whatever the shard (512 MiB at L = 256).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{Chopsticks, ChopsticksDomain, State};
/// use gamecheck::problem::Provable;
/// let (problem, domain) = (Chopsticks::default(), ChopsticksDomain { max_count: 10 });
/// assert_eq!(problem.domain_size(&domain), Ok(10_000));
/// assert_eq!(problem.case(&domain, 1234), State::new(1, 2, 3, 4));
/// assert!(problem.domain_size(&ChopsticksDomain { max_count: 257 }).is_err());
/// ```
impl Provable for Chopsticks {
    type Domain = ChopsticksDomain;
    type Oracle = Table;
    type Worker = ();

    fn domain_size(&self, domain: &ChopsticksDomain) -> Result<u64, ProveError> {
        let l = domain.max_count;
        if !(1..=MAX_LIMIT).contains(&l) {
            return Err(ProveError::Oracle(TableError::Limit(l).to_string()));
        }
        Ok(l.pow(4))
    }

    fn case(&self, domain: &ChopsticksDomain, index: u64) -> State {
        let (a, c, b, d) = counts(domain.max_count, index);
        State::new(a, c, b, d)
    }

    fn prepare(&self, domain: &ChopsticksDomain, _range: &Range<u64>) -> Result<Table, ProveError> {
        Table::build(domain.max_count).map_err(|e| ProveError::Oracle(e.to_string()))
    }

    fn worker(&self, _table: &Table) {}

    fn oracle_answer(&self, table: &Table, _: &mut (), s: &State) -> Result<Outcome, String> {
        let count = |x: u128| u64::try_from(x).unwrap_or(u64::MAX);
        table
            .wins(count(s.a), count(s.c), count(s.b), count(s.d))
            .map(outcome_of)
            .ok_or_else(|| format!("{s} is outside the table"))
    }

    fn statement(&self, domain: &ChopsticksDomain) -> String {
        format!(
            "chopsticks fast rule = dense table, every count below {}",
            domain.max_count
        )
    }

    fn parameters(&self, domain: &ChopsticksDomain) -> serde_json::Value {
        serde_json::json!({ "max_count": domain.max_count })
    }

    fn unit(&self) -> &'static str {
        "states"
    }

    fn oracle_name(&self) -> &'static str {
        "dense table"
    }

    /// Walks the counts directly, without building a `State` per oracle call: the
    /// default costs 6% more CPU on the whole `--max-count 128` proof.
    fn prove_range(
        &self,
        domain: &ChopsticksDomain,
        table: &Table,
        _: &mut (),
        range: Range<u64>,
        tally: &mut Tally<State, Outcome>,
    ) {
        let l = domain.max_count;
        for index in range {
            let (a, c, b, d) = counts(l, index);
            let rule = outcome(State::new(a, c, b, d));
            let wins = table.wins(a, c, b, d);
            if wins.map(outcome_of) != Some(rule) {
                tally.record(|| Mismatch {
                    index,
                    case: State::new(a, c, b, d),
                    fast: Ok(rule),
                    oracle: wins
                        .map(outcome_of)
                        .ok_or_else(|| format!("({a}, {c}, {b}, {d}) is outside the table")),
                });
            }
        }
    }
}
