//! `solve chopsticks`: contest input in, one verdict per case out.
//!
//! The case lines are cut into chunks at line ends and parsed in parallel; line numbers
//! are only counted when an error needs one.

use std::fmt::Write as _;

use rayon::prelude::*;

use super::rule::{case, explain};
use super::state::{Outcome, State};
use crate::input::InputError;
use crate::tokens::Tokens;

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

pub(super) fn parse_line(line: &[u8]) -> Result<[u64; 4], InputError> {
    if let Some(counts) = parse_line_fast(line) {
        return Ok(counts);
    }
    // The generic reader's own tokenizer, so that an odd line fails exactly as in
    // `solve_cases`.
    let mut tokens = Tokens::new(line);
    let counts = [
        tokens.u64_on_line("a")?,
        tokens.u64_on_line("c")?,
        tokens.u64_on_line("b")?,
        tokens.u64_on_line("d")?,
    ];
    tokens.end_line("the four counts `a c b d` of a case")?;
    Ok(counts)
}

/// Whitespace as the token reader sees it: a form feed or a vertical tab is a token.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
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

fn newlines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

/// The case lines after `T`, parsed region by region: a region is a run of whole lines
/// (the last may lack its newline at the end of the input). Line numbers are counted only
/// when an error needs one, or from the cases parsed.
pub(super) struct Body {
    t: u64,
    seen: u64,
    /// The line number at the start of the next region.
    line: usize,
    /// All T cases were read: only whitespace may follow.
    trailing: bool,
    /// A blank line came before the T-th case: an error, unless only whitespace follows.
    gap: Option<usize>,
}

impl Body {
    /// Returns the body of an input that declared `t` cases, starting at line `line`.
    pub(super) fn new(t: u64, line: usize) -> Body {
        Body {
            t,
            seen: 0,
            line,
            trailing: false,
            gap: None,
        }
    }

    /// Returns the line number at the start of the next region.
    pub(super) fn line(&self) -> usize {
        self.line
    }

    /// Returns whether all T cases were read.
    pub(super) fn is_trailing(&self) -> bool {
        self.trailing
    }

    fn after_last(&self) -> String {
        format!("the last of the {} cases", self.t)
    }

    fn expected_case(&self) -> String {
        format!("case {} of {} (`a c b d`)", self.seen + 1, self.t)
    }

    /// Parses one region, calling `visit` on each case in parallel chunks; returns the
    /// sinks in input order.
    pub(super) fn region<S: Send>(
        &mut self,
        region: &[u8],
        new_sink: impl Fn() -> S + Sync,
        visit: &(impl Fn(&mut S, [u64; 4]) + Sync),
    ) -> Result<Vec<S>, InputError> {
        let all_blank = || region.iter().all(|&b| is_space(b));
        if self.trailing || self.gap.is_some() {
            if let Some(gap) = self.gap
                && !all_blank()
            {
                return Err(InputError::EndOfLine {
                    line: gap,
                    expected: self.expected_case(),
                });
            }
            Tokens::new(region)
                .end_of_input(&self.after_last())
                .map_err(|e| e.shifted(self.line - 1))?;
            self.line += newlines(region);
            return Ok(Vec::new());
        }
        let ranges = line_ranges(region);
        let chunks: Vec<Chunk<S>> = ranges
            .par_iter()
            .map(|&range| scan_chunk(region, range, new_sink(), visit))
            .collect();
        let first_line = self.line;
        let line_of = |offset: usize| first_line + newlines(&region[..offset]);
        let after_last = self.after_last();
        let trailing = |offset: usize| {
            Tokens::new(&region[offset..])
                .end_of_input(&after_last)
                .map_err(|e| e.shifted(line_of(offset) - 1))
        };
        let mut sinks = Vec::with_capacity(chunks.len());
        let mut cases_here = 0u64;
        for (chunk, &(start, _)) in chunks.into_iter().zip(&ranges) {
            if self.seen + chunk.cases > self.t {
                // More case lines than T: the first one past T is left over.
                trailing(skip_lines(region, start, self.t - self.seen))?;
            }
            self.seen += chunk.cases;
            cases_here += chunk.cases;
            sinks.push(chunk.sink);
            match chunk.stop {
                None => continue,
                Some((offset, Some(err))) if self.seen < self.t => {
                    return Err(err.shifted(line_of(offset) - 1));
                }
                Some((offset, None)) if self.seen < self.t => {
                    if region[offset..].iter().all(|&b| is_space(b)) {
                        // Only whitespace follows here: the end of the input, or a gap
                        // (a blank line ended by a newline, where a case was due).
                        if region[offset..].contains(&b'\n') {
                            self.gap = Some(line_of(offset));
                        }
                        self.line = line_of(region.len());
                        return Ok(sinks);
                    }
                    return Err(InputError::EndOfLine {
                        line: line_of(offset),
                        expected: self.expected_case(),
                    });
                }
                Some((offset, _)) => {
                    trailing(offset)?;
                    self.trailing = true;
                    self.line = line_of(region.len());
                    return Ok(sinks);
                }
            }
        }
        // Every line of the region was a case line.
        let unterminated = u64::from(!region.is_empty() && !region.ends_with(b"\n"));
        self.line += (cases_here - unterminated) as usize;
        if self.seen == self.t {
            self.trailing = true;
        }
        Ok(sinks)
    }

    /// Checks, at the end of the input, that all T cases were read.
    pub(super) fn finish(&self) -> Result<(), InputError> {
        if self.seen < self.t {
            // A blank line where a case was due, as the generic reader words it.
            return Err(match self.gap {
                Some(line) => InputError::EndOfLine {
                    line,
                    expected: self.expected_case(),
                },
                None => InputError::EndOfInput {
                    line: self.line,
                    expected: self.expected_case(),
                },
            });
        }
        Ok(())
    }
}

/// Returns T and the line after it from the start of an input, with the offset where
/// the case lines begin.
pub(super) fn header(input: &[u8]) -> Result<(u64, usize, usize), InputError> {
    let mut rest = input;
    let mut tokens = Tokens::new(&mut rest);
    let t = tokens.u64_anywhere("the number of cases T")?;
    tokens.end_line("the number of cases T")?;
    let line = tokens.line();
    drop(tokens);
    Ok((t, line, input.len() - rest.len()))
}

/// Parses contest input, calling `visit` on each case in parallel chunks; returns the
/// sinks in input order.
fn for_each_case<S: Send>(
    input: &[u8],
    new_sink: impl Fn() -> S + Sync,
    visit: impl Fn(&mut S, [u64; 4]) + Sync,
) -> Result<Vec<S>, InputError> {
    let (t, first_line, offset) = header(input)?;
    let mut body = Body::new(t, first_line);
    let sinks = body.region(&input[offset..], new_sink, &visit)?;
    body.finish()?;
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
