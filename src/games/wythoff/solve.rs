//! `solve wythoff` on a stream: blocks of input read in turn, their lines parsed on every
//! core, so memory stays bounded whatever T is.
//!
//! Lines of the common shape `x y` are parsed in one pass; every other line, and the
//! line of T, the end of the input and a line longer than a block, go to the grammar of
//! [`read_cases`](crate::problem::ContestFormat::read_cases) itself (the same
//! [`Tokens`] calls), so every error is the one `solve_cases` gives, line and token.
//! Answers are held back until the input is known valid while they fit in
//! [`Limits::hold`] bytes; beyond that they stream, and an invalid line further on ends
//! the output there (with the error).

use std::io::{self, BufRead, Read, Write};

use rayon::prelude::*;

use super::contest_format::{read_case, read_end, read_header};
use super::problem::{Piles, Wythoff, Outcome};
use super::rule::is_p_position;
use crate::input::InputError;
use crate::problem::{ContestFormat, Problem, SolveError};
use crate::tokens::Tokens;

/// Sizes of the stream: the block read at a time and the answers held back.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    /// Bytes read at a time; their whole lines are parsed in parallel. A line longer
    /// than this is read token by token.
    pub block: usize,
    /// Answers held back until the input is known valid.
    pub hold: usize,
}

impl Limits {
    pub(super) const DEFAULT: Limits = Limits {
        block: 8 << 20,
        hold: 16 << 20,
    };
}

/// A fixed buffer over the input that the fast path reads whole blocks from and
/// [`Tokens`] reads byte by byte, so either can take over where the other stopped.
struct Reader<'a> {
    input: &'a mut dyn Read,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
}

