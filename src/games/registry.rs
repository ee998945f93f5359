//! The registry: the one dispatch point from a problem's name to its problem. Engines
//! never match on which problem they got; a subcommand hands the registry a [`Visit`],
//! whose generic method runs with the concrete problem type.

use thiserror::Error;

use super::problem_names;
use crate::game::{FromFlags, Game, GameError, GameProblem};
use crate::problem::{Claims, Commands, ContestFormat, Flag, FlagKind, FlagValue, Flags, Properties};

/// What every registered problem supports: every engine can run it.
pub trait Registered: Properties + Claims + ContestFormat + Commands + 'static {}

impl<P: Properties + Claims + ContestFormat + Commands + 'static> Registered for P {}

/// How the command line builds a registered problem: the flags it reads and the problem
/// they make. A flag left out takes its declared default.
pub trait Build: Sized {
    /// Returns the flags that build the problem, with their defaults.
    fn flags() -> Vec<Flag>;

    /// Returns the problem `flags` describe.
    ///
    /// # Errors
    /// A value that makes no problem.
    fn build(flags: &Flags) -> Result<Self, GameError>;
}

impl<G: Game + FromFlags> Build for GameProblem<G> {
    fn flags() -> Vec<Flag> {
        GameProblem::<G>::flags()
    }

    fn build(flags: &Flags) -> Result<Self, GameError> {
        GameProblem::from_flags(&with_defaults(&Self::flags(), flags))
    }
}

/// Returns `given` with every flag of `declared` that it lacks at its default.
pub fn with_defaults(declared: &[Flag], given: &Flags) -> Flags {
    let mut out = given.clone();
    for flag in declared {
        if out.contains(flag.long) {
            continue;
        }
        let value = match flag.kind {
            FlagKind::Number { default, .. } => match default.parse() {
                Ok(n) => FlagValue::Number(n),
                Err(_) => continue,
            },
            FlagKind::Numbers { default } => {
                FlagValue::Numbers(default.iter().filter_map(|d| d.parse().ok()).collect())
            }
            FlagKind::Switch => FlagValue::Switch(false),
            FlagKind::Text => FlagValue::Text(None),
        };
        out.insert(flag.long, value);
    }
    out
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

/// Why the registry could not hand over a problem.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RegistryError {
    #[error(transparent)]
    Unknown(#[from] UnknownProblem),
    /// The flags make no problem of that name.
    #[error("{problem}: {error}")]
    Build { problem: String, error: GameError },
}

/// One line per game: its folder, then each of its problems' names, aliases, and the type
/// that [`Build`]s it. The folder is declared here, so a game is added by this line alone.
macro_rules! registry {
    ($($module:ident { $($name:literal $(| $alias:literal)* => $build:ty),+ $(,)? })*) => {
        $(pub mod $module;)*

        /// Returns the names of every problem, in report order.
        pub fn problem_names() -> Vec<&'static str> {
            vec![$($($name),+),*]
        }

        /// Returns every problem's name with its aliases, in report order.
        pub fn problems() -> Vec<(&'static str, &'static [&'static str])> {
            vec![$($(($name, &[$($alias),*])),+),*]
        }

        /// Returns the flags that build the problem called `name` (or an alias).
        ///
        /// # Errors
        /// [`UnknownProblem`] when no problem has that name.
        pub fn problem_flags(name: &str) -> Result<Vec<$crate::problem::Flag>, UnknownProblem> {
            match name {
                $($($name $(| $alias)* => Ok(<$build as $crate::games::Build>::flags()),)+)*
                _ => Err(UnknownProblem { name: name.to_owned() }),
            }
        }

        /// Returns `v`'s result on the problem called `name` (or one of its aliases),
        /// built from `flags` (a flag left out takes its default).
        ///
        /// # Errors
        /// [`RegistryError::Unknown`] for an unknown name, [`RegistryError::Build`] when
        /// the flags make no problem.
        ///
        /// # Example
        /// ```
        /// use gamecheck::games::{visit, Registered, Visit};
        /// use gamecheck::problem::{Flags, Problem};
        /// struct Name;
        /// impl Visit for Name {
        ///     type Output = &'static str;
        ///     fn visit<P: Registered>(self, problem: &P) -> &'static str { problem.name() }
        /// }
        /// assert_eq!(visit("games", &Flags::default(), Name), Ok("moore-count"));
        /// assert!(visit("go", &Flags::default(), Name).is_err());
        /// ```
        pub fn visit<V: Visit>(name: &str, flags: &$crate::problem::Flags, v: V) -> Result<V::Output, RegistryError> {
            let build = |e| RegistryError::Build { problem: name.to_owned(), error: e };
            match name {
                $($($name $(| $alias)* => {
                    let flags = $crate::games::with_defaults(&<$build as $crate::games::Build>::flags(), flags);
                    Ok(v.visit(&<$build as $crate::games::Build>::build(&flags).map_err(build)?))
                })+)*
                _ => Err(UnknownProblem { name: name.to_owned() }.into()),
            }
        }
    };
}
