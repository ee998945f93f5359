//! `gamecheck repro`: one case under every implementation, side by side.

use std::fmt::Write as _;

use gamecheck_oracles::chopsticks_table::TableError;

use super::chopsticks::{ChopsticksOracles, chopsticks_answers};
use super::report::Answer;
use crate::chopsticks::State;

/// Returns the side-by-side report for a Chopsticks position and whether every
/// implementation that reaches it agrees with the fast rule.
///
/// # Constraints
/// None. The table is built just large enough for `s` (up to L = 128, about 2.5 s).
///
/// # Complexity
/// O(min(max count + 1, 128)^4) for the table, plus the minimax for counts ≤ 48.
///
/// # Example
/// ```
/// use gamecheck::check::repro_chopsticks;
/// use gamecheck::chopsticks::State;
/// let (text, agree) = repro_chopsticks(State::new(1, 0, 1, 1))?;
/// assert!(agree && text.contains("minimax"));
/// # Ok::<(), gamecheck_oracles::chopsticks_table::TableError>(())
/// ```
pub fn repro_chopsticks(s: State) -> Result<(String, bool), TableError> {
    let largest = s.a.max(s.c).max(s.b).max(s.d);
    let limit = u64::try_from(largest + 1).map_or(128, |l| l.clamp(1, 128));
    let oracles = ChopsticksOracles::new(limit)?;
    let answers = chopsticks_answers(s, &oracles);
    let rule = answers.first().map(|a| first_word(&a.answer)).unwrap_or_default();
    let title = format!(
        "chopsticks {s}  (a, c, b, d); n = {}, m = {}\n",
        s.hands(),
        s.opponent_hands()
    );
    Ok(side_by_side(title, &answers, |a| {
        let word = first_word(&a.answer);
        match a.implementation.as_str() {
            "minimax" | "table" => (word == "First" || word == "Second") && word != rule,
            "bellman" | "certificate" => a.answer != "holds",
            _ => false,
        }
    }))
}

fn first_word(answer: &str) -> String {
    answer.split([' ', ';']).next().unwrap_or("").to_owned()
}

/// Formats answers side by side, marking those `disagrees` flags; returns whether none is.
fn side_by_side(title: String, answers: &[Answer], disagrees: impl Fn(&Answer) -> bool) -> (String, bool) {
    let mut agree = true;
    let mut out = title;
    for a in answers {
        let flagged = disagrees(a);
        agree &= !flagged;
        let mark = if flagged { "   <-- DISAGREES" } else { "" };
        let _ = writeln!(out, "  {:<12} {}{mark}", a.implementation, a.answer);
    }
    (out, agree)
}

/// Flags a numeric answer or a P/N verdict that differs from the first answer's.
fn differs_from_first(answers: &[Answer]) -> impl Fn(&Answer) -> bool {
    let first = answers.first().map(|a| first_word(&a.answer)).unwrap_or_default();
    move |a| {
        let word = first_word(&a.answer);
        (word.parse::<u64>().is_ok() || word.ends_with("-position")) && word != first
    }
}

/// Returns the side-by-side report for a counting case (values, K) with k piles per move
/// and whether the implementations that reach it agree.
///
/// # Constraints
/// As [`repro_games_mod`] with the modulus 998244353.
///
/// # Complexity
/// As [`super::counting_answers`].
///
/// # Example
/// ```
/// let (text, agree) = gamecheck::check::repro_games(&[0, 1, 2, 3, 4, 5, 6], 998_244_352, 6)?;
/// assert!(agree && text.contains("fast count"));
/// assert!(gamecheck::check::repro_games(&[1], 3, 0).is_err());
/// # Ok::<(), gamecheck::moore::MooreError>(())
/// ```
pub fn repro_games(values: &[u64], len: u64, k: u32) -> Result<(String, bool), crate::moore::MooreError> {
    repro_games_mod(values, len, k, u64::from(crate::moore::MODULUS))
}

/// Returns the side-by-side report for a counting case (values, K) with k piles per move,
/// counted mod `modulus`, and whether the implementations that reach it agree.
///
/// # Constraints
/// k ≥ 1 and `modulus` prime (else the count's error); oracles out of reach say so.
///
/// # Complexity
/// As [`super::counting_answers_mod`].
///
/// # Example
/// ```
/// let (text, agree) = gamecheck::check::repro_games_mod(&[1, 2, 3], 6, 2, 1_000_000_007)?;
/// assert!(agree && text.contains("p = 1000000007"));
/// assert!(gamecheck::check::repro_games_mod(&[1], 3, 2, 9).is_err());
/// # Ok::<(), gamecheck::moore::MooreError>(())
/// ```
pub fn repro_games_mod(
    values: &[u64],
    len: u64,
    k: u32,
    modulus: u64,
) -> Result<(String, bool), crate::moore::MooreError> {
    // k = 0 or a modulus that is not prime is a usage error, not a disagreement.
    crate::moore::count_mod(&[], 0, k, modulus)?;
    let zeros = crate::moore::transform(&crate::moore::merge_columns(values), k)
        .map(|t| t.coefficients().iter().filter(|&&f| f == 0).count());
    let zeros = match zeros {
        Ok(z) if modulus == u64::from(crate::moore::MODULUS) => {
            format!("; transform coefficients equal to 0: {z}")
        }
        _ => String::new(),
    };
    let title = format!(
        "games: K = {len}, k = {k}, p = {modulus}, N = {}, values {values:?}{zeros}\n",
        values.len(),
    );
    let answers = super::counting_answers_mod(values, len, k, modulus);
    Ok(side_by_side(title, &answers, differs_from_first(&answers)))
}

/// Returns the side-by-side report for a Moore position and whether the P-test and the
/// game search agree.
///
/// # Constraints
/// None; the game search says when it is out of reach.
///
/// # Complexity
/// As [`super::position_answers`].
///
/// # Example
/// ```
/// let (text, agree) = gamecheck::check::repro_moore(&[1, 1], 6)?;
/// assert!(agree && text.contains("game search"));
/// assert!(gamecheck::check::repro_moore(&[1], 0).is_err());
/// # Ok::<(), gamecheck::moore::MooreError>(())
/// ```
pub fn repro_moore(piles: &[u64], k: u32) -> Result<(String, bool), crate::moore::MooreError> {
    if k == 0 {
        return Err(crate::moore::MooreError::ZeroK);
    }
    let answers = super::position_answers(piles, k);
    Ok(side_by_side(
        format!("moore: piles {piles:?}, k = {k}\n"),
        &answers,
        differs_from_first(&answers),
    ))
}
