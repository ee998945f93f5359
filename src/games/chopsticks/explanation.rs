//! What `solve chopsticks --explain` prints beside an answer: the deciding case of the
//! rule and a winning move with the position it leaves.

use std::fmt::Write as _;

use super::game::Chopsticks;
use super::rule::explain;
use super::state::{Outcome, State};
use crate::game::{GameProblem, Question};
use crate::problem::{ContestFormat, SolveError};

/// Returns the output for contest input: `First` or `Second` per case, one per line.
/// With `explain_cases`, each line also names the deciding case and a winning move.
///
/// # Errors
/// [`SolveError::Input`] naming the line and token of a malformed input.
///
/// # Complexity
/// O(input length), in parallel.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::solve;
/// assert_eq!(solve(b"2\n1 0 1 1\n1 0 1 0\n", false).ok(), Some(b"First\nSecond\n".to_vec()));
/// assert!(solve(b"2\n1 0 1 1\n", false).is_err());
/// ```
pub fn solve(input: &[u8], explain_cases: bool) -> Result<Vec<u8>, SolveError> {
    let problem = GameProblem::new(Chopsticks::with_table_limit(1), Question::default())
        .map_err(|e| SolveError::Problem(e.to_string()))?;
    let mut out = Vec::new();
    problem.solve_stream(&mut &input[..], &mut out, explain_cases)?;
    Ok(out)
}

/// Returns one line describing `s`: outcome, deciding case and a winning move with the
/// position it leaves.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{describe, State};
/// assert!(describe(State::new(1, 0, 1, 1)).starts_with("First  case OneBehindCanEqualize"));
/// ```
pub fn describe(s: State) -> String {
    format!("{}  {}", explain(s).outcome, explain_line(s))
}

/// Returns why the player to move wins or loses `s`: the deciding case and a winning
/// move with the position it leaves, or why there is none.
pub(crate) fn explain_line(s: State) -> String {
    let v = explain(s);
    let mut line = format!("case {}", v.case);
    match v.winning_move.and_then(|m| s.after(m).map(|next| (m, next))) {
        Some((m, next)) => {
            let _ = write!(line, "; play {m}, leaving {next}");
        }
        None if v.outcome == Outcome::Win => line.push_str("; the opponent has no hands left"),
        None if s.hands() == 0 => line.push_str("; no hands, so no move"),
        None => line.push_str("; every move leaves the opponent a win"),
    }
    line
}
