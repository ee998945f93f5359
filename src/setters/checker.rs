//! An output checker for the judges: a contestant's output on one test judged by the
//! stress engine's own judge ([`crate::stress::judge`]), so a winning move or a move
//! sequence is judged by the rules (legal but losing is a wrong answer), never by
//! comparison with the jury's answer, which is itself judged as a check of the test.

use std::fmt;

use crate::problem::ContestFormat;
use crate::stress::{RunOutcome, Termination, Verdict};

/// What a checker says of one output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckerVerdict {
    /// Every answer right.
    Accepted,
    /// An answer that reads, and is wrong: the line, the case, why.
    WrongAnswer(String),
    /// Output that does not read as the answers: the wrong number of lines, a token
    /// that is no answer.
    PresentationError(String),
    /// The test itself is wrong: an input the problem does not read, a jury's answer the
    /// judge refuses, a case the expected answers cannot judge.
    Fail(String),
}

impl CheckerVerdict {
    /// Returns testlib's exit code of the verdict: 0 accepted, 1 wrong answer, 2
    /// presentation error, 3 checker failure.
    ///
    /// # Example
    /// ```
    /// use gamecheck::setters::CheckerVerdict;
    /// assert_eq!(CheckerVerdict::PresentationError(String::new()).testlib_code(), 2);
    /// ```
    pub fn testlib_code(&self) -> u8 {
        match self {
            CheckerVerdict::Accepted => 0,
            CheckerVerdict::WrongAnswer(_) => 1,
            CheckerVerdict::PresentationError(_) => 2,
            CheckerVerdict::Fail(_) => 3,
        }
    }

    /// Returns the ICPC/Kattis output validator's exit code of the verdict: 42
    /// accepted, 43 rejected (a wrong answer or output that does not read), 1 for a
    /// failure of the validator itself, which judges take as a judge error.
    ///
    /// # Example
    /// ```
    /// use gamecheck::setters::CheckerVerdict;
    /// assert_eq!((CheckerVerdict::Accepted.kattis_code(), CheckerVerdict::WrongAnswer(String::new()).kattis_code()), (42, 43));
    /// ```
    pub fn kattis_code(&self) -> u8 {
        match self {
            CheckerVerdict::Accepted => 42,
            CheckerVerdict::WrongAnswer(_) | CheckerVerdict::PresentationError(_) => 43,
            CheckerVerdict::Fail(_) => 1,
        }
    }
}

impl fmt::Display for CheckerVerdict {
    /// The message as testlib's checkers write it: `ok …`, `wrong answer …`, `wrong
    /// output format …`, `FAIL …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckerVerdict::Accepted => f.write_str("ok"),
            CheckerVerdict::WrongAnswer(why) => write!(f, "wrong answer {why}"),
            CheckerVerdict::PresentationError(why) => write!(f, "wrong output format {why}"),
            CheckerVerdict::Fail(why) => write!(f, "FAIL {why}"),
        }
    }
}

/// Returns the judge's verdict on `output` as the whole output of a program on `cases`.
fn judged<P: ContestFormat>(
    problem: &P,
    cases: &[P::Case],
    output: &[u8],
) -> Result<(Verdict, String), String> {
    let run = RunOutcome {
        termination: Termination::Exited(0),
        stdout: output.to_vec(),
        stderr: Vec::new(),
        elapsed: std::time::Duration::ZERO,
        cpu: std::time::Duration::ZERO,
    };
    let judgement = crate::stress::judge(problem, cases, &run).map_err(|e| e.to_string())?;
    problem.forget();
    Ok((judgement.verdict, judgement.detail))
}

/// Returns the verdict on `output`, a contestant's output on the test `input`, whose
/// jury's answer is `answer`: the answers read and judged as `stress` judges them
/// ([`crate::stress::judge`], [`ContestFormat::accept`]), so any right answer is
/// accepted where several are. The jury's answer is judged too: one the judge refuses
/// makes the test, not the output, wrong ([`CheckerVerdict::Fail`]).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::Chopsticks;
/// use gamecheck::setters::{CheckerVerdict, check_output};
/// let p = Chopsticks::problem(1);
/// let input = b"1\n1 1 1 1\n";
/// assert_eq!(check_output(&p, input, b"First\n", Some(&b"First\n"[..])), CheckerVerdict::Accepted);
/// assert!(matches!(check_output(&p, input, b"Second\n", None), CheckerVerdict::WrongAnswer(_)));
/// assert!(matches!(check_output(&p, input, b"First\nFirst\n", None), CheckerVerdict::PresentationError(_)));
/// assert!(matches!(check_output(&p, input, b"First\n", Some(&b"Second\n"[..])), CheckerVerdict::Fail(_)));
/// ```
pub fn check_output<P: ContestFormat>(
    problem: &P,
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
) -> CheckerVerdict {
    let cases = match problem.read_input(input) {
        Ok(cases) => cases,
        Err(e) => return CheckerVerdict::Fail(format!("the test's input is not valid: {e}")),
    };
    if let Some(answer) = answer {
        match judged(problem, &cases, answer) {
            Ok((Verdict::Ok, _)) => {}
            Ok((_, why)) => return CheckerVerdict::Fail(format!("the jury's answer is refused: {why}")),
            Err(why) => return CheckerVerdict::Fail(why),
        }
    }
    match judged(problem, &cases, output) {
        Ok((Verdict::Ok, _)) => CheckerVerdict::Accepted,
        Ok((Verdict::PresentationError, why)) => CheckerVerdict::PresentationError(why),
        Ok((_, why)) => CheckerVerdict::WrongAnswer(why),
        Err(why) => CheckerVerdict::Fail(why),
    }
}
