//! The fast `solve` of a contest format that is a line `T` and then T case lines: blocks
//! of input read in turn, their whole lines parsed on every core, so memory stays
//! bounded whatever T is and however long a line or a run of blank lines is.
//!
//! Lines of the common shape (plain numbers, one space between, then `\n`, `\r\n` or
//! the end) are parsed in one pass; every other line, the line of T, the end of the
//! input and a line longer than a block go to the grammar of [`read_line_cases`] itself
//! (the same [`Tokens`] calls), so every error is the one
//! [`solve_cases`](super::solve_cases) gives, line and token. Answers are held back until
//! the input is known valid while they fit in 16 MiB; beyond that they
//! stream, and an invalid line further on ends the output there (with the error).

use std::io::{self, BufRead, Read, Write};

use rayon::prelude::*;

use super::{ContestFormat, SolveError};
use crate::input::InputError;
use crate::tokens::{Tokens, is_space};

/// A contest format of a line `T`, then T lines of one case each, solved by
/// [`solve_lines`].
pub(crate) trait LineCases: ContestFormat {
    /// Returns the case on a line of the common shape and the bytes it used, or `None`
    /// for the grammar ([`LineCases::read_case`]) to read or explain.
    fn case_fast(&self, line: &[u8]) -> Option<(Self::Case, usize)>;

    /// Reads case `index` (1-based) of `t`, one line, ending it.
    fn read_case(&self, tokens: &mut Tokens<'_>, index: u64, t: u64) -> Result<Self::Case, InputError>;

    /// Reads the line of T, ending it. Default: any number.
    fn read_count(&self, tokens: &mut Tokens<'_>) -> Result<u64, InputError> {
        read_header(tokens)
    }

    /// What the answers of one chunk of lines share (a game's search, locked once per
    /// chunk rather than once per case).
    type Scratch<'a>
    where
        Self: 'a;

    /// Returns a chunk's scratch, before its first case.
    fn scratch(&self) -> Self::Scratch<'_>;

    /// Appends the answer line of `case` (with its newline) to `out`: the answer as
    /// [`ContestFormat::write_answer`] writes it, and with `explain`
    /// [`ContestFormat::explain`] after two spaces, as [`super::solve_cases`] prints them.
    /// `case` was read by [`LineCases::case_fast`] or [`LineCases::read_case`], which
    /// validate it.
    ///
    /// # Errors
    /// Why the fast solution cannot answer `case`.
    fn answer_line<'a>(
        &'a self,
        scratch: &mut Self::Scratch<'a>,
        case: &Self::Case,
        explain: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), String>;
}

/// Reads the line of T.
fn read_header(tokens: &mut Tokens<'_>) -> Result<u64, InputError> {
    let t = tokens.u64_anywhere("the number of cases T")?;
    tokens.end_line("the number of cases T")?;
    Ok(t)
}

/// Reads what follows the last of the `t` cases: only whitespace.
fn read_end(tokens: &mut Tokens<'_>, t: u64) -> Result<(), InputError> {
    tokens.end_of_input(&format!("the last of the {t} cases"))
}

/// Sizes of the stream: the block read at a time and the answers held back.
#[derive(Clone, Copy, Debug)]
struct Limits {
    /// Bytes read at a time; their whole lines are parsed in parallel. A line longer
    /// than this is read token by token.
    pub block: usize,
    /// Answers held back until the input is known valid.
    pub hold: usize,
}

