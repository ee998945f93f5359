//! Classic Chopsticks against a second implementation written here: moves over ordered
//! hands (no unordered pairs, no move list shared with `moves.rs`) solved by a plain
//! fixpoint iteration, not the retrograde queue.

use std::collections::{BTreeSet, HashMap};

use gamecheck_oracles::outcome::Outcome;
use gamecheck_oracles::retrograde::check_certificate;

use super::{
    ClassicRules, Hands, Move, OutcomeCounts, Overflow, Position, RuleSet, RuleSetError, Splits, solve,
};

/// Mover's hands, then the opponent's, in a fixed order: 625 of them.
type Ordered = ([u8; 2], [u8; 2]);

/// The moves of `p` under `r`, from the rules as the issue states them.
fn ordered_moves(r: RuleSet, (me, you): Ordered) -> Vec<Ordered> {
    let dead = |h: [u8; 2]| h == [0, 0];
    if dead(me) {
        return vec![];
    }
    if dead(you) {
        return vec![(you, me)];
    }
    let mut out = vec![];
    for i in 0..2 {
        for j in 0..2 {
            if me[i] > 0 && you[j] > 0 {
                let mut hit = you;
                let sum = me[i] + you[j];
                hit[j] = match r.overflow {
                    Overflow::Rollover => sum % 5,
                    Overflow::Cutoff if sum >= 5 => 0,
                    Overflow::Cutoff => sum,
                };
                out.push((hit, me));
            }
        }
    }
    let total = me[0] + me[1];
    let same = |a: [u8; 2], b: [u8; 2]| a == b || a == [b[1], b[0]];
    for x in 0..=4u8 {
        let Some(y) = total.checked_sub(x).filter(|&y| y <= 4) else {
            continue;
        };
        let to = [x, y];
        if same(to, me) || dead(to) {
            continue;
        }
        let kills = me[0] > 0 && me[1] > 0 && (x == 0 || y == 0);
        let ok = match r.splits {
            Splits::Any { suicide } => suicide || !kills,
            Splits::Even => (same(me, [0, 2]) && to == [1, 1]) || (same(me, [0, 4]) && to == [2, 2]),
            Splits::None => false,
        };
        if ok {
            out.push((you, to));
        }
    }
    out
}

fn all_ordered() -> Vec<Ordered> {
    let mut v = vec![];
    for a in 0..5 {
        for b in 0..5 {
            for c in 0..5 {
                for d in 0..5 {
                    v.push(([a, b], [c, d]));
                }
            }
        }
    }
    v
}

