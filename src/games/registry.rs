//! The registry: the one dispatch point from a problem's name to its problem. Engines
//! never match on which problem they got; a subcommand hands the registry a [`Visit`],
//! whose generic method runs with the concrete problem type.

use thiserror::Error;

use super::Commands;
use crate::game::count_question::CountQuestion;
use crate::game::{FromFlags, Game, GameError, GameProblem};
use crate::partizan::PartizanProblem;
use crate::partizan::family::Family;
use crate::problem::{Claims, ContestFormat, Flag, Flags, Properties, with_defaults};

/// What every registered problem supports: every engine can run it.
pub trait Registered: Properties + Claims + ContestFormat + Commands + 'static {}

impl<P: Properties + Claims + ContestFormat + Commands + 'static> Registered for P {}

/// How the command line builds a registered problem: the flags it reads and the problem
/// they make. A flag left out takes its declared default. Sealed, as
/// [`Problem`](crate::problem::Problem) is.
pub trait Build: crate::problem::Sealed + Sized {
    /// Returns the flags that build the problem, with their defaults.
    fn flags() -> Vec<Flag>;

    /// Returns the problem `flags` describe.
    ///
    /// # Errors
    /// A value that makes no problem.
    fn build(flags: &Flags) -> Result<Self, GameError>;
}

impl<Q: CountQuestion> Build for Q {
    fn flags() -> Vec<Flag> {
        <Q as CountQuestion>::flags()
    }

    fn build(flags: &Flags) -> Result<Q, GameError> {
        Q::from_flags(flags)
    }
}

impl<G: Game + FromFlags> Build for GameProblem<G> {
    fn flags() -> Vec<Flag> {
        GameProblem::<G>::flags()
    }

