//! Checking a formula for a game of your own, from its moves alone.
//!
//! Give the game's moves as a [`Rules`] and a formula claiming who wins; one call of
//! [`check_formula`] checks the formula against the generic rules oracle on seeded,
//! boundary-biased positions, shrinks a failure and searches below it, and returns the
//! least counterexample typed. It is the same engine `gamecheck check` runs: the game
//! becomes a [`Problem`] whose one property is `formula_matches_rules_oracle`.
//!
//! Nothing is written to disk unless [`FormulaCheck::persist_in`] names a directory.

use std::fmt::{self, Debug};
use std::hash::Hash;
use std::path::PathBuf;
use std::sync::Mutex;

pub use gamecheck_oracles::rules_oracle::{Rules, RulesError, RulesOracle};
use itertools::Itertools;
use proptest::prelude::*;
use thiserror::Error;

use crate::check::{PropertyError, check_problem};
pub use crate::problem::Least;
use crate::problem::{Below, Evaluation, Order, Problem, Properties, Property, Share};

/// A position made of counts, so that positions can be generated, ordered and shrunk:
/// implemented for `u64`, `(u64, u64)`, `(u64, u64, u64)` and `[u64; N]`.
pub trait Coordinates: Sized + Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// The number of counts.
    const DIMENSIONS: usize;
    /// Returns the counts.
    fn coordinates(&self) -> Vec<u64>;
    /// Returns the position with these counts (`DIMENSIONS` of them).
    fn from_coordinates(c: &[u64]) -> Self;
}

impl Coordinates for u64 {
    const DIMENSIONS: usize = 1;
    fn coordinates(&self) -> Vec<u64> {
        vec![*self]
    }
    fn from_coordinates(c: &[u64]) -> u64 {
        c[0]
    }
}

impl Coordinates for (u64, u64) {
    const DIMENSIONS: usize = 2;
    fn coordinates(&self) -> Vec<u64> {
        vec![self.0, self.1]
    }
    fn from_coordinates(c: &[u64]) -> (u64, u64) {
        (c[0], c[1])
    }
}

impl Coordinates for (u64, u64, u64) {
    const DIMENSIONS: usize = 3;
    fn coordinates(&self) -> Vec<u64> {
        vec![self.0, self.1, self.2]
    }
    fn from_coordinates(c: &[u64]) -> (u64, u64, u64) {
        (c[0], c[1], c[2])
    }
}

impl<const N: usize> Coordinates for [u64; N] {
    const DIMENSIONS: usize = N;
    fn coordinates(&self) -> Vec<u64> {
        self.to_vec()
    }
    fn from_coordinates(c: &[u64]) -> [u64; N] {
        std::array::from_fn(|i| c[i])
    }
}

/// Who wins with best play: `First` is the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    First,
    Second,
}

impl Winner {
    /// Returns `First` when the player to move wins.
    pub fn of(mover_wins: bool) -> Winner {
        if mover_wins { Winner::First } else { Winner::Second }
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Winner::First => "First",
            Winner::Second => "Second",
        })
    }
}

/// How a formula is checked.
#[derive(Clone, Debug)]
pub struct FormulaCheck {
    /// Seed of the random positions (ChaCha8).
    pub seed: u64,
    /// Random positions to try.
    pub cases: u32,
    /// The largest count of a random position; small counts are favoured.
    pub max: u64,
    /// Candidates the least-counterexample search may enumerate below a failure.
    pub search_budget: u64,
    /// A directory whose `proptest-regressions/formula.txt` keeps and replays failures;
    /// `None` writes nothing.
    pub persist_in: Option<PathBuf>,
}

impl Default for FormulaCheck {
    fn default() -> FormulaCheck {
        FormulaCheck {
            seed: 1,
            cases: 256,
            max: 1000,
            search_budget: 100_000,
            persist_in: None,
        }
    }
}

/// Where a formula is wrong, typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation<P> {
    /// The least position (by total count, then counts) where the formula is wrong.
    pub position: P,
    /// How sure `position` is to be least.
    pub least: Least,
    /// What the formula says there.
    pub formula_says: Winner,
    /// What the rules oracle says there.
    pub truth: Winner,
    /// Where proptest's shrinking stopped, before the search below it.
    pub shrunk: P,
}

