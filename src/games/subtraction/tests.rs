//! The subtraction family against a DP written here, and the published periods.

use proptest::prelude::*;

use super::Subtraction;
use crate::game::{Game, GameProblem, Question};

/// G(n) for n < len by the plain DP, written from the rules.
fn dp(set: &[u64], len: usize) -> Vec<u64> {
    let mut g = vec![0u64; len];
    for n in 0..len {
        let options: Vec<u64> = set
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| g[n - s as usize])
            .collect();
        g[n] = (0..).find(|v| !options.contains(v)).unwrap();
    }
    g
}

/// The least (preperiod, period) of `values`, assumed long enough, found by brute force:
/// the least p, then the least e, such that values[n + p] == values[n] for every n ≥ e
/// that the slice holds.
fn least_pair(values: &[u64], tail: usize) -> (usize, usize) {
    (1..tail)
        .flat_map(|p| (0..values.len() - tail).map(move |e| (e, p)))
        .filter(|&(e, p)| (e..values.len() - p).all(|n| values[n + p] == values[n]))
        .min_by_key(|&(e, p)| (p, e))
        .unwrap()
}

#[test]
fn published_periods_match_the_dp() {
    // Berlekamp, Conway and Guy, Winning Ways, ch. 4: S(1,2,3) period 4 (0123...),
    // S(1,3,4) period 7 (0101232), S(1,4,5) period 8 (01012012... preperiod 0),
    // S(2,3,7) period 5 (00112...).
    for (set, period) in [
        (vec![1, 2, 3], 4),
        (vec![1, 3, 4], 7),
        (vec![1, 4, 5], 8),
        (vec![2, 3, 7], 5),
    ] {
        let game = Subtraction::new(set.clone()).unwrap();
        let p = game.periodic().unwrap();
        assert_eq!(p.period, period, "{set:?}");
        let values = dp(&set, 400);
        assert_eq!(
            (p.preperiod as usize, p.period as usize),
            least_pair(&values, 60),
            "{set:?}"
        );
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(game.grundy_value(n as u64), Ok(v), "{set:?} at {n}");
        }
    }
    // The tutorial's S(1,3,4) table has G(6) = 1; the DP says 2.
    assert_eq!(dp(&[1, 3, 4], 7)[6], 2);
}

proptest! {
    #![proptest_config(crate::runner::persisted_config(200, "proptest-regressions/subtraction.txt"))]

    #[test]
    fn period_matches_the_dp(set in prop::collection::vec(1u64..=12, 1..=4)) {
        let game = Subtraction::new(set.clone()).unwrap();
        let p = game.periodic().unwrap();
        let values = dp(game.set(), 3000);
        for (n, &v) in values.iter().enumerate() {
            prop_assert_eq!(game.grundy_value(n as u64).unwrap(), v);
        }
        // Least: no smaller period holds on the computed values from the preperiod on,
        // and the value before the preperiod breaks the period.
        let (e, q) = (p.preperiod as usize, p.period as usize);
        prop_assert!((1..q).all(|d| (e..values.len() - d).any(|n| values[n + d] != values[n])));
        prop_assert!(e == 0 || values[e - 1] != values[e - 1 + q]);
    }

    #[test]
    fn misere_matches_the_rules_oracle(set in prop::collection::vec(1u64..=9, 1..=3), n in 0u64..400) {
        let problem = GameProblem::new(
            Subtraction::new(set).unwrap(),
            Question { play: crate::game::Play::Misere, grundy: false },
        ).unwrap();
        let mut oracle = gamecheck_oracles::rules_oracle::RulesOracle::new(gamecheck_oracles::misere::Misere(Moves(problem.game().set().to_vec())));
        let truth = crate::game::Outcome::of(oracle.wins(&Some(n)).unwrap());
        prop_assert_eq!(crate::problem::Problem::solve(&problem, &n), Ok(crate::game::Answer::Outcome(truth)));
    }
}

/// The moves again, written here, so the oracle never sees the game's code.
struct Moves(Vec<u64>);
impl gamecheck_oracles::rules_oracle::Rules for Moves {
    type Position = u64;
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(self.0.iter().filter_map(|&s| n.checked_sub(s)));
    }
}

#[test]
fn huge_heaps_follow_the_period() {
    let game = Subtraction::new(vec![2, 3, 7]).unwrap();
    let values = dp(&[2, 3, 7], 1000);
    // u64::MAX ≡ 0 (mod 5) and the period holds from the preperiod on.
    let p = game.periodic().unwrap();
    let n = u64::MAX;
    let back = p.preperiod + (n - p.preperiod) % p.period + 5 * p.period;
    assert_eq!(game.grundy_value(n), Ok(values[back as usize]));
    let _ = Subtraction::NAME;
}

#[test]
fn a_move_of_a_million_has_period_two_million() {
    // S(m) alone: G(n) = ⌊n/m⌋ mod 2, so period 2m from 0. The window is a million values:
    // hashing each window afresh (issue 31, item 3) never ended; rolling, it is linear.
    let m = 1_000_000u64;
    let game = Subtraction::new(vec![m]).unwrap();
    let p = game.periodic().unwrap();
    assert_eq!((p.preperiod, p.period), (0, 2 * m));
    for n in [0, m - 1, m, 2 * m - 1, 2 * m, 5 * m + 7, u64::MAX] {
        assert_eq!(game.grundy_value(n), Ok(n / m % 2), "n = {n}");
    }
}

#[test]
fn a_search_past_its_budget_names_the_budget() {
    use std::time::Duration;
    // 1..=5000 has period 5001; a memory budget of 1 KiB stops it first, and says which.
    let tight = crate::budget::Budget {
        time: Duration::from_secs(3600),
        memory: 1024,
    };
    let game = Subtraction::new((1..=5000).collect()).unwrap().with_budget(tight);
    let why = game.periodic().unwrap_err().to_string();
    assert!(
        why.contains("memory budget of 0 MiB") || why.contains("--memory-budget"),
        "{why}"
    );
    let roomy = Subtraction::new((1..=5000).collect()).unwrap();
    assert_eq!(roomy.periodic().map(|p| (p.preperiod, p.period)), Ok((0, 5001)));
}
