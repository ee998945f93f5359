//! The partizan engine (`crate::partizan`), with the families of this folder, against published values and the definition-based oracles, and
//! the families' properties, each shown to catch a broken fast path.

use crate::check::{RunConfig, assert_holds, run_property};
use crate::games::cutcake::{Cutcake, cake_value};
use crate::games::domineering::{Domineering, Grid};
use crate::games::hackenbush::Hackenbush;
use crate::games::toads_and_frogs::{Row, ToadsAndFrogs};
use crate::partizan::family::Family;
use crate::partizan::*;
use crate::problem::{Problem, Properties};

fn board(rows: &[&str]) -> Grid {
    Grid::from_rows(&rows.iter().map(|r| r.as_bytes().to_vec()).collect::<Vec<_>>())
}

fn value_of<G: Family>(game: G, p: &G::Position) -> Value {
    PartizanProblem::new(game, Ask::Value).fast_value(p).unwrap()
}

#[test]
fn published_domineering_values() {
    // Winning Ways, ch. 5 (Berlekamp, Conway, Guy): the 2 × 2 board is ±1; a vertical
    // 2 × 1 strip is 1 (Left's one move), a horizontal 1 × 2 is -1; an L of three cells
    // is 0... checked by the definition below as well.
    let d = Domineering::new();
    assert_eq!(value_of(d, &Grid::empty(2, 2)), v("+-1"));
    assert_eq!(value_of(d, &Grid::empty(2, 1)), v("1"));
    assert_eq!(value_of(d, &Grid::empty(1, 2)), v("-1"));
    assert_eq!(value_of(d, &Grid::empty(1, 4)), v("-2"));
    // Temperature and mean of ±1: 1 and 0.
    let pm = value_of(d, &Grid::empty(2, 2));
    assert_eq!((pm.temperature(), pm.mean()), (Dyadic::int(1), Dyadic::ZERO));
    let p = PartizanProblem::new(d, Ask::Value);
    for g in [
        Grid::empty(2, 2),
        Grid::empty(2, 3),
        Grid::empty(3, 3),
        board(&["..#", "...", "#.."]),
    ] {
        let value = p.fast_value(&g).unwrap();
        assert_eq!(
            equals_by_definition(&d, &g, value, 4_000_000),
            Ok(true),
            "{g:?} = {value}"
        );
    }
}

#[test]
fn published_hackenbush_values() {
    // Winning Ways, ch. 2: BR = 1/2, BRR = 1/4, BBR = 3/2, BRB = 3/4; a green string of
    // n edges is *n.
    let h = |s: &str| value_of(Hackenbush, &s.as_bytes().to_vec());
    for (s, want) in [
        ("BR", "1/2"),
        ("BRR", "1/4"),
        ("BBR", "3/2"),
        ("BRB", "3/4"),
        ("RB", "-1/2"),
    ] {
        assert_eq!(h(s), v(want), "{s}");
    }
    for n in 1..=5 {
        assert_eq!(h(&"G".repeat(n)), Value::nimber(n as u32));
    }
    // The sign expansion against the canonical form from the moves, every Blue-Red
    // string of at most 10 edges.
    for n in 0..=10 {
        for s in family::strings(b"BR", n) {
            let x = crate::games::hackenbush::sign_expansion(&s).unwrap();
            assert_eq!(Values::new(Hackenbush).of(&s), Ok(Value::number(x)), "{s:?}");
        }
    }
}

#[test]
fn cutcake_closed_form_matches_the_moves() {
    // Winning Ways, ch. 2: Cutcake values are integers; 2 × 1 is 1.
    let mut values = Values::new(Cutcake);
    for w in 1..=9 {
        for h in 1..=9 {
            assert_eq!(
                values.of(&vec![(w, h)]),
                Ok(Value::integer(cake_value(w, h))),
                "{w} x {h}"
            );
        }
    }
}

#[test]
fn toads_and_frogs_values_match_the_definition() {
    // Winning Ways, ch. 1: T_F: each player has one move, to a position where only the
    // other... computed here and judged by the definition of >= and the outcome search.
    let p = PartizanProblem::new(ToadsAndFrogs, Ask::Value);
    for row in ["T_F", "TF_", "_TF", "TT_FF", "T__F", "TT__FF", "T_T_F_F"] {
        let pos: Row = row.parse().unwrap();
        let value = p.fast_value(&pos).unwrap();
        assert!(
            matches!(p.evaluate(&pos)[1].said, crate::problem::Said::Holds),
            "{row} = {value}"
        );
    }
    assert_eq!(p.fast_value(&row("T_F")), Ok(v("*")));
    // TF_: Left's jump leaves _FT = {|0} = -1, and Right has no move: {-1|} = 0.
    assert_eq!(p.fast_value(&row("TF_")), Ok(v("0")));
    assert_eq!(p.fast_value(&row("_FT")), Ok(v("-1")));
}

fn row(s: &str) -> Row {
    s.parse().unwrap()
}

