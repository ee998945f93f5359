//! Oracle: the nim-sequence of a take-and-break heap game by the plain mex over every
//! option, written from the rules alone.
//!
//! A code `d0.d1d2…` gives the moves on one heap: digit d_j says what may be left after
//! taking j tokens. Its bit 1 allows leaving no heap, bit 2 one heap, bit 4 two heaps,
//! bit 8 three heaps (hexadecimal digits `8`–`f`), all of them non-empty. The digit
//! before the point is d_0: splitting without taking (only bits 4 and 8 make sense
//! there). `grundy` names Grundy's game: split one heap into two unequal heaps.
//!
//! The value of a heap is the least value not among its options, the value of an option
//! being the XOR of the values of the heaps it leaves. Every option is listed: a split
//! into k heaps is one nondecreasing k-tuple of sizes.

use thiserror::Error;

/// Why a code is not a take-and-break code.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum OctalMexError {
    /// A character that is not a hexadecimal digit, or a point where none belongs.
    #[error("`{found}` at character {position} is not a digit of a take-and-break code")]
    Character {
        /// The character found.
        found: char,
        /// Its position, counting from 1.
        position: usize,
    },
    /// The code has no point, or no digit after it.
    #[error("a take-and-break code is `d0.d1d2…` with at least one digit after the point")]
    Shape,
    /// Digit d_0 allows taking nothing and leaving no heap or the same heap.
    #[error("digit `{found}` before the point would take nothing and leave 0 or 1 heap")]
    SplitDigit {
        /// The digit found.
        found: char,
    },
}

/// The rules of one take-and-break heap game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeAndBreak {
    /// d_0, d_1, …: bit k of d_j allows leaving k non-empty heaps after taking j.
    digits: Vec<u32>,
    /// Grundy's game: the two heaps of a split must differ.
    unequal: bool,
}

impl TakeAndBreak {
    /// Returns the rules of `code`: `d0.d1d2…` with hexadecimal digits (d_0 may be left
    /// out, as in `.07`), or `grundy` for Grundy's game.
    ///
    /// # Errors
    /// [`OctalMexError`] names the first character that does not fit.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::octal_mex::{OctalMexError, TakeAndBreak};
    /// assert!(TakeAndBreak::parse("0.77").is_ok());
    /// assert!(TakeAndBreak::parse("grundy").is_ok());
    /// assert_eq!(
    ///     TakeAndBreak::parse("0.7x"),
    ///     Err(OctalMexError::Character { found: 'x', position: 4 })
    /// );
    /// ```
    pub fn parse(code: &str) -> Result<TakeAndBreak, OctalMexError> {
        if code.eq_ignore_ascii_case("grundy") {
            return Ok(TakeAndBreak {
                digits: vec![4],
                unequal: true,
            });
        }
        let mut digits = Vec::new();
        let mut seen_point = false;
        for (i, c) in code.chars().enumerate() {
            let bad = OctalMexError::Character {
                found: c,
                position: i + 1,
            };
            if c == '.' {
                if seen_point {
                    return Err(bad);
                }
                if digits.is_empty() {
                    digits.push(0);
                }
                seen_point = true;
                continue;
            }
            let d = c.to_digit(16).ok_or(bad.clone())?;
            if !seen_point && !digits.is_empty() {
                return Err(bad);
            }
            if !seen_point && d & 3 != 0 {
                return Err(OctalMexError::SplitDigit { found: c });
            }
            digits.push(d);
        }
        if !seen_point || digits.len() < 2 {
            return Err(OctalMexError::Shape);
        }
        Ok(TakeAndBreak {
            digits,
            unequal: false,
        })
    }

