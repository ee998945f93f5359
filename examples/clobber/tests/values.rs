//! Clobber's values checked against gamecheck's canonical forms (themselves checked by
//! the definition of >=), a wrong rule refuted at its least row, and the published facts
//! about Clobber every value must agree with.

use clobber::{Clobber, LEFT, RIGHT, board, rows};
use gamecheck::partizan::{OutcomeClass, Value, Values, check_values};

fn all_rows(most: usize) -> impl Iterator<Item = Vec<u64>> {
    (0..=most).flat_map(rows)
}

/// Returns the board with the colours swapped.
fn swapped(p: &[u64]) -> Vec<u64> {
    let mut q = p.to_vec();
    for c in &mut q[2..] {
        *c = match *c {
            LEFT => RIGHT,
            RIGHT => LEFT,
            c => c,
        };
    }
    q
}

#[test]
fn swapping_colours_negates_and_mirroring_keeps_the_value() {
    // A right formula: the value of a row is minus the value of its colour swap, and
    // the value of its mirror image.
    let mut values = Values::new(Clobber);
    let negated = |r: &Vec<u64>| -values.of(&swapped(r)).unwrap();
    assert_eq!(check_values(Clobber, all_rows(8), negated), Ok(511));
    let mut values = Values::new(Clobber);
    let mirror = |r: &Vec<u64>| {
        let mut m = r[..2].to_vec();
        m.extend(r[2..].iter().rev());
        m
    };
    let mirrored = |r: &Vec<u64>| values.of(&mirror(r)).unwrap();
    assert_eq!(check_values(Clobber, all_rows(8), mirrored), Ok(511));
}

#[test]
fn a_lone_stone_among_the_other_colour_is_not_star() {
    // A wrong rule: a row with one o among x stones is *. `xo` is *, but `oxx` (and `xxo`)
    // is ^: Left's move leaves two lone x's (0), Right's leaves `xo` (*), {0|*} = ^.
    let star_if_one_o = |r: &Vec<u64>| {
        let o = r[2..].iter().filter(|&&c| c == RIGHT).count();
        if o == 1 && r.len() > 3 {
            Value::nimber(1)
        } else {
            Values::new(Clobber).of(r).unwrap()
        }
    };
    let err = check_values(Clobber, all_rows(8), star_if_one_o).unwrap_err();
    let refuted = err.refuted().expect("a refutation");
    assert_eq!(refuted.position, board(&["oxx"]));
    assert_eq!(refuted.truth.to_string(), "^");
}

#[test]
fn every_board_is_all_small() {
    // Clobber is all-small (D. Wolfe's Clobber research page,
    // homepages.gac.edu/~wolfe/games/clobber/: "all clobber positions are all small",
    // since Left can move exactly where Right can), so every value lies strictly between
    // every negative and every positive number.
    let mut values = Values::new(Clobber);
    let eps = Value::number("1/1024".parse().unwrap());
    let two_by_three = (0..729u32).map(|k| {
        let mut p = vec![2, 3];
        p.extend((0..6).map(|i| u64::from(k / 3u32.pow(i) % 3)));
        p
    });
    for p in all_rows(12).chain(two_by_three) {
        let v = values.of(&p).unwrap();
        assert!(v.is_infinitesimal() && v < eps && -eps < v, "{p:?} = {v}");
    }
}

#[test]
fn alternating_rows_of_even_length_are_first_player_wins_but_oxoxox() {
    // Albert, Grossman, Nowakowski and Wolfe conjectured (2004), and a 2025 paper proved
    // ("A proof of the 2004 Albert-Grossman-Nowakowski-Wolfe conjecture on alternating
    // linear Clobber", arXiv:2509.08985), that
    // every alternating row of even length is a first-player win (N) except `oxoxox`
    // (and its reverse `xoxoxo`), a second-player win (P, value 0).
    let mut values = Values::new(Clobber);
    for n in (2..=10).step_by(2) {
        let alternating = |first: u64, second: u64| {
            let mut p = vec![1, n];
            p.extend((0..n).map(|i| if i % 2 == 0 { first } else { second }));
            p
        };
        for p in [alternating(LEFT, RIGHT), alternating(RIGHT, LEFT)] {
            let want = if n == 6 { OutcomeClass::P } else { OutcomeClass::N };
            assert_eq!(values.of(&p).unwrap().outcome(), want, "{p:?}");
        }
    }
    assert_eq!(values.of(&board(&["oxoxox"])), Ok(Value::integer(0)));
}

#[test]
fn empty_squares_split_a_board_into_a_sum() {
    // `xo.xo` is * + * = 0; `xo.xxo` is * + ^ = ^*.
    let mut values = Values::new(Clobber);
    assert_eq!(values.of(&board(&["xo.xo"])), Ok(Value::integer(0)));
    assert_eq!(
        values.of(&board(&["xo.xxo"])).map(|v| v.to_string()),
        Ok("^*".into())
    );
    // Diagonal stones do not touch: no one can move.
    assert_eq!(values.of(&board(&["x..", ".o."])), Ok(Value::integer(0)));
}
