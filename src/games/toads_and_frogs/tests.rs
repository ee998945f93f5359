//! The segments against the rules: stuck pieces checked by walking every position a row
//! reaches, and the sum of the segments' values against the whole row's canonical form
//! from its moves, unsplit.

use std::collections::HashSet;

use super::ToadsAndFrogs;
use super::segments::{segments, stuck};
use crate::partizan::{Partizan, Values};

/// Toads and Frogs with its moves only: the row is never split.
#[derive(Clone, Copy, Default)]
struct Whole;

impl Partizan for Whole {
    type Position = Vec<u8>;
    const NAME: &'static str = "toads-and-frogs-whole";

    fn left_moves(&self, row: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        ToadsAndFrogs.left_moves(row, out);
    }

    fn right_moves(&self, row: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
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
            let mut seen = HashSet::from([row.clone()]);
            let mut todo = vec![row.clone()];
            while let Some(p) = todo.pop() {
                for (i, &wall) in walls.iter().enumerate() {
                    assert!(!wall || p[i] == row[i], "{} reaches {}", show(&row), show(&p));
                }
                let mut next = Vec::new();
                ToadsAndFrogs.left_moves(&p, &mut next);
                ToadsAndFrogs.right_moves(&p, &mut next);
                todo.extend(next.into_iter().filter(|q| seen.insert(q.clone())));
            }
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
            let want = whole.of(&row).unwrap_or_else(|e| panic!("{e}"));
            let got = split.of(&row).unwrap_or_else(|e| panic!("{e}"));
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

fn show(row: &[u8]) -> String {
    String::from_utf8_lossy(row).into_owned()
}