    /// Returns G(0), G(1), …, G(`heaps` − 1).
    ///
    /// # Complexity
    /// O(n^(k−1)) options for a heap of n when a move may leave k ≥ 2 heaps: O(n²) for
    /// an octal game, O(n³) for a hexadecimal one.
    ///
    /// # Example
    /// Kayles (0.77): knock down one pin or two adjacent pins from a row.
    /// ```
    /// use gamecheck_oracles::octal_mex::TakeAndBreak;
    /// let kayles = TakeAndBreak::parse("0.77")?;
    /// assert_eq!(kayles.nim_values(8), [0, 1, 2, 3, 1, 4, 3, 2]);
    /// # Ok::<(), gamecheck_oracles::octal_mex::OctalMexError>(())
    /// ```
    pub fn nim_values(&self, heaps: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(heaps);
        let mut seen: Vec<bool> = Vec::new();
        let mut parts = Vec::new();
        for n in 0..heaps {
            seen.clear();
            for (j, &d) in self.digits.iter().enumerate().take(n + 1) {
                let rest = n - j;
                for k in 0..4 {
                    if d >> k & 1 == 1 {
                        parts.clear();
                        splits(rest, k, self.unequal, 1, &mut parts, &mut |p| {
                            let v = p.iter().fold(0, |x, &h| x ^ g[h]) as usize;
                            if seen.len() <= v {
                                seen.resize(v + 1, false);
                            }
                            seen[v] = true;
                        });
                    }
                }
            }
            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
            g.push(mex as u32);
        }
        g
    }
}

