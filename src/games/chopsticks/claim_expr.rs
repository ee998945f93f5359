//! A typed Chopsticks claim: "the player to move wins exactly when EXPR", over the
//! counts a, c, b, d and the hand totals n = a + c, m = b + d.

use super::game::for_claims;
use crate::claim_lang::{Claim, ClaimError, Env, Vocabulary};
use crate::claims::{ClaimReport, check_typed_claim};
use crate::games::chopsticks::State;

/// The variables of a Chopsticks claim.
pub const CHOPSTICKS_VARIABLES: [&str; 6] = ["a", "c", "b", "d", "n", "m"];

/// The names a Chopsticks claim may use: [`CHOPSTICKS_VARIABLES`], no functions of its own.
pub static CHOPSTICKS_VOCABULARY: Vocabulary = Vocabulary {
    variables: &CHOPSTICKS_VARIABLES,
    functions: &[],
    binders: &[],
};

/// A parsed Chopsticks claim.
#[derive(Debug)]
pub struct ChopsticksExpr {
    claim: Claim,
}

/// The values of [`CHOPSTICKS_VARIABLES`] at one position, in that order.
struct Counts([i128; 6]);

impl Env for Counts {
    fn variable(&self, index: usize) -> i128 {
        self.0[index]
    }
}

fn value(v: u128) -> Result<i128, String> {
    i128::try_from(v).map_err(|_| format!("{v} does not fit in 128-bit signed integers"))
}

impl ChopsticksExpr {
    /// Returns `text` parsed as a Chopsticks claim over [`CHOPSTICKS_VOCABULARY`].
    ///
    /// # Constraints
    /// Those of [`Claim::parse`].
    ///
    /// # Complexity
    /// O(|text|).
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::ChopsticksExpr;
    /// assert!(ChopsticksExpr::compile("n > m && a % 2 == 1").is_ok());
    /// assert!(ChopsticksExpr::compile("n > > m").is_err());
    /// assert!(ChopsticksExpr::compile("q > 0").is_err());
    /// ```
    pub fn compile(text: &str) -> Result<ChopsticksExpr, ClaimError> {
        Claim::parse(text, &CHOPSTICKS_VOCABULARY).map(|claim| ChopsticksExpr { claim })
    }

    /// Returns what the claim says about `s`: whether the player to move wins, or why
    /// it gives no answer (an evaluation error such as an overflow).
    ///
    /// # Complexity
    /// O(size of the expression).
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::ChopsticksExpr;
    /// use gamecheck::chopsticks::State;
    /// let e = ChopsticksExpr::compile("n > m").unwrap();
    /// assert_eq!(e.wins(State::new(2, 0, 1, 0)), Ok(true));
    /// let e = ChopsticksExpr::compile("a / d > 0").unwrap();
    /// assert_eq!(
    ///     e.wins(State::new(2, 0, 1, 0)),
    ///     Err("2 / 0: division by zero (column 3)".to_owned())
    /// );
    /// ```
    pub fn wins(&self, s: State) -> Result<bool, String> {
        let counts = Counts([
            value(s.a)?,
            value(s.c)?,
            value(s.b)?,
            value(s.d)?,
            value(s.hands())?,
            value(s.opponent_hands())?,
        ]);
        self.claim.eval(&counts).map_err(|e| e.to_string())
    }
}

/// Returns the verdict on the typed claim "the player to move wins exactly when `text`",
/// checked like the catalog's claims by [`check_typed_claim`] on
/// Chopsticks as a game: every position up to a total of hands, then `cases`
/// random ones from `seed`, then the least counterexample. A position where the
/// expression gives no answer counts as a failure.
///
/// # Constraints
/// `text` parses ([`ChopsticksExpr::compile`]); else the error, before any checking.
///
/// # Complexity
/// About 123,000 + `cases` evaluations of the expression.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::check_chopsticks_expr;
/// use gamecheck::claims::ClaimVerdict;
/// let r = check_chopsticks_expr("n > m", 1, 100).unwrap();
/// assert_eq!(r.verdict, ClaimVerdict::Refuted);
/// assert_eq!(r.counterexample.to_string(), "[0,1,0,1]");
/// ```
pub fn check_chopsticks_expr(text: &str, seed: u64, cases: u32) -> Result<ClaimReport, ClaimError> {
    check_typed_claim(for_claims(), text, seed, cases)
}
