//! [`main!`](crate::main): a binary's `main` that is the whole gamecheck command line
//! over some games, as criterion's `criterion_main!` is a bench's.

/// Writes a binary's `fn main` that serves gamecheck's whole command line (`check`,
/// `claim`, `solve`, `stress`, `repro`, `prove`, `plot`, …, with `--help`, completions,
/// JSON reports, progress bars and exit codes) over the given games, under the binary's
/// name.
///
/// - `gamecheck::main!(my_crate::MyGame, my_crate::Other);` serves each
///   [`Game`](crate::game::Game) (built from its flags, [`FromFlags`](crate::game::FromFlags))
///   under its [`NAME`](crate::game::Game::NAME);
/// - `gamecheck::main!(partizan = my_crate::Clobber);` serves each partizan
///   [`Family`](crate::partizan::family::Family) (`solve --value`, `--outcome`, `--mean`,
///   `--temperature`, `check`, `claim`, `stress`, …) under its
///   [`NAME`](crate::partizan::Partizan::NAME);
/// - `gamecheck::main!(registry = R);` serves the problems of a
///   [`Registry`](crate::games::Registry) (`gamecheck` itself is
///   `main!(registry = gamecheck::games::Builtin, about = "…")`).
///
/// `about = "…"` sets the line `--help` starts with; by default the package's
/// description. The binary needs gamecheck's feature `cli`.
///
/// # Example
/// `src/bin/take-game.rs`:
/// ```ignore
/// use gamecheck::game::Game;
/// #[derive(Default)]
/// pub struct Take12;
/// impl Game for Take12 {
///     type Position = u64;
///     const NAME: &'static str = "take12";
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
///     }
/// }
/// gamecheck::main!(Take12);
/// ```
///
/// Two games under one name do not compile (the second would be unreachable), and a game
/// whose format does not fit it ([`format_mistake`](crate::game::format_mistake)) stops
/// the binary at its start with exit code 2:
/// ```compile_fail,E0080
/// use gamecheck::game::Game;
/// #[derive(Default)]
/// pub struct Take1;
/// impl Game for Take1 {
///     type Position = u64;
///     const NAME: &'static str = "take";
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend(n.checked_sub(1));
///     }
/// }
/// #[derive(Default)]
/// pub struct Take2;
/// impl Game for Take2 {
///     type Position = u64;
///     const NAME: &'static str = "take";
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend(n.checked_sub(2));
///     }
/// }
/// gamecheck::main!(Take1, Take2);
/// ```
#[macro_export]
macro_rules! main {
    // The registry of the games or partizan families given, one type each.
    (@registry $registry:ident, $kind:ident, $($game:ty),+) => {
        /// The games this command line serves.
        #[doc(hidden)]
        pub struct $registry;

        impl $crate::games::Registry for $registry {
            fn problems() -> ::std::vec::Vec<(&'static str, &'static [&'static str])> {
                ::std::vec![$(($crate::main!(@name $kind, $game), &[] as &'static [&'static str])),+]
            }

            fn problem_flags(name: &str) -> ::std::result::Result<::std::vec::Vec<$crate::problem::Flag>, $crate::games::UnknownProblem> {
                $(if name == $crate::main!(@name $kind, $game) {
                    return Ok(<$crate::main!(@problem $kind, $game) as $crate::games::Build>::flags());
                })+
                Err(<Self as $crate::games::Registry>::unknown(name))
            }

            fn visit<V: $crate::games::Visit>(
                name: &str,
                flags: &$crate::problem::Flags,
                v: V,
            ) -> ::std::result::Result<V::Output, $crate::games::RegistryError> {
                $(if name == $crate::main!(@name $kind, $game) {
                    return $crate::games::visit_built::<$crate::main!(@problem $kind, $game), V>(name, flags, v);
                })+
                Err(<Self as $crate::games::Registry>::unknown(name).into())
            }
        }

        // Two games under one name: the second would be unreachable.
        const _: () = $crate::game::refuse_same_names(&[$($crate::main!(@name $kind, $game)),+]);
    };
    (@name game, $game:ty) => { <$game as $crate::game::Game>::NAME };
    (@name partizan, $game:ty) => { <$game as $crate::partizan::Partizan>::NAME };
    (@problem game, $game:ty) => { $crate::game::GameProblem<$game> };
    (@problem partizan, $game:ty) => { $crate::partizan::PartizanProblem<$game> };
    (partizan = $($game:ty),+ ; about = $about:expr $(,)?) => {
        $crate::main!(@registry GamecheckFamilies, partizan, $($game),+);
        $crate::main!(registry = GamecheckFamilies, about = $about);
    };
    (partizan = $($game:ty),+ $(,)?) => {
        $crate::main!(partizan = $($game),+ ; about = env!("CARGO_PKG_DESCRIPTION"));
    };
    (registry = $registry:ty, about = $about:expr $(,)?) => {
        fn main() -> ::std::process::ExitCode {
            $crate::cli::main::<$registry>(&$crate::cli::Program {
                name: env!("CARGO_BIN_NAME"),
                version: env!("CARGO_PKG_VERSION"),
                about: $about,
            })
        }
    };
    (registry = $registry:ty $(,)?) => {
        $crate::main!(registry = $registry, about = env!("CARGO_PKG_DESCRIPTION"));
    };
    ($($game:ty),+ ; about = $about:expr $(,)?) => {
        $crate::main!(@registry GamecheckGames, game, $($game),+);

        fn main() -> ::std::process::ExitCode {
            let program = $crate::cli::Program {
                name: env!("CARGO_BIN_NAME"),
                version: env!("CARGO_PKG_VERSION"),
                about: $about,
            };
            // A format that does not fit its game is refused before any command runs.
            $crate::cli::main_checked::<GamecheckGames>(&program, || {
                $(if let Some(why) = $crate::game::format_mistake::<$game>() {
                    return ::std::option::Option::Some(why);
                })+
                ::std::option::Option::None
            })
        }
    };
    ($($game:ty),+ $(,)?) => {
        $crate::main!($($game),+ ; about = env!("CARGO_PKG_DESCRIPTION"));
    };
}
