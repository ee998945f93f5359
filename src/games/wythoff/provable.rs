//! Wythoff's game as a [`Provable`] problem: the exact P-test against the mex table on
//! every pair of piles below L.

use gamecheck_oracles::wythoff_mex_table::{MAX_LIMIT, WythoffTable};

use super::problem::{Piles, Wythoff, Outcome};
use crate::problem::Provable;
use crate::prove::ProveError;

/// Every position (x, y) with both piles below `max_pile` (L), numbered x·L + y.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WythoffDomain {
    pub max_pile: u64,
}

/// # Constraints
/// 1 ≤ L ≤ 2^26 (the mex table's limit), else [`ProveError::Range`].
///
/// # Example
/// ```
/// use gamecheck::problem::Provable;
/// use gamecheck::games::wythoff::{Piles, Wythoff, WythoffDomain};
/// let domain = WythoffDomain { max_pile: 10 };
/// assert_eq!(Wythoff::default().domain_size(&domain), Ok(100));
/// assert_eq!(Wythoff::default().case(&domain, 37), Piles { x: 3, y: 7 });
/// ```
impl Provable for Wythoff {
    type Domain = WythoffDomain;
    type Oracle = WythoffTable;
    type Worker = ();

    fn domain_size(&self, domain: &WythoffDomain) -> Result<u64, ProveError> {
        let l = domain.max_pile;
        if !(1..=MAX_LIMIT).contains(&l) {
            return Err(ProveError::Range(format!(
                "--max-pile {l}: the mex table covers 1 to {MAX_LIMIT} piles"
            )));
        }
        Ok(l * l)
    }

    fn case(&self, domain: &WythoffDomain, index: u64) -> Piles {
        Piles {
            x: index / domain.max_pile,
            y: index % domain.max_pile,
        }
    }

    fn prepare(
        &self,
        domain: &WythoffDomain,
        _range: &std::ops::Range<u64>,
    ) -> Result<WythoffTable, ProveError> {
        WythoffTable::build(domain.max_pile).map_err(|e| ProveError::Range(e.to_string()))
    }

    fn worker(&self, _table: &WythoffTable) {}

    fn oracle_answer(&self, table: &WythoffTable, _: &mut (), p: &Piles) -> Result<Outcome, String> {
        table
            .is_p_position(p.x, p.y)
            .map(Outcome::of_loss)
            .ok_or_else(|| format!("{p} is outside the table"))
    }

    fn statement(&self, domain: &WythoffDomain) -> String {
        format!("wythoff P-test = mex table, every pile below {}", domain.max_pile)
    }

    fn parameters(&self, domain: &WythoffDomain) -> serde_json::Value {
        serde_json::json!({ "max_pile": domain.max_pile })
    }

    fn unit(&self) -> &'static str {
        "positions"
    }

    fn oracle_name(&self) -> &'static str {
        "mex table"
    }
}
