//! `claims --max-seconds`: the catalog's run as a whole is bounded (issue 43); a claim its
//! share stops says how far it got and is not counted against its expected verdict.

#![cfg(feature = "cli")]

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_gamecheck");

/// A run budget of one CPU second and 10^8 random cases a claim: the editorial's three
/// bullets are still refuted at once (their least counterexample is in the first dozen
/// positions), the corrected rule is stopped part way with what it covered, and the run
/// exits 0.
#[test]
fn a_spent_claims_budget_names_the_claims_it_stopped_and_exits_0() {
    let out = Command::new(BIN)
        .args([
            "claims",
            "--id",
            "seed-three-bullets",
            "--id",
            "corrected-rule",
            "--max-seconds",
            "1",
            // Far more random cases than a CPU second checks, however fast the machine.
            "--cases",
            "100000000",
            "--json",
        ])
        .output()
        .expect("run gamecheck");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let claims = report["claims"].as_array().cloned().unwrap_or_default();
    let by_id = |id: &str| {
        claims
            .iter()
            .find(|c| c["id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("no {id} in {report}"))
    };
    let bullets = by_id("seed-three-bullets");
    assert_eq!(bullets["verdict"], "refuted", "{bullets}");
    assert!(bullets.get("stopped_by").is_none(), "{bullets}");
    let corrected = by_id("corrected-rule");
    assert_ne!(corrected["verdict"], "refuted", "{corrected}");
    let stopped = corrected["stopped_by"].as_str().unwrap_or_default();
    assert!(stopped.contains("--max-seconds"), "{corrected}");
    assert!(
        corrected["random"]
            .as_str()
            .is_some_and(|r| r.contains("not run (the run budget)")),
        "{corrected}"
    );
    assert!(
        stderr.contains("stopped 1 claim(s)") && stderr.contains("corrected-rule"),
        "{stderr}"
    );
    // One CPU second, in the singular, in the banner and in the note of what it stopped.
    assert!(
        stderr.contains("random cases per claim, 1 CPU second in all\n")
            && stderr.contains("the run budget of 1 CPU second (--max-seconds) stopped")
            && !stderr.contains("1 CPU seconds"),
        "{stderr}"
    );
}
