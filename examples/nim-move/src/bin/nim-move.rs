//! `nim-move`: gamecheck's command line over Nim with a winning move printed.

gamecheck::main!(nim_move::Nim);
