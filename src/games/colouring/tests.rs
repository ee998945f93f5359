//! Col and Snort against values derived by hand, a win-or-lose search of the whole board
//! written here (no regions, no canonical forms), and the theorems of Winning Ways, ch. 2.

use std::collections::HashMap;

use super::{Col, EMPTY, LEFT, RIGHT, Snort, board};
use crate::partizan::family::{Family, strings};
use crate::partizan::{Ask, OutcomeClass, PartizanProblem, Value, equals_by_definition};

fn v(s: &str) -> Value {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn value_of<G: Family<Position = Vec<u64>>>(game: G, rows: &[&str]) -> Value {
    let p = board(rows).unwrap_or_else(|| panic!("{rows:?}"));
    PartizanProblem::new(game, Ask::Value)
        .fast_value(&p)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Whether the player to move (Left when `left`) wins on the whole board `cells` of
/// `r × c`, by trying every move: Col when `col`, else Snort. No regions, no values.
fn wins(
    cells: &mut Vec<u64>,
    r: usize,
    c: usize,
    left: bool,
    col: bool,
    memo: &mut HashMap<(Vec<u64>, bool), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(cells.clone(), left)) {
        return w;
    }
    let (mine, theirs) = if left { (LEFT, RIGHT) } else { (RIGHT, LEFT) };
    let forbidden = if col { mine } else { theirs };
    let mut win = false;
    for i in 0..cells.len() {
        let (y, x) = (i / c, i % c);
        let beside = [
            (y > 0).then(|| i - c),
            (y + 1 < r).then(|| i + c),
            (x > 0).then(|| i - 1),
            (x + 1 < c).then(|| i + 1),
        ];
        if cells[i] != EMPTY || beside.iter().flatten().any(|&j| cells[j] == forbidden) {
            continue;
        }
        cells[i] = mine;
        let reply = wins(cells, r, c, !left, col, memo);
        cells[i] = EMPTY;
        if !reply {
            win = true;
            break;
        }
    }
    memo.insert((cells.clone(), left), win);
    win
}

fn outcome_by_search(p: &[u64], col: bool) -> OutcomeClass {
    let (r, c) = (p[0] as usize, p[1] as usize);
    let mut cells = p[2..].to_vec();
    let mut memo = HashMap::new();
    let left_first = wins(&mut cells, r, c, true, col, &mut memo);
    let right_first = wins(&mut cells, r, c, false, col, &mut memo);
    OutcomeClass::of(left_first, right_first)
}

/// Every board of `rows × cols` over `.LR`, as counts.
fn boards(rows: u64, cols: u64) -> Vec<Vec<u64>> {
    strings(&[0, 1, 2], rows * cols)
        .into_iter()
        .map(|cells| [vec![rows, cols], cells.into_iter().map(u64::from).collect()].concat())
        .collect()
}

#[test]
fn small_paths_have_the_values_derived_by_hand() {
    // One empty cell: either player paints it and the board is over: {0|0} = *.
    // Snort `..`: Left paints an end; the other cell is beside `L`, which Snort forbids
    // Right and lets Left paint: {0|} = 1; so `..` = {1|-1} = ±1.
    // Snort `...`: Left's end move leaves `L..`: Left's moves both give 1 (the last cell
    // beside L), Right's only (the far end) leaves the middle beside both colours, 0:
    // {1|0}. Left's middle move leaves two cells only Left may paint, 2, which beats
    // {1|0}; Right's mirror, -2: `...` = {2|-2} = ±2.
    assert_eq!(value_of(Snort, &["."]), v("*"));
    assert_eq!(value_of(Snort, &["L."]), v("1"));
    assert_eq!(value_of(Snort, &[".."]), v("+-1"));
    assert_eq!(value_of(Snort, &["L.."]), v("{1|0}"));
    assert_eq!(value_of(Snort, &["..."]), v("+-2"));
    // Col `L.`: the cell is beside L, which Col forbids Left: {|0} = -1; `..` = {-1|1} = 0.
    // Col `L..`: Left paints the far end, leaving a cell only Right may paint, -1; Right
    // paints the middle (leaving a cell only Left may paint, 1) or the far end (the
    // middle then beside both, 0): {-1|0} = -1/2. The middle move leaves two cells only
    // Right may paint, -2, worse for Left; so `...` = {-1/2|1/2} = 0.
    assert_eq!(value_of(Col, &["."]), v("*"));
    assert_eq!(value_of(Col, &["L."]), v("-1"));
    assert_eq!(value_of(Col, &[".."]), v("0"));
    assert_eq!(value_of(Col, &["L.."]), v("-1/2"));
    assert_eq!(value_of(Col, &["..."]), v("0"));
    // A board with no empty cell is over: 0.
    assert_eq!(value_of(Col, &["LR", "RL"]), v("0"));
}

#[test]
fn outcomes_match_a_search_of_the_whole_board() {
    // Every row of at most 7 cells and every 2 × 3 board over `.LR`, both games.
    let mut all: Vec<Vec<u64>> = (1..=7).flat_map(|n| boards(1, n)).collect();
    all.extend(boards(2, 3));
    all.extend(
        [board(&["...", "...", "..."]), board(&["....", "...."])]
            .into_iter()
            .flatten(),
    );
    for p in &all {
        for col in [true, false] {
            let value = if col {
                PartizanProblem::new(Col, Ask::Value).fast_value(p)
            } else {
                PartizanProblem::new(Snort, Ask::Value).fast_value(p)
            };
            let value = value.unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                value.outcome(),
                outcome_by_search(p, col),
                "{} {p:?} = {value}",
                if col { "col" } else { "snort" }
            );
        }
    }
}