impl<'a> Reader<'a> {
    fn new(input: &'a mut dyn Read, block: usize) -> Reader<'a> {
        Reader {
            input,
            buf: vec![0; block.max(1)],
            start: 0,
            end: 0,
            eof: false,
        }
    }

    fn buffered(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    fn is_full(&self) -> bool {
        self.start == 0 && self.end == self.buf.len()
    }

    /// Moves the unread bytes to the front and reads until the buffer is full or the
    /// input ends.
    fn refill(&mut self) -> io::Result<()> {
        self.buf.copy_within(self.start..self.end, 0);
        self.end -= self.start;
        self.start = 0;
        while self.end < self.buf.len() && !self.eof {
            match self.input.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

impl Read for Reader<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(out.len());
        out[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Reader<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.start == self.end && !self.eof {
            self.refill()?;
        }
        Ok(self.buffered())
    }

    fn consume(&mut self, n: usize) {
        self.start = (self.start + n).min(self.end);
    }
}

/// Runs `read` with [`Tokens`] on `reader` from line `line`; returns its value and the
/// line it stopped on, or its error with the line of the whole input.
fn with_tokens<T>(
    reader: &mut Reader<'_>,
    line: usize,
    read: impl FnOnce(&mut Tokens<'_>) -> Result<T, InputError>,
) -> Result<(T, usize), SolveError> {
    let mut tokens = Tokens::new(&mut *reader);
    let value = read(&mut tokens);
    if let Some(e) = tokens.take_io_error() {
        return Err(SolveError::Read(e));
    }
    let value = value.map_err(|e| e.shifted(line - 1))?;
    Ok((value, line + tokens.line() - 1))
}

/// Parses one pile: 1 to 20 digits, at most `u64::MAX`; returns it and the bytes used.
#[inline]
fn pile_fast(s: &[u8]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    let mut i = 0;
    while i < s.len() && i < 19 {
        let digit = s[i].wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value * 10 + u64::from(digit);
        i += 1;
    }
    if i == 19 && s.get(19).is_some_and(u8::is_ascii_digit) {
        // A twentieth digit: the only place a u64 can overflow.
        value = value.checked_mul(10)?.checked_add(u64::from(s[19] - b'0'))?;
        i = 20;
    }
    (i > 0).then_some((value, i))
}

/// The common line in one pass: `x y`, a single space between, then `\n` (or `\r\n`,
/// or the end of `s`); returns the piles and the bytes used. Anything else is `None`,
/// for the grammar to explain.
#[inline]
fn line_fast(s: &[u8]) -> Option<(Piles, usize)> {
    let (x, i) = pile_fast(s)?;
    if s.get(i) != Some(&b' ') {
        return None;
    }
    let (y, n) = pile_fast(&s[i + 1..])?;
    let mut i = i + 1 + n;
    if s.get(i) == Some(&b'\r') {
        i += 1;
    }
    match s.get(i) {
        Some(b'\n') => Some((Piles { x, y }, i + 1)),
        None => Some((Piles { x, y }, i)),
        Some(_) => None,
    }
}

/// What one chunk of whole lines held.
struct Chunk {
    out: Vec<u8>,
    /// Lines read as cases before the first that is not one.
    cases: usize,
    /// Why the first line that is not a case is not one, with line 1 its own.
    stop: Option<InputError>,
}

fn answer(problem: &Wythoff, p: Piles, explain: bool, out: &mut Vec<u8>) {
    let outcome = Outcome::of_loss(is_p_position(p.x, p.y));
    if explain {
        let line = format!("{}  {}\n", problem.write_answer(&outcome), problem.describe(&p));
        out.extend_from_slice(line.as_bytes());
    } else {
        out.extend_from_slice(if outcome == Outcome::Win { b"First\n" } else { b"Second\n" });
    }
}

fn scan_chunk(problem: &Wythoff, s: &[u8], explain: bool) -> Chunk {
    let mut out = Vec::with_capacity(s.len() / 5);
    let (mut pos, mut cases) = (0, 0);
    while pos < s.len() {
        let rest = &s[pos..];
        let (p, used) = match line_fast(rest) {
            Some(found) => found,
            None => {
                let len = rest
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(rest.len(), |i| i + 1);
                match read_case(&mut Tokens::new(&rest[..len])) {
                    Ok(p) => (p, len),
                    Err(e) => {
                        return Chunk {
                            out,
                            cases,
                            stop: Some(e),
                        };
                    }
                }
            }
        };
        answer(problem, p, explain, &mut out);
        cases += 1;
        pos += used;
    }
    Chunk {
        out,
        cases,
        stop: None,
    }
}

/// Splits `region` into ranges of whole lines, about `size` bytes each.
fn line_ranges(region: &[u8], size: usize) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut start = 0;
    while start < region.len() {
        let guess = (start + size).min(region.len());
        let end = region[guess..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(region.len(), |i| guess + i + 1);
        ranges.push((start, end));
        start = end;
    }
    ranges
}

/// Returns the offset of the line `lines` lines after `offset`.
fn skip_lines(s: &[u8], mut offset: usize, lines: usize) -> usize {
    for _ in 0..lines {
        offset = s[offset..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(s.len(), |i| offset + i + 1);
    }
    offset
}

/// Returns the bytes of the first `lines` lines of `s`.
fn first_lines(s: &[u8], lines: usize) -> &[u8] {
    &s[..skip_lines(s, 0, lines)]
}

/// Answers held back, written once they pass the hold.
struct Output<'a> {
    output: &'a mut dyn Write,
    held: Vec<u8>,
    hold: usize,
}

impl Output<'_> {
    fn push(&mut self, bytes: &[u8]) -> Result<(), SolveError> {
        self.held.extend_from_slice(bytes);
        if self.held.len() > self.hold {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), SolveError> {
        self.output.write_all(&self.held).map_err(SolveError::Write)?;
        self.held.clear();
        Ok(())
    }
}

/// `solve wythoff`: the answer to every case of `input`, one line each, written to
/// `output`; the same output and errors as [`crate::problem::solve_cases`].
pub(super) fn stream(
    problem: &Wythoff,
    input: &mut dyn Read,
    output: &mut dyn Write,
    explain: bool,
    limits: Limits,
) -> Result<(), SolveError> {
    let mut reader = Reader::new(input, limits.block);
    let mut out = Output {
        output,
        held: Vec::new(),
        hold: limits.hold,
    };
    let (t, mut line) = with_tokens(&mut reader, 1, read_header)?;
    // `line` is the line of the next case.
    let mut seen = 0u64;
    while seen < t {
        let avail = reader.buffered();
        let whole = match avail.iter().rposition(|&b| b == b'\n') {
            Some(i) => i + 1,
            None if reader.eof => avail.len(),
            None if !reader.is_full() => {
                reader.refill().map_err(SolveError::Read)?;
                continue;
            }
            None => 0,
        };
        if whole == 0 {
            // The input ended, or a line is longer than a block: token by token.
            let (p, next) = with_tokens(&mut reader, line, read_case)?;
            let mut one = Vec::new();
            answer(problem, p, explain, &mut one);
            out.push(&one)?;
            seen += 1;
            line = next;
            continue;
        }
        let region = &reader.buf[reader.start..reader.start + whole];
        let ranges = line_ranges(region, (limits.block / 8).max(1));
        let chunks: Vec<Chunk> = ranges
            .par_iter()
            .map(|&(a, b)| scan_chunk(problem, &region[a..b], explain))
            .collect();
        let mut used = whole;
        for (chunk, &(start, _)) in chunks.into_iter().zip(&ranges) {
            let left = usize::try_from(t - seen).unwrap_or(usize::MAX);
            if chunk.cases > left || (chunk.cases == left && chunk.stop.is_some()) {
                // The line after the T-th case is here: only whitespace may follow.
                out.push(first_lines(&chunk.out, left))?;
                seen = t;
                line += left;
                used = skip_lines(region, start, left);
                break;
            }
            if let Some(e) = chunk.stop {
                return Err(e.shifted(line + chunk.cases - 1).into());
            }
            out.push(&chunk.out)?;
            seen += chunk.cases as u64;
            line += chunk.cases;
        }
        if used == whole && !region.ends_with(b"\n") {
            // The last line of the input has no newline: the line count stays on it.
            line -= 1;
        }
        reader.consume(used);
    }
    loop {
        let avail = reader.buffered();
        if avail.iter().any(|&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n')) {
            with_tokens(&mut reader, line, |tokens| read_end(tokens, t))?;
            break;
        }
        line += avail.iter().filter(|&&b| b == b'\n').count();
        reader.consume(avail.len());
        if reader.eof {
            break;
        }
        reader.refill().map_err(SolveError::Read)?;
    }
    out.flush()?;
    out.output.flush().map_err(SolveError::Write)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::problem::solve_cases;

    /// What `solve` printed, or its error as text (`SolveError` holds `io::Error`s).
    type Run = (Vec<u8>, Result<(), String>);

    fn generic(input: &[u8], explain: bool) -> Run {
        let mut out = Vec::new();
        let r = solve_cases(&Wythoff::default(), &mut &input[..], &mut out, explain);
        (out, r.map_err(|e| format!("{e:?}")))
    }

    fn fast(input: &[u8], explain: bool, limits: Limits) -> Run {
        let mut out = Vec::new();
        let r = stream(&Wythoff::default(), &mut &input[..], &mut out, explain, limits);
        (out, r.map_err(|e| format!("{e:?}")))
    }

    /// A pile as written: mostly valid (leading zeros and `+` are), sometimes not.
    fn pile() -> impl Strategy<Value = String> {
        prop_oneof![
            50 => (0u64..20).prop_map(|n| n.to_string()),
            40 => any::<u64>().prop_map(|n| n.to_string()),
            4 => Just(u64::MAX.to_string()),
            4 => Just("000000000000000000000000042".to_owned()),
            2 => Just("+5".to_owned()),
            2 => Just("-0".to_owned()),
            1 => Just("18446744073709551616".to_owned()),
            1 => Just("99999999999999999999".to_owned()),
            1 => Just("-3".to_owned()),
        ]
    }

    /// Bytes a valid input may be cut or spliced with.
    fn noise() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            Just(b" ".to_vec()),
            Just(b"\n".to_vec()),
            Just(b"\r\n".to_vec()),
            Just(b"\t".to_vec()),
            Just(b"\x0c".to_vec()),
            Just(b"\0".to_vec()),
            Just(b"x".to_vec()),
            Just(b"-".to_vec()),
            (0u64..10).prop_map(|n| n.to_string().into_bytes()),
            Just(vec![b'7'; 45]),
            Just(vec![b' '; 45]),
        ]
    }

    /// A contest input, mostly valid: T (off by up to 2), T lines `x y` with separators
    /// and line ends varied, then a few splices of noise or cuts.
    fn input() -> impl Strategy<Value = Vec<u8>> {
        let case = (pile(), pile(), 0..8u8).prop_map(|(x, y, style)| match style {
            0 => format!("  {x}\t{y} \n"),
            1 => format!("{x} {y}\r\n"),
            _ => format!("{x} {y}\n"),
        });
        let dt = prop_oneof![6 => Just(0i64), 1 => Just(-1), 1 => Just(1)];
        let valid = (prop::collection::vec(case, 0..12), dt, any::<bool>(), 0..3u8).prop_map(
            |(cases, dt, last_newline, lead)| {
                let t = (cases.len() as i64 + dt).max(0);
                let mut text = ["", "\n \n", "  "][usize::from(lead)].to_owned();
                text.push_str(&format!("{t}\n"));
                text.push_str(&cases.concat());
                if !last_newline {
                    text.pop();
                }
                text.into_bytes()
            },
        );
        let edit = (
            any::<prop::sample::Index>(),
            any::<prop::sample::Index>(),
            noise(),
            0..3u8,
        );
        let edits = prop::collection::vec(prop::option::weighted(0.35, edit), 2);
        (valid, edits).prop_map(|(mut bytes, edits)| {
            for (at, len, noise, kind) in edits.into_iter().flatten() {
                let at = at.index(bytes.len() + 1);
                match kind {
                    0 => {
                        bytes.splice(at..at, noise);
                    }
                    1 => {
                        let end = (at + len.index(4)).min(bytes.len());
                        bytes.drain(at..end);
                    }
                    _ => bytes.truncate(at),
                }
            }
            bytes
        })
    }

    #[test]
    fn fast_stream_matches_solve_cases() {
        let mut runner = crate::check::seeded_runner(
            2025,
            "fast_stream_matches_solve_cases",
            5000,
            Some("proptest-regressions/wythoff.txt"),
        );
        let limits = (1usize..48, 0usize..40).prop_map(|(block, hold)| Limits { block, hold });
        let result = runner.run(&(input(), any::<bool>(), limits), |(bytes, explain, limits)| {
            let want = generic(&bytes, explain);
            // Held answers: the whole output equals the generic one, error or not.
            prop_assert_eq!(&fast(&bytes, explain, Limits::DEFAULT), &want);
            let tiny_blocks = Limits {
                hold: usize::MAX,
                ..limits
            };
            prop_assert_eq!(&fast(&bytes, explain, tiny_blocks), &want, "tiny blocks");
            // Streamed answers: the same error; on success the same output.
            let (out, r) = fast(&bytes, explain, limits);
            prop_assert_eq!(&r, &want.1, "tiny blocks and hold");
            if r.is_ok() {
                prop_assert_eq!(out, want.0);
            }
            Ok(())
        });
        if let Err(e) = result {
            panic!("{e}");
        }
    }

    #[test]
    fn a_line_longer_than_a_block_is_read_token_by_token() {
        let limits = Limits { block: 16, hold: 0 };
        let long = format!("2\n{}3{}4\n1 2\n", "0".repeat(40), " ".repeat(50));
        assert_eq!(
            fast(long.as_bytes(), false, limits),
            generic(long.as_bytes(), false)
        );
        assert_eq!(fast(long.as_bytes(), false, limits).0, b"First\nSecond\n");
        let bad = format!("2\n1 2\n3{}x\n", " ".repeat(50));
        let (_, r) = fast(bad.as_bytes(), false, limits);
        assert_eq!(r, generic(bad.as_bytes(), false).1);
        assert!(r.is_err_and(|e| e.contains("line: 3")), "{bad:?}");
    }

    #[test]
    fn an_endless_stream_of_nul_bytes_stops_at_its_first_token() {
        let mut zeros = io::repeat(0);
        let mut out = Vec::new();
        let r = stream(&Wythoff::default(), &mut zeros, &mut out, false, Limits::DEFAULT);
        let want = solve_cases(&Wythoff::default(), &mut io::repeat(0), &mut Vec::new(), false);
        assert_eq!(format!("{r:?}"), format!("{want:?}"));
        assert!(matches!(
            r,
            Err(SolveError::Input(InputError::NotANumber { line: 1, .. }))
        ));
    }
}