    fn build(flags: &Flags) -> Result<Self, GameError> {
        GameProblem::from_flags(&with_defaults(&Self::flags(), flags))
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
#[error("unknown problem `{name}`; known problems: {}", known.join(", "))]
pub struct UnknownProblem {
    pub name: String,
    /// The names the registry knows.
    pub known: Vec<&'static str>,
}

/// The problems a command line serves, by name: the built-in games ([`Builtin`]), or a
/// user's own, which [`main!`](crate::main) registers. Every engine reaches a problem
/// through it, so a registry of other games gets every subcommand.
pub trait Registry: 'static {
    /// Returns every problem's name with its aliases, in report order.
    fn problems() -> Vec<(&'static str, &'static [&'static str])>;

    /// Returns the flags that build the problem called `name` (or an alias).
    ///
    /// # Errors
    /// [`UnknownProblem`] when no problem has that name.
    fn problem_flags(name: &str) -> Result<Vec<Flag>, UnknownProblem>;

    /// Returns `v`'s result on the problem called `name` (or an alias), built from
    /// `flags` (a flag left out takes its default).
    ///
    /// # Errors
    /// [`RegistryError::Unknown`] for an unknown name, [`RegistryError::Build`] when
    /// the flags make no problem.
    fn visit<V: Visit>(name: &str, flags: &Flags, v: V) -> Result<V::Output, RegistryError>;

    /// Returns the names of every problem, in report order.
    fn problem_names() -> Vec<&'static str> {
        Self::problems().into_iter().map(|(name, _)| name).collect()
    }

    /// Returns the error for `name`, which names no problem.
    fn unknown(name: &str) -> UnknownProblem {
        UnknownProblem {
            name: name.to_owned(),
            known: Self::problem_names(),
        }
    }

    /// Returns every claim of the catalog, in registry order: what each registry line
    /// adds (`catalog: chopsticks::catalog`). Default: none.
    fn catalog() -> Vec<crate::claims::Entry> {
        Vec::new()
    }
}

impl<G: Family> Build for PartizanProblem<G> {
    fn flags() -> Vec<Flag> {
        PartizanProblem::<G>::flags()
    }

    fn build(flags: &Flags) -> Result<Self, GameError> {
        PartizanProblem::from_flags(flags)
    }
}

/// Returns `v`'s result on the problem `B` builds from `flags` (a flag left out takes
/// its default), the problem being called `name` in errors: one registry entry.
///
/// # Errors
/// [`RegistryError::Build`] when the flags make no problem.
pub fn visit_built<B: Build + Registered, V: Visit>(
    name: &str,
    flags: &Flags,
    v: V,
) -> Result<V::Output, RegistryError> {
    visit_line(name, flags, |problem: B| problem, v)
}

/// Returns [`visit_built`] on the problem as its registry line finishes it (`own`: the
/// game's own `prove` and `plot`, in place of the generic ones, by
/// [`GameProblem::own_prove`] and [`GameProblem::own_plot`]). A [`Registry`] of a user's own
/// games calls it in `visit` to give a game its own commands, as the built-in lines'
/// `[own_prove own_plot]` do.
///
/// # Errors
/// [`RegistryError::Build`] when the flags make no problem.
pub fn visit_line<B: Build + Registered, V: Visit>(
    name: &str,
    flags: &Flags,
    own: impl FnOnce(B) -> B,
    v: V,
) -> Result<V::Output, RegistryError> {
    let flags = with_defaults(&B::flags(), flags);
    let problem = B::build(&flags).map_err(|error| RegistryError::Build {
        problem: name.to_owned(),
        error,
    })?;
    Ok(v.visit(&own(problem)))
}

/// How a registry line serves its name: the flags it reads, and the problem they build
/// handed to a [`Visit`]. Every [`Build`] problem serves itself ([`visit_built`]); a
/// family whose flags choose among problem types of their own (`chopsticks --fingers F`)
/// serves the one they name.
pub(crate) trait Serve {
    /// Returns the flags that build the problem, with their defaults.
    fn flags() -> Vec<Flag>;

    /// Returns `v`'s result on the problem `flags` build (a flag left out takes its
    /// default), the problem being called `name` in errors.
    ///
    /// # Errors
    /// [`RegistryError::Build`] when the flags make no problem.
    fn serve<V: Visit>(name: &str, flags: &Flags, v: V) -> Result<V::Output, RegistryError>;
}

impl<B: Build + Registered> Serve for B {
    fn flags() -> Vec<Flag> {
        B::flags()
    }

    fn serve<V: Visit>(name: &str, flags: &Flags, v: V) -> Result<V::Output, RegistryError> {
        visit_built::<B, V>(name, flags, v)
    }
}

/// The built-in games, the registry of the `gamecheck` command.
pub struct Builtin;

impl Registry for Builtin {
    fn problems() -> Vec<(&'static str, &'static [&'static str])> {
        super::problems()
    }

    fn problem_flags(name: &str) -> Result<Vec<Flag>, UnknownProblem> {
        super::problem_flags(name)
    }

    fn visit<V: Visit>(name: &str, flags: &Flags, v: V) -> Result<V::Output, RegistryError> {
        super::visit(name, flags, v)
    }

    fn catalog() -> Vec<crate::claims::Entry> {
        super::catalog()
    }
}

/// Why the registry could not hand over a problem.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum RegistryError {
    #[error(transparent)]
    Unknown(#[from] UnknownProblem),
    /// The flags make no problem of that name.
    #[error("{problem}: {error}")]
    Build { problem: String, error: GameError },
}

/// One problem of a registry line: a problem the line finishes with the game's own
/// commands is built here; any other is [`Serve`]d by its type.
macro_rules! registry_line {
    ($build:ty; [$($own:ident)*]; $name:expr, $flags:expr, $v:expr) => {
        registry::visit_line::<$build, V>($name, $flags, |problem: $build| problem$(.$own())*, $v)
    };
    ($build:ty; ; $name:expr, $flags:expr, $v:expr) => {
        <$build as $crate::games::Serve>::serve::<V>($name, $flags, $v)
    };
}

/// One line per game: its folder, then each of its problems' names, aliases, and the type
/// that [`Serve`]s it; then what the line adds to the problem: `[own_prove own_plot]`,
/// the game's own `prove` and `plot` in place of the generic ones, and `catalog: f`, its
/// entries of the claims catalog. The folder is declared here, so a game is added by this
/// line alone.
macro_rules! registry {
    ($($module:ident {
        $($name:literal $(| $alias:literal)* => $build:ty $([$($own:ident)*])? $(; catalog: $catalog:path)?),+ $(,)?
    })*) => {
        $(pub mod $module;)*

        /// Returns every claim of the catalog of the built-in games, in registry order.
        ///
        /// # Example
        /// ```
        /// use gamecheck::claims::ClaimVerdict;
        /// let entry = gamecheck::games::catalog().into_iter().find(|e| e.id == "seed-three-bullets");
        /// assert_eq!(entry.map(|e| e.expected), Some(ClaimVerdict::Refuted));
        /// ```
        pub fn catalog() -> Vec<$crate::claims::Entry> {
            let mut out = Vec::new();
            $($($(out.extend($catalog());)?)+)*
            out
        }

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
                $($($name $(| $alias)* => Ok(<$build as $crate::games::Serve>::flags()),)+)*
                _ => Err(<$crate::games::Builtin as $crate::games::Registry>::unknown(name)),
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
            match name {
                $($($name $(| $alias)* => registry_line!($build; $([$($own)*])?; name, flags, v),)+)*
                _ => Err(<$crate::games::Builtin as $crate::games::Registry>::unknown(name).into()),
            }
        }
    };
}
