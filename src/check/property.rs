//! Running one property of a campaign: seeded cases, persisted failures, and a failure
//! reduced by the game's own least-counterexample search.

use std::time::Instant;

use proptest::strategy::Strategy;
use proptest::test_runner::{TestCaseError, TestError};

use super::least::Least;
use super::report::{Failure, Row, Verdict};
use super::runner::seeded_runner;

/// Where a property's cases come from and where its failures are kept.
pub(crate) struct Source<'a> {
    pub game: &'static str,
    pub seed: u64,
    pub cases: u32,
    pub regressions: &'static str,
    pub tick: &'a (dyn Fn() + Sync),
}

/// Runs `check` on `cases` values of `strategy`; a failure goes to `reduce`, which
/// returns the least counterexample with every implementation's answer.
pub(crate) fn run_property<T: Clone + std::fmt::Debug>(
    name: &'static str,
    strategy: impl Strategy<Value = T>,
    check: &(dyn Fn(&T) -> Result<(), String> + Sync),
    source: &Source<'_>,
    reduce: &dyn Fn(T) -> Failure,
) -> Row {
    let start = Instant::now();
    let mut runner = seeded_runner(source.seed, name, source.cases, Some(source.regressions));
    let result = runner.run(&strategy, |value| {
        (source.tick)();
        check(&value).map_err(TestCaseError::fail)
    });
    let failure = match result {
        Ok(()) => None,
        Err(TestError::Abort(reason)) => Some(Failure {
            counterexample: serde_json::Value::Null,
            least: Least::Bounded {
                searched: "nothing: the run was aborted".into(),
            },
            shrunk: serde_json::Value::Null,
            answers: Vec::new(),
            message: format!("aborted: {reason}"),
            repro: String::new(),
        }),
        Err(TestError::Fail(_, shrunk)) => Some(reduce(shrunk)),
    };
    Row {
        game: source.game,
        property: name,
        cases: u64::from(source.cases),
        elapsed: start.elapsed(),
        verdict: if failure.is_some() {
            Verdict::Disagree
        } else {
            Verdict::Agree
        },
        failure,
    }
}
