//! `solve chopsticks`: contest input in, one verdict per case out.

use std::fmt::Write as _;

use super::rule::{case, explain};
use super::state::{Outcome, State};
use crate::input::{InputError, Scanner};

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
    let mut scan = Scanner::new(input);
    let t = scan.u64_anywhere("the number of cases T")?;
    scan.end_line("the number of cases T")?;
    // Cap the reservation: T comes from the user and may be absurd.
    let mut cases = Vec::with_capacity(t.min(input.len() as u64 / 8 + 1) as usize);
    for i in 1..=t {
        let line = scan.line();
        let mut next = |name: &str| {
            scan.u64_on_line(name).map_err(|e| match e {
                InputError::EndOfInput { .. } if name == "a" => InputError::EndOfInput {
                    line,
                    expected: format!("case {i} of {t} (`a c b d`)"),
                },
                other => other,
            })
        };
        let a = next("a")?;
        let c = next("c")?;
        let b = next("b")?;
        let d = next("d")?;
        scan.end_line("the four counts `a c b d` of a case")?;
        cases.push(State::new(a, c, b, d));
    }
    scan.end_of_input(&format!("the last of the {t} cases"))?;
    Ok(cases)
}

/// Returns the output for contest input: `First` or `Second` per case, one per line.
/// With `explain`, each line also names the deciding case and a winning move.
///
/// # Constraints
/// As for [`parse_cases`].
///
/// # Complexity
/// O(input length).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::solve;
/// assert_eq!(solve(b"2\n1 0 1 1\n1 0 1 0\n", false), Ok("First\nSecond\n".to_owned()));
/// ```
pub fn solve(input: &[u8], explain_cases: bool) -> Result<String, InputError> {
    let cases = parse_cases(input)?;
    let mut out = String::with_capacity(cases.len() * 7);
    for s in cases {
        if explain_cases {
            // Writing to a String cannot fail.
            let _ = writeln!(out, "{}", describe(s));
        } else {
            out.push_str(match case(s).outcome() {
                Outcome::First => "First\n",
                Outcome::Second => "Second\n",
            });
        }
    }
    Ok(out)
}

/// Returns one line describing `s`: outcome, deciding case and a winning move with the
/// position it leaves.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{describe, State};
/// assert!(describe(State::new(1, 0, 1, 1)).starts_with("First"));
/// ```
pub fn describe(s: State) -> String {
    let v = explain(s);
    let mut line = format!("{}  case {}", v.outcome, v.case);
    match v.winning_move.and_then(|m| s.after(m).map(|next| (m, next))) {
        Some((m, next)) => {
            let _ = write!(line, "; play {m}, leaving {next}");
        }
        None if v.outcome == Outcome::First => line.push_str("; the opponent has no hands left"),
        None => line.push_str("; every move leaves the opponent a win"),
    }
    line
}
