//! `solve chopsticks`: contest input in, one verdict per case out.
//!
//! The case lines are cut into chunks at line ends and parsed in parallel; line numbers
//! are only counted when an error needs one.

use std::fmt::Write as _;

use rayon::prelude::*;

use super::rule::{case, explain};
use super::state::{Outcome, State};
use crate::input::{InputError, Scanner};

/// Cases per chunk of parallel work, roughly: 20 bytes a number, 4 a line.
const CHUNK_BYTES: usize = 1 << 20;

/// What one chunk of lines held.
struct Chunk<S> {
    sink: S,
    /// Case lines parsed before the first blank line or error.
    cases: u64,
    /// Byte offset (in the body) of the first line that is blank or malformed.
    stop: Option<(usize, Option<InputError>)>,
}

/// The common case in one pass: four numbers separated by single spaces, then the line
/// end. Anything else goes to the slower path that explains what is wrong.
#[inline]
fn parse_line_fast(line: &[u8]) -> Option<[u64; 4]> {
    let mut out = [0u64; 4];
    let mut i = 0;
    for (k, slot) in out.iter_mut().enumerate() {
        let start = i;
        let mut value = 0u64;
        while i < line.len() && i - start < 19 {
            let digit = line[i].wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value * 10 + u64::from(digit);
            i += 1;
        }
        if i < line.len() && line[i].is_ascii_digit() {
            // A twentieth digit: the only place a u64 can overflow.
            value = value.checked_mul(10)?.checked_add(u64::from(line[i] - b'0'))?;
            i += 1;
        }
        if i == start {
            return None;
        }
        *slot = value;
        let sep = if k < 3 { b' ' } else { b'\n' };
        match line.get(i) {
            Some(&b) if b == sep => i += 1,
            None if k == 3 => {}
            _ => return None,
        }
    }
    (i == line.len()).then_some(out)
}

fn parse_line(line: &[u8]) -> Result<[u64; 4], InputError> {
    if let Some(counts) = parse_line_fast(line) {
        return Ok(counts);
    }
    let mut scan = Scanner::new(line);
    let counts = [
        scan.u64_on_line("a")?,
        scan.u64_on_line("c")?,
        scan.u64_on_line("b")?,
        scan.u64_on_line("d")?,
    ];
    scan.end_line("the four counts `a c b d` of a case")?;
    Ok(counts)
}

fn is_blank_line(line: &[u8]) -> bool {
    line.iter().all(|&b| b == b' ' || b == b'\t' || b == b'\r')
}

fn scan_chunk<S>(
    body: &[u8],
    range: (usize, usize),
    mut sink: S,
    visit: &(impl Fn(&mut S, [u64; 4]) + Sync),
) -> Chunk<S> {
    let (mut pos, end) = range;
    let mut cases = 0;
    while pos < end {
        let line_end = body[pos..end]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(end, |i| pos + i);
        let line = &body[pos..line_end];
        if is_blank_line(line) {
            return Chunk {
                sink,
                cases,
                stop: Some((pos, None)),
            };
        }
        match parse_line(&body[pos..(line_end + 1).min(end)]) {
            Ok(counts) => visit(&mut sink, counts),
            Err(e) => {
                return Chunk {
                    sink,
                    cases,
                    stop: Some((pos, Some(e))),
                };
            }
        }
        cases += 1;
        pos = line_end + 1;
    }
    Chunk {
        sink,
        cases,
        stop: None,
    }
}

/// Splits `body` into ranges of whole lines, about `CHUNK_BYTES` each.
fn line_ranges(body: &[u8]) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut start = 0;
    while start < body.len() {
        let guess = (start + CHUNK_BYTES).min(body.len());
        let end = body[guess..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(body.len(), |i| guess + i + 1);
        ranges.push((start, end));
        start = end;
    }
    ranges
}

