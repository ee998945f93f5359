//! Clobber's values checked against gamecheck's canonical forms (themselves checked by
//! the definition of >=), a wrong rule refuted at its least row.

use clobber::{Clobber, rows};
use gamecheck::partizan::{Value, Values, check_values};

fn all_rows(most: usize) -> impl Iterator<Item = Vec<u8>> {
    (0..=most).flat_map(rows)
}

#[test]
fn swapping_colours_negates_and_mirroring_keeps_the_value() {
    // A right formula: the value of a row is minus the value of its colour swap, and
    // the value of its mirror image.
    let mut values = Values::new(Clobber);
    let swap = |r: &Vec<u8>| {
        r.iter()
            .map(|&c| if c == b'x' { b'o' } else { b'x' })
            .collect::<Vec<u8>>()
    };
    let negated = |r: &Vec<u8>| -values.of(&swap(r)).unwrap();
    assert_eq!(check_values(Clobber, all_rows(8), negated), Ok(511));
    let mut values = Values::new(Clobber);
    let mirrored = |r: &Vec<u8>| values.of(&r.iter().rev().copied().collect()).unwrap();
    assert_eq!(check_values(Clobber, all_rows(8), mirrored), Ok(511));
}

#[test]
fn a_lone_stone_among_the_other_colour_is_not_star() {
    // A wrong rule: a row with one o among x stones is *. `xo` is *, but `oxx` (and `xxo`) is ^.
    let star_if_one_o = |r: &Vec<u8>| {
        let o = r.iter().filter(|&&c| c == b'o').count();
        if o == 1 && r.len() > 1 {
            Value::nimber(1)
        } else {
            Values::new(Clobber).of(r).unwrap()
        }
    };
    let err = check_values(Clobber, all_rows(8), star_if_one_o).unwrap_err();
    let refuted = err.refuted().expect("a refutation");
    assert_eq!(refuted.position, b"oxx".to_vec());
    assert_eq!(refuted.truth.to_string(), "^");
}

#[test]
fn every_row_is_all_small() {
    // Clobber is all-small: every 1 × n value lies strictly between every negative and
    // every positive number (both stops 0).
    let mut values = Values::new(Clobber);
    for row in all_rows(12) {
        let v = values.of(&row).unwrap();
        assert!(v.is_infinitesimal(), "{} = {v}", String::from_utf8_lossy(&row));
        let eps = Value::number("1/1024".parse().unwrap());
        assert!(v < eps && -eps < v, "{} = {v}", String::from_utf8_lossy(&row));
    }
}
