//! gamecheck used as a user would, from another crate's `cargo test`.

use gamecheck::game::{Answer, Outcome, check};
use gamecheck::problem::Least;
use subtraction_game::{Subtraction, outcome, outcome_by_parity};

/// Who wins n = 0, 1, … by a plain DP over the moves, written here as independent
/// evidence.
fn truth(limit: usize) -> Vec<bool> {
    let mut wins = vec![false; limit];
    for n in 0..limit {
        wins[n] = [1, 3, 4].iter().any(|&m| m <= n && !wins[n - m]);
    }
    wins
}

#[test]
fn right_formula_holds() {
    let config = check::CheckConfig {
        cases: 2000,
        ..check::CheckConfig::default()
    };
    assert_eq!(
        check::outcome_with(Subtraction, outcome, &config).map(|c| c.unjudged.cases),
        Ok(0)
    );
}

#[test]
fn wrong_formula_is_refuted_at_its_least_counterexample() {
    let wins = truth(1000);
    let first_wrong = (0..1000u64).find(|&n| outcome_by_parity(&n) != Outcome::of(wins[n as usize]));
    let r = check::outcome(Subtraction, outcome_by_parity)
        .unwrap_err()
        .refutation()
        .cloned()
        .expect("refuted");
    assert_eq!(Some(r.position), first_wrong);
    assert_eq!(r.least, Least::Proven);
    assert_eq!(r.says, Ok(Answer::Outcome(outcome_by_parity(&r.position))));
    assert_eq!(r.truth, Answer::Outcome(Outcome::of(wins[r.position as usize])));
}

#[test]
fn nothing_is_written_unless_asked() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("proptest-regressions");
    let _ = check::outcome(Subtraction, outcome_by_parity);
    assert!(!dir.exists(), "{} was created", dir.display());
}
