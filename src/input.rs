//! A fast, line-aware scanner for contest input, whose errors name the line and token.

use thiserror::Error;

/// Why contest input was rejected. Every variant names the 1-based line.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
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
}

/// Reads whitespace-separated unsigned integers from a byte buffer, tracking lines.
pub struct Scanner<'a> {
    buf: &'a [u8],
    pos: usize,
    line: usize,
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r'
}

/// A token as an error shows it: at most 40 characters, control characters escaped.
fn shown(token: &[u8]) -> String {
    crate::shown::escaped(token, 40)
}

impl<'a> Scanner<'a> {
    /// Returns a scanner at the start of `buf`, on line 1.
    ///
    /// # Example
    /// ```
    /// use gamecheck::input::Scanner;
    /// let mut s = Scanner::new(b"7 8\n");
    /// assert_eq!(s.u64_on_line("x"), Ok(7));
    /// ```
    pub fn new(buf: &'a [u8]) -> Scanner<'a> {
        Scanner { buf, pos: 0, line: 1 }
    }

    /// Returns the current 1-based line.
    ///
    /// # Example
    /// ```
    /// use gamecheck::input::Scanner;
    /// let mut s = Scanner::new(b"1\n2\n");
    /// s.u64_anywhere("x").ok();
    /// s.u64_anywhere("x").ok();
    /// assert_eq!(s.line(), 2);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// Returns the input not yet consumed.
    ///
    /// # Example
    /// ```
    /// use gamecheck::input::Scanner;
    /// let mut s = Scanner::new(b"3\nrest");
    /// s.u64_on_line("T").ok();
    /// s.end_line("T").ok();
    /// assert_eq!(s.rest(), b"rest");
    /// ```
    pub fn rest(&self) -> &'a [u8] {
        &self.buf[self.pos..]
    }

    fn skip_blanks(&mut self) {
        while self.pos < self.buf.len() && is_blank(self.buf[self.pos]) {
            self.pos += 1;
        }
    }

    fn skip_whitespace(&mut self) {
        while self.pos < self.buf.len() {
            match self.buf[self.pos] {
                b'\n' => self.line += 1,
                b if is_blank(b) => {}
                _ => break,
            }
            self.pos += 1;
        }
    }

