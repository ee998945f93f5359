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
    /// Whether whitespace is held to a validator's rule ([`Tokens::strict`]).
    strict: bool,
    /// Whether nothing of the current line has been read yet.
    fresh: bool,
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
            strict: false,
            fresh: true,
        }
    }

    /// Returns a scanner at the start of `reader` that holds whitespace to a
    /// validator's rule, as testlib's validators do: tokens on a line separated by
    /// exactly one space, none at a line's start or end, each line ended by `\n`, the
    /// last one too, and nothing after it. Every other rule is [`Tokens::new`]'s, so a
    /// reader is strict by being handed this scanner; whitespace it refuses is an
    /// [`InputError::Layout`] naming the line.
    ///
    pub fn strict(reader: impl BufRead + 'a) -> Tokens<'a> {
        Tokens {
            strict: true,
            ..Tokens::new(reader)
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

    /// Consumes the whitespace before the next token of this line: any blanks, or in a
    /// strict reading one space after a token and none at the line's start.
    ///
    /// # Errors
    /// In a strict reading, whitespace the rule refuses ([`InputError::Layout`]).
    fn gap(&mut self) -> Result<(), InputError> {
        if !self.strict {
            self.skip_blanks();
            return Ok(());
        }
        let spaced = !self.fresh && self.peek() == Some(b' ');
        if spaced {
            self.bump();
        }
        match self.peek() {
            // The line's end, for the caller to take or refuse.
            Some(b'\n') if !spaced && !self.fresh => Ok(()),
            Some(b) if is_space(b) => {
                let found = match (b, spaced, self.fresh) {
                    (b'\n', true, _) => "a space at the end of the line".to_owned(),
                    (b'\n', _, true) => "an empty line".to_owned(),
                    (b' ', true, _) => "two spaces".to_owned(),
                    (b' ', _, true) => "a space at the start of the line".to_owned(),
                    (b'\r', ..) => "a carriage return `\\r` (a Windows line end)".to_owned(),
                    (b, ..) => format!("the whitespace byte `{}`", crate::shown::escaped(&[b], 8)),
                };
                Err(self.layout(found))
            }
            None if spaced => Err(self.layout("a space at the end of the input".to_owned())),
            Some(_) => {
                self.fresh = false;
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// Returns the error of whitespace a strict reading refuses, on the current line.
    fn layout(&self, found: String) -> InputError {
        InputError::Layout {
            line: self.line,
            found,
            expected: "a strict input has tokens separated by one space, each line ended by `\\n` \
                       and no other whitespace"
                .to_owned(),
        }
    }

    /// Consumes the whitespace before the next token, on this line or a later one:
    /// [`Tokens::gap`] in a strict reading, where a token stands where the format puts it.
    fn gap_anywhere(&mut self) -> Result<(), InputError> {
        if self.strict {
            return self.gap();
        }
        self.skip_whitespace();
        Ok(())
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
        self.gap()?;
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
        self.gap_anywhere()?;
        self.word_on_line(expected, max)
    }

    /// Returns the next word on the current line (a run of non-space bytes) with at most
    /// `max` bytes; a longer one is refused with [`InputError::OutOfRange`] naming its
    /// line and its start, read no further than `max + 1` bytes.
    ///
    /// # Errors
    /// End of line or input where a word is expected; a word above `max` bytes.
    pub fn word_on_line(&mut self, expected: &str, max: usize) -> Result<String, InputError> {
        self.gap()?;
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
        self.gap_anywhere()?;
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
        self.gap_anywhere()?;
        let line = self.line;
        let value = self.u64_anywhere(expected)?;
        at_most(line, value, max, why)
    }

    /// Consumes the end of the current line; errs if a token is left on it.
    pub fn end_line(&mut self, after: &str) -> Result<(), InputError> {
        self.gap()?;
        match self.peek() {
            None if self.strict => Err(self.layout("no newline at the end of the input".to_owned())),
            None => Ok(()),
            Some(b'\n') => {
                self.bump();
                self.line += 1;
                self.fresh = true;
                Ok(())
            }
            Some(_) => Err(self.unexpected(after)),
        }
    }

    /// Succeeds when only whitespace is left.
    pub fn end_of_input(&mut self, after: &str) -> Result<(), InputError> {
        if self.strict {
            self.fresh = true;
            self.gap()?;
        } else {
            self.skip_whitespace();
        }
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
    fn u64_at_most_on_line_and_anywhere() {
        use crate::input::InputError;
        use crate::tokens::Tokens;
        type Read = fn(&mut Tokens<'static>, &str, u64, &str) -> Result<u64, InputError>;
        let on_line: Read = Tokens::u64_on_line_at_most;
        let anywhere: Read = Tokens::u64_anywhere_at_most;
        // The second number is past the limit, on line 1 or, after a new line, line 2.
        for (text, read, line) in [(&b"3 300"[..], on_line, 1), (&b"3\n300"[..], anywhere, 2)] {
            let mut t = Tokens::new(text);
            assert_eq!(read(&mut t, "v", 255, "too big"), Ok(3));
            assert!(matches!(
                read(&mut t, "v", 255, "too big"),
                Err(InputError::OutOfRange { line: l, .. }) if l == line
            ));
        }
    }

    #[test]
    fn u64_anywhere() {
        use crate::tokens::Tokens;
        let mut t = Tokens::new(&b"1\n\n 2"[..]);
        assert_eq!((t.u64_anywhere("x"), t.u64_anywhere("y")), (Ok(1), Ok(2)));
        assert_eq!(t.line(), 3);
    }

    #[test]
    fn end_line() {
        use crate::tokens::Tokens;
        let mut t = Tokens::new(&b"1 2\n"[..]);
        t.u64_on_line("x").ok();
        assert!(t.end_line("case 1").is_err());
    }

    #[test]
    fn strict() {
        use crate::input::InputError;
        use crate::tokens::Tokens;
        let layout_line = |text: &[u8]| {
            let mut t = Tokens::strict(text);
            let read = (|| {
                t.u64_anywhere("T")?;
                t.end_line("T")?;
                t.u64_on_line("a")?;
                t.u64_on_line("b")?;
                t.end_line("b")?;
                t.end_of_input("the case")
            })();
            match read {
                Err(InputError::Layout { line, .. }) => Some(line),
                _ => None,
            }
        };
        assert_eq!(layout_line(b"1\n3 5\n"), None);
        assert_eq!(Tokens::new(&b" 1\n3  5 \n\n"[..]).u64_anywhere("T"), Ok(1));
        for (text, line) in [
            (&b" 1\n3 5\n"[..], 1),
            (b"1\n3  5\n", 2),
            (b"1\n3\t5\n", 2),
            (b"1\n3 5 \n", 2),
            (b"1\n3 5", 2),
            (b"1\n3 5\r\n", 2),
            (b"1\n3 5\n\n", 3),
            (b"1\n\n3 5\n", 2),
        ] {
            assert_eq!(layout_line(text), Some(line), "{}", String::from_utf8_lossy(text));
        }
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
