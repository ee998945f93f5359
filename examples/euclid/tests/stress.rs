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
    assert_eq!(f.expected, vec![Answer::Outcome(Outcome::of(stan_wins(3, 5)))]);
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

/// Issue 31, item 21: with one game, `repro` may leave the problem out, as `solve` and
/// `stress` may (it read `3` as the problem's name); naming it still works.
#[test]
fn repro_may_leave_the_only_problem_out() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_euclid-game"))
            .args(args)
            .output()
            .expect("euclid-game runs")
    };
    let named = run(&["repro", "euclid", "3", "5"]);
    let bare = run(&["repro", "3", "5"]);
    assert_eq!(
        bare.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&bare.stderr)
    );
    assert_eq!(named.status.code(), Some(0));
    assert_eq!(bare.stdout, named.stdout);
    // Both forms print the same table, of the position (3, 5).
    assert!(String::from_utf8_lossy(&bare.stdout).starts_with("euclid [3, 5]"));
    assert_eq!(run(&["repro", "nope", "3"]).status.code(), Some(2));
}

/// Issue 31, item 22: `prove` counts only the positions of the game's domain (both
/// numbers positive): below 3 those are (1, 1), (1, 2), (2, 1), (2, 2), not the 9 pairs.
#[test]
fn prove_counts_only_positions_of_the_domain() {
    let out = Command::new(env!("CARGO_BIN_EXE_euclid-game"))
        .args(["prove", "euclid", "--max-count", "3"])
        .output()
        .expect("euclid-game runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let positive = (0..3u64)
        .flat_map(|a| (0..3u64).map(move |b| (a, b)))
        .filter(|&(a, b)| a > 0 && b > 0)
        .count();
    assert!(
        text.contains(&format!(": {positive} positions checked (5 outside")),
        "{text}"
    );
}
