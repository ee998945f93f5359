//! Simple chopsticks: the seed's rule at F = 2 against the rules oracle, and each
//! candidate rule for F = 3, 4, 5 judged by `check_candidate`, whose least counterexamples
//! are checked against a second solver written here (plain recursion over count vectors).

use std::collections::HashMap;

use gamecheck_oracles::rules_oracle::{Rules, RulesOracle};

use super::{Finding, Position, SimpleRules, candidates, check_candidate};
use crate::chopsticks::{Outcome, State, outcome};

fn seed_says(a: u32, c: u32, b: u32, d: u32) -> bool {
    outcome(State::new(a.into(), c.into(), b.into(), d.into())) == Outcome::Win
}

/// Checks the seed's rule on every F = 2 position with counts below `limit`, asking the
/// rules oracle (a depth-first search over `SimpleRules`).
fn seed_rule_matches_rules_oracle_below(limit: u32) {
    let mut oracle = RulesOracle::new(SimpleRules::<2>);
    let box2 = Position::<2>::below(limit);
    for p in &box2 {
        let [a, c] = p.mover;
        let [b, d] = p.other;
        assert_eq!(oracle.wins(p), Ok(seed_says(a, c, b, d)), "at {p}");
    }
    assert_eq!(box2.len(), (limit as usize).pow(4));
}