/// Returns the offset of the line `skip` lines after `offset`.
fn skip_lines(body: &[u8], mut offset: usize, skip: u64) -> usize {
    for _ in 0..skip {
        offset = body[offset..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(body.len(), |i| offset + i + 1);
    }
    offset
}

/// Parses contest input, calling `visit` on each case in parallel chunks; returns the
/// sinks in input order.
fn for_each_case<S: Send>(
    input: &[u8],
    new_sink: impl Fn() -> S + Sync,
    visit: impl Fn(&mut S, [u64; 4]) + Sync,
) -> Result<Vec<S>, InputError> {
    let mut scan = Scanner::new(input);
    let t = scan.u64_anywhere("the number of cases T")?;
    scan.end_line("the number of cases T")?;
    let first_line = scan.line();
    let body = scan.rest();
    let ranges = line_ranges(body);
    let chunks: Vec<Chunk<S>> = ranges
        .par_iter()
        .map(|&range| scan_chunk(body, range, new_sink(), &visit))
        .collect();
    let line_of = |offset: usize| first_line + body[..offset].iter().filter(|&&b| b == b'\n').count();
    let after_last = format!("the last of the {t} cases");
    let trailing = |offset: usize| {
        Scanner::new(&body[offset..])
            .end_of_input(&after_last)
            .map_err(|e| e.shifted(line_of(offset) - 1))
    };
    let mut seen = 0u64;
    let mut sinks = Vec::with_capacity(chunks.len());
    for (chunk, &(start, _)) in chunks.into_iter().zip(&ranges) {
        if seen + chunk.cases > t {
            // More case lines than T: the first one past T is left over.
            trailing(skip_lines(body, start, t - seen))?;
        }
        seen += chunk.cases;
        sinks.push(chunk.sink);
        match chunk.stop {
            None => continue,
            Some((offset, err)) if seen < t => {
                let expected = format!("case {} of {t} (`a c b d`)", seen + 1);
                return Err(match err {
                    Some(err) => err.shifted(line_of(offset) - 1),
                    None if body[offset..].iter().all(u8::is_ascii_whitespace) => InputError::EndOfInput {
                        line: line_of(body.len()),
                        expected,
                    },
                    None => InputError::EndOfLine {
                        line: line_of(offset),
                        expected,
                    },
                });
            }
            Some((offset, _)) => {
                trailing(offset)?;
                return Ok(sinks);
            }
        }
    }
    if seen < t {
        let expected = format!("case {} of {t} (`a c b d`)", seen + 1);
        return Err(InputError::EndOfInput {
            line: line_of(body.len()),
            expected,
        });
    }
    Ok(sinks)
}

/// Returns the cases of a contest input: a line `T`, then `T` lines `a c b d`.
///
/// # Constraints
/// Exactly four counts in `0..=u64::MAX` per case line; nothing but whitespace after the
/// last case. Every violation is an [`InputError`] naming the line and token.
///
/// # Complexity
/// O(input length), in parallel.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{parse_cases, State};
/// assert_eq!(parse_cases(b"1\n1 0 1 1\n"), Ok(vec![State::new(1, 0, 1, 1)]));
/// assert!(parse_cases(b"2\n1 0 1 1\n").is_err());
/// ```
pub fn parse_cases(input: &[u8]) -> Result<Vec<State>, InputError> {
    let sinks = for_each_case(input, Vec::new, |v: &mut Vec<State>, [a, c, b, d]| {
        v.push(State::new(a, c, b, d))
    })?;
    Ok(sinks.concat())
}

/// Returns the output for contest input: `First` or `Second` per case, one per line.
/// With `explain_cases`, each line also names the deciding case and a winning move.
///
/// # Constraints
/// As for [`parse_cases`].
///
/// # Complexity
/// O(input length), in parallel.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::solve;
/// assert_eq!(solve(b"2\n1 0 1 1\n1 0 1 0\n", false).map(String::from_utf8), Ok(Ok("First\nSecond\n".to_owned())));
/// ```
pub fn solve(input: &[u8], explain_cases: bool) -> Result<Vec<u8>, InputError> {
    let sinks = for_each_case(input, Vec::new, |out: &mut Vec<u8>, [a, c, b, d]| {
        let s = State::new(a, c, b, d);
        if explain_cases {
            out.extend_from_slice(describe(s).as_bytes());
            out.push(b'\n');
        } else {
            out.extend_from_slice(match case(s).outcome() {
                Outcome::First => b"First\n",
                Outcome::Second => b"Second\n",
            });
        }
    })?;
    Ok(sinks.concat())
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
        None if s.hands() == 0 => line.push_str("; no hands, so no move"),
        None => line.push_str("; every move leaves the opponent a win"),
    }
    line
}
