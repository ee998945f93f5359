//! The `gamecheck` command line: the library's, over the built-in games.

gamecheck::main!(
    registry = gamecheck::games::Builtin,
    about = "Proves and stress-tests solutions to combinatorial games"
);
