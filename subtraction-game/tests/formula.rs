//! gamecheck used as a user would, from another crate's `cargo test`.

use gamecheck::formula::{FormulaCheck, FormulaError, Least, Winner, check_formula};
use subtraction_game::{Subtraction, mover_wins, mover_wins_when_odd};

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
    let config = FormulaCheck {
        cases: 2000,
        max: 100_000,
        ..FormulaCheck::default()
    };
    assert_eq!(check_formula(Subtraction, mover_wins, &config), Ok(()));
}

#[test]
fn wrong_formula_is_refuted_at_its_least_counterexample() {
    let config = FormulaCheck {
        seed: 7,
        max: 100_000,
        ..FormulaCheck::default()
    };
    let wins = truth(1000);
    let first_wrong = (0..1000u64).find(|&n| mover_wins_when_odd(&n) != wins[n as usize]);
    match check_formula(Subtraction, mover_wins_when_odd, &config) {
        Err(FormulaError::Refuted(r)) => {
            assert_eq!(Some(r.position), first_wrong);
            assert_eq!(r.least, Least::Proven);
            assert_eq!(r.formula_says, Winner::of(mover_wins_when_odd(&r.position)));
            assert_eq!(r.truth, Winner::of(wins[r.position as usize]));
        }
        other => panic!("expected a refutation, got {other:?}"),
    }
}

#[test]
fn nothing_is_written_unless_asked() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("proptest-regressions");
    let _ = check_formula(Subtraction, mover_wins_when_odd, &FormulaCheck::default());
    assert!(!dir.exists(), "{} was created", dir.display());
}