pub(crate) fn every_property_holds<G: Family>(game: G, cases: u32) {
    let p = PartizanProblem::new(game, Ask::Value);
    for property in p.properties() {
        assert_holds(&p, property.name, cases, None);
    }
}

#[test]
fn every_property_holds_for_domineering() {
    every_property_holds(Domineering::new(), 100);
}

#[test]
fn every_property_holds_for_hackenbush() {
    every_property_holds(Hackenbush, 100);
}

#[test]
fn every_property_holds_for_toads_and_frogs() {
    every_property_holds(ToadsAndFrogs, 100);
}

#[test]
fn every_property_holds_for_cutcake() {
    every_property_holds(Cutcake, 30);
}

/// Returns the least counterexample `check` finds for `property` with the value under
/// test replaced by `broken`.
fn refuted<G: Family>(game: G, property: &str, broken: fn(&G, &G::Position) -> Value) -> Option<String> {
    let p = PartizanProblem::with_fast(
        game,
        Ask::Value,
        Box::new(move |g: &G, q: &G::Position, _: &mut Values<G>| Ok(broken(g, q))),
    );
    let prop = p.properties().into_iter().find(|x| x.name == property)?;
    let config = RunConfig {
        seed: 1,
        cases: 200,
        persist_in: None,
        budget: None,
    };
    match run_property(&p, &prop, config, &|| {}).result {
        Ok(()) => None,
        Err(crate::check::PropertyError::Fail(c)) => Some(p.game().show(&c.case)),
        Err(_) => panic!("{property} aborted"),
    }
}

#[test]
fn broken_fast_paths_are_refuted_at_their_least_position() {
    // Blue minus red edges, the plausible wrong rule: refuted at BR (1/2, not 0).
    let blue_minus_red = |_: &Hackenbush, s: &Vec<u8>| match s.contains(&b'G') {
        true => Values::new(Hackenbush).of(s).unwrap(),
        false => Value::integer(
            s.iter()
                .map(|&c| i64::from(c == b'B') - i64::from(c == b'R'))
                .sum(),
        ),
    };
    assert_eq!(
        refuted(Hackenbush, "value_matches_definition", blue_minus_red).as_deref(),
        Some("BR")
    );
    // Cutcake with the exponent of the wrong side: refuted at its least cake.
    let wrong_side = |_: &Cutcake, cakes: &Vec<(u64, u64)>| {
        Value::integer(cakes.iter().map(|&(w, h)| cake_value(h, w)).sum())
    };
    assert_eq!(
        refuted(Cutcake, "value_matches_definition", wrong_side).as_deref(),
        Some("1 2")
    );
    // Domineering forgetting that regions add: the largest region's value only.
    let one_region = |d: &Domineering, g: &Grid| {
        let parts = d.components(g);
        let mut values = Values::new(*d);
        parts
            .iter()
            .map(|r| values.of(r).unwrap())
            .max_by_key(|x| x.left_options().len())
            .unwrap_or(Value::integer(0))
    };
    assert!(refuted(Domineering::new(), "value_matches_definition", one_region).is_some());
    // Toads and Frogs with the outcome of the negative: found by the outcome search.
    let negated = |_: &ToadsAndFrogs, row: &Row| -Values::new(ToadsAndFrogs).of(row).unwrap();
    assert_eq!(
        refuted(ToadsAndFrogs, "outcome_matches_search", negated).as_deref(),
        Some("T_")
    );
}

#[test]
fn every_small_value_prints_and_reads_back() {
    let p = PartizanProblem::new(Domineering::new(), Ask::Value);
    for n in 0..=7 {
        for g in Domineering::new().of_size(n).into_iter().step_by(7) {
            let value = p.fast_value(&g).unwrap();
            assert_eq!(value.to_string().parse::<Value>(), Ok(value), "{g:?}");
        }
    }
}

