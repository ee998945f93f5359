//! The cross-checks of heap games: the sparse-space method against the plain mex oracle
//! and the generic rules oracle, and a proved period against the oracle's values.
//!
//! Each returns the least disagreement, typed, so that `check` and the tests report it
//! the same way.

use std::fmt;

use gamecheck_oracles::octal_mex::{OctalMexError, TakeAndBreak};
use gamecheck_oracles::rules_oracle::{RulesError, RulesOracle};
use thiserror::Error;

use super::code::OctalCode;
use super::guy_smith::PeriodResult;
use super::moves::HeapRules;
use super::sparse_space::SparseSpace;

/// The least heap where two methods disagree on G(n).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The game.
    pub code: OctalCode,
    /// The least heap with different values.
    pub n: u64,
    /// The sparse-space method's value.
    pub sparse: u32,
    /// The oracle's value.
    pub oracle: u32,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: G({}) is {} by the sparse-space method but {} by the oracle",
            self.code, self.n, self.sparse, self.oracle
        )
    }
}

/// Why a cross-check fails.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CrossCheckError {
    /// The two methods disagree.
    #[error("{0}")]
    Mismatch(Mismatch),
    /// The oracle could not read the code (the two parsers disagree).
    #[error("the oracle rejects {code}: {source}")]
    Code {
        /// The code.
        code: OctalCode,
        /// The oracle's reason.
        source: OctalMexError,
    },
    /// The rules oracle gave no answer.
    #[error("the rules oracle gives no answer for {code} at heap {n}: {source}")]
    Rules {
        /// The code.
        code: OctalCode,
        /// The heap.
        n: u64,
        /// Why.
        source: RulesError,
    },
    /// The search of a sum of two heaps disagrees with the XOR of their values.
    #[error(
        "{code}: the sum of heaps {a} and {b} has value {searched} by the search, not G({a}) ^ G({b}) = {xor}"
    )]
    Sum {
        /// The code.
        code: OctalCode,
        /// The two heaps.
        a: u64,
        /// The second heap.
        b: u64,
        /// The search's value.
        searched: u64,
        /// The XOR of the sparse-space values.
        xor: u32,
    },
    /// A proved period does not hold on the oracle's values.
    #[error("{code}: {what}")]
    Period {
        /// The code.
        code: OctalCode,
        /// What fails, with the heap.
        what: String,
    },
}

/// Returns the plain mex oracle's values G(0..`heaps`), the oracle reading the code from
/// its text.
///
/// # Errors
/// [`CrossCheckError::Code`] if the oracle reads the code differently.
///
/// # Complexity
/// O(n²) for an octal code, O(n³) for a hexadecimal one.
///
/// # Example
/// ```
/// use gamecheck::octal::{code::OctalCode, crosscheck::plain_mex};
/// assert_eq!(plain_mex(&OctalCode::grundy(), 6)?, [0, 0, 0, 1, 0, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn plain_mex(code: &OctalCode, heaps: usize) -> Result<Vec<u32>, CrossCheckError> {
    let rules = TakeAndBreak::parse(&code.to_string()).map_err(|source| CrossCheckError::Code {
        code: code.clone(),
        source,
    })?;
    Ok(rules.nim_values(heaps))
}

/// Returns the first disagreement between `sparse` and `oracle` as a mismatch.
fn first_difference(code: &OctalCode, sparse: &[u32], oracle: &[u32]) -> Result<(), CrossCheckError> {
    match sparse.iter().zip(oracle).position(|(a, b)| a != b) {
        None => Ok(()),
        Some(n) => Err(CrossCheckError::Mismatch(Mismatch {
            code: code.clone(),
            n: n as u64,
            sparse: sparse[n],
            oracle: oracle[n],
        })),
    }
}

/// Checks the sparse-space method against the plain mex oracle on heaps below `heaps`.
///
/// # Errors
/// [`CrossCheckError::Mismatch`] at the least heap where they differ.
///
/// # Complexity
/// The oracle's: O(n²) for an octal code.
///
/// # Example
/// ```
/// use gamecheck::octal::{code::OctalCode, crosscheck::sparse_matches_plain_mex};
/// sparse_matches_plain_mex(&"0.16".parse::<OctalCode>()?, 2000)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sparse_matches_plain_mex(code: &OctalCode, heaps: usize) -> Result<(), CrossCheckError> {
    let oracle = plain_mex(code, heaps)?;
    let mut s = SparseSpace::new(code);
    s.extend_to(heaps);
    first_difference(code, &s.values().to_vec(), &oracle)
}

