//! A typed Moore's Nim claim: "the position is a loss for the player to move exactly when
//! EXPR", over the piles' summaries, with `bitcount(j)` and the binder `all_bits(…)`.

use crate::claim_lang::{Binder, Claim, ClaimError, Env, Function, Vocabulary};
use crate::claims::{ClaimReport, check_typed_claim};
use crate::game::{GameProblem, Question};
use crate::games::Commands;
use crate::games::moore::Moore;

/// The variables of a games claim: the number of piles, k, the xor, sum and largest pile
/// (0 for no piles).
pub const GAMES_VARIABLES: [&str; 5] = ["piles", "k", "xor", "sum", "max"];

/// The functions a games claim adds: `bitcount(j)`, the number of piles with bit j set
/// (0 for j ≥ 64; an error for j < 0).
pub const GAMES_FUNCTIONS: [Function; 1] = [Function {
    name: "bitcount",
    arity: 1,
}];

/// The bits `all_bits` ranges over: every bit of a `u64` pile.
pub const ALL_BITS: std::ops::Range<i128> = 0..64;

/// The names a games claim may use: [`GAMES_VARIABLES`], [`GAMES_FUNCTIONS`] and
/// `all_bits(e)`, true when `e` holds with `j` bound to every bit of [`ALL_BITS`].
pub static GAMES_VOCABULARY: Vocabulary = Vocabulary {
    variables: &GAMES_VARIABLES,
    functions: &GAMES_FUNCTIONS,
    binders: &[Binder {
        name: "all_bits",
        variable: "j",
        range: ALL_BITS,
    }],
};

/// A parsed games claim.
#[derive(Debug)]
pub struct GamesExpr {
    k: u32,
    claim: Claim,
}

/// A position seen by a claim: the values of [`GAMES_VARIABLES`] and the piles that
/// `bitcount` counts in.
struct Position<'a> {
    values: [i128; 5],
    piles: &'a [u64],
}

impl Env for Position<'_> {
    fn variable(&self, index: usize) -> i128 {
        self.values[index]
    }

    fn call(&self, _bitcount: usize, args: &[i128]) -> Result<i128, String> {
        let j = args.first().copied().unwrap_or_default();
        let j = u32::try_from(j).map_err(|_| format!("bitcount({j}): bit index below 0"))?;
        // Piles are u64: bits 64 and up are clear in every pile.
        let count = if j < 64 {
            self.piles.iter().filter(|&&p| (p >> j) & 1 == 1).count()
        } else {
            0
        };
        Ok(count as i128)
    }
}

impl<'a> Position<'a> {
    fn new(piles: &'a [u64], k: u32) -> Result<Position<'a>, String> {
        let sum = piles
            .iter()
            .try_fold(0i128, |s, &p| s.checked_add(i128::from(p)))
            .ok_or("the sum of the piles overflows 128 bits")?;
        Ok(Position {
            values: [
                piles.len() as i128,
                i128::from(k),
                i128::from(piles.iter().fold(0, |x, &p| x ^ p)),
                sum,
                i128::from(piles.iter().copied().max().unwrap_or(0)),
            ],
            piles,
        })
    }
}

impl GamesExpr {
    /// Returns `text` parsed as a claim on Moore's Nim_k positions over
    /// [`GAMES_VOCABULARY`]. `j` exists only inside `all_bits`; `all_bits` cannot be
    /// nested.
    ///
    /// # Constraints
    /// Those of [`Claim::parse`].
    ///
    /// # Complexity
    /// O(|text|).
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::ExprError;
    /// use gamecheck::moore::GamesExpr;
    /// assert!(GamesExpr::compile("all_bits(bitcount(j) % (k + 1) == 0)", 6).is_ok());
    /// assert!(matches!(
    ///     GamesExpr::compile("all_bits(all_bits(j > 0))", 6),
    ///     Err(ExprError::NestedBinder { column: 10, .. })
    /// ));
    /// assert!(matches!(GamesExpr::compile("j == 0", 6), Err(ExprError::UnknownVariable { .. })));
    /// ```
    pub fn compile(text: &str, k: u32) -> Result<GamesExpr, ClaimError> {
        Claim::parse(text, &GAMES_VOCABULARY).map(|claim| GamesExpr { k, claim })
    }

