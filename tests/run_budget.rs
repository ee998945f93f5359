//! A check's whole run is bounded (issue 43): a case beyond what the searches reach costs
//! one spent search per direction it grows in, not one per case, and the run's CPU budget
//! stops the cases past it, each counted unjudged by that budget, never a disagreement.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use gamecheck::check::{Agreement, Campaign, RunConfig};
use gamecheck::game::check::{self, CheckConfig};
use gamecheck::game::{Field, Format, Game, GameProblem, Outcome, Output, Question};
use gamecheck::problem::Budget;

const MAX: u64 = 1_000_000_000;

/// Codeforces 1194D, the 1-2-K game, from its moves alone: the chip on cell n moves 1, 2
/// or k cells left. `moves` counts its calls, the work every search does.
#[derive(Default)]
struct OneTwoK {
    listed: Arc<AtomicU64>,
}

impl Game for OneTwoK {
    type Position = (u64, u64);
    const NAME: &'static str = "one-two-k";

    fn moves(&self, &(n, k): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        self.listed.fetch_add(1, Ordering::Relaxed);
        out.extend(
            [1, 2, k]
                .into_iter()
                .filter_map(|s| n.checked_sub(s))
                .map(|m| (m, k)),
        );
    }

    fn check_position(&self, &(_, k): &(u64, u64)) -> Result<(), String> {
        if k < 3 { Err("k >= 3".into()) } else { Ok(()) }
    }

    fn max_count(&self) -> u64 {
        MAX
    }

    fn format(&self) -> Format<Self> {
        Format::cases(1..=100)
            .line([Field::number("n", 0..=MAX), Field::number("k", 3..=MAX)])
            .answer(Output::winner("Alice", "Bob"))
    }
}

/// The editorial's rule, written here as the independent evidence for judged cases.
fn alice_wins(n: u64, k: u64) -> bool {
    if !k.is_multiple_of(3) {
        !n.is_multiple_of(3)
    } else {
        let m = n % (k + 1);
        !m.is_multiple_of(3) || m == k
    }
}

#[test]
fn cases_beyond_every_search_cost_one_spent_search_per_direction_not_one_each() {
    let problem = GameProblem::new(OneTwoK::default(), Question::default()).expect("a game");
    let rows = problem.rows(
        RunConfig {
            seed: 1,
            cases: 100,
            persist_in: None,
            budget: None,
        },
        &|| {},
    );
    assert!(rows.iter().all(|r| r.verdict != Agreement::Disagree), "{rows:#?}");
    let unjudged: u64 = rows.iter().map(|r| r.unjudged.cases).sum();
    assert!(
        unjudged > 0,
        "the 1-2-K game's large cells are beyond every search: {rows:#?}"
    );
    // A search stops at 4,000,000 positions, each listing its moves once: one search per
    // unjudged case would list at least that many moves for each of them.
    let listed = problem.game().listed.load(Ordering::Relaxed);
    let spent_searches = listed / 4_000_000;
    assert!(
        spent_searches * 4 < unjudged,
        "{listed} moves listed for {unjudged} unjudged cases: about one spent search each"
    );
}

#[test]
fn a_spent_run_budget_counts_the_cases_left_unjudged_by_it_not_run() {
    let problem = GameProblem::new(OneTwoK::default(), Question::default()).expect("a game");
    let rows = problem.rows(
        RunConfig {
            seed: 1,
            cases: 50,
            persist_in: None,
            budget: Some(Duration::ZERO),
        },
        &|| {},
    );
    for r in &rows {
        assert_eq!(r.unjudged.cases, r.cases, "{r:#?}");
        assert_eq!(r.verdict, Agreement::Unjudged);
        assert!(
            r.unjudged
                .by
                .iter()
                .all(|s| matches!(s.budget, Budget::Run { seconds: 0 })),
            "{r:#?}"
        );
    }
    assert_eq!(
        problem.game().listed.load(Ordering::Relaxed),
        0,
        "no case was run"
    );
}

#[test]
fn the_editorials_rule_is_checked_where_the_rules_reach_and_the_rest_is_cheap() {
    let game = OneTwoK::default();
    let listed = Arc::clone(&game.listed);
    let config = CheckConfig {
        cases: 300,
        ..CheckConfig::default()
    };
    let coverage = check::outcome_with(game, |&(n, k)| Outcome::of(alice_wins(n, k)), &config)
        .expect("the editorial's rule holds wherever the rules judge");
    assert!(coverage.largest_judged.is_some(), "{coverage}");
    let listed = listed.load(Ordering::Relaxed);
    assert!(
        listed / 4_000_000 * 4 < coverage.unjudged.cases.max(1),
        "{listed} moves listed: about one spent search per unjudged case ({coverage})"
    );
}
