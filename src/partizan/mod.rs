//! Partizan games: Left and Right have moves of their own, and a position's answer is a
//! value (a canonical form such as `3/4`, `^*`, `+-1` or `{2|1/2}`), an outcome class,
//! a mean and a temperature.
//!
//! A partizan game is a [`Partizan`]: its positions, Left's moves and Right's moves.
//! From these alone [`Values`] computes canonical forms, and
//! `gamecheck-oracles` judges them by the definition of `>=`, which never simplifies.
//! An impartial [`Game`](crate::game_trait::Game) is the case where both players have the
//! same moves: [`Impartial`] makes one partizan, and its values are nimbers.

mod atomic_weight;
mod by_format;
mod census;
mod check;
pub(crate) mod claim;
mod claim_expr;
mod cooling;
mod dyadic;
pub mod family;
mod game;
mod notation;
mod operations;
mod plot;
mod print;
mod problem;
mod rules;
mod thermograph;
mod value;

pub use atomic_weight::AtomicWeightError;
pub use census::{Census, CensusRow, census};
pub use check::{CheckValuesError, Refuted, check_values, equals_by_definition};
pub use cooling::temperature_by_cooling;
pub use dyadic::Dyadic;
pub use game::{Impartial, MAX_DEPTH, Partizan, Stopped, Values};
pub use notation::ValueError;
#[cfg(test)]
pub(crate) use notation::v;
pub use print::{MAX_PRINTED, TooLong};
pub use problem::{Answer, Ask, PartizanProblem};
pub use thermograph::{Thermograph, Trajectory};
pub use value::{OutcomeClass, Value};
