//! Bounded exhaustive proofs: every state in a range, in parallel, splittable in shards.

use std::str::FromStr;
use std::time::{Duration, Instant};

use gamecheck_oracles::chopsticks_table::{Table, TableError};
use rayon::prelude::*;
use thiserror::Error;

use crate::games::chopsticks::{Outcome, State, outcome};

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
    /// What was counted: states (Chopsticks) or positions (Moore).
    pub unit: &'static str,
    pub checked: u64,
    /// The first disagreements found, in order (at most 10).
    pub mismatches: Vec<String>,
    pub mismatch_count: u64,
    #[serde(serialize_with = "crate::check::millis", rename = "time_ms")]
    pub elapsed: Duration,
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
            "{verdict}: {}: {} {} checked, {} mismatches, shard {}, {:.2} s",
            self.what,
            self.checked,
            self.unit,
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
        unit: "states",
        checked: range.end - range.start,
        mismatches,
        mismatch_count,
        elapsed: start.elapsed(),
    })
}

/// Every multiset of at most `max_piles` piles with sizes in 0..=`max_size`, as sorted
/// lists, fewest piles first, then lexicographically.
fn multisets(max_piles: usize, max_size: u64) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut layer: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..max_piles {
        layer = layer
            .iter()
            .flat_map(|m| {
                let from = m.last().copied().unwrap_or(0);
                (from..=max_size).map(move |v| {
                    let mut next = m.clone();
                    next.push(v);
                    next
                })
            })
            .collect();
        out.extend(layer.iter().cloned());
    }
    out
}

/// The most positions `prove moore` enumerates, to keep memory bounded.
pub const MAX_POSITIONS: u64 = 2_000_000;
/// The most piles `prove moore` takes.
pub const MAX_PILES: usize = 32;

/// Returns the proof that Moore's P-test equals the explicit game search (Grundy value 0)
/// on every multiset of at most `max_piles` piles of sizes 0..=`max_size`, for k piles per
/// move (this shard's part of them). `tick` gets the number of positions done.
///
/// # Constraints
/// k ≥ 1; at most [`MAX_PILES`] piles and [`MAX_POSITIONS`] positions. The game search's cost grows steeply with
/// the sizes: see the README's coverage table.
///
/// # Complexity
/// O(positions · moves) over the rayon pool, one memo per worker.
///
/// # Example
/// ```
/// use gamecheck::prove::{prove_moore, Shard};
/// let s = prove_moore(6, 4, 3, Shard::WHOLE, &|_| {})?;
/// assert_eq!((s.checked, s.mismatch_count), (70, 0));
/// # Ok::<(), gamecheck::prove::ProveError>(())
/// ```
pub fn prove_moore(
    k: u32,
    max_piles: usize,
    max_size: u64,
    shard: Shard,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<ProofSummary, ProveError> {
    use gamecheck_oracles::moore_game_search::GameSearch;
    let start = Instant::now();
    if k == 0 {
        return Err(ProveError::Range("k must be at least 1".into()));
    }
    if moore_positions(max_piles, max_size).is_none_or(|n| n > MAX_POSITIONS) {
        return Err(ProveError::Range(format!(
            "at most {MAX_PILES} piles and {MAX_POSITIONS} positions; {max_piles} piles of size at most {max_size} are more"
        )));
    }
    let all = multisets(max_piles, max_size);
    let range = shard.range(all.len() as u64);
    let mine = &all[range.start as usize..range.end as usize];
    let found: Vec<(u64, Vec<String>)> = mine
        .par_chunks(64)
        .map_init(
            || GameSearch::new(k),
            |search, chunk| {
                let mut bad = (0u64, Vec::new());
                for piles in chunk {
                    let moore = crate::games::moore::is_p_position(piles, k);
                    if search.is_p(piles) != moore {
                        bad.0 += 1;
                        if bad.1.len() < 10 {
                            bad.1
                                .push(format!("{piles:?}: P-test {moore}, game search {}", !moore));
                        }
                    }
                }
                tick(chunk.len() as u64);
                bad
            },
        )
        .collect();
    Ok(ProofSummary {
        what: format!(
            "moore P-test = game search, k = {k}, every multiset of at most {max_piles} piles of size at most {max_size}"
        ),
        shard: shard.to_string(),
        unit: "positions",
        checked: mine.len() as u64,
        mismatch_count: found.iter().map(|f| f.0).sum(),
        mismatches: found.into_iter().flat_map(|f| f.1).take(10).collect(),
        elapsed: start.elapsed(),
    })
}

/// Returns how many positions [`prove_moore`] checks in total: C(S + 1 + P, P) multisets
/// of at most P piles of sizes 0..=S. `None` beyond [`MAX_PILES`] piles or `u64`.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(min(max_piles, MAX_PILES)).
///
/// # Example
/// ```
/// assert_eq!(gamecheck::prove::moore_positions(4, 3), Some(70));
/// assert_eq!(gamecheck::prove::moore_positions(usize::MAX, 1), None);
/// ```
pub fn moore_positions(max_piles: usize, max_size: u64) -> Option<u64> {
    if max_piles > MAX_PILES {
        return None;
    }
    let s = u128::from(max_size) + 1;
    let total = (1..=max_piles as u128)
        .try_fold(1u128, |acc, i| acc.checked_mul(s.checked_add(i)?).map(|x| x / i))?;
    u64::try_from(total).ok()
}
