//! Bounded exhaustive proofs, written once over [`Provable`]: every case of a finite
//! domain, in parallel, splittable in shards that a job runner (a Kubernetes Indexed Job,
//! a Slurm array) runs apart and [`merge`] puts back together.

mod command;
mod merge;
mod parts;
mod provable;
mod shard_source;

use std::ops::Range;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use command::{ProofProgress, ProofRun, ProveCommand, prove_bounded};
pub use merge::{MergeError, MergedProof, merge, merge_files};
pub(crate) use parts::ProofParts;
pub use provable::{KEPT_MISMATCHES, Mismatch, Provable, Tally};
pub use shard_source::ShardRequest;

/// The version of the shard JSON this gamecheck writes and [`merge`] reads: that of every
/// JSON report.
pub use crate::json::FORMAT_VERSION;

/// Why a proof could not run.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProveError {
    #[error("shard `{0}` is not of the form i/n with 1 <= i <= n (for example 2/4)")]
    Shard(String),
    /// The shard flags or the job runner's environment are missing, malformed or
    /// contradict each other.
    #[error("{0}")]
    ShardSource(String),
    /// The proof's oracle cannot be built for this domain (a table limit, its memory).
    #[error("{0}")]
    Oracle(String),
    #[error("{0}")]
    Range(String),
    /// The work a shard would do (memory or time) is over the limit.
    #[error("{0}")]
    TooMuchWork(String),
    /// A flag the proof reads is not among the problem's flags.
    #[error(transparent)]
    Flag(#[from] crate::problem::FlagError),
    /// A proof other than the bounded one could not be carried out.
    #[error("the proof could not be carried out: {0}")]
    NotCarriedOut(String),
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

    /// Returns the shard of 0-based `index` among `count`, as `--shard-index`,
    /// `JOB_COMPLETION_INDEX` and Slurm array tasks number them.
    ///
    /// # Constraints
    /// `index < count`; otherwise [`ProveError::ShardSource`].
    ///
    /// # Example
    /// ```
    /// use gamecheck::prove::Shard;
    /// assert_eq!(Shard::from_zero_based(0, 4), Ok(Shard { index: 1, count: 4 }));
    /// assert!(Shard::from_zero_based(4, 4).is_err());
    /// ```
    pub fn from_zero_based(index: u64, count: u64) -> Result<Shard, ProveError> {
        if index >= count {
            return Err(ProveError::ShardSource(format!(
                "shard index {index} is out of range: the index of one of {count} shards runs from 0 to {}",
                count.saturating_sub(1)
            )));
        }
        Ok(Shard {
            index: index + 1,
            count,
        })
    }

    /// Returns this shard's 0-based index.
    pub fn zero_based(&self) -> u64 {
        self.index - 1
    }

    /// Returns this shard's part of `0..total`. The parts of `count` shards are disjoint,
    /// cover `0..total`, and differ in size by at most one.
    ///
    /// # Constraints
    /// `1 <= index <= count`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::prove::Shard;
    /// let s: Shard = "2/3".parse()?;
    /// assert_eq!(s.range(10), 3..6);
    /// # Ok::<(), gamecheck::prove::ProveError>(())
    /// ```
    pub fn range(&self, total: u64) -> Range<u64> {
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

/// A mismatch as a report shows it: the case as JSON, both answers, and its replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counterexample {
    /// The case's index in the domain.
    pub index: u64,
    pub case: serde_json::Value,
    /// The fast answer, or `error: …` when the fast solution could not answer.
    pub fast: String,
    /// The oracle's answer, or `error: …`.
    pub oracle: String,
    /// The `gamecheck repro` command that shows the case under every implementation.
    pub repro: String,
}

/// The result of one shard of a bounded proof: what [`prove`] returns and `prove --json`
/// writes, versioned so that [`merge`] can check a set of shards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProofSummary {
    /// [`FORMAT_VERSION`] when written.
    pub format_version: u32,
    /// The problem's name, as [`crate::problem::Problem::name`].
    pub problem: String,
    /// The problem's and the domain's parameters.
    pub parameters: serde_json::Value,
    /// The version of the gamecheck that ran the shard.
    pub gamecheck_version: String,
    pub what: String,
    /// The shard as `--shard` reads it, 1-based: `3/4`.
    pub shard: String,
    /// The shard's 0-based index, as `--shard-index` reads it.
    pub shard_index: u64,
    pub shard_count: u64,
    /// The indices of the cases this shard covers.
    pub range: Range<u64>,
    /// The number of cases of the whole domain.
    pub total: u64,
    /// What was counted: states (Chopsticks) or positions (Moore).
    pub unit: String,
    pub checked: u64,
    /// Of the cases checked, those the problem's domain rejects (a count of 0 where the
    /// numbers are positive): nothing is claimed there, so nothing was compared.
    #[serde(default)]
    pub outside_domain: u64,
    /// The first disagreements found, in index order (at most 10), as text.
    pub mismatches: Vec<String>,
    pub mismatch_count: u64,
    /// The same disagreements, with each case as JSON.
    pub counterexamples: Vec<Counterexample>,
    #[serde(with = "millis", rename = "time_ms")]
    pub elapsed: Duration,
}

