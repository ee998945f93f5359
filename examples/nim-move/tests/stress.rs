//! The contest solutions in `solutions/`, stressed from `cargo test` through
//! `gamecheck::game::stress`: each is built from its source (gcc, cached by content); a
//! printed move is judged as a certificate, so every winning move is right.

use std::path::PathBuf;

use gamecheck::game::stress::StressError;
use gamecheck::game::{Answer, Move, stress};
use gamecheck::stress::{Standing, Verdict};
use nim_move::Nim;

/// Returns a stress run of `solutions/<name>` on 40 inputs, building in and writing to
/// this test's own directories.
fn run(name: &str) -> Result<gamecheck::game::stress::Passed, StressError<Vec<u64>>> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("solutions")
        .join(name);
    stress(Nim, &source.to_string_lossy())
        .cases(40)
        .build_dir(dir.join("nim-move-builds"))
        .out_dir(dir.join(format!("nim-move-stress-{name}")))
        .run()
}

#[test]
fn two_different_right_solutions_pass() {
    // `first.c` moves on the first pile that has a winning move, `last.c` on the last:
    // different moves, both right.
    for name in ["first.c", "last.c"] {
        let passed = run(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(passed.inputs, 40, "{name}");
    }
}

#[test]
fn an_illegal_move_is_refuted_at_its_least_input() {
    let err = run("largest.c").expect_err("the largest pile's move can be illegal");
    let f = err.failure().unwrap_or_else(|| panic!("{err}"));
    assert_eq!(f.positions, vec![vec![1, 2, 2]]);
    // The nim-sum is 1; pile 2 (of 2) would go to 2 XOR 1 = 3, more than it holds.
    assert_eq!(f.output, "2 3\n");
    assert_eq!((f.verdict, &f.least), (Verdict::WrongAnswer, &Standing::Least));
    assert!(f.reason.contains("`2 3` is not a legal move"), "{}", f.reason);
    // The expected answer is a winning move of the fast path: pile 1 to 0.
    assert_eq!(f.expected, vec![Answer::Move(Some(Move { index: 1, value: 0 }))]);
}
