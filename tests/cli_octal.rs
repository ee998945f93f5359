//! `gamecheck solve`, `prove`, `claims` and `plot` on heap games as a user runs them:
//! answers checked against the plain mex of `gamecheck-oracles`, the Guy–Smith line, and
//! the refusal beyond the computed range.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]

use std::process::Output;

use crate::common::gamecheck;

use gamecheck_oracles::octal_mex::TakeAndBreak;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The plain mex's G(n) for Kayles, n < `heaps`.
fn kayles(heaps: usize) -> Vec<u32> {
    TakeAndBreak::parse("0.77")
        .map(|k| k.nim_values(heaps))
        .unwrap_or_default()
}

#[test]
fn prove_octal_names_the_least_preperiod_and_period() {
    let out = gamecheck(&["prove", "octal", "--code", "0.77"], "");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout(&out).lines().last(),
        Some("0.77: periodic from n = 71 with period 12, proved (Guy–Smith, values for n < 168)")
    );
    // The least: G(70 + 12) differs from G(70) by the plain mex, and no divisor of 12 works.
    let g = kayles(200);
    assert_ne!(g[70], g[82]);
    assert!((71..188).all(|n| g[n] == g[n + 12]));
    assert!(
        [1, 2, 3, 4, 6]
            .iter()
            .all(|&d| (71..188).any(|n| g[n] != g[n + d]))
    );
}

#[test]
fn prove_octal_refutes_a_claimed_pair_at_the_least_counterexample() {
    let out = gamecheck(
        &[
            "prove",
            "octal",
            "--code",
            "0.77",
            "--preperiod",
            "60",
            "--period",
            "12",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let g = kayles(100);
    let least = (60..).find(|&n| g[n] != g[n + 12]).unwrap_or(0);
    assert_eq!(least, 70);
    let line = format!(
        "G({least}) = {} but G({}) = {}",
        g[least],
        least + 12,
        g[least + 12]
    );
    assert!(stdout(&out).contains(&line), "{}", stdout(&out));
}

#[test]
fn prove_octal_without_a_period_within_n_heaps_says_how_far_it_got() {
    let out = gamecheck(&["prove", "octal", "--code", "0.6", "--max-heap", "500"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("no period proved within 500 heaps"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn solve_octal_answers_every_heap_when_the_period_is_proved() {
    let out = gamecheck(
        &["solve", "octal", "--code", "0.77", "--grundy"],
        "3\n70\n14\n18446744073709551615\n",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let g = kayles(200);
    // 2^64 − 1 ≡ 71 + (2^64 − 1 − 71) mod 12 in the periodic part.
    let far = 71 + ((u64::MAX - 71) % 12) as usize;
    let want = format!("{}\n{}\n{}\n", g[70], g[14], g[far]);
    assert_eq!(stdout(&out), want);
    // With --sum a case is a sum of heaps, `k n1 … nk`: the XOR of their values.
    let sums = gamecheck(
        &["solve", "octal", "--code", "0.77", "--grundy", "--sum"],
        "3\n2 5 9\n3 1 2 3\n1 18446744073709551615\n",
    );
    let want = format!("{}\n{}\n{}\n", g[5] ^ g[9], g[1] ^ g[2] ^ g[3], g[far]);
    assert_eq!((sums.status.code(), stdout(&sums)), (Some(0), want));
    // A one-heap input is not a sum, and the reverse: the line names the extra token.
    let one = gamecheck(&["solve", "octal", "--code", "0.77"], "1\n2 5 9\n");
    assert_eq!(one.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&one.stderr).contains("line 2: unexpected token `5`"));
}

#[test]
fn solve_octal_refuses_heaps_beyond_the_computed_range() {
    // Officers, 0.6, has no known period: G is known only as far as computed.
    let out = gamecheck(
        &["solve", "octal", "--code", "0.6", "--max-heap", "300"],
        "1\n300\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2") && err.contains("300") && err.contains("at most 299"),
        "{err}"
    );
    let ok = gamecheck(
        &["solve", "octal", "--code", "0.6", "--max-heap", "300"],
        "1\n299\n",
    );
    assert_eq!(ok.status.code(), Some(0));
}

#[test]
fn claims_refute_the_published_errors_at_their_least_counterexamples() {
    let out = gamecheck(
        &[
            "claims",
            "--json",
            "--id",
            "octal-161-is-36",
            "--id",
            "tutorial-s134-g6",
            "--id",
            "octal-kayles-period",
        ],
        "",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap_or_default();
    let claims = json["claims"].as_array().cloned().unwrap_or_default();
    let by_id = |id: &str| claims.iter().find(|c| c["id"] == id).cloned().unwrap_or_default();
    // 0.161 and 0.36 by the plain mex: equal below 519, different there.
    let (a, b) = (TakeAndBreak::parse("0.161"), TakeAndBreak::parse("0.36"));
    let (Ok(a), Ok(b)) = (a, b) else { panic!("codes") };
    let (a, b) = (a.nim_values(600), b.nim_values(600));
    let first = a.iter().zip(&b).position(|(x, y)| x != y);
    assert_eq!(first, Some(519));
    assert_eq!(by_id("octal-161-is-36")["counterexample"]["n"], 519);
    assert_eq!(
        by_id("tutorial-s134-g6")["counterexample"],
        serde_json::json!([6])
    );
    assert_eq!(by_id("octal-kayles-period")["verdict"], "holds");
}
