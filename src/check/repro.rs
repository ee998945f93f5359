//! `gamecheck repro`: one case under every implementation, side by side.

use std::fmt::Write as _;

use gamecheck_oracles::chopsticks_table::TableError;

use super::chopsticks::{ChopsticksOracles, chopsticks_answers};
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
    let rule = answers
        .first()
        .map(|a| a.answer.split_whitespace().next().unwrap_or("").to_owned())
        .unwrap_or_default();
    let mut agree = true;
    let mut out = format!(
        "chopsticks {s}  (a, c, b, d); n = {}, m = {}\n",
        s.hands(),
        s.opponent_hands()
    );
    for a in &answers {
        let word = a.answer.split_whitespace().next().unwrap_or("");
        let disagrees = match a.implementation.as_str() {
            "minimax" | "table" => (word == "First" || word == "Second") && word != rule,
            "bellman" | "certificate" => a.answer != "holds",
            _ => false,
        };
        agree &= !disagrees;
        let _ = writeln!(
            out,
            "  {:<12} {}{}",
            a.implementation,
            a.answer,
            if disagrees { "   <-- DISAGREES" } else { "" }
        );
    }
    Ok((out, agree))
}

/// Formats answers side by side; agreement means every answer that is a number (or a
/// P/N verdict) matches the first.
fn side_by_side(title: String, answers: &[super::report::Answer]) -> (String, bool) {
    let verdict = |a: &str| a.split([' ', ';']).next().unwrap_or("").to_owned();
    let first = answers.first().map(|a| verdict(&a.answer)).unwrap_or_default();
    let mut agree = true;
    let mut out = title;
    for a in answers {
        let word = verdict(&a.answer);
        let comparable = word.parse::<u64>().is_ok() || word.ends_with("-position");
        let disagrees = comparable && word != first;
        agree &= !disagrees;
        let _ = writeln!(
            out,
            "  {:<12} {}{}",
            a.implementation,
            a.answer,
            if disagrees { "   <-- DISAGREES" } else { "" }
        );
    }
    (out, agree)
}

/// Returns the side-by-side report for a counting case (values, K) with k piles per move
/// and whether the implementations that reach it agree.
///
/// # Constraints
/// k + 1 divides p − 1 (else the count's error); oracles out of reach say so.
///
/// # Complexity
/// As [`super::counting_answers`].
///
/// # Example
/// ```
/// let (text, agree) = gamecheck::check::repro_games(&[0, 1, 2, 3, 4, 5, 6], 998_244_352, 6)?;
/// assert!(agree && text.contains("fast count"));
/// assert!(gamecheck::check::repro_games(&[1], 3, 12).is_err());
/// # Ok::<(), gamecheck::moore::MooreError>(())
/// ```
pub fn repro_games(values: &[u64], len: u64, k: u32) -> Result<(String, bool), crate::moore::MooreError> {
    // An unsupported k is a usage error, not a disagreement.
    crate::moore::count(&[], 0, k)?;
    let zeros = crate::moore::transform(&crate::moore::merge_columns(values), k)
        .map(|t| t.coefficients().iter().filter(|&&f| f == 0).count());
    let title = format!(
        "games: K = {len}, k = {k}, N = {}, values {values:?}; transform coefficients equal to 0: {}\n",
        values.len(),
        zeros.map_or_else(|e| e.to_string(), |z| z.to_string())
    );
    Ok(side_by_side(title, &super::counting_answers(values, len, k)))
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
    Ok(side_by_side(
        format!("moore: piles {piles:?}, k = {k}\n"),
        &super::position_answers(piles, k),
    ))
}
