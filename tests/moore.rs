//! Moore's Nim: the P-test, winning moves and the count, against the oracles of
//! `gamecheck-oracles` (game search, brute force, DP) and metamorphic properties at huge K.

use std::time::Instant;

use gamecheck::input::InputError;
use gamecheck::moore::strategy::{SUPPORTED_K, huge_len, value_set};
use gamecheck::moore::{
    MODULUS, MooreCount, MooreError, MoorePosition, count, count_plain, is_p_position, solve, transform,
};
use gamecheck_oracles::moore_game_search::GameSearch;
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, TestRunner};

const P: u64 = MODULUS as u64;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/moore.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// `base^exp mod p` with the exponent never reduced: 0^0 = 1 and 0^e = 0 for e > 0.
fn pow_exact(base: u64, mut exp: u64) -> u64 {
    let (mut b, mut r) = (base % P, 1u64);
    while exp > 0 {
        if exp & 1 == 1 {
            r = r * b % P;
        }
        b = b * b % P;
        exp >>= 1;
    }
    r
}

mod common;

// The properties `gamecheck check` runs, at the sizes of the default test run.
#[test]
fn p_test_matches_game_search() {
    common::holds(&MoorePosition::default(), "p_test_matches_game_search", 256);
}

#[test]
fn winning_move_is_certified() {
    common::holds(&MoorePosition::default(), "winning_move_is_certified", 256);
}

#[test]
fn winning_move_is_certified_on_large_piles() {
    common::holds(
        &MoorePosition::default(),
        "winning_move_is_certified_on_large_piles",
        256,
    );
}

#[test]
fn count_matches_brute_force() {
    common::holds(&MooreCount::default(), "count_matches_brute_force", 64);
}

#[test]
fn count_matches_dp() {
    common::holds(&MooreCount::default(), "count_matches_dp", 64);
}

#[test]
fn count_matches_plain() {
    common::holds(&MooreCount::default(), "count_matches_plain", 32);
}

#[test]
fn count_is_invariant_under_permutation() {
    common::holds(&MooreCount::default(), "count_is_invariant_under_permutation", 24);
}

#[test]
fn count_is_invariant_under_doubling() {
    common::holds(&MooreCount::default(), "count_is_invariant_under_doubling", 24);
}

#[test]
fn count_of_copies_is_a_power_or_zero() {
    common::holds(&MooreCount::default(), "count_of_copies_is_a_power_or_zero", 64);
}

#[test]
fn count_is_invariant_under_complement_when_7_divides_k() {
    common::holds(
        &MooreCount::default(),
        "count_is_invariant_under_complement_when_7_divides_k",
        24,
    );
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn count_matches_unreduced_power_sum(
        (k, values) in prop::sample::select(&SUPPORTED_K[..]).prop_flat_map(|k| (Just(k), value_set(k, 5, 40))),
        len in huge_len(),
    ) {
        // Σₜ F(t)^K / (k+1)^B with the exponent never reduced mod p − 1.
        let f = transform(&values, k).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let sum = f.coefficients().iter().fold(0, |s, &x| (s + pow_exact(u64::from(x), len)) % P);
        let size = pow_exact(u64::from(k) + 1, u64::from(f.bits()));
        let want = (sum * pow_exact(size, P - 2) % P) as u32;
        prop_assert_eq!(f.count(len), want);
        prop_assert_eq!(count(&values, len, k), Ok(want), "{:?}, K {}, k {}", values, len, k);
        prop_assert_eq!(count_plain(&values, len, k), Ok(want));
    }
}

#[test]
fn generator_reaches_transform_zeros() {
    let mut runner = TestRunner::deterministic();
    for (k, bits) in [(6, 7), (6, 3), (1, 3), (3, 5), (7, 6), (16, 5)] {
        let strategy = value_set(k, bits, 40);
        let (mut with_zero, mut sharing) = (0, 0);
        for _ in 0..200 {
            let values = strategy.new_tree(&mut runner).expect("a value tree").current();
            let f = transform(&values, k).expect("a supported transform");
            with_zero += usize::from(f.coefficients().contains(&0));
            sharing += usize::from(
                values
                    .iter()
                    .any(|&v| values.iter().any(|&w| v != w && v & w != 0)),
            );
        }
        assert!(
            with_zero >= 40,
            "k {k}, {bits} bits: only {with_zero} of 200 sets have F(t) = 0"
        );
        assert!(
            sharing >= 40,
            "k {k}, {bits} bits: only {sharing} of 200 sets share bits"
        );
    }
}

