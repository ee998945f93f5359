//! `euclid-game`: gamecheck's command line over Euclid's game.

gamecheck::main!(euclid_game::Euclid);
