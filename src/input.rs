//! Why contest input was rejected: the errors of the token reader
//! (`Tokens`), each naming the line and the token.

use thiserror::Error;

/// Why contest input was rejected. Every variant names the 1-based line.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputError {
    #[error("line {line}: expected {expected}, found end of input")]
    EndOfInput { line: usize, expected: String },
    #[error("line {line}: expected {expected}, found end of line")]
    EndOfLine { line: usize, expected: String },
    #[error("line {line}: token `{token}` is not a number (expected {expected})")]
    NotANumber {
        line: usize,
        token: String,
        expected: String,
    },
    #[error("line {line}: token `{token}` is negative (expected {expected}, which is at least 0)")]
    Negative {
        line: usize,
        token: String,
        expected: String,
    },
    /// A sign, or a leading zero: numbers are plain decimal digits (docs/input.md).
    #[error(
        "line {line}: token `{token}` is not a plain number: digits only, with no sign and no leading zero (expected {expected})"
    )]
    NotPlain {
        line: usize,
        token: String,
        expected: String,
    },
    #[error(
        "line {line}: token `{token}` is larger than u64::MAX = 18446744073709551615 (expected {expected})"
    )]
    TooLarge {
        line: usize,
        token: String,
        expected: String,
    },
    #[error("line {line}: unexpected token `{token}` after {after}")]
    Unexpected {
        line: usize,
        token: String,
        after: String,
    },
    #[error("line {line}: token `{token}` is out of range: {why}")]
    OutOfRange { line: usize, token: String, why: String },
    /// Whitespace a strict reading (the scanner's strict mode) refuses:
    /// two spaces, a tab, a space at the start or end of a line, a blank line, no
    /// newline at the end.
    #[error("line {line}: {found}, where {expected}")]
    Layout {
        line: usize,
        found: String,
        expected: String,
    },
}

/// Evaluates `$body` with `$line` bound to the `line` field of `$error`, whichever its
/// variant: every variant names one.
macro_rules! with_line {
    ($error:expr, $line:ident => $body:expr) => {
        match $error {
            InputError::EndOfInput { $line, .. }
            | InputError::EndOfLine { $line, .. }
            | InputError::NotANumber { $line, .. }
            | InputError::Negative { $line, .. }
            | InputError::NotPlain { $line, .. }
            | InputError::TooLarge { $line, .. }
            | InputError::Unexpected { $line, .. }
            | InputError::OutOfRange { $line, .. }
            | InputError::Layout { $line, .. } => $body,
        }
    };
}

impl InputError {
    /// Returns the 1-based line the error names.
    pub fn line(&self) -> usize {
        with_line!(self, line => *line)
    }

    /// Returns the error with its line moved down by `lines`: for errors found while
    /// scanning a slice that starts `lines` lines into the input.
    pub fn shifted(mut self, lines: usize) -> InputError {
        with_line!(&mut self, line => *line += lines);
        self
    }
}
