//! Heap games: the sparse-space method against the plain mex and rules oracles of
//! `gamecheck-oracles` on random codes, periods proved by the Guy–Smith theorem against
//! published values, and the published errors refuted at their least counterexamples.
//! The long proofs (0.16 to 0.1777) are `#[ignore]`d: `cargo test --release --test
//! integration octal:: -- --ignored`.

use gamecheck::octal::code::OctalCode;
use gamecheck::octal::crosscheck::{
    period_holds_on_plain_values, plain_mex, sparse_matches_plain_mex, sparse_matches_rules_oracle,
};
use gamecheck::octal::guy_smith::{ClaimCheck, PeriodResult, check_period, find_period};
use gamecheck::octal::sparse_space::SparseSpace;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/octal.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// A random code: d_0 of 0, 4 or 8, then one to five digits, hexadecimal now and then; or
/// Grundy's game.
fn code() -> impl Strategy<Value = OctalCode> {
    let digit = prop_oneof![10 => 0u8..8, 1 => 8u8..16];
    let text = (
        prop_oneof![6 => Just(0u8), 2 => Just(4u8), 1 => Just(8u8)],
        prop::collection::vec(digit, 1..=5),
    )
        .prop_map(|(d0, ds)| {
            let tail: String = ds.iter().map(|d| format!("{d:x}")).collect();
            format!("{d0:x}.{tail}")
        });
    prop_oneof![30 => text, 1 => Just("grundy".to_string())]
        .prop_map(|t| t.parse::<OctalCode>().unwrap_or_else(|e| panic!("{t}: {e}")))
}

