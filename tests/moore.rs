//! Moore's Nim: the P-test, winning moves and the count, against the oracles of
//! `gamecheck-oracles` (game search, brute force, DP) and metamorphic properties at huge K.

use std::time::Instant;

use gamecheck::game::InputError;
use gamecheck::moore::strategy::TEST_PRIMES;
use gamecheck::moore::strategy::{SUPPORTED_K, huge_len, value_set};
use gamecheck::moore::{
    MODULUS, Moore, MooreCount, MooreError, count, count_mod, count_plain, is_p_position, solve, solve_mod,
    transform,
};
use gamecheck_oracles::moore_brute_count::brute_count_mod;
use gamecheck_oracles::moore_dp_count::{dp_count, dp_count_mod};
use gamecheck_oracles::moore_game_search::GameSearch;
use gamecheck_oracles::moore_group_ring_power::group_ring_power_count;
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, TestRunner};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

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

use crate::common;

// The properties `gamecheck check` runs, at the sizes of the default test run.
fn moore_game(k: u32) -> gamecheck::game::GameProblem<Moore> {
    let game = Moore::new(k).expect("k >= 1");
    gamecheck::game::GameProblem::new(game, gamecheck::game::Question::default()).expect("a game")
}

#[test]
fn p_test_matches_game_search() {
    for k in [1, 2, 6] {
        common::holds(&moore_game(k), "p_test_matches_game_search", 256);
    }
}

#[test]
fn p_test_matches_rules_oracle() {
    for k in [1, 2, 6] {
        common::holds(&moore_game(k), "outcome_matches_rules_oracle", 256);
    }
}

