//! Chopsticks' contest format: a line `T`, then `T` lines `a c b d`; one `First` or
//! `Second` per case. `solve` keeps its fast path: blocks of input are read in turn and
//! their lines parsed on every core, so memory stays bounded whatever T is. Answers are
//! held back until the input is known valid while they fit in 16 MiB; beyond that they
//! stream, and an invalid line further on ends the output there (with the error).

use std::io::{self, Read, Write};

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::problem::Chopsticks;
use super::solve::{Body, header, parse_line};
use super::state::{Outcome, State};
use crate::input::InputError;
use crate::problem::{Bounds, Constraints, ContestFormat, Dimension, SolveError};
use crate::tokens::Tokens;

/// Bytes read at a time; their lines are parsed in parallel.
const BLOCK: usize = 8 << 20;
/// The longest line accepted; a longer one is an error, so memory stays bounded.
const MAX_LINE: usize = 4 << 20;
/// Answers held back until the input is known valid; past this they stream, and an
/// error further on leaves the answers already written.
const HOLD: usize = 16 << 20;

fn is_real_play(p: [u64; 4]) -> bool {
    (p[0] > 0 || p[1] > 0) && (p[2] > 0 || p[3] > 0)
}

fn counts(s: &State) -> [u64; 4] {
    // Cases come from u64 input or from the generator, so every count fits.
    [s.a, s.c, s.b, s.d].map(|x| u64::try_from(x).unwrap_or(u64::MAX))
}

/// A count near a boundary of `0..=cap`: 0–3, small, the cap and its neighbours, half
/// of it, 10^18 ± 3 when within it, or uniform.
fn boundary_count(rng: &mut ChaCha8Rng, cap: u64) -> u64 {
    const E18: u64 = 1_000_000_000_000_000_000;
    match rng.random_range(0..10) {
        0..=3 => rng.random_range(0..=cap.min(3)),
        4 => rng.random_range(0..=cap.min(20)),
        5 if cap >= E18 + 3 => E18 - 3 + rng.random_range(0..=6),
        5 | 6 => cap - rng.random_range(0..=cap.min(3)),
        7 => cap / 2 + rng.random_range(0..=(cap - cap / 2).min(2)),
        _ => rng.random_range(0..=cap),
    }
}

fn position(rng: &mut ChaCha8Rng, cap: u64) -> [u64; 4] {
    let mut p = [0; 4];
    // Real play (both players hold a hand) needs a count of at least 1.
    for _ in 0..100 {
        p = [0; 4].map(|_: u64| boundary_count(rng, cap));
        if rng.random_bool(0.6) {
            // Tie the counts: n − m ∈ {−2..2}, where every case of the rule lives.
            let delta: i128 = rng.random_range(-2..=2);
            let d = i128::from(p[0]) + i128::from(p[1]) - delta - i128::from(p[2]);
            match u64::try_from(d) {
                Ok(d) if d <= cap => p[3] = d,
                _ => continue,
            }
        }
        if is_real_play(p) {
            break;
        }
    }
    p
}

impl ContestFormat for Chopsticks {
    /// T ≤ 20 cases per generated input by default (the statement bounds no T; `solve`
    /// takes any), and counts in `0..=u64::MAX`.
    fn constraints(&self) -> Result<Constraints, String> {
        Ok(Constraints {
            dimensions: vec![
                Dimension::cases_per_input(u64::MAX),
                Dimension {
                    flag: "count",
                    label: "counts",
                    min: 0,
                    start: 3,
                    contest: u64::MAX,
                    extended: u64::MAX,
                    limit: u64::MAX,
                },
            ],
        })
    }

    fn read_cases(&self, tokens: &mut Tokens<'_>) -> Result<Vec<State>, InputError> {
        let t = tokens.u64_anywhere("the number of cases T")?;
        tokens.end_line("the number of cases T")?;
        // T comes from the input: nothing is reserved for it.
        let mut cases = Vec::new();
        for i in 1..=t {
            // A missing first count is a missing case, as the fast reader words it.
            let missing = || format!("case {i} of {t} (`a c b d`)");
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
            cases.push(State::new(a, c, b, d));
        }
        tokens.end_of_input(&format!("the last of the {t} cases"))?;
        Ok(cases)
    }

    fn numbers_text(&self) -> &'static str {
        "a c b d"
    }

    fn case_from_numbers(&self, numbers: &[u64]) -> Result<State, String> {
        match *numbers {
            [a, c, b, d] => Ok(State::new(a, c, b, d)),
            _ => Err(format!(
                "a Chopsticks position is four counts `a c b d`, not {} numbers",
                numbers.len()
            )),
        }
    }

    fn write_case(&self, s: &State) -> String {
        format!("{} {} {} {}", s.a, s.c, s.b, s.d)
    }

    fn write_answer(&self, answer: &Outcome) -> String {
        match answer {
            Outcome::First => "First",
            Outcome::Second => "Second",
        }
        .to_owned()
    }

    fn read_answer(&self, token: &str) -> Result<Outcome, String> {
        crate::problem::first_wins(token).map(|wins| if wins { Outcome::First } else { Outcome::Second })
    }

    fn extent(&self, cases: &[State]) -> Vec<(&'static str, u64)> {
        let largest = cases.iter().flat_map(counts).max().unwrap_or(0);
        vec![("cases", cases.len() as u64), ("count", largest)]
    }

    /// Files of 1 to T cases (one case a fifth of the time), each a position of real play
    /// when the counts allow, most with n − m ∈ {−2..2}.
    fn generate(&self, rng: &mut ChaCha8Rng, bounds: &Bounds) -> Vec<State> {
        let cap = bounds.max_or("count", u64::MAX);
        (0..bounds.draw_cases(rng))
            .map(|_| {
                let [a, c, b, d] = position(rng, cap);
                State::new(a, c, b, d)
            })
            .collect()
    }

    fn solve_stream(
        &self,
        input: &mut dyn Read,
        output: &mut dyn Write,
        explain: bool,
    ) -> Result<(), SolveError> {
        stream(input, output, explain)
    }
}

