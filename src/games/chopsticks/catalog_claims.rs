//! The Chopsticks claims of the catalog: readings of the seed editorial, a greedy
//! strategy, and the verified rule.

use super::game::for_claims;
use super::{Attack, Outcome, State, outcome};
use crate::claims::{ClaimReport, ClaimVerdict, Entry, check_claim};
use crate::game::Answer;

/// Returns whether the player to move wins `s` by the dense table below 64, by the fast
/// rule beyond.
///
/// # Complexity
/// O(1) after the table is built once (about 0.2 s).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{catalog_claims::reference_wins, State};
/// assert!(reference_wins(State::new(1, 0, 1, 1)));
/// ```
pub fn reference_wins(s: State) -> bool {
    for_claims()
        .game()
        .table_wins(s)
        .unwrap_or_else(|| outcome(s) == Outcome::Win)
}

/// "n > m wins; m ≥ n + 2 loses; when n = m, lose exactly when b = m and a is odd;
/// otherwise lose": the editorial's three bullets read literally.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::catalog_claims::seed_three_bullets;
/// use gamecheck::chopsticks::State;
/// assert!(!seed_three_bullets(State::new(1, 0, 1, 1)), "the bullets miss this win");
/// ```
pub fn seed_three_bullets(s: State) -> bool {
    let (n, m) = (s.hands(), s.opponent_hands());
    if n > m {
        true
    } else if n == m {
        !(s.b == m && s.a % 2 == 1)
    } else {
        false
    }
}

/// "First player wins iff n > m, or n = m and n is even": the editorial's subtask 2
/// formula, applied to every position.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::catalog_claims::seed_subtask2_everywhere;
/// use gamecheck::chopsticks::State;
/// assert!(!seed_subtask2_everywhere(State::new(0, 1, 0, 1)));
/// ```
pub fn seed_subtask2_everywhere(s: State) -> bool {
    let (n, m) = (s.hands(), s.opponent_hands());
    n > m || (n == m && n % 2 == 0)
}

/// Returns the greedy attack: remove an opposing two-finger hand when possible, else an
/// opposing one-finger hand with a two-finger hand, else convert.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::catalog_claims::greedy_attack;
/// use gamecheck::chopsticks::{Attack, State};
/// assert_eq!(greedy_attack(State::new(1, 1, 1, 1)), Some(Attack::OneOnTwo));
/// ```
pub fn greedy_attack(s: State) -> Option<Attack> {
    [
        Attack::OneOnTwo,
        Attack::TwoOnTwo,
        Attack::TwoOnOne,
        Attack::OneOnOne,
    ]
    .into_iter()
    .find(|&m| s.after(m).is_some())
}

/// "A position is a win iff the greedy move leads to a loss" (a position with no move is
/// a win exactly when the opponent has no hands). The loss is judged by the reference.
///
/// # Complexity
/// O(1) after the reference table is built.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::catalog_claims::greedy_remove_two_first;
/// use gamecheck::chopsticks::State;
/// assert!(!greedy_remove_two_first(State::new(1, 1, 1, 1)), "greedy misses the win here");
/// ```
pub fn greedy_remove_two_first(s: State) -> bool {
    match greedy_attack(s).and_then(|m| s.after(m)) {
        Some(next) => !reference_wins(next),
        None => s.hands() > 0 && s.opponent_hands() == 0,
    }
}

/// The verified fast rule, as a claim.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::catalog_claims::corrected_rule;
/// use gamecheck::chopsticks::State;
/// assert!(corrected_rule(State::new(1, 0, 1, 1)));
/// ```
pub fn corrected_rule(s: State) -> bool {
    outcome(s) == Outcome::Win
}

fn check(entry: &Entry, seed: u64, cases: u32, claim: fn(State) -> bool) -> ClaimReport {
    let problem = for_claims();
    let says = |s: &State| -> Result<Answer, String> { Ok(Answer::Outcome(Outcome::of(claim(*s)))) };
    check_claim(problem, entry.id, entry.text, &says, seed, cases)
}

/// Returns Chopsticks' entries of the claims catalog: the seed's readings and the
/// verified rule, then the rule's generalizations to hands of 3, 4 and 5 fingers.
pub(crate) fn catalog() -> Vec<Entry> {
    let mut out = entries();
    out.extend(crate::games::simple_chopsticks::generalizations());
    out
}

/// The Chopsticks entries of the catalog, in report order.
pub(super) fn entries() -> Vec<Entry> {
    use ClaimVerdict::{Holds, Refuted};
    vec![
        Entry::new(
            "seed-three-bullets",
            "chopsticks",
            "the editorial's three bullets read literally: n > m wins; m >= n + 2 loses; when n = m, lose exactly when b = m and a is odd; otherwise lose",
            Refuted,
            |e, seed, cases| check(e, seed, cases, seed_three_bullets),
        ),
        Entry::new(
            "seed-subtask2-everywhere",
            "chopsticks",
            "first player wins iff n > m, or n = m and n is even, applied to every position",
            Refuted,
            |e, seed, cases| check(e, seed, cases, seed_subtask2_everywhere),
        ),
        Entry::new(
            "greedy-remove-two-first",
            "chopsticks",
            "a position is a win iff the greedy move (remove an opposing two-finger hand when possible, else a one-finger hand with a two-finger hand, else convert) leads to a loss",
            Refuted,
            |e, seed, cases| check(e, seed, cases, greedy_remove_two_first),
        ),
        Entry::new(
            "corrected-rule",
            "chopsticks",
            "the verified fast rule (gamecheck::chopsticks::outcome)",
            Holds,
            |e, seed, cases| check(e, seed, cases, corrected_rule),
        ),
    ]
}
