//! `win-or-freeze`: gamecheck's command line over Codeforces 150A.

gamecheck::main!(win_or_freeze::Freeze);
