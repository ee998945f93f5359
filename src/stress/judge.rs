//! Judging a run: the solution's output is read back into typed answers with
//! [`ContestFormat::read_answer_words`] and checked against the problem's expected answers
//! by [`ContestFormat::accept`] (`==`, unless several answers are right).

use crate::shown::{BYTE_MARK, marked};
use std::fmt;

use serde::Serialize;

use super::error::StressError;
use super::run::{Clock, RunOutcome, Termination};
use crate::problem::ContestFormat;

/// Characters of a solution's token shown in a verdict.
const TOKEN_SHOWN: usize = 40;

/// The verdict on one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every answer right (an interactive game: every game it could win won, every draw
    /// kept, and it exited cleanly).
    Ok,
    /// A wrong answer (an interactive game: an illegal move, the wrong side, a won or
    /// drawn game lost, or a game not finished within the move limit).
    WrongAnswer,
    /// More CPU time than the limit (of a run, or of one move).
    Timeout,
    /// An interactive program wrote nothing within the time of a move while using no
    /// CPU time: it waits for input when it should write, or did not flush.
    Idleness,
    /// A non-zero exit, a signal, or stdout past the output cap.
    RuntimeError,
    /// Output that does not parse: a wrong token or the wrong number of lines.
    PresentationError,
    /// The run failed for want of memory under the memory limit.
    MemoryLimit,
}

impl Verdict {
    /// Returns the verdict's name as printed and in JSON.
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::Verdict;
    /// assert_eq!(Verdict::WrongAnswer.name(), "wrong-answer");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::WrongAnswer => "wrong-answer",
            Verdict::Timeout => "timeout",
            Verdict::Idleness => "idleness",
            Verdict::RuntimeError => "runtime-error",
            Verdict::PresentationError => "presentation-error",
            Verdict::MemoryLimit => "memory-limit",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A verdict with the reason and the expected output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub verdict: Verdict,
    /// One line saying why, e.g. `line 3: expected First, found Second`.
    pub detail: String,
    /// The expected output, as the contest prints it (empty for an interactive run).
    pub expected: String,
    /// What an interactive run played; `None` for a batch run.
    pub play: Option<Box<super::transcript::Play>>,
}

/// Whether `c` separates tokens: ASCII whitespace as C's `isspace` has it (space, `\t`,
/// `\n`, `\v`, `\f`, `\r`), what `scanf` skips. Anything else, a no-break space or any
/// other Unicode space included, is part of a token.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

