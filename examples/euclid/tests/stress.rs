//! The contest solutions in `solutions/`, compiled and stressed through the crate's own
//! command line, `euclid-game stress`; skipped with a notice when no C compiler is found.
#![cfg(feature = "cli")]

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// Returns the compiled solution `name` (`solutions/<name>.c`), or `None` when there is
/// no C compiler; each program is compiled once per test run.
fn program(name: &str) -> Option<PathBuf> {
    static COMPILED: OnceLock<Option<PathBuf>> = OnceLock::new();
    let dir = COMPILED.get_or_init(|| {
        let compiler = ["cc", "gcc", "clang"].into_iter().find(|c| {
            Command::new(c)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })?;
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("euclid-solutions");
        std::fs::create_dir_all(&dir).ok()?;
        for name in ["right", "wrong"] {
            let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("solutions/{name}.c"));
            let status = Command::new(compiler)
                .args(["-O2", "-o"])
                .arg(dir.join(name))
                .arg(source)
                .status()
                .ok()?;
            assert!(status.success(), "{compiler} failed on {name}.c");
        }
        Some(dir)
    });
    match dir {
        Some(dir) => Some(dir.join(name)),
        None => {
            eprintln!("note: no C compiler (cc, gcc, clang) found; the stress tests are skipped");
            None
        }
    }
}

/// Runs `euclid-game stress --solution <program> --json` on 100 inputs with a, b ≤ 12
/// (small, so that a failure is small and shrinks in a few dozen runs; the README runs it
/// at the contest's limits); returns the exit code and the report.
fn stress(program: &std::path::Path) -> (Option<i32>, serde_json::Value) {
    let out_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "euclid-stress-{}",
        program.file_name().and_then(|n| n.to_str()).unwrap_or("program")
    ));
    let output = Command::new(env!("CARGO_BIN_EXE_euclid-game"))
        .args([
            "stress",
            "--cases",
            "100",
            "--max-count",
            "12",
            "--json",
            "--solution",
        ])
        .arg(program)
        .arg("--out-dir")
        .arg(out_dir)
        .output()
        .expect("euclid-game runs");
    let report = serde_json::from_slice(&output.stdout).expect("a JSON report");
    (output.status.code(), report)
}

#[test]
fn the_right_solution_passes() {
    let Some(right) = program("right") else { return };
    let (code, report) = stress(&right);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (Some(0), Some("ok")),
        "{report:#}"
    );
    assert_eq!(report["cases"], 100);
}

#[test]
fn the_wrong_solution_is_refuted_at_its_least_input() {
    let Some(wrong) = program("wrong") else { return };
    let (code, report) = stress(&wrong);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (Some(1), Some("wrong-answer")),
        "{report:#}"
    );
    assert_eq!(report["input"], "1\n3 5\n");
    assert_eq!(report["expected"], "Stan wins\n");
    assert_eq!(report["actual"], "Ollie wins\n");
    assert_eq!(report["shrink"]["standing"], "least");
    assert!(
        report["replay"]
            .as_str()
            .is_some_and(|r| r.starts_with("euclid-game stress euclid "))
    );
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
