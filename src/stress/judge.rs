//! Judging a run against gamecheck's own verified solvers.

use std::fmt;

use serde::Serialize;

use super::StressError;
use super::generate::{GamesCase, Input};
use super::params::GamesParams;
use super::run::{RunOutcome, Termination};
use crate::chopsticks::{Outcome, State, outcome};

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
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(1).
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
    pub expected: String,
}

/// The reference answer for games: the verified count for the run's k and modulus.
fn games_answer(case: &GamesCase, games: GamesParams) -> Result<u64, StressError> {
    games
        .count(&case.values, case.len)
        .map_err(|e| StressError::Reference {
            why: format!("{e} (values {:?})", case.values),
        })
}

/// Returns the correct output for `input`, from the verified solvers.
///
/// # Constraints
/// Games values within the fast count's range; otherwise [`StressError::Reference`].
///
/// # Complexity
/// Chopsticks: O(T). Games: O(B · 7^B) with B ≤ 8 the number of distinct bit columns.
///
/// # Example
/// ```
/// use gamecheck::stress::{expected_output, GamesCase, Input};
/// let chop = Input::Chopsticks(vec![[1, 0, 1, 1], [1, 0, 1, 0]]);
/// assert_eq!(expected_output(&chop).unwrap(), "First\nSecond\n");
/// let games = Input::Games(GamesCase { values: vec![1], len: 7 });
/// assert_eq!(expected_output(&games).unwrap(), "1\n");
/// ```
pub fn expected_output(input: &Input) -> Result<String, StressError> {
    expected_output_with(input, GamesParams::default())
}

/// Returns the correct output for `input`, games judged with the given k and modulus.
///
/// # Constraints
/// As [`expected_output`], and the limits of [`crate::moore::count_mod`].
///
/// # Complexity
/// Chopsticks: O(T). Games: as [`crate::moore::count_mod`].
///
/// # Example
/// ```
/// use gamecheck::stress::{expected_output_with, GamesCase, GamesParams, Input};
/// let games = Input::Games(GamesCase { values: vec![1, 2, 3], len: 3 });
/// assert_eq!(expected_output_with(&games, GamesParams::new(2, 2)?).unwrap(), "1\n");
/// # Ok::<(), gamecheck::moore::MooreError>(())
/// ```
pub fn expected_output_with(input: &Input, games: GamesParams) -> Result<String, StressError> {
    match input {
        Input::Chopsticks(cases) => Ok(cases
            .iter()
            .map(|&[a, c, b, d]| match outcome(State::new(a, c, b, d)) {
                Outcome::First => "First\n",
                Outcome::Second => "Second\n",
            })
            .collect()),
        Input::Games(case) => Ok(format!("{}\n", games_answer(case, games)?)),
    }
}

/// Lines with trailing whitespace removed and trailing blank lines dropped.
fn lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

fn shown(token: &str) -> String {
    const MAX: usize = 40;
    if token.chars().count() > MAX {
        format!("`{}…`", token.chars().take(MAX).collect::<String>())
    } else {
        format!("`{token}`")
    }
}

fn compare(input: &Input, expected: &str, actual: &str, modulus: u64) -> (Verdict, String) {
    let want = lines(expected);
    let got = lines(actual);
    if got.len() != want.len() {
        return (
            Verdict::PresentationError,
            format!("expected {} line(s), found {}", want.len(), got.len()),
        );
    }
    for (i, line) in got.iter().enumerate() {
        let tokens: Vec<&str> = line.split_ascii_whitespace().collect();
        let well_formed = tokens.len() == 1
            && match input {
                Input::Chopsticks(_) => tokens[0] == "First" || tokens[0] == "Second",
                Input::Games(_) => tokens[0].parse::<u64>().is_ok_and(|v| v < modulus),
            };
        if !well_formed {
            let what = match input {
                Input::Chopsticks(_) => "`First` or `Second`".to_owned(),
                Input::Games(_) => format!("one integer in 0..{modulus}"),
            };
            return (
                Verdict::PresentationError,
                format!("line {}: expected {what}, found {}", i + 1, shown(line)),
            );
        }
    }
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        if g.trim_start() != *w {
            let case = match input {
                Input::Chopsticks(cases) => cases
                    .get(i)
                    .map(|[a, c, b, d]| format!(" (case {a} {c} {b} {d})"))
                    .unwrap_or_default(),
                Input::Games(_) => String::new(),
            };
            return (
                Verdict::WrongAnswer,
                format!("line {}{case}: expected {w}, found {}", i + 1, g.trim_start()),
            );
        }
    }
    (Verdict::Ok, String::new())
}

/// Returns the verdict on `run` for `input`: `timeout`, then `runtime-error` (non-zero
/// exit, signal or output cap), then `presentation-error` (wrong line count or a token
/// that is not an answer), then `wrong-answer`. Lines are compared as tokens, ignoring
/// whitespace around them and blank lines at the end.
///
/// # Constraints
/// As for [`expected_output`].
///
/// # Complexity
/// O(output length) plus [`expected_output`].
///
/// # Example
/// ```
/// use gamecheck::stress::{judge, Input, RunOutcome, Termination, Verdict};
/// use std::time::Duration;
/// let input = Input::Chopsticks(vec![[1, 0, 1, 1]]);
/// let run = RunOutcome {
///     termination: Termination::Exited(0),
///     stdout: b"Second \n\n".to_vec(),
///     stderr: Vec::new(),
///     elapsed: Duration::ZERO,
/// };
/// assert_eq!(judge(&input, &run).unwrap().verdict, Verdict::WrongAnswer);
/// ```
pub fn judge(input: &Input, run: &RunOutcome) -> Result<Judgement, StressError> {
    judge_with(input, run, GamesParams::default())
}

/// Returns [`judge`]'s verdict, games judged with the given k and modulus.
///
/// # Constraints
/// As [`expected_output_with`].
///
/// # Complexity
/// O(output length) plus [`expected_output_with`].
///
/// # Example
/// ```
/// use gamecheck::stress::{judge_with, GamesCase, GamesParams, Input, RunOutcome, Termination, Verdict};
/// use std::time::Duration;
/// let input = Input::Games(GamesCase { values: vec![1, 2, 3], len: 3 });
/// let run = RunOutcome {
///     termination: Termination::Exited(0),
///     stdout: b"3\n".to_vec(),
///     stderr: Vec::new(),
///     elapsed: Duration::ZERO,
/// };
/// assert_eq!(judge_with(&input, &run, GamesParams::new(2, 7)?).unwrap().verdict, Verdict::Ok);
/// assert_eq!(judge_with(&input, &run, GamesParams::new(2, 3)?).unwrap().verdict, Verdict::PresentationError);
/// # Ok::<(), gamecheck::moore::MooreError>(())
/// ```
pub fn judge_with(input: &Input, run: &RunOutcome, games: GamesParams) -> Result<Judgement, StressError> {
    let expected = expected_output_with(input, games)?;
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
        Termination::Exited(_) => compare(
            input,
            &expected,
            &String::from_utf8_lossy(&run.stdout),
            games.modulus(),
        ),
    };
    Ok(Judgement {
        verdict,
        detail,
        expected,
    })
}
