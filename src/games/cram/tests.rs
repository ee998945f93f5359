//! Cram against published values (Dawson's Kayles on a strip; Schneider's and Beling's
//! tables of rectangles), the symmetry theorem on even boards, and a mex search of the
//! whole board written here (no regions).

use std::collections::{BTreeMap, HashMap};

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

/// Published nim values of empty `rows × cols` Cram boards, as (rows, cols, value).
///
/// Martin Schneider, *Das Spiel Juvavum*, master's thesis, Universität Salzburg, 2009,
/// Anhang E "Ergebnisse des Analyseprogramms", column CRAM / Grundywert / normal
/// (`juvavum_thesis.pdf` in the repository martinschneider/juvavum, commit a17fe762, PDF
/// page 113). Typed from the table, never from gamecheck's output.
const SCHNEIDER_2009: [(u8, u8, u32); 22] = [
    (2, 2, 0),
    (2, 3, 1),
    (2, 4, 0),
    (2, 5, 1),
    (2, 6, 0),
    (2, 7, 1),
    (2, 8, 0),
    (2, 9, 1),
    (2, 10, 0),
    (3, 3, 0),
    (3, 4, 1),
    (3, 5, 1),
    (3, 6, 4),
    (3, 7, 1),
    (3, 8, 3),
    (3, 9, 1),
    (4, 4, 0),
    (4, 5, 2),
    (4, 6, 0),
    (5, 5, 0),
    (5, 7, 1),
    (6, 6, 0),
];

/// Piotr Beling's table "Cram (under the normal play convention)" in the README of the
/// repository beling/impartial-games (commit 07a34e68, 2025-11-14; the solver of Beling
/// and Rogalski, *On pruning search trees of impartial games*, Artificial Intelligence 283
/// (2020)), as (rows, cols, value); a board and its transpose have one value. Its 6 × 12
/// and 6 × 14 (0, by symmetry) have more than the 64 cells a board holds here.
const BELING: [(u8, u8, u32); 28] = [
    (4, 4, 0),
    (4, 5, 2),
    (4, 6, 0),
    (4, 7, 3),
    (4, 8, 0),
    (4, 9, 1),
    (4, 10, 0),
    (4, 11, 1),
    (4, 12, 0),
    (4, 13, 3),
    (4, 14, 0),
    (4, 15, 4),
    (5, 5, 0),
    (5, 6, 2),
    (5, 7, 1),
    (5, 8, 1),
    (5, 9, 1),
    (5, 10, 2),
    (5, 11, 0),
    (5, 12, 3),
    (6, 6, 0),
    (6, 7, 5),
    (6, 8, 0),
    (6, 9, 1),
    (6, 10, 0),
    (7, 7, 1),
    (7, 8, 3),
    (7, 9, 1),
];

/// Whether the default suite checks `rows × cols`: the 20 such published boards, each
/// way, take 1.0 s CPU in the test profile (3 × 9, the largest, 0.14 s in a release
/// build); the others are the ignored test's.
fn quick(rows: u8, cols: u8) -> bool {
    u32::from(rows) * u32::from(cols) <= 27
}

/// Every board either source publishes, once, with its value; panics where the two
/// sources disagree (a typing slip would show here first).
fn published() -> BTreeMap<(u8, u8), u32> {
    let mut boards = BTreeMap::new();
    for (r, c, value) in SCHNEIDER_2009.into_iter().chain(BELING) {
        let before = boards.insert((r, c), value);
        assert!(
            before.is_none_or(|b| b == value),
            "{r} x {c}: {before:?} and {value}"
        );
    }
    boards
}

/// Asserts the fast path's value of each board and of its transpose; returns how many.
fn assert_published(boards: impl Iterator<Item = ((u8, u8), u32)>) -> usize {
    let mut checked = 0;
    for ((r, c), value) in boards {
        for (rows, cols) in [(r, c), (c, r)] {
            assert_eq!(nim(&Grid::empty(rows, cols)), value, "{rows} x {cols}");
        }
        checked += 1;
    }
    checked
}

#[test]
fn rectangles_match_the_published_nimbers() {
    let boards = published().into_iter().filter(|&((r, c), _)| quick(r, c));
    assert_eq!(assert_published(boards), 20);
}

#[test]
fn two_rows_follow_schneiders_theorem() {
    // Schneider 2009, Satz 9.14: g(CRAM(2, n)) is 0 for n even, 1 for n odd (n >= 2),
    // by a strategy stated and proved there.
    for n in 2..=12u8 {
        assert_eq!(nim(&Grid::empty(2, n)), u32::from(n % 2), "2 x {n}");
    }
}

/// The published boards past [`quick`] that the fast path reaches within its budgets
/// (release build, each way: 4 × 7 0.5 s, 4 × 8 5 s, 5 × 6 2 s CPU). Every other board of
/// the tables stops at [`super::NIM_BUDGET`] regions (5 × 7, 6 × 6 and 4 × 9 after 35 to 41
/// s CPU), so none is listed.
#[test]
#[ignore = "about 20 s of CPU: cargo test --release --lib cram -- --ignored"]
fn larger_rectangles_match_the_published_nimbers() {
    let boards = published();
    let reached = REACHED.map(|rc| (rc, boards[&rc]));
    assert_eq!(assert_published(reached.into_iter()), REACHED.len());
}

/// The published boards past [`quick`] valued by the ignored test.
const REACHED: [(u8, u8); 3] = [(4, 7), (4, 8), (5, 6)];
