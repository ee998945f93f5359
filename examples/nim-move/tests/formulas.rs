//! Nim's formulas checked from its own crate, through gamecheck's public API only.

use gamecheck::prelude::*;
use nim_move::{Nim, first_winning_move, largest_pile_move, nim_sum};

#[test]
fn bouton_matches_rules_oracle() {
    assert_eq!(
        check::outcome(Nim, |piles: &Vec<u64>| Outcome::of(nim_sum(piles) != 0)).map(|c| c.unjudged.cases),
        Ok(0)
    );
}

#[test]
fn the_first_winning_move_is_certified() {
    assert_eq!(
        check::winning_move(Nim, |piles: &Vec<u64>| first_winning_move(piles)).map(|c| c.unjudged.cases),
        Ok(0)
    );
}

#[test]
fn the_largest_pile_move_is_refuted_at_1_2_2() {
    let refuted = check::winning_move(Nim, |piles: &Vec<u64>| largest_pile_move(piles))
        .unwrap_err()
        .refutation()
        .cloned()
        .expect("refuted");
    // The nim-sum is 1 and the largest pile, 2, lacks its bit: 2 XOR 1 = 3 is more stones.
    assert_eq!((refuted.position, refuted.least), (vec![1, 2, 2], Least::Proven));
    assert!(refuted.reason.contains("not a legal move"), "{}", refuted.reason);
}
