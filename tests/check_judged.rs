//! What `check` promises: `Ok` means a position was judged, a loopy game is named as
//! such, kept regressions that agree now are listed as stale, an unreadable kept line is
//! named, and a problem's flags reach the problem checked.

use std::process::{Command, Output};

use gamecheck::game::check::{self, CheckConfig, CheckError};
use gamecheck::game::{Game, Outcome};

/// A chip that may always move up by one, or down by two: every search runs away up
/// the endless chain, so no oracle judges any position (usercrate `scen runaway`).
struct Runaway;
impl Game for Runaway {
    type Position = u64;
    const NAME: &'static str = "runaway";
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.push(n + 1);
        if n >= 2 {
            out.push(n - 2);
        }
    }
    fn max_count(&self) -> u64 {
        1 << 40
    }
}

/// n ↔ n ± 1: every position is on a cycle (usercrate `scen cyclic_grundy`).
struct Cyclic;
impl Game for Cyclic {
    type Position = u64;
    const NAME: &'static str = "cyclic";
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.push(n + 1);
        if n >= 1 {
            out.push(n - 1);
        }
    }
    fn max_count(&self) -> u64 {
        1000
    }
}

fn few() -> CheckConfig {
    CheckConfig {
        cases: 16,
        ..CheckConfig::default()
    }
}

#[test]
fn a_check_where_no_position_could_be_judged_is_an_error_not_ok() {
    let r = check::outcome_with(Runaway, |&n| Outcome::of(n % 3 != 0), &few());
    match r {
        Err(CheckError::NothingJudged { unjudged }) => assert!(unjudged.cases > 0, "{unjudged:?}"),
        other => panic!("nothing was judged, yet: {other:?}"),
    }
}

#[test]
fn a_grundy_check_of_a_loopy_game_names_the_cycle_not_a_budget() {
    // The check runs on this thread: its CPU time is its work's, whatever the load.
    let start = crate::common::thread_cpu();
    let r = check::grundy_with(Cyclic, |&n| n % 2, &few());
    let text = match &r {
        Err(e) => e.to_string(),
        Ok(c) => panic!("a loopy game has no Grundy values to agree with: {c}"),
    };
    // Every Grundy search names the cycle it met (a few positions may still be stopped
    // by the joint search's budget, which plays loopy games out by retrograde analysis).
    assert!(
        text.starts_with("nothing was judged") && text.contains("cycle"),
        "{text}"
    );
    // 10.8 s and 786 MB when the search ran up the chain to its budget first.
    let spent = crate::common::thread_cpu() - start;
    assert!(
        spent < std::time::Duration::from_secs(60),
        "{spent:?} of CPU time"
    );
}

fn gamecheck_in(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("gamecheck runs")
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecheck-check-judged-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("proptest-regressions")).expect("create scratch dir");
    dir
}

#[test]
fn a_kept_regression_that_agrees_now_is_listed_as_stale() {
    let dir = scratch("stale");
    // A seed kept by an earlier run; subtraction agrees on whatever case it draws.
    let seed = "cc ".to_owned() + &"5a".repeat(32) + " # shrinks to heap 7\n";
    std::fs::write(dir.join("proptest-regressions/subtraction.txt"), seed).expect("write");
    let out = gamecheck_in(&dir, &["check", "subtraction", "--cases", "20", "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let stale: Vec<&serde_json::Value> = json["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .flat_map(|r| r["stale"].as_array().into_iter().flatten())
        .collect();
    assert!(!stale.is_empty(), "{json}");
    assert!(stale.iter().all(|s| s["now"] == "agree"), "{json}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unreadable_kept_line_is_named_not_none_kept() {
    let dir = scratch("unreadable");
    std::fs::write(
        dir.join("proptest-regressions/subtraction.txt"),
        "# Seeds for failure cases proptest has generated\n\ncc 12zz34 # shrinks to heap 7\n",
    )
    .expect("write");
    let out = gamecheck_in(&dir, &["repro", "subtraction"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("line 3 of") && stderr.contains("cc 12zz34"),
        "{stderr}"
    );
    assert!(!stderr.contains("none kept"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_takes_the_problems_flags() {
    let dir = scratch("flags");
    // The flag reaches the game: a set with a move of 0 is refused by the game itself.
    let out = gamecheck_in(&dir, &["check", "subtraction", "--set", "0,2", "--cases", "10"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("at least 1 stone"), "{stderr}");
    // And a set given is checked: {1, 2} has period 3, which the oracles confirm.
    let out = gamecheck_in(&dir, &["check", "subtraction", "--set", "1,2", "--cases", "10"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A flag the problem does not take is a usage error naming it.
    let out = gamecheck_in(&dir, &["check", "chopsticks", "--set", "1,2", "--cases", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--set does not apply to chopsticks"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Take 1 or 2 on a list of heaps, whose `components` lie: each heap twice, so their XOR
/// is always 0 (usercrate `scen twins_right`).
struct TwinComponents;
impl Game for TwinComponents {
    type Position = Vec<u64>;
    const NAME: &'static str = "twins";
    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 0..p.len() {
            for m in [1, 2] {
                if p[i] >= m {
                    let mut q = p.clone();
                    q[i] -= m;
                    out.push(q);
                }
            }
        }
    }
    fn components(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
        p.iter().flat_map(|&x| [vec![x], vec![x]]).collect()
    }
}

#[test]
fn broken_components_are_named_not_reported_as_out_of_reach() {
    let r = check::grundy_with(
        TwinComponents,
        |p: &Vec<u64>| p.iter().fold(0, |a, &n| a ^ (n % 3)),
        &few(),
    );
    match r {
        Err(e @ CheckError::BrokenComponents { .. }) => {
            let text = e.to_string();
            assert!(
                text.contains("components are broken") && text.contains("twins"),
                "{text}"
            );
        }
        other => panic!("the lying components should be named: {other:?}"),
    }
}
