//! Wythoff's game: the exact P-test against the generic rules oracle and the mex table,
//! through the same properties `gamecheck check` runs, plus exhaustive boxes.

use gamecheck::problem::{Problem, disagreements};
use gamecheck::wythoff::{Piles, Wythoff, floor_phi, is_p_position, winning_move};
use gamecheck_oracles::wythoff_mex_table::WythoffTable;

mod common;

#[test]
fn p_test_matches_rules_oracle() {
    common::holds(&Wythoff::default(), "p_test_matches_rules_oracle", 500);
}

#[test]
fn p_test_matches_mex_table() {
    common::holds(&Wythoff::default(), "p_test_matches_mex_table", 5000);
}

#[test]
fn mex_table_matches_rules_oracle() {
    common::holds(&Wythoff::default(), "mex_table_matches_rules_oracle", 500);
}

#[test]
fn winning_move_is_certified() {
    common::holds(&Wythoff::default(), "winning_move_is_certified", 20_000);
}

#[test]
fn p_test_matches_mex_table_exhaustively_below_2000() {
    let table = WythoffTable::build(2000).unwrap_or_else(|e| panic!("{e}"));
    for x in 0..2000 {
        for y in 0..2000 {
            assert_eq!(Some(is_p_position(x, y)), table.is_p_position(x, y), "({x}, {y})");
        }
    }
}

#[test]
fn p_test_matches_mex_table_on_every_diagonal_below_2_to_20() {
    // Along each diagonal j = y - x the table has one P-position: the P-test must find
    // exactly it, also far beyond the exhaustive box.
    let limit = 1u64 << 20;
    let table = WythoffTable::build(limit).unwrap_or_else(|e| panic!("{e}"));
    let mut j = 0;
    while let Ok(a) = u64::try_from(floor_phi(j)) {
        if a + j >= limit {
            break;
        }
        for x in [a.saturating_sub(1), a, a + 1] {
            if x + j < limit {
                assert_eq!(
                    Some(is_p_position(x, x + j)),
                    table.is_p_position(x, x + j),
                    "j = {j}, x = {x}"
                );
            }
        }
        j += 1;
    }
}

#[test]
fn floor_phi_and_the_p_test_agree_near_the_largest_diagonals() {
    // Two independent exact methods: ⌊jφ⌋ (a square root of 5j², or a search on squares)
    // and the P-test's sign test of k² + kj − j². The P-position of each diagonal must be
    // exactly (⌊jφ⌋, ⌊jφ⌋ + j), and its neighbours on the diagonal must not be.
    let mut fib = vec![1u64, 2];
    while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
        fib.push(next);
    }
    let js = ((1u64 << 62) - 1000..(1u64 << 62))
        .chain(fib)
        .chain([u64::MAX / 3]);
    for j in js {
        let Some(a) = u64::try_from(floor_phi(j))
            .ok()
            .filter(|a| a.checked_add(j).is_some())
        else {
            continue;
        };
        assert!(is_p_position(a, a + j), "j = {j}");
        assert!(!is_p_position(a - 1, a - 1 + j) || a == 0, "j = {j}");
        if let Some(y) = (a + 1).checked_add(j) {
            assert!(!is_p_position(a + 1, y), "j = {j}");
        }
    }
}

#[test]
fn winning_moves_are_certified_at_the_largest_piles() {
    for (x, y) in [
        (u64::MAX, u64::MAX),
        (u64::MAX, 0),
        (u64::MAX - 1, u64::MAX),
        (1 << 63, u64::MAX),
    ] {
        let p = Piles { x, y };
        let rows = Wythoff::default().evaluate(&p);
        assert!(!disagreements(&rows).contains(&true), "{rows:?}");
        if let Some((nx, ny)) = winning_move(x, y) {
            assert!(is_p_position(nx, ny));
        }
    }
}

#[test]
fn prove_covers_every_position_below_the_bound_and_shards_partition_it() {
    use gamecheck::prove::{Shard, prove};
    use gamecheck::wythoff::WythoffDomain;
    let domain = WythoffDomain { max_pile: 500 };
    let whole = prove(&Wythoff::default(), &domain, Shard::WHOLE, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((whole.checked, whole.mismatch_count), (250_000, 0));
    let parts: u64 = (1..=3)
        .map(|index| {
            let part = prove(&Wythoff::default(), &domain, Shard { index, count: 3 }, &|_| {});
            part.unwrap_or_else(|e| panic!("{e}")).checked
        })
        .sum();
    assert_eq!(parts, 250_000);
}