mod millis {
    use std::time::Duration;

    pub(super) fn serialize<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        crate::check::millis(d, s)
    }

    pub(super) fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        <u64 as serde::Deserialize>::deserialize(d).map(Duration::from_millis)
    }
}

/// Returns the summary line: `proved` or `REFUTED`, what, how many were compared (the
/// cases of the range but those `outside` the domain).
fn verdict_line(what: &str, checked: u64, outside: u64, unit: &str, mismatches: u64, tail: &str) -> String {
    let verdict = if mismatches == 0 { "proved" } else { "REFUTED" };
    let compared = checked.saturating_sub(outside);
    let skipped = match outside {
        0 => String::new(),
        n => format!(" ({n} outside the game's domain, not compared)"),
    };
    format!("{verdict}: {what}: {compared} {unit} checked{skipped}, {mismatches} mismatches, {tail}")
}

impl ProofSummary {
    /// Returns the one-line summary printed at the end of a proof.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::table_proof;
    /// use gamecheck::game::GameDomain;
    /// use gamecheck::prove::{prove, Shard};
    /// let s = prove(&table_proof(4)?, &GameDomain { max_count: 4 }, Shard::WHOLE, &|_| {})?;
    /// assert!(s.line().starts_with("proved: chopsticks fast rule = dense table, every count below 4: 256 states"));
    /// # Ok::<(), gamecheck::prove::ProveError>(())
    /// ```
    pub fn line(&self) -> String {
        let tail = format!("shard {}, {:.2} s", self.shard, self.elapsed.as_secs_f64());
        verdict_line(
            &self.what,
            self.checked,
            self.outside_domain,
            &self.unit,
            self.mismatch_count,
            &tail,
        )
    }
}

