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
