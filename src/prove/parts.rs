//! A bounded proof given by its parts: the numbered cases, the fast answer, the oracle
//! with what each worker keeps, and the words of the report. A game whose `prove` checks
//! a domain and an oracle of its own (Moore's multisets against the game search) hands
//! these to [`prove_bounded`](super::prove_bounded) without a problem type of its own.

use std::fmt::{Debug, Display};
use std::ops::Range;

use super::Provable;
use super::ProveError;
use crate::problem::{Evaluation, Problem};

/// An answer at a case, or why there is none.
pub(crate) type Answers<C, A> = Box<dyn Fn(&C) -> Result<A, String> + Send + Sync>;

/// An answer at a case with a worker's memo.
pub(crate) type WorkerAnswers<W, C, A> = Box<dyn Fn(&mut W, &C) -> Result<A, String> + Send + Sync>;

/// A check of a shard's range before it runs.
pub(crate) type Prepare = Box<dyn Fn(&Range<u64>) -> Result<(), ProveError> + Send + Sync>;

/// A bounded proof: case `i` of `0..size` is `case(i)`, and `fast` must agree with
/// `oracle` at every one.
pub(crate) struct ProofParts<C, A, W> {
    /// The problem's name in reports.
    pub name: &'static str,
    /// The number of cases.
    pub size: u64,
    pub case: Box<dyn Fn(u64) -> C + Send + Sync>,
    pub fast: Answers<C, A>,
    /// Refuses a shard whose cases are beyond the oracle's means.
    pub prepare: Prepare,
    /// What one worker keeps between cases (a memo).
    pub worker: Box<dyn Fn() -> W + Send + Sync>,
    pub oracle: WorkerAnswers<W, C, A>,
    /// A case for people, as JSON, and as the `repro` command that replays it.
    pub describe: Box<dyn Fn(&C) -> String + Send + Sync>,
    pub to_json: Box<dyn Fn(&C) -> serde_json::Value + Send + Sync>,
    pub repro: Box<dyn Fn(&C) -> String + Send + Sync>,
    /// What is proved, its parameters, what a case is, and the oracle's name.
    pub statement: String,
    pub parameters: serde_json::Value,
    pub unit: &'static str,
    pub oracle_name: &'static str,
}

impl<C, A, W> crate::problem::Sealed for ProofParts<C, A, W> {}

impl<C, A, W> Problem for ProofParts<C, A, W>
where
    C: Clone + Debug + PartialEq + Send + Sync + 'static,
    A: Clone + Debug + PartialEq + Display + Send + Sync + 'static,
{
    type Case = C;
    type Answer = A;

    fn name(&self) -> &'static str {
        self.name
    }

    fn solve(&self, case: &C) -> Result<A, String> {
        (self.fast)(case)
    }

    fn evaluate(&self, case: &C) -> Vec<Evaluation<A>> {
        vec![Evaluation::check("fast", self.solve(case).map(|_| ()))]
    }

    fn describe(&self, case: &C) -> String {
        (self.describe)(case)
    }

    fn to_json(&self, case: &C) -> serde_json::Value {
        (self.to_json)(case)
    }

    fn repro_command(&self, case: &C) -> String {
        (self.repro)(case)
    }
}

impl<C, A, W> Provable for ProofParts<C, A, W>
where
    C: Clone + Debug + PartialEq + Send + Sync + 'static,
    A: Clone + Debug + PartialEq + Display + Send + Sync + 'static,
{
    type Domain = ();
    type Oracle = ();
    type Worker = W;

    fn domain_size(&self, _: &()) -> Result<u64, ProveError> {
        Ok(self.size)
    }

    fn case(&self, _: &(), index: u64) -> C {
        (self.case)(index)
    }

    fn prepare(&self, _: &(), range: &Range<u64>) -> Result<(), ProveError> {
        (self.prepare)(range)
    }

    fn worker(&self, _: &()) -> W {
        (self.worker)()
    }

    fn oracle_answer(&self, _: &(), worker: &mut W, case: &C) -> Result<A, String> {
        (self.oracle)(worker, case)
    }

    fn statement(&self, _: &()) -> String {
        self.statement.clone()
    }

    fn parameters(&self, _: &()) -> serde_json::Value {
        self.parameters.clone()
    }

    fn unit(&self) -> &'static str {
        self.unit
    }

    fn oracle_name(&self) -> &'static str {
        self.oracle_name
    }
}

#[cfg(test)]
mod tests {
    use super::ProofParts;
    use crate::prove::{Shard, merge, prove};

    /// The digital root of `n` by repeated digit sums.
    fn digit_sum_root(mut n: u64) -> u64 {
        while n >= 10 {
            let mut sum = 0;
            while n > 0 {
                sum += n % 10;
                n /= 10;
            }
            n = sum;
        }
        n
    }

    /// A toy proof with a known wrong fast answer: the digital root of n as `n % 9`, which
    /// is wrong exactly at the positive multiples of 9 (the root is 9, not 0).
    fn digital_root(below: u64) -> ProofParts<u64, u64, ()> {
        ProofParts {
            name: "digital-root",
            size: below,
            case: Box::new(|i| i),
            fast: Box::new(|n| Ok(n % 9)),
            prepare: Box::new(|_| Ok(())),
            worker: Box::new(|| ()),
            oracle: Box::new(|_, n| Ok(digit_sum_root(*n))),
            describe: Box::new(|n| format!("digital root of {n}")),
            to_json: Box::new(|n| (*n).into()),
            repro: Box::new(|n| format!("digital-root {n}")),
            statement: format!("digital root = n % 9 below {below}"),
            parameters: serde_json::json!({ "below": below }),
            unit: "numbers",
            oracle_name: "digit sums",
        }
    }

    #[test]
    fn the_engine_counts_every_mismatch_and_keeps_the_first_in_order() {
        let below = 200_000u64;
        let problem = digital_root(below);
        // Independent evidence: the cases where the two answers differ, by brute force.
        let wrong: Vec<u64> = (0..below).filter(|&n| n % 9 != digit_sum_root(n)).collect();
        let whole = prove(&problem, &(), Shard::WHOLE, &|_| {}).expect("proves");
        assert_eq!(whole.checked, below);
        assert_eq!(whole.mismatch_count, wrong.len() as u64);
        let kept: Vec<u64> = whole.counterexamples.iter().map(|c| c.index).collect();
        assert_eq!(kept, wrong[..10]);
        assert_eq!(whole.counterexamples[0].fast, "0");
        assert_eq!(whole.counterexamples[0].oracle, "9");
        assert!(
            whole
                .line()
                .starts_with("REFUTED: digital root = n % 9 below 200000")
        );
        // Shards: the same mismatches on every run, and merged, the same as the whole.
        let shards: Vec<(String, _)> = (0..7)
            .map(|i| {
                let shard = Shard::from_zero_based(i, 7).expect("shard");
                let first = prove(&problem, &(), shard, &|_| {}).expect("proves");
                let again = prove(&problem, &(), shard, &|_| {}).expect("proves");
                assert_eq!(first.counterexamples, again.counterexamples);
                assert_eq!(first.mismatch_count, again.mismatch_count);
                let range = shard.range(below);
                let expected = wrong.iter().filter(|n| range.contains(n)).count() as u64;
                assert_eq!(first.mismatch_count, expected, "shard {i}");
                (format!("shard {i}"), first)
            })
            .collect();
        let merged = merge(&shards).expect("whole");
        assert_eq!(merged.mismatch_count, whole.mismatch_count);
        assert_eq!(merged.counterexamples, whole.counterexamples);
        assert_eq!(merged.checked, below);
    }
}
