//! The crate's own command line, as a user runs it: it talks about its own game only
//! (`stress --help` names the bounds of Euclid's format and no built-in game of
//! gamecheck), `repro` may leave the one game out, and `prove` counts the game's domain.
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

/// Issue 31, item 21: with one game, `repro` may leave the problem out, as `solve` and
/// `stress` may (it read `3` as the problem's name); naming it still works.
#[test]
fn repro_may_leave_the_only_problem_out() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_euclid-game"))
            .args(args)
            .output()
            .expect("euclid-game runs")
    };
    let named = run(&["repro", "euclid", "3", "5"]);
    let bare = run(&["repro", "3", "5"]);
    assert_eq!(
        bare.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&bare.stderr)
    );
    assert_eq!(named.status.code(), Some(0));
    assert_eq!(bare.stdout, named.stdout);
    // Both forms print the same table, of the position (3, 5).
    assert!(String::from_utf8_lossy(&bare.stdout).starts_with("euclid [3, 5]"));
    assert_eq!(run(&["repro", "nope", "3"]).status.code(), Some(2));
}

/// Issue 31, item 22: `prove` counts only the positions of the game's domain (both
/// numbers positive): below 3 those are (1, 1), (1, 2), (2, 1), (2, 2), not the 9 pairs.
#[test]
fn prove_counts_only_positions_of_the_domain() {
    let out = Command::new(env!("CARGO_BIN_EXE_euclid-game"))
        .args(["prove", "euclid", "--max-count", "3"])
        .output()
        .expect("euclid-game runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let positive = (0..3u64)
        .flat_map(|a| (0..3u64).map(move |b| (a, b)))
        .filter(|&(a, b)| a > 0 && b > 0)
        .count();
    assert!(
        text.contains(&format!(": {positive} positions checked (5 outside")),
        "{text}"
    );
}
