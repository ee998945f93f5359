//! The crate's own command line talks about its own game only: `stress --help` names the
//! bounds of Euclid's format and no built-in game of gamecheck.
#![cfg(feature = "cli")]

use std::process::Command;

#[test]
fn stress_help_names_only_this_games_bounds() {
    let out = Command::new(env!("CARGO_BIN_EXE_euclid-game"))
        .args(["stress", "--help"])
        .output()
        .expect("euclid-game runs");
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).expect("UTF-8 help");
    // Euclid's format has T and the two numbers a, b: those are its bounds.
    assert!(help.contains("--max-cases") && help.contains("Bound T"), "{help}");
    assert!(
        help.contains("--max-count") && help.contains("Bound a, b"),
        "{help}"
    );
    for other in [
        "--max-k",
        "--max-value",
        "--max-n ",
        "chopsticks",
        "wythoff",
        "moore",
        "Moore",
        "piles",
    ] {
        assert!(!help.contains(other), "`{other}` in euclid-game's help:\n{help}");
    }
}
