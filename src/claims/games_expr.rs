//! A typed Moore's Nim claim: "the position is a loss for the player to move exactly when
//! EXPR", over the piles' summaries, with `bitcount(j)` and `all_bits(…)`.
//!
//! evalexpr evaluates a function's argument before the call, so `all_bits(inner)` cannot
//! be an evalexpr function: each call is cut out of the text before parsing, its inner
//! text is parsed on its own (with `j` bound), and the call is replaced by a fresh
//! variable computed before the outer expression is evaluated.

use evalexpr::Value;

use super::engine::check_typed_claim;
use super::expr::{ClaimValue, Expr, ExprError, Scope, int};
use super::verdict::ClaimReport;
use crate::games::moore::MoorePosition;

/// The variables of a games claim: the number of piles, k, the xor, sum and largest pile
/// (0 for no piles).
pub const GAMES_VARIABLES: [&str; 5] = ["piles", "k", "xor", "sum", "max"];

/// The functions a games claim adds: `bitcount(j)`, the number of piles with bit j set.
/// `all_bits(e)` is handled before parsing.
pub const GAMES_FUNCTIONS: [&str; 1] = ["bitcount"];

/// The bits `all_bits` ranges over: every bit of a `u64` pile.
pub const ALL_BITS: std::ops::Range<u32> = 0..64;

/// A parsed games claim.
#[derive(Debug)]
pub struct GamesExpr {
    k: u32,
    outer: Expr,
    /// Each `all_bits` call: its variable in the outer expression and its inner expression.
    all_bits: Vec<(String, Expr)>,
}

const ALL_BITS_NAME: &str = "all_bits";

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == ':'
}

/// Byte offsets of the identifier `all_bits` in `text`, on word boundaries.
fn all_bits_calls(text: &str) -> Vec<usize> {
    text.match_indices(ALL_BITS_NAME)
        .map(|(i, _)| i)
        .filter(|&i| {
            !text[..i].chars().next_back().is_some_and(is_ident)
                && !text[i + ALL_BITS_NAME.len()..]
                    .chars()
                    .next()
                    .is_some_and(is_ident)
        })
        .collect()
}

fn column(text: &str, byte: usize) -> usize {
    text[..byte].chars().count() + 1
}

/// Moves an error in `inner` (which starts at character `offset` of `text`) onto `text`.
fn shift(e: ExprError, text: &str, offset: usize) -> ExprError {
    let text = text.to_owned();
    match e {
        ExprError::TooLarge { why } => ExprError::TooLarge { why },
        ExprError::Syntax { column, message, .. } => ExprError::Syntax {
            text,
            column: column + offset,
            message,
        },
        ExprError::UnknownVariable {
            name, column, known, ..
        } => ExprError::UnknownVariable {
            text,
            name,
            column: column + offset,
            known,
        },
        ExprError::UnknownFunction {
            name, column, known, ..
        } => ExprError::UnknownFunction {
            text,
            name,
            column: column + offset,
            known,
        },
        ExprError::NestedAllBits { column, .. } => ExprError::NestedAllBits {
            text,
            column: column + offset,
        },
    }
}

