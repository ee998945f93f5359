//! `gamecheck solve chopsticks` as a user runs it: answers, `--explain`, and one clear
//! error for each kind of malformed input.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]

use std::process::Output;

use crate::common::gamecheck;

fn solve(stdin: &str) -> Output {
    gamecheck(&["solve", "chopsticks"], stdin)
}

#[track_caller]
fn assert_rejected(stdin: &str, line: usize, fragments: &[&str]) {
    let out = solve(stdin);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "accepted {stdin:?}");
    assert!(out.stdout.is_empty(), "printed answers for {stdin:?}");
    assert!(!err.contains("panicked"), "panicked on {stdin:?}: {err}");
    assert_eq!(err.lines().count(), 1, "one message for {stdin:?}: {err}");
    assert!(err.contains(&format!("line {line}:")), "no line {line} in {err}");
    for f in fragments {
        assert!(err.contains(f), "no `{f}` in {err}");
    }
}

#[test]
fn answers_hand_checked_positions() {
    let out = solve("5\n1 0 1 0\n1 0 1 1\n0 0 0 0\n3 0 0 0\n18446744073709551615 0 18446744073709551615 1\n");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Second\nFirst\nSecond\nFirst\nFirst\n"
    );
}

#[test]
fn explain_names_the_case_and_a_move() {
    let out = gamecheck(&["solve", "chopsticks", "--explain"], "2\n1 1 1 1\n1 0 1 0\n");
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("First") && lines[0].contains("2->1") && lines[0].contains("(0, 1, 1, 1)"));
    assert!(lines[1].starts_with("Second") && lines[1].contains("EqualOddOnes"));
}

#[test]
fn tolerates_crlf_extra_blanks_and_trailing_blank_lines() {
    let out = solve("2\r\n 1  0\t1 1 \r\n1 0 1 0\n\n  \n");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "First\nSecond\n");
}

#[test]
fn rejects_a_non_number() {
    assert_rejected("2\n1 0 1 1\n1 0 x 0\n", 3, &["`x`", "not a number"]);
    assert_rejected("two\n", 1, &["`two`"]);
}

#[test]
fn rejects_a_negative_count() {
    assert_rejected("1\n1 -2 1 1\n", 2, &["`-2`", "negative"]);
}

#[test]
fn rejects_a_count_over_u64() {
    assert_rejected(
        "1\n1 0 18446744073709551616 1\n",
        2,
        &["`18446744073709551616`", "u64"],
    );
}

#[test]
fn rejects_too_few_numbers_on_a_line() {
    assert_rejected("2\n1 0 1 1\n1 0 1\n2 2 2 2\n", 3, &["expected d", "end of line"]);
}

#[test]
fn rejects_too_many_numbers_on_a_line() {
    assert_rejected("1\n1 0 1 1 7\n", 2, &["`7`"]);
}

#[test]
fn rejects_fewer_cases_than_t() {
    assert_rejected("3\n1 0 1 1\n1 0 1 0\n", 4, &["case 3 of 3", "end of input"]);
}

#[test]
fn rejects_more_cases_than_t() {
    assert_rejected(
        "1\n1 0 1 1\n1 0 1 0\n",
        3,
        &["`1`", "after the last of the 1 cases"],
    );
}

#[test]
fn rejects_a_blank_line_between_cases() {
    assert_rejected("2\n1 0 1 1\n\n1 0 1 0\n", 3, &["case 2 of 2"]);
}

#[test]
fn errors_deep_in_a_large_input_name_the_right_line() {
    // Large enough to be split into several parallel chunks.
    let mut input = String::from("200000\n");
    for i in 0..200_000u64 {
        if i == 150_000 {
            input.push_str("1 2 3 4z\n");
        } else {
            input.push_str(&format!("{i} {i} 18446744073709551615 {}\n", i % 7));
        }
    }
    assert_rejected(&input, 150_002, &["`4z`"]);
}

#[test]
fn simple_chopsticks_reads_the_names_of_chopsticks() {
    // Issue 31, item 26: `simple-chopsticks` is Chopsticks (hands of 1 to 2 fingers), and
    // its counts have Chopsticks' names: n = a + c, m = b + d. (1, 0, 1, 1) is a win for
    // the mover by hand (1 on 2 leaves (1, 0, 1, 0): the opponent's only attack makes a
    // two, which the remaining one removes), where the claim says a loss.
    let claim = "n > m || (n == m && !(d == 0 && a % 2 == 1))";
    for name in ["chopsticks", "simple-chopsticks"] {
        let out = gamecheck(&["claim", name, claim], "");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{name}: {text}");
        assert!(
            text.contains("refuted at [1,0,1,1] (least counterexample)"),
            "{name}: {text}"
        );
    }
}

#[test]
fn a_count_beyond_the_search_reach_is_refused_at_once() {
    // Issue 31, item 8: with --misere or --grundy the answer is a search of the moves,
    // which reaches counts up to 24; counts of 100 took 1.2 GB before being answered.
    for question in ["--misere", "--grundy"] {
        let out = gamecheck(&["solve", "simple-chopsticks", question], "1\n100 100 100 100\n");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{question}: {err}");
        assert!(err.contains("line 2") && err.contains("24"), "{question}: {err}");
        assert!(out.stdout.is_empty());
        let out = gamecheck(
            &[
                "stress",
                "chopsticks",
                question,
                "--solution",
                "cat",
                "--max-count",
                "100",
            ],
            "",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "stress {question}: {err}");
        assert!(err.contains("24"), "stress {question}: {err}");
    }
}
