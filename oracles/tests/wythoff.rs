//! Wythoff's game: the mex-construction table against the generic rules oracle, which
//! knows only the moves.

use gamecheck_oracles::rules_oracle::{Rules, RulesOracle};
use gamecheck_oracles::wythoff_mex_table::{MAX_LIMIT, WythoffError, WythoffTable};

/// Wythoff's game from the rules: take any positive number of stones from one pile, or the
/// same positive number from both.
struct Wythoff;

impl Rules for Wythoff {
    type Position = (u64, u64);

    fn moves(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..=x).map(|t| (x - t, y)));
        out.extend((1..=y).map(|t| (x, y - t)));
        out.extend((1..=x.min(y)).map(|t| (x - t, y - t)));
    }
}

const LIMIT: u64 = 100;

#[test]
fn mex_table_matches_rules_oracle() {
    let table = match WythoffTable::build(LIMIT) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    let mut oracle = RulesOracle::new(Wythoff);
    let mut p_positions = 0;
    for x in 0..LIMIT {
        for y in 0..LIMIT {
            let lost = oracle.grundy(&(x, y)).map(|g| g == 0);
            assert_eq!(lost.clone().ok(), table.is_p_position(x, y), "at ({x}, {y})");
            p_positions += usize::from(lost == Ok(true));
        }
        assert_eq!(table.is_p_position(x, LIMIT), None);
        assert_eq!(table.is_p_position(LIMIT, x), None);
    }
    // Each row holds at most one P-position; most rows hold one (b_j grows like 2.6 j).
    assert!(p_positions > LIMIT as usize / 2, "{p_positions} P-positions");
}

#[test]
fn mex_table_matches_rules_oracle_for_every_limit() {
    // A smaller limit cuts pairs whose larger pile leaves the table; the rest must agree.
    let mut oracle = RulesOracle::new(Wythoff);
    for limit in 1..=40 {
        let table = match WythoffTable::build(limit) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(table.limit(), limit);
        for x in 0..limit {
            for y in 0..limit {
                assert_eq!(
                    table.is_p_position(x, y),
                    oracle.wins(&(x, y)).ok().map(|w| !w),
                    "L = {limit}, at ({x}, {y})"
                );
            }
        }
    }
}

#[test]
fn absurd_limits_are_errors() {
    assert!(matches!(WythoffTable::build(0), Err(WythoffError::Limit(0))));
    assert!(matches!(
        WythoffTable::build(MAX_LIMIT + 1),
        Err(WythoffError::Limit(l)) if l == MAX_LIMIT + 1
    ));
    assert!(matches!(
        WythoffTable::build(u64::MAX),
        Err(WythoffError::Limit(u64::MAX))
    ));
}
