//! Everything a game needs, in one import: `use gamecheck::prelude::*;`.
//!
//! A game is a [`Game`]: its [`Position`] (counts), its moves, and optionally its
//! contest [`Format`] ([`Field`]s and an [`Output`]), its flags ([`Flag`], [`Flags`],
//! [`FromFlags`]), its own fast paths (given a [`Search`] for what they do not cover),
//! its second methods ([`Oracle`]) and its descent hints. [`check`](mod@check) checks a
//! formula for it from `cargo test`, and returns the least counterexample ([`Least`]
//! says how sure).
//!
//! # Example
//! ```
//! use gamecheck::prelude::*;
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
//!     fn format(&self) -> Format<Take134> {
//!         Format::cases(1..=100)
//!             .line([Field::number("n", 0..=1000)])
//!             .answer(Output::winner("First", "Second"))
//!     }
//! }
//! let wrong = |&n: &u64| Outcome::of(n % 2 == 1);
//! let refuted = check::outcome(Take134, wrong).unwrap_err();
//! assert_eq!(refuted.refutation().map(|r| (r.position, r.least.clone())), Some((4, Least::Proven)));
//! ```

pub use crate::game::check;
pub use crate::game::{
    Answer, Field, Format, FromFlags, Game, GameError, GameProblem, Move, Oracle, Outcome, Output, Play,
    Position, Question, Search, Unanswered,
};
pub use crate::problem::{Flag, Flags, Least};