/// Checks the sparse-space method against the generic rules oracle's search of single heaps
/// below `heaps`, and of the sums of two of them (the XOR of their values).
///
/// # Errors
/// [`CrossCheckError::Mismatch`] at the least heap where they differ,
/// [`CrossCheckError::Rules`] if the search is out of reach.
///
/// # Complexity
/// The search visits every sum of heaps reachable: keep `heaps` small (≤ 20).
///
/// # Example
/// ```
/// use gamecheck::octal::{code::OctalCode, crosscheck::sparse_matches_rules_oracle};
/// sparse_matches_rules_oracle(&"0.77".parse::<OctalCode>()?, 14)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sparse_matches_rules_oracle(code: &OctalCode, heaps: usize) -> Result<(), CrossCheckError> {
    let mut s = SparseSpace::new(code);
    s.extend_to(heaps);
    let sparse = s.values().to_vec();
    let mut oracle = RulesOracle::new(HeapRules::new(code.clone()));
    let mut searched = Vec::with_capacity(heaps);
    for n in 0..heaps as u64 {
        let position = if n == 0 { vec![] } else { vec![n] };
        let v = oracle
            .grundy(&position)
            .map_err(|source| CrossCheckError::Rules {
                code: code.clone(),
                n,
                source,
            })?;
        searched.push(v as u32);
    }
    first_difference(code, &sparse, &searched)?;
    // A sum of two heaps has the XOR of their values (Sprague–Grundy): the search of the
    // sum checks the moves on sums, not only on one heap.
    let last = heaps.saturating_sub(1) as u64;
    for (a, b) in [(last / 2, last - last / 2), (1, last), (last, last)] {
        if a == 0 || b == 0 {
            continue;
        }
        let v = oracle
            .grundy(&vec![a.min(b), a.max(b)])
            .map_err(|source| CrossCheckError::Rules {
                code: code.clone(),
                n: a + b,
                source,
            })?;
        let xor = sparse[a as usize] ^ sparse[b as usize];
        if v != u64::from(xor) {
            return Err(CrossCheckError::Sum {
                code: code.clone(),
                a,
                b,
                searched: v,
                xor,
            });
        }
    }
    Ok(())
}

/// Checks a proved period against the plain mex oracle's values, computed to
/// `result.heaps_computed`: the values repeat with the period from the preperiod on, not from
/// one heap earlier, and with no proper divisor of the period.
///
/// # Errors
/// [`CrossCheckError::Period`] naming what fails.
///
/// # Complexity
/// The oracle's on `heaps_computed` heaps.
///
/// # Example
/// ```
/// use gamecheck::octal::{code::OctalCode, crosscheck::period_holds_on_plain_values, guy_smith::find_period};
/// let r = find_period(&"0.07".parse::<OctalCode>()?, 10_000, &())?;
/// period_holds_on_plain_values(&r)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn period_holds_on_plain_values(result: &PeriodResult) -> Result<(), CrossCheckError> {
    let code = &result.code;
    let fail = |what: String| CrossCheckError::Period {
        code: code.clone(),
        what,
    };
    let (Some(e), Some(p), true) = (result.preperiod, result.period, result.proved) else {
        return Ok(());
    };
    let (e, p) = (e as usize, p as usize);
    let g = plain_mex(code, result.heaps_computed as usize)?;
    if let Some(n) = (e..g.len().saturating_sub(p)).find(|&n| g[n + p] != g[n]) {
        return Err(fail(format!("G({}) = {} but G({n}) = {}", n + p, g[n + p], g[n])));
    }
    if e > 0 && g.get(e - 1 + p) == g.get(e - 1) {
        return Err(fail(format!("the period already holds at n = {}", e - 1)));
    }
    for d in (1..p).filter(|d| p % d == 0) {
        if (e..g.len().saturating_sub(d)).all(|n| g[n + d] == g[n]) {
            return Err(fail(format!("{d}, a divisor of {p}, is a period too")));
        }
    }
    Ok(())
}
