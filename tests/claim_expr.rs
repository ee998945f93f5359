//! `gamecheck claim <game> 'EXPR'` as a user runs it: typed conjectures refuted at their
//! least counterexample (exit 1) or holding (exit 0), syntax errors with their column and
//! unknown names (exit 2), and the JSON report.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]

use std::process::{Command, Output};

use gamecheck::chopsticks::ChopsticksExpr;
use gamecheck::chopsticks::State;
use gamecheck::claims::ExprError;
use gamecheck::moore::GamesExpr;

fn claim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .arg("claim")
        .args(args)
        .output()
        .expect("the gamecheck binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let mut all = args.to_vec();
    all.push("--json");
    let out = claim(&all);
    let value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(&out)));
    (out.status.code(), value)
}

const TRUE_RULE: &str = "n > 0 && (m == 0 || n > m || (m == n + 1 && c == 0 && d >= 1 && b % 2 == 1) \
                         || (n == m && !(d == 0 && a % 2 == 1)))";

#[test]
fn chopsticks_rule_without_the_m_eq_n_plus_1_case_is_refuted_at_1_0_1_1() {
    let out = claim(&["chopsticks", "n > m || (n == m && !(d == 0 && a % 2 == 1))"]);
    assert_eq!(out.status.code(), Some(1), "{}{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains("refuted at [1,0,1,1] (least counterexample)"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn chopsticks_true_rule_holds() {
    let out = claim(&["chopsticks", TRUE_RULE]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("holds"), "{}", stdout(&out));
}

#[test]
fn games_moore_rule_holds() {
    let out = claim(&["games", "all_bits(bitcount(j) % (k + 1) == 0)"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("holds"), "{}", stdout(&out));
}

#[test]
fn games_xor_is_refuted_at_1_1_for_k_6() {
    let (code, report) = json(&["games", "xor == 0"]);
    assert_eq!(code, Some(1));
    assert_eq!(report["counterexample"], serde_json::json!([1, 1]));
}

#[test]
fn games_xor_holds_for_k_1() {
    let out = claim(&["games", "--k", "1", "xor == 0"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
}

#[test]
fn games_threshold_is_refuted_at_seven_equal_piles() {
    // Only random positions reach a pile of 1000: the descent and the enumeration
    // below must bring the failure down to the least one, seven equal piles.
    let (code, report) = json(&["games", "all_bits(bitcount(j) % (k + 1) == 0) && max < 1000"]);
    assert_eq!(code, Some(1));
    assert_eq!(report["counterexample"], serde_json::json!(vec![1000; 7]));
}

#[test]
fn syntax_error_exits_2_with_its_column_and_a_caret() {
    let out = claim(&["chopsticks", "n > > m"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("syntax error at column 5"), "{err}");
    assert!(err.contains("  n > > m\n      ^"), "{err}");
    let out = claim(&["games", "all_bits(bitcount(j) % > 2)"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("column 24"), "{}", stderr(&out));
}

#[test]
fn unknown_variable_exits_2_with_its_name() {
    // Behind a short-circuit: found before any evaluation.
    let out = claim(&["chopsticks", "n > m || q == 1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown variable `q` at column 10"),
        "{}",
        stderr(&out)
    );
    let out = claim(&["games", "j == 0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown variable `j`"), "{}", stderr(&out));
}

#[test]
fn nested_all_bits_exits_2() {
    let out = claim(&["games", "all_bits(all_bits(j > 0))"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("nested all_bits is not supported"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn json_has_verdict_counterexample_and_cases() {
    let (code, report) = json(&[
        "chopsticks",
        "--cases",
        "100",
        "n > m || (n == m && !(d == 0 && a % 2 == 1))",
    ]);
    assert_eq!(code, Some(1));
    assert_eq!(report["verdict"], "refuted");
    assert_eq!(report["counterexample"], serde_json::json!([1, 0, 1, 1]));
    assert!(report["cases"].as_u64().is_some_and(|c| c > 0));
    let (code, report) = json(&["chopsticks", "--cases", "100", TRUE_RULE]);
    assert_eq!(code, Some(0));
    assert_eq!(report["verdict"], "holds");
    assert!(report["counterexample"].is_null());
    assert!(report["cases"].as_u64().is_some_and(|c| c > 100_000));
}

#[test]
fn evaluation_error_counts_as_the_claim_failing() {
    let out = claim(&["chopsticks", "--cases", "100", "a / b >= 0"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("no answer"), "{}", stdout(&out));
}

#[test]
fn integers_are_128_bit_and_overflow_is_an_error() {
    let top = State::new(u64::MAX, u64::MAX, u64::MAX, u64::MAX);
    let n_is_2_pow_65_minus_2 =
        ChopsticksExpr::compile("n == 36893488147419103230 && m > 18446744073709551615");
    assert_eq!(n_is_2_pow_65_minus_2.map(|e| e.wins(top)), Ok(Ok(true)));
    let cube = ChopsticksExpr::compile("a * a * a > 0");
    assert!(cube.map(|e| e.wins(top)).is_ok_and(|r| r.is_err()));
    let games = GamesExpr::compile("sum == 36893488147419103230", 6);
    assert_eq!(games.map(|e| e.is_loss(&[u64::MAX, u64::MAX])), Ok(Ok(true)));
}

#[test]
fn all_bits_ranges_over_every_bit_of_a_u64() {
    let top_bit = GamesExpr::compile("all_bits(bitcount(j) % 2 == 0)", 1);
    assert_eq!(top_bit.as_ref().map(|e| e.is_loss(&[1 << 63])), Ok(Ok(false)));
    assert_eq!(top_bit.map(|e| e.is_loss(&[1 << 63, 1 << 63])), Ok(Ok(true)));
    assert!(matches!(
        GamesExpr::compile("all_bits(j > 0", 6),
        Err(ExprError::Syntax { column: 9, .. })
    ));
}

#[test]
fn least_budget_flag_cuts_the_search_short_and_says_local_minimum() {
    let cut = format!("({TRUE_RULE}) && (d < 1000000000000 || n > m)");
    let (code, report) = json(&["chopsticks", &cut, "--least-budget", "10"]);
    assert_eq!(code, Some(1), "{report}");
    assert!(report["least"]["local-minimum"].is_object(), "{report}");
    // Where it stopped still fails: d >= 10^12, n <= m, and the player to move wins.
    let at: [u64; 4] = serde_json::from_value(report["counterexample"].clone()).expect("four counts");
    let s = State::new(at[0], at[1], at[2], at[3]);
    assert!(
        s.d >= 1_000_000_000_000 && s.hands() <= s.opponent_hands(),
        "{s:?}"
    );
    assert!(
        gamecheck::chopsticks::outcome(s) == gamecheck::chopsticks::Outcome::Win,
        "{s:?}"
    );
    let zero = claim(&["chopsticks", "n > m", "--least-budget", "0"]);
    assert_eq!(zero.status.code(), Some(2), "{}", stderr(&zero));
}

/// Drops the time at the end of an evidence line (`…; 0.21 s`), which varies by run.
fn without_time(line: &str) -> &str {
    match line.rsplit_once("; ") {
        Some((head, tail)) if tail.ends_with(" s") && tail[..tail.len() - 2].parse::<f64>().is_ok() => head,
        _ => line,
    }
}

#[test]
fn claim_outputs_shown_in_the_guide_are_what_claim_prints() {
    // docs/claim.md's runs take longer (one claim is 8 s); the guide's claims page and the
    // games page are the ones every release must keep.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = ["docs/claims.md", "docs/games.md"]
        .iter()
        .map(|page| std::fs::read_to_string(root.join(page)).expect("the guide page is readable"))
        .collect::<Vec<_>>()
        .join("\n");
    let lines: Vec<&str> = text.lines().collect();
    // Every run at once, then each compared.
    let runs: Vec<(usize, &str, std::process::Child)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| Some((i, line.strip_prefix("$ gamecheck claim ")?)))
        .filter(|(_, command)| !command.contains("--json"))
        .map(|(i, command)| {
            let args = shell_words::split(command).expect("a shell command line");
            let child = Command::new(env!("CARGO_BIN_EXE_gamecheck"))
                .arg("claim")
                .args(&args)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("the gamecheck binary runs");
            (i, command, child)
        })
        .collect();
    assert!(runs.len() >= 5, "the guide shows claims");
    for (i, command, child) in runs {
        let out = child.wait_with_output().expect("gamecheck claim finishes");
        // The banner (stderr) comes first, then the report, then any error.
        let (err, report) = (stderr(&out), stdout(&out));
        let (banner, rest): (Vec<&str>, Vec<&str>) =
            err.lines().partition(|l| l.starts_with("gamecheck claim:"));
        let mut printed = banner
            .into_iter()
            .chain(report.lines())
            .chain(rest)
            .map(without_time);
        // Each line shown is printed, in order; a line cut with `…` is a prefix.
        for shown in lines[i + 1..]
            .iter()
            .take_while(|l| !l.starts_with('$') && !l.starts_with("```"))
        {
            let shown = without_time(shown);
            let found = match shown.strip_suffix('…') {
                Some(prefix) => printed.any(|p| p.starts_with(prefix)),
                None => printed.any(|p| p == shown),
            };
            assert!(
                found,
                "the guide's line `{shown}` (line {} of docs/claims.md + docs/games.md) is not what `gamecheck claim {command}` prints",
                i + 1
            );
        }
    }
}