/// Returns the proof that `problem`'s fast answer equals its oracle on every case of
/// `shard`'s part of `domain`. `tick` gets the number of cases done, chunk by chunk.
///
/// The cases are split in chunks that the rayon pool's threads take in turn, each thread
/// with one worker; mismatches are put back in index order, so a shard gives the same
/// counts and the same first mismatches on every run.
///
/// # Constraints
/// What [`Provable::domain_size`] and [`Provable::prepare`] accept; their errors are
/// returned before any case is checked.
///
/// # Complexity
/// One [`Provable::prepare`], then one [`Provable::prove_range`] per chunk, over the pool.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::table_proof;
/// use gamecheck::game::GameDomain;
/// use gamecheck::prove::{prove, Shard};
/// let (problem, domain) = (table_proof(8)?, GameDomain { max_count: 8 });
/// let whole = prove(&problem, &domain, Shard::WHOLE, &|_| {})?;
/// assert_eq!((whole.checked, whole.mismatch_count), (4096, 0));
/// let half = prove(&problem, &domain, "2/2".parse()?, &|_| {})?;
/// assert_eq!((half.checked, half.range), (2048, 2048..4096));
/// # Ok::<(), gamecheck::prove::ProveError>(())
/// ```
pub fn prove<P: Provable>(
    problem: &P,
    domain: &P::Domain,
    shard: Shard,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<ProofSummary, ProveError> {
    let start = Instant::now();
    let total = problem.domain_size(domain)?;
    let range = shard.range(total);
    let oracle = problem.prepare(domain, &range)?;
    let len = range.end - range.start;
    let tally = prove_chunks(problem, domain, &oracle, &range, tick);
    let (counterexamples, mismatches) = reported(problem, &tally);
    Ok(ProofSummary {
        format_version: FORMAT_VERSION,
        problem: problem.name().to_owned(),
        parameters: problem.parameters(domain),
        gamecheck_version: env!("CARGO_PKG_VERSION").to_owned(),
        what: problem.statement(domain),
        shard: shard.to_string(),
        shard_index: shard.zero_based(),
        shard_count: shard.count,
        range: range.clone(),
        total,
        unit: problem.unit().to_owned(),
        checked: len,
        outside_domain: tally.outside(),
        mismatches,
        mismatch_count: tally.count(),
        counterexamples,
        elapsed: start.elapsed(),
    })
}

/// Returns the mismatches of `problem`'s fast answer against its oracle over `range`, in
/// index order, checked in chunks that the rayon pool's threads take in turn, each thread
/// with one worker; `tick` gets the number of cases done, chunk by chunk.
fn prove_chunks<P: Provable>(
    problem: &P,
    domain: &P::Domain,
    oracle: &P::Oracle,
    range: &Range<u64>,
    tick: &(dyn Fn(u64) + Sync),
) -> Tally<P::Case, P::Answer> {
    let len = range.end - range.start;
    let threads = rayon::current_num_threads().max(1) as u64;
    // Many chunks per thread balance uneven cases (large Moore positions come last);
    // the cap keeps the progress bar moving.
    let chunk = (len / (threads * 256)).clamp(1, 1 << 16);
    let chunks = len.div_ceil(chunk);
    let next = AtomicU64::new(0);
    let found = rayon::broadcast(|_| {
        let mut worker = problem.worker(oracle);
        let mut found = Vec::new();
        loop {
            let c = next.fetch_add(1, Ordering::Relaxed);
            if c >= chunks {
                return found;
            }
            let lo = range.start + c * chunk;
            let hi = (lo + chunk).min(range.end);
            let mut tally = Tally::default();
            problem.prove_range(domain, oracle, &mut worker, lo..hi, &mut tally);
            tick(hi - lo);
            if tally.count() > 0 || tally.outside() > 0 {
                found.push((c, tally));
            }
        }
    });
    let mut found: Vec<_> = found.into_iter().flatten().collect();
    found.sort_by_key(|(c, _)| *c);
    let mut tally = Tally::default();
    for (_, t) in found {
        tally.extend(t);
    }
    tally
}

/// Returns the first mismatches of `tally` as the report keeps them: each case as JSON,
/// and each as a line of text.
fn reported<P: Provable>(
    problem: &P,
    tally: &Tally<P::Case, P::Answer>,
) -> (Vec<Counterexample>, Vec<String>) {
    let answer = |a: &Result<P::Answer, String>| match a {
        Ok(a) => a.to_string(),
        Err(e) => format!("error: {e}"),
    };
    let counterexamples: Vec<Counterexample> = tally
        .first()
        .iter()
        .map(|m| Counterexample {
            index: m.index,
            case: problem.to_json(&m.case),
            fast: answer(&m.fast),
            oracle: answer(&m.oracle),
            repro: problem.repro_command(&m.case),
        })
        .collect();
    let mismatches = tally
        .first()
        .iter()
        .map(|m| {
            format!(
                "{}: fast {}, {} {}",
                problem.describe(&m.case),
                answer(&m.fast),
                problem.oracle_name(),
                answer(&m.oracle)
            )
        })
        .collect();
    (counterexamples, mismatches)
}