impl Limits {
    const DEFAULT: Limits = Limits {
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

/// Why a chunk stopped before its end.
enum Stop {
    /// The line at this offset of the chunk is not a case, as the grammar says (with
    /// lines counted from it and no case index).
    NotACase(usize, InputError),
    /// The fast solution cannot answer a case.
    Answer(String),
}

/// What one chunk of whole lines held.
struct Chunk {
    out: Vec<u8>,
    /// Lines read as cases before the first that is not one.
    cases: usize,
    stop: Option<Stop>,
}

/// Returns the bytes of the line at the start of `s`, its newline included.
fn first_line(s: &[u8]) -> &[u8] {
    &s[..s.iter().position(|&b| b == b'\n').map_or(s.len(), |i| i + 1)]
}

fn scan_chunk<P: LineCases>(problem: &P, s: &[u8], t: u64, explain: bool) -> Chunk {
    let mut out = Vec::with_capacity(s.len() / 5);
    let (mut pos, mut cases) = (0, 0);
    let mut scratch = problem.scratch();
    while pos < s.len() {
        let rest = &s[pos..];
        let (case, used) = match problem.case_fast(rest) {
            Some(found) => found,
            None => {
                let line = first_line(rest);
                // The index only words errors, and an error here is read again below.
                match problem.read_case(&mut Tokens::new(line), 0, t) {
                    Ok(case) => (case, line.len()),
                    Err(e) => {
                        return Chunk {
                            out,
                            cases,
                            stop: Some(Stop::NotACase(pos, e)),
                        };
                    }
                }
            }
        };
        if let Err(why) = problem.answer_line(&mut scratch, &case, explain, &mut out) {
            return Chunk {
                out,
                cases,
                stop: Some(Stop::Answer(why)),
            };
        }
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

/// Writes the answer to every case of `input` to `output`, one line each; the same
/// output and errors as [`super::solve_cases`], in parallel and in bounded memory. The
/// [`ContestFormat::solve_stream`] of every [`LineCases`] format.
///
/// # Errors
/// The first invalid line ([`SolveError::Input`], naming the line and token), a case
/// the fast solution refuses, or a read or write error.
///
/// # Complexity
/// O(input length) and one answer per case, on every core; memory O(8 MiB block +
/// 16 MiB of held answers).
pub(crate) fn solve_lines<P: LineCases>(
    problem: &P,
    input: &mut dyn Read,
    output: &mut dyn Write,
    explain: bool,
) -> Result<(), SolveError> {
    solve_lines_within(problem, input, output, explain, Limits::DEFAULT)
}

/// [`solve_lines`] with the given block and hold sizes.
fn solve_lines_within<P: LineCases>(
    problem: &P,
    input: &mut dyn Read,
    output: &mut dyn Write,
    explain: bool,
    limits: Limits,
) -> Result<(), SolveError> {
    problem.constraints().map_err(SolveError::Problem)?;
    let mut reader = Reader::new(input, limits.block);
    let mut out = Output {
        output,
        held: Vec::new(),
        hold: limits.hold,
    };
    let (t, line) = with_tokens(&mut reader, 1, |tokens| problem.read_count(tokens))?;
    let mut at = At { seen: 0, line };
    while at.seen < t {
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
            let (case, next) = with_tokens(&mut reader, at.line, |tokens| {
                problem.read_case(tokens, at.seen + 1, t)
            })?;
            let mut one = Vec::new();
            if let Err(why) = problem.answer_line(&mut problem.scratch(), &case, explain, &mut one) {
                out.flush()?;
                return Err(SolveError::Answer(why));
            }
            out.push(&one)?;
            at = At {
                seen: at.seen + 1,
                line: next,
            };
            continue;
        }
        let region = &reader.buf[reader.start..reader.start + whole];
        let used = answer_lines(problem, region, (t, explain), limits, &mut at, &mut out)?;
        if used == whole && !region.ends_with(b"\n") {
            // The last line of the input has no newline: the line count stays on it.
            at.line -= 1;
        }
        reader.consume(used);
    }
    read_past_last(&mut reader, at.line, t)?;
    out.flush()?;
    out.output.flush().map_err(SolveError::Write)
}

/// Where a stream stands: the cases answered, and the line of the next case.
#[derive(Clone, Copy)]
struct At {
    seen: u64,
    line: usize,
}

/// Answers the cases on the whole lines of `region` in parallel, pushing them to `out`
/// and advancing `at`, up to the last of the `t` cases; returns the bytes of `region`
/// used (all of it, or those up to the line after the last case).
///
/// # Errors
/// A line that is not a case, or a case the fast solution refuses (its answers before
/// printed).
fn answer_lines<P: LineCases>(
    problem: &P,
    region: &[u8],
    (t, explain): (u64, bool),
    limits: Limits,
    at: &mut At,
    out: &mut Output<'_>,
) -> Result<usize, SolveError> {
    let ranges = line_ranges(region, (limits.block / 8).max(1));
    let chunks: Vec<Chunk> = ranges
        .par_iter()
        .map(|&(a, b)| scan_chunk(problem, &region[a..b], t, explain))
        .collect();
    for (chunk, &(start, _)) in chunks.into_iter().zip(&ranges) {
        let left = usize::try_from(t - at.seen).unwrap_or(usize::MAX);
        if chunk.cases > left || (chunk.cases == left && chunk.stop.is_some()) {
            // The line after the T-th case is here: only whitespace may follow.
            out.push(first_lines(&chunk.out, left))?;
            at.seen = t;
            at.line += left;
            return Ok(skip_lines(region, start, left));
        }
        match chunk.stop {
            None => {}
            Some(Stop::Answer(why)) => {
                // The answers before it are printed, as `solve_cases` prints them.
                out.push(&chunk.out)?;
                out.flush()?;
                return Err(SolveError::Answer(why));
            }
            Some(Stop::NotACase(offset, err)) => {
                // Read again with the case's index, for the error's words.
                let bad = first_line(&region[start + offset..]);
                let index = at.seen + chunk.cases as u64 + 1;
                let err = problem
                    .read_case(&mut Tokens::new(bad), index, t)
                    .err()
                    .unwrap_or(err);
                return Err(err.shifted(at.line + chunk.cases - 1).into());
            }
        }
        out.push(&chunk.out)?;
        at.seen += chunk.cases as u64;
        at.line += chunk.cases;
    }
    Ok(region.len())
}

/// Reads what follows the last of the `t` cases, from `line` on: only whitespace.
///
/// # Errors
/// The first token after the last case, or a read error.
fn read_past_last(reader: &mut Reader<'_>, mut line: usize, t: u64) -> Result<(), SolveError> {
    loop {
        let avail = reader.buffered();
        if avail.iter().any(|&b| !is_space(b)) {
            with_tokens(reader, line, |tokens| read_end(tokens, t))?;
            return Ok(());
        }
        line += avail.iter().filter(|&&b| b == b'\n').count();
        reader.consume(avail.len());
        if reader.eof {
            return Ok(());
        }
        reader.refill().map_err(SolveError::Read)?;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::game::{GameProblem, Question};
    use crate::games::chopsticks::Chopsticks;
    use crate::games::wythoff::Wythoff;
    use crate::problem::solve_cases;

    fn chopsticks() -> GameProblem<Chopsticks> {
        GameProblem::new(Chopsticks::with_table_limit(1), Question::default()).unwrap()
    }

    fn wythoff() -> GameProblem<Wythoff> {
        GameProblem::new(Wythoff, Question::default()).unwrap()
    }

    #[test]
    fn wythoff_lines_are_solved_by_the_p_positions() {
        // (3, 5) is the P-position (⌊2φ⌋, ⌊2φ⌋ + 2); (3, 6) moves to it.
        let mut out = Vec::new();
        solve_lines(&wythoff(), &mut &b"2\n3 5\n3 6\n"[..], &mut out, false).unwrap();
        assert_eq!(out, b"Second\nFirst\n");
    }

    /// What `solve` printed, or its error as text (`SolveError` holds `io::Error`s).
    type Run = (Vec<u8>, Result<(), String>);

    fn generic<P: LineCases>(problem: &P, input: &[u8], explain: bool) -> Run {
        let mut out = Vec::new();
        let r = solve_cases(problem, &mut &input[..], &mut out, explain);
        (out, r.map_err(|e| format!("{e:?}")))
    }

    fn fast<P: LineCases>(problem: &P, input: &[u8], explain: bool, limits: Limits) -> Run {
        let mut out = Vec::new();
        let r = solve_lines_within(problem, &mut &input[..], &mut out, explain, limits);
        (out, r.map_err(|e| format!("{e:?}")))
    }

    /// A number as written: mostly valid, sometimes not (a sign, a leading zero, too
    /// large, negative).
    fn number() -> impl Strategy<Value = String> {
        prop_oneof![
            50 => (0u64..20).prop_map(|n| n.to_string()),
            40 => any::<u64>().prop_map(|n| n.to_string()),
            4 => Just(u64::MAX.to_string()),
            2 => Just("000000000000000000000000042".to_owned()),
            2 => Just("07".to_owned()),
            2 => Just("+5".to_owned()),
            2 => Just("-0".to_owned()),
            1 => Just("18446744073709551616".to_owned()),
            1 => Just("99999999999999999999".to_owned()),
            1 => Just("-3".to_owned()),
        ]
    }

    /// Bytes a valid input may be cut or spliced with.
    fn noise() -> impl Strategy<Value = Vec<u8>> {
        const BYTES: [&[u8]; 10] = [
            b" ", b"\n", b"\r\n", b"\t", b"\x0c", b"\x0b", b"\0", b"x", b"-", b"0",
        ];
        prop_oneof![
            10 => prop::sample::select(&BYTES[..]).prop_map(<[u8]>::to_vec),
            1 => (0u64..10).prop_map(|n| n.to_string().into_bytes()),
            1 => Just(vec![b'7'; 45]),
            1 => Just(vec![b' '; 45]),
        ]
    }

    /// A contest input of `numbers` numbers a case, mostly valid: T (off by up to 2), T
    /// lines with separators and line ends varied, then a few splices of noise or cuts.
    fn input(numbers: usize) -> impl Strategy<Value = Vec<u8>> {
        let case = (prop::collection::vec(number(), numbers), 0..8u8).prop_map(|(n, style)| match style {
            0 => format!("  {}\t\n", n.join("\t")),
            1 => format!("{}\r\n", n.join(" ")),
            2 => format!("{}\x0c\n", n.join("\x0b ")),
            _ => format!("{}\n", n.join(" ")),
        });
        let dt = prop_oneof![6 => Just(0i64), 1 => Just(-1), 1 => Just(1)];
        let valid = (prop::collection::vec(case, 0..12), dt, any::<bool>(), 0..4u8).prop_map(
            |(cases, dt, last_newline, lead)| {
                let t = (cases.len() as i64 + dt).max(0);
                let mut text = ["", "\n \n", "  ", "\x0b\x0c\n"][usize::from(lead)].to_owned();
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

    fn fast_stream_matches_solve_cases<P: LineCases>(problem: &P, numbers: usize, regressions: &str) {
        let mut runner =
            crate::check::seeded_runner(2025, "fast_stream_matches_solve_cases", 3000, Some(regressions));
        let limits = (1usize..48, 0usize..40).prop_map(|(block, hold)| Limits { block, hold });
        let result = crate::check::run_cases(
            &mut runner,
            &(input(numbers), any::<bool>(), limits).boxed(),
            &|(bytes, explain, limits)| {
                let want = generic(problem, &bytes, explain);
                // Held answers: the whole output equals the generic one, error or not.
                prop_assert_eq!(&fast(problem, &bytes, explain, Limits::DEFAULT), &want);
                let tiny_blocks = Limits {
                    hold: usize::MAX,
                    ..limits
                };
                prop_assert_eq!(&fast(problem, &bytes, explain, tiny_blocks), &want, "tiny blocks");
                // Streamed answers: the same error; on success the same output.
                let (out, r) = fast(problem, &bytes, explain, limits);
                prop_assert_eq!(&r, &want.1, "tiny blocks and hold");
                if r.is_ok() {
                    prop_assert_eq!(out, want.0);
                }
                Ok(())
            },
        );
        if let Err(e) = result {
            panic!("{}: {e}", problem.name());
        }
    }

    #[test]
    fn fast_stream_matches_solve_cases_for_wythoff() {
        fast_stream_matches_solve_cases(&wythoff(), 2, "proptest-regressions/wythoff.txt");
    }

    #[test]
    fn fast_stream_matches_solve_cases_for_chopsticks() {
        fast_stream_matches_solve_cases(&chopsticks(), 4, "proptest-regressions/chopsticks.txt");
    }

    #[test]
    fn fast_stream_matches_solve_cases_for_a_game_of_one_count() {
        use crate::game::{GameProblem, Question};
        use crate::games::subtraction::Subtraction;
        let game = Subtraction::new(vec![1, 3, 4]).unwrap();
        let problem = GameProblem::new(game, Question::default()).unwrap();
        assert!(problem.one_case_per_line());
        fast_stream_matches_solve_cases(&problem, 1, "proptest-regressions/subtraction.txt");
    }

    /// Nim on at most 8 piles of at most 20: a list format (`n`, then n counts) whose
    /// answers come from the default search, pile by pile.
    struct SmallNim;
    impl crate::game::Game for SmallNim {
        type Position = Vec<u64>;
        const NAME: &'static str = "small-nim";
        fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            crate::game::test_games::nim_moves(piles, out);
        }
        fn max_count(&self) -> u64 {
            20
        }
        fn components(&self, piles: &Vec<u64>) -> Vec<Vec<u64>> {
            piles.iter().map(|&x| vec![x]).collect()
        }
    }

    #[test]
    fn fast_stream_matches_solve_cases_for_a_list_game() {
        use crate::game::{GameProblem, Question};
        let problem = GameProblem::new(SmallNim, Question::default()).unwrap();
        assert!(problem.one_case_per_line());
        for numbers in [1, 3] {
            fast_stream_matches_solve_cases(&problem, numbers, "proptest-regressions/small-nim.txt");
        }
        // A valid input, read in one pass, answered by the XOR of the piles.
        let mut out = Vec::new();
        solve_lines(&problem, &mut &b"3\n2 1 1\n3 1 2 3\n1 7\n"[..], &mut out, false).unwrap();
        assert_eq!(out, b"Second\nSecond\nFirst\n");
    }

    #[test]
    fn a_line_longer_than_a_block_is_read_token_by_token() {
        let limits = Limits { block: 16, hold: 0 };
        let w = wythoff();
        let long = format!("2\n{}3{}4\n1 2\n", " ".repeat(40), " ".repeat(50));
        assert_eq!(
            fast(&w, long.as_bytes(), false, limits),
            generic(&w, long.as_bytes(), false)
        );
        assert_eq!(fast(&w, long.as_bytes(), false, limits).0, b"First\nSecond\n");
        let bad = format!("2\n1 2\n3{}x\n", " ".repeat(50));
        let (_, r) = fast(&w, bad.as_bytes(), false, limits);
        assert_eq!(r, generic(&w, bad.as_bytes(), false).1);
        assert!(r.is_err_and(|e| e.contains("line: 3")), "{bad:?}");
    }

    fn endless_nul_bytes_stop_at_the_first_token<P: LineCases>(problem: &P) {
        let mut out = Vec::new();
        let r = solve_lines(problem, &mut io::repeat(0), &mut out, false);
        let want = solve_cases(problem, &mut io::repeat(0), &mut Vec::new(), false);
        assert_eq!(format!("{r:?}"), format!("{want:?}"));
        assert!(matches!(
            r,
            Err(SolveError::Input(InputError::NotANumber { line: 1, .. }))
        ));
    }

    #[test]
    fn an_endless_stream_of_nul_bytes_stops_at_its_first_token() {
        endless_nul_bytes_stop_at_the_first_token(&wythoff());
        endless_nul_bytes_stop_at_the_first_token(&chopsticks());
    }
}
