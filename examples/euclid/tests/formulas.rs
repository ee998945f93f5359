//! Euclid's game checked from its own crate, through gamecheck's public API only.

use euclid_game::{Euclid, stan_wins, stan_wins_greedy};
use gamecheck::prelude::*;

#[test]
fn stan_wins_matches_rules_oracle() {
    assert_eq!(
        check::outcome(Euclid, |&(a, b): &(u64, u64)| Outcome::of(stan_wins(a, b))).map(|c| c.unjudged.cases),
        Ok(0)
    );
}

#[test]
fn the_greedy_is_refuted_at_3_5() {
    let refuted = check::outcome(Euclid, |&(a, b): &(u64, u64)| Outcome::of(stan_wins_greedy(a, b)))
        .unwrap_err()
        .refutation()
        .cloned()
        .expect("refuted");
    // (3, 5) → (2, 3) → (1, 2): the forced move wins, which the greedy never looks at.
    assert_eq!((refuted.position, refuted.least), ((3, 5), Least::Proven));
    assert_eq!(refuted.truth, Answer::Outcome(Outcome::Win));
}
