//! From `cargo test`: a user's formula for the values of a partizan game, checked
//! against the canonical form from the moves on positions in the user's order, the first
//! failure returned typed.

use std::collections::HashMap;

use gamecheck_oracles::partizan_search::Forest;

use super::rules::Rules;
use super::{Partizan, Stopped, Value, Values};

/// A position where a formula's value is not the game's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refuted<P> {
    pub position: P,
    /// What the formula said.
    pub claimed: Value,
    /// The canonical form from the moves, confirmed by the definition of `>=`.
    pub truth: Value,
}

/// Why [`check_values`] stopped before every position passed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CheckValuesError<P: std::fmt::Debug> {
    /// The formula's value is not the game's.
    #[error("refuted at {:?}: the formula says {}, the game is {}", .0.position, .0.claimed, .0.truth)]
    Refuted(Refuted<P>),
    /// The canonical form from the moves, or the definition of `>=`, ran out of its budget.
    #[error("at {position:?}: {stopped}")]
    Stopped { position: P, stopped: Stopped },
    /// The canonical form from the moves is not equal to the game tree by the definition
    /// of `>=`: a defect of gamecheck, not of the formula.
    #[error(
        "at {position:?}: the canonical form {value} disagrees with the definition of >= (a defect of gamecheck)"
    )]
    Disagrees { position: P, value: Value },
}

impl<P: std::fmt::Debug> CheckValuesError<P> {
    /// Returns the refutation, when the formula was refuted.
    pub fn refuted(&self) -> Option<&Refuted<P>> {
        match self {
            CheckValuesError::Refuted(r) => Some(r),
            _ => None,
        }
    }
}

/// Returns whether `v` equals the game tree of `p` by the definition of `>=` (the oracle
/// of `gamecheck-oracles`, which never simplifies), within `budget` forms.
///
/// # Errors
/// More forms than `budget`.
pub fn equals_by_definition<G: Partizan>(
    game: &G,
    p: &G::Position,
    v: Value,
    budget: usize,
) -> Result<bool, Stopped> {
    fn plant(f: &mut Forest, v: Value, memo: &mut HashMap<Value, usize>) -> usize {
        if let Some(&id) = memo.get(&v) {
            return id;
        }
        let l = v.left_options().into_iter().map(|o| plant(f, o, memo)).collect();
        let r = v.right_options().into_iter().map(|o| plant(f, o, memo)).collect();
        let id = f.node(l, r);
        memo.insert(v, id);
        id
    }
    let mut forest = Forest::new();
    let tree = forest
        .from_rules(&Rules(game), p, budget)
        .map_err(|why| Stopped {
            budget: crate::problem::Budget::Positions { limit: budget as u64 },
            search: "the definition of >=",
            why,
        })?;
    let value = plant(&mut forest, v, &mut HashMap::new());
    Ok(forest.equal(tree, value))
}

/// Returns how many positions were checked when `formula` gives every position of
/// `positions` its value, else the first position (in the order given, so the least
/// when they come smallest first) where it does not.
///
/// # Errors
/// The first refuted position, with the claimed and the true value
/// ([`CheckValuesError::Refuted`]); a position beyond the value search's budget
/// ([`CheckValuesError::Stopped`]); or a canonical form the definition of `>=` does not
/// confirm, a defect of gamecheck ([`CheckValuesError::Disagrees`]).
///
/// # Example
/// ```
/// use gamecheck::partizan::{Partizan, Value, check_values};
/// /// A heap Left may shrink by one, Right by two.
/// struct Heap;
/// impl Partizan for Heap {
///     type Position = u32;
///     const NAME: &'static str = "heap";
///     fn left_moves(&self, &n: &u32, out: &mut Vec<u32>) { if n >= 1 { out.push(n - 1) } }
///     fn right_moves(&self, &n: &u32, out: &mut Vec<u32>) { if n >= 2 { out.push(n - 2) } }
/// }
/// let err = check_values(Heap, 0..10, |&n| Value::integer(i64::from(n))).unwrap_err();
/// let wrong = err.refuted().unwrap();
/// // At 2, Left moves to 1 (worth 1) and Right to 0: the switch {1|0}, not an integer.
/// assert_eq!((wrong.position, wrong.truth.to_string()), (2, "{1|0}".to_owned()));
/// ```
pub fn check_values<G: Partizan>(
    game: G,
    positions: impl IntoIterator<Item = G::Position>,
    mut formula: impl FnMut(&G::Position) -> Value,
) -> Result<usize, CheckValuesError<G::Position>> {
    let mut values = Values::new(game);
    let mut checked = 0;
    for p in positions {
        let truth = match values.of(&p) {
            Ok(v) => v,
            Err(stopped) => return Err(CheckValuesError::Stopped { position: p, stopped }),
        };
        match equals_by_definition(values.game(), &p, truth, 4_000_000) {
            Ok(true) => {}
            Ok(false) => {
                return Err(CheckValuesError::Disagrees {
                    position: p,
                    value: truth,
                });
            }
            Err(stopped) => return Err(CheckValuesError::Stopped { position: p, stopped }),
        }
        let claimed = formula(&p);
        if claimed != truth {
            return Err(CheckValuesError::Refuted(Refuted {
                position: p,
                claimed,
                truth,
            }));
        }
        checked += 1;
    }
    Ok(checked)
}
