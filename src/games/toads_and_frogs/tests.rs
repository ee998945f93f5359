//! The segments against the rules: stuck pieces checked by walking every position a row
//! reaches, and the sum of the segments' values against the whole row's canonical form
//! from its moves, unsplit.

use std::collections::HashSet;

use super::segments::{segments, stuck};
use super::{Row, ToadsAndFrogs};
use crate::partizan::{Partizan, Values};

/// Toads and Frogs with its moves only: the row is never split.
#[derive(Clone, Copy, Default)]
struct Whole;

impl Partizan for Whole {
    type Position = Row;
    const NAME: &'static str = "toads-and-frogs-whole";

    fn left_moves(&self, row: &Row, out: &mut Vec<Row>) {
        ToadsAndFrogs.left_moves(row, out);
    }

    fn right_moves(&self, row: &Row, out: &mut Vec<Row>) {
        ToadsAndFrogs.right_moves(row, out);
    }
}

/// Every row of `n` squares over `T`, `F`, `_`.
fn rows(n: usize) -> Vec<Vec<u8>> {
    (0..3usize.pow(n as u32))
        .map(|mut k| {
            (0..n)
                .map(|_| {
                    let c = b"TF_"[k % 3];
                    k /= 3;
                    c
                })
                .collect()
        })
        .collect()
}

#[test]
fn stuck_pieces_keep_their_squares_in_every_position_reached() {
    for n in 1..=7 {
        for row in rows(n) {
            let walls = stuck(&row);
            let start = packed(&row);
            let mut seen = HashSet::from([start]);
            let mut todo = vec![start];
            while let Some(p) = todo.pop() {
                for (i, &wall) in walls.iter().enumerate() {
                    assert!(!wall || p.get(i) == row[i], "{} reaches {p}", show(&row));
                }
                let mut next = Vec::new();
                ToadsAndFrogs.left_moves(&p, &mut next);
                ToadsAndFrogs.right_moves(&p, &mut next);
                todo.extend(next.into_iter().filter(|q| seen.insert(*q)));
            }
        }
    }
}

#[test]
fn a_mirrored_row_is_the_negative_as_the_whole_search_values_them() {
    let mut whole = Values::new(Whole);
    for n in 0..=7 {
        for row in rows(n) {
            // The mirror written out: read from the other end, toads and frogs swapped.
            let swapped: Vec<u8> = row
                .iter()
                .rev()
                .map(|&c| match c {
                    b'T' => b'F',
                    b'F' => b'T',
                    c => c,
                })
                .collect();
            let mirror = packed(&row).mirrored();
            assert_eq!(mirror.bytes(), swapped, "{}", show(&row));
            assert_eq!(packed(&row).bytes(), row);
            let (v, m) = (whole.of(&packed(&row)).unwrap(), whole.of(&mirror).unwrap());
            assert_eq!(m, -v, "{}", show(&row));
        }
    }
}

#[test]
fn the_segments_values_sum_to_the_whole_rows() {
    let mut split = Values::new(ToadsAndFrogs);
    let mut whole = Values::new(Whole);
    let mut splits = 0;
    for n in 1..=8 {
        for row in rows(n) {
            let parts = segments(&row);
            splits += usize::from(parts.len() > 1 || parts[0] != row);
            let want = whole.of(&packed(&row)).unwrap_or_else(|e| panic!("{e}"));
            let got = split.of(&packed(&row)).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                got,
                want,
                "{} as {:?}",
                show(&row),
                parts.iter().map(|p| show(p)).collect::<Vec<_>>()
            );
        }
    }
    // The check is not vacuous: most short rows have a stuck piece.
    assert!(splits > 5000, "{splits} rows split");
}

#[test]
fn a_segment_is_its_own_only_segment() {
    for n in 1..=8 {
        for row in rows(n) {
            for part in segments(&row) {
                assert_eq!(
                    segments(&part),
                    vec![part.clone()],
                    "{} in {}",
                    show(&part),
                    show(&row)
                );
            }
        }
    }
}

#[test]
fn a_jam_splits_the_row() {
    // `TTFF` can never move (each piece faces a piece with another behind it): the row
    // is `T_F` twice, apart, and a row with no piece free is one empty segment.
    assert_eq!(segments(b"T_FTTFFT_F"), vec![b"T_F".to_vec(), b"T_F".to_vec()]);
    assert_eq!(segments(b"FT"), vec![Vec::<u8>::new()]);
    assert_eq!(segments(b"T_F"), vec![b"T_F".to_vec()]);
}

fn packed(row: &[u8]) -> Row {
    Row::from_bytes(row).unwrap_or_else(|| panic!("{} does not pack", show(row)))
}

fn show(row: &[u8]) -> String {
    String::from_utf8_lossy(row).into_owned()
}
