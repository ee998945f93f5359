//! The scanner of contest input every reader uses: whitespace-separated unsigned
//! integers read from any [`BufRead`], with errors ([`InputError`]) naming the line and
//! the token.
//!
//! One rule for every reader (docs/input.md): whitespace is C's `isspace` in the "C"
//! locale, the bytes `scanf` skips (space, `\t`, `\n`, `\v`, `\f`, `\r`), and only `\n`
//! ends a line; a number is plain decimal digits, with no sign and no leading zero
//! except for 0 itself, so `+1`, `01` and `-0` are refused.
//!
//! It holds one token at a time and stops at the first invalid one, so an endless or
//! hostile stream (`/dev/zero`, `yes`) costs bounded memory: a token is known invalid
//! after its first byte that is not a digit (or a second digit after a leading 0), and
//! too large after its 21st digit, whatever follows.

use std::io::{self, BufRead};

use crate::input::InputError;

/// Bytes of a token kept for an error message.
const SHOWN: usize = 40;

/// Returns whether `b` is whitespace between tokens: C's `isspace` in the "C" locale
/// (space, `\t`, `\n`, `\v`, `\f`, `\r`), what `scanf("%d")` skips.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Whitespace within a line: [`is_space`] but `\n`.
fn is_blank(b: u8) -> bool {
    b != b'\n' && is_space(b)
}

/// Returns the plain decimal number at the start of `s` and the digits it used: 1 to 20
/// digits, no leading zero unless the number is 0, at most `u64::MAX`; `None` when `s`
/// does not start with one (the digits may be followed by anything). The fast readers'
/// half of the number rule; [`Tokens`] explains what is wrong with the rest.
#[inline]
pub fn plain_u64_prefix(s: &[u8]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    let mut i = 0;
    while i < s.len() && i < 19 {
        let digit = s[i].wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value * 10 + u64::from(digit);
        i += 1;
    }
    if i == 19 && s.get(19).is_some_and(u8::is_ascii_digit) {
        // A twentieth digit: the only place a u64 can overflow.
        value = value.checked_mul(10)?.checked_add(u64::from(s[19] - b'0'))?;
        i = 20;
    }
    let leading_zero = i > 1 && s[0] == b'0';
    let more_digits = s.get(i).is_some_and(u8::is_ascii_digit);
    (i > 0 && !leading_zero && !more_digits).then_some((value, i))
}

/// A streaming scanner: reads tokens from a [`BufRead`], tracking lines.
pub struct Tokens<'a> {
    reader: Box<dyn BufRead + 'a>,
    line: usize,
    io_error: Option<io::Error>,
}

/// What the scanner kept of one token.
struct Token {
    /// The first bytes as written, for messages.
    shown: Vec<u8>,
    /// Whether more bytes followed the ones in `shown`.
    cut: bool,
    negative: bool,
    /// The value, or `None` once it passed u64::MAX.
    value: Option<u64>,
    /// A byte that is not a digit (after an optional leading sign) was seen.
    not_a_number: bool,
    /// A leading `+`, or a leading 0 followed by more digits: a number, but not plain.
    not_plain: bool,
    digits: usize,
}

impl<'a> Tokens<'a> {
    /// Returns a scanner at the start of `reader`, on line 1.
    pub fn new(reader: impl BufRead + 'a) -> Tokens<'a> {
        Tokens {
            reader: Box::new(reader),
            line: 1,
            io_error: None,
        }
    }

    /// Returns the current 1-based line.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Returns the read error that ended the input early, if one did. A read error is
    /// seen by the parser as the end of the input; callers check this first.
    pub fn take_io_error(&mut self) -> Option<io::Error> {
        self.io_error.take()
    }

    fn peek(&mut self) -> Option<u8> {
        if self.io_error.is_some() {
            return None;
        }
        loop {
            match self.reader.fill_buf() {
                Ok(buf) => return buf.first().copied(),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.io_error = Some(e);
                    return None;
                }
            }
        }
    }

    fn bump(&mut self) {
        self.reader.consume(1);
    }

