//! Classic Chopsticks' own properties: terminal positions, certificates, witness lines,
//! flags and JSON. The outcome of every position under every rule set is judged against a
//! second implementation (ordered hands, a plain fixpoint iteration) in
//! tests/chopsticks_classic.rs, through the command line.

use gamecheck_oracles::outcome::Outcome;
use gamecheck_oracles::retrograde::check_certificate;

use super::{ClassicRules, Hands, Move, Overflow, Position, RuleSet, RuleSetError, Splits, solve};

fn solved(r: RuleSet) -> super::Solution {
    solve(r).unwrap_or_else(|e| panic!("{r}: {e}"))
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
