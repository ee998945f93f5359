//! Judging a run: the solution's output is read back into typed answers with
//! [`ContestFormat::read_answer_words`] and checked against the problem's expected answers
//! by [`ContestFormat::accept`] (`==`, unless several answers are right).

use std::fmt;

use serde::Serialize;

use super::StressError;
use super::run::{RunOutcome, Termination};
use crate::problem::ContestFormat;

/// Characters of a solution's token shown in a verdict.
const TOKEN_SHOWN: usize = 40;

/// The verdict on one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Ok,
    WrongAnswer,
    Timeout,
    /// A non-zero exit, a signal, or stdout past the output cap.
    RuntimeError,
    /// Output that does not parse: a wrong token or the wrong number of lines.
    PresentationError,
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
            Verdict::RuntimeError => "runtime-error",
            Verdict::PresentationError => "presentation-error",
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
    /// The expected output, as the contest prints it.
    pub expected: String,
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
/// let p = Chopsticks::with_table_limit(1);
/// let (answers, text) = expected_answers(&p, &[State::new(1, 0, 1, 1), State::new(1, 0, 1, 0)]).unwrap();
/// assert_eq!((answers.len(), text.as_str()), (2, "First\nSecond\n"));
/// ```
pub fn expected_answers<P: ContestFormat>(
    problem: &P,
    cases: &[P::Case],
) -> Result<(Vec<P::Answer>, String), StressError> {
    // The reference's search memory is per question (recycled, not kept for the run),
    // so a case it cannot judge is beyond its budget on its own: name it.
    let answers = cases
        .iter()
        .enumerate()
        .map(|(i, c)| {
            problem
                .answer(c)
                .map_err(|why| format!("case {} of the input ({}): {why}", i + 1, problem.describe(c)))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|why| StressError::Reference { why })?;
    let text = answers.iter().map(|a| problem.write_answer(a) + "\n").collect();
    Ok((answers, text))
}

fn compare<P: ContestFormat>(
    problem: &P,
    cases: &[P::Case],
    want: &[P::Answer],
    actual: &str,
) -> (Verdict, String) {
    let got = lines(actual);
    if got.len() != want.len() {
        return (
            Verdict::PresentationError,
            format!("expected {} line(s), found {}", want.len(), got.len()),
        );
    }
    let mut answers = Vec::with_capacity(got.len());
    for (i, line) in got.iter().enumerate() {
        let tokens: Vec<&str> = line.split(is_space).filter(|t| !t.is_empty()).collect();
        let read = problem.read_answer_words(&tokens);
        match read {
            Ok(answer) => answers.push(answer),
            Err(why) => {
                return (
                    Verdict::PresentationError,
                    format!(
                        "line {}: {why}, found {}",
                        i + 1,
                        shown(line.trim_start_matches(is_space))
                    ),
                );
            }
        }
    }
    // Several cases per input: the line names its case.
    let several = problem
        .constraints()
        .is_ok_and(|c| c.dimensions.iter().any(|d| d.flag == "cases"));
    for (i, ((g, w), c)) in answers.iter().zip(want).zip(cases).enumerate() {
        if let Err(why) = problem.accept(c, w, g) {
            let case = match several {
                // A case of several lines is shown on one.
                true => format!(" (case {})", problem.write_case(c).replace('\n', " / ")),
                false => String::new(),
            };
            return (Verdict::WrongAnswer, format!("line {}{case}: {why}", i + 1));
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
/// };
/// let p = Chopsticks::with_table_limit(1);
/// assert_eq!(judge(&p, &[State::new(1, 0, 1, 1)], &run).unwrap().verdict, Verdict::WrongAnswer);
/// ```
pub fn judge<P: ContestFormat>(
    problem: &P,
    cases: &[P::Case],
    run: &RunOutcome,
) -> Result<Judgement, StressError> {
    let (want, expected) = expected_answers(problem, cases)?;
    let (verdict, detail) = match run.termination {
        Termination::TimedOut => (
            Verdict::Timeout,
            format!("killed after {} ms", run.elapsed.as_millis()),
        ),
        Termination::OutputLimit => (
            Verdict::RuntimeError,
            format!("output passed the cap of {} bytes", run.stdout.len()),
        ),
        Termination::Signaled(signal) => (Verdict::RuntimeError, format!("killed by signal {signal}")),
        Termination::Exited(code) if code != 0 => (Verdict::RuntimeError, format!("exit code {code}")),
        Termination::Exited(_) => compare(problem, cases, &want, &String::from_utf8_lossy(&run.stdout)),
    };
    Ok(Judgement {
        verdict,
        detail,
        expected,
    })
}
