//! The code of a take-and-break heap game: an octal code `d0.d1d2…`, its hexadecimal
//! extension, or Grundy's game.
//!
//! Digit d_j says what a move that takes j tokens from one heap may leave: bit 1 no heap,
//! bit 2 one heap, bit 4 two heaps, bit 8 three heaps (the hexadecimal digits `8`–`f`, as
//! CGSuite writes them), every heap left non-empty. The digit before the point is d_0,
//! splitting without taking: `4.` splits a heap into two, `8.` into three; bits 1 and 2
//! make no sense there (taking nothing and leaving nothing, or the same heap).
//!
//! Grundy's game (split one heap into two *unequal* heaps) has no code: the inequality is
//! not a digit. It enters the family by name, `grundy`, as the code `4.0` with the
//! constraint that the two heaps of a split differ.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};
use thiserror::Error;

/// The most digits after the point: a move takes at most this many tokens.
pub const MAX_TAKE: usize = 256;

/// Why a text is not a heap-game code.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CodeError {
    /// The text is empty.
    #[error("the code is empty: give an octal code such as 0.77, or grundy")]
    Empty,
    /// A character that is not a hexadecimal digit, or a point where none belongs.
    #[error("`{found}` at character {position} of `{code}` is not a digit of an octal code")]
    Character {
        /// The code as given.
        code: String,
        /// The character found.
        found: char,
        /// Its position, counting from 1.
        position: usize,
    },
    /// No point, or nothing after it.
    #[error("`{code}` is not an octal code: it is d0.d1d2…, with digits after the point")]
    Shape {
        /// The code as given.
        code: String,
    },
    /// Digit d_0 with bit 1 or 2: taking nothing, leaving no heap or the same heap.
    #[error(
        "digit `{found}` before the point of `{code}` would take nothing and leave no heap \
         or the same heap: d0 is 0, 4, 8 or c"
    )]
    SplitDigit {
        /// The code as given.
        code: String,
        /// The digit found.
        found: char,
    },
    /// More digits than [`MAX_TAKE`].
    #[error("`{code}` has {digits} digits after the point, more than the {MAX_TAKE} supported")]
    TooLong {
        /// The code as given.
        code: String,
        /// Its number of digits after the point.
        digits: usize,
    },
}

/// A take-and-break heap game: an octal or hexadecimal code, or Grundy's game.
///
/// Codes compare by their moves: trailing zeros do not count, so `0.070` equals `0.07`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// d_0, …, d_t with d_t ≠ 0 (only d_0 when every digit is zero).
    digits: Vec<u8>,
    /// Grundy's game: the two heaps of a split differ.
    unequal: bool,
}

impl OctalCode {
    /// Returns Grundy's game: split one heap into two unequal heaps.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::code::OctalCode;
    /// let g = OctalCode::grundy();
    /// assert_eq!(g.to_string(), "grundy");
    /// assert!(g.unequal_splits() && g.digit(0) == 4 && g.max_take() == 0);
    /// ```
    pub fn grundy() -> OctalCode {
        OctalCode {
            digits: vec![4],
            unequal: true,
        }
    }

    /// Returns digit d_j: bit 2^k set when taking j tokens may leave k heaps (0 beyond
    /// the last digit).
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::code::OctalCode;
    /// let dawson: OctalCode = "0.07".parse()?;
    /// assert_eq!([dawson.digit(0), dawson.digit(1), dawson.digit(2), dawson.digit(9)], [0, 0, 7, 0]);
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn digit(&self, j: usize) -> u8 {
        self.digits.get(j).copied().unwrap_or(0)
    }

    /// Returns d_0, …, d_t, t being [`OctalCode::max_take`].
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::code::OctalCode;
    /// assert_eq!("4.0700".parse::<OctalCode>()?.digits(), [4, 0, 7]);
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Returns t, the most tokens a move takes: the index of the last non-zero digit.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::code::OctalCode;
    /// assert_eq!("0.1777".parse::<OctalCode>()?.max_take(), 4);
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// Returns the most heaps one move leaves (0 for a game without moves).
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::code::OctalCode;
    /// let max = |c: &str| c.parse::<OctalCode>().map(|c| c.max_heaps());
    /// assert_eq!((max("0.3033")?, max("0.77")?, max("0.f")?), (1, 2, 3));
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn max_heaps(&self) -> u32 {
        let all = self.digits.iter().fold(0u8, |acc, &d| acc | d);
        (u8::BITS - all.leading_zeros()).saturating_sub(1)
    }

    /// Returns whether the two heaps of a split must differ (Grundy's game).
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::code::OctalCode;
    /// assert!(!"4.0".parse::<OctalCode>()?.unequal_splits());
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn unequal_splits(&self) -> bool {
        self.unequal
    }
}

impl FromStr for OctalCode {
    type Err = CodeError;

