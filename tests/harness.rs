//! The harness as users run it: `check` is reproducible, `claims` refutes the wrong claims
//! at their least counterexamples, `prove` covers its range, `repro` shows every answer.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]

use std::process::{Command, Output};

use gamecheck::chopsticks::catalog_claims::{
    greedy_remove_two_first, seed_subtask2_everywhere, seed_three_bullets,
};
use gamecheck::chopsticks::{Chopsticks, State, real_play_with_total};
use gamecheck::moore::catalog_claims::{exponent_mod_p_minus_1, independent_piles, xor_nim};
use gamecheck::problem::{Least, least};
use gamecheck_oracles::chopsticks_minimax::Minimax;
use serde_json::Value;

fn gamecheck(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(args)
        .output()
        .expect("gamecheck runs")
}

fn json_of(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

#[test]
fn check_prints_the_same_rows_as_table_and_json_and_all_agree() {
    // One run per output: each run builds the 128-count Chopsticks table, seconds here.
    let args = ["check", "--seed", "11", "--cases", "100"];
    let json_run = gamecheck(&[&args[..], &["--json"]].concat());
    let text_run = gamecheck(&args);
    for run in [&json_run, &text_run] {
        assert_eq!(
            run.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    let report = json_of(&json_run);
    assert_eq!(report["seed"], 11, "{report}");
    // The table shows every field of a row but its time and its failure, and an agreeing
    // row has no failure: equal rows mean the two runs agree on all but the times.
    for row in report["rows"].as_array().into_iter().flatten() {
        let keys: Vec<&str> = row
            .as_object()
            .into_iter()
            .flat_map(|o| o.keys().map(String::as_str))
            .collect();
        assert_eq!(
            keys.len(),
            8,
            "game, property, cases, time_ms, verdict, failure, unjudged, stale: {row}"
        );
        assert!(row["failure"].is_null(), "{row}");
        assert!(row["time_ms"].is_u64(), "{row}");
    }
    let from_json: Vec<(String, String, u64, String)> = report["rows"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                r["game"].as_str().unwrap_or_default().to_owned(),
                r["property"].as_str().unwrap_or_default().to_owned(),
                r["cases"].as_u64().unwrap_or_default(),
                r["verdict"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    // The table: a header, one row per property (game, property, cases, unjudged, time,
    // unit, verdict), then the summary line.
    let text = String::from_utf8_lossy(&text_run.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("game") && lines[0].ends_with("verdict"),
        "{text}"
    );
    // The summary line ends the rows; kept regressions that agree now are listed after it.
    let summary = lines
        .iter()
        .position(|l| l.starts_with("seed 11:"))
        .unwrap_or_else(|| panic!("no summary line: {text}"));
    let from_text: Vec<(String, String, u64, String)> = lines[1..summary]
        .iter()
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(f.len(), 7, "a row of seven fields: {line}");
            let cases = f[2].parse().unwrap_or_else(|e| panic!("{e}: {line}"));
            assert_eq!(f[3], "0", "no case unjudged: {line}");
            (f[0].to_owned(), f[1].to_owned(), cases, f[6].to_owned())
        })
        .collect();
    assert_eq!(from_text, from_json);
    assert!(from_json.len() >= 6, "{report}");
    assert!(from_json.iter().all(|row| row.3 == "agree"), "{report}");
    assert!(from_json.iter().any(|row| row.1 == "rule_matches_minimax"));
    let cases: u64 = from_json.iter().map(|row| row.2).sum();
    assert_eq!(
        lines[summary],
        format!(
            "seed 11: {} properties, {cases} cases, all agree",
            from_json.len()
        )
    );
}

/// The claim's verdict at `s` against an oracle written from the rules.
fn minimax_says(m: &mut Minimax, s: State) -> bool {
    m.wins((s.a as u64, s.c as u64, s.b as u64, s.d as u64))
}

/// Checks that `least` is where `claim` first disagrees with the minimax, scanning every
/// position of real play in order: independent of the harness's own search.
fn assert_least(claim: impl Fn(State) -> bool, least: State) {
    let mut m = Minimax::new();
    let total = (least.hands() + least.opponent_hands()) as u64;
    let first = (2..=total)
        .flat_map(real_play_with_total)
        .find(|&s| claim(s) != minimax_says(&mut m, s));
    assert_eq!(first, Some(least));
}

fn claim_json(id: &str) -> Value {
    let out = gamecheck(&["claims", "--id", id, "--cases", "2000", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    json_of(&out)["claims"][0].clone()
}

fn state_of(v: &Value) -> State {
    let c = |i: usize| v[i].as_u64().unwrap_or(u64::MAX);
    State::new(c(0), c(1), c(2), c(3))
}

#[test]
fn chopsticks_claims_are_refuted_at_their_least_counterexamples() {
    type Claim = fn(State) -> bool;
    let cases: [(&str, Claim, State); 3] = [
        ("seed-three-bullets", seed_three_bullets, State::new(1, 0, 1, 1)),
        (
            "seed-subtask2-everywhere",
            seed_subtask2_everywhere,
            State::new(0, 1, 0, 1),
        ),
        (
            "greedy-remove-two-first",
            greedy_remove_two_first,
            State::new(1, 1, 1, 1),
        ),
    ];
    for (id, claim, expected) in cases {
        let report = claim_json(id);
        assert_eq!(report["verdict"], "refuted", "{id}: {report}");
        assert_eq!(report["expected"], "refuted", "{id}: {report}");
        assert_eq!(report["game"], "chopsticks", "{id}: {report}");
        assert_eq!(report["least"], "proven", "{id}: {report}");
        let least = state_of(&report["counterexample"]);
        assert_eq!(least, expected, "{id}");
        assert_least(claim, least);
    }
}

#[test]
fn corrected_rule_holds_with_its_evidence() {
    let report = claim_json("corrected-rule");
    assert_eq!(report["verdict"], "holds");
    assert_eq!(report["expected"], "holds");
    assert!(report["counterexample"].is_null());
    assert!(report["cases"].as_u64().is_some_and(|c| c > 100_000), "{report}");
}

#[test]
fn least_search_matches_a_plain_scan_for_broken_rules() {
    // Break the rule in one case at a time; the least failure must be the first in order.
    let breaks: [fn(State) -> bool; 4] = [
        |s| s.a + s.c == s.b + s.d && s.a % 2 == 1 && s.d == 0 && s.a > 2,
        |s| s.b + s.d == s.a + s.c + 1 && s.b % 2 == 1 && s.c == 0 && s.d > 1,
        |s| s.a + s.c > s.b + s.d + 3,
        |s| s.c >= 5 && s.d >= 2,
    ];
    for broken in breaks {
        let fails = |s: State| broken(s);
        let scan = (2..=30).flat_map(real_play_with_total).find(|&s| fails(s));
        let start = State::new(1 << 40, 1 << 41, 1 << 39, 1 << 40);
        let start = if fails(start) {
            start
        } else {
            scan.unwrap_or(start)
        };
        // 50,000 candidates reach every position of at most 30 hands.
        let problem = gamecheck::game::GameProblem::new(
            Chopsticks::with_table_limit(1),
            gamecheck::game::Question::default(),
        )
        .expect("the outcome question");
        let (found, proof) = least(&problem, &|s: &State| fails(*s), start, 50_000);
        assert_eq!(Some(found), scan);
        assert_eq!(proof, Least::Proven);
    }
}

#[test]
fn prove_counts_every_state_and_shards_partition_them() {
    let whole = gamecheck(&["prove", "chopsticks", "--max-count", "24", "--json"]);
    assert!(whole.status.success());
    assert_eq!(json_of(&whole)["checked"], 331_776);
    let parts: u64 = (1..=3)
        .map(|i| {
            let shard = format!("{i}/3");
            let out = gamecheck(&[
                "prove",
                "chopsticks",
                "--max-count",
                "24",
                "--shard",
                &shard,
                "--json",
            ]);
            assert!(out.status.success());
            json_of(&out)["checked"].as_u64().unwrap_or(0)
        })
        .sum();
    assert_eq!(parts, 331_776);
    let text =
        String::from_utf8_lossy(&gamecheck(&["prove", "chopsticks", "--max-count", "8"]).stdout).into_owned();
    assert!(
        text.starts_with("proved:") && text.contains("4096 states checked"),
        "{text}"
    );
}

#[test]
fn prove_rejects_a_bad_shard() {
    for shard in ["0/3", "4/3", "x", "1/0"] {
        let out = gamecheck(&["prove", "chopsticks", "--max-count", "8", "--shard", shard]);
        assert_eq!(out.status.code(), Some(2), "{shard}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(shard));
    }
}

#[test]
fn repro_shows_every_implementation() {
    let out = gamecheck(&["repro", "chopsticks", "1", "0", "1", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    // Chopsticks is a `Game`: the generic rows, with its two named oracles.
    for name in ["fast path", "rules oracle", "minimax", "table", "certificate"] {
        assert!(text.contains(name), "{text}");
    }
    // The fast path's row names the rule's deciding case and its move, as the seed's
    // editorial does: one finger removes the opposing two-finger hand.
    assert!(
        text.contains("case OneBehindCanEqualize") && text.contains("leaving (1, 0, 1, 0)"),
        "{text}"
    );
}

#[test]
fn counting_claims_are_refuted_where_the_oracles_say_and_the_seed_holds() {
    use gamecheck_oracles::moore_brute_count::brute_count;
    use gamecheck_oracles::moore_dp_count::dp_count;
    use itertools::Itertools;
    let out = gamecheck(&[
        "claims",
        "--json",
        "--cases",
        "500",
        "--id",
        "xor-nim",
        "--id",
        "independent-piles",
        "--id",
        "seed-python-dict-convolution",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let claims = json_of(&out)["claims"].clone();
    let by_id = |id: &str| {
        claims
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["id"] == id)
            .cloned()
            .unwrap_or_default()
    };

    for c in claims.as_array().into_iter().flatten() {
        assert_eq!(c["game"], "moore-count", "{c}");
        assert_eq!(c["expected"], c["verdict"], "{c}");
    }
    // In the engine's order (K, then N, then the sorted values), restricted to values
    // <= 7 and N <= 3 where the DP is cheap, the first disagreement with the DP oracle is
    // the reported counterexample.
    let first_disagreement = |claim: fn(&[u64], u64) -> Result<u32, String>| {
        gamecheck::moore::len_candidates()
            .into_iter()
            .take_while(|&len| len <= 16)
            .flat_map(|len| {
                (1..=3).flat_map(move |n| {
                    (0..=7u64)
                        .combinations_with_replacement(n)
                        .map(move |values| (values, len))
                })
            })
            .find(|(values, len)| claim(values, *len) != Ok(dp_count(values, *len, 6)))
    };
    let as_json = |(values, len): (Vec<u64>, u64)| serde_json::json!({ "values": values, "K": len });

    let xor = by_id("xor-nim");
    assert_eq!(
        first_disagreement(xor_nim).map(as_json).as_ref(),
        Some(&xor["counterexample"])
    );
    assert_eq!(
        xor["counterexample"],
        serde_json::json!({ "values": [1], "K": 2 })
    );
    // Two piles of 1: XOR 0, yet bit 0 is set twice, not a multiple of 7.
    assert_eq!((xor_nim(&[1], 2), brute_count(&[1], 2, 6)), (Ok(1), 0));
    assert_eq!(xor_nim(&[1], 1), Ok(brute_count(&[1], 1, 6)), "K = 1 agrees");

    let independent = by_id("independent-piles");
    assert_eq!(
        first_disagreement(independent_piles).map(as_json).as_ref(),
        Some(&independent["counterexample"])
    );
    assert_eq!(
        independent["counterexample"],
        serde_json::json!({ "values": [1], "K": 7 })
    );
    assert_eq!((independent_piles(&[1], 7), dp_count(&[1], 7, 6)), (Ok(0), 1));
    for len in 0..7 {
        assert_eq!(independent_piles(&[1], len), Ok(dp_count(&[1], len, 6)));
    }

    let seed = by_id("seed-python-dict-convolution");
    assert_eq!(seed["verdict"], "holds");
    let notes = seed["notes"].to_string();
    assert!(notes.contains("did not finish"), "{notes}");
}

#[test]
#[ignore = "about 20 s: the claim's exhaustive range, 44,000 counts each judged by the DP"]
fn exponent_mod_p_minus_1_is_refuted_by_claims_at_its_least_counterexample() {
    let out = gamecheck(&[
        "claims",
        "--json",
        "--cases",
        "20",
        "--id",
        "exponent-mod-p-minus-1",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let exponent = json_of(&out)["claims"][0].clone();
    assert_eq!(exponent["verdict"], "refuted");
    assert_eq!(
        exponent["counterexample"],
        serde_json::json!({ "values": [0, 1, 2, 3, 4, 5, 6], "K": 998_244_352u64 })
    );
}

/// Why `exponent-mod-p-minus-1` is refuted at `7 998244352 / 0 1 2 3 4 5 6` (the ignored
/// test above runs `claims` to it; `stress games` shrinks a C program to it by default).
#[test]
fn exponent_mod_p_minus_1_differs_from_the_count_at_k_equal_p_minus_1() {
    let values = [0, 1, 2, 3, 4, 5, 6];
    let truth = gamecheck::moore::count_plain(&values, 998_244_352, 6);
    assert_eq!(gamecheck::moore::count(&values, 998_244_352, 6), truth);
    assert_ne!(exponent_mod_p_minus_1(&values, 998_244_352).ok(), truth.ok());
    // Below p − 1 the reduction changes nothing.
    assert_eq!(
        exponent_mod_p_minus_1(&values, 998_244_351).ok(),
        gamecheck::moore::count(&values, 998_244_351, 6).ok()
    );
}

#[test]
#[ignore = "about 30 s: the claim's exhaustive range, 44,000 counts each judged by the DP"]
fn exponent_mod_p_minus_1_for_1e9_7_is_refuted_by_claims_at_its_least_counterexample() {
    const P: u64 = 1_000_000_007;
    let out = gamecheck(&[
        "claims",
        "--json",
        "--cases",
        "50",
        "--id",
        "exponent-mod-p-minus-1-1e9+7",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let claim = json_of(&out)["claims"][0].clone();
    assert_eq!(claim["verdict"], "refuted");
    assert_eq!(
        claim["counterexample"],
        serde_json::json!({ "values": [1], "K": P - 1 })
    );
    assert!(claim["notes"].to_string().contains("least counterexample"));
}

/// Why `exponent-mod-p-minus-1-1e9+7` is refuted at K = p − 1, A = [1], and at nothing
/// less (the ignored test above runs `claims` to it).
#[test]
fn exponent_mod_p_minus_1_for_1e9_7_agrees_below_p_minus_1_and_not_at_it() {
    const P: u64 = 1_000_000_007;
    // Why it is the least: below K = p − 1 the reduction is the identity, and at K = p − 1
    // the only smaller instance, A = [0], agrees.
    let claim_says = gamecheck::moore::catalog_claims::exponent_mod_p_minus_1_1e9_7;
    for len in (0..=30).chain([P - 3, P - 2]) {
        for values in [&[0u64][..], &[1], &[1, 2, 3]] {
            assert_eq!(
                claim_says(values, len),
                gamecheck::moore::count_mod(values, len, 6, P).map_err(|e| e.to_string()),
                "K {len}"
            );
        }
    }
    assert_eq!(claim_says(&[0], P - 1), Ok(1));
    assert_eq!(gamecheck::moore::count_mod(&[0], P - 1, 6, P), Ok(1));
    // One pile of 1 repeated K times is a loss exactly when 7 | K; p − 1 ≡ 5 (mod 7).
    assert_eq!((P - 1) % 7, 5);
    assert_eq!(claim_says(&[1], P - 1), Ok(1));
    assert_eq!(gamecheck::moore::count_mod(&[1], P - 1, 6, P), Ok(0));
}

#[test]
fn repro_and_stress_games_take_k_and_modulus() {
    let out = gamecheck(&[
        "repro",
        "games",
        "--k",
        "2",
        "--modulus",
        "1000000007",
        "6",
        "1",
        "2",
        "3",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("p = 1000000007") && text.contains("dp"), "{text}");
    let dp = gamecheck_oracles::moore_dp_count::dp_count_mod(&[1, 2, 3], 6, 2, 1_000_000_007);
    assert!(text.contains(&format!("fast count   {dp}")), "{text}");
    let out = gamecheck(&["repro", "games", "--modulus", "91", "6", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("91 is not a prime"));
    // stress: gamecheck itself as the solution passes; a wrong modulus fails.
    let me = env!("CARGO_BIN_EXE_gamecheck");
    let dir = std::env::temp_dir().join(format!("gamecheck-stress-mod-{}", std::process::id()));
    let solution = format!("{me} solve games --k 4 --modulus 13");
    // The first inputs are tiny (their counts agree mod 11 and mod 13): enough of them
    // reach counts of 13 and more.
    let run = |solution: &str, cases: &str| {
        gamecheck(&[
            "stress",
            "games",
            "--k",
            "4",
            "--modulus",
            "13",
            "--cases",
            cases,
            "--solution",
            solution,
            "--out-dir",
            &dir.to_string_lossy(),
            "--max-shrink-runs",
            "10",
        ])
    };
    let out = run(&solution, "6");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("games --k 4 --modulus 13"));
    let out = run(&format!("{me} solve games --k 4 --modulus 11"), "60");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("--k 4 --modulus 13 --solution"), "{text}");
    std::fs::remove_dir_all(dir).ok();
}
