//! The one claims engine over each problem: its least counterexamples are the first
//! disagreements with an oracle written from the rules, scanning the order independently
//! of the engine's own search.

use gamecheck::chopsticks::{Chopsticks, Outcome, State, outcome, real_play_with_total};
use gamecheck::claims::{ClaimVerdict, check_claim, check_typed_claim, within_least_budget};
use gamecheck::game::{Answer, GameProblem, Question};
use gamecheck::moore::Moore;
use gamecheck::problem::Least;
use gamecheck_oracles::chopsticks_table::Table;
use gamecheck_oracles::moore_game_search::GameSearch;
use itertools::Itertools;

fn moore(k: u32) -> GameProblem<Moore> {
    GameProblem::new(Moore::new(k).expect("k >= 1"), Question::default()).expect("a game")
}

/// Returns the lists of `len` positive counts with `total` in all, in lexicographic
/// order.
fn compositions(total: u64, len: usize) -> Vec<Vec<u64>> {
    if len == 0 {
        return if total == 0 { vec![vec![]] } else { vec![] };
    }
    (1..=total)
        .flat_map(|first| {
            compositions(total - first, len - 1)
                .into_iter()
                .map(move |mut rest| {
                    rest.insert(0, first);
                    rest
                })
        })
        .collect()
}

/// The first position in the order of least counterexamples (total stones, then piles,
/// then the piles; piles positive, at most 8) with at most `max_total` stones where
/// `claim_loss` disagrees with the game search.
fn first_in_game_order(k: u32, max_total: u64, claim_loss: impl Fn(&[u64]) -> bool) -> Option<Vec<u64>> {
    let mut search = GameSearch::new(k);
    (0..=max_total)
        .flat_map(|s| (0..=8usize).flat_map(move |len| compositions(s, len)))
        .find(|piles| claim_loss(piles) != search.is_p(piles))
}

/// The first position, fewest piles then the sorted piles, of at most `max_piles` piles
/// of sizes up to `max_size` where `claim_loss` disagrees with the game search.
fn first_disagreement(
    k: u32,
    max_piles: usize,
    max_size: u64,
    claim_loss: impl Fn(&[u64]) -> bool,
) -> Option<Vec<u64>> {
    let mut search = GameSearch::new(k);
    (0..=max_piles)
        .flat_map(|n| (0..=max_size).combinations_with_replacement(n))
        .find(|piles| claim_loss(piles) != search.is_p(piles))
}

#[test]
fn position_claims_are_refuted_at_the_first_disagreement_with_the_game_search() {
    type Loss = fn(&[u64], u32) -> bool;
    let claims: [(&str, u32, Loss); 4] = [
        ("xor == 0", 6, |p, _| p.iter().fold(0, |x, y| x ^ y) == 0),
        ("max == 0", 1, |p, _| p.iter().all(|&x| x == 0)),
        ("piles % 2 == 0", 3, |p, _| p.len() % 2 == 0),
        ("sum % (k + 1) == 0", 2, |p, k| {
            p.iter().sum::<u64>() % u64::from(k + 1) == 0
        }),
    ];
    for (text, k, loss) in claims {
        let report = check_typed_claim(&moore(k), text, 1, 500).expect("compiles");
        assert_eq!(report.verdict, ClaimVerdict::Refuted, "{text}");
        let want = first_in_game_order(k, 12, |p| loss(p, k)).expect("a disagreement");
        assert_eq!(report.counterexample, serde_json::json!(want), "{text}");
        assert_eq!(report.least, Some(Least::Proven), "{text}: {report:?}");
        // What the claim said and the truth, from the oracle.
        let truth_is_p = GameSearch::new(k).is_p(&want);
        let shown = |p: bool| if p { "Second" } else { "First" };
        assert_eq!(report.truth.as_deref(), Some(shown(truth_is_p)), "{text}");
        assert_eq!(report.claim_says.as_deref(), Some(shown(!truth_is_p)), "{text}");
    }
}

#[test]
fn position_rule_holds_where_the_game_search_agrees() {
    let report =
        check_typed_claim(&moore(3), "all_bits(bitcount(j) % (k + 1) == 0)", 5, 300).expect("compiles");
    assert_eq!(report.verdict, ClaimVerdict::Holds);
    assert!(report.notes.is_empty(), "{:?}", report.notes);
    let rule = |p: &[u64]| (0..64).all(|j| p.iter().filter(|&&x| x >> j & 1 == 1).count() % 4 == 0);
    assert_eq!(first_disagreement(3, 4, 6, rule), None);
}

#[test]
fn chopsticks_failure_found_at_random_is_reduced_to_the_first_disagreement_with_the_table() {
    // The fast rule, wrong only from 45 hands on with c >= 20: out of the exhaustive
    // range, so only a random case finds it and the least search must bring it down.
    let broken = |s: &State| s.hands() + s.opponent_hands() >= 45 && s.c >= 20;
    let claim = |s: &State| -> Result<Outcome, String> {
        let right = outcome(*s);
        Ok(if broken(s) { right.after_move() } else { right })
    };
    let as_answer = |s: &State| claim(s).map(Answer::Outcome);
    let report = check_claim(Chopsticks::for_claims(), "broken", "broken", &as_answer, 3, 2_000);
    assert_eq!(report.verdict, ClaimVerdict::Refuted);
    assert_eq!(report.least, Some(Least::Proven));
    assert!(
        report.random.ends_with("stopped at the first failure"),
        "{}",
        report.random
    );

    let table = Table::build(64).expect("the table builds");
    let wins = |s: State| {
        table
            .wins(s.a as u64, s.c as u64, s.b as u64, s.d as u64)
            .expect("within the table")
    };
    let first = (2..=60)
        .flat_map(real_play_with_total)
        .find(|s| (claim(s) == Ok(Outcome::Win)) != wins(*s));
    let first = first.expect("a disagreement below 60 hands");
    assert_eq!(
        report.counterexample,
        serde_json::json!([first.a as u64, first.c as u64, first.b as u64, first.d as u64])
    );
}