/// Why a formula did not hold.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum FormulaError<P: Debug> {
    /// The formula is wrong at a position.
    #[error("the formula is wrong at {:?} ({}): it says {}, the rules say {}", .0.position, .0.least, .0.formula_says, .0.truth)]
    Refuted(Box<Refutation<P>>),
    /// The rules oracle could not decide a position (too large, or the game loops).
    #[error("the rules oracle cannot decide {position:?}: {error}")]
    Oracle { position: P, error: RulesError },
    /// proptest gave up.
    #[error("the run was aborted: {0}")]
    Aborted(String),
}

/// A formula and the game it is about, as a [`Problem`].
struct FormulaProblem<R: Rules, F> {
    oracle: Mutex<RulesOracle<R>>,
    formula: F,
    max: u64,
    search_budget: u64,
}

impl<R: Rules, F> FormulaProblem<R, F> {
    fn truth(&self, p: &R::Position) -> Result<Winner, RulesError> {
        let mut oracle = self.oracle.lock().unwrap_or_else(|e| e.into_inner());
        oracle.wins(p).map(Winner::of)
    }
}

impl<R, F> Problem for FormulaProblem<R, F>
where
    R: Rules + Send + Sync,
    R::Position: Coordinates,
    F: Fn(&R::Position) -> bool + Send + Sync,
{
    type Case = R::Position;
    type Answer = Winner;

    fn name(&self) -> &'static str {
        "formula"
    }

    fn solve(&self, p: &R::Position) -> Result<Winner, String> {
        Ok(Winner::of((self.formula)(p)))
    }

    fn evaluate(&self, p: &R::Position) -> Vec<Evaluation<Winner>> {
        let oracle = match self.truth(p) {
            Ok(w) => Evaluation::answer("rules oracle", w),
            Err(e) => Evaluation::out_of_reach("rules oracle", e.to_string()),
        };
        vec![
            Evaluation::answer("formula", Winner::of((self.formula)(p))),
            oracle,
        ]
    }

    fn describe(&self, p: &R::Position) -> String {
        format!("{p:?}")
    }

    fn to_json(&self, p: &R::Position) -> serde_json::Value {
        serde_json::json!(p.coordinates())
    }

    fn repro_command(&self, p: &R::Position) -> String {
        format!("evaluate the formula and the rules oracle at {p:?}")
    }
}

impl<R, F> Order for FormulaProblem<R, F>
where
    R: Rules + Send + Sync,
    R::Position: Coordinates,
    F: Fn(&R::Position) -> bool + Send + Sync,
{
    /// (total count, counts).
    type Key = (u128, Vec<u64>);

    fn key(&self, p: &R::Position) -> Self::Key {
        let c = p.coordinates();
        (c.iter().map(|&v| u128::from(v)).sum(), c)
    }

    fn smaller(&self, p: &R::Position) -> Vec<R::Position> {
        let c = p.coordinates();
        let mut out = Vec::new();
        for i in 0..c.len() {
            for v in [0, c[i] / 2, c[i].saturating_sub(1)] {
                let mut next = c.clone();
                next[i] = v;
                out.push(R::Position::from_coordinates(&next));
            }
        }
        out
    }

    fn coordinates(&self, p: &R::Position) -> Vec<u128> {
        p.coordinates().into_iter().map(u128::from).collect()
    }

    fn with_coordinate(&self, p: &R::Position, i: usize, value: u128) -> Option<R::Position> {
        let mut c = p.coordinates();
        *c.get_mut(i)? = u64::try_from(value).ok()?;
        Some(R::Position::from_coordinates(&c))
    }

    fn below(&self, p: &R::Position, budget: u64) -> Below<'_, R::Position> {
        let d = R::Position::DIMENSIONS;
        // Totals up to S hold C(S + d, d) positions.
        let positions = |s: u64| (1..=d as u64).fold(1u128, |acc, i| acc * u128::from(s + i) / u128::from(i));
        let limit = (0..=1_000_000u64)
            .take_while(|&s| positions(s) <= u128::from(budget))
            .last()
            .unwrap_or(0);
        let total: u128 = p.coordinates().iter().map(|&v| u128::from(v)).sum();
        Below::by_total(total, limit, "in total", move |s| {
            std::iter::repeat_n(0..=s, d)
                .multi_cartesian_product()
                .filter(move |c| c.iter().sum::<u64>() == s)
                .map(|c| R::Position::from_coordinates(&c))
        })
    }
}