/// Outcomes of all ordered positions: repeat "a move to a known loss wins, only moves to
/// known wins lose" until nothing changes; the rest draw.
fn fixpoint(r: RuleSet) -> HashMap<Ordered, Outcome> {
    let all = all_ordered();
    let moves: HashMap<Ordered, Vec<Ordered>> = all.iter().map(|&p| (p, ordered_moves(r, p))).collect();
    let mut known: HashMap<Ordered, bool> = HashMap::new();
    loop {
        let mut changed = false;
        for &p in &all {
            if known.contains_key(&p) {
                continue;
            }
            let m = &moves[&p];
            if m.iter().any(|q| known.get(q) == Some(&false)) {
                known.insert(p, true);
                changed = true;
            } else if m.iter().all(|q| known.get(q) == Some(&true)) {
                known.insert(p, false);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    all.into_iter()
        .map(|p| (p, known.get(&p).map_or(Outcome::Draw, |&w| Outcome::of(w))))
        .collect()
}

fn unordered((me, you): Ordered) -> Position {
    let h = |x: [u8; 2]| Hands::new(x[0], x[1]).unwrap_or_else(|| panic!("{x:?}"));
    Position {
        mover: h(me),
        other: h(you),
    }
}

/// Counts over unordered positions, checking that every ordering of one agrees.
fn counts(outcomes: &HashMap<Ordered, Outcome>, among: impl IntoIterator<Item = Ordered>) -> OutcomeCounts {
    let mut by_class: HashMap<Position, Outcome> = HashMap::new();
    for p in among {
        let o = outcomes[&p];
        let seen = *by_class.entry(unordered(p)).or_insert(o);
        assert_eq!(seen, o, "the orderings of {} disagree", unordered(p));
    }
    let mut c = OutcomeCounts::default();
    for o in by_class.values() {
        match o {
            Outcome::Win => c.win += 1,
            Outcome::Loss => c.loss += 1,
            Outcome::Draw => c.draw += 1,
        }
    }
    c
}

fn reachable_ordered(r: RuleSet) -> BTreeSet<Ordered> {
    let start = ([1, 1], [1, 1]);
    let mut seen = BTreeSet::from([start]);
    let mut todo = vec![start];
    while let Some(p) = todo.pop() {
        for q in ordered_moves(r, p) {
            if seen.insert(q) {
                todo.push(q);
            }
        }
    }
    seen
}

fn solved(r: RuleSet) -> super::Solution {
    solve(r).unwrap_or_else(|e| panic!("{r}: {e}"))
}

#[test]
fn counts_match_fixpoint_for_every_rule_set() {
    for r in RuleSet::VARIANTS {
        let truth = fixpoint(r);
        let s = solved(r);
        assert_eq!(s.table.all, counts(&truth, all_ordered()), "{r}: all positions");
        assert_eq!(
            s.table.reachable,
            counts(&truth, reachable_ordered(r)),
            "{r}: reachable"
        );
        assert_eq!(s.table.start, truth[&([1, 1], [1, 1])], "{r}: start");
        for p in all_ordered() {
            assert_eq!(s.outcomes.outcome(&unordered(p)), Some(truth[&p]), "{r} at {p:?}");
        }
    }
}

#[test]
fn moves_match_the_ordered_moves() {
    for r in RuleSet::VARIANTS {
        let game = ClassicRules(r);
        for p in all_ordered() {
            let ours: BTreeSet<Position> = game.moves_of(&unordered(p)).into_iter().map(|(_, q)| q).collect();
            let theirs: BTreeSet<Position> = ordered_moves(r, p).into_iter().map(unordered).collect();
            assert_eq!(ours, theirs, "{r} at {p:?}");
        }
    }
}

#[test]
fn a_player_with_both_hands_dead_has_lost() {
    for r in RuleSet::VARIANTS {
        let s = solved(r);
        let game = ClassicRules(r);
        for other in Hands::all() {
            let dead = Hands::new(0, 0).unwrap_or(other);
            let p = Position { mover: dead, other };
            assert!(game.moves_of(&p).is_empty(), "{r}: {p} is terminal");
            assert_eq!(s.outcomes.outcome(&p), Some(Outcome::Loss), "{r}: {p}");
            if !other.is_dead() {
                let q = Position {
                    mover: other,
                    other: dead,
                };
                assert_eq!(game.moves_of(&q).first().map(|m| m.0), Some(Move::Pass));
                assert_eq!(s.outcomes.outcome(&q), Some(Outcome::Win), "{r}: {q}");
            }
        }
    }
}

#[test]
fn every_table_is_certified() {
    for r in RuleSet::VARIANTS {
        let s = solved(r);
        let game = ClassicRules(r);
        assert_eq!(s.outcomes.verify(&game), Ok(()), "{r}");
        for claimed in [Outcome::Win, Outcome::Loss, Outcome::Draw] {
            let holds = check_certificate(&game, &s.outcomes, &Position::START, claimed).is_ok();
            assert_eq!(holds, claimed == s.table.start, "{r}: {claimed:?}");
        }
    }
}

#[test]
fn witness_lines_follow_the_moves_and_show_the_outcome() {
    for r in RuleSet::VARIANTS {
        let s = solved(r);
        let game = ClassicRules(r);
        let w = s.witness(200);
        let mut at = Position::START;
        for &(m, q) in &w.line {
            assert!(game.moves_of(&at).contains(&(m, q)), "{r}: {m} from {at}");
            at = q;
        }
        match s.table.start {
            Outcome::Draw => {
                let i = w
                    .cycle_from
                    .unwrap_or_else(|| panic!("{r}: a draw without a cycle"));
                let from = if i == 0 { Position::START } else { w.line[i - 1].1 };
                assert_eq!(Some(from), w.line.last().map(|m| m.1), "{r}: the cycle closes");
                for &(_, q) in &w.line {
                    assert_eq!(s.outcomes.outcome(&q), Some(Outcome::Draw), "{r}: {q}");
                }
            }
            _ => {
                assert_eq!(w.cycle_from, None);
                assert_eq!(Some(w.line.len() as u32), s.remoteness, "{r}: to the end");
                assert!(at.mover.is_dead(), "{r}: ends with the loser dead, not at {at}");
            }
        }
    }
}

#[test]
fn flags_parse_as_the_issue_states_them() {
    let parse = |s: &str| s.parse::<RuleSet>();
    assert_eq!(parse("--rollover --splits any"), Ok(RuleSet::default()));
    assert_eq!(
        parse("--cutoff --splits none"),
        Ok(RuleSet {
            overflow: Overflow::Cutoff,
            splits: Splits::None
        })
    );
    assert_eq!(
        parse("--suicide"),
        Ok(RuleSet {
            overflow: Overflow::Rollover,
            splits: Splits::Any { suicide: true }
        })
    );
    assert_eq!(parse("--splits"), Err(RuleSetError::MissingSplits));
    assert_eq!(parse("--splits odd"), Err(RuleSetError::BadSplits("odd".into())));
    assert_eq!(parse("--roll"), Err(RuleSetError::UnknownFlag("--roll".into())));
    assert_eq!(
        parse("--splitsany"),
        Err(RuleSetError::UnknownFlag("--splitsany".into()))
    );
    assert_eq!(
        parse("--splits even --splits none"),
        Err(RuleSetError::Conflict {
            first: "--splits even".into(),
            second: "--splits none".into()
        })
    );
    assert_eq!(
        parse("--splits even --suicide"),
        Err(RuleSetError::SuicideWithoutAnySplits("even"))
    );
    for r in RuleSet::VARIANTS {
        assert_eq!(parse(&r.to_string()), Ok(r));
    }
}

/// Prints the table of every rule set: `cargo test --lib chopsticks_classic::tests::print_table -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_table() {
    for r in RuleSet::VARIANTS {
        let s = solved(r);
        let t = s.table;
        println!(
            "{r:36} start {:?} remoteness {:?} reachable {:?} all {:?}",
            t.start, s.remoteness, t.reachable, t.all
        );
        let w = s.witness(40);
        let line: Vec<String> = w.line.iter().map(|(m, q)| format!("{m} -> {q}")).collect();
        println!("    line {:?}: {}", w.cycle_from, line.join("; "));
    }
}

#[test]
fn the_table_serializes_as_the_issue_states() {
    let cutoff_none = RuleSet {
        overflow: Overflow::Cutoff,
        splits: Splits::None,
    };
    let t = solved(cutoff_none).table;
    let expected = serde_json::json!({
        "start": "loss",
        "reachable": { "win": t.reachable.win, "loss": t.reachable.loss, "draw": t.reachable.draw },
        "all": { "win": t.all.win, "loss": t.all.loss, "draw": t.all.draw },
    });
    assert_eq!(serde_json::to_value(t).ok(), Some(expected));
    let draw = serde_json::to_value(solved(RuleSet::default()).table).ok();
    assert_eq!(
        draw.as_ref().and_then(|v| v.get("start")),
        Some(&serde_json::json!("draw"))
    );
}
