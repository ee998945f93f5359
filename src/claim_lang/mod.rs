//! The claim language: boolean conjectures over exact integers, typed by the user on the
//! command line (`gamecheck claim`) and checked at many positions.
//!
//! A claim is parsed once against a [`Vocabulary`] (the game's variables, functions and
//! binders: the extension point through which each game adds its own), then evaluated per
//! position through an [`Env`] that gives the variables' values and answers the calls.
//!
//! The language, lowest precedence first:
//!
//! | operators | operands → value |
//! |---|---|
//! | `\|\|` | booleans → boolean, evaluated left to right, stopping when the value is known |
//! | `&&` | likewise |
//! | `== != < <= > >=` | integers → boolean; `==` and `!=` also compare two booleans; not chained |
//! | `+ -` | integers → integer |
//! | `* / %` | integers → integer; `/` rounds toward zero, `%` takes the sign of the dividend |
//! | `!`, unary `-` | boolean → boolean, integer → integer |
//!
//! Operands: decimal integer literals up to `i128::MAX`, `true`, `false`, parentheses, the
//! vocabulary's variables, calls of the built-in functions `min(x, y, …)`, `max(x, y, …)`,
//! `bitand`, `bitor`, `bitxor` (two arguments), `bitnot(x)`, `shl(x, s)` (x · 2^s) and
//! `shr(x, s)` (x / 2^s rounded down) and of the vocabulary's functions, and binders such as
//! `all_bits(e)`, true when the boolean `e` holds for every value of the binder's variable.
//!
//! Integers are `i128` and every operation is exact: an overflow, a division or remainder
//! by zero and `i128::MIN / -1` are evaluation errors ([`EvalError`]), never a wrap or a
//! panic. Types are checked when parsing: the claim must be a boolean, `a + (b > c)` is a
//! [`ClaimError::Type`] at the `(`. Every error when parsing names its column (characters
//! from 1).

/// Returns a test's vocabulary: its variables, one function of its arity, and the
/// binders `all_bits` (j over 0..64) and `all_small` (i over `$small`).
#[cfg(test)]
macro_rules! test_vocabulary {
    ([$($variable:literal),*], $function:literal / $arity:literal, $small:expr) => {
        Vocabulary {
            variables: &[$($variable),*],
            functions: &[Function {
                name: $function,
                arity: $arity,
            }],
            binders: &[
                Binder {
                    name: "all_bits",
                    variable: "j",
                    range: 0..64,
                },
                Binder {
                    name: "all_small",
                    variable: "i",
                    range: $small,
                },
            ],
        }
    };
}

mod ast;
mod builtins;
mod error;
mod eval;
mod lexer;
mod parser;
#[cfg(test)]
mod random_input;

use std::ops::Range;

pub use error::{ClaimError, EvalError};

/// The longest claim accepted, in bytes.
pub const MAX_CLAIM_BYTES: usize = 512;
/// The deepest nesting accepted: parentheses (of groups, calls and binders) and unary
/// operators around a point of the claim. It bounds the parser's recursion.
pub const MAX_CLAIM_DEPTH: usize = 64;

/// A function a vocabulary adds: `arity` integer arguments, an integer value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Function {
    pub name: &'static str,
    pub arity: usize,
}

/// A binder a vocabulary adds: `name(e)` is true when the boolean `e` holds with
/// `variable` bound to every value of `range`, in increasing order (evaluation stops at
/// the first false). `variable` exists only inside the parentheses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binder {
    pub name: &'static str,
    pub variable: &'static str,
    pub range: Range<i128>,
}

/// The names a game gives its claims. A variable or function is known to [`Env`] by its
/// index in these lists. A name followed by `(` is a binder or function, else a variable,
/// so a variable may share a function's name (`max` and `max(x, y)`). Function and binder
/// names should differ from the built-in functions, which would hide them, and no name
/// can be `true` or `false`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vocabulary {
    pub variables: &'static [&'static str],
    pub functions: &'static [Function],
    pub binders: &'static [Binder],
}

/// The values of a vocabulary's variables at one position, and its functions there.
pub trait Env {
    /// Returns the value of the vocabulary's variable of index `index`.
    fn variable(&self, index: usize) -> i128;

    /// Returns the vocabulary's function of index `function` at `args` (as many as its
    /// arity), or why it has no value there (the message should name the call).
    fn call(&self, function: usize, args: &[i128]) -> Result<i128, String> {
        Err(format!("function {function}({args:?}) is not defined"))
    }
}

/// A parsed, well-typed boolean claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    text: String,
    root: ast::BoolExpr,
}