    /// Consumes the bytes `skip` accepts, a buffer at a time; returns the newlines among
    /// them.
    fn skip(&mut self, skip: impl Fn(u8) -> bool) -> usize {
        let mut newlines = 0;
        while self.io_error.is_none() {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.io_error = Some(e);
                    break;
                }
            };
            let n = buf.iter().position(|&b| !skip(b)).unwrap_or(buf.len());
            newlines += buf[..n].iter().filter(|&&b| b == b'\n').count();
            let more = n == buf.len() && n > 0;
            self.reader.consume(n);
            if !more {
                break;
            }
        }
        newlines
    }

    fn skip_blanks(&mut self) {
        self.skip(is_blank);
    }

    fn skip_whitespace(&mut self) {
        self.line += self.skip(is_space);
    }

    /// Reads a token, stopping early once it cannot be a plain number.
    fn token(&mut self) -> Token {
        let mut t = Token {
            shown: Vec::new(),
            cut: false,
            negative: false,
            value: Some(0),
            not_a_number: false,
            not_plain: false,
            digits: 0,
        };
        let mut first = true;
        while let Some(b) = self.peek() {
            if is_space(b) {
                break;
            }
            if t.shown.len() == SHOWN {
                t.cut = true;
                if t.not_a_number || t.not_plain || t.value.is_none() {
                    break;
                }
            } else {
                t.shown.push(b);
            }
            self.bump();
            if first && (b == b'-' || b == b'+') {
                t.negative = b == b'-';
                t.not_plain = b == b'+';
                first = false;
                continue;
            }
            first = false;
            match b.checked_sub(b'0').filter(|&d| d <= 9) {
                Some(d) => {
                    if t.digits == 1 && t.value == Some(0) {
                        t.not_plain = true;
                    }
                    t.digits += 1;
                    t.value = t.value.and_then(|v| v.checked_mul(10)?.checked_add(u64::from(d)));
                }
                None => t.not_a_number = true,
            }
            if t.not_a_number && t.shown.len() == SHOWN {
                // Known invalid and shown in full: the rest is never read.
                t.cut = self.peek().is_some_and(|b| !is_space(b));
                break;
            }
        }
        t
    }

    fn number(&mut self, expected: &str) -> Result<u64, InputError> {
        let line = self.line;
        let t = self.token();
        let mut shown = crate::shown::escaped(&t.shown, SHOWN);
        if t.cut && !shown.ends_with('…') {
            shown.push('…');
        }
        let expected = expected.to_owned();
        if t.not_a_number || t.digits == 0 {
            return Err(InputError::NotANumber {
                line,
                token: shown,
                expected,
            });
        }
        match (t.negative, t.not_plain, t.value) {
            (true, false, Some(v)) if v > 0 => Err(InputError::Negative {
                line,
                token: shown,
                expected,
            }),
            (true, _, _) | (_, true, _) => Err(InputError::NotPlain {
                line,
                token: shown,
                expected,
            }),
            (false, false, Some(v)) => Ok(v),
            (false, false, None) => Err(InputError::TooLarge {
                line,
                token: shown,
                expected,
            }),
        }
    }

    /// Returns the next number on the current line; `expected` names it in errors.
    ///
    /// # Constraints
    /// The token is a plain decimal integer in `0..=u64::MAX`: digits only, no sign, no
    /// leading zero but in `0` itself.
    pub fn u64_on_line(&mut self, expected: &str) -> Result<u64, InputError> {
        self.skip_blanks();
        match self.peek() {
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

    /// Returns the next word, on this line or a later one, as [`Tokens::word_on_line`]
    /// reads it: what `scanf("%s")` reads.
    ///
    /// # Errors
    /// End of input where a word is expected; a word above `max` bytes.
    pub fn word_anywhere(&mut self, expected: &str, max: usize) -> Result<String, InputError> {
        self.skip_whitespace();
        self.word_on_line(expected, max)
    }

    /// Returns the next word on the current line (a run of non-space bytes) with at most
    /// `max` bytes; a longer one is refused with [`InputError::OutOfRange`] naming its
    /// line and its start, read no further than `max + 1` bytes.
    ///
    /// # Errors
    /// End of line or input where a word is expected; a word above `max` bytes.
    pub fn word_on_line(&mut self, expected: &str, max: usize) -> Result<String, InputError> {
        self.skip_blanks();
        match self.peek() {
            None => {
                return Err(InputError::EndOfInput {
                    line: self.line,
                    expected: expected.to_owned(),
                });
            }
            Some(b'\n') => {
                return Err(InputError::EndOfLine {
                    line: self.line,
                    expected: expected.to_owned(),
                });
            }
            Some(_) => {}
        }
        let mut word = Vec::new();
        while let Some(b) = self.peek() {
            if is_space(b) || word.len() > max {
                break;
            }
            word.push(b);
            self.bump();
        }
        if word.len() > max {
            let shown = crate::shown::escaped(&word[..word.len().min(SHOWN)], SHOWN);
            return Err(InputError::OutOfRange {
                line: self.line,
                token: format!("{shown}…"),
                why: format!("{expected} has at most {max} characters"),
            });
        }
        Ok(String::from_utf8_lossy(&word).into_owned())
    }

    /// Returns the next number on the current line, refusing values above `max` with
    /// [`InputError::OutOfRange`] naming the line, the token and `why`.
    pub fn u64_on_line_at_most(&mut self, expected: &str, max: u64, why: &str) -> Result<u64, InputError> {
        let line = self.line;
        let value = self.u64_on_line(expected)?;
        at_most(line, value, max, why)
    }

    /// Returns the next number, on this line or a later one.
    pub fn u64_anywhere(&mut self, expected: &str) -> Result<u64, InputError> {
        self.skip_whitespace();
        if self.peek().is_none() {
            return Err(InputError::EndOfInput {
                line: self.line,
                expected: expected.to_owned(),
            });
        }
        self.number(expected)
    }

    /// Returns the next number, on this line or a later one, refusing values above `max`
    /// with [`InputError::OutOfRange`] naming the line, the token and `why`.
    pub fn u64_anywhere_at_most(&mut self, expected: &str, max: u64, why: &str) -> Result<u64, InputError> {
        self.skip_whitespace();
        let line = self.line;
        let value = self.u64_anywhere(expected)?;
        at_most(line, value, max, why)
    }

    /// Consumes the end of the current line; errs if a token is left on it.
    pub fn end_line(&mut self, after: &str) -> Result<(), InputError> {
        self.skip_blanks();
        match self.peek() {
            None => Ok(()),
            Some(b'\n') => {
                self.bump();
                self.line += 1;
                Ok(())
            }
            Some(_) => Err(self.unexpected(after)),
        }
    }

    /// Succeeds when only whitespace is left.
    pub fn end_of_input(&mut self, after: &str) -> Result<(), InputError> {
        self.skip_whitespace();
        if self.peek().is_none() {
            return Ok(());
        }
        Err(self.unexpected(after))
    }

    fn unexpected(&mut self, after: &str) -> InputError {
        let line = self.line;
        let t = self.token();
        let mut token = crate::shown::escaped(&t.shown, SHOWN);
        if t.cut && !token.ends_with('…') {
            token.push('…');
        }
        InputError::Unexpected {
            line,
            token,
            after: after.to_owned(),
        }
    }
}

fn at_most(line: usize, value: u64, max: u64, why: &str) -> Result<u64, InputError> {
    if value > max {
        return Err(InputError::OutOfRange {
            line,
            token: value.to_string(),
            why: why.to_owned(),
        });
    }
    Ok(value)
}

#[cfg(test)]
mod examples {
    #[test]
    fn is_space() {
        use crate::tokens::is_space;
        assert!(b" \t\n\x0b\x0c\r".iter().all(|&b| is_space(b)));
        assert!(!is_space(0) && !is_space(0xa0));
    }

    #[test]
    fn plain_u64_prefix() {
        use crate::tokens::plain_u64_prefix;
        assert_eq!(plain_u64_prefix(b"120 7"), Some((120, 3)));
        assert_eq!(plain_u64_prefix(b"0\n"), Some((0, 1)));
        assert_eq!(plain_u64_prefix(b"01"), None);
        assert_eq!(plain_u64_prefix(b"+1"), None);
        assert_eq!(plain_u64_prefix(b"18446744073709551616"), None);
    }

    #[test]
    fn new() {
        use crate::tokens::Tokens;
        let mut t = Tokens::new(&b"7 8\n"[..]);
        assert_eq!(t.u64_on_line("x"), Ok(7));
        assert_eq!(t.u64_on_line("y"), Ok(8));
    }

    #[test]
    fn u64_on_line() {
        use crate::input::InputError;
        use crate::tokens::Tokens;
        let mut t = Tokens::new(&b"5\n6"[..]);
        assert_eq!(t.u64_on_line("a"), Ok(5));
        assert!(matches!(
            t.u64_on_line("c"),
            Err(InputError::EndOfLine { line: 1, .. })
        ));
    }

    #[test]
    fn word_anywhere() {
        use crate::tokens::Tokens;
        let mut t = Tokens::new(&b"\n\n T_F"[..]);
        assert_eq!(t.word_anywhere("a row", 8).as_deref(), Ok("T_F"));
        assert_eq!(t.line(), 3);
    }

    #[test]
    fn word_on_line() {
        use crate::tokens::Tokens;
        let mut t = Tokens::new(&b"BRG ..#\nT_F"[..]);
        assert_eq!(t.word_on_line("a string", 8).as_deref(), Ok("BRG"));
        assert_eq!(t.word_on_line("a row", 2).map_err(|e| e.line()), Err(1));
    }

    #[test]
    fn u64_on_line_at_most() {
        use crate::input::InputError;
        use crate::tokens::Tokens;
        let mut t = Tokens::new(&b"3 300"[..]);
        assert_eq!(t.u64_on_line_at_most("v", 255, "too big"), Ok(3));
        assert!(matches!(
            t.u64_on_line_at_most("v", 255, "too big"),
            Err(InputError::OutOfRange { line: 1, .. })
        ));
    }

    #[test]
    fn u64_anywhere() {
        use crate::tokens::Tokens;
        let mut t = Tokens::new(&b"1\n\n 2"[..]);
        assert_eq!((t.u64_anywhere("x"), t.u64_anywhere("y")), (Ok(1), Ok(2)));
        assert_eq!(t.line(), 3);
    }

    #[test]
    fn u64_anywhere_at_most() {
        use crate::input::InputError;
        use crate::tokens::Tokens;
        let mut t = Tokens::new(&b"3\n300"[..]);
        assert_eq!(t.u64_anywhere_at_most("v", 255, "too big"), Ok(3));
        assert!(matches!(
            t.u64_anywhere_at_most("v", 255, "too big"),
            Err(InputError::OutOfRange { line: 2, .. })
        ));
    }

    #[test]
    fn end_line() {
        use crate::tokens::Tokens;
        let mut t = Tokens::new(&b"1 2\n"[..]);
        t.u64_on_line("x").ok();
        assert!(t.end_line("case 1").is_err());
    }

    #[test]
    fn end_of_input() {
        use crate::tokens::Tokens;
        let mut t = Tokens::new(&b"1 \n\n"[..]);
        t.u64_anywhere("x").ok();
        assert!(t.end_of_input("the last case").is_ok());
    }
}

#[cfg(test)]
mod input_examples {
    #[test]
    fn line() {
        use super::Tokens;
        let mut t = Tokens::new(&b"1\n+2"[..]);
        assert_eq!(t.u64_anywhere("x"), Ok(1));
        assert_eq!(t.u64_anywhere("y").map_err(|e| e.line()), Err(2));
    }

    #[test]
    fn shifted() {
        use super::Tokens;
        use crate::input::InputError;
        let e = Tokens::new(&b"x"[..]).u64_on_line("a").map_err(|e| e.shifted(9));
        assert!(matches!(e, Err(InputError::NotANumber { line: 10, .. })));
    }
}