#[test]
fn count_matches_hand_checked_answers() {
    assert_eq!(solve(b"1 7\n1\n", 6), Ok("1\n".to_owned()));
    assert_eq!(solve(b"1 1\n1\n", 6), Ok("0\n".to_owned()));
    // The seed's "?": two piles of 1, bit 0 set twice, 2 is not divisible by 7.
    assert_eq!(solve(b"2 2\n1 1\n", 6), Ok("0\n".to_owned()));
    assert_eq!(solve(b"2 1\n1 2\n", 6), Ok("0\n".to_owned()));
    assert_eq!(solve(b"3 0\n5 6 7\n", 6), Ok("1\n".to_owned()));
    assert_eq!(solve(b"0 0\n", 6), Ok("1\n".to_owned()));
    assert_eq!(solve(b"0 5\n", 6), Ok("0\n".to_owned()));
    // All zeros: every sequence is the empty game in disguise.
    assert_eq!(
        solve(b"3 1000000000000000000\n0 0 0\n", 6),
        Ok(format!("{}\n", pow_exact(3, 1_000_000_000_000_000_000)))
    );
    // Values may span lines; 255 is supported for k = 6.
    assert_eq!(
        solve(b"2 7\n255\n\n255\n", 6),
        Ok(format!("{}\n", pow_exact(2, 7)))
    );
    // The contest's largest case runs and agrees with the plain baseline.
    let values: Vec<u64> = (1..=100).collect();
    assert_eq!(
        count(&values, 1_000_000_000_000_000_000, 6),
        count_plain(&values, 1_000_000_000_000_000_000, 6)
    );
}

#[test]
fn solve_rejects_malformed_input() {
    fn input_error(input: &str) -> InputError {
        match solve(input.as_bytes(), 6) {
            Err(MooreError::Input(e)) => e,
            other => panic!("{input:?} gave {other:?}"),
        }
    }
    let eoi = |line| move |e: &InputError| matches!(e, InputError::EndOfInput { line: l, .. } if *l == line);
    type Check = Box<dyn Fn(&InputError) -> bool>;
    let cases: Vec<(&str, Check, &str)> = vec![
        ("", Box::new(eoi(1)), ""),
        (
            "3\n",
            Box::new(|e| matches!(e, InputError::EndOfLine { line: 1, .. })),
            "",
        ),
        ("2 5\n1\n", Box::new(eoi(3)), ""),
        ("2 5\n1", Box::new(eoi(2)), ""),
        (
            "1 5\n1 2\n",
            Box::new(|e| matches!(e, InputError::Unexpected { line: 2, .. })),
            "`2`",
        ),
        (
            "1 5 9\n1\n",
            Box::new(|e| matches!(e, InputError::Unexpected { line: 1, .. })),
            "`9`",
        ),
        (
            "1 5\nx\n",
            Box::new(|e| matches!(e, InputError::NotANumber { line: 2, .. })),
            "`x`",
        ),
        (
            "1 5\n1.5\n",
            Box::new(|e| matches!(e, InputError::NotANumber { line: 2, .. })),
            "`1.5`",
        ),
        (
            "a 5\n1\n",
            Box::new(|e| matches!(e, InputError::NotANumber { line: 1, .. })),
            "`a`",
        ),
        (
            "1 -5\n1\n",
            Box::new(|e| matches!(e, InputError::Negative { line: 1, .. })),
            "`-5`",
        ),
        (
            "1 5\n\n-1\n",
            Box::new(|e| matches!(e, InputError::Negative { line: 3, .. })),
            "`-1`",
        ),
        (
            "1 18446744073709551616\n1\n",
            Box::new(|e| matches!(e, InputError::TooLarge { line: 1, .. })),
            "18446744073709551616",
        ),
        (
            "1 5\n99999999999999999999999\n",
            Box::new(|e| matches!(e, InputError::TooLarge { line: 2, .. })),
            "99999999999999999999999",
        ),
        (
            "2 5\n1 512\n",
            Box::new(|e| matches!(e, InputError::OutOfRange { line: 2, .. })),
            "`512`",
        ),
        (
            "1 5\n18446744073709551615\n",
            Box::new(|e| matches!(e, InputError::OutOfRange { line: 2, .. })),
            "`18446744073709551615`",
        ),
    ];
    for (input, check, token) in cases {
        let e = input_error(input);
        assert!(check(&e), "{input:?} gave {e:?}");
        assert!(
            e.to_string().contains(token),
            "{input:?}: {e} does not name {token}"
        );
    }
    // u64::MAX is a valid K, and N larger than the input must not allocate N slots.
    assert_eq!(solve(b"1 18446744073709551615\n1\n", 6), Ok("0\n".to_owned()));
    assert!(matches!(
        solve(b"18446744073709551615 1\n1\n", 6),
        Err(MooreError::Input(InputError::EndOfInput { .. }))
    ));
    // Unsupported k are refused before the input is read.
    for k in [0, 2, 4, 5, 8, u32::MAX] {
        assert!(
            matches!(
                solve(b"1 1\n1\n", k),
                Err(MooreError::ZeroK | MooreError::UnsupportedK { .. })
            ),
            "k = {k}"
        );
    }
    assert!(solve(b"1 1\n1\n", 5).is_err_and(|e| e.to_string().contains("k + 1 = 6 must divide")));
}