    fn token(&mut self) -> &'a [u8] {
        let start = self.pos;
        // Tokens end only where the scanner skips: a form feed is part of a token (and
        // so shown in the error), never an empty token.
        while self.pos < self.buf.len() && !is_blank(self.buf[self.pos]) && self.buf[self.pos] != b'\n' {
            self.pos += 1;
        }
        &self.buf[start..self.pos]
    }

    fn number(&mut self, expected: &str) -> Result<u64, InputError> {
        let line = self.line;
        let token = self.token();
        // Up to 19 digits cannot overflow, so the hot path needs no checked arithmetic.
        if !token.is_empty() && token.len() <= 19 {
            let mut value = 0u64;
            let mut ok = true;
            for &byte in token {
                let digit = byte.wrapping_sub(b'0');
                ok &= digit <= 9;
                value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            }
            if ok {
                return Ok(value);
            }
        }
        let err =
            |kind: fn(usize, String, String) -> InputError| kind(line, shown(token), expected.to_owned());
        let digits = token.strip_prefix(b"+").unwrap_or(token);
        if let Some(rest) = token.strip_prefix(b"-")
            && !rest.is_empty()
            && rest.iter().all(u8::is_ascii_digit)
        {
            if rest.iter().all(|&b| b == b'0') {
                return Ok(0);
            }
            return Err(err(|line, token, expected| InputError::Negative {
                line,
                token,
                expected,
            }));
        }
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(err(|line, token, expected| InputError::NotANumber {
                line,
                token,
                expected,
            }));
        }
        digits
            .iter()
            .try_fold(0u64, |acc, &b| {
                acc.checked_mul(10)?.checked_add(u64::from(b - b'0'))
            })
            .ok_or_else(|| {
                err(|line, token, expected| InputError::TooLarge {
                    line,
                    token,
                    expected,
                })
            })
    }

    /// Returns the next number on the current line; `expected` names it in errors.
    ///
    /// # Constraints
    /// The token is a decimal integer in `0..=u64::MAX` (a leading `+` is allowed).
    ///
    /// # Complexity
    /// O(token length).
    ///
    /// # Example
    /// ```
    /// use gamecheck::input::{InputError, Scanner};
    /// let mut s = Scanner::new(b"5\n6");
    /// assert_eq!(s.u64_on_line("a"), Ok(5));
    /// assert!(matches!(s.u64_on_line("c"), Err(InputError::EndOfLine { line: 1, .. })));
    /// ```
    pub fn u64_on_line(&mut self, expected: &str) -> Result<u64, InputError> {
        self.skip_blanks();
        match self.buf.get(self.pos) {
            None => Err(InputError::EndOfInput {
                line: self.line,
                expected: expected.to_owned(),
            }),
            Some(b'\n') => Err(InputError::EndOfLine {
                line: self.line,
                expected: expected.to_owned(),
            }),
            Some(_) => self.number(expected),
        }
    }

    /// Returns the next number, on this line or a later one.
    ///
    /// # Constraints
    /// As for [`Scanner::u64_on_line`].
    ///
    /// # Complexity
    /// O(whitespace skipped + token length).
    ///
    /// # Example
    /// ```
    /// use gamecheck::input::Scanner;
    /// let mut s = Scanner::new(b"1\n\n 2");
    /// assert_eq!((s.u64_anywhere("x"), s.u64_anywhere("y")), (Ok(1), Ok(2)));
    /// ```
    pub fn u64_anywhere(&mut self, expected: &str) -> Result<u64, InputError> {
        self.skip_whitespace();
        if self.pos >= self.buf.len() {
            return Err(InputError::EndOfInput {
                line: self.line,
                expected: expected.to_owned(),
            });
        }
        self.number(expected)
    }

    /// Returns the next number, on this line or a later one, refusing values above `max` with
    /// [`InputError::OutOfRange`] (naming the line, the token and `why`).
    ///
    /// # Constraints
    /// As for [`Scanner::u64_anywhere`].
    ///
    /// # Complexity
    /// O(whitespace skipped + token length).
    ///
    /// # Example
    /// ```
    /// use gamecheck::input::{InputError, Scanner};
    /// let mut s = Scanner::new(b"3\n300");
    /// assert_eq!(s.u64_anywhere_at_most("v", 255, "too big"), Ok(3));
    /// assert!(matches!(
    ///     s.u64_anywhere_at_most("v", 255, "too big"),
    ///     Err(InputError::OutOfRange { line: 2, .. })
    /// ));
    /// ```
    pub fn u64_anywhere_at_most(&mut self, expected: &str, max: u64, why: &str) -> Result<u64, InputError> {
        self.skip_whitespace();
        let (line, start) = (self.line, self.pos);
        let value = self.u64_anywhere(expected)?;
        if value > max {
            return Err(InputError::OutOfRange {
                line,
                token: shown(&self.buf[start..self.pos]),
                why: why.to_owned(),
            });
        }
        Ok(value)
    }

    /// Consumes the end of the current line; errs if a token is left on it.
    ///
    /// # Complexity
    /// O(blanks skipped).
    ///
    /// # Example
    /// ```
    /// use gamecheck::input::Scanner;
    /// let mut s = Scanner::new(b"1 2\n");
    /// s.u64_on_line("x").ok();
    /// assert!(s.end_line("case 1").is_err());
    /// ```
    pub fn end_line(&mut self, after: &str) -> Result<(), InputError> {
        self.skip_blanks();
        match self.buf.get(self.pos) {
            None => Ok(()),
            Some(b'\n') => {
                self.pos += 1;
                self.line += 1;
                Ok(())
            }
            Some(_) => {
                let line = self.line;
                let token = shown(self.token());
                Err(InputError::Unexpected {
                    line,
                    token,
                    after: after.to_owned(),
                })
            }
        }
    }

    /// Succeeds when only whitespace is left.
    ///
    /// # Complexity
    /// O(whitespace left).
    ///
    /// # Example
    /// ```
    /// use gamecheck::input::Scanner;
    /// let mut s = Scanner::new(b"1 \n\n");
    /// s.u64_anywhere("x").ok();
    /// assert!(s.end_of_input("the last case").is_ok());
    /// ```
    pub fn end_of_input(&mut self, after: &str) -> Result<(), InputError> {
        self.skip_whitespace();
        if self.pos >= self.buf.len() {
            return Ok(());
        }
        let line = self.line;
        let token = shown(self.token());
        Err(InputError::Unexpected {
            line,
            token,
            after: after.to_owned(),
        })
    }
}

impl InputError {
    /// Returns the error with its line moved down by `lines`: for errors found while
    /// scanning a slice that starts `lines` lines into the input.
    ///
    /// # Example
    /// ```
    /// use gamecheck::input::{InputError, Scanner};
    /// let e = Scanner::new(b"x").u64_on_line("a").map_err(|e| e.shifted(9));
    /// assert!(matches!(e, Err(InputError::NotANumber { line: 10, .. })));
    /// ```
    pub fn shifted(mut self, lines: usize) -> InputError {
        match &mut self {
            InputError::EndOfInput { line, .. }
            | InputError::EndOfLine { line, .. }
            | InputError::NotANumber { line, .. }
            | InputError::Negative { line, .. }
            | InputError::TooLarge { line, .. }
            | InputError::Unexpected { line, .. }
            | InputError::OutOfRange { line, .. } => *line += lines,
        }
        self
    }
}
