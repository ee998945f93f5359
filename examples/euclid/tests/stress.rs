//! The contest solutions in `solutions/`, stressed from `cargo test` through
//! `gamecheck::game::stress`: each is built from its source (gcc, cached by content) and
//! judged against the game's fast path, which `check` holds against the rules first.

use std::path::PathBuf;

use euclid_game::{Euclid, stan_wins};
use gamecheck::game::stress::StressError;
use gamecheck::game::{Answer, Outcome, stress};
use gamecheck::stress::{Generator, Standing, Verdict};

/// Returns the path of `solutions/<name>`.
fn solution(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("solutions")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// Returns a stress run of `name` with the defaults, building in and writing to this
/// test's own directories.
fn run(name: &str) -> Result<gamecheck::game::stress::Passed, StressError<(u64, u64)>> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    stress(Euclid, &solution(name))
        .build_dir(dir.join("euclid-builds"))
        .out_dir(dir.join(format!("euclid-stress-{name}")))
        .run()
}

#[test]
fn the_right_solution_passes() {
    let passed = run("right.c").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(passed.inputs, 200);
}

#[test]
fn the_greedy_solution_is_refuted_at_its_least_input() {
    let err = run("wrong.c").expect_err("the greedy is wrong");
    let f = err.failure().unwrap_or_else(|| panic!("{err}"));
    // The least case where the forced step matters: 5 − 3 = 2, then (2, 3) is a win.
    assert_eq!(f.positions, vec![(3, 5)]);
    // By hand: (3, 5) → (3, 2) → (1, 2), each the only move; at (1, 2) the mover makes a
    // number 0 and wins, so (3, 2) is lost and Stan, to move at (3, 5), wins.
    assert_eq!(f.expected, vec![Answer::Outcome(Outcome::Win)]);
    assert_eq!(f.output, "Ollie wins\n");
    assert_eq!((f.verdict, &f.least), (Verdict::WrongAnswer, &Standing::Least));
    assert_eq!(f.generator, Generator::SmallValues);
}

/// `(double)a / (double)b > φ` is wrong only within about 1.6e-16 of φ: uniform random
/// sizes never land there, the bisection of the answer along one number does.
#[test]
fn the_double_precision_solution_is_refuted_with_the_defaults() {
    let err = run("float.c").expect_err("the float comparison is wrong near φ");
    // The report as `stress` prints it (seen with `--nocapture`).
    eprintln!("{err}");
    let f = err.failure().unwrap_or_else(|| panic!("{err}"));
    assert_eq!(f.generator, Generator::AnswerBoundary);
    assert_eq!(f.verdict, Verdict::WrongAnswer);
    // One case, and it really fails: the exact answer differs from the printed one.
    let [(a, b)] = f.positions[..] else {
        panic!("one case expected: {:?}", f.positions)
    };
    let printed = f.output.trim() == "Stan wins";
    assert_ne!(printed, stan_wins(a, b), "{a} {b}");
    // And the comparison in double really is what decides it there.
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let (small, large) = (a.min(b), a.max(b));
    assert_eq!(printed, large == small || (large as f64) / (small as f64) > phi);
}