impl Claim {
    /// Returns `text` parsed as a boolean claim over `vocabulary`, or the first error in
    /// the text with its column: a syntax error, a type error, an unknown name, a binder
    /// nested in one of the same variable, or a claim too large.
    ///
    /// # Constraints
    /// `text` has at most [`MAX_CLAIM_BYTES`] bytes and nests at most [`MAX_CLAIM_DEPTH`]
    /// deep ([`ClaimError::TooLarge`], [`ClaimError::TooDeep`]).
    ///
    /// # Complexity
    /// O(|text| · (vocabulary size)).
    ///
    /// # Example
    /// ```
    /// use gamecheck::claim_lang::{Claim, ClaimError, Vocabulary};
    /// let v = Vocabulary { variables: &["n", "m"], functions: &[], binders: &[] };
    /// assert!(Claim::parse("n > m && n % 2 == 1", &v).is_ok());
    /// let err = Claim::parse("n > q", &v).unwrap_err();
    /// assert!(matches!(err, ClaimError::UnknownVariable { ref name, column: 5, .. } if name == "q"));
    /// let err = Claim::parse("n + (m > 1) > 0", &v).unwrap_err();
    /// assert!(matches!(err, ClaimError::Type { column: 5, .. }));
    /// ```
    pub fn parse(text: &str, vocabulary: &Vocabulary) -> Result<Claim, ClaimError> {
        if text.len() > MAX_CLAIM_BYTES {
            return Err(ClaimError::TooLarge { bytes: text.len() });
        }
        let root = parser::parse(text, vocabulary)?;
        Ok(Claim {
            text: text.to_owned(),
            root,
        })
    }

    /// Returns the claim's value in `env`, or why it has none (an overflow, a division by
    /// zero, a function refusing its arguments). `env` must answer for the vocabulary the
    /// claim was parsed with.
    ///
    /// # Complexity
    /// O(size of the claim · product of the ranges of nested binders).
    ///
    /// # Example
    /// ```
    /// use gamecheck::claim_lang::{Claim, Env, Vocabulary};
    /// struct Nm(i128, i128);
    /// impl Env for Nm {
    ///     fn variable(&self, index: usize) -> i128 {
    ///         if index == 0 { self.0 } else { self.1 }
    ///     }
    /// }
    /// let v = Vocabulary { variables: &["n", "m"], functions: &[], binders: &[] };
    /// let claim = Claim::parse("n % m == 0", &v).unwrap();
    /// assert_eq!(claim.eval(&Nm(6, 3)), Ok(true));
    /// assert_eq!(
    ///     claim.eval(&Nm(6, 0)).unwrap_err().to_string(),
    ///     "6 % 0: division by zero (column 3)"
    /// );
    /// ```
    pub fn eval(&self, env: &impl Env) -> Result<bool, EvalError> {
        eval::boolean(&self.root, env, &mut Vec::new())
    }