/// The byte offset of the `)` closing the `(` at `open`, skipping string literals.
fn closing(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, ch) in text[open..].char_indices() {
        match ch {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '(' if !in_string => depth += 1,
            ')' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

fn summaries(piles: &[u64], k: u32) -> Result<[(&'static str, ClaimValue); 5], String> {
    let sum = piles
        .iter()
        .try_fold(0i128, |s, &p| s.checked_add(i128::from(p)))
        .ok_or("the sum of the piles overflows 128 bits")?;
    Ok([
        ("piles", int(piles.len() as i128)),
        ("k", int(k)),
        ("xor", int(piles.iter().fold(0, |x, &p| x ^ p))),
        ("sum", int(sum)),
        ("max", int(piles.iter().copied().max().unwrap_or(0))),
    ])
}

impl GamesExpr {
    /// Returns `text` parsed as a claim on Moore's Nim_k positions over
    /// [`GAMES_VARIABLES`], `bitcount(j)` and `all_bits(e)`: true when `e`, with `j`
    /// bound to each bit 0..=63 (all of [`ALL_BITS`], whatever the piles), is true for
    /// every one (evaluated from j = 0 up, stopping at the first false). `j` exists only
    /// inside `all_bits`; `all_bits` cannot be nested.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(|text|²) at most (locating a syntax error).
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::{ExprError, GamesExpr};
    /// assert!(GamesExpr::compile("all_bits(bitcount(j) % (k + 1) == 0)", 6).is_ok());
    /// assert!(matches!(
    ///     GamesExpr::compile("all_bits(all_bits(j > 0))", 6),
    ///     Err(ExprError::NestedAllBits { column: 10, .. })
    /// ));
    /// assert!(matches!(GamesExpr::compile("j == 0", 6), Err(ExprError::UnknownVariable { .. })));
    /// ```
    pub fn compile(text: &str, k: u32) -> Result<GamesExpr, ExprError> {
        super::expr::check_size(text)?;
        let mut outer = String::with_capacity(text.len());
        let mut all_bits = Vec::new();
        let mut inner_vars: Vec<&str> = GAMES_VARIABLES.to_vec();
        inner_vars.push("j");
        let mut copied = 0;
        for start in all_bits_calls(text) {
            if start < copied {
                continue; // inside an earlier call: reported as nested below
            }
            let after = start + ALL_BITS_NAME.len();
            let open = after + text[after..].len() - text[after..].trim_start().len();
            if !text[open..].starts_with('(') {
                continue; // not a call: parsed as a variable, reported unknown
            }
            let close = closing(text, open).ok_or_else(|| ExprError::Syntax {
                text: text.to_owned(),
                column: column(text, open),
                message: "this `(` of all_bits is never closed".to_owned(),
            })?;
            let inner = &text[open + 1..close];
            let offset = column(text, open + 1) - 1;
            if let Some(&nested) = all_bits_calls(inner).first() {
                return Err(ExprError::NestedAllBits {
                    text: text.to_owned(),
                    column: column(inner, nested) + offset,
                });
            }
            let expr =
                Expr::compile(inner, &inner_vars, &GAMES_FUNCTIONS).map_err(|e| shift(e, text, offset))?;
            // The same width keeps columns of the outer text those of `text`.
            let name = format!("__ab{}", all_bits.len());
            let width = text[start..=close].chars().count();
            outer.push_str(&text[copied..start]);
            outer.push_str(&format!("{name:width$}"));
            copied = close + 1;
            all_bits.push((name, expr));
        }
        outer.push_str(&text[copied..]);
        let mut outer_vars: Vec<&str> = GAMES_VARIABLES.to_vec();
        outer_vars.extend(all_bits.iter().map(|(n, _)| n.as_str()));
        let outer = Expr::compile(&outer, &outer_vars, &GAMES_FUNCTIONS).map_err(|e| shift(e, text, 0))?;
        Ok(GamesExpr { k, outer, all_bits })
    }

    /// Returns what the claim says about `piles`: whether the player to move loses, or
    /// why it gives no answer (an evaluation error or a value that is not a boolean).
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(size of the expression · (1 + 64 · all_bits calls) + piles · 64).
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::GamesExpr;
    /// let e = GamesExpr::compile("all_bits(bitcount(j) % (k + 1) == 0)", 2).unwrap();
    /// assert_eq!(e.is_loss(&[7, 7, 7]), Ok(true));
    /// assert_eq!(e.is_loss(&[7, 7]), Ok(false));
    /// let e = GamesExpr::compile("sum / xor > 1", 2).unwrap();
    /// assert!(e.is_loss(&[]).is_err()); // division by zero
    /// ```
    pub fn is_loss(&self, piles: &[u64]) -> Result<bool, String> {
        let base = summaries(piles, self.k)?;
        let mut vars: Vec<(&str, ClaimValue)> = base.to_vec();
        let mut inner_vars: Vec<(&str, ClaimValue)> = base.to_vec();
        inner_vars.push(("j", int(0)));
        for (name, inner) in &self.all_bits {
            let mut all = true;
            for j in ALL_BITS {
                if let Some(last) = inner_vars.last_mut() {
                    last.1 = int(j);
                }
                let holds = inner
                    .eval(&Scope {
                        vars: &inner_vars,
                        piles,
                    })
                    .map_err(|e| format!("in all_bits at j = {j}: {e}"))?;
                if !holds {
                    all = false;
                    break;
                }
            }
            vars.push((name.as_str(), Value::Boolean(all)));
        }
        self.outer.eval(&Scope { vars: &vars, piles })
    }
}

/// Returns the verdict on the typed claim "the position is a loss for the player to move
/// exactly when `text`" in Moore's Nim_k, checked by [`check_typed_claim`] on
/// [`MoorePosition::with_k`]`(k)`.
///
/// # Constraints
/// None; a text that does not compile is an `Err` before any checking.
///
/// # Complexity
/// That of [`check_typed_claim`], each call O(claim).
///
/// # Example
/// ```
/// use gamecheck::claims::{check_games_expr, ClaimVerdict};
/// let r = check_games_expr("xor == 0", 6, 1, 200).unwrap();
/// assert_eq!(r.verdict, ClaimVerdict::Refuted);
/// assert_eq!(r.counterexample.to_string(), r#"{"piles":[1,1],"k":6}"#);
/// ```
pub fn check_games_expr(text: &str, k: u32, seed: u64, cases: u32) -> Result<ClaimReport, ExprError> {
    check_typed_claim(&MoorePosition::with_k(k), text, seed, cases)
}
