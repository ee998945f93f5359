//! Three verdicts: a case is agree, disagree, or unjudged (a side ran out of its budget or
//! reach). Only a disagreement is a counterexample.

use gamecheck::check::{Agreement, Campaign, run_campaign};
use gamecheck::game::{Answer, Game, GameProblem, Outcome, Question, Search, Unanswered, check};
use gamecheck::problem::{Budget, Least};

/// Codeforces 1194D, "1-2-K Game": a chip on cell n moves 1, 2 or k cells left, if it
/// stays at 0 or above; the player who cannot move loses. Written from its moves alone.
struct OneTwoK;

impl Game for OneTwoK {
    type Position = (u64, u64);
    const NAME: &'static str = "12k";

    fn moves(&self, &(n, k): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend(
            [1, 2, k]
                .into_iter()
                .filter_map(|m| n.checked_sub(m))
                .map(|n| (n, k)),
        );
    }

    fn check_position(&self, &(_, k): &(u64, u64)) -> Result<(), String> {
        if k >= 3 {
            Ok(())
        } else {
            Err(format!("k = {k} is below 3"))
        }
    }

    fn max_count(&self) -> u64 {
        1_000_000_000
    }
}

/// The published answer (the editorial of 1194D): whether the player to move loses.
fn loses((n, k): (u64, u64)) -> bool {
    if k % 3 != 0 {
        n % 3 == 0
    } else {
        let r = n % (k + 1);
        r % 3 == 0 && r != k
    }
}

#[test]
fn published_answer_matches_a_plain_dp() {
    for k in 3..40u64 {
        let mut lost = Vec::new();
        for n in 0..400u64 {
            let l = ![1, 2, k].iter().any(|&m| n >= m && lost[(n - m) as usize]);
            lost.push(l);
            assert_eq!(l, loses((n, k)), "({n}, {k})");
        }
    }
}

#[test]
fn one_two_k_from_its_moves_is_never_called_wrong() {
    let dir = std::env::temp_dir().join(format!("gamecheck-verdicts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let problem = GameProblem::new(OneTwoK, Question::default()).unwrap();
    let problems: [&dyn Campaign; 1] = [&problem];
    let report = run_campaign(&problems, 1, 30, Some(&dir), &|| {});
    print!("{}", report.to_table());
    assert!(report.all_agree(), "{}", report.to_table());
    // Nothing disagreed, and something was judged: every row judged some of its cases.
    for row in &report.rows {
        assert!(row.unjudged.cases < row.cases, "{}", report.to_table());
    }
    assert!(!dir.join("proptest-regressions").exists());
}

/// 1-2-K with a fast path of its own that is wrong only from n = 1000 on (it forgets the
/// k-move there): beyond the oracle's reach, within the Bellman check's.
struct WrongAbove1000;

impl Game for WrongAbove1000 {
    type Position = (u64, u64);
    const NAME: &'static str = "12k-wrong";

    fn moves(&self, p: &(u64, u64), out: &mut Vec<(u64, u64)>) {
        OneTwoK.moves(p, out);
    }

    fn check_position(&self, p: &(u64, u64)) -> Result<(), String> {
        OneTwoK.check_position(p)
    }

    fn max_count(&self) -> u64 {
        1_000_000_000
    }

    fn outcome(&self, &(n, k): &(u64, u64), _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        let lost = if n < 1000 { loses((n, k)) } else { n % 3 == 0 };
        Ok(Outcome::of(!lost))
    }

    fn grundy(&self, &(n, k): &(u64, u64), _: &mut Search<Self>) -> Result<u64, Unanswered> {
        Err(format!("no Grundy value is claimed at ({n}, {k})").into())
    }
}

#[test]
fn a_fast_path_wrong_beyond_the_oracles_reach_is_still_refuted() {
    let problem = GameProblem::new(WrongAbove1000, Question::default()).unwrap();
    let problems: [&dyn Campaign; 1] = [&problem];
    let report = run_campaign(&problems, 1, 200, None, &|| {});
    let row = |name: &str| report.rows.iter().find(|r| r.property == name).unwrap();
    // The oracle judges only counts up to 24, where the fast path is right.
    assert_eq!(row("outcome_matches_rules_oracle").verdict, Agreement::Agree);
    let bellman = row("fast_path_is_bellman_consistent");
    assert_eq!(bellman.verdict, Agreement::Disagree, "{}", report.to_table());
    let case: Vec<u64> =
        serde_json::from_value(bellman.failure.as_ref().unwrap().counterexample.clone()).unwrap();
    // A real inconsistency, at a position where the fast path is wrong: from n = 1000 on,
    // where its `n % 3 == 0` differs from the published rule (held against a DP above).
    let (n, k) = (case[0], case[1]);
    assert!(n >= 1000 && loses((n, k)) != (n % 3 == 0), "{case:?}");
    assert!(!report.all_agree());
}

#[test]
fn the_published_formula_holds_with_its_coverage_said() {
    let coverage = check::outcome(OneTwoK, |&p: &(u64, u64)| Outcome::of(!loses(p))).unwrap();
    assert!(coverage.exhaustive_total >= 60, "{coverage}");
    let largest = coverage.largest_judged.expect("an oracle judged positions");
    assert!(largest.0 + largest.1 > 24, "{largest:?}");
    assert!(
        coverage
            .to_string()
            .starts_with("holds on every position with at most")
    );
}

#[test]
fn a_formula_wrong_only_above_the_exhaustive_bound_passes_only_up_to_it() {
    // Wrong only at n = 10^6, far beyond any position the check reaches.
    let formula = |&p: &(u64, u64)| Outcome::of(!loses(p) ^ (p.0 == 1_000_000));
    let coverage = check::outcome(OneTwoK, formula).unwrap();
    assert!(coverage.exhaustive_total < 1_000_000 && coverage.random_max_count < 1_000_000);
    assert!(coverage.largest_judged.is_some_and(|(n, _)| n < 1_000_000));
}

/// Take 1 or 2 stones; the oracle asked up to 2000 stones, so single heaps are scanned
/// up to 128000.
struct Take12;

impl Game for Take12 {
    type Position = u64;
    const NAME: &'static str = "take12";

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
    }

    fn oracle_reach(&self) -> u64 {
        2000
    }
}

#[test]
fn a_formula_wrong_only_at_100000_is_proven_least() {
    let wrong = |&n: &u64| Outcome::of((n % 3 != 0) ^ (n == 100_000));
    let refuted = check::outcome(Take12, wrong)
        .unwrap_err()
        .refutation()
        .cloned()
        .unwrap();
    assert_eq!((refuted.position, refuted.least), (100_000, Least::Proven));
}

#[test]
fn a_wrong_move_is_refuted_with_what_it_says_and_the_truth_apart() {
    // From n = 3m + 2 the move must take 2; this one always takes 1.
    let refuted = check::winning_move(Take12, |&n: &u64| (n % 3 != 0).then(|| n - 1))
        .unwrap_err()
        .refutation()
        .cloned()
        .unwrap();
    assert_eq!(refuted.position, 2);
    assert_eq!(refuted.moved_to, Some(1));
    assert_eq!(refuted.says, Ok(Answer::Outcome(Outcome::Loss)));
    assert_eq!(refuted.truth, Answer::Outcome(Outcome::Win));
}

/// A game that never ends: every move adds a stone.
struct Forever;

impl Game for Forever {
    type Position = u64;
    const NAME: &'static str = "forever";

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(n.checked_add(1));
    }

    fn max_count(&self) -> u64 {
        1_000_000
    }

    fn oracle_reach(&self) -> u64 {
        u64::MAX
    }
}