/// Reads until `buf` is full or the input ends; returns the bytes read.
fn read_full(input: &mut dyn Read, buf: &mut [u8]) -> Result<usize, SolveError> {
    let mut filled = 0;
    while filled < buf.len() {
        match input.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(SolveError::Read(e)),
        }
    }
    Ok(filled)
}

/// Whether `buf` holds the whole line of T: a token, then a newline.
fn header_complete(buf: &[u8]) -> bool {
    buf.iter()
        .position(|&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        .is_some_and(|start| buf[start..].contains(&b'\n'))
}

struct Stream<'a> {
    output: &'a mut dyn Write,
    explain: bool,
    body: Body,
    /// The start of a line whose end has not been read yet.
    carry: Vec<u8>,
    /// Answers not written yet: up to [`HOLD`] bytes wait for the end of the input.
    held: Vec<u8>,
}

impl Stream<'_> {
    fn region(&mut self, region: &[u8]) -> Result<(), SolveError> {
        let explain = self.explain;
        let sinks = self
            .body
            .region(region, Vec::new, &|out: &mut Vec<u8>, [a, c, b, d]| {
                let s = State::new(a, c, b, d);
                if explain {
                    out.extend_from_slice(super::describe(s).as_bytes());
                    out.push(b'\n');
                } else {
                    out.extend_from_slice(match super::rule::case(s).outcome() {
                        Outcome::First => b"First\n",
                        Outcome::Second => b"Second\n",
                    });
                }
            })?;
        for sink in sinks {
            self.held.extend_from_slice(&sink);
        }
        if self.held.len() > HOLD {
            self.flush_held()?;
        }
        Ok(())
    }

    fn flush_held(&mut self) -> Result<(), SolveError> {
        self.output.write_all(&self.held).map_err(SolveError::Write)?;
        self.held.clear();
        Ok(())
    }

    /// Parses the whole lines of `data` (after the carried start of a line) and carries
    /// the rest.
    fn feed(&mut self, mut data: &[u8]) -> Result<(), SolveError> {
        if !self.carry.is_empty() {
            match data.iter().position(|&b| b == b'\n') {
                None => {
                    self.carry.extend_from_slice(data);
                    return self.check_carry();
                }
                Some(i) => {
                    let mut line = std::mem::take(&mut self.carry);
                    line.extend_from_slice(&data[..=i]);
                    self.region(&line)?;
                    data = &data[i + 1..];
                }
            }
        }
        match data.iter().rposition(|&b| b == b'\n') {
            Some(j) => {
                self.region(&data[..=j])?;
                self.carry.extend_from_slice(&data[j + 1..]);
            }
            None => self.carry.extend_from_slice(data),
        }
        self.check_carry()
    }

    /// Refuses a line longer than [`MAX_LINE`], naming its first bad token if it has one.
    fn check_carry(&mut self) -> Result<(), SolveError> {
        if self.carry.len() <= MAX_LINE {
            return Ok(());
        }
        let line = self.body.line();
        if self.body.is_trailing() {
            // Only whitespace may follow the last case; blanks without a newline are fine.
            let line = std::mem::take(&mut self.carry);
            self.region(&line)?;
            return Ok(());
        }
        let err = match parse_line(&self.carry) {
            Err(
                e @ (InputError::NotANumber { .. }
                | InputError::Negative { .. }
                | InputError::TooLarge { .. }
                | InputError::Unexpected { .. }),
            ) => e.shifted(line - 1),
            _ => InputError::OutOfRange {
                line,
                token: crate::shown::escaped(&self.carry, 40),
                why: format!("a line may be at most {MAX_LINE} bytes long"),
            },
        };
        Err(err.into())
    }
}

/// `solve chopsticks` on a stream: answers (or explanations) written as each block of
/// input is parsed.
fn stream(input: &mut dyn Read, output: &mut dyn Write, explain: bool) -> Result<(), SolveError> {
    let mut block = vec![0u8; BLOCK];
    let mut head = Vec::new();
    let (mut stream, mut eof) = loop {
        let n = read_full(input, &mut block)?;
        let eof = n < BLOCK;
        head.extend_from_slice(&block[..n]);
        if eof || header_complete(&head) || head.len() > MAX_LINE {
            let (t, line, offset) = header(&head)?;
            let mut stream = Stream {
                output: &mut *output,
                explain,
                body: Body::new(t, line),
                carry: Vec::new(),
                held: Vec::new(),
            };
            stream.feed(&head[offset..])?;
            break (stream, eof);
        }
    };
    drop(head);
    while !eof {
        let n = read_full(input, &mut block)?;
        eof = n < BLOCK;
        stream.feed(&block[..n])?;
    }
    if !stream.carry.is_empty() {
        let last = std::mem::take(&mut stream.carry);
        stream.region(&last)?;
    }
    stream.body.finish()?;
    stream.flush_held()?;
    stream.output.flush().map_err(SolveError::Write)
}
