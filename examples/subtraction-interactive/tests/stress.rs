//! The programs in `solutions/`, compiled and played through the crate's own command
//! line, `subtraction-interactive stress`, with S = {1, 3, 4} and heaps up to 10^18;
//! skipped with a notice when no C compiler is found.
#![cfg(feature = "cli")]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Returns the compiled solution `name`, or `None` when there is no C compiler.
fn program(name: &str) -> Option<PathBuf> {
    static COMPILED: OnceLock<Option<PathBuf>> = OnceLock::new();
    let dir = COMPILED.get_or_init(|| {
        let compiler = ["cc", "gcc", "clang"].into_iter().find(|c| {
            Command::new(c)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })?;
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("subtraction-interactive-solutions");
        std::fs::create_dir_all(&dir).ok()?;
        for name in ["right", "greedy"] {
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

fn stress(program: &Path) -> (Option<i32>, serde_json::Value) {
    stress_with(program, &[])
}

/// [`stress`] with `extra` arguments after the solution.
fn stress_with(program: &Path, extra: &[&std::ffi::OsStr]) -> (Option<i32>, serde_json::Value) {
    let output = Command::new(env!("CARGO_BIN_EXE_subtraction-interactive"))
        .args([
            "stress",
            "--set",
            "1,3,4",
            "--cases",
            "40",
            "--json",
            "--solution",
        ])
        .arg(program)
        .args(extra)
        .output()
        .expect("subtraction-interactive runs");
    let report = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    (output.status.code(), report)
}

/// Whether the player to move wins at a heap of `n` of S = {1, 3, 4}, by a table of
/// the rules (the outcomes repeat with period 7 from the start, as the table shows).
fn wins(n: u64) -> bool {
    let mut w = [false; 14];
    for i in 1..14 {
        w[i] = [1, 3, 4].iter().any(|&s| s <= i && !w[i - s]);
    }
    assert_eq!(w[..7], w[7..], "period 7");
    w[(n % 7) as usize]
}

/// Returns the least start from which greedy.c loses a won game on some line of the
/// judge's play: a model of the program (the right move up to 10^6, taking 4 above),
/// searched over every judge move.
fn least_greedy_failure() -> u64 {
    const S: [u64; 3] = [1, 3, 4];
    // Whether the program, to move at `m`, fails somewhere below on some line.
    fn fails_from(m: u64) -> bool {
        if !wins(m) || m <= 1_000_000 {
            // A lost heap is the judge's to win (no failure of the program); at most 10^6
            // the program plays the right move and every later heap is at most 10^6.
            return false;
        }
        let next = m - 4;
        wins(next) || S.iter().filter(|&&s| s <= next).any(|&s| fails_from(next - s))
    }
    (0..)
        .find(|&n| {
            if wins(n) {
                fails_from(n)
            } else {
                S.iter().filter(|&&s| s <= n).any(|&s| fails_from(n - s))
            }
        })
        .unwrap()
}

#[test]
fn the_right_program_passes_with_huge_heaps_beyond_the_oracle() {
    let Some(right) = program("right") else { return };
    let (code, report) = stress(&right);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (Some(0), Some("ok")),
        "{report:#}"
    );
    // Heaps beyond the oracle's reach were defended from the fast path.
    assert!(
        report["defences"]["fast-path-defence"].as_u64().unwrap() > 0,
        "{report:#}"
    );
    assert!(report["defences"]["longest"].as_u64().unwrap() > 0, "{report:#}");
}

#[test]
fn a_blunder_above_a_million_is_refuted_from_the_fast_path() {
    let Some(greedy) = program("greedy") else { return };
    let (code, report) = stress(&greedy);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (Some(1), Some("wrong-answer")),
        "{report:#}"
    );
    let input: Vec<&str> = report["input"].as_str().unwrap().lines().collect();
    assert_eq!(input[..3], ["3", "1 3 4", "1"], "{report:#}");
    let start: u64 = input[3].parse().unwrap();
    // greedy.c takes 4 above 10^6; it fails where that throws a win away. The shrink
    // once stopped at 1000007, a local minimum of its steps; the least is below.
    assert!(
        start > 1_000_000 && wins(start) && wins(start - 4),
        "start {start}"
    );
    assert_eq!(start, least_greedy_failure(), "{report:#}");
    assert!(
        report["failure"]["standing"]
            .as_str()
            .unwrap()
            .starts_with("local minimum"),
        "{report:#}"
    );
    let entries = report["failure"]["transcript"]["entries"].as_array().unwrap();
    assert_eq!(
        entries[1]["wrote"].as_str(),
        Some((start - 4).to_string().as_str())
    );
    assert!(
        entries[1]["note"]
            .as_str()
            .unwrap()
            .starts_with("throws the win away"),
        "{report:#}"
    );
    // Beyond the oracle's reach the judge said which defence it used: the fast path's win.
    assert_eq!(
        entries[2]["defence"].as_str(),
        Some("fast-path-win"),
        "{report:#}"
    );
    assert!(!wins(entries[2]["wrote"].as_str().unwrap().parse().unwrap()));
}

#[test]
fn the_least_failing_game_is_kept_and_its_replay_fails_the_same_way() {
    let Some(greedy) = program("greedy") else { return };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |extra: &[&std::ffi::OsStr]| stress_with(&greedy, extra);
    let (code, report) = run(&["--out-dir".as_ref(), dir.as_os_str()]);
    assert_eq!(code, Some(1), "{report:#}");
    // What the judge wrote first is kept as the report shows it.
    let input = std::fs::read_to_string(dir.join("input.txt")).unwrap();
    assert_eq!(Some(input.as_str()), report["input"].as_str());
    let replay = report["failure"]["replay"].as_str().unwrap();
    assert!(replay.contains("--replay"), "{replay}");
    // The replay plays the same game to the same failure, without shrinking.
    let file = dir.join("replay.json");
    let (code, again) = run(&["--replay".as_ref(), file.as_os_str()]);
    assert_eq!(code, Some(1), "{again:#}");
    assert_eq!(again["input"], report["input"]);
    assert_eq!(again["failure"]["detail"], report["failure"]["detail"]);
    assert_eq!(again["failure"]["shrink_runs"], 0);
    let _ = std::fs::remove_dir_all(&dir);
}
