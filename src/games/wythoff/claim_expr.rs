//! A typed Wythoff claim: "the player to move loses exactly when EXPR", over the piles x
//! and y, with `min` and `max` of the claim language.

use crate::claim_lang::{Claim, ClaimError, Env, Vocabulary};

use super::problem::Piles;

/// The names a Wythoff claim may use: the piles `x` and `y`, and `j = |x - y|`.
pub static WYTHOFF_VOCABULARY: Vocabulary = Vocabulary {
    variables: &["x", "y", "j"],
    functions: &[],
    binders: &[],
};

/// A parsed Wythoff claim.
#[derive(Debug)]
pub struct WythoffExpr {
    claim: Claim,
}

struct Values([i128; 3]);

impl Env for Values {
    fn variable(&self, index: usize) -> i128 {
        self.0[index]
    }
}

impl WythoffExpr {
    /// Returns `text` parsed as a Wythoff claim over [`WYTHOFF_VOCABULARY`].
    ///
    /// # Example
    /// ```
    /// use gamecheck::games::wythoff::WythoffExpr;
    /// assert!(WythoffExpr::compile("x == y").is_ok());
    /// assert!(WythoffExpr::compile("x == z").is_err());
    /// ```
    pub fn compile(text: &str) -> Result<WythoffExpr, ClaimError> {
        Claim::parse(text, &WYTHOFF_VOCABULARY).map(|claim| WythoffExpr { claim })
    }

    /// Returns what the claim says about `p`: whether the player to move loses, or why
    /// it gives no answer.
    ///
    /// # Example
    /// ```
    /// use gamecheck::games::wythoff::{Piles, WythoffExpr};
    /// let e = WythoffExpr::compile("min(x, y) * 2 == max(x, y) + j - 1 || x + y == 0").unwrap();
    /// assert_eq!(e.is_loss(Piles { x: 1, y: 2 }), Ok(true));
    /// ```
    pub fn is_loss(&self, p: Piles) -> Result<bool, String> {
        let (x, y) = (i128::from(p.x), i128::from(p.y));
        self.claim
            .eval(&Values([x, y, (x - y).abs()]))
            .map_err(|e| e.to_string())
    }
}
