//! `chopsticks --fingers F`: one name for simple chopsticks with hands of 1 to F fingers
//! (arXiv 2406.09083), served by a concrete game per F. F = 2 is [`Chopsticks`], the
//! seed's game with its rule, proof and table; F = 3, 4, 5 are
//! [`SimpleChopsticks`](crate::games::simple_chopsticks::SimpleChopsticks), answered by a
//! search of the moves within a stated reach.

use crate::game::{GameError, GameProblem};
use crate::games::simple_chopsticks::SimpleChopsticks;
use crate::games::{RegistryError, Serve, Visit, visit_built, with_defaults};
use crate::problem::{Flag, Flags};

use super::Chopsticks;

/// The values `--fingers` accepts.
const FINGERS: &[&str] = &["2", "3", "4", "5"];

/// Returns the flag `--fingers F`, which every game of the family declares.
pub(crate) fn fingers_flag() -> Flag {
    Flag::choice("fingers", FINGERS_HELP, FINGERS, "2").value_name("F")
}

/// The help of `--fingers`; its reaches are
/// [`search_reach`](crate::games::simple_chopsticks::search_reach)'s, which a test holds it to.
const FINGERS_HELP: &str = "F: a hand holds 1 to F fingers (simple chopsticks, arXiv 2406.09083). F = 2 is the seed's game, answered by its rule at any count (by a search within 24 with --misere or --grundy); F = 3, 4, 5 are answered by a search of the moves, each count at most 8, 3 and 2.";

/// Returns the error for a `--fingers` value that names no game of the family.
pub(crate) fn unserved(f: &str) -> GameError {
    GameError::Invalid {
        flag: "fingers",
        why: format!("{f} is not served: F is one of {}", FINGERS.join(", ")),
    }
}

/// Returns the error for a `--fingers` value given to the family's game of `F` fingers,
/// built on its own rather than by the registry, which builds each F.
pub(crate) fn unserved_by<const F: usize>(f: &str) -> GameError {
    if !FINGERS.contains(&f) {
        return unserved(f);
    }
    GameError::Invalid {
        flag: "fingers",
        why: format!(
            "{f}: this game has hands of 1 to {F} fingers; the registry's `chopsticks` builds each F"
        ),
    }
}

/// The registry's `chopsticks` (alias `simple-chopsticks`): `--fingers F` chooses the
/// game, every other flag goes to it.
///
/// # Example
/// ```
/// use gamecheck::games::{visit, Registered, Visit};
/// use gamecheck::problem::{FlagValue, Flags, Problem};
/// struct Numbers;
/// impl Visit for Numbers {
///     type Output = &'static str;
///     fn visit<P: Registered>(self, problem: &P) -> &'static str { problem.numbers_text() }
/// }
/// // The numbers a case is: (a, c, b, d) at F = 2, the default; 2F counts beyond.
/// let mut flags = Flags::default();
/// assert_eq!(visit("chopsticks", &flags, Numbers)?, "a c b d");
/// flags.insert("fingers", FlagValue::Text(Some("3".into())));
/// assert_eq!(visit("chopsticks", &flags, Numbers)?, "a b c d e f");
/// flags.insert("fingers", FlagValue::Text(Some("6".into())));
/// assert!(visit("chopsticks", &flags, Numbers).is_err());
/// # Ok::<(), gamecheck::games::RegistryError>(())
/// ```
pub(crate) struct Fingers;

impl Serve for Fingers {
    fn flags() -> Vec<Flag> {
        GameProblem::<Chopsticks>::flags()
    }

    fn serve<V: Visit>(name: &str, flags: &Flags, v: V) -> Result<V::Output, RegistryError> {
        let given = with_defaults(&Self::flags(), flags);
        let built = |error| RegistryError::Build {
            problem: name.to_owned(),
            error,
        };
        match given.text("fingers").map_err(|e| built(e.into()))? {
            None | Some("2") => crate::games::registry::visit_line::<GameProblem<Chopsticks>, V>(
                name,
                flags,
                |problem| problem.own_prove().own_plot(),
                v,
            ),
            Some("3") => visit_built::<GameProblem<SimpleChopsticks<3, 6>>, V>(name, flags, v),
            Some("4") => visit_built::<GameProblem<SimpleChopsticks<4, 8>>, V>(name, flags, v),
            Some("5") => visit_built::<GameProblem<SimpleChopsticks<5, 10>>, V>(name, flags, v),
            Some(f) => Err(built(unserved(f))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::simple_chopsticks::search_reach;

    /// The help states the reaches the games keep to.
    #[test]
    fn fingers_help_names_the_search_reaches() {
        let reaches = format!(
            "each count at most {}, {} and {}.",
            search_reach(3),
            search_reach(4),
            search_reach(5)
        );
        assert!(FINGERS_HELP.ends_with(&reaches), "{FINGERS_HELP}");
    }
}
