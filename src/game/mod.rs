//! A game is its moves.
//!
//! [`Game`] is the one trait a game implements: a position type made of counts
//! ([`Position`]), its moves, and optionally its domain (which positions are valid). From
//! these alone every engine works: [`GameProblem`] turns any game into a problem that
//! `check`, the least-counterexample search, claims, `prove`, `repro`, `solve`, `stress`
//! and `plot` run, with the rules oracle of `gamecheck-oracles` as the judge. A game with
//! parameters declares them as flags ([`FromFlags`]); a game without is built by
//! `Default`.
//!
//! Every other method has a default that is real behaviour computed from the moves, as
//! ac-library-rs's `Monoid` or proptest's `Strategy` build everything on one or two
//! required methods. The fast paths ([`Game::grundy`], [`Game::outcome`],
//! [`Game::misere_outcome`], [`Game::winning_move`]) default to a memoized search of the
//! moves that the engine hands in ([`Search`]); a game overrides one for speed or for an
//! insight of its own (a period, a closed form), and the engines then judge the override
//! against the oracle, which never sees it.
//!
//! From `cargo test`, [`check`](mod@check) checks a user's formula for any of these
//! questions against the oracle and returns the least counterexample, typed.
//!
//! # Example
//! ```
//! use gamecheck::game::{Answer, Game, Outcome, check};
//!
//! /// Take 1, 3 or 4 stones.
//! #[derive(Default)]
//! struct Take134;
//! impl Game for Take134 {
//!     type Position = u64;
//!     const NAME: &'static str = "take134";
//!     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
//!         out.extend([1, 3, 4].into_iter().filter_map(|m| n.checked_sub(m)));
//!     }
//! }
//! let right = |&n: &u64| Outcome::of(n % 7 != 0 && n % 7 != 2);
//! assert!(check::outcome(Take134, right).is_ok());
//! let wrong = |&n: &u64| Outcome::of(n % 2 == 1);
//! let refuted = check::outcome(Take134, wrong).unwrap_err().refutation().cloned();
//! assert_eq!(refuted.map(|r| (r.position, r.truth)), Some((4, Answer::Outcome(Outcome::Win))));
//! ```

pub mod check;
mod claims;
mod commands;
mod contest;
pub(crate) mod count_question;
mod explain;
mod line_solve;
pub(crate) mod mex;
mod mistakes;
mod oracle_proof;
mod problem;
mod reach;
pub mod stress;
mod table_proof;
#[cfg(test)]
pub(crate) mod test_games;

// The trait layer, below the engines; `game` is where users find it, with what every game
// gets from the engines.
pub(crate) use crate::game_trait::format::draw::draw_grid;
pub(crate) use crate::game_trait::format::read::read_grid_rows;
pub use crate::game_trait::{
    Answer, BuildError, ClaimDomains, ClaimDomainsFn, ClaimFn, Field, Format, FromFlags, Game, GameError,
    GridField, InputError, MOVES_LISTED, Move, Oracle, Outcome, Output, Play, Position, Question,
    RANDOM_LIST_LEN, Search, Settings, StrategyFn, Unanswered,
};
pub(crate) use crate::game_trait::{MAX_T, SEARCH_BUDGET};
pub use check::Sum;
pub use commands::GameDomain;
pub use mistakes::{format_mistake, named_twice, refuse_same_names};
pub use oracle_proof::OracleProof;
pub use problem::GameProblem;
pub use stress::stress;
pub use table_proof::TableProof;