impl<R, F> Properties for FormulaProblem<R, F>
where
    R: Rules + Send + Sync,
    R::Position: Coordinates,
    F: Fn(&R::Position) -> bool + Send + Sync,
{
    fn properties(&self) -> Vec<Property<Self>> {
        let max = self.max;
        let count = prop_oneof![3 => 0..=max.min(16), 2 => 0..=max, 1 => max.saturating_sub(2)..=max];
        let cases = prop::collection::vec(count, R::Position::DIMENSIONS)
            .prop_map(|c| R::Position::from_coordinates(&c))
            .boxed();
        vec![Property {
            name: "formula_matches_rules_oracle",
            share: Share { times: 1, per: 1 },
            cases,
            check: Box::new(|problem: &Self, p: &R::Position| {
                let says = Winner::of((problem.formula)(p));
                match problem.truth(p) {
                    Ok(truth) if truth == says => Ok(()),
                    Ok(truth) => Err(format!("the formula says {says}, the rules oracle {truth}")),
                    Err(e) => Err(format!("the rules oracle cannot decide: {e}")),
                }
            }),
        }]
    }

    fn regressions(&self) -> &'static str {
        "proptest-regressions/formula.txt"
    }

    fn search_budget(&self) -> u64 {
        self.search_budget
    }
}

/// Returns `Ok` when `formula` (does the player to move win?) agrees with the rules
/// oracle on every position tried, else the least position where it does not, typed.
///
/// # Complexity
/// `config.cases` formula calls and oracle look-ups (the oracle memoizes every position
/// it solves), plus at most `config.search_budget` candidates below a failure.
///
/// # Example
/// The subtraction game with moves {1, 3, 4}: the player to move loses exactly when
/// n mod 7 is 0 or 2.
/// ```
/// use gamecheck::formula::{check_formula, FormulaCheck, FormulaError, Rules, Least};
///
/// struct Subtraction;
/// impl Rules for Subtraction {
///     type Position = u64;
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 3, 4].into_iter().filter(|&m| m <= n).map(|m| n - m));
///     }
/// }
/// let config = FormulaCheck::default();
/// assert!(check_formula(Subtraction, |&n| n % 7 != 0 && n % 7 != 2, &config).is_ok());
/// // "Odd positions win" is wrong first at n = 4, which the move 4 -> 0 wins.
/// match check_formula(Subtraction, |&n| n % 2 == 1, &config) {
///     Err(FormulaError::Refuted(r)) => assert_eq!((r.position, r.least), (4, Least::Proven)),
///     other => panic!("{other:?}"),
/// }
/// ```
pub fn check_formula<R, F>(
    rules: R,
    formula: F,
    config: &FormulaCheck,
) -> Result<(), FormulaError<R::Position>>
where
    R: Rules + Send + Sync,
    R::Position: Coordinates,
    F: Fn(&R::Position) -> bool + Send + Sync,
{
    let problem = FormulaProblem {
        oracle: Mutex::new(RulesOracle::new(rules)),
        formula,
        max: config.max,
        search_budget: config.search_budget,
    };
    match check_problem(&problem, config.seed, config.cases, config.persist_in.as_deref()) {
        Ok(()) => Ok(()),
        Err(PropertyError::Abort(reason)) => Err(FormulaError::Aborted(reason)),
        Err(PropertyError::Fail(c)) => {
            let truth = problem.truth(&c.case).map_err(|error| FormulaError::Oracle {
                position: c.case.clone(),
                error,
            })?;
            Err(FormulaError::Refuted(Box::new(Refutation {
                formula_says: Winner::of((problem.formula)(&c.case)),
                truth,
                position: c.case,
                least: c.least,
                shrunk: c.shrunk,
            })))
        }
    }
}
