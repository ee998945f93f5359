//! Chopsticks: the fast rule against both oracles, its certificates and its Bellman
//! consistency, plus exhaustive agreement on small boxes.

use std::sync::OnceLock;

use gamecheck::chopsticks::crosscheck as cc;
use gamecheck::chopsticks::{Attack, Chopsticks, Outcome, State, explain, outcome};
use gamecheck::game::{GameProblem, Question};
use gamecheck_oracles::chopsticks_minimax::Minimax;
use gamecheck_oracles::chopsticks_table::Table;

use crate::common;

/// The game with its oracles, who wins, shared by the property tests of this binary.
fn problem() -> &'static GameProblem<Chopsticks> {
    static PROBLEM: OnceLock<GameProblem<Chopsticks>> = OnceLock::new();
    PROBLEM.get_or_init(|| {
        GameProblem::new(Chopsticks::new(), Question::default()).expect("the outcome question")
    })
}

/// The table of every state with counts below `limit`: no larger than a test reads, since
/// the one for 128 takes seconds and `problem()` builds its own.
fn table(limit: u64) -> Table {
    match Table::build(limit) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

// The properties `gamecheck check` runs, at the sizes of the default test run.
#[test]
fn rule_matches_minimax() {
    common::holds(problem(), "rule_matches_minimax", 2000);
}

#[test]
fn rule_matches_table() {
    common::holds(problem(), "rule_matches_table", 2000);
}

#[test]
fn minimax_matches_table() {
    common::holds(problem(), "minimax_matches_table", 2000);
}

#[test]
fn winning_move_is_certified() {
    common::holds(problem(), "winning_move_is_certified", 20_000);
}

#[test]
fn rule_is_bellman_consistent() {
    common::holds(problem(), "fast_path_is_bellman_consistent", 20_000);
}

#[test]
fn rule_matches_rules_oracle() {
    common::holds(problem(), "outcome_matches_rules_oracle", 2000);
}

#[test]
fn moves_match_oracle() {
    common::holds(problem(), "moves_match_oracle", 2000);
}

/// Every state with counts below `limit`, lexicographically.
fn boxed(limit: u64) -> impl Iterator<Item = State> {
    (0..limit.pow(4)).map(move |i| {
        State::new(
            i / limit.pow(3),
            i / limit.pow(2) % limit,
            i / limit % limit,
            i % limit,
        )
    })
}

#[test]
fn rule_matches_table_exhaustively_below_24() {
    let table = table(24);
    let mut checked = 0u64;
    for s in boxed(24) {
        assert_eq!(cc::rule_matches_table(s, &table), Ok(()));
        checked += 1;
    }
    assert_eq!(checked, 331_776);
}

#[test]
fn minimax_matches_table_exhaustively_below_12() {
    // The two oracles are built differently (recursion over a hash map, layered bit
    // planes over a closed region); agreeing, they vouch for each other.
    let mut minimax = Minimax::new();
    let table = table(12);
    for s in boxed(12) {
        let p = (s.a as u64, s.c as u64, s.b as u64, s.d as u64);
        assert_eq!(Some(minimax.wins(p)), table.wins(p.0, p.1, p.2, p.3), "at {s}");
    }
}

#[test]
#[ignore = "2^28 states: run `gamecheck prove chopsticks --max-count 128` instead"]
fn rule_matches_table_exhaustively_below_128() {
    let table = table(128);
    for s in boxed(128) {
        assert_eq!(cc::rule_matches_table(s, &table), Ok(()));
    }
}

#[test]
fn minimax_decides_positions_checked_by_hand() {
    // Worked by hand from the rules: 1 on 1 converts, everything else removes.
    let mut m = Minimax::new();
    assert!(!m.wins((0, 0, 0, 0)), "no hands: the player to move loses");
    assert!(m.wins((1, 0, 0, 0)), "the opponent has no hands");
    assert!(!m.wins((0, 0, 1, 0)), "no hands");
    // (1,0,1,0): the only move converts, leaving (0,1,1,0); that player removes our hand.
    assert!(!m.wins((1, 0, 1, 0)));
    // (1,0,1,1): 1 on 2 leaves (1,0,1,0), lost for the opponent.
    assert!(m.wins((1, 0, 1, 1)));
    // (0,1,1,1): 2 on 1 leaves (0,1,0,1), 2 on 2 leaves (1,0,0,1); both win at once.
    assert!(!m.wins((0, 1, 1, 1)));
}

#[test]
fn editorial_example_removes_the_one_finger_hand() {
    // "If both players have one hand of each type, the winning attack removes the
    // opponent's one-finger hand using your two-finger hand."
    let s = State::new(1, 1, 1, 1);
    assert_eq!(explain(s).winning_move, Some(Attack::TwoOnOne));
    let mut m = Minimax::new();
    assert!(m.wins((1, 1, 1, 1)));
    // 2 on 2 instead leaves the opponent (1, 0, 1, 1), which they win.
    assert!(m.wins((1, 0, 1, 1)), "removing the two-finger hand instead loses");
}

#[test]
fn rule_handles_counts_whose_sums_exceed_u64() {
    let max = u64::MAX;
    assert_eq!(outcome(State::new(max, max, max, max)), Outcome::Win);
    assert_eq!(
        outcome(State::new(max, 0, max, 1)),
        Outcome::Win,
        "one behind, all ones, b odd"
    );
    assert_eq!(
        outcome(State::new(max - 1, 0, max - 1, 1)),
        Outcome::Loss,
        "b even"
    );
    assert_eq!(
        outcome(State::new(max, 0, max, 0)),
        Outcome::Loss,
        "equal, all ones, a odd"
    );
    assert_eq!(outcome(State::new(max, max, max, max - 1)), Outcome::Win);
    assert_eq!(
        outcome(State::new(max, max - 1, max, max)),
        Outcome::Loss,
        "one behind, c > 0"
    );
    assert_eq!(
        cc::rule_is_bellman_consistent(State::new(max, 0, max, max)),
        Ok(())
    );
}
