//! Bounded exhaustive proofs: a finite, indexed domain of cases that `prove` checks one
//! by one against an oracle, in parallel and in shards, written once over this trait.

use std::ops::Range;

use super::ProveError;
use crate::problem::Problem;

/// A case where the fast answer and the oracle disagree, typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch<C, A> {
    /// The case's index in its domain.
    pub index: u64,
    pub case: C,
    /// The fast answer, or why the fast solution could not answer.
    pub fast: Result<A, String>,
    /// The oracle's answer, or why the oracle could not answer.
    pub oracle: Result<A, String>,
}

/// The most mismatches a proof keeps, in index order; the rest are only counted.
pub const KEPT_MISMATCHES: usize = 10;

/// What a range of a proof found: how many cases disagreed, and the first
/// [`KEPT_MISMATCHES`] of them in index order.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally<C, A> {
    count: u64,
    first: Vec<Mismatch<C, A>>,
    outside: u64,
}

impl<C, A> Default for Tally<C, A> {
    fn default() -> Self {
        Tally {
            count: 0,
            first: Vec::new(),
            outside: 0,
        }
    }
}

impl<C, A> Tally<C, A> {
    /// Counts one mismatch; `make` builds it only while fewer than [`KEPT_MISMATCHES`]
    /// are kept, so a wholly wrong rule costs no allocation per case.
    pub fn record(&mut self, make: impl FnOnce() -> Mismatch<C, A>) {
        self.count += 1;
        if self.first.len() < KEPT_MISMATCHES {
            self.first.push(make());
        }
    }

    /// Counts case `index` as a mismatch unless both sides answer and agree.
    pub fn compare(&mut self, index: u64, case: C, fast: Result<A, String>, oracle: Result<A, String>)
    where
        A: PartialEq,
    {
        if fast.is_err() || fast != oracle {
            self.record(|| Mismatch {
                index,
                case,
                fast,
                oracle,
            });
        }
    }

    /// Counts one case the problem's domain rejects: it has no answer to compare.
    pub fn outside_domain(&mut self) {
        self.outside += 1;
    }

    /// Returns how many cases were outside the domain.
    pub fn outside(&self) -> u64 {
        self.outside
    }

    /// Returns how many mismatches were counted.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Returns the kept mismatches, in the order they were recorded.
    pub fn first(&self) -> &[Mismatch<C, A>] {
        &self.first
    }

    /// Appends `later`'s mismatches, found after this tally's.
    pub(crate) fn extend(&mut self, later: Tally<C, A>) {
        self.count += later.count;
        self.outside += later.outside;
        let room = KEPT_MISMATCHES - self.first.len();
        self.first.extend(later.first.into_iter().take(room));
    }
}

/// A problem with finite domains that `prove` checks exhaustively.
///
/// A domain of size N numbers its cases 0..N, always in the same order, so that a shard
/// (a range of indices) names the same cases on every machine and every retry.
pub trait Provable: Problem {
    /// The parameters of a domain, e.g. L for "every count below L".
    type Domain: Sync;
    /// What a proof builds once and its workers share, e.g. a dense table.
    type Oracle: Sync;
    /// One worker's own state, kept across the ranges it checks, e.g. a memo.
    type Worker;

    /// Returns the number of cases in `domain`, or why the domain is refused.
    fn domain_size(&self, domain: &Self::Domain) -> Result<u64, ProveError>;

    /// Returns the case at `index`.
    ///
    /// # Constraints
    /// `index` < [`Provable::domain_size`]; the engine asks for no other.
    fn case(&self, domain: &Self::Domain, index: u64) -> Self::Case;

    /// Returns what the workers share to prove `range` of `domain`, or why that work is
    /// refused (too much memory or time): a proof refuses up front, never aborts.
    fn prepare(&self, domain: &Self::Domain, range: &Range<u64>) -> Result<Self::Oracle, ProveError>;

    /// Returns a fresh worker.
    fn worker(&self, oracle: &Self::Oracle) -> Self::Worker;

    /// Returns the oracle's answer at `case`, a case of the prepared domain, or why the
    /// oracle cannot answer there (which the proof counts as a mismatch).
    fn oracle_answer(
        &self,
        oracle: &Self::Oracle,
        worker: &mut Self::Worker,
        case: &Self::Case,
    ) -> Result<Self::Answer, String>;

    /// Returns what the proof proves, e.g. "chopsticks fast rule = dense table, every
    /// count below 128".
    fn statement(&self, domain: &Self::Domain) -> String;

    /// Returns the problem's and the domain's parameters as JSON, which shards of one
    /// proof share.
    fn parameters(&self, domain: &Self::Domain) -> serde_json::Value;

    /// Returns what a case is called in reports, plural: "states", "positions".
    fn unit(&self) -> &'static str;

    /// Returns the oracle's name in reports.
    fn oracle_name(&self) -> &'static str;

    /// Checks every case of `range` in index order, recording each mismatch in `tally`.
    /// The default compares [`Problem::solve`] with [`Provable::oracle_answer`] on
    /// [`Provable::case`] of each index (an error on either side is a mismatch); a
    /// problem may walk its cases faster.
    fn prove_range(
        &self,
        domain: &Self::Domain,
        oracle: &Self::Oracle,
        worker: &mut Self::Worker,
        range: Range<u64>,
        tally: &mut Tally<Self::Case, Self::Answer>,
    ) {
        for index in range {
            let case = self.case(domain, index);
            let fast = self.solve(&case);
            let judged = self.oracle_answer(oracle, worker, &case);
            tally.compare(index, case, fast, judged);
        }
    }
}
