//! `nim-interactive`: gamecheck's command line over interactive Nim.

gamecheck::main!(nim_interactive::Nim);
