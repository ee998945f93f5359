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

/// Seed 3 with the default 200 inputs and with 3000: a large input of 18-digit piles
/// (top-of-range, input 5) used to fail first and shrink, in 3000 runs, to a case of 85
/// piles. The short lists of small piles come first now, and a long list of large counts
/// shrinks by deletions and by lowering every count at once: the least input, one case
/// `1 2 2`, in at most 500 runs.
#[test]
fn the_largest_pile_move_shrinks_to_its_least_input_in_few_runs_from_seed_3() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("solutions")
        .join("largest.c");
    // The least failing list, by the program's rule written here: the first largest
    // pile x, the nim-sum s ≠ 0, and x XOR s > x; lists in the order of least inputs
    // (total, then length, then the piles).
    let fails = |piles: &[u64]| {
        let s = piles.iter().fold(0, |a, &x| a ^ x);
        let big = piles.iter().fold(0, |m, &x| m.max(x));
        s != 0 && big ^ s > big
    };
    let mut lists: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..5 {
        let longer: Vec<Vec<u64>> = lists
            .iter()
            .filter(|l| l.len() < 5)
            .flat_map(|l| (0..=5).map(move |x| [&l[..], &[x]].concat()))
            .filter(|l| l.iter().sum::<u64>() <= 5)
            .collect();
        lists.extend(longer);
    }
    lists.retain(|l| !l.is_empty());
    lists.sort_by_key(|l| (l.iter().sum::<u64>(), l.len(), l.clone()));
    lists.dedup();
    let least = lists.into_iter().find(|l| fails(l));
    assert_eq!(least, Some(vec![1, 2, 2]));
    for cases in [200, 3000] {
        let err = stress(Nim, &source.to_string_lossy())
            .seed(3)
            .cases(cases)
            .build_dir(dir.join("nim-move-builds"))
            .out_dir(dir.join(format!("nim-move-stress-largest-seed-3-{cases}")))
            .run()
            .expect_err("the largest pile's move can be illegal");
        let f = err.failure().unwrap_or_else(|| panic!("{err}"));
        assert_eq!(f.positions, vec![vec![1, 2, 2]], "{cases} inputs");
        assert_eq!(f.least, Standing::Least, "{cases} inputs");
        assert!(f.shrink_runs <= 500, "{cases} inputs: {} runs", f.shrink_runs);
    }
}
