//! Cram against published values (Dawson's Kayles on a strip), the symmetry theorem on
//! even boards, and a mex search of the whole board written here (no regions).

use std::collections::HashMap;

use super::{Cram, NimValues};
use crate::budget::Budget;
use crate::games::domineering::Grid;
use crate::partizan::{Ask, PartizanProblem, Value, Values};

fn nim(g: &Grid) -> u32 {
    NimValues::new(Budget::default())
        .of(g)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The Grundy value of the whole `r × c` board whose empty cells are the set bits of
/// `empty`, by the mex rule over every domino, no regions: the definition.
fn grundy(empty: u64, r: usize, c: usize, memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&g) = memo.get(&empty) {
        return g;
    }
    let mut reached = Vec::new();
    for i in 0..r * c {
        let right = (i % c + 1 < c).then(|| i + 1);
        let down = (i + c < r * c).then(|| i + c);
        for j in [right, down].into_iter().flatten() {
            if empty >> i & 1 == 1 && empty >> j & 1 == 1 {
                reached.push(grundy(empty & !(1 << i) & !(1 << j), r, c, memo));
            }
        }
    }
    let g = (0..).find(|n| !reached.contains(n)).unwrap_or(0);
    memo.insert(empty, g);
    g
}

fn board_of(empty: u64, r: usize, c: usize) -> Grid {
    let rows: Vec<Vec<u8>> = (0..r)
        .map(|y| {
            (0..c)
                .map(|x| if empty >> (y * c + x) & 1 == 1 { b'.' } else { b'#' })
                .collect()
        })
        .collect();
    Grid::from_rows(&rows)
}

#[test]
fn strips_are_dawsons_kayles_as_published() {
    // A domino on a 1 × n strip takes two adjacent cells, splitting the rest: the octal
    // game .07, Dawson's Kayles, whose value at n is A002187(n - 1) (OEIS A002187, the
    // Sprague-Grundy values of Dawson's Chess, "octal game .07 has values a(n-1)";
    // Winning Ways, ch. 4). A002187(0..=24):
    let published = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0,
    ];
    for n in 1..=published.len() {
        assert_eq!(nim(&Grid::empty(1, n as u8)), published[n - 1], "1 x {n}");
    }
}

#[test]
fn even_boards_follow_the_symmetry_strategies() {
    // Gardner (Scientific American, 1974), as Wikipedia's "Cram (game)" states it: on an
    // even × even board the second player wins by mirroring through the centre, so the
    // value is 0; on an even × odd board the first player takes the two central cells
    // and then mirrors, so the value is not 0.
    for (r, c) in [(2, 2), (2, 4), (2, 6), (4, 4), (2, 8)] {
        assert_eq!(nim(&Grid::empty(r, c)), 0, "{r} x {c}");
    }
    for (r, c) in [(2, 1), (2, 3), (2, 5), (4, 3), (2, 7), (4, 5)] {
        assert_ne!(nim(&Grid::empty(r, c)), 0, "{r} x {c}");
    }
}

#[test]
fn the_fast_path_matches_the_mex_of_the_whole_board_and_the_canonical_form() {
    // Every board got by filling cells of 3 × 3 and 2 × 4, and the empty 3 × 4: the
    // regions' XOR against the whole board's mex (the definition), and the nimber
    // against the canonical form built from the moves.
    let problem = PartizanProblem::new(Cram::new(), Ask::Value);
    for (r, c) in [(3usize, 3usize), (2, 4), (1, 8)] {
        let mut memo = HashMap::new();
        for empty in 0..1u64 << (r * c) {
            let g = board_of(empty, r, c);
            let want = grundy(empty, r, c, &mut memo);
            assert_eq!(nim(&g), want, "{g:?}");
            assert_eq!(problem.fast_value(&g), Ok(Value::nimber(want)), "{g:?}");
            assert_eq!(Values::new(Cram::new()).of(&g), Ok(Value::nimber(want)), "{g:?}");
        }
    }
    let mut memo = HashMap::new();
    assert_eq!(nim(&Grid::empty(3, 4)), grundy((1 << 12) - 1, 3, 4, &mut memo));
}

#[test]
fn every_property_holds_for_cram() {
    crate::games::partizan_tests::every_property_holds(Cram::new(), 100);
}