    /// Returns the text the claim was parsed from.
    pub fn text(&self) -> &str {
        &self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static VOCABULARY: Vocabulary = test_vocabulary!(["x", "y"], "bit" / 2, -2..3);

    /// `x`, `y` and `bit(v, j)`, bit j of v (an error for j outside 0..128).
    struct Xy(i128, i128);

    impl Env for Xy {
        fn variable(&self, index: usize) -> i128 {
            [self.0, self.1][index]
        }

        fn call(&self, _function: usize, args: &[i128]) -> Result<i128, String> {
            let (v, j) = (args[0], args[1]);
            u32::try_from(j)
                .ok()
                .and_then(|j| v.checked_shr(j))
                .map(|s| s & 1)
                .ok_or_else(|| format!("bit({v}, {j}): no such bit"))
        }
    }

    fn eval(text: &str, x: i128, y: i128) -> Result<bool, String> {
        let claim = Claim::parse(text, &VOCABULARY).map_err(|e| e.to_string())?;
        claim.eval(&Xy(x, y)).map_err(|e| e.to_string())
    }

    #[test]
    fn precedence_and_associativity_follow_the_table() {
        for text in [
            "2 + 3 * 4 == 14",
            "10 - 3 - 2 == 5",
            "100 / 10 / 5 == 2",
            "-2 * 3 == -6",
            "- - 4 == 4",
            "7 % 4 * 2 == 6",
            "true || false && false",
            "!false && true",
            "!(1 > 2) == true",
            "(1 < 2) == (3 < 4)",
            "-7 / 2 == -3 && -7 % 2 == -1",
        ] {
            assert_eq!(eval(text, 0, 0), Ok(true), "{text}");
        }
        assert_eq!(eval("false && false || true", 0, 0), Ok(true));
        assert_eq!(eval("(false && false) == false", 0, 0), Ok(true));
    }

    #[test]
    fn and_or_stop_when_the_value_is_known() {
        assert_eq!(eval("y == 0 || x / y > 1", 5, 0), Ok(true));
        assert_eq!(eval("y != 0 && x / y > 1", 5, 0), Ok(false));
        assert_eq!(
            eval("x / y > 1", 5, 0),
            Err("5 / 0: division by zero (column 3)".to_owned())
        );
    }

    #[test]
    fn arithmetic_errors_name_the_operation_and_its_column() {
        let max = i128::MAX;
        assert_eq!(
            eval("x + 1 > 0", max, 0),
            Err(format!("{max} + 1 overflows 128 bits (column 3)"))
        );
        let x = 1i128 << 43;
        assert_eq!(
            eval("x * x * x > 0", x, 0),
            Err(format!("{} * {x} overflows 128 bits (column 7)", x * x))
        );
        assert_eq!(
            eval("x / y == 0", i128::MIN, -1),
            Err(format!("{} / -1 overflows 128 bits (column 3)", i128::MIN))
        );
        assert_eq!(eval("x % y == 0", i128::MIN, -1), Ok(true));
        assert_eq!(
            eval("x % y == 0", 3, 0),
            Err("3 % 0: division by zero (column 3)".into())
        );
        assert_eq!(
            eval("-x > 0", i128::MIN, 0),
            Err(format!("-({}) overflows 128 bits (column 1)", i128::MIN))
        );
        assert_eq!(
            eval("shl(x, 126) > 0", 2, 0),
            Err("shl(2, 126) overflows 128 bits (column 1)".into())
        );
        assert_eq!(
            eval("x - 1 == 170141183460469231731687303715884105726", max, 0),
            Ok(true)
        );
    }

    #[test]
    fn binders_range_over_their_values_in_order() {
        // x has bits 0..=62 set: all_bits fails first at j = 63.
        let low = (1i128 << 63) - 1;
        assert_eq!(eval("all_bits(bit(x, j) == 1 || j == 63)", low, 0), Ok(true));
        assert_eq!(eval("all_bits(bit(x, j) == 1)", low, 0), Ok(false));
        assert_eq!(eval("all_bits(bit(x, j) == 1)", -1, 0), Ok(true));
        // The first failing value stops the evaluation: bit(x, -1) is never asked.
        assert_eq!(
            eval("all_bits(j != 5 && (j < 5 || bit(x, -1) == 0))", 0, 0),
            Ok(false)
        );
        assert_eq!(
            eval("all_small(bit(x, i) >= 0)", 0, 0),
            Err("in all_small at i = -2: bit(0, -2): no such bit (column 11)".into())
        );
        // Nested binders of different variables see both.
        assert_eq!(
            eval("all_small(all_bits(i * j < 200 && j - i >= -2))", 0, 0),
            Ok(true)
        );
        assert_eq!(eval("all_small(all_bits(i * j < 100))", 0, 0), Ok(false));
        assert_eq!(
            Claim::parse("all_bits(x > 0) && y > 0", &VOCABULARY).map(|c| c.text().to_owned()),
            Ok("all_bits(x > 0) && y > 0".to_owned())
        );
    }

    #[test]
    fn the_longest_flat_claims_evaluate() {
        // Left-deep trees as deep as 512 bytes allow: recursion stays shallow enough.
        let sum = format!("x == {}", vec!["1"; 250].join("+"));
        assert!(sum.len() <= MAX_CLAIM_BYTES);
        assert_eq!(eval(&sum, 250, 0), Ok(true));
        let ors = format!("{}x == 1", "x == 0 || ".repeat(50));
        assert!(ors.len() <= MAX_CLAIM_BYTES);
        assert_eq!(eval(&ors, 1, 0), Ok(true));
    }

    #[test]
    fn builtins_keep_their_meaning() {
        assert_eq!(eval("min(x, y, 3) == -4 && max(x, y) == 9", -4, 9), Ok(true));
        assert_eq!(
            eval(
                "bitxor(x, y) == 6 && bitand(x, y) == 8 && bitor(x, y) == 14",
                12,
                10
            ),
            Ok(true)
        );
        assert_eq!(
            eval("bitnot(x) == -13 && shl(x, 2) == 48 && shr(x, 2) == 3", 12, 0),
            Ok(true)
        );
    }
}
