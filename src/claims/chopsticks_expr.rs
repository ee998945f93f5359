//! A typed Chopsticks claim: "the player to move wins exactly when EXPR", over the
//! counts a, c, b, d and the hand totals n = a + c, m = b + d.

use super::engine::check_typed_claim;
use super::expr::{ClaimValue, Expr, ExprError, Scope, int};
use super::verdict::ClaimReport;
use crate::games::chopsticks::{Chopsticks, State};

/// The variables of a Chopsticks claim.
pub const CHOPSTICKS_VARIABLES: [&str; 6] = ["a", "c", "b", "d", "n", "m"];

/// A parsed Chopsticks claim.
#[derive(Debug)]
pub struct ChopsticksExpr {
    expr: Expr,
}

fn value(v: u128) -> Result<ClaimValue, String> {
    i128::try_from(v)
        .map(int)
        .map_err(|_| format!("{v} does not fit in 128-bit signed integers"))
}

impl ChopsticksExpr {
    /// Returns `text` parsed as a Chopsticks claim over [`CHOPSTICKS_VARIABLES`].
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(|text|²) at most (locating a syntax error).
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::ChopsticksExpr;
    /// assert!(ChopsticksExpr::compile("n > m && a % 2 == 1").is_ok());
    /// assert!(ChopsticksExpr::compile("n > > m").is_err());
    /// assert!(ChopsticksExpr::compile("q > 0").is_err());
    /// ```
    pub fn compile(text: &str) -> Result<ChopsticksExpr, ExprError> {
        Expr::compile(text, &CHOPSTICKS_VARIABLES, &[]).map(|expr| ChopsticksExpr { expr })
    }

    /// Returns what the claim says about `s`: whether the player to move wins, or why
    /// it gives no answer (an evaluation error or a value that is not a boolean).
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(size of the expression).
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::ChopsticksExpr;
    /// use gamecheck::chopsticks::State;
    /// let e = ChopsticksExpr::compile("n > m").unwrap();
    /// assert_eq!(e.wins(State::new(2, 0, 1, 0)), Ok(true));
    /// let e = ChopsticksExpr::compile("a / d > 0").unwrap();
    /// assert!(e.wins(State::new(2, 0, 1, 0)).is_err()); // division by zero
    /// ```
    pub fn wins(&self, s: State) -> Result<bool, String> {
        let vars = [
            ("a", value(s.a)?),
            ("c", value(s.c)?),
            ("b", value(s.b)?),
            ("d", value(s.d)?),
            ("n", value(s.hands())?),
            ("m", value(s.opponent_hands())?),
        ];
        self.expr.eval(&Scope {
            vars: &vars,
            piles: &[],
        })
    }
}

/// Returns the verdict on the typed claim "the player to move wins exactly when `text`",
/// checked like the catalog's claims by [`check_typed_claim`] on
/// [`Chopsticks::for_claims`]: every position of real play up to 40 hands, then `cases`
/// random ones from `seed`, then the least counterexample. A position where the
/// expression gives no answer counts as a failure.
///
/// # Constraints
/// None; a text that does not compile is an `Err` before any checking.
///
/// # Complexity
/// About 123,000 + `cases` evaluations of the expression.
///
/// # Example
/// ```
/// use gamecheck::claims::{check_chopsticks_expr, ClaimVerdict};
/// let r = check_chopsticks_expr("n > m", 1, 100).unwrap();
/// assert_eq!(r.verdict, ClaimVerdict::Refuted);
/// assert_eq!(r.counterexample.to_string(), "[0,1,0,1]");
/// ```
pub fn check_chopsticks_expr(text: &str, seed: u64, cases: u32) -> Result<ClaimReport, ExprError> {
    check_typed_claim(Chopsticks::for_claims(), text, seed, cases)
}