#[test]
fn swapping_colours_negates_and_col_is_a_number_or_a_number_plus_star() {
    // Winning Ways, ch. 2: every Col position is x or x + *. Swapping L and R swaps the
    // players, so the value is negated; on an empty board (its own swap) G = -G, so an
    // empty Col path is 0 or *.
    let swap = |p: &Vec<u64>| -> Vec<u64> {
        p.iter()
            .enumerate()
            .map(|(i, &x)| {
                if i < 2 {
                    x
                } else {
                    [EMPTY, RIGHT, LEFT][x as usize]
                }
            })
            .collect()
    };
    let col = PartizanProblem::new(Col, Ask::Value);
    let snort = PartizanProblem::new(Snort, Ask::Value);
    for p in (1..=6).flat_map(|n| boards(1, n)).chain(boards(2, 2)) {
        let c = col.fast_value(&p).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(col.fast_value(&swap(&p)), Ok(-c), "{p:?}");
        assert!(
            c.as_number().is_some() || (c + Value::nimber(1)).as_number().is_some(),
            "{p:?} = {c}"
        );
        let s = snort.fast_value(&p).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(snort.fast_value(&swap(&p)), Ok(-s), "{p:?}");
    }
    for n in 1..=12u64 {
        let p = [vec![1, n], vec![EMPTY; n as usize]].concat();
        let c = col.fast_value(&p).unwrap_or_else(|e| panic!("{e}"));
        assert!(c == v("0") || c == v("*"), "col on {n} empty cells = {c}");
    }
}

#[test]
fn values_of_grids_hold_by_the_definition() {
    for rows in [
        &["..", ".."][..],
        &["...", "..."],
        &[".L.", "..."],
        &["..R", "L.."],
    ] {
        let p = board(rows).unwrap_or_else(|| panic!("{rows:?}"));
        let c = value_of(Col, rows);
        assert_eq!(
            equals_by_definition(&Col, &p, c, 4_000_000),
            Ok(true),
            "col {rows:?} = {c}"
        );
        let s = value_of(Snort, rows);
        assert_eq!(
            equals_by_definition(&Snort, &p, s, 4_000_000),
            Ok(true),
            "snort {rows:?} = {s}"
        );
    }
}

#[test]
fn every_property_holds_for_col_and_snort() {
    crate::games::partizan_tests::every_property_holds(Col, 100);
    crate::games::partizan_tests::every_property_holds(Snort, 100);
}