    /// Returns what the claim says about `piles`: whether the player to move loses, or
    /// why it gives no answer (an evaluation error such as an overflow).
    ///
    /// # Complexity
    /// O(size of the expression · 64 per `all_bits` + piles · 64).
    ///
    /// # Example
    /// ```
    /// use gamecheck::moore::GamesExpr;
    /// let e = GamesExpr::compile("all_bits(bitcount(j) % (k + 1) == 0)", 2).unwrap();
    /// assert_eq!(e.is_loss(&[7, 7, 7]), Ok(true));
    /// assert_eq!(e.is_loss(&[7, 7]), Ok(false));
    /// let e = GamesExpr::compile("sum / xor > 1", 2).unwrap();
    /// assert!(e.is_loss(&[]).is_err()); // division by zero
    /// ```
    pub fn is_loss(&self, piles: &[u64]) -> Result<bool, String> {
        let position = Position::new(piles, self.k)?;
        self.claim.eval(&position).map_err(|e| e.to_string())
    }
}

/// Returns the verdict on the typed claim "the position is a loss for the player to move
/// exactly when `text`" in Moore's Nim_k, checked by [`check_typed_claim`] on
/// Moore's Nim_k.
///
/// # Errors
/// `text` does not parse ([`GamesExpr::compile`]), or k = 0, before any checking.
///
/// # Complexity
/// That of [`check_typed_claim`], each call O(claim).
///
/// # Example
/// ```
/// use gamecheck::claims::ClaimVerdict;
/// use gamecheck::moore::check_games_expr;
/// let r = check_games_expr("xor == 0", 6, 1, 200).unwrap();
/// assert_eq!(r.verdict, ClaimVerdict::Refuted);
/// // k = 6: two piles of one are taken in one move, so [1, 1] is a win, not the loss XOR says.
/// assert_eq!(r.counterexample.to_string(), "[1,1]");
/// ```
pub fn check_games_expr(text: &str, k: u32, seed: u64, cases: u32) -> Result<ClaimReport, ClaimError> {
    let game = Moore::new(k).map_err(|why| ClaimError::Syntax {
        text: text.to_owned(),
        column: 1,
        message: why,
    })?;
    let problem = GameProblem::new(game, Question::default()).map_err(|e| ClaimError::Syntax {
        text: text.to_owned(),
        column: 1,
        message: e.to_string(),
    })?;
    problem
        .typed_claim(text, seed, cases)
        .unwrap_or_else(|| check_typed_claim(&problem, text, seed, cases))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitcount_counts_piles_with_the_bit() {
        let piles = [0b101, 0b100, 1 << 63];
        let p = Position::new(&piles, 6).expect("small sum");
        assert_eq!(p.call(0, &[0]), Ok(1));
        assert_eq!(p.call(0, &[2]), Ok(2));
        assert_eq!(p.call(0, &[63]), Ok(1));
        assert_eq!(p.call(0, &[64]), Ok(0));
        assert_eq!(
            p.call(0, &[-1]),
            Err("bitcount(-1): bit index below 0".to_owned())
        );
    }

    #[test]
    fn variable_max_and_function_max_coexist() {
        // `max` followed by `(` is the built-in function, else the largest pile.
        let e = GamesExpr::compile("max(sum, 1) == 11 && max == 6", 2);
        assert_eq!(e.map(|e| e.is_loss(&[6, 4, 1])), Ok(Ok(true)));
    }

    #[test]
    fn summaries_are_the_position_s() {
        let e = GamesExpr::compile("piles == 3 && k == 2 && xor == 3 && sum == 11 && max == 6", 2);
        assert_eq!(e.map(|e| e.is_loss(&[6, 4, 1])), Ok(Ok(true)));
        let empty = GamesExpr::compile("piles == 0 && xor == 0 && sum == 0 && max == 0", 2);
        assert_eq!(empty.map(|e| e.is_loss(&[])), Ok(Ok(true)));
    }
}