/// Runs the `gamecheck` binary on `input`; returns the exit code, stdout and stderr.
#[cfg(feature = "cli")]
fn run_cli(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gamecheck binary starts");
    // The binary may exit before reading everything; a broken pipe is then fine.
    let _ = child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("the gamecheck binary finishes");
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

#[test]
#[cfg(feature = "cli")]
fn cli_solves_games_and_refuses_malformed_input() {
    assert_eq!(
        run_cli(&["solve", "games"], "1 7\n1\n"),
        (Some(0), "1\n".to_owned(), String::new())
    );
    assert_eq!(run_cli(&["solve", "games", "--k", "1"], "2 2\n1 1\n").1, "4\n");
    for (args, input, needle) in [
        (
            &["solve", "games"][..],
            "1 5\n1 x\n",
            "line 2: unexpected token `x`",
        ),
        (
            &["solve", "games"][..],
            "3 5\n1 2\n",
            "line 3: expected one of the N = 3 values",
        ),
        (
            &["solve", "games"][..],
            "1 5\n-2\n",
            "line 2: token `-2` is negative",
        ),
        (
            &["solve", "games"][..],
            "1 5\n300000000000000000000\n",
            "line 2: token `300000000000000000000` is larger",
        ),
        (
            &["solve", "games"][..],
            "1 5\n4096\n",
            "line 2: token `4096` is out of range",
        ),
        (
            &["solve", "games", "--k", "5"][..],
            "1 5\n1\n",
            "k + 1 = 6 must divide",
        ),
        (
            &["solve", "games", "--k", "0"][..],
            "1 5\n1\n",
            "k = 0 is not allowed",
        ),
    ] {
        let (code, out, err) = run_cli(args, input);
        assert_eq!(code, Some(2), "{input:?}: {err}");
        assert!(out.is_empty() && err.contains(needle), "{input:?}: {err}");
        assert!(!err.contains("panicked"), "{input:?}: {err}");
    }
}

/// Every position of at most `piles` piles of sizes `0..=size`, as non-decreasing tuples
/// (leading zeros stand for fewer piles).
fn all_positions(piles: usize, size: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut cur = vec![0u64; piles];
    loop {
        out.push(cur.clone());
        // Next non-decreasing tuple: bump the last position below `size`, reset the rest.
        let Some(i) = (0..piles).rev().find(|&i| cur[i] < size) else {
            return out;
        };
        let v = cur[i] + 1;
        cur[i..].iter_mut().for_each(|x| *x = v);
    }
}

/// Checks Moore's theorem by game search on every position of the range; returns how many.
fn check_theorem(k: u32, piles: usize, size: u64) -> usize {
    let start = Instant::now();
    let mut search = GameSearch::new(k);
    let positions = all_positions(piles, size);
    for p in &positions {
        assert_eq!(search.is_p(p), is_p_position(p, k), "k {k}, piles {p:?}");
    }
    eprintln!(
        "k = {k}: {} positions of at most {piles} piles of 0..={size}, {} searched, {:?}",
        positions.len(),
        search.positions(),
        start.elapsed()
    );
    positions.len()
}

/// The default exhaustive range: (k, most piles, largest pile). Every k gets more than k
/// piles, so P-positions other than the empty one exist.
const EXHAUSTIVE: [(u32, usize, u64); 7] = [
    (1, 6, 11),
    (2, 6, 9),
    (3, 6, 7),
    (4, 6, 5),
    (5, 7, 4),
    (6, 8, 3),
    (7, 9, 3),
];

/// The larger range, behind `#[ignore]`.
const EXHAUSTIVE_LARGE: [(u32, usize, u64); 7] = [
    (1, 8, 15),
    (2, 7, 11),
    (3, 7, 8),
    (4, 8, 5),
    (5, 8, 4),
    (6, 10, 3),
    (7, 10, 3),
];

#[test]
fn game_search_confirms_moore_theorem_exhaustively() {
    for (k, piles, size) in EXHAUSTIVE {
        check_theorem(k, piles, size);
    }
}

#[test]
#[ignore = "about a minute or more: the larger exhaustive range"]
fn game_search_confirms_moore_theorem_exhaustively_large() {
    for (k, piles, size) in EXHAUSTIVE_LARGE {
        check_theorem(k, piles, size);
    }
}