/// Heaps the plain mex reaches quickly: O(n²) for octal codes, O(n³) for hexadecimal ones.
fn plain_heaps(code: &OctalCode) -> usize {
    if code.max_heaps() > 2 { 70 } else { 500 }
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn sparse_space_matches_plain_mex(code in code()) {
        let checked = sparse_matches_plain_mex(&code, plain_heaps(&code));
        prop_assert!(checked.is_ok(), "{}", checked.err().map(|e| e.to_string()).unwrap_or_default());
    }

    #[test]
    fn sparse_space_matches_rules_oracle(code in code()) {
        let checked = sparse_matches_rules_oracle(&code, 13);
        prop_assert!(checked.is_ok(), "{}", checked.err().map(|e| e.to_string()).unwrap_or_default());
    }

    #[test]
    fn proved_periods_hold_on_plain_values(code in code().prop_filter("not Grundy's game", |c| !c.unequal_splits())) {
        let max = if code.max_heaps() > 2 { 200 } else { 3000 };
        let r = find_period(&code, max, &()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let checked = period_holds_on_plain_values(&r);
        prop_assert!(checked.is_ok(), "{}", checked.err().map(|e| e.to_string()).unwrap_or_default());
    }
}

fn parse(s: &str) -> OctalCode {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn proved(code: &str, max: u64) -> PeriodResult {
    find_period(&parse(code), max, &()).unwrap_or_else(|e| panic!("{code}: {e}"))
}

/// Asserts the published (preperiod, period) is proved, and by the claim check too.
fn assert_published_period(code: &str, preperiod: u64, period: u64, max: u64) {
    let r = proved(code, max);
    assert_eq!(
        (code, r.proved, r.preperiod, r.period),
        (code, true, Some(preperiod), Some(period))
    );
    let check = check_period(&parse(code), preperiod, period, max, &());
    assert!(
        matches!(check, Ok(ClaimCheck::Proved { .. })),
        "{code}: {check:?}"
    );
}

#[test]
fn kayles_dawsons_kayles_and_chess_periods_are_proved() {
    // Winning Ways; OEIS A002186, A002187.
    assert_published_period("0.77", 71, 12, 10_000);
    assert_published_period("0.07", 53, 34, 10_000);
    assert_published_period("0.137", 52, 34, 10_000);
    let kayles = proved("0.77", 10_000);
    assert_eq!((kayles.values_needed, kayles.heaps_computed), (Some(168), 168));
    assert_eq!(period_holds_on_plain_values(&kayles), Ok(()));
}

#[test]
fn small_published_periods_are_proved() {
    // OEIS A071435 (.177: period 20, last exception 496), A071434 (.1377: 24, 140),
    // A071452 (.11377: 32, 186), A071453 (.117: 48, last exception 46), A125829 (.115:
    // period 14, only exception n = 0), A077069 (4.777: period 20, last exception 18).
    assert_published_period("0.177", 497, 20, 100_000);
    assert_published_period("0.1377", 141, 24, 100_000);
    assert_published_period("0.11377", 187, 32, 100_000);
    assert_published_period("0.117", 47, 48, 100_000);
    assert_published_period("0.115", 1, 14, 100_000);
    assert_published_period("4.777", 19, 20, 100_000);
}

#[test]
fn solved_games_table_periods_are_proved() {
    // T. Czajka's table of solved octal games (github.com/tczajka/octal-games,
    // SolvedGames.md: prefix, period), after Kenyon (1967), Austin (1976) and Gangolli and
    // Plambeck (1989). 0.127's rare values depend on the heap's parity: the mask's domain
    // flag.
    assert_published_period("0.45", 498, 20, 100_000);
    assert_published_period("0.156", 3479, 349, 100_000);
    assert_published_period("0.356", 7315, 142, 100_000);
    assert_published_period("0.644", 3256, 442, 100_000);
    assert_published_period("0.165", 5181, 1550, 100_000);
    assert_published_period("0.127", 46_578, 4, 200_000);
}

#[test]
fn claims_are_refuted_at_the_least_counterexample() {
    let kayles = parse("0.77");
    // Kayles: G(70) = 6, G(82) = 2, the last exception.
    assert_eq!(
        check_period(&kayles, 60, 12, 10_000, &()),
        Ok(ClaimCheck::Refuted {
            n: 70,
            value: 6,
            shifted: 2
        })
    );
    // A wrong period is refuted at its first mismatch from E on.
    let r = check_period(&kayles, 71, 6, 10_000, &());
    let Ok(ClaimCheck::Refuted { n, value, shifted }) = r else {
        panic!("{r:?}");
    };
    let g = plain_mex(&kayles, 200).unwrap_or_default();
    assert!(n >= 71 && g[n as usize] == value && g[n as usize + 6] == shifted && value != shifted);
    assert!((71..n as usize).all(|m| g[m] == g[m + 6]));
}

#[test]
fn subtraction_game_134_has_g6_equal_2() {
    // S(1, 3, 4): take 1, 3 or 4, leaving at most one heap: digit 3 at positions 1, 3, 4.
    // A tutorial lists G(6) = 1; the values are 0 1 0 1 2 3 2, period 7.
    let code = parse("0.3033");
    let mut s = SparseSpace::new(&code);
    s.extend_to(7);
    assert_eq!(s.value(6), Some(2));
    assert_eq!(plain_mex(&code, 7).ok().and_then(|g| g.get(6).copied()), Some(2));
    assert_published_period("0.3033", 0, 7, 1000);
}

#[test]
fn octal_161_and_36_first_differ_at_heap_519() {
    // A published table maps .161 to .36; they agree below 519 and differ there.
    let (a, b) = (parse("0.161"), parse("0.36"));
    let (ga, gb) = (plain_mex(&a, 600), plain_mex(&b, 600));
    let (Ok(ga), Ok(gb)) = (ga, gb) else {
        panic!("oracle")
    };
    let first = ga.iter().zip(&gb).position(|(x, y)| x != y);
    assert_eq!(first, Some(519));
    let mut s = SparseSpace::new(&a);
    s.extend_to(600);
    assert_eq!(s.values().to_vec(), ga);
}

#[test]
fn grundys_game_has_no_period_theorem() {
    assert!(find_period(&OctalCode::grundy(), 1000, &()).is_err());
    assert!(check_period(&OctalCode::grundy(), 10, 2, 1000, &()).is_err());
}

#[test]
fn a_search_without_a_proof_reports_how_far_it_got() {
    // 0.16's period appears after 500,000 heaps.
    let r = proved("0.16", 20_000);
    assert_eq!((r.proved, r.heaps_computed), (false, 20_000));
}

// The published periods of long computations. 0.16 and 0.56: Gangolli and Plambeck (1989);
// 0.56's last exception is at 326,639 (OEIS A071436 says 326,637); 0.1777: Flammenkamp
// (OEIS A071509).

#[test]
#[ignore = "0.5 s release: 510,000 heaps"]
fn octal_16_period_is_proved() {
    assert_published_period("0.16", 105_351, 149_459, 1_000_000);
}

#[test]
#[ignore = "0.5 s release: 650,000 heaps"]
fn octal_56_period_is_proved_and_oeis_last_exception_refuted() {
    assert_published_period("0.56", 326_640, 144, 1_000_000);
    // A071436: "the last exception is at n = 326637", a preperiod of 326,638.
    let r = check_period(&parse("0.56"), 326_638, 144, 1_000_000, &());
    assert!(matches!(r, Ok(ClaimCheck::Refuted { n: 326_639, .. })), "{r:?}");
}

#[test]
#[ignore = "30 s release: 4.5 million heaps"]
fn octal_376_period_is_proved() {
    // Gangolli and Plambeck (1989); Czajka's table: prefix 2,268,248, period 4.
    assert_published_period("0.376", 2_268_248, 4, 10_000_000);
}

#[test]
#[ignore = "20 s release: 20 million heaps"]
fn octal_354_period_is_proved() {
    // Flammenkamp (2002); Czajka's table: prefix 10,061,916, period 1180.
    assert_published_period("0.354", 10_061_916, 1180, 30_000_000);
}

#[test]
#[ignore = "one to two minutes release, 443 million heaps, 450 MB"]
fn octal_1777_period_is_proved() {
    assert_published_period("0.1777", 160_949_018, 60_620_715, 500_000_000);
}