/// Lines (split at `\n`) with trailing spaces removed and trailing blank lines dropped.
fn lines(text: &str) -> Vec<&str> {
    let text = text.strip_suffix('\n').unwrap_or(text);
    let mut lines: Vec<&str> = if text.is_empty() {
        Vec::new()
    } else {
        text.split('\n').map(|l| l.trim_end_matches(is_space)).collect()
    };
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// The token as shown in a verdict: escaped, and a space that does not separate tokens
/// (a no-break space, any other Unicode space) written as its code point, so the message
/// shows why the token was refused.
fn shown(token: &str) -> String {
    let text: String = crate::shown::escaped(token.as_bytes(), TOKEN_SHOWN)
        .chars()
        .map(|c| {
            if c.is_whitespace() && !c.is_ascii() {
                format!("\\u{{{:x}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect();
    format!("`{text}`")
}

/// Returns the expected output for `cases`: the expected answers
/// ([`ContestFormat::answer`]), one line each.
///
/// # Constraints
/// The fast solution answers every case ([`StressError::Reference`] otherwise).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{Chopsticks, State};
/// use gamecheck::stress::expected_answers;
/// let p = Chopsticks::problem(1);
/// let (answers, text) = expected_answers(&p, &[State::new(1, 0, 1, 1), State::new(1, 0, 1, 0)]).unwrap();
/// assert_eq!((answers.len(), text.as_str()), (2, "First\nSecond\n"));
/// ```
pub fn expected_answers<P: ContestFormat>(
    problem: &P,
    cases: &[P::Case],
) -> Result<(Vec<P::Answer>, String), StressError> {
    let answers = answers_by(problem, cases, P::answer)?;
    let text = problem.write_answers(&answers);
    Ok((answers, text))
}

/// Returns `detail` with each byte mark written `\xNN`, as [`crate::shown::escaped`]
/// writes the byte.
fn unmarked(detail: String) -> String {
    let is_mark = |c: char| (BYTE_MARK..=BYTE_MARK + 0xff).contains(&u32::from(c));
    if !detail.chars().any(is_mark) {
        return detail;
    }
    let mut out = String::with_capacity(detail.len());
    for c in detail.chars() {
        if is_mark(c) {
            out.push_str(&format!("\\x{:02x}", u32::from(c) - BYTE_MARK));
        } else {
            out.push(c);
        }
    }
    out
}

fn compare<P: ContestFormat>(
    problem: &P,
    cases: &[P::Case],
    want: &[P::Answer],
    actual: &str,
) -> (Verdict, String) {
    let got = lines(actual);
    let groups = match problem.split_answers(&got, want.len()) {
        Ok(groups) => groups,
        Err(why) => return (Verdict::PresentationError, why),
    };
    let mut answers = Vec::with_capacity(groups.len());
    for (line, tokens) in &groups {
        match problem.read_answer_words(tokens) {
            Ok(answer) => answers.push(answer),
            Err(why) => {
                let text = match tokens.len() {
                    1 => tokens[0].to_owned(),
                    _ => got
                        .get(line - 1)
                        .map_or(String::new(), |l| l.trim_start_matches(is_space).to_owned()),
                };
                return (
                    Verdict::PresentationError,
                    format!("line {line}: {why}, found {}", shown(&text)),
                );
            }
        }
    }
    // Several cases per input: the line names its case.
    let several = problem
        .constraints()
        .is_ok_and(|c| c.dimensions.iter().any(|d| d.flag == "cases"));
    for ((g, w), (c, (line, _))) in answers.iter().zip(want).zip(cases.iter().zip(&groups)) {
        if let Err(why) = problem.accept(c, w, g) {
            let case = match several {
                // A case of several lines is shown on one.
                true => format!(" (case {})", problem.write_case(c).replace('\n', " / ")),
                false => String::new(),
            };
            return (Verdict::WrongAnswer, format!("line {line}{case}: {why}"));
        }
    }
    (Verdict::Ok, String::new())
}

/// Returns the verdict on `run` for the input of `cases`: `timeout`, then
/// `runtime-error` (non-zero exit, signal or output cap), then `presentation-error` (the
/// wrong number of lines, or a line that is not one answer
/// [`ContestFormat::read_answer_words`] accepts), then `wrong-answer` (a typed answer
/// [`ContestFormat::accept`] refuses). Lines end at `\n`; spaces around a token (C's
/// `isspace`: space, `\t`, `\v`, `\f`, `\r`) and blank lines at the end are ignored; any
/// other character, a no-break space included, is part of the token.
///
/// # Constraints
/// As for [`expected_answers`].
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{Chopsticks, State};
/// use gamecheck::stress::{judge, RunOutcome, Termination, Verdict};
/// use std::time::Duration;
/// let run = RunOutcome {
///     termination: Termination::Exited(0),
///     stdout: b"Second \n\n".to_vec(),
///     stderr: Vec::new(),
///     elapsed: Duration::ZERO,
///     cpu: Duration::ZERO,
/// };
/// let p = Chopsticks::problem(1);
/// assert_eq!(judge(&p, &[State::new(1, 0, 1, 1)], &run).unwrap().verdict, Verdict::WrongAnswer);
/// ```
pub fn judge<P: ContestFormat>(
    problem: &P,
    cases: &[P::Case],
    run: &RunOutcome,
) -> Result<Judgement, StressError> {
    let want = judged_answers(problem, cases)?;
    let (verdict, detail) = match run.termination {
        Termination::TimedOut(Clock::Cpu) => (
            Verdict::Timeout,
            format!(
                "CPU time limit: killed after {} ms of CPU time ({} ms of wall-clock time)",
                run.cpu.as_millis(),
                run.elapsed.as_millis()
            ),
        ),
        Termination::TimedOut(Clock::Wall) => (
            Verdict::Timeout,
            format!(
                "wall-clock limit: killed after {} ms of wall-clock time, asleep or waiting \
                 ({} ms of CPU time)",
                run.elapsed.as_millis(),
                run.cpu.as_millis()
            ),
        ),
        Termination::OutputLimit => (
            Verdict::RuntimeError,
            format!("output passed the cap of {} bytes", run.stdout.len()),
        ),
        Termination::MemoryLimit => (
            Verdict::MemoryLimit,
            "failed for want of memory under the memory limit".to_owned(),
        ),
        Termination::Signaled(signal) => (Verdict::RuntimeError, format!("killed by signal {signal}")),
        Termination::Exited(code) if code != 0 => (Verdict::RuntimeError, format!("exit code {code}")),
        Termination::Exited(_) => {
            let (verdict, detail) = compare(problem, cases, &want, &marked(&run.stdout));
            (verdict, unmarked(detail))
        }
    };
    // The expected output is shown only with a failure: there, in full (a winning move).
    let expected = match verdict {
        Verdict::Ok => problem.write_answers(&want),
        _ => expected_answers(problem, cases).map_or_else(|_| problem.write_answers(&want), |(_, text)| text),
    };
    Ok(Judgement {
        verdict,
        detail,
        expected,
        play: None,
    })
}

/// Returns the answers a run of `cases` is judged by ([`ContestFormat::judged_answer`]).
fn judged_answers<P: ContestFormat>(problem: &P, cases: &[P::Case]) -> Result<Vec<P::Answer>, StressError> {
    answers_by(problem, cases, P::judged_answer)
}

/// Returns the answer `answer` gives to each of `cases`.
///
/// # Errors
/// [`StressError::Reference`] naming the first case it cannot answer.
fn answers_by<P: ContestFormat>(
    problem: &P,
    cases: &[P::Case],
    answer: impl Fn(&P, &P::Case) -> Result<P::Answer, String>,
) -> Result<Vec<P::Answer>, StressError> {
    // The reference's search memory is per question (recycled, not kept for the run),
    // so a case it cannot judge is beyond its budget on its own: name it.
    cases
        .iter()
        .enumerate()
        .map(|(i, c)| {
            answer(problem, c)
                .map_err(|why| format!("case {} of the input ({}): {why}", i + 1, problem.describe(c)))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|why| StressError::Reference { why })
}
