//! `solve` over any [`ContestFormat`]: contest input in, one answer per case out.

use std::io::{self, BufReader, BufWriter, Read, Write};

use thiserror::Error;

use super::ContestFormat;
use crate::input::InputError;
use crate::tokens::Tokens;

/// Why `solve` stopped.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The problem cannot be judged with these parameters (an unsupported k).
    #[error("{0}")]
    Problem(String),
    /// Malformed contest input; names the line and the token.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The fast solver refused a case.
    #[error("{0}")]
    Answer(String),
    #[error("reading stdin")]
    Read(#[source] io::Error),
    #[error("writing stdout")]
    Write(#[source] io::Error),
}

/// Writes the answer to every case of `input` to `output`, one line each, with
/// [`ContestFormat::explain`] after two spaces when `explain`.
/// This is [`ContestFormat::solve_stream`]'s default.
///
/// # Constraints
/// `problem.constraints()` is `Ok` ([`SolveError::Problem`] otherwise, before reading);
/// the input as [`ContestFormat::read_cases`] requires.
///
/// # Complexity
/// O(input length) plus one fast answer per case; the cases are held in memory, which
/// the constraints' limits bound.
///
/// # Example
/// ```
/// use gamecheck::moore::MooreCount;
/// use gamecheck::problem::solve_cases;
/// let mut out = Vec::new();
/// solve_cases(&MooreCount::with_k(6), &mut &b"1 7\n1\n"[..], &mut out, false).unwrap();
/// assert_eq!(out, b"1\n");
/// ```
pub fn solve_cases<P: ContestFormat + ?Sized>(
    problem: &P,
    input: &mut dyn Read,
    output: &mut dyn Write,
    explain: bool,
) -> Result<(), SolveError> {
    problem.constraints().map_err(SolveError::Problem)?;
    let mut tokens = Tokens::new(BufReader::with_capacity(1 << 16, input));
    let cases = problem.read_cases(&mut tokens);
    if let Some(e) = tokens.take_io_error() {
        return Err(SolveError::Read(e));
    }
    let cases = cases?;
    let mut out = BufWriter::new(output);
    for case in &cases {
        let answer = problem.answer(case).map_err(SolveError::Answer)?;
        let mut line = problem.write_answer(&answer);
        if explain {
            line.push_str("  ");
            line.push_str(&problem.explain(case, &answer));
        }
        line.push('\n');
        out.write_all(line.as_bytes()).map_err(SolveError::Write)?;
    }
    out.flush().map_err(SolveError::Write)
}
