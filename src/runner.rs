//! Seeded proptest runners: one independent, reproducible stream per property.

use std::any::Any;
use std::fmt::{self, Debug};

use proptest::strategy::{BoxedStrategy, Strategy};
use proptest::test_runner::{
    Config, FileFailurePersistence, RngAlgorithm, TestCaseResult, TestError, TestRng, TestRunner,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// FNV-1a: a stable hash, so a property's stream does not depend on the Rust version.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Returns a `ChaCha8Rng` for the stream named `name` under `seed`: the same pair always
/// gives the same stream, whatever else runs.
///
/// # Example
/// ```
/// use gamecheck::check::stream;
/// use rand::Rng;
/// assert_eq!(stream(11, "x").next_u64(), stream(11, "x").next_u64());
/// assert_ne!(stream(11, "x").next_u64(), stream(11, "y").next_u64());
/// ```
pub fn stream(seed: u64, name: &str) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ fnv1a(name))
}

/// Returns a proptest runner for `cases` cases whose randomness comes from
/// [`stream`]`(seed, name)`, persisting failures to `regressions` (replayed first).
///
/// # Example
/// ```
/// use gamecheck::check::seeded_runner;
/// use proptest::strategy::{Strategy, ValueTree};
/// let a = (0u64..1000).new_tree(&mut seeded_runner(11, "p", 10, None)).map(|t| t.current());
/// let b = (0u64..1000).new_tree(&mut seeded_runner(11, "p", 10, None)).map(|t| t.current());
/// assert_eq!(a, b);
/// ```
pub fn seeded_runner(seed: u64, name: &str, cases: u32, regressions: Option<&str>) -> TestRunner {
    let mut bytes = [0u8; 32];
    stream(seed, name).fill_bytes(&mut bytes);
    let config = Config {
        cases,
        // proptest's `Direct` takes a `&'static str`: a path chosen at run time is leaked
        // once per runner, a few bytes per property.
        failure_persistence: regressions.map(|path| {
            Box::new(FileFailurePersistence::Direct(Box::leak(
                path.to_owned().into_boxed_str(),
            ))) as Box<dyn proptest::test_runner::FailurePersistence>
        }),
        // A domain filter (chopsticks-classic keeps about one drawn position in three)
        // rejects in proportion to the cases; proptest's fixed 65,536 aborted `check`.
        max_local_rejects: cases.saturating_mul(16).max(65_536),
        max_shrink_iters: 100_000,
        max_shrink_time: 0,
        rng_algorithm: RngAlgorithm::ChaCha,
        verbose: 0,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
}

/// Returns the configuration of a `proptest!` block of `cases` cases whose failures are
/// kept in the regressions file `path`.
#[cfg(test)]
pub(crate) fn persisted_config(cases: u32, path: &'static str) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(path))),
        ..Config::default()
    }
}

/// A case of any type, printed as itself (so a regressions file reads as before).
struct Erased(Box<dyn ErasedCase>);

trait ErasedCase: Debug {
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

impl<T: Debug + 'static> ErasedCase for T {
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

impl Debug for Erased {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Erased {
    fn into<T: 'static>(self) -> T {
        match self.0.into_any().downcast::<T>() {
            Ok(case) => *case,
            // `run_cases` erases only `T`s, so nothing else comes back.
            Err(_) => unreachable!("an erased case is of its strategy's type"),
        }
    }
}

/// proptest's runner, compiled once: generic over the strategy and the test, it was a
/// tenth of the library's machine code, a copy for every problem and closure.
#[inline(never)]
fn run_erased(
    runner: &mut TestRunner,
    cases: &BoxedStrategy<Erased>,
    test: &dyn Fn(Erased) -> TestCaseResult,
) -> Result<(), TestError<Erased>> {
    runner.run(cases, test)
}

/// Returns what `runner.run(cases, test)` returns: the same cases from the same seed, the
/// same shrinking and persistence, through one compiled copy of the runner.
pub(crate) fn run_cases<T: Debug + 'static>(
    runner: &mut TestRunner,
    cases: &BoxedStrategy<T>,
    test: &dyn Fn(T) -> TestCaseResult,
) -> Result<(), TestError<T>> {
    let erased = cases.clone().prop_map(|c| Erased(Box::new(c))).boxed();
    run_erased(runner, &erased, &|c| test(c.into())).map_err(|e| match e {
        TestError::Abort(why) => TestError::Abort(why),
        TestError::Fail(why, c) => TestError::Fail(why, c.into()),
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use proptest::test_runner::TestCaseError;

    use super::*;

    /// Every case a run tests, shrinking included, and how it ends.
    type Trace = (Vec<(u64, Vec<u8>)>, Result<(), TestError<(u64, Vec<u8>)>>);

    fn trace(erased: bool) -> Trace {
        let cases = (0u64..1_000_000, proptest::collection::vec(0u8..=255, 0..8)).boxed();
        let seen = Mutex::new(Vec::new());
        let test = |(n, bytes): (u64, Vec<u8>)| {
            seen.lock()
                .unwrap_or_else(|p| p.into_inner())
                .push((n, bytes.clone()));
            if n > 400_000 && bytes.len() > 2 {
                Err(TestCaseError::fail("too large"))
            } else {
                Ok(())
            }
        };
        let mut runner = seeded_runner(7, "trace", 300, None);
        let result = if erased {
            run_cases(&mut runner, &cases, &test)
        } else {
            runner.run(&cases, test)
        };
        (seen.into_inner().unwrap_or_else(|p| p.into_inner()), result)
    }

    #[test]
    fn run_cases_tests_and_shrinks_as_proptests_runner_does() {
        let (erased, direct) = (trace(true), trace(false));
        assert!(erased.0.len() > 10, "{:?}", erased.0);
        assert_eq!(erased.0, direct.0);
        match (&erased.1, &direct.1) {
            (Err(TestError::Fail(_, a)), Err(TestError::Fail(_, b))) => {
                assert_eq!(a, b);
                assert_eq!((a.0, a.1.len()), (400_001, 3), "shrunk to the boundary");
            }
            other => panic!("both runs fail: {other:?}"),
        }
    }
}