/// The right rule, wrong only where `a` (or `d`, with `on_d`) reaches `threshold` while
/// n <= m: "(R) && (a < T || n > m)" as a claim.
fn rule_cut_at(threshold: u128, on_d: bool) -> impl Fn(&State) -> Result<Outcome, String> + Sync {
    move |s: &State| {
        let count = if on_d { s.d } else { s.a };
        let wins = outcome(*s) == Outcome::Win && (count < threshold || s.hands() > s.opponent_hands());
        Ok(if wins { Outcome::Win } else { Outcome::Loss })
    }
}

/// Returns the first position of real play, by total then (a, c, b, d), up to `max_total`
/// hands where `claim` disagrees with the dense table.
fn first_disagreement_with_table(
    claim: &dyn Fn(&State) -> Result<Outcome, String>,
    max_total: u64,
) -> Option<State> {
    let table = Table::build(64).expect("the table builds");
    (2..=max_total).flat_map(real_play_with_total).find(|s| {
        let wins = table
            .wins(s.a as u64, s.c as u64, s.b as u64, s.d as u64)
            .expect("within the table");
        claim(s) != Ok(if wins { Outcome::Win } else { Outcome::Loss })
    })
}

#[test]
fn claim_wrong_only_beyond_a_trillion_is_reduced_without_walking_unit_by_unit() {
    // The scan of the order shows the least failure of "(R) && (a < T || n > m)" is
    // (T, 0, 0, T), and (0, T, 0, T) with d in place of a: n = m = T is the fewest hands
    // with a >= T (or d >= T) and n <= m, and R holds there.
    for (on_d, expected) in [
        (false, State::new(25, 0, 0, 25)),
        (true, State::new(0, 25, 0, 25)),
    ] {
        assert_eq!(
            first_disagreement_with_table(&rule_cut_at(25, on_d), 60),
            Some(expected)
        );
    }
    const T: u64 = 1_000_000_000_000;
    for (on_d, expected) in [(false, [T, 0, 0, T]), (true, [0, T, 0, T])] {
        // A descent that lowers two counts by 1 at a time needs 10^12 steps: stop it.
        let calls = std::sync::atomic::AtomicU64::new(0);
        let cut = rule_cut_at(u128::from(T), on_d);
        let claim = |s: &State| {
            let n = calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            assert!(n < 5_000_000, "the least search walks: {n} calls, now at {s:?}");
            cut(s).map(Answer::Outcome)
        };
        let report = check_claim(Chopsticks::for_claims(), "cut", "cut", &claim, 1, 20_000);
        assert_eq!(report.verdict, ClaimVerdict::Refuted);
        assert_eq!(report.counterexample, serde_json::json!(expected), "on d: {on_d}");
    }
}

#[test]
fn least_budget_cuts_the_search_short_and_says_local_minimum() {
    const T: u128 = 1_000_000_000_000;
    let cut = rule_cut_at(T, true);
    let claim = |s: &State| cut(s).map(Answer::Outcome);
    let report = within_least_budget(10, || {
        check_claim(Chopsticks::for_claims(), "cut", "cut", &claim, 1, 20_000)
    });
    assert_eq!(report.verdict, ClaimVerdict::Refuted);
    assert!(
        matches!(report.least, Some(Least::LocalMinimum { .. })),
        "{:?}",
        report.least
    );
    // Where it stopped still fails: d >= T, n <= m, and the rule says the player to move wins.
    let at: [u64; 4] = serde_json::from_value(report.counterexample).expect("four counts");
    let s = State::new(at[0], at[1], at[2], at[3]);
    assert!(
        s.d >= T && s.hands() <= s.opponent_hands() && outcome(s) == Outcome::Win,
        "{s:?}"
    );
    // The budget is this thread's, for the claims run inside only.
    let again = check_claim(Chopsticks::for_claims(), "cut", "cut", &claim, 1, 20_000);
    assert_eq!(
        again.counterexample,
        serde_json::json!([0, T as u64, 0, T as u64])
    );
}

#[test]
fn a_periodic_failure_far_up_is_followed_down_to_the_least_not_left_at_a_local_minimum() {
    use gamecheck::game::{GameProblem, Question};
    use gamecheck::games::subtraction::Subtraction;
    // An inline DP of take-1-3-4: the player to move loses exactly where no move reaches a
    // loss. Its losses below 700 are n % 7 in {0, 2}, period 7 from 0.
    let mut lost = vec![false; 700];
    for n in 0..lost.len() {
        lost[n] = [1, 3, 4].iter().all(|&s| n < s || !lost[n - s]);
    }
    let period_lost = |n: u64| lost[(n % 7) as usize];
    assert!((0..700).all(|n| lost[n as usize] == period_lost(n)));
    // The claim "lost exactly when n % 7 is 0 or 2, or n > 10^12" is wrong first at the
    // least n above 10^12 that the period calls a win.
    let t = 1_000_000_000_000u64;
    let least = (t + 1..).find(|&n| !period_lost(n)).unwrap();
    let problem = GameProblem::new(Subtraction::new(vec![1, 3, 4]).unwrap(), Question::default()).unwrap();
    let r = check_typed_claim(&problem, "n%7==0 || n%7==2 || n>1000000000000", 1, 20_000).unwrap();
    assert_eq!(r.verdict, ClaimVerdict::Refuted);
    assert_eq!(r.counterexample, serde_json::json!([least]), "{r:?}");
}
