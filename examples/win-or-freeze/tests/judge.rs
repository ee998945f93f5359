//! The checker `win-or-freeze judge` (Codeforces 150A's two-line answer) under both
//! judges' conventions, against a misère DP over divisors written here.

use std::path::Path;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_win-or-freeze");

/// `wins[q]`: the player to move from `q` wins (no move, or a move to a loss).
fn wins_by_dp(n: usize) -> Vec<bool> {
    let mut wins = vec![false; n + 1];
    for q in 1..=n {
        let divisors: Vec<usize> = (2..q).filter(|d| q.is_multiple_of(*d)).collect();
        wins[q] = divisors.is_empty() || divisors.iter().any(|&d| !wins[d]);
    }
    wins
}

/// Returns the exit codes of the checker on `output` under testlib's and Kattis's
/// conventions, and Kattis's message.
fn judged(dir: &Path, input: &str, answer: &str, output: &str) -> (i32, i32, String) {
    let (i, o, a, feedback) = (
        dir.join("in"),
        dir.join("out"),
        dir.join("ans"),
        dir.join("feedback"),
    );
    std::fs::write(&i, input).expect("input written");
    std::fs::write(&o, output).expect("output written");
    std::fs::write(&a, answer).expect("answer written");
    std::fs::create_dir_all(&feedback).expect("feedback dir");
    let testlib = Command::new(BIN)
        .args(["judge", "win-or-freeze"])
        .args([&i, &o, &a])
        .output()
        .expect("the checker runs");
    let kattis = Command::new(BIN)
        .args(["judge", "win-or-freeze", "--kattis"])
        .args([&i, &a, &feedback])
        .stdin(Stdio::from(std::fs::File::open(&o).expect("output readable")))
        .output()
        .expect("the checker runs");
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
    (
        testlib.status.code().unwrap_or(-1),
        kattis.status.code().unwrap_or(-1),
        message,
    )
}

#[test]
fn judge_accepts_exactly_the_winning_moves_the_dp_finds() {
    let dir = std::env::temp_dir().join(format!("win-or-freeze-judge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let wins = wins_by_dp(100);
    for q in [30usize, 12, 64, 97] {
        let winning: Vec<usize> = (2..q).filter(|d| q.is_multiple_of(*d) && !wins[*d]).collect();
        let answer = match (wins[q], winning.first()) {
            (true, Some(d)) => format!("1\n{d}\n"),
            (true, None) => "1\n0\n".to_owned(),
            (false, _) => "2\n".to_owned(),
        };
        // Every divisor as the move: accepted exactly when the DP says it wins.
        for d in (2..q).filter(|d| q.is_multiple_of(*d)) {
            let (testlib, kattis, message) = judged(&dir, &format!("{q}\n"), &answer, &format!("1\n{d}\n"));
            let right = !wins[d];
            assert_eq!(
                (testlib, kattis),
                if right { (0, 42) } else { (1, 43) },
                "q = {q}, move {d}: {message}"
            );
        }
        // The winner alone, the jury's own answer, and a move that is no divisor.
        let (testlib, kattis, _) = judged(&dir, &format!("{q}\n"), &answer, &answer);
        assert_eq!((testlib, kattis), (0, 42), "q = {q}");
        let (testlib, kattis, message) = judged(&dir, &format!("{q}\n"), &answer, &format!("1\n{}\n", q + 1));
        assert_eq!((testlib, kattis), (1, 43), "q = {q}");
        assert!(message.starts_with("wrong answer line 1"), "{message}");
    }
    // 30: "1" alone lacks its move line (presentation error: 2, and 43); a jury's
    // answer the rules refuse is the test's fault (3, and 1 for a judge error).
    assert_eq!(judged(&dir, "30\n", "1\n6\n", "1\n").0, 2);
    assert_eq!(judged(&dir, "30\n", "1\n6\n", "1\n").1, 43);
    let (testlib, kattis, message) = judged(&dir, "30\n", "1\n2\n", "1\n6\n");
    assert_eq!((testlib, kattis), (3, 1), "{message}");
    assert!(message.starts_with("FAIL the jury's answer"), "{message}");
    std::fs::remove_dir_all(&dir).ok();
}