#[test]
fn an_infinite_game_is_unjudged_for_its_budget_not_refuted() {
    // Few random cases: each one this game draws spends a whole search budget.
    let config = check::CheckConfig {
        cases: 16,
        ..check::CheckConfig::default()
    };
    // Nothing judged is no pass: the error says what stopped every case.
    let unjudged = match check::outcome_with(Forever, |_: &u64| Outcome::Draw, &config) {
        Err(check::CheckError::NothingJudged { unjudged }) => unjudged,
        other => panic!("no position can be judged, yet: {other:?}"),
    };
    assert!(unjudged.cases > 0);
    assert!(
        unjudged
            .by
            .iter()
            .all(|s| matches!(s.budget, Budget::Positions { .. })),
        "{unjudged:?}"
    );
}

/// A token on a cycle of five cells, each move one step on, never saying it is loopy:
/// every position is a draw.
struct Ring;

impl Game for Ring {
    type Position = u64;
    const NAME: &'static str = "ring";

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.push((n + 1) % 5);
    }

    fn check_position(&self, &n: &u64) -> Result<(), String> {
        if n < 5 {
            Ok(())
        } else {
            Err(format!("cell {n} is off the ring"))
        }
    }

    fn max_count(&self) -> u64 {
        4
    }
}

#[test]
fn a_loopy_game_that_does_not_say_so_gets_its_draws() {
    let coverage = check::outcome(Ring, |_: &u64| Outcome::Draw).unwrap();
    assert_eq!(coverage.largest_judged, Some(4));
    let wrong = check::outcome(Ring, |_: &u64| Outcome::Win).unwrap_err();
    assert_eq!(
        wrong.refutation().map(|r| r.truth.clone()),
        Some(Answer::Outcome(Outcome::Draw))
    );
}

/// A domain that rejects every position.
struct Nothing;

impl Game for Nothing {
    type Position = u64;
    const NAME: &'static str = "nothing";

    fn moves(&self, _: &u64, _: &mut Vec<u64>) {}

    fn check_position(&self, &n: &u64) -> Result<(), String> {
        Err(format!("no position is allowed, not even {n}"))
    }
}

#[test]
fn a_domain_that_rejects_everything_says_what_it_rejected() {
    let error = check::outcome(Nothing, |_: &u64| Outcome::Loss).unwrap_err();
    let text = error.to_string();
    assert!(text.contains("no position is allowed"), "{text}");
    assert!(!text.contains("Too many local rejects"), "{text}");
}

#[test]
fn a_kept_regression_that_no_longer_disagrees_is_reported_stale() {
    let dir = std::env::temp_dir().join(format!("gamecheck-stale-{}", std::process::id()));
    let kept = dir.join("proptest-regressions");
    std::fs::create_dir_all(&kept).unwrap();
    // As a run that called a spent budget a disagreement would have kept it.
    let file = kept.join("forever.txt");
    let seed = "cc 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef # shrinks to 5";
    std::fs::write(&file, format!("{seed}\n")).unwrap();
    let problem = GameProblem::new(Forever, Question::default()).unwrap();
    let problems: [&dyn Campaign; 1] = [&problem];
    // One case a share: each case of this game spends a whole search budget.
    let report = run_campaign(&problems, 1, 1, Some(&dir), &|| {});
    assert!(report.all_agree(), "{}", report.to_table());
    let row = &report.rows[0];
    assert_eq!(row.stale.len(), 1, "{}", report.to_table());
    assert!(row.stale[0].now.contains("unjudged"), "{}", row.stale[0].now);
    assert!(report.to_table().contains("no longer disagrees"));
    // Nothing new was written.
    assert_eq!(std::fs::read_to_string(&file).unwrap(), format!("{seed}\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}