/// Checks the seed's rule on every F = 2 position with counts below `limit`, solving the
/// moves of `SimpleRules` in an order where every move's target is solved first: an attack
/// removes a hand, or keeps the hands and turns a one-finger hand into a two, so by total
/// hands up, then total two-finger hands down. The domain, one-finger hands below `limit`
/// and at most 2 (limit − 1) hands a side, holds every position the box reaches. A dense
/// table, where the oracle's memo of the 64 box would not fit its budget.
fn seed_rule_matches_dense_table_below(limit: u32) {
    let most = 2 * (limit - 1);
    // Index of one side's (ones, twos) within the domain.
    let mut side = vec![vec![u32::MAX; most as usize + 1]; limit as usize];
    let mut sides = 0u32;
    for ones in 0..limit {
        for twos in 0..=most - ones {
            side[ones as usize][twos as usize] = sides;
            sides += 1;
        }
    }
    let at = |p: &Position<2>| {
        let s = |[o, t]: [u32; 2]| side[o as usize][t as usize] as usize;
        s(p.mover) * sides as usize + s(p.other)
    };
    // 0: not yet solved; 1: the mover wins; 2: the mover loses.
    let mut table = vec![0u8; sides as usize * sides as usize];
    let mut moves = Vec::new();
    let mut checked = 0u64;
    for hands in 0..=2 * most {
        for twos in (0..=hands).rev() {
            for c in 0..=twos.min(most) {
                let d = twos - c;
                let ones = hands - twos;
                for a in 0..=ones.min(limit - 1) {
                    let b = ones - a;
                    if b >= limit || d > most || a + c > most || b + d > most {
                        continue;
                    }
                    let p = Position {
                        mover: [a, c],
                        other: [b, d],
                    };
                    moves.clear();
                    SimpleRules::<2>.moves(&p, &mut moves);
                    let wins = moves.iter().any(|q| {
                        let v = table[at(q)];
                        assert_ne!(v, 0, "{q} is solved before {p}");
                        v == 2
                    });
                    table[at(&p)] = if wins { 1 } else { 2 };
                    if a < limit && c < limit && b < limit && d < limit {
                        assert_eq!(wins, seed_says(a, c, b, d), "at {p}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, u64::from(limit).pow(4));
}

#[test]
fn seed_rule_matches_rules_oracle_below_16() {
    seed_rule_matches_rules_oracle_below(16);
}

#[test]
fn seed_rule_matches_dense_table_below_24() {
    seed_rule_matches_dense_table_below(24);
}

/// The bound: `cargo test --lib simple_chopsticks -- --ignored`.
#[test]
#[ignore]
fn seed_rule_matches_dense_table_below_64() {
    seed_rule_matches_dense_table_below(64);
}

/// Whether the mover wins, by plain recursion: hands by size, `F` fingers at most.
fn wins(f: usize, me: &[u32], you: &[u32], memo: &mut HashMap<(Vec<u32>, Vec<u32>), bool>) -> bool {
    let hands = |v: &[u32]| v.iter().sum::<u32>();
    if hands(me) == 0 {
        return false;
    }
    if hands(you) == 0 {
        return true;
    }
    if let Some(&w) = memo.get(&(me.to_vec(), you.to_vec())) {
        return w;
    }
    let mut w = false;
    'search: for i in 1..=f {
        for j in 1..=f {
            if me[i - 1] > 0 && you[j - 1] > 0 {
                let mut hit = you.to_vec();
                hit[j - 1] -= 1;
                if i + j <= f {
                    hit[i + j - 1] += 1;
                }
                if !wins(f, &hit, me, memo) {
                    w = true;
                    break 'search;
                }
            }
        }
    }
    memo.insert((me.to_vec(), you.to_vec()), w);
    w
}

/// Checks each candidate's finding over the box below `limit` against a scan of the
/// same box with the second solver, and returns the findings.
fn findings<const F: usize>(limit: u32) -> Vec<(&'static str, Finding<F>)> {
    let positions = Position::<F>::below(limit);
    let mut oracle = RulesOracle::new(SimpleRules::<F>);
    let mut memo = HashMap::new();
    let mut out = Vec::new();
    for c in candidates::<F>() {
        let found = check_candidate(&c, &positions, &mut oracle).unwrap_or_else(|e| panic!("{e}"));
        let spoken: Vec<_> = positions
            .iter()
            .filter_map(|p| (c.claim)(p).map(|w| (p, w)))
            .collect();
        let first_wrong = spoken
            .iter()
            .find(|&&(p, w)| wins(F, &p.mover, &p.other, &mut memo) != w);
        let expected = match first_wrong {
            Some(&(p, claimed)) => Finding::Refuted { least: *p, claimed },
            None => Finding::Holds {
                checked: spoken.len(),
            },
        };
        assert_eq!(found, expected, "F = {F}, {}", c.name);
        out.push((c.name, found));
    }
    out
}

fn holds<const F: usize>(found: &[(&str, Finding<F>)], name: &str) -> bool {
    found
        .iter()
        .any(|(n, f)| *n == name && matches!(f, Finding::Holds { .. }))
}

#[test]
fn at_three_fingers_the_fresh_ripe_full_rule_holds_and_the_seed_transplants_do_not() {
    let found = findings::<3>(5);
    for name in [
        "more_hands_wins",
        "two_behind_loses",
        "tie_against_a_full_hand_wins",
        "one_behind_with_a_full_hand_loses",
        "fresh_ripe_full",
    ] {
        assert!(holds(&found, name), "{name}: {found:?}");
    }
    for name in ["seed_ones_vs_rest", "seed_rest_vs_full"] {
        assert!(!holds(&found, name), "{name}: {found:?}");
    }
}

#[test]
fn at_four_and_five_fingers_only_the_partial_laws_hold() {
    let four = findings::<4>(3);
    let five = findings::<5>(2);
    for name in [
        "more_hands_wins",
        "two_behind_loses",
        "tie_against_a_full_hand_wins",
        "one_behind_with_a_full_hand_loses",
    ] {
        assert!(
            holds(&four, name) && holds(&five, name),
            "{name}: {four:?} {five:?}"
        );
    }
    for name in ["seed_ones_vs_rest", "seed_rest_vs_full", "fresh_ripe_full"] {
        assert!(
            !holds(&four, name) && !holds(&five, name),
            "{name}: {four:?} {five:?}"
        );
    }
}

/// The findings over bigger boxes:
/// `cargo test --lib simple_chopsticks::tests::print_findings -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_findings() {
    fn show<const F: usize>(limit: u32) {
        for (name, f) in findings::<F>(limit) {
            match f {
                Finding::Holds { checked } => {
                    println!("F = {F}, counts < {limit}: {name} holds on {checked} positions")
                }
                Finding::Refuted { least, claimed } => println!(
                    "F = {F}, counts < {limit}: {name} refuted at {least} (claims the mover {})",
                    if claimed { "wins" } else { "loses" }
                ),
            }
        }
    }
    show::<3>(7);
    show::<4>(4);
    show::<5>(3);
}

/// Checks `fresh_ripe_full` at F = 3 on every position with at most `most` hands a side.
fn fresh_ripe_full_matches_rules_oracle_up_to(most: u32) {
    let mut sides = Vec::new();
    for x in 0..=most {
        for y in 0..=most - x {
            for z in 0..=most - x - y {
                sides.push([x, y, z]);
            }
        }
    }
    let mut oracle = RulesOracle::new(SimpleRules::<3>);
    for &mover in &sides {
        for &other in &sides {
            let p = Position { mover, other };
            assert_eq!(oracle.wins(&p), Ok(super::fresh_ripe_full(&p)), "at {p}");
        }
    }
}

#[test]
fn fresh_ripe_full_matches_rules_oracle_up_to_8_hands() {
    fresh_ripe_full_matches_rules_oracle_up_to(8);
}

#[test]
#[ignore]
fn fresh_ripe_full_matches_rules_oracle_up_to_20_hands() {
    fresh_ripe_full_matches_rules_oracle_up_to(20);
}

#[test]
fn seed_rule_as_the_game_fast_path_matches_rules_oracle_in_check() {
    use crate::game::{GameProblem, Question};
    let problem = GameProblem::new(crate::chopsticks::Chopsticks::new(), Question::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let ran = crate::check::check_problem(&problem, 1, 64, None);
    assert!(ran.is_ok(), "the seed's rule disagrees with an oracle");
}

#[test]
fn catalog_generalizations_reach_their_verdicts() {
    let entries = super::generalizations();
    assert_eq!(entries.len(), 21);
    for e in entries {
        let report = e.check(1, 50);
        assert!(report.as_expected(), "{}: {:?}", e.id, report.verdict);
    }
}

#[test]
fn the_seed_rule_is_cross_checked_against_the_minimax_oracle_by_name() {
    use crate::game::{Game, GameProblem, Question};
    let game = crate::chopsticks::Chopsticks::new();
    crate::check::assert_holds(
        &GameProblem::new(crate::chopsticks::Chopsticks::new(), Question::default())
            .unwrap_or_else(|e| panic!("{e}")),
        "rule_matches_minimax",
        300,
        None,
    );
    // The oracle is the minimax, not the rule: it agrees with the seed's rule as written
    // here on every count below 8, and does not reach beyond its box.
    let minimax = &game.oracles()[0];
    for p in itertools::iproduct!(0..8u64, 0..8u64, 0..8u64, 0..8u64) {
        let said = minimax.answer(&game, &State::new(p.0, p.1, p.2, p.3), Question::default());
        let seed = seed_says(p.0 as u32, p.1 as u32, p.2 as u32, p.3 as u32);
        assert_eq!(
            said,
            Some(Ok(crate::game::Answer::Outcome(crate::game::Outcome::of(seed)))),
            "{p:?}"
        );
    }
    assert_eq!(
        minimax.answer(&game, &State::new(25, 0, 0, 0), Question::default()),
        None
    );
}

/// Runs `check`'s properties (the search's answers against the rules oracle's, the
/// winning moves, Bellman consistency) at F = 3, 4, 5, on the served games or, `small`,
/// on those of the catalog's box.
fn games_pass_check_against_the_rules_oracle(small: bool) {
    use crate::game::{GameProblem, Question};
    fn checked<const F: usize, const L: usize>(small: bool) {
        let game = if small {
            super::SimpleChopsticks::<F, L>::in_oracle_box()
        } else {
            super::SimpleChopsticks::<F, L>::new()
        };
        for question in [
            Question::default(),
            Question {
                grundy: true,
                ..Question::default()
            },
        ] {
            let problem = GameProblem::new(game, question).unwrap_or_else(|e| panic!("{e}"));
            match crate::check::check_problem(&problem, 1, 64, None) {
                // Within the reach every case is judged: an unjudged one would be a
                // budget spent where the reach promises an answer.
                Ok(unjudged) => assert_eq!(unjudged.cases, 0, "F = {F}: {unjudged:?}"),
                Err(crate::check::PropertyError::Fail(c)) => {
                    panic!("F = {F}: {} fails at {:?}: {}", c.property, c.case, c.reason)
                }
                Err(crate::check::PropertyError::Abort(why)) => panic!("F = {F}: proptest gave up: {why}"),
            }
        }
    }
    checked::<3, 6>(small);
    checked::<4, 8>(small);
    checked::<5, 10>(small);
}

#[test]
fn small_games_pass_check_against_the_rules_oracle() {
    games_pass_check_against_the_rules_oracle(true);
}

/// `chopsticks --fingers F` within its whole reach (half a minute):
/// `cargo test --lib simple_chopsticks -- --ignored`.
#[test]
#[ignore]
fn served_games_pass_check_against_the_rules_oracle() {
    games_pass_check_against_the_rules_oracle(false);
}