#[test]
fn winning_move_is_certified() {
    for k in [1, 2, 6] {
        common::holds(&moore_game(k), "winning_move_is_certified", 256);
    }
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
fn count_is_invariant_under_complement() {
    common::holds(&MooreCount::default(), "count_is_invariant_under_complement", 24);
}

/// The bits the group-ring oracle takes for k in the default run: (k+1)^B at most 343, so
/// that its O(((k+1)^B)² · log K) stays in milliseconds.
fn oracle_bits(k: u32) -> u32 {
    let m = u64::from(k) + 1;
    (1..=8).rev().find(|&b| m.pow(b) <= 343).unwrap_or(1)
}

/// The group-ring oracle, which takes every k, modulus and K.
fn group_ring(values: &[u64], len: u64, k: u32, modulus: u64) -> u64 {
    group_ring_power_count(values, len, k, modulus).unwrap_or_else(|e| panic!("{e}"))
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn count_matches_group_ring_power_at_huge_len(
        (k, values) in prop::sample::select(&SUPPORTED_K[..])
            .prop_flat_map(|k| (Just(k), value_set(k, oracle_bits(k), 40))),
        len in huge_len(),
    ) {
        // The identity's coefficient of h^K in F_p[(Z/(k+1))^B], by repeated squaring: no
        // transform, K never reduced.
        let want = group_ring(&values, len, k, P) as u32;
        let f = transform(&values, k).map_err(|e| TestCaseError::fail(e.to_string()))?;
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
    // k = 0 and a modulus that is not prime are refused before the input is read.
    assert_eq!(solve(b"garbage", 0), Err(MooreError::ZeroK));
    for modulus in [0, 1, 4, 91, 998_244_353 * 3, u64::MAX] {
        assert_eq!(
            solve_mod(b"garbage", 6, modulus),
            Err(MooreError::NotPrime { modulus }),
            "modulus {modulus}"
        );
    }
    assert!(solve_mod(b"1 1\n1\n", 6, 91).is_err_and(|e| e.to_string().contains("91 is not a prime")));
    // Every k ≥ 1 is supported; k + 1 = 2^32 holds only the value 0.
    for k in [2, 4, 5, 8] {
        assert_eq!(
            solve(b"2 6\n1 3\n", k),
            Ok(format!("{}\n", dp_count(&[1, 3], 6, k))),
            "k = {k}"
        );
    }
    assert_eq!(solve(b"2 3\n0 0\n", u32::MAX), Ok("8\n".to_owned()));
    assert!(matches!(
        solve(b"1 3\n1\n", u32::MAX),
        Err(MooreError::Input(InputError::OutOfRange { line: 2, .. }))
    ));
}

/// Runs the `gamecheck` binary on `input`; returns the exit code, stdout and stderr.
#[cfg(feature = "cli")]
fn run_cli(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let out = common::gamecheck(args, input);
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
    assert_eq!(
        run_cli(&["solve", "games", "--k", "1", "--modulus", "3"], "2 2\n1 1\n").1,
        "1\n"
    );
    // k = 2 has no cube root of unity mod 998244353 (nor k = 6 mod 10^9 + 7).
    let dp = |k, p| format!("{}\n", dp_count_mod(&[1, 2, 3, 5], 9, k, p));
    assert_eq!(
        run_cli(&["solve", "games", "--k", "2"], "4 9\n1 2 3 5\n").1,
        dp(2, 998_244_353)
    );
    assert_eq!(
        run_cli(&["solve", "games", "--modulus", "1000000007"], "4 9\n1 2 3 5\n").1,
        dp(6, 1_000_000_007)
    );
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
            &["solve", "games", "--modulus", "91"][..],
            "1 5\n1\n",
            "the modulus 91 is not a prime",
        ),
        (
            &["solve", "games", "--k", "2", "--modulus", "1"][..],
            "1 5\n1\n",
            "--modulus 1 is out of range: 2 to",
        ),
        (
            &["solve", "games", "--k", "0"][..],
            "1 5\n1\n",
            "--k 0 is out of range: 1 to",
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

/// `base^exp mod p` with `u128` remainders, the exponent never reduced.
fn pow_mod_any(base: u64, mut exp: u64, p: u64) -> u64 {
    let p = u128::from(p);
    let (mut b, mut r) = (u128::from(base) % p, 1 % p);
    while exp > 0 {
        if exp & 1 == 1 {
            r = r * b % p;
        }
        b = b * b % p;
        exp >>= 1;
    }
    r as u64
}

/// A prime near 2^61 drawn from `rng`.
fn prime_near_2_61(rng: &mut ChaCha8Rng) -> u64 {
    let start = (1u64 << 61) - (1 << 30) + rng.random_range(0..1u64 << 31);
    (start..)
        .find(|&p| gamecheck::moore::is_prime(p))
        .expect("a prime above")
}

#[test]
fn count_mod_matches_oracles_for_every_k_and_prime() {
    let seed = 20_260_611;
    eprintln!("seed {seed}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut primes = TEST_PRIMES.to_vec();
    primes.push(prime_near_2_61(&mut rng));
    for k in 1..=10u32 {
        let m = u64::from(k) + 1;
        let bits = (1..=4).rev().find(|&b| m.pow(b) <= 1500).unwrap_or(1);
        let mut search = GameSearch::new(k);
        for &p in &primes {
            for case in 0..8 {
                let n = rng.random_range(1..=6usize);
                let values: Vec<u64> = (0..n).map(|_| rng.random_range(0..1u64 << bits)).collect();
                let len = match case % 3 {
                    0 => rng.random_range(0..=12),
                    1 => rng.random_range(0..=6) * m,
                    _ => rng.random_range(0..=60),
                };
                assert_eq!(
                    count_mod(&values, len, k, p),
                    Ok(dp_count_mod(&values, len, k, p)),
                    "values {values:?}, K {len}, k {k}, p {p}"
                );
            }
            // The brute force: every sequence classified by the game search.
            for _ in 0..3 {
                let n = rng.random_range(1..=3usize);
                let values: Vec<u64> = (0..n).map(|_| rng.random_range(0..4)).collect();
                let len = rng.random_range(0..=4u32);
                assert_eq!(
                    count_mod(&values, u64::from(len), k, p),
                    Ok(brute_count_mod(&mut search, &values, len, p)),
                    "values {values:?}, K {len}, k {k}, p {p}"
                );
            }
        }
    }
}

#[test]
fn count_mod_matches_group_ring_power_at_huge_k_for_every_k_and_prime() {
    // K = 10^18 and u64::MAX, with the exponent's hard spots for each p (multiples of
    // p − 1, p² − 1 and k + 1, and neighbours), for every k in 1..=10 and every test prime,
    // including the p ≤ k + 1 and p | k + 1 that take the ramified route. The DP is O(K):
    // only the group-ring power reaches these K without the transform.
    let seed = 20_260_612;
    eprintln!("seed {seed}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut primes = TEST_PRIMES.to_vec();
    primes.push(prime_near_2_61(&mut rng));
    let mut nonzero = 0;
    for k in 1..=10u32 {
        let m = u64::from(k) + 1;
        let bits = (1..=6).rev().find(|&b| m.pow(b) <= 64).unwrap_or(1);
        for &p in &primes {
            let mut lens = vec![10u64.pow(18), u64::MAX, u64::MAX - u64::MAX % m];
            for order in [Some(p - 1), p.checked_mul(p).map(|q| q - 1)]
                .into_iter()
                .flatten()
            {
                let c = rng.random_range(1..=u64::MAX / order);
                lens.extend([c * order, c * order - 1, (c * order).saturating_add(1)]);
            }
            for case in 0..3 {
                let n = rng.random_range(1..=6usize);
                let values: Vec<u64> = match case {
                    // Some zeros: in the ramified case the count is 0 without them, unless
                    // p^v | K.
                    0 => (0..n)
                        .map(|_| {
                            if rng.random_bool(0.3) {
                                0
                            } else {
                                rng.random_range(0..1u64 << bits)
                            }
                        })
                        .collect(),
                    // Two values sharing bits, with copies.
                    1 => {
                        let (a, b) = (
                            rng.random_range(1..1u64 << bits),
                            rng.random_range(0..1u64 << bits),
                        );
                        (0..n).map(|i| if i % 3 == 0 { a } else { a | b }).collect()
                    }
                    _ => (0..n).map(|_| rng.random_range(0..1u64 << bits)).collect(),
                };
                for &len in &lens {
                    let want = group_ring(&values, len, k, p);
                    nonzero += usize::from(want != 0);
                    assert_eq!(
                        count_mod(&values, len, k, p),
                        Ok(want),
                        "values {values:?}, K {len}, k {k}, p {p}"
                    );
                }
            }
        }
    }
    assert!(nonzero > 500, "only {nonzero} nonzero answers");
}

#[test]
fn count_mod_refuses_what_it_cannot_do_with_reasons() {
    // Not prime.
    assert_eq!(count_mod(&[1], 3, 2, 1), Err(MooreError::NotPrime { modulus: 1 }));
    assert_eq!(count_mod(&[1], 3, 0, 7), Err(MooreError::ZeroK));
    // ord_101(2) = 100: F_{2^100} is beyond the supported degree; values 0 need no ring.
    let e = count_mod(&[1], 5, 100, 2);
    assert!(
        matches!(e, Err(MooreError::DegreeTooLarge { degree: 100, .. })),
        "{e:?}"
    );
    assert_eq!(count_mod(&[0, 0, 0], 5, 100, 2), Ok(1)); // 3^5 mod 2
    // k = 60, p = 2: F_{2^60}, and 61^4 points is far too much work.
    let e = count_mod(&[1, 2, 4, 8], 5, 60, 2);
    assert!(matches!(e, Err(MooreError::TooMuchWork { .. })), "{e:?}");
    assert!(e.is_err_and(|e| e.to_string().contains("use smaller values")));
    // Yet every k up to 63 works on small values, whatever p.
    for k in 1..=63u32 {
        for p in [2, 3, 1_000_000_007, (1u64 << 61) - 1] {
            let got = count_mod(&[1, 2, 3], u64::from(k) + 1, k, p);
            assert_eq!(
                got,
                Ok(dp_count_mod(&[1, 2, 3], u64::from(k) + 1, k, p)),
                "k {k}, p {p}"
            );
        }
    }
}

#[test]
fn count_mod_handles_a_huge_k_with_one_bit() {
    // k + 1 = 65537 and one bit column: 65537 points, their twiddles made slice by slice; in
    // F_p (65537 | p − 1) and in F_{p²} (p ≡ −1 mod 65537, orbits {t, −t}). With a values
    // having the bit and b not, the count is Σ_{j ≡ 0 (mod k+1)} C(K, j)·a^j·b^(K−j).
    let k = 65_536u64;
    let binomial_count = |a: u64, b: u64, len: u64, p: u64| {
        let mul = |x: u64, y: u64| (u128::from(x) * u128::from(y) % u128::from(p)) as u64;
        let fact: Vec<u64> = (0..=len)
            .scan(1u64, |f, i| {
                let cur = *f;
                *f = mul(*f, (i + 1) % p);
                Some(cur)
            })
            .collect();
        let inv = |x: u64| pow_mod_any(x, p - 2, p);
        (0..=len)
            .step_by(k as usize + 1)
            .map(|j| {
                let c = mul(
                    fact[len as usize],
                    mul(inv(fact[j as usize]), inv(fact[(len - j) as usize])),
                );
                mul(c, mul(pow_mod_any(a, j, p), pow_mod_any(b, len - j, p)))
            })
            .fold(0, |s, t| (s + t) % p)
    };
    for p in [917_519, 262_147] {
        for (values, len) in [
            (&[1u64, 1, 0][..], 65_537u64),
            (&[1, 0], 131_074),
            (&[1, 1, 1], 65_538),
            (&[1], 5),
        ] {
            let a = values.iter().filter(|&&v| v == 1).count() as u64;
            let want = binomial_count(a, values.len() as u64 - a, len, p);
            assert_eq!(
                count_mod(values, len, k as u32, p),
                Ok(want),
                "values {values:?}, K {len}, p {p}"
            );
        }
    }
}

#[cfg(feature = "cli")]
#[test]
fn repro_of_a_k_without_a_root_of_unity_agrees() {
    // k + 1 = 6 does not divide p - 1: the plain baseline cannot answer, which is no
    // disagreement; the fast count, the DP and the brute force all say 0.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(["repro", "games", "--k", "5", "3", "1"])
        .output()
        .expect("gamecheck runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("plain count  out of reach") && !text.contains("DISAGREES"),
        "{text}"
    );
    assert_eq!(brute_count_mod(&mut GameSearch::new(5), &[1], 3, 998_244_353), 0);
}
