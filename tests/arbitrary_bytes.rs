//! Arbitrary bytes given as a contest input (`solve`, a replay) are refused naming a
//! line of the input, or read: never a panic or an abort.

use gamecheck::games::{Registered, Visit, problem_names, visit};
use gamecheck::problem::SolveError;
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseResult, TestError, TestRunner};

/// Raw bytes, alone or after a plausible first line `1`.
fn bytes() -> BoxedStrategy<Vec<u8>> {
    (any::<bool>(), prop::collection::vec(any::<u8>(), 0..200))
        .prop_map(|(first, rest)| {
            let mut input = if first { b"1\n".to_vec() } else { Vec::new() };
            input.extend(rest);
            input
        })
        .boxed()
}

fn run_each(
    runner: &mut TestRunner,
    test: &dyn Fn(Vec<u8>) -> TestCaseResult,
) -> Result<(), TestError<Vec<u8>>> {
    runner.run(&bytes(), test)
}

struct RawBytes;

impl Visit for RawBytes {
    type Output = ();
    fn visit<P: Registered>(self, problem: &P) {
        // A few cases a problem: the token-level fuzzing is tests/contest_format.rs's.
        let mut runner = TestRunner::new(Config {
            cases: 24,
            failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
                "proptest-regressions/contest_format.txt",
            ))),
            ..Config::default()
        });
        let result = run_each(&mut runner, &|input| {
            let lines = input.iter().filter(|&&b| b == b'\n').count() + 1;
            if let Err(e) = problem.read_input(&input) {
                prop_assert!(e.line() >= 1 && e.line() <= lines, "{e} in {lines} lines");
            }
            let mut out = Vec::new();
            match problem.solve_stream(&mut &input[..], &mut out, false) {
                Err(SolveError::Input(e)) => prop_assert!(e.line() >= 1 && e.line() <= lines, "{e}"),
                Err(e) => prop_assert!(false, "solve failed outside the input: {e}"),
                Ok(()) => {}
            }
            Ok(())
        });
        if let Err(e) = result {
            panic!("{}: {e}", problem.name());
        }
    }
}

#[test]
fn contest_readers_take_arbitrary_bytes_without_panic() {
    for name in problem_names() {
        visit(name, &gamecheck::problem::Flags::default(), RawBytes).expect("a registered problem");
    }
}

#[test]
fn a_checkpoint_that_is_dev_zero_is_refused_at_once() {
    // It read 1–2 GB and aborted; now it reads nothing. Its CPU time is bounded, not
    // its wall time, which a loaded machine stretches.
    let (out, _) = crate::common::output_within(
        std::process::Command::new(env!("CARGO_BIN_EXE_gamecheck"))
            .args(["prove", "octal", "--code", "0.16", "--checkpoint", "/dev/zero"])
            .env("GAMECHECK_CACHE_DIR", ""),
        b"",
        std::time::Duration::from_secs(30),
    )
    .unwrap_or_else(|over| panic!("not refused within {over}"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("/dev/zero") && stderr.contains("not a regular file"),
        "{stderr}"
    );
}
