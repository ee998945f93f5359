//! The registry: the one dispatch point from a problem's name to its problem. Engines
//! never match on which problem they got; a subcommand hands the registry a [`Visit`],
//! whose generic method runs with the concrete problem type.

use thiserror::Error;

use super::problem_names;
use crate::problem::{Claims, Commands, ContestFormat, FlagError, Flags, Properties};

/// What every registered problem supports: every engine can run it.
pub trait Registered: Properties + Claims + ContestFormat + Commands + 'static {}

impl<P: Properties + Claims + ContestFormat + Commands + 'static> Registered for P {}

/// Parameters a problem is built with, from the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// k of Moore's Nim_k: a move takes from 1 to k piles.
    pub k: u32,
    /// The prime counts are taken modulo (998244353 in the contest).
    pub modulus: u64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            k: 6,
            modulus: 998_244_353,
        }
    }
}

impl Params {
    /// Returns the defaults, with `k` and `modulus` taken from `flags` where a subcommand
    /// reads them as single numbers (`prove moore --k 3`), or the flag that does not fit.
    ///
    /// # Example
    /// ```
    /// use gamecheck::games::Params;
    /// use gamecheck::problem::{FlagValue, Flags};
    /// let flags = Flags::from_iter([("k", FlagValue::Number(3))]);
    /// assert_eq!(Params::from_flags(&flags).map(|p| p.k), Ok(3));
    /// let list = Flags::from_iter([("k", FlagValue::Numbers(vec![1, 2]))]);
    /// assert_eq!(Params::from_flags(&list), Ok(Params::default()));
    /// let huge = Flags::from_iter([("k", FlagValue::Number(1 << 32))]);
    /// assert!(Params::from_flags(&huge).is_err());
    /// ```
    pub fn from_flags(flags: &Flags) -> Result<Params, FlagError> {
        let mut params = Params::default();
        if let Ok(k) = flags.number("k") {
            params.k = u32::try_from(k).map_err(|_| FlagError {
                flag: "k".into(),
                wanted: "32-bit number",
            })?;
        }
        if let Ok(modulus) = flags.number("modulus") {
            params.modulus = modulus;
        }
        Ok(params)
    }
}

/// An operation over any problem: the registry calls `visit` with the one whose name
/// was asked for.
pub trait Visit {
    type Output;
    /// Returns the operation's result on `problem`.
    fn visit<P: Registered>(self, problem: &P) -> Self::Output;
}

/// A name that names no problem.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown problem `{name}`; known problems: {}", problem_names().join(", "))]
pub struct UnknownProblem {
    pub name: String,
}

/// One line per game: its folder, then each of its problems' names, aliases, and how the
/// problem is built. The folder is declared here, so a game is added by this line alone.
macro_rules! registry {
    ($($module:ident { $($name:literal $(| $alias:literal)* => $build:expr),+ $(,)? })*) => {
        $(pub mod $module;)*

        /// Returns the names of every problem, in report order.
        pub fn problem_names() -> Vec<&'static str> {
            vec![$($($name),+),*]
        }

        /// Returns every problem's name with its aliases, in report order.
        pub fn problems() -> Vec<(&'static str, &'static [&'static str])> {
            vec![$($(($name, &[$($alias),*])),+),*]
        }

        /// Returns `v`'s result on the problem called `name` (or one of its aliases),
        /// built with `params`.
        ///
        /// # Example
        /// ```
        /// use gamecheck::games::{visit, Params, Registered, Visit};
        /// use gamecheck::problem::Problem;
        /// struct Name;
        /// impl Visit for Name {
        ///     type Output = &'static str;
        ///     fn visit<P: Registered>(self, problem: &P) -> &'static str { problem.name() }
        /// }
        /// assert_eq!(visit("games", Params::default(), Name), Ok("moore-count"));
        /// assert!(visit("go", Params::default(), Name).is_err());
        /// ```
        pub fn visit<V: Visit>(name: &str, params: Params, v: V) -> Result<V::Output, UnknownProblem> {
            let _ = &params;
            match name {
                $($($name $(| $alias)* => Ok(v.visit(&$build(params))),)+)*
                _ => Err(UnknownProblem { name: name.to_owned() }),
            }
        }
    };
}
