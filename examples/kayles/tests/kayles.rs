//! Kayles checked from its own crate, through gamecheck's public API only.

use gamecheck::prelude::*;
use kayles::{Kayles, TABLE, row_value, value};

#[test]
fn grundy_values_match_rules_oracle() {
    // The check first compares every row up to 1536 pins with the oracle, then random
    // lists of rows. A row's period-12 repeat from n = 71 is thereby checked on every
    // n < 156 = 2·71 + 12 + 2, which by the Guy–Smith theorem (a move takes at most 2
    // pins) proves it for every n.
    assert_eq!(
        check::grundy(Kayles, |rows: &Vec<u64>| value(rows)).map(|c| c.unjudged.cases),
        Ok(0)
    );
}

#[test]
fn values_repeat_with_period_12_from_71() {
    assert!((71..2000).all(|n| row_value(n + 12) == row_value(n)));
    assert_ne!(row_value(70), row_value(82), "70 is the last exception");
}

#[test]
fn a_wrong_table_entry_is_refuted_at_that_entry() {
    let mut wrong = TABLE;
    wrong[60] ^= 3;
    let formula = move |rows: &Vec<u64>| {
        rows.iter().fold(0, |acc, &n| {
            acc ^ if n < 84 { wrong[n as usize] } else { row_value(n) }
        })
    };
    let error = check::grundy(Kayles, formula).unwrap_err();
    eprintln!("{error}");
    let refutation = error.refutation().cloned().expect("refuted");
    assert_eq!(refutation.position, vec![60]);
    assert_eq!(refutation.says, Ok(Answer::Grundy(TABLE[60] ^ 3)));
    assert_eq!(refutation.truth, Answer::Grundy(TABLE[60]));
}

#[test]
fn who_wins_a_list_of_rows_is_decided_by_the_sum() {
    assert_eq!(
        check::outcome(Kayles, |rows: &Vec<u64>| Outcome::of(value(rows) != 0)).map(|c| c.unjudged.cases),
        Ok(0)
    );
}

/// Kayles with one more move, which couples the rows: take one pin from the end of each
/// of two rows. Its rows are not independent.
struct CoupledKayles;

impl Game for CoupledKayles {
    type Position = Vec<u64>;
    const NAME: &'static str = "coupled-kayles";

    fn moves(&self, rows: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        Kayles.moves(rows, out);
        for i in 0..rows.len() {
            for j in i + 1..rows.len() {
                let mut next = rows.clone();
                next[i] -= 1;
                next[j] -= 1;
                next.retain(|&r| r > 0);
                next.sort_unstable();
                out.push(next);
            }
        }
    }

    fn check_position(&self, rows: &Vec<u64>) -> Result<(), String> {
        if rows.contains(&0) {
            Err("a row has at least one pin".into())
        } else {
            Ok(())
        }
    }
}

#[test]
fn coupled_rows_are_refuted_by_the_joint_search() {
    let refutation = check::outcome(CoupledKayles, |rows: &Vec<u64>| Outcome::of(value(rows) != 0))
        .unwrap_err()
        .refutation()
        .cloned()
        .expect("refuted");
    // Two rows of one pin: the coupled move takes both and wins; the XOR says 1 ^ 1 = 0.
    assert_eq!(
        (refutation.position, refutation.least),
        (vec![1, 1], Least::Proven)
    );
    assert_eq!(refutation.truth, Answer::Outcome(Outcome::Win));
}
