//! Konane against values derived by hand and a win-or-lose search of the moves written
//! here, on every small board.

use std::collections::HashMap;

use super::Konane;
use crate::partizan::family::strings;
use crate::partizan::{Ask, OutcomeClass, PartizanProblem, Value, equals_by_definition};

fn row(s: &str) -> Vec<u64> {
    let cells = s.bytes().map(|b| match b {
        b'x' => 1,
        b'o' => 2,
        _ => 0,
    });
    [vec![1, s.len() as u64]]
        .into_iter()
        .flatten()
        .chain(cells)
        .collect()
}

fn value(p: &[u64]) -> Value {
    PartizanProblem::new(Konane, Ask::Value)
        .fast_value(&p.to_vec())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Whether the player to move (Left, `x`, when `left`) wins, every jump and every
/// multi-jump tried on the whole board: the rules, written again.
fn wins(cells: &[u8], r: i64, c: i64, left: bool, memo: &mut HashMap<(Vec<u8>, i64, bool), bool>) -> bool {
    if let Some(&w) = memo.get(&(cells.to_vec(), c, left)) {
        return w;
    }
    let (mine, theirs) = if left { (b'x', b'o') } else { (b'o', b'x') };
    let mut win = false;
    'all: for y in 0..r {
        for x in 0..c {
            if cells[(y * c + x) as usize] != mine {
                continue;
            }
            for (dy, dx) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                let mut board = cells.to_vec();
                let (mut cy, mut cx) = (y, x);
                loop {
                    let (my, mx, ly, lx) = (cy + dy, cx + dx, cy + 2 * dy, cx + 2 * dx);
                    if !(0..r).contains(&ly) || !(0..c).contains(&lx) {
                        break;
                    }
                    let (m, l) = ((my * c + mx) as usize, (ly * c + lx) as usize);
                    if board[m] != theirs || board[l] != b'.' {
                        break;
                    }
                    board[(cy * c + cx) as usize] = b'.';
                    board[m] = b'.';
                    board[l] = mine;
                    (cy, cx) = (ly, lx);
                    if !wins(&board, r, c, !left, memo) {
                        win = true;
                        break 'all;
                    }
                }
            }
        }
    }
    memo.insert((cells.to_vec(), c, left), win);
    win
}

#[test]
fn small_rows_have_the_values_derived_by_hand() {
    // `xo.`: Left jumps to `..x`, where no one moves (0); Right's `o` has nothing beyond
    // the `x`: {0|} = 1. `.ox` is the same for Left, mirrored: 1.
    assert_eq!(value(&row("xo.")), Value::integer(1));
    assert_eq!(value(&row(".ox")), Value::integer(1));
    // `xo.o.`: Left jumps once (`..xo.`) or twice (`....x`, 0); Right has no jump. In
    // `..xo.` each player has one jump, to a board with none: {0|0} = *. So
    // {*, 0|} = 1.
    assert_eq!(value(&row("..xo.")), Value::nimber(1));
    assert_eq!(value(&row("xo.o.")), Value::integer(1));
    // `xoxo`-like rows with no empty cell: no one moves, 0.
    assert_eq!(value(&row("xoxo")), Value::integer(0));
}

#[test]
fn outcomes_match_a_search_of_the_moves_on_every_small_board() {
    let mut boards: Vec<(i64, i64, Vec<u8>)> = (1..=7)
        .flat_map(|n| strings(b".xo", n).into_iter().map(move |s| (1, n as i64, s)))
        .collect();
    boards.extend(strings(b".xo", 6).into_iter().map(|s| (2, 3, s)));
    boards.extend(strings(b".xo", 8).into_iter().step_by(7).map(|s| (2, 4, s)));
    let mut memo = HashMap::new();
    for (r, c, cells) in boards {
        let p: Vec<u64> = [r as u64, c as u64]
            .into_iter()
            .chain(
                cells
                    .iter()
                    .map(|&b| [b'.', b'x', b'o'].iter().position(|&a| a == b).unwrap_or(0) as u64),
            )
            .collect();
        let v = value(&p);
        let l = wins(&cells, r, c, true, &mut memo);
        let rr = wins(&cells, r, c, false, &mut memo);
        assert_eq!(
            v.outcome(),
            OutcomeClass::of(l, rr),
            "{r}x{c} {} = {v}",
            String::from_utf8_lossy(&cells)
        );
    }
}

#[test]
fn values_of_boards_hold_by_the_definition() {
    for rows in [
        &["xox", "o.o", "xox"][..],
        &["xo.", "ox.", ".o."],
        &["xoxo", "oxo."],
    ] {
        let c = rows[0].len() as u64;
        let mut p = vec![rows.len() as u64, c];
        p.extend(row(&rows.concat())[2..].iter().copied());
        let v = value(&p);
        assert_eq!(
            equals_by_definition(&Konane, &p, v, 4_000_000),
            Ok(true),
            "{rows:?} = {v}"
        );
    }
}

#[test]
fn every_property_holds_for_konane() {
    crate::games::partizan_tests::every_property_holds(Konane, 100);
}
