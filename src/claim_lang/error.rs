//! Why a claim does not parse, and why it gives no answer at a position.

use thiserror::Error;

use super::{MAX_CLAIM_BYTES, MAX_CLAIM_DEPTH};

/// Why a claim cannot be checked. Every variant but `TooLarge` carries the claim's text
/// and a column: characters counted from 1, one past the last character for the end.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ClaimError {
    /// The text is not a claim of the language.
    #[error("syntax error at column {column}: {message}\n{}", caret(text, *column))]
    Syntax {
        text: String,
        column: usize,
        message: String,
    },
    /// An operand of the wrong type: a boolean where an integer is needed, or the reverse.
    #[error("type error at column {column}: {message}\n{}", caret(text, *column))]
    Type {
        text: String,
        column: usize,
        message: String,
    },
    /// A variable neither the vocabulary nor an enclosing binder defines.
    #[error("unknown variable `{name}` at column {column} (known: {known})\n{}", caret(text, *column))]
    UnknownVariable {
        text: String,
        name: String,
        column: usize,
        known: String,
    },
    /// A function neither the language nor the vocabulary defines.
    #[error("unknown function `{name}` at column {column} (known: {known})\n{}", caret(text, *column))]
    UnknownFunction {
        text: String,
        name: String,
        column: usize,
        known: String,
    },
    /// A binder inside a binder of the same variable, which would hide the outer one.
    #[error("nested {name} is not supported (column {column})\n{}", caret(text, *column))]
    NestedBinder {
        text: String,
        name: String,
        column: usize,
    },
    /// Longer than [`MAX_CLAIM_BYTES`]: refused before reading it.
    #[error("the claim is too large: {bytes} bytes, at most {MAX_CLAIM_BYTES}")]
    TooLarge { bytes: usize },
    /// Nested deeper than [`MAX_CLAIM_DEPTH`] at `column`.
    #[error(
        "the claim is too large: more than {MAX_CLAIM_DEPTH} nested parentheses and unary operators \
         (column {column})\n{}",
        caret(text, *column)
    )]
    TooDeep { text: String, column: usize },
}

impl ClaimError {
    /// Returns the error of a part of `whole` that starts `offset` characters in, as an
    /// error of `whole`: its column counted from the start of `whole`.
    pub(crate) fn within(self, whole: &str, offset: usize) -> ClaimError {
        let mut e = self;
        match &mut e {
            ClaimError::Syntax { text, column, .. }
            | ClaimError::Type { text, column, .. }
            | ClaimError::UnknownVariable { text, column, .. }
            | ClaimError::UnknownFunction { text, column, .. }
            | ClaimError::NestedBinder { text, column, .. }
            | ClaimError::TooDeep { text, column } => {
                *text = whole.to_owned();
                *column += offset;
            }
            ClaimError::TooLarge { .. } => {}
        }
        e
    }

    /// Returns the column the error points at, or `None` for [`ClaimError::TooLarge`].
    ///
    /// # Example
    /// ```
    /// use gamecheck::claim_lang::{Claim, Vocabulary};
    /// let v = Vocabulary { variables: &["n"], functions: &[], binders: &[] };
    /// assert_eq!(Claim::parse("n > > 1", &v).unwrap_err().column(), Some(5));
    /// ```
    pub fn column(&self) -> Option<usize> {
        match self {
            ClaimError::Syntax { column, .. }
            | ClaimError::Type { column, .. }
            | ClaimError::UnknownVariable { column, .. }
            | ClaimError::UnknownFunction { column, .. }
            | ClaimError::NestedBinder { column, .. }
            | ClaimError::TooDeep { column, .. } => Some(*column),
            ClaimError::TooLarge { .. } => None,
        }
    }
}

/// The text, control characters escaped, then a caret under character `column` (from
/// 1), counted in the escaped text.
fn caret(text: &str, column: usize) -> String {
    let shown = crate::shown::escaped(text.as_bytes(), usize::MAX);
    // Escaping looks ahead only, so the text from the column escapes the same alone.
    let rest: String = text.chars().skip(column.saturating_sub(1)).collect();
    let width = shown.chars().count() - crate::shown::escaped(rest.as_bytes(), usize::MAX).chars().count();
    format!("  {shown}\n  {}^", " ".repeat(width))
}

/// Why a claim gives no answer at a position. Columns point at the operator or the
/// function that failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EvalError {
    /// The exact result does not fit in an `i128`.
    #[error("{lhs} {op} {rhs} overflows 128 bits (column {column})")]
    Overflow {
        op: &'static str,
        lhs: i128,
        rhs: i128,
        column: usize,
    },
    /// `-x` for `x = i128::MIN`.
    #[error("-({operand}) overflows 128 bits (column {column})")]
    NegationOverflow { operand: i128, column: usize },
    /// `x / 0` or `x % 0`.
    #[error("{lhs} {op} 0: division by zero (column {column})")]
    DivisionByZero {
        op: &'static str,
        lhs: i128,
        column: usize,
    },
    /// A function refused its arguments; `message` names the call.
    #[error("{message} (column {column})")]
    Function { message: String, column: usize },
    /// The body of a binder failed for one value of its variable.
    #[error("in {binder} at {variable} = {value}: {error}")]
    InBinder {
        binder: &'static str,
        variable: &'static str,
        value: i128,
        /// The body's error, shown as the message's tail (not a `source`, which a
        /// caller printing the chain would show twice).
        error: Box<EvalError>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_sits_under_the_column() {
        let e = ClaimError::Syntax {
            text: "n > > m".into(),
            column: 5,
            message: "an operator is missing an operand".into(),
        };
        assert_eq!(
            e.to_string(),
            "syntax error at column 5: an operator is missing an operand\n  n > > m\n      ^"
        );
    }

    #[test]
    fn control_characters_are_escaped_and_the_caret_follows_them() {
        let e = ClaimError::Syntax {
            text: "a \x1b[2J > 1".into(),
            column: 3,
            message: "unexpected `\\x1b`".into(),
        };
        let shown = e.to_string();
        assert!(!shown.contains('\x1b'), "{shown:?}");
        assert!(shown.ends_with("\n  a \\x1b[2J > 1\n    ^"), "{shown:?}");
        let after = ClaimError::Syntax {
            text: "\x1b > x".into(),
            column: 5,
            message: String::new(),
        };
        // The caret sits under `x`, past the four characters of `\x1b`.
        assert!(
            after.to_string().ends_with("\n  \\x1b > x\n         ^"),
            "{after}"
        );
    }

    #[test]
    fn binder_errors_name_the_value() {
        let e = EvalError::InBinder {
            binder: "all_bits",
            variable: "j",
            value: 3,
            error: Box::new(EvalError::DivisionByZero {
                op: "/",
                lhs: 7,
                column: 12,
            }),
        };
        assert_eq!(
            e.to_string(),
            "in all_bits at j = 3: 7 / 0: division by zero (column 12)"
        );
    }
}
