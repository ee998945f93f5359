//! `solve chopsticks`: the one line stream of the problem core
//! ([`solve_lines`](crate::problem::solve_lines)) over lines `a c b d`.

use std::fmt::Write as _;

use super::problem::Chopsticks;
use super::rule::{case, explain};
use super::state::{Outcome, State};
use crate::input::InputError;
use crate::problem::{LineCases, SolveError, plain_numbers, read_line_cases, solve_lines};
use crate::tokens::Tokens;

impl LineCases for Chopsticks {
    fn case_fast(&self, line: &[u8]) -> Option<(State, usize)> {
        plain_numbers::<4>(line).map(|([a, c, b, d], used)| (State::new(a, c, b, d), used))
    }

    fn read_case(&self, tokens: &mut Tokens<'_>, index: u64, t: u64) -> Result<State, InputError> {
        // A missing first count is a missing case.
        let missing = || format!("case {index} of {t} (`a c b d`)");
        let a = tokens.u64_on_line("a").map_err(|e| match e {
            InputError::EndOfInput { line, .. } => InputError::EndOfInput {
                line,
                expected: missing(),
            },
            InputError::EndOfLine { line, .. } => InputError::EndOfLine {
                line,
                expected: missing(),
            },
            e => e,
        })?;
        let c = tokens.u64_on_line("c")?;
        let b = tokens.u64_on_line("b")?;
        let d = tokens.u64_on_line("d")?;
        tokens.end_line("the four counts `a c b d` of a case")?;
        Ok(State::new(a, c, b, d))
    }

    fn answer_line(&self, s: &State, explain: bool, out: &mut Vec<u8>) -> Result<(), String> {
        if explain {
            out.extend_from_slice(describe(*s).as_bytes());
            out.push(b'\n');
        } else {
            out.extend_from_slice(match case(*s).outcome() {
                Outcome::Win => b"First\n",
                // The seed's game is acyclic: the rule never says Draw.
                Outcome::Loss | Outcome::Draw => b"Second\n",
            });
        }
        Ok(())
    }
}

/// Returns the cases of a contest input: a line `T`, then `T` lines `a c b d`.
///
/// # Constraints
/// Exactly four counts in `0..=u64::MAX` per case line; nothing but whitespace after the
/// last case. Every violation is an [`InputError`] naming the line and token.
///
/// # Complexity
/// O(input length).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{parse_cases, State};
/// assert_eq!(parse_cases(b"1\n1 0 1 1\n"), Ok(vec![State::new(1, 0, 1, 1)]));
/// assert!(parse_cases(b"2\n1 0 1 1\n").is_err());
/// ```
pub fn parse_cases(input: &[u8]) -> Result<Vec<State>, InputError> {
    read_line_cases(&Chopsticks::with_table_limit(1), &mut Tokens::new(input))
}

/// Returns the output for contest input: `First` or `Second` per case, one per line.
/// With `explain_cases`, each line also names the deciding case and a winning move.
///
/// # Errors
/// [`SolveError::Input`] as for [`parse_cases`]; nothing else happens in memory.
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
    let mut out = Vec::new();
    solve_lines(&Chopsticks::with_table_limit(1), &mut &input[..], &mut out, explain_cases)?;
    Ok(out)
}

/// Returns one line describing `s`: outcome, deciding case and a winning move with the
/// position it leaves.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{describe, State};
/// assert!(describe(State::new(1, 0, 1, 1)).starts_with("First"));
/// ```
pub fn describe(s: State) -> String {
    format!("{}  {}", explain(s).outcome, explanation(s))
}

/// Returns why the player to move wins or loses `s`: the deciding case and a winning
/// move with the position it leaves, or why there is none.
pub(super) fn explanation(s: State) -> String {
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
