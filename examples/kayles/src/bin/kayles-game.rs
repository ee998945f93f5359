//! `kayles-game`: gamecheck's command line over Kayles (`--features cli`).

gamecheck::main!(kayles::Kayles);
