//! Bounded exhaustive proofs: every state in a range, in parallel, splittable in shards.

use std::str::FromStr;
use std::time::{Duration, Instant};

use gamecheck_oracles::chopsticks_table::{Table, TableError};
use rayon::prelude::*;
use thiserror::Error;

use crate::chopsticks::{Outcome, State, outcome};

/// Why a proof could not run.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ProveError {
    #[error("shard `{0}` is not of the form i/n with 1 <= i <= n (for example 2/4)")]
    Shard(String),
    #[error(transparent)]
    Table(#[from] TableError),
    #[error("{0}")]
    Range(String),
}

/// Part `index` (1-based) of `count` equal parts of a proof, as `--shard i/n` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole proof in one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Returns this shard's part of `0..total`.
    ///
    /// # Constraints
    /// `1 <= index <= count`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use gamecheck::prove::Shard;
    /// let s: Shard = "2/3".parse()?;
    /// assert_eq!(s.range(10), 3..6);
    /// # Ok::<(), gamecheck::prove::ProveError>(())
    /// ```
    pub fn range(&self, total: u64) -> std::ops::Range<u64> {
        let at = |i: u64| (u128::from(total) * u128::from(i) / u128::from(self.count)) as u64;
        at(self.index - 1)..at(self.index)
    }
}

impl FromStr for Shard {
    type Err = ProveError;

    fn from_str(text: &str) -> Result<Shard, ProveError> {
        let bad = || ProveError::Shard(text.to_owned());
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            i.trim().parse::<u64>().map_err(|_| bad())?,
            n.trim().parse::<u64>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The result of a bounded proof.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ProofSummary {
    pub what: String,
    pub shard: String,
    pub checked: u64,
    /// The first disagreements found, in order (at most 10).
    pub mismatches: Vec<String>,
    pub mismatch_count: u64,
    #[serde(serialize_with = "millis", rename = "time_ms")]
    pub elapsed: Duration,
}

fn millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(d.as_millis() as u64)
}

impl ProofSummary {
    /// Returns the one-line summary printed at the end of a proof.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use gamecheck::prove::{prove_chopsticks, Shard};
    /// let s = prove_chopsticks(4, Shard::WHOLE, &|_| {})?;
    /// assert!(s.line().starts_with("proved"));
    /// # Ok::<(), gamecheck::prove::ProveError>(())
    /// ```
    pub fn line(&self) -> String {
        let verdict = if self.mismatch_count == 0 {
            "proved"
        } else {
            "REFUTED"
        };
        format!(
            "{verdict}: {}: {} states checked, {} mismatches, shard {}, {:.2} s",
            self.what,
            self.checked,
            self.mismatch_count,
            self.shard,
            self.elapsed.as_secs_f64()
        )
    }
}

/// States handed to one parallel task.
const BLOCK: u64 = 1 << 16;

/// Returns the proof that the fast rule equals the dense table on every state with each
/// of a, c, b, d below `limit` (this shard's part of them, in index order
/// ((a·L + c)·L + b)·L + d). `tick` gets the number of states done, in blocks.
///
/// # Constraints
/// 1 ≤ `limit` ≤ 256.
///
/// # Complexity
/// O(L^4) time over the rayon pool, L^4 / 8 bytes for the table (32 MiB at L = 128).
///
/// # Example
/// ```
/// use gamecheck::prove::{prove_chopsticks, Shard};
/// let whole = prove_chopsticks(8, Shard::WHOLE, &|_| {})?;
/// assert_eq!((whole.checked, whole.mismatch_count), (4096, 0));
/// let half = prove_chopsticks(8, "2/2".parse()?, &|_| {})?;
/// assert_eq!(half.checked, 2048);
/// # Ok::<(), gamecheck::prove::ProveError>(())
/// ```
pub fn prove_chopsticks(
    limit: u64,
    shard: Shard,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<ProofSummary, ProveError> {
    let start = Instant::now();
    let table = Table::build(limit)?;
    let l = limit;
    let range = shard.range(l.pow(4));
    let blocks: Vec<u64> = (range.start..range.end).step_by(BLOCK as usize).collect();
    let found: Vec<(u64, Vec<String>)> = blocks
        .par_iter()
        .map(|&lo| {
            let hi = (lo + BLOCK).min(range.end);
            let mut bad = (0u64, Vec::new());
            for i in lo..hi {
                let (a, c, b, d) = (i / (l * l * l), i / (l * l) % l, i / l % l, i % l);
                let rule = outcome(State::new(a, c, b, d)) == Outcome::First;
                if table.wins(a, c, b, d) != Some(rule) {
                    bad.0 += 1;
                    if bad.1.len() < 10 {
                        bad.1.push(format!(
                            "({a}, {c}, {b}, {d}): rule {}",
                            if rule { "First" } else { "Second" }
                        ));
                    }
                }
            }
            tick(hi - lo);
            bad
        })
        .collect();
    let mismatch_count = found.iter().map(|f| f.0).sum();
    let mismatches = found.into_iter().flat_map(|f| f.1).take(10).collect();
    Ok(ProofSummary {
        what: format!("chopsticks fast rule = dense table, every count below {limit}"),
        shard: shard.to_string(),
        checked: range.end - range.start,
        mismatches,
        mismatch_count,
        elapsed: start.elapsed(),
    })
}