/// Calls `f` on every way to write `rest` as `k` non-empty heaps, each at least `least`,
/// listed in nondecreasing order (strictly increasing when `unequal`), appended to `parts`.
fn splits(
    rest: usize,
    k: usize,
    unequal: bool,
    least: usize,
    parts: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]),
) {
    if k == 0 {
        if rest == 0 {
            f(parts);
        }
        return;
    }
    if k == 1 {
        if rest >= least {
            parts.push(rest);
            f(parts);
            parts.pop();
        }
        return;
    }
    // The first heap h leaves k − 1 heaps of at least h (or h + 1) each.
    let mut h = least;
    while h * k <= rest {
        parts.push(h);
        splits(rest - h, k - 1, unequal, h + usize::from(unequal), parts, f);
        parts.pop();
        h += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules_oracle::{Rules, RulesOracle};

    /// A002186, Kayles (0.77), n = 0..=104.
    const KAYLES: [u32; 105] = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8,
        6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
        1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1,
    ];

    /// A002187, Dawson's chess (0.137), n = 0..=131; Dawson's Kayles (0.07) has a(n − 1).
    const DAWSON_CHESS: [u32; 132] = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
        8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
        8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    ];

    /// A002188, Grundy's game, n = 0..=104.
    const GRUNDY: [u32; 105] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
        1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4,
        3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3,
        5, 2, 3,
    ];

    /// A071436, 0.56, n = 1..=92.
    const OCTAL_56: [u32; 92] = [
        1, 0, 2, 2, 4, 1, 1, 3, 2, 4, 4, 6, 6, 2, 1, 1, 7, 6, 8, 4, 1, 1, 6, 5, 4, 8, 1, 1, 12, 4, 5, 6, 1,
        1, 3, 12, 6, 6, 8, 9, 2, 11, 6, 6, 4, 2, 1, 1, 12, 13, 4, 10, 8, 1, 12, 12, 5, 11, 1, 16, 2, 2, 12,
        6, 1, 1, 2, 13, 12, 6, 6, 8, 1, 1, 7, 6, 11, 4, 16, 16, 6, 5, 5, 19, 1, 1, 12, 4, 14, 16, 1, 1,
    ];

    /// A071509, 0.1777, n = 1..=85.
    const OCTAL_1777: [u32; 85] = [
        1, 1, 2, 2, 3, 4, 1, 1, 6, 6, 3, 2, 2, 1, 1, 6, 6, 8, 4, 4, 5, 10, 1, 1, 8, 3, 3, 4, 4, 7, 6, 6, 8,
        8, 4, 1, 1, 6, 7, 8, 4, 4, 5, 10, 8, 1, 1, 15, 5, 4, 4, 7, 6, 6, 1, 1, 4, 3, 3, 6, 1, 1, 4, 4, 3, 8,
        8, 1, 1, 10, 14, 8, 4, 13, 6, 6, 1, 1, 8, 3, 3, 13, 1, 1, 6,
    ];

    /// A077069, 4.777, n = 1..=40.
    const OCTAL_4_777: [u32; 40] = [
        1, 2, 4, 6, 1, 2, 8, 10, 1, 13, 2, 16, 1, 4, 13, 14, 1, 8, 4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1, 4, 2,
        13, 1, 4, 8, 13, 1, 16, 4, 13,
    ];

    fn values(code: &str, heaps: usize) -> Vec<u32> {
        match TakeAndBreak::parse(code) {
            Ok(rules) => rules.nim_values(heaps),
            Err(e) => panic!("{code}: {e}"),
        }
    }

    #[test]
    fn kayles_matches_a002186() {
        assert_eq!(values("0.77", KAYLES.len()), KAYLES);
    }

    #[test]
    fn dawsons_chess_and_kayles_match_a002187() {
        assert_eq!(values("0.137", DAWSON_CHESS.len()), DAWSON_CHESS);
        let kayles = values(".07", DAWSON_CHESS.len() + 1);
        assert_eq!(kayles[0], 0);
        assert_eq!(kayles[1..], DAWSON_CHESS);
    }

    #[test]
    fn grundys_game_matches_a002188() {
        assert_eq!(values("grundy", GRUNDY.len()), GRUNDY);
        assert_eq!(values("GRUNDY", 5), GRUNDY[..5]);
    }

    #[test]
    fn octal_56_1777_and_4_777_match_the_oeis() {
        for (code, published) in [
            ("0.56", &OCTAL_56[..]),
            ("0.1777", &OCTAL_1777[..]),
            ("4.777", &OCTAL_4_777[..]),
        ] {
            let g = values(code, published.len() + 1);
            assert_eq!((code, &g[1..]), (code, published));
        }
    }

    #[test]
    fn subtraction_game_134_has_period_7() {
        // 0.3033: take 1, 3 or 4 leaving at most one heap, the subtraction game S(1, 3, 4).
        let g = values("0.3033", 70);
        let period = [0, 1, 0, 1, 2, 3, 2];
        assert!(g.iter().enumerate().all(|(n, &v)| v == period[n % 7]));
    }

    /// Heaps as a sorted list, zeros dropped: the moves written a second way, each option
    /// built by replacing one heap.
    struct Heaps(TakeAndBreak);

    impl Rules for Heaps {
        type Position = Vec<usize>;
        fn moves(&self, p: &Vec<usize>, out: &mut Vec<Vec<usize>>) {
            for (i, &h) in p.iter().enumerate() {
                for (j, &d) in self.0.digits.iter().enumerate().take(h + 1) {
                    for k in 0..4 {
                        if d >> k & 1 == 0 {
                            continue;
                        }
                        let mut parts = Vec::new();
                        splits(h - j, k, self.0.unequal, 1, &mut parts, &mut |s| {
                            let mut q: Vec<usize> = p[..i].iter().chain(&p[i + 1..]).copied().collect();
                            q.extend_from_slice(s);
                            q.sort_unstable();
                            out.push(q);
                        });
                    }
                }
            }
        }
    }

    #[test]
    fn nim_values_match_rules_oracle() {
        for code in [
            "0.77", "0.07", "0.16", "4.07", "0.3f", "0.8", "8.1", "grundy", "0.123",
        ] {
            let rules = TakeAndBreak::parse(code).unwrap_or_else(|e| panic!("{code}: {e}"));
            let g = rules.nim_values(14);
            let mut oracle = RulesOracle::new(Heaps(rules));
            for (n, &v) in g.iter().enumerate() {
                let single = if n == 0 { vec![] } else { vec![n] };
                assert_eq!((code, n, oracle.grundy(&single)), (code, n, Ok(u64::from(v))));
            }
            // A sum of two heaps has the XOR of their values.
            assert_eq!(oracle.grundy(&vec![5, 9]), Ok(u64::from(g[5] ^ g[9])));
        }
    }

    #[test]
    fn parse_rejects_what_is_not_a_code() {
        let bad = |s| TakeAndBreak::parse(s).err();
        assert_eq!(bad("4"), Some(OctalMexError::Shape));
        assert_eq!(
            bad("077"),
            Some(OctalMexError::Character {
                found: '7',
                position: 2
            })
        );
        assert_eq!(bad("0."), Some(OctalMexError::Shape));
        assert_eq!(bad("1.07"), Some(OctalMexError::SplitDigit { found: '1' }));
        assert_eq!(
            bad("0.0.7"),
            Some(OctalMexError::Character {
                found: '.',
                position: 4
            })
        );
        assert_eq!(
            bad("40.7"),
            Some(OctalMexError::Character {
                found: '0',
                position: 2
            })
        );
        assert_eq!(
            bad("0.g"),
            Some(OctalMexError::Character {
                found: 'g',
                position: 3
            })
        );
    }
}
