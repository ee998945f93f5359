//! `subtraction-interactive`: gamecheck's command line over the interactive subtraction game.

gamecheck::main!(subtraction_interactive::Take);
