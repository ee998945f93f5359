//! A user's game whose declared limits are extreme is checked within bounded time and
//! memory, or refused with a clear error, never a panic (issue 31, items 7 and 19).

use gamecheck::game::{Game, Outcome, check};

/// Nim on a list of piles, declaring lists of any length.
struct EndlessNim {
    max_len: usize,
}

impl Game for EndlessNim {
    type Position = Vec<u64>;
    const NAME: &'static str = "endless-nim";

    fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &x) in piles.iter().enumerate() {
            for y in 0..x {
                let mut next = piles.clone();
                next[i] = y;
                out.push(next);
            }
        }
    }

    fn components(&self, piles: &Vec<u64>) -> Vec<Vec<u64>> {
        piles.iter().map(|&x| vec![x]).collect()
    }

    fn max_count(&self) -> u64 {
        20
    }

    fn max_len(&self) -> usize {
        self.max_len
    }
}

#[test]
fn lists_of_any_length_are_checked_without_a_panic() {
    // Bouton: the player to move wins exactly when the XOR of the piles is not 0.
    let bouton = |p: &Vec<u64>| Outcome::of(p.iter().fold(0, |a, &x| a ^ x) != 0);
    for max_len in [usize::MAX, 1_000_000] {
        let covered = check::outcome(EndlessNim { max_len }, bouton);
        assert!(covered.is_ok(), "max_len {max_len}: {covered:?}");
        // A wrong rule, the total's parity, is still refuted at its least position: by
        // key (total, length, piles), [2] is the first whose XOR (2: a win) and parity
        // (even: a loss) differ; every list of total at most 1 has XOR = total.
        let parity = |p: &Vec<u64>| Outcome::of(p.iter().sum::<u64>() % 2 == 1);
        let err = check::outcome(EndlessNim { max_len }, parity).expect_err("refuted");
        assert_eq!(
            err.refutation().map(|r| r.position.clone()),
            Some(vec![2]),
            "{err}"
        );
    }
}

/// A countdown whose every move is listed `copies` times (repeats are allowed): the
/// player to move wins exactly when n is odd, whatever the copies.
struct Crowded {
    copies: usize,
}

impl Game for Crowded {
    type Position = u64;
    const NAME: &'static str = "crowded";

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        if n > 0 {
            out.extend(std::iter::repeat_n(n - 1, self.copies));
        }
    }
}

#[test]
fn a_position_with_millions_of_moves_is_left_unjudged_not_searched() {
    let odd = |&n: &u64| Outcome::of(n % 2 == 1);
    // With a few copies, the oracles judge: the rule holds and its negation is refuted at
    // 0 (no move: a loss), as a countdown's parity says.
    assert!(check::outcome(Crowded { copies: 3 }, odd).is_ok());
    // Five million moves a position: the moves beyond the listed cap are not searched, and
    // the positions that have them are unjudged, named by that budget.
    let covered = check::outcome(Crowded { copies: 5_000_000 }, odd).expect("nothing refuted");
    assert!(covered.unjudged.cases > 0, "{covered}");
    assert!(covered.to_string().contains("moves"), "{covered}");
}