    /// Reads `d0.d1d2…` (hexadecimal digits, either case; d_0 may be left out, as in
    /// `.07`) or `grundy` (any case).
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::code::{CodeError, OctalCode};
    /// assert_eq!(".77".parse::<OctalCode>()?.to_string(), "0.77");
    /// assert_eq!("0.3F".parse::<OctalCode>()?.to_string(), "0.3f");
    /// assert!(matches!(
    ///     "0.7z".parse::<OctalCode>(),
    ///     Err(CodeError::Character { found: 'z', position: 4, .. })
    /// ));
    /// # Ok::<(), CodeError>(())
    /// ```
    fn from_str(text: &str) -> Result<OctalCode, CodeError> {
        if text.is_empty() {
            return Err(CodeError::Empty);
        }
        if text.eq_ignore_ascii_case("grundy") {
            return Ok(OctalCode::grundy());
        }
        let code = || text.to_string();
        let mut digits: Vec<u8> = Vec::new();
        let mut point = false;
        for (i, c) in text.chars().enumerate() {
            let bad = || CodeError::Character {
                code: code(),
                found: c,
                position: i + 1,
            };
            if c == '.' {
                if point {
                    return Err(bad());
                }
                if digits.is_empty() {
                    digits.push(0);
                }
                point = true;
                continue;
            }
            // A hex digit is below 16, so it fits a u8.
            let d = c.to_digit(16).ok_or_else(bad)? as u8;
            if !point {
                if !digits.is_empty() {
                    return Err(bad());
                }
                if d & 3 != 0 {
                    return Err(CodeError::SplitDigit {
                        code: code(),
                        found: c,
                    });
                }
            }
            digits.push(d);
        }
        if !point || digits.len() < 2 {
            return Err(CodeError::Shape { code: code() });
        }
        if digits.len() - 1 > MAX_TAKE {
            return Err(CodeError::TooLong {
                code: code(),
                digits: digits.len() - 1,
            });
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode {
            digits,
            unequal: false,
        })
    }
}

impl fmt::Display for OctalCode {
    /// Writes `grundy`, or `d0.d1d2…` in lowercase hexadecimal with at least one digit
    /// after the point.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.unequal {
            return f.write_str("grundy");
        }
        write!(f, "{:x}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        self.digits[1..].iter().try_for_each(|d| write!(f, "{d:x}"))
    }
}

impl Serialize for OctalCode {
    /// The code as text, as [`fmt::Display`] writes it.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> OctalCode {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn display_round_trips_canonical_codes() {
        for s in [
            "0.77", "0.07", "4.07", "0.137", "0.1777", "8.1", "c.0", "0.0", "4.0", "grundy",
        ] {
            assert_eq!(parse(s).to_string(), s);
            assert_eq!(parse(&parse(s).to_string()), parse(s));
        }
        assert_eq!(parse("0.0700"), parse("0.07"));
        assert_eq!(parse("0.000").to_string(), "0.0");
        assert_ne!(parse("4.0"), OctalCode::grundy());
    }

    #[test]
    fn bad_codes_name_the_character() {
        let err = |s: &str| s.parse::<OctalCode>().err();
        assert_eq!(err(""), Some(CodeError::Empty));
        assert_eq!(
            err("077"),
            Some(CodeError::Character {
                code: "077".into(),
                found: '7',
                position: 2
            })
        );
        assert_eq!(
            err("0.7 "),
            Some(CodeError::Character {
                code: "0.7 ".into(),
                found: ' ',
                position: 4
            })
        );
        assert_eq!(
            err("0..7"),
            Some(CodeError::Character {
                code: "0..7".into(),
                found: '.',
                position: 3
            })
        );
        assert_eq!(
            err("0.77g"),
            Some(CodeError::Character {
                code: "0.77g".into(),
                found: 'g',
                position: 5
            })
        );
        assert_eq!(
            err("3.07"),
            Some(CodeError::SplitDigit {
                code: "3.07".into(),
                found: '3'
            })
        );
        assert_eq!(err("0"), Some(CodeError::Shape { code: "0".into() }));
        assert_eq!(err("4."), Some(CodeError::Shape { code: "4.".into() }));
        let long = format!("0.{}", "1".repeat(MAX_TAKE + 1));
        assert!(matches!(err(&long), Some(CodeError::TooLong { digits, .. }) if digits == MAX_TAKE + 1));
        assert!(err(&format!("0.{}", "1".repeat(MAX_TAKE))).is_none());
    }

    #[test]
    fn error_messages_name_the_token() {
        let e = "0.7x".parse::<OctalCode>().err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("`x` at character 4 of `0.7x` is not a digit of an octal code")
        );
    }

    #[test]
    fn serializes_as_text() {
        assert_eq!(
            serde_json::to_string(&parse("0.16")).ok().as_deref(),
            Some("\"0.16\"")
        );
    }
}