#[test]
fn a_kept_failure_replays_to_its_least_position_and_passes_once_fixed() {
    // `check` keeps the seed of a failing case in proptest-regressions/hackenbush.txt;
    // `repro hackenbush` with no case replays it under every property.
    let dir = std::env::temp_dir().join(format!("gamecheck-replay-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("proptest-regressions")).unwrap();
    let blue_minus_red =
        |_: &Hackenbush, s: &Vec<u8>, values: &mut Values<Hackenbush>| match s.contains(&b'G') {
            true => values.of(s),
            false => Ok(Value::integer(
                s.iter()
                    .map(|&c| i64::from(c == b'B') - i64::from(c == b'R'))
                    .sum(),
            )),
        };
    let broken = PartizanProblem::with_fast(Hackenbush, Ask::Value, Box::new(blue_minus_red));
    let property = broken
        .properties()
        .into_iter()
        .find(|p| p.name == "value_matches_definition")
        .unwrap();
    let config = RunConfig {
        seed: 1,
        cases: 200,
        persist_in: Some(&dir),
        budget: None,
    };
    assert!(run_property(&broken, &property, config, &|| {}).result.is_err());
    let replayed = crate::check::replay_kept(&broken, &dir);
    assert!(replayed.kept >= 1, "{}", replayed.path);
    let least: Vec<String> = replayed
        .failures
        .iter()
        .map(|c| Hackenbush.show(&c.case))
        .collect();
    // BR is 1/2 by the definition of >=, not 0 (Winning Ways, ch. 2).
    assert!(least.contains(&"BR".to_owned()), "{least:?}");
    // The family's own fast path passes the same kept cases.
    let fixed = PartizanProblem::new(Hackenbush, Ask::Value);
    let now = crate::check::replay_kept(&fixed, &dir);
    assert_eq!((now.kept, now.failures.len()), (replayed.kept, 0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_long_run_keeps_each_questions_budget() {
    // A run of many small questions (`solve` on many positions) once filled the memo of
    // one budget and refused every later question. Every Blue-Red string of at most 8
    // edges asks at most 9 positions, 511 strings in all, with a budget of 64: each is
    // answered, and by the sign expansion.
    let mut values = Values::with_budget(Hackenbush, 64);
    for n in 0..=8 {
        for s in family::strings(b"BR", n) {
            let x = crate::games::hackenbush::sign_expansion(&s).unwrap();
            assert_eq!(values.of(&s), Ok(Value::number(x)), "{s:?}");
        }
    }
}

/// A loopy game, as a user's crate wrote it (repro-5 `scen ploop`): Left moves 0 → 1 → 0.
struct Loop;
impl Partizan for Loop {
    type Position = u32;
    const NAME: &'static str = "loop";
    fn left_moves(&self, &n: &u32, out: &mut Vec<u32>) {
        out.push(1 - n.min(1));
    }
    fn right_moves(&self, _: &u32, _: &mut Vec<u32>) {}
}

/// A strip Left shortens by one and Right by two (repro-5 `scen pdeep`): n moves deep.
struct Deep;
impl Partizan for Deep {
    type Position = u32;
    const NAME: &'static str = "deep";
    fn left_moves(&self, &n: &u32, out: &mut Vec<u32>) {
        out.extend(n.checked_sub(1));
    }
    fn right_moves(&self, &n: &u32, out: &mut Vec<u32>) {
        out.extend(n.checked_sub(2));
    }
}

#[test]
fn a_loopy_or_very_deep_game_names_the_cycle_or_the_depth() {
    // Both aborted the process with a stack overflow.
    let e = Values::new(Loop).of(&0).unwrap_err();
    assert_eq!(e.budget, crate::problem::Budget::Cycle, "{e}");
    assert!(e.to_string().contains("repeats the position"), "{e}");
    let e = Values::new(Deep).of(&100_000).unwrap_err();
    assert_eq!(
        e.budget,
        crate::problem::Budget::Depth {
            limit: MAX_DEPTH as u64
        },
        "{e}"
    );
    // Within the depth the game is valued, as the definition builds it inline: the strip
    // of 0 is 0, of 1 is {0|} = 1, of n is {value(n-1) | value(n-2)}.
    let mut by_definition = vec![Value::integer(0), Value::integer(1)];
    for n in 2..40 {
        let g = Value::new(&[by_definition[n - 1]], &[by_definition[n - 2]]);
        by_definition.push(g);
    }
    let mut values = Values::new(Deep);
    for (n, &want) in by_definition.iter().enumerate() {
        assert_eq!(values.of(&(n as u32)), Ok(want), "strip {n}");
    }
}

/// Domineering from its moves and regions, with no turned board to answer from.
struct Unturned;

impl Partizan for Unturned {
    type Position = Grid;
    const NAME: &'static str = "domineering-unturned";

    fn left_moves(&self, g: &Grid, out: &mut Vec<Grid>) {
        Domineering::new().left_moves(g, out);
    }

    fn right_moves(&self, g: &Grid, out: &mut Vec<Grid>) {
        Domineering::new().right_moves(g, out);
    }

    fn components(&self, g: &Grid) -> Vec<Grid> {
        Domineering::new().components(g)
    }
}

#[test]
fn a_turned_domineering_board_is_the_negative_as_the_moves_value_it() {
    let mut plain = Values::new(Unturned);
    let mut fast = Values::new(Domineering::new());
    for (rows, cols) in [(1, 4), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4)] {
        for filled in 0..1u64 << (rows * cols) {
            let g = Grid::with_filled(rows, cols, filled);
            let turned = g.transposed();
            // The turned board has the same empty cells, counted apart from the turn.
            assert_eq!(turned.empty_cells(), g.empty_cells(), "{g:?}");
            let (v, t) = (plain.of(&g).unwrap(), plain.of(&turned).unwrap());
            assert_eq!(t, -v, "{g:?} turned {turned:?}");
            assert_eq!(fast.of(&g).unwrap(), v, "{g:?}");
        }
    }
}
