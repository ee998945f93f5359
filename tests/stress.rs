//! `gamecheck stress` against real programs: C solutions compiled with `cc` and a Python 3
//! script, each a right solution or one with a known defect.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_gamecheck");

const RULE: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
typedef unsigned long long u64;
typedef unsigned __int128 u128;
static int first(u64 a, u64 c, u64 b, u64 d) {
    u128 n = (u128)a + c, m = (u128)b + d;
    if (n == 0) return 0;
    if (m == 0) return 1;
    if (n > m) return 1;
    if (m >= n + 2) return 0;
    if (m == n + 1) return ONE_BEHIND;
    return !(d == 0 && a % 2 == 1);
}
int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        u64 a, c, b, d;
        if (scanf("%llu %llu %llu %llu", &a, &c, &b, &d) != 4) return 1;
        DEFECT
        puts(first(a, c, b, d) ? "First" : "Second");
    }
    return 0;
}
"#;

const RIGHT_ONE_BEHIND: &str = "c == 0 && d >= 1 && b % 2 == 1";

/// The "Games" C solution (tests/fixtures/stress/games_mod_p_minus_one.c): K read with
/// `scanf("%lld")`, values kept in 7 bits, at most 104 of them, equal bit columns merged,
/// then the DFT over (Z/7)^B and Σ F(t)^POWER. Right with `POWER` = the exact power; wrong
/// with the exponent reduced mod p − 1 (0^(p−1) is 0, not 1), the fixture's default.
const GAMES_C: &str = "tests/fixtures/stress/games_mod_p_minus_one.c";
const EXACT_POWER: &str = "pw(cur[t], (u64)k)";
const POWER_MOD_P_MINUS_ONE: &str = "pw(cur[t], (u64)k % (P - 1))";

/// A right pure-Python "Games": the DFT over (Z/7)^B with B the bit length of the largest
/// value, exponential in it.
const GAMES_BRUTE_PY: &str = r#"
import sys

P = 998244353


def main():
    data = sys.stdin.buffer.read().split()
    n, k = int(data[0]), int(data[1])
    vals = [int(x) for x in data[2:2 + n]]
    b = max(vals).bit_length() if vals else 0
    # The DFT over (Z/7)^b of the histogram of bit patterns, dimension by dimension:
    # 7^b coefficients, exponential in the bit length.
    cur = [0] * (1 << b)
    for v in vals:
        cur[v] += 1
    w = pow(3, (P - 1) // 7, P)
    pw = [pow(w, x, P) for x in range(7)]
    done = 1
    for j in range(b):
        rest = 1 << (b - j - 1)
        nxt = [0] * (done * 7 * rest)
        for u in range(rest):
            z = cur[done * 2 * u:done * (2 * u + 1)]
            o = cur[done * (2 * u + 1):done * (2 * u + 2)]
            for x in range(7):
                off = done * 7 * u + done * x
                nxt[off:off + done] = [(p + pw[x] * q) % P for p, q in zip(z, o)]
        cur = nxt
        done *= 7
    s = sum(pow(f, k, P) for f in cur)
    print(s % P * pow(pow(7, b, P), P - 2, P) % P)


main()
"#;

/// A fresh directory for one test, named so its processes can be found in /proc.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecheck-stress-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// Compiles the Chopsticks rule with `one_behind` and `defect` into `dir/name`.
fn compile(dir: &Path, name: &str, one_behind: &str, defect: &str) -> PathBuf {
    let text = RULE.replace("ONE_BEHIND", one_behind).replace("DEFECT", defect);
    compile_c(dir, name, &text)
}

/// Writes the C source `text` to `dir/name.c` and compiles it with `-O2` into `dir/name`.
fn compile_c(dir: &Path, name: &str, text: &str) -> PathBuf {
    let source = dir.join(format!("{name}.c"));
    let exe = dir.join(name);
    std::fs::write(&source, text).expect("write C source");
    let status = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(&source)
        .status()
        .expect("these tests need a C compiler `cc` on PATH");
    assert!(status.success(), "cc failed on {name}");
    exe
}

fn stress(args: &[&str]) -> (Output, Duration) {
    let start = Instant::now();
    let out = Command::new(BIN)
        .arg("stress")
        .args(args)
        .output()
        .expect("run gamecheck");
    (out, start.elapsed())
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn field<'a>(value: &'a serde_json::Value, key: &str) -> &'a str {
    value[key]
        .as_str()
        .unwrap_or_else(|| panic!("no string `{key}` in {value}"))
}

/// Runs a chopsticks stress with JSON output; returns the report and the out dir.
fn chopsticks(dir: &Path, exe: &Path, extra: &[&str]) -> (serde_json::Value, i32, Duration) {
    let out_dir = dir.join("out");
    let mut args = vec![
        "chopsticks",
        "--solution",
        exe.to_str().expect("utf-8 path"),
        "--out-dir",
        out_dir.to_str().expect("utf-8 path"),
        "--json",
    ];
    args.extend_from_slice(extra);
    let (out, took) = stress(&args);
    (json(&out), out.status.code().unwrap_or(-1), took)
}

fn processes_mentioning(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            if cmdline.contains(marker) {
                found.push(cmdline);
            }
        }
    }
    found
}

#[test]
fn right_solution_passes() {
    let dir = scratch("right");
    let exe = compile(&dir, "right", RIGHT_ONE_BEHIND, "");
    let (report, code, took) = chopsticks(&dir, &exe, &["--cases", "200"]);
    eprintln!("right_solution_passes: {took:?}");
    assert_eq!((field(&report, "verdict"), code), ("ok", 0), "{report}");
    assert_eq!(field(&report, "input"), "");
    assert_eq!(report["cases"], 200);
    assert_eq!(report["seed"], 1);
}

#[test]
fn missing_case_is_shrunk_to_least_position() {
    let dir = scratch("missing");
    let exe = compile(&dir, "missing", "0", "");
    let (report, code, took) = chopsticks(&dir, &exe, &[]);
    eprintln!("missing_case_is_shrunk_to_least_position: {took:?}");
    assert_eq!((field(&report, "verdict"), code), ("wrong-answer", 1), "{report}");
    assert_eq!(field(&report, "input"), "1\n1 0 1 1\n");
    assert_eq!(field(&report, "expected"), "First\n");
    assert_eq!(field(&report, "actual"), "Second\n");
    let written = dir.join("out/input.txt");
    assert_eq!(
        std::fs::read_to_string(&written).expect("input.txt"),
        "1\n1 0 1 1\n"
    );
    // The printed replay reproduces the failure; the right solution passes it.
    let replay = |exe: &Path| {
        stress(&[
            "chopsticks",
            "--solution",
            exe.to_str().expect("utf-8 path"),
            "--replay",
            written.to_str().expect("utf-8 path"),
        ])
        .0
    };
    let again = replay(&exe);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stdout).starts_with("wrong-answer"));
    let right = compile(&dir, "right", RIGHT_ONE_BEHIND, "");
    assert_eq!(replay(&right).status.code(), Some(0));
}

#[test]
fn hanging_solution_is_killed_with_its_children() {
    let dir = scratch("hang");
    // On a position of total 5 it forks; parent and child both sleep for 1000 s.
    let defect = "if ((u128)a + c + b + d == 5) { fork(); sleep(1000); }";
    let exe = compile(&dir, "hang", RIGHT_ONE_BEHIND, defect);
    let (report, code, took) = chopsticks(&dir, &exe, &["--timeout-ms", "300", "--cases", "100"]);
    eprintln!("hanging_solution_is_killed_with_its_children: {took:?}");
    assert_eq!((field(&report, "verdict"), code), ("timeout", 1), "{report}");
    // Least total 5 of real play, lexicographically: (0, 1, 0, 4).
    assert_eq!(field(&report, "input"), "1\n0 1 0 4\n");
    // Killed, not waited for: a run left alone would sleep 1000 s. The bound (wall-clock
    // time: the wait it guards against spends no CPU) is far above what a loaded machine
    // takes (26 timed-out runs of 0.9 s), so only that decides it.
    assert!(took < Duration::from_secs(900), "took {took:?}");
    std::thread::sleep(Duration::from_millis(200));
    let left = processes_mentioning(dir.to_str().expect("utf-8 path"));
    assert!(left.is_empty(), "processes outlived the run: {left:?}");
}

#[test]
fn crashing_solution_is_a_runtime_error() {
    let dir = scratch("crash");
    let exe = compile(&dir, "crash", RIGHT_ONE_BEHIND, "if (b >= 2 && d == 0) abort();");
    let (report, code, took) = chopsticks(&dir, &exe, &[]);
    eprintln!("crashing_solution_is_a_runtime_error: {took:?}");
    assert_eq!(
        (field(&report, "verdict"), code),
        ("runtime-error", 1),
        "{report}"
    );
    assert_eq!(field(&report, "input"), "1\n0 1 2 0\n");
}

#[test]
fn echoing_the_input_is_a_presentation_error() {
    let dir = scratch("cat");
    let (report, code, _) = chopsticks(&dir, Path::new("cat"), &["--cases", "5"]);
    assert_eq!(
        (field(&report, "verdict"), code),
        ("presentation-error", 1),
        "{report}"
    );
    assert_eq!(field(&report, "input"), "1\n0 1 0 1\n");
}

#[test]
fn endless_output_hits_the_cap_as_a_runtime_error() {
    let dir = scratch("yes");
    let (report, code, took) = chopsticks(
        &dir,
        Path::new("yes"),
        &["--cases", "3", "--max-output-bytes", "4096"],
    );
    assert_eq!(
        (field(&report, "verdict"), code),
        ("runtime-error", 1),
        "{report}"
    );
    assert_eq!(field(&report, "actual").len(), 4096);
    // Cut at the cap, not run on: `yes` alone never ends. The bound is far above what a
    // loaded machine takes, so only that decides it.
    assert!(took < Duration::from_secs(300), "took {took:?}");
}

#[test]
fn usage_errors_exit_2() {
    let missing = stress(&["chopsticks", "--solution", "/nonexistent/solution"]).0;
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot start the solution"));
    let unbalanced = stress(&["chopsticks", "--solution", "'python3"]).0;
    assert_eq!(unbalanced.status.code(), Some(2));
    let bad_flag = stress(&["chopsticks", "--solution", "cat", "--jobs", "0"]).0;
    assert_eq!(bad_flag.status.code(), Some(2));
}

/// Compiles `GAMES_C` with `power` and `run_ms` milliseconds a run into `dir/name`.
fn compile_games_with(dir: &Path, name: &str, power: &str, run_ms: u64) -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(GAMES_C);
    let exe = dir.join(name);
    let status = Command::new("cc")
        .args([
            "-O2",
            &format!("-DPOWER={power}"),
            &format!("-DRUN_MS={run_ms}"),
            "-o",
        ])
        .arg(&exe)
        .arg(&source)
        .status()
        .expect("these tests need a C compiler `cc` on PATH");
    assert!(status.success(), "cc failed on {name}");
    exe
}

/// Compiles `GAMES_C` with `power` into `dir/name`.
fn compile_games(dir: &Path, name: &str, power: &str) -> PathBuf {
    compile_games_with(dir, name, power, 0)
}

/// Runs `stress games` with JSON output and the given extra flags.
fn games(dir: &Path, solution: &str, extra: &[&str]) -> (serde_json::Value, Option<i32>) {
    let out_dir = dir.join("out");
    let mut args = vec![
        "games",
        "--solution",
        solution,
        "--out-dir",
        out_dir.to_str().expect("utf-8 path"),
        "--json",
    ];
    args.extend_from_slice(extra);
    let (out, took) = stress(&args);
    eprintln!("stress games {extra:?}: {took:?}");
    (json(&out), out.status.code())
}

#[test]
fn games_c_solution_with_contest_limits_passes_small_sizes() {
    let dir = scratch("games-right-small");
    let exe = compile_games(&dir, "right", EXACT_POWER);
    let (report, code) = games(&dir, exe.to_str().expect("utf-8 path"), &["--cases", "20"]);
    assert_eq!((field(&report, "verdict"), code), ("ok", Some(0)), "{report}");
}

#[test]
#[ignore = "100 runs up to the contest's bounds: about 30 s idle, 2 minutes on a shared machine"]
fn games_c_solution_with_contest_limits_passes_on_defaults() {
    let dir = scratch("games-right");
    let exe = compile_games(&dir, "right", EXACT_POWER);
    // Sizes reach the contest's bounds at input 100.
    let (report, code) = games(&dir, exe.to_str().expect("utf-8 path"), &["--cases", "100"]);
    assert_eq!((field(&report, "verdict"), code), ("ok", Some(0)), "{report}");
    assert_eq!(report["ranges"]["value"], 100);
    assert_eq!(report["ranges"]["n"], 100);
    assert_eq!(report["ranges"]["k"], 1_000_000_000_000_000_000u64);
}

#[test]
#[ignore = "2000 runs of a B = 7 transform: about 5 minutes"]
fn games_c_solution_with_contest_limits_passes_2000_cases() {
    let dir = scratch("games-right-2000");
    let exe = compile_games(&dir, "right", EXACT_POWER);
    let (report, code) = games(&dir, exe.to_str().expect("utf-8 path"), &["--cases", "2000"]);
    assert_eq!((field(&report, "verdict"), code), ("ok", Some(0)), "{report}");
}

#[test]
fn games_c_solution_reducing_k_mod_p_minus_one_is_caught() {
    let dir = scratch("games-mod");
    let exe = compile_games(&dir, "mod", POWER_MOD_P_MINUS_ONE);
    let (report, code) = games(&dir, exe.to_str().expect("utf-8 path"), &[]);
    assert_eq!(
        (field(&report, "verdict"), code),
        ("wrong-answer", Some(1)),
        "{report}"
    );
    // F(χ) = 0 needs 7 values hitting every residue of χ; 0..=6 under χ = (1, 2, 4) is the
    // lexicographically least, and K = p − 1 the least K ≡ 0 (mod p − 1) above 0.
    assert_eq!(field(&report, "input"), "7 998244352\n0 1 2 3 4 5 6\n");
    assert_eq!(field(&report, "actual"), "1\n");
    // The first failing input as generated lies within the contest's bounds.
    let first = field(&report, "first_failing_input");
    let numbers: Vec<u64> = first
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("a number"))
        .collect();
    assert!(
        numbers[0] <= 100 && numbers[1] <= 1_000_000_000_000_000_000,
        "{first}"
    );
    assert!(numbers[2..].iter().all(|&v| v <= 100), "{first}");
    assert_eq!(
        report["shrink"]["runs"].as_u64().map(|r| r > 0),
        Some(true),
        "{report}"
    );
    assert!(
        ["least", "greedy", "budget-exhausted"]
            .contains(&report["shrink"]["standing"].as_str().unwrap_or(""))
    );
    assert!(field(&report, "replay").contains("--replay"));
}

/// Compiles the "Games" solution that reduces K mod p − 1, padded to `run_ms`
/// milliseconds a run.
fn compile_games_mod_fixture(dir: &Path, run_ms: u64) -> PathBuf {
    compile_games_with(
        dir,
        &format!("games_mod_{run_ms}ms"),
        POWER_MOD_P_MINUS_ONE,
        run_ms,
    )
}

/// The least input of the K mod p − 1 defect, as the test above derives it.
const GAMES_MOD_LEAST: &str = "7 998244352\n0 1 2 3 4 5 6\n";

#[test]
fn games_mod_shrinks_from_seed_7_to_the_least_input_within_100_runs() {
    // 100 runs two at a time are 50 rounds: 18 s of a solution taking 0.35 s a run, and
    // 50 s of one taking 1 s, within the default 60 s budget.
    let dir = scratch("games-mod-seed7");
    let exe = compile_games_mod_fixture(&dir, 0);
    let (report, code) = games(
        &dir,
        exe.to_str().expect("utf-8 path"),
        &[
            "--seed",
            "7",
            "--cases",
            "2000",
            "--jobs",
            "2",
            "--max-shrink-runs",
            "100",
        ],
    );
    assert_eq!(
        (field(&report, "verdict"), code),
        ("wrong-answer", Some(1)),
        "{report}"
    );
    // The first failing input is far from the least: values up to 99, K = 3 (p − 1).
    assert_eq!(
        field(&report, "first_failing_input"),
        "7 2994733056\n41 99 32 28 40 31 69\n"
    );
    assert_eq!(field(&report, "input"), GAMES_MOD_LEAST, "{report}");
}

#[test]
#[ignore = "a solution taking 0.35 s a run: about 90 s (issue 18)"]
fn games_mod_taking_350_ms_a_run_shrinks_to_the_least_input_in_the_default_budget() {
    let dir = scratch("games-mod-350ms");
    let exe = compile_games_mod_fixture(&dir, 350);
    let (report, code) = games(
        &dir,
        exe.to_str().expect("utf-8 path"),
        &["--seed", "7", "--cases", "2000"],
    );
    assert_eq!(
        (field(&report, "verdict"), code),
        ("wrong-answer", Some(1)),
        "{report}"
    );
    assert_eq!(field(&report, "input"), GAMES_MOD_LEAST, "{report}");
}

#[test]
fn games_python_brute_force_passes_small_sizes() {
    let dir = scratch("games-brute");
    let script = dir.join("brute.py");
    std::fs::write(&script, GAMES_BRUTE_PY).expect("write script");
    let solution = format!("python3 {}", script.display());
    // Values of 4 bits: its 7^4 coefficients are quick. (At the contest's ranges half the
    // answer-boundary inputs are drawn at the whole range from the first on, 7-bit values
    // that time it out: an input of one case now holds one side of an answer's change,
    // where it was drawn with two and thrown away.)
    let (report, code) = games(&dir, &solution, &["--cases", "40", "--max-value", "15"]);
    assert_eq!((field(&report, "verdict"), code), ("ok", Some(0)), "{report}");
    assert_eq!(report["ranges"]["value"], 15);
}

#[test]
#[ignore = "200 Python runs: about a minute"]
fn games_python_brute_force_passes_200_cases_of_4_bits() {
    let dir = scratch("games-brute-200");
    let script = dir.join("brute.py");
    std::fs::write(&script, GAMES_BRUTE_PY).expect("write script");
    let solution = format!("python3 {}", script.display());
    let (report, code) = games(&dir, &solution, &["--cases", "200", "--max-value", "15"]);
    assert_eq!((field(&report, "verdict"), code), ("ok", Some(0)), "{report}");
}

#[test]
fn bounds_outside_the_problem_are_usage_errors() {
    for (args, needle) in [
        (
            &["games", "--solution", "cat", "--max-value", "600"][..],
            "A_i <= 511",
        ),
        (
            &["games", "--solution", "cat", "--max-count", "5"][..],
            "--max-count does not apply",
        ),
        (
            &["chopsticks", "--solution", "cat", "--max-cases", "0"][..],
            "below the least",
        ),
    ] {
        let out = stress(args).0;
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn a_setsid_grandchild_is_killed_with_its_run() {
    let dir = scratch("setsid");
    // Each run leaves a grandchild in a new session, sleeping with stdout open.
    let defect = "static int once; if (!once++) { if (fork() == 0) { setsid(); if (fork() == 0) sleep(1000); return 0; } }";
    let exe = compile(&dir, "setsid", RIGHT_ONE_BEHIND, defect);
    let (report, code, took) = chopsticks(&dir, &exe, &["--cases", "5"]);
    assert_eq!((field(&report, "verdict"), code), ("ok", 0), "{report}");
    // Each run would otherwise wait for the grandchild to close stdout, 1000 s. The bound
    // (wall-clock time: the wait it guards against spends none of CPU) is far above what
    // a loaded machine takes, so only that decides it.
    assert!(took < Duration::from_secs(600), "took {took:?}");
    std::thread::sleep(Duration::from_millis(200));
    let left = processes_mentioning(dir.to_str().expect("utf-8 path"));
    assert!(left.is_empty(), "processes outlived the run: {left:?}");
}

#[test]
fn sigterm_and_sigint_kill_every_running_solution() {
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let dir = scratch(&format!("signal-{signal}"));
        // Sleeps, with a child in its own session sleeping too.
        let defect = "if (fork() == 0) { setsid(); sleep(1000); return 0; } sleep(1000);";
        let exe = compile(&dir, "sleeper", RIGHT_ONE_BEHIND, defect);
        let mut child = Command::new(BIN)
            .args(["stress", "chopsticks", "--timeout-ms", "100000", "--solution"])
            .arg(&exe)
            .arg("--out-dir")
            .arg(dir.join("out"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run gamecheck");
        let marker = dir.to_str().expect("utf-8 path");
        let start = Instant::now();
        while processes_mentioning(marker).len() < 2 && start.elapsed() < Duration::from_secs(600) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            processes_mentioning(marker).len() >= 2,
            "the solutions never started"
        );
        // SAFETY: signals our own child by its pid.
        unsafe {
            libc::kill(child.id() as i32, signal);
        }
        let status = child.wait().expect("gamecheck exits");
        assert_eq!(status.code(), Some(128 + signal));
        std::thread::sleep(Duration::from_millis(200));
        let left = processes_mentioning(marker);
        assert!(
            left.is_empty(),
            "signal {signal}: processes outlived gamecheck: {left:?}"
        );
    }
}

#[test]
fn an_unwritable_out_dir_is_refused_before_any_run() {
    let dir = scratch("out-dir");
    let ran = dir.join("ran");
    let script = dir.join("sol.sh");
    std::fs::write(&script, format!("touch {}\ncat\n", ran.display())).expect("write script");
    let blocker = dir.join("file");
    std::fs::write(&blocker, "not a directory").expect("write file");
    let out = stress(&[
        "chopsticks",
        "--solution",
        &format!("sh {}", script.display()),
        "--out-dir",
        blocker.join("sub").to_str().expect("utf-8 path"),
    ])
    .0;
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("output directory"));
    assert!(!ran.exists(), "the solution ran before the out dir was checked");
}

#[test]
fn the_default_out_dir_leaves_the_working_directory_clean() {
    let dir = scratch("cwd");
    let out = Command::new(BIN)
        .args([
            "stress",
            "chopsticks",
            "--solution",
            "cat",
            "--cases",
            "3",
            "--json",
        ])
        .current_dir(&dir)
        .output()
        .expect("run gamecheck");
    let report = json(&out);
    assert_eq!(field(&report, "verdict"), "presentation-error");
    let left: Vec<_> = std::fs::read_dir(&dir).expect("read dir").flatten().collect();
    assert!(left.is_empty(), "files left in the working directory: {left:?}");
    let files = report["files"].as_array().expect("files");
    let input = files[0].as_str().expect("a path");
    assert!(Path::new(input).starts_with(std::env::temp_dir()), "{input}");
    assert_eq!(std::fs::read_to_string(input).expect("input.txt"), "1\n0 1 0 1\n");
    if let Some(parent) = Path::new(input).parent() {
        let _ = std::fs::remove_dir_all(parent);
    }
}

#[test]
fn the_timeout_budget_is_named_when_it_stops_the_shrink() {
    let dir = scratch("timeouts");
    let defect = "if ((u128)a + c + b + d >= 2) sleep(1000);";
    let exe = compile(&dir, "slow", RIGHT_ONE_BEHIND, defect);
    let (report, code, _) = chopsticks(
        &dir,
        &exe,
        &[
            "--timeout-ms",
            "200",
            "--cases",
            "3",
            "--max-shrink-timeouts",
            "0",
        ],
    );
    assert_eq!((field(&report, "verdict"), code), ("timeout", 1), "{report}");
    assert_eq!(report["shrink"]["standing"], "budget-exhausted", "{report}");
    let why = field(&report["shrink"], "why");
    assert!(
        why.contains("--max-shrink-timeouts") && !why.contains("run budget"),
        "{why}"
    );
}

#[test]
fn replay_reports_no_seed_and_control_characters_are_escaped() {
    let dir = scratch("escape");
    let script = dir.join("esc.sh");
    std::fs::write(&script, "printf 'Fir\\033[2Jst\\000\\n'\n").expect("write script");
    let input = dir.join("input.txt");
    std::fs::write(&input, "1\n1 0 1 1\n").expect("write input");
    let solution = format!("sh {}", script.display());
    let args = [
        "chopsticks",
        "--solution",
        &solution,
        "--replay",
        input.to_str().expect("utf-8 path"),
    ];
    let out = stress(&args).0;
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("\\x1b[2J") && text.contains("\\0"), "{text}");
    assert!(
        !out.stdout.contains(&0x1b) && !out.stdout.contains(&0),
        "raw control bytes: {text}"
    );
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let report = json(&stress(&json_args).0);
    assert!(report.get("seed").is_none(), "{report}");
    assert_eq!(field(&report, "verdict"), "presentation-error");
}

/// Live processes (zombies have no command line) whose command line mentions `marker`.
fn live_processes_mentioning(marker: &str) -> usize {
    processes_mentioning(marker).len()
}

/// Compiles `RULE` (right) with `tail` run after the answers are printed.
fn compile_with_tail(dir: &Path, name: &str, tail: &str) -> PathBuf {
    let text = RULE
        .replace("ONE_BEHIND", RIGHT_ONE_BEHIND)
        .replace("DEFECT", "")
        .replace(
            "    return 0;\n}\n",
            &format!("    fflush(stdout);\n{tail}\n    return 0;\n}}\n"),
        );
    compile_c(dir, name, &format!("#include <time.h>\n{text}"))
}

/// After printing its answers, a chain of 8 processes, each in its own session and
/// alive until the next is born; the leader exits once the chain is whole, so each
/// kill reparents only the next link. Every link gives up after 20 s.
const SETSID_CHAIN: &str = r#"
    int ready[2];
    if (pipe(ready) != 0) return 1;
    if (fork() == 0) {
        close(0); close(1); close(2); close(ready[0]);
        for (int depth = 0; depth < 8; depth++) {
            setsid();
            if (fork() != 0) { close(ready[1]); sleep(20); _exit(0); }
        }
        if (write(ready[1], "x", 1) != 1) _exit(1);
        sleep(20);
        _exit(0);
    }
    close(ready[1]);
    char c;
    if (read(ready[0], &c, 1) != 1) return 1;
"#;

/// After printing its answers, a child that forks, lets the parent exit and calls
/// `setsid()` in the new child, again and again (for at most 20 s); the leader exits 50 ms
/// later.
const HOPPER: &str = r#"
    if (fork() == 0) {
        time_t end = time(NULL) + 20;
        while (time(NULL) < end) {
            pid_t p = fork();
            if (p > 0) _exit(0);
            if (p == 0) setsid();
        }
        _exit(0);
    }
    usleep(50000);
"#;

/// After printing its answers, a tree of 2^8 - 1 processes, each forking two children in
/// new sessions before sleeping 20 s: a fork bomb, bounded; the leader exits 200 ms later.
const FORK_TREE: &str = r#"
    if (fork() == 0) {
        close(0); close(1); close(2);
        for (int depth = 0; depth < 7; depth++) {
            setsid();
            if (fork() == 0) continue;
            if (fork() == 0) continue;
            break;
        }
        sleep(20);
        _exit(0);
    }
    usleep(200000);
"#;

#[test]
fn escaped_setsid_chains_and_hoppers_leave_no_process_after_20_runs() {
    let dir = scratch("escapes");
    let solutions = [
        compile_with_tail(&dir, "chain", SETSID_CHAIN),
        compile_with_tail(&dir, "hopper", HOPPER),
        compile_with_tail(&dir, "tree", FORK_TREE),
    ];
    let marker = dir.to_str().expect("utf-8 path");
    for round in 0..20 {
        let exe = &solutions[round % solutions.len()];
        let (report, code, _) = chopsticks(&dir, exe, &["--cases", "1"]);
        assert_eq!((field(&report, "verdict"), code), ("ok", 0), "{report}");
        // Checked as soon as stress exits: nothing it started may be alive.
        let left = live_processes_mentioning(marker);
        assert_eq!(
            left,
            0,
            "run {round} ({}): processes outlived stress",
            exe.display()
        );
    }
}

#[test]
fn every_terminating_signal_kills_every_running_solution() {
    let dir = scratch("signals");
    // Sleeps, with a child in its own session sleeping too.
    let defect = "if (fork() == 0) { setsid(); sleep(1000); return 0; } sleep(1000);";
    let exe = compile(&dir, "sleeper", RIGHT_ONE_BEHIND, defect);
    let marker = dir.to_str().expect("utf-8 path");
    for signal in [
        libc::SIGXCPU,
        libc::SIGALRM,
        libc::SIGUSR1,
        libc::SIGUSR2,
        libc::SIGVTALRM,
        libc::SIGPROF,
        libc::SIGQUIT,
        libc::SIGRTMIN(),
    ] {
        let mut child = Command::new(BIN)
            .args(["stress", "chopsticks", "--timeout-ms", "100000", "--solution"])
            .arg(&exe)
            .arg("--out-dir")
            .arg(dir.join("out"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("run gamecheck");
        let start = Instant::now();
        while processes_mentioning(marker).len() < 2 && start.elapsed() < Duration::from_secs(600) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            processes_mentioning(marker).len() >= 2,
            "the solutions never started"
        );
        // SAFETY: signals our own child by its pid.
        unsafe {
            libc::kill(child.id() as i32, signal);
        }
        let status = child.wait().expect("gamecheck exits");
        assert_eq!(status.code(), Some(128 + signal), "signal {signal}");
        let left = processes_mentioning(marker);
        assert!(
            left.is_empty(),
            "signal {signal}: processes outlived gamecheck: {left:?}"
        );
    }
}

/// The chopsticks cases of a contest input.
fn read_chopsticks(input: &str) -> Vec<[u128; 4]> {
    let numbers: Vec<u128> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("a number"))
        .collect();
    numbers[1..].chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect()
}

#[test]
fn a_signal_during_the_shrink_keeps_the_least_failing_input_so_far() {
    let dir = scratch("shrink-signal");
    // Wrong on every position of total at least 10^6, and slow: 20 ms a case. The first
    // such input is drawn at about input 30 (the small values come first).
    let defect = "usleep(20000); if ((u128)a + c + b + d >= 1000000) { puts(first(a, c, b, d) ? \"Second\" : \"First\"); continue; }";
    let exe = compile(&dir, "slow-wrong", RIGHT_ONE_BEHIND, defect);
    let out = dir.join("out");
    let stderr = dir.join("stderr.txt");
    let child = Command::new(BIN)
        .args(["stress", "chopsticks", "--timeout-ms", "5000", "--solution"])
        .arg(&exe)
        .arg("--out-dir")
        .arg(&out)
        .stdout(std::process::Stdio::piped())
        .stderr(std::fs::File::create(&stderr).expect("stderr file"))
        .spawn()
        .expect("run gamecheck");
    let start = Instant::now();
    // A loop that ends as soon as the file is there: its cap only stops a hang, far above
    // what a loaded machine takes.
    while !out.join("input.txt").exists() && start.elapsed() < Duration::from_secs(600) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        out.join("input.txt").exists(),
        "nothing written 600 s after the start"
    );
    // Told at once, before the shrink.
    let told = std::fs::read_to_string(&stderr).expect("stderr");
    assert!(
        told.contains("wrong-answer on input") && told.contains("shrinking it"),
        "{told}"
    );
    std::thread::sleep(Duration::from_millis(1500));
    // SAFETY: signals our own child by its pid.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    let output = child.wait_with_output().expect("gamecheck exits");
    let told = std::fs::read_to_string(&stderr).expect("stderr");
    assert_eq!(output.status.code(), Some(128 + libc::SIGTERM), "{told}");
    assert!(output.stdout.is_empty(), "a report after a signal");
    assert!(told.contains("the least failing input found so far"), "{told}");
    let input = std::fs::read_to_string(out.join("input.txt")).expect("input.txt");
    let first = std::fs::read_to_string(out.join("first-input.txt")).expect("first-input.txt");
    // Fails by the defect's own condition, and is no larger than the first failure.
    let total = |c: &[u128; 4]| c.iter().sum::<u128>();
    let cases = read_chopsticks(&input);
    assert!(cases.iter().any(|c| total(c) >= 1_000_000), "{input}");
    let largest = |cases: &[[u128; 4]]| cases.iter().map(total).max().unwrap_or(0);
    assert!(
        largest(&cases) <= largest(&read_chopsticks(&first)),
        "{input} / {first}"
    );
    let again = stress(&[
        "chopsticks",
        "--solution",
        exe.to_str().expect("utf-8 path"),
        "--replay",
        out.join("input.txt").to_str().expect("utf-8 path"),
    ])
    .0;
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stdout).starts_with("wrong-answer"));
}

#[test]
fn more_cases_per_input_than_stress_holds_is_a_usage_error() {
    // Refused before any input is drawn: only drawing 10^8 cases would spend 60 s of CPU
    // time (which a loaded machine does not stretch, as it does the wall clock).
    let out = stress_within(
        &["chopsticks", "--solution", "cat", "--max-cases", "100000000"],
        Duration::from_secs(60),
    )
    .expect("refused within 60 s of CPU time");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--max-cases 100000000") && err.contains("T <= 100000"),
        "{err}"
    );
}

/// Runs `gamecheck stress ARGS`, killing it once it has spent `cpu` of CPU time (or
/// [`crate::common::WALL_NET`] times that of wall-clock time); `None` if it had to be.
fn stress_within(args: &[&str], cpu: Duration) -> Option<Output> {
    crate::common::output_within(Command::new(BIN).arg("stress").args(args), b"", cpu)
        .ok()
        .map(|(out, _)| out)
}

#[test]
fn replay_of_an_endless_file_fails_at_once() {
    let out = stress_within(
        &["chopsticks", "--solution", "cat", "--replay", "/dev/zero"],
        Duration::from_secs(10),
    )
    .expect("replaying /dev/zero did not stop within 10 s of CPU time");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("not valid contest input") && err.contains("line 1"),
        "{err}"
    );
    // Endless whitespace: valid so far, stopped by the cap.
    let dir = scratch("replay-fifo");
    let fifo = dir.join("spaces");
    let path = std::ffi::CString::new(fifo.to_str().expect("utf-8 path")).expect("no NUL");
    // SAFETY: mkfifo reads the NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
    let writer_path = fifo.clone();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(writer_path)
            .expect("open fifo");
        let spaces = vec![b' '; 1 << 16];
        while f.write_all(&spaces).is_ok() {}
    });
    let out = stress_within(
        &[
            "chopsticks",
            "--solution",
            "cat",
            "--replay",
            fifo.to_str().expect("utf-8 path"),
        ],
        Duration::from_secs(60),
    )
    .expect("replaying endless spaces did not stop within 60 s of CPU time");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("longer than 256 MiB"), "{err}");
    writer.join().expect("writer");
}

#[test]
fn a_shared_out_dir_is_refused_while_another_run_holds_it() {
    let dir = scratch("shared");
    let out = dir.join("out");
    let sleeper = dir.join("sleeper.sh");
    std::fs::write(&sleeper, "sleep 30\n").expect("write script");
    let mut first = Command::new(BIN)
        .args(["stress", "chopsticks", "--timeout-ms", "60000", "--solution"])
        .arg(format!("sh {}", sleeper.display()))
        .arg("--out-dir")
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run gamecheck");
    // gamecheck's own command line names the script too; only the script running proves
    // that the first run holds the lock (it locks before it runs anything).
    let marker = sleeper.to_str().expect("utf-8 path");
    let solution_running = || {
        processes_mentioning(marker)
            .iter()
            .any(|cmdline| !cmdline.contains("--solution"))
    };
    let start = Instant::now();
    while !solution_running() && start.elapsed() < Duration::from_secs(600) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(solution_running(), "the first run's solution never started");
    let ran = dir.join("ran");
    let second = dir.join("second.sh");
    std::fs::write(&second, format!("touch {}\ncat\n", ran.display())).expect("write script");
    let out2 = stress(&[
        "chopsticks",
        "--solution",
        &format!("sh {}", second.display()),
        "--out-dir",
        out.to_str().expect("utf-8 path"),
    ])
    .0;
    // SAFETY: signals our own child by its pid.
    unsafe {
        libc::kill(first.id() as i32, libc::SIGTERM);
    }
    let _ = first.wait();
    let err = String::from_utf8_lossy(&out2.stderr);
    assert_eq!(out2.status.code(), Some(2), "{err}");
    assert!(err.contains("in use by another gamecheck stress run"), "{err}");
    assert!(!ran.exists(), "the second run ran its solution");
    // Free again once the first run is gone.
    let again = stress(&[
        "chopsticks",
        "--solution",
        "cat",
        "--cases",
        "2",
        "--out-dir",
        out.to_str().expect("utf-8 path"),
    ])
    .0;
    assert_eq!(again.status.code(), Some(1));
}

#[test]
fn an_out_dir_that_is_a_file_or_a_dangling_link_is_named_as_such() {
    let dir = scratch("out-dir-kinds");
    let file = dir.join("file");
    std::fs::write(&file, "not a directory").expect("write file");
    let dangling = dir.join("dangling");
    std::os::unix::fs::symlink(dir.join("nowhere"), &dangling).expect("symlink");
    for (path, needle) in [
        (&file, "it is a file, not a directory"),
        (&dangling, "which does not exist"),
    ] {
        let out = stress(&[
            "chopsticks",
            "--solution",
            "cat",
            "--out-dir",
            path.to_str().expect("utf-8 path"),
        ])
        .0;
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(needle) && !err.contains("File exists"), "{err}");
    }
}

#[test]
fn answer_tokens_are_separated_by_c_isspace_only() {
    use gamecheck::chopsticks::{Chopsticks, State};
    use gamecheck::stress::{RunOutcome, Termination, Verdict, judge};
    let p = gamecheck::game::GameProblem::new(
        Chopsticks::with_table_limit(1),
        gamecheck::game::Question::default(),
    )
    .expect("the outcome question");
    // (1, 0, 1, 1): the player to move wins.
    let judged = |stdout: &[u8]| {
        let run = RunOutcome {
            termination: Termination::Exited(0),
            stdout: stdout.to_vec(),
            stderr: Vec::new(),
            elapsed: Duration::ZERO,
            cpu: Duration::ZERO,
        };
        judge(&p, &[State::new(1, 0, 1, 1)], &run).expect("judged")
    };
    let verdict = |stdout: &[u8]| judged(stdout).verdict;
    // What scanf skips: space, \t, \n, \v, \f, \r.
    for ok in [
        &b"First\n"[..],
        b"First",
        b"  First \t\r\n\n",
        b"First\x0c\n",
        b"\x0bFirst\x0b\n",
        b"\x0cFirst\r\n",
    ] {
        assert_eq!(verdict(ok), Verdict::Ok, "{:?}", String::from_utf8_lossy(ok));
    }
    // Anything else is part of the token: a no-break space, an ideographic space, NUL.
    for bad in [
        "First\u{a0}\n".as_bytes(),
        "\u{a0}First\n".as_bytes(),
        "First\u{3000}\n".as_bytes(),
        b"First\0\n",
        b"First\x0bSecond\n",
    ] {
        assert_eq!(
            verdict(bad),
            Verdict::PresentationError,
            "{:?}",
            String::from_utf8_lossy(bad)
        );
    }
    assert_eq!(verdict(b"Second\x0c\n"), Verdict::WrongAnswer);
    // The message shows the space that is not one.
    let detail = judged("First\u{a0}\n".as_bytes()).detail;
    assert!(detail.ends_with("found `First\\u{a0}`"), "{detail}");
}

#[test]
fn zero_shrink_timeouts_still_shrinks_a_solution_that_never_times_out() {
    let dir = scratch("zero-timeouts");
    let exe = compile(&dir, "missing", "0", "");
    let (report, code, _) = chopsticks(&dir, &exe, &["--max-shrink-timeouts", "0"]);
    assert_eq!((field(&report, "verdict"), code), ("wrong-answer", 1), "{report}");
    assert_eq!(field(&report, "input"), "1\n1 0 1 1\n", "{report}");
    assert_eq!(report["shrink"]["standing"], "least", "{report}");
}

#[test]
fn giving_up_early_does_not_claim_the_ranges_are_exhausted() {
    let dir = scratch("give-up");
    let exe = compile(&dir, "right", RIGHT_ONE_BEHIND, "");
    let out = stress(&[
        "chopsticks",
        "--solution",
        exe.to_str().expect("utf-8 path"),
        "--max-count",
        "1",
        "--max-cases",
        "1",
        "--cases",
        "20",
    ])
    .0;
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    // Inputs of one case with counts at most 1: one per position, 2^4 of them.
    let mut positions = 0;
    for a in 0..=1 {
        for c in 0..=1 {
            for b in 0..=1 {
                for d in 0..=1 {
                    let _ = (a, c, b, d);
                    positions += 1;
                }
            }
        }
    }
    let passed: usize = text
        .split_whitespace()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {text}"));
    assert!(passed < positions, "{text}");
    assert!(!text.contains("hold no more distinct inputs"), "{text}");
    assert!(text.contains("fewer than the 20 asked for"), "{text}");
}

#[test]
fn invalid_utf8_in_actual_is_u_fffd_in_json_and_raw_in_actual_txt() {
    let dir = scratch("utf8");
    let script = dir.join("bytes.sh");
    std::fs::write(&script, "printf 'Fir\\377st\\n'\n").expect("write script");
    let (report, code, _) = chopsticks(
        &dir,
        Path::new(&format!("sh {}", script.display())),
        &["--cases", "2"],
    );
    assert_eq!(
        (field(&report, "verdict"), code),
        ("presentation-error", 1),
        "{report}"
    );
    assert_eq!(field(&report, "actual"), "Fir\u{fffd}st\n");
    // The detail names the byte as `actual:` does, not as U+FFFD.
    assert!(field(&report, "detail").contains("Fir\\xffst"), "{report}");
    assert!(!field(&report, "detail").contains('\u{fffd}'), "{report}");
    assert_eq!(
        std::fs::read(dir.join("out/actual.txt")).expect("actual.txt"),
        b"Fir\xffst\n"
    );
}

#[test]
fn a_closed_stdout_exits_141_and_leaves_no_process() {
    use std::os::fd::FromRawFd;
    let dir = scratch("closed-stdout");
    let exe = compile_with_tail(&dir, "chain", SETSID_CHAIN);
    let (reader, writer) = {
        let mut fds = [0; 2];
        // SAFETY: pipe writes two descriptors into the array we own.
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        // SAFETY: both descriptors are fresh and owned from here on.
        unsafe {
            (
                std::fs::File::from(std::os::fd::OwnedFd::from_raw_fd(fds[0])),
                std::fs::File::from(std::os::fd::OwnedFd::from_raw_fd(fds[1])),
            )
        }
    };
    drop(reader);
    let status = Command::new(BIN)
        .args(["stress", "chopsticks", "--cases", "3", "--solution"])
        .arg(&exe)
        .arg("--out-dir")
        .arg(dir.join("out"))
        .stdout(writer)
        .stderr(std::process::Stdio::null())
        .status()
        .expect("run gamecheck");
    assert_eq!(status.code(), Some(141));
    assert_eq!(live_processes_mentioning(dir.to_str().expect("utf-8 path")), 0);
}

#[test]
fn sigkill_of_stress_takes_each_running_solution_with_it() {
    let dir = scratch("sigkill");
    // Kills gamecheck with SIGKILL, which nothing can catch, then sleeps as the leader.
    let script = dir.join("kill-parent.sh");
    std::fs::write(&script, "kill -9 $PPID\nexec sleep 999.25\n").expect("write script");
    let out = stress(&[
        "chopsticks",
        "--solution",
        &format!("sh {}", script.display()),
        "--out-dir",
        dir.join("out").to_str().expect("utf-8 path"),
    ])
    .0;
    assert_eq!(out.status.code(), None, "gamecheck was not killed");
    // PR_SET_PDEATHSIG: the leader dies with it.
    let start = Instant::now();
    while processes_mentioning("sleep 999.25")
        .iter()
        .any(|c| c.starts_with("sleep 999.25"))
        && start.elapsed() < Duration::from_secs(300)
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<String> = processes_mentioning("sleep 999.25")
        .into_iter()
        .filter(|c| c.starts_with("sleep 999.25"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A C program that spends `ms` of its own CPU time, then prints `done`.
fn compile_spinner(dir: &Path, name: &str, ms: u64, forks: u32) -> PathBuf {
    let text = format!(
        r#"
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
static double cpu(void) {{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}}
int main(void) {{
    int kids = 0;
    for (int i = 0; i < {forks}; i++) if (fork() == 0) {{ kids = -1; break; }} else kids++;
    if (kids > 0) {{ while (wait(NULL) > 0) {{}} puts("done"); return 0; }}
    volatile unsigned long x = 0;
    while (cpu() < {ms}) x++;
    if (kids == 0) puts("done");
    return 0;
}}
"#
    );
    compile_c(dir, name, &text)
}

/// Issue 31, item 9: the limit is CPU time, of the whole process tree, and the verdict
/// says which limit fired.
#[test]
fn the_time_limit_is_cpu_time_of_the_process_tree() {
    use gamecheck::stress::{Clock, Limits, Solution, Termination, run};
    let dir = scratch("cpu-limit");
    let limits = Limits {
        timeout: Duration::from_millis(200),
        max_output_bytes: 1 << 20,
        memory: None,
    };
    // Endless work: the CPU limit, after about 200 ms of CPU whatever the load.
    let endless = compile_spinner(&dir, "endless", 1_000_000, 0);
    let out = run(
        &Solution::parse(endless.to_str().expect("utf-8")).expect("parse"),
        b"",
        &limits,
    )
    .expect("run");
    assert_eq!(out.termination, Termination::TimedOut(Clock::Cpu), "{out:?}");
    assert!(out.cpu >= Duration::from_millis(200), "{out:?}");
    // A parent that waits (asleep, using nothing) while three children each spend 100 ms:
    // the tree spent 300 ms, over the limit, though no process did.
    let tree = compile_spinner(&dir, "tree", 100, 3);
    let out = run(
        &Solution::parse(tree.to_str().expect("utf-8")).expect("parse"),
        b"",
        &limits,
    )
    .expect("run");
    assert_eq!(out.termination, Termination::TimedOut(Clock::Cpu), "{out:?}");
    // Sleeping uses no CPU: the wall-clock limit, 3 × 200 ms, and it says so.
    let out = run(&Solution::parse("sleep 100").expect("parse"), b"", &limits).expect("run");
    assert_eq!(out.termination, Termination::TimedOut(Clock::Wall), "{out:?}");
    assert!(out.elapsed >= Duration::from_millis(600), "{out:?}");
    assert!(out.cpu < Duration::from_millis(200), "{out:?}");
    // In the report too.
    let (report, code, _) = chopsticks(
        &dir,
        Path::new("sleep 100"),
        &[
            "--timeout-ms",
            "100",
            "--cases",
            "1",
            "--max-shrink-timeouts",
            "0",
        ],
    );
    assert_eq!((field(&report, "verdict"), code), ("timeout", 1), "{report}");
    assert_eq!(field(&report, "time_limit"), "wall", "{report}");
    assert!(
        field(&report, "detail").starts_with("wall-clock limit"),
        "{report}"
    );
}

/// Issue 31, item 9: a right solution that other load keeps from its core for longer than
/// the limit (here a busy loop on the same core, at a higher priority) is not a timeout:
/// it is judged by the CPU time it used.
#[test]
fn a_solution_kept_from_its_core_by_load_is_judged_by_its_cpu_time() {
    use gamecheck::stress::{Limits, Solution, Termination, run};
    let dir = scratch("starved");
    let work = compile_spinner(&dir, "work", 50, 0);
    let mut hog = Command::new("taskset")
        .args(["-c", "0", "sh", "-c", "while :; do :; done"])
        .spawn()
        .expect("taskset starts a busy loop");
    let limits = Limits {
        timeout: Duration::from_millis(100),
        max_output_bytes: 1 << 20,
        memory: None,
    };
    // At nice 10 against a nice-0 loop on one core it gets about a tenth of it: 50 ms
    // of CPU take about 0.5 s, more than 3 × the 100 ms limit.
    let command = format!("taskset -c 0 nice -n 10 {}", work.display());
    let out = run(&Solution::parse(&command).expect("parse"), b"", &limits).expect("run");
    let _ = hog.kill();
    let _ = hog.wait();
    eprintln!("starved run: {:?} wall, {:?} CPU", out.elapsed, out.cpu);
    assert_eq!(out.termination, Termination::Exited(0), "{out:?}");
    assert_eq!(out.stdout, b"done\n");
    assert!(out.cpu < Duration::from_millis(100), "{out:?}");
}

/// Runs `gamecheck stress chopsticks` as the unprivileged user `nobody` with at most
/// `nproc` processes and threads for that user (`ulimit -u`; root is not held to it),
/// and returns its output and how many of `nobody`'s processes are left a moment after.
/// `None` where that cannot be arranged (not root, or no `setpriv`).
fn stress_as_nobody(dir: &Path, nproc: u32, solution: &Path, extra: &[&str]) -> Option<(Output, usize)> {
    // SAFETY: geteuid has no memory effects.
    if unsafe { libc::geteuid() } != 0 || Command::new("setpriv").arg("--help").output().is_err() {
        return None;
    }
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777)).expect("chmod");
    let nobody_processes = || {
        let out = Command::new("ps")
            .args(["-u", "65534", "-o", "pid="])
            .output()
            .expect("ps");
        String::from_utf8_lossy(&out.stdout).lines().count()
    };
    if nobody_processes() != 0 {
        return None;
    }
    let mut command = Command::new("setpriv");
    command
        .args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            BIN,
            "stress",
            "chopsticks",
        ])
        .args(["--json", "--timeout-ms", "300", "--solution"])
        .arg(solution)
        .arg("--out-dir")
        .arg(dir.join("out"))
        .args(extra);
    use std::os::unix::process::CommandExt;
    // SAFETY: setrlimit in the child before exec, touching nothing else.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: nproc.into(),
                rlim_max: nproc.into(),
            };
            libc::setrlimit(libc::RLIMIT_NPROC, &limit);
            Ok(())
        });
    }
    let out = command.output().expect("run setpriv");
    std::thread::sleep(Duration::from_millis(500));
    Some((out, nobody_processes()))
}

/// Issue 31, item 2: a process limit never panics stress (it started threads per run and
/// panicked when one could not start, leaving every process of the solution alive).
#[test]
fn a_process_limit_neither_panics_nor_leaks() {
    let dir = scratch("nproc");
    let right = compile(&dir, "right", RIGHT_ONE_BEHIND, "");
    // 16 jobs under a limit of 60: enough for the pool and the runs, as no run starts a
    // thread.
    let Some((out, left)) = stress_as_nobody(&dir, 60, &right, &["-j", "16", "--cases", "50"]) else {
        eprintln!("a_process_limit_neither_panics_nor_leaks: not root or no setpriv; skipped");
        return;
    };
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(left, 0);
    // A fork bomb under a limit of 40: judged (a timeout), written, and nothing left.
    std::fs::write(
        dir.join("bomb.c"),
        "#include <unistd.h>\nint main(void) { for (;;) fork(); }\n",
    )
    .expect("write");
    let status = Command::new("cc")
        .arg("-o")
        .arg(dir.join("bomb"))
        .arg(dir.join("bomb.c"))
        .status()
        .expect("cc");
    assert!(status.success());
    let (out, left) = stress_as_nobody(
        &dir,
        40,
        &dir.join("bomb"),
        &["--cases", "1", "--max-shrink-runs", "2"],
    )
    .expect("as before");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(matches!(out.status.code(), Some(1 | 2)), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(left, 0, "{err}");
    if out.status.code() == Some(1) {
        assert_eq!(json(&out)["verdict"], "timeout", "{err}");
        assert!(dir.join("out/input.txt").exists());
    }
}

/// Issue 42, medium 8: a solution that cannot be started during the shrink (under
/// `ulimit -u`, a fork bomb's processes took every slot) turned a found timeout into exit 2,
/// "cannot start the solution", with no report. A script that deletes itself on its first
/// run fails every later start the same way, on any machine: the timeout found is reported
/// and kept, and the shrink names why it broke off.
#[test]
fn a_solution_that_cannot_start_again_during_the_shrink_keeps_the_found_verdict() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("gone");
    let script = dir.join("gone.sh");
    std::fs::write(&script, "#!/bin/sh\nrm -f \"$0\"\nexec sleep 10\n").expect("write script");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let out_dir = dir.join("out");
    let (out, _) = stress(&[
        "chopsticks",
        "--solution",
        script.to_str().expect("utf-8 path"),
        "--cases",
        "1",
        "--timeout-ms",
        "300",
        "--out-dir",
        out_dir.to_str().expect("utf-8 path"),
        "--json",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let report = json(&out);
    assert_eq!(report["verdict"], "timeout", "{report:#}");
    let why = report["shrink"]["why"].as_str().unwrap_or_default();
    assert!(why.contains("cannot start the solution"), "{report:#}");
    let kept = std::fs::read_to_string(out_dir.join("input.txt")).expect("the input is kept");
    assert_eq!(Some(kept.as_str()), report["input"].as_str());
}

/// A Chopsticks "solution" that searches until `alarm(1)` stops it (as contest solutions
/// time-box a search), then answers `Second` to every case: right or wrong, it answers.
const ALARM: &str = r#"
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
static volatile sig_atomic_t stop;
static void on_alarm(int s) { (void)s; stop = 1; }
int main(void) {
    signal(SIGALRM, on_alarm);
    alarm(1);
    volatile unsigned long long k = 0;
    while (!stop) k++;
    int t; if (scanf("%d", &t) != 1) return 0;
    unsigned long long a, b, c, d;
    while (t--) { if (scanf("%llu %llu %llu %llu", &a, &b, &c, &d) != 4) return 0; puts("Second"); }
    return 0;
}
"#;

#[test]
fn a_solution_stopped_by_its_own_alarm_is_judged_on_its_answer() {
    // gamecheck blocks SIGALRM for its reaper; a solution that inherited the mask never
    // saw its alarm and was judged `timeout`.
    let dir = scratch("alarm");
    let exe = compile_c(&dir, "alarm", ALARM);
    let (out, _) = stress(&[
        "chopsticks",
        "--solution",
        exe.to_str().expect("utf-8 path"),
        "--cases",
        "1",
        "--timeout-ms",
        "3000",
        "--max-shrink-runs",
        "0",
        "--json",
    ]);
    let report = json(&out);
    assert_ne!(report["verdict"], "timeout", "{report:#}");
    assert!(
        report["actual"].as_str().unwrap_or("").starts_with("Second"),
        "{report:#}"
    );
}

#[test]
fn a_solution_starts_with_no_signal_blocked_or_ignored() {
    let dir = scratch("sigmask");
    let input = dir.join("input.txt");
    std::fs::write(&input, "1\n1 1 1 1\n").expect("write input");
    let (out, _) = stress(&[
        "chopsticks",
        "--solution",
        "grep -E '^Sig(Blk|Ign)' /proc/self/status",
        "--replay",
        input.to_str().expect("utf-8 path"),
        "--json",
    ]);
    let report = json(&out);
    assert_eq!(
        report["actual"].as_str(),
        Some("SigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n"),
        "{report:#}"
    );
}

#[test]
fn the_out_dir_is_never_written_through_a_link_and_the_default_is_fresh() {
    let dir = scratch("links");
    let out_dir = dir.join("out");
    std::fs::create_dir_all(&out_dir).expect("create out dir");
    let victim = dir.join("victim");
    std::fs::write(&victim, "keep me").expect("write victim");
    for name in [
        "input.txt",
        "expected.txt",
        "actual.txt",
        "stderr.txt",
        "first-input.txt",
    ] {
        std::os::unix::fs::symlink(&victim, out_dir.join(name)).expect("symlink");
    }
    let run = |extra: &[&str]| {
        let mut args = vec![
            "chopsticks",
            "--solution",
            "cat",
            "--cases",
            "1",
            "--max-shrink-runs",
            "0",
            "--json",
        ];
        args.extend_from_slice(extra);
        json(&stress(&args).0)
    };
    let report = run(&["--out-dir", out_dir.to_str().expect("utf-8 path")]);
    assert_eq!(report["verdict"], "presentation-error", "{report:#}");
    assert_eq!(std::fs::read_to_string(&victim).expect("victim"), "keep me");
    assert!(
        std::fs::symlink_metadata(out_dir.join("input.txt"))
            .expect("input")
            .is_file()
    );
    // Without --out-dir, each run gets a directory of its own, made afresh.
    let first = |r: &serde_json::Value| PathBuf::from(r["files"][0].as_str().expect("a file"));
    let (a, b) = (run(&[]), run(&[]));
    let (a, b) = (first(&a), first(&b));
    assert_ne!(a.parent(), b.parent());
    for f in [a, b] {
        let _ = std::fs::remove_dir_all(f.parent().expect("a directory"));
    }
}

/// The banner's `ranges:` and `reach:` lines and the inputs run, of `stress chopsticks
/// --fingers 3` (no fast path: its counts are kept to the rules' reach), each input as
/// the solution read it: a shell that logs its stdin to `log`, then `solve`.
fn logged_run(dir: &Path, log: &Path) -> (Vec<String>, String) {
    let solution = format!(
        "sh -c 'tee -a {} | {BIN} solve chopsticks --fingers 3'",
        log.display()
    );
    let out_dir = dir.join("out");
    let (out, _) = stress(&[
        "chopsticks",
        "--fingers",
        "3",
        "--solution",
        &solution,
        "--cases",
        "4",
        "--jobs",
        "1",
        "--out-dir",
        out_dir.to_str().expect("utf-8 path"),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The banner and the reach are on stderr, the report's ranges on stdout.
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let banner = stderr
        .lines()
        .chain(stdout.lines())
        .filter(|l| l.starts_with("ranges:") || l.starts_with("reach:"))
        .map(str::to_owned)
        .collect();
    (
        banner,
        std::fs::read_to_string(log).expect("the solution logged its inputs"),
    )
}

/// A seed fixes the inputs of a game whose probe is decided by its positions (Chopsticks
/// with three fingers, whose rules reach its largest count): two runs of the same command
/// state the same ranges and reach and run the same bytes.
#[test]
fn two_runs_of_one_seed_state_the_same_reach_and_run_the_same_inputs() {
    let dir = scratch("same-seed");
    let (first_banner, first_inputs) = logged_run(&dir.join("a"), &dir.join("a.log"));
    let (second_banner, second_inputs) = logged_run(&dir.join("b"), &dir.join("b.log"));
    assert!(
        first_banner
            .iter()
            .any(|l| l.starts_with("reach: the rules judge counts up to")),
        "{first_banner:?}"
    );
    assert_eq!(first_banner, second_banner);
    assert!(first_inputs.lines().count() > 4, "{first_inputs}");
    assert_eq!(first_inputs, second_inputs);
}

/// Touches 2 GiB, a mebibyte at a time; a refused allocation is written through (a
/// crash), as a contestant's program does.
const ALLOCATES_2_GIB: &str = r#"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
int main(void) {
    for (int i = 0; i < 2048; i++) {
        char *p = malloc(1 << 20);
        memset(p, 1, 1 << 20);
    }
    puts("First");
    return 0;
}
"#;

/// A solution that allocates 2 GiB under `--memory-limit-mb 256` is judged
/// `memory-limit`, as a judge does, not `runtime-error`.
#[test]
fn a_solution_allocating_2_gib_gets_memory_limit_under_256_mib() {
    let dir = scratch("memory-limit");
    let exe = compile_c(&dir, "alloc", ALLOCATES_2_GIB);
    let (report, code, _) = chopsticks(
        &dir,
        &exe,
        &[
            "--memory-limit-mb",
            "256",
            "--cases",
            "1",
            "--max-shrink-runs",
            "3",
        ],
    );
    assert_eq!((field(&report, "verdict"), code), ("memory-limit", 1), "{report}");
}

/// A right solution under a run budget far below what `--cases` asks: the run stops
/// within it, runs the maximal inputs with what the small ones left, says what was not
/// run and by which budget, and exits 0 (nothing failed), as `check` does.
#[test]
fn a_spent_run_budget_reports_what_ran_and_exits_0() {
    let dir = scratch("run-budget");
    let exe = compile(&dir, "right", RIGHT_ONE_BEHIND, "");
    let (report, code, took) = chopsticks(&dir, &exe, &["--cases", "100000", "--max-seconds", "1"]);
    eprintln!("a_spent_run_budget_reports_what_ran_and_exits_0: {took:?}");
    assert_eq!((field(&report, "verdict"), code), ("ok", 0), "{report}");
    assert_eq!(
        field(&report, "stopped_by"),
        "run budget of 1 CPU second",
        "{report}"
    );
    let count = |key: &str| {
        report[key]
            .as_u64()
            .unwrap_or_else(|| panic!("no `{key}` in {report}"))
    };
    let (small, maximal, ran) = (count("small_inputs"), count("maximal_inputs"), count("cases"));
    assert_eq!(small + maximal, ran, "{report}");
    assert_eq!(ran + count("not_run"), 100_000, "{report}");
    assert!(small > 0 && small < 100_000 - 4, "{report}");
    // The maximal inputs (4 by default) run with the quarter the small ones leave.
    assert_eq!(maximal, 4, "{report}");
}

/// A run budget of one second is said in the singular, in the banner and in the report's
/// `inputs:` line that says it stopped the run.
#[test]
fn a_run_budget_of_one_cpu_second_is_said_in_the_singular() {
    let dir = scratch("run-budget-one");
    let exe = compile(&dir, "right", RIGHT_ONE_BEHIND, "");
    let solution = exe.to_str().expect("utf-8 path");
    let (out, _) = stress(&[
        "chopsticks",
        "--solution",
        solution,
        "--cases",
        "100000",
        "--max-seconds",
        "1",
    ]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stderr.contains(", run budget 1 CPU second, solution `"),
        "{stderr}"
    );
    assert!(
        stdout.contains("; stopped by the run budget of 1 CPU second (--max-seconds;"),
        "{stdout}"
    );
    assert!(
        !format!("{stdout}{stderr}").contains("1 CPU seconds"),
        "{stdout}{stderr}"
    );
}

/// Moore's Nim_6 (a move takes from 1 to 6 piles): the player to move loses exactly
/// when every bit is set in a multiple of 7 piles (Moore, 1910). An input of more than
/// `SLOW_ABOVE` cases makes it spin; `DEFECT` is a mistake on some cases.
const NIM_6: &str = r#"
#include <stdio.h>
int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    if (t > SLOW_ABOVE) { volatile unsigned long spin = 0; for (;;) spin++; }
    while (t--) {
        int n, count[64] = {0}, lose = 1;
        unsigned long long x;
        if (scanf("%d", &n) != 1) return 1;
        for (int i = 0; i < n; i++) {
            if (scanf("%llu", &x) != 1) return 1;
            for (int b = 0; b < 64; b++) count[b] += (int)((x >> b) & 1);
        }
        for (int b = 0; b < 64; b++) if (count[b] % 7) lose = 0;
        DEFECT
        puts(lose ? "Second" : "First");
    }
    return 0;
}
"#;

/// Runs `stress moore` (T up to 3000, at most 3 piles) on NIM_6 with `defect`, spinning
/// above 1000 cases: 36 small inputs, then 4 maximal ones (T = 3000).
fn nim_6(name: &str, defect: &str) -> (serde_json::Value, i32) {
    let dir = scratch(name);
    let exe = compile_c(
        &dir,
        "nim6",
        &NIM_6.replace("SLOW_ABOVE", "1000").replace("DEFECT", defect),
    );
    let out_dir = dir.join("out");
    let (out, took) = stress(&[
        "moore",
        "--solution",
        exe.to_str().expect("utf-8 path"),
        "--max-cases",
        "3000",
        "--max-n",
        "3",
        "--cases",
        "40",
        "--timeout-ms",
        "500",
        "--max-shrink-timeouts",
        "0",
        "--max-shrink-runs",
        "30",
        "--out-dir",
        out_dir.to_str().expect("utf-8 path"),
        "--json",
    ]);
    eprintln!("{name}: {took:?}");
    (json(&out), out.status.code().unwrap_or(-1))
}

/// A solution right on every input it answers but slow on inputs of more than 1000
/// cases passes every small input (T at most 1000) and times out on the first maximal
/// one (T at the 3000 given), which the report places in the maximal part.
#[test]
fn a_solution_slow_only_on_maximal_inputs_times_out_in_the_maximal_part() {
    let (report, code) = nim_6("slow-maximal", "");
    assert_eq!((field(&report, "verdict"), code), ("timeout", 1), "{report}");
    assert_eq!(field(&report, "generator"), "maximal", "{report}");
    assert_eq!(
        (report["small_inputs"].as_u64(), report["maximal_inputs"].as_u64()),
        (Some(36), Some(1))
    );
    assert_eq!(report["input_index"], 37, "{report}");
    let t = field(&report, "first_failing_input").split_whitespace().next();
    assert_eq!(t, Some("3000"), "{report}");
}

/// The same solution with a mistake where three piles all hold bit 1: it is found among
/// the small inputs, shrunk to an input where the mistake is made, and no maximal input
/// (where it would time out) is run.
#[test]
fn a_wrong_answer_on_small_inputs_is_found_before_the_maximal_part() {
    let (report, code) = nim_6("wrong-small", "if (n == 3 && count[1] == 3) lose = !lose;");
    assert_eq!((field(&report, "verdict"), code), ("wrong-answer", 1), "{report}");
    assert_ne!(field(&report, "generator"), "maximal", "{report}");
    let index = report["input_index"].as_u64().expect("an input index");
    assert!(index <= 36, "{report}");
    assert_eq!(
        (report["small_inputs"].as_u64(), report["maximal_inputs"].as_u64()),
        (Some(index), Some(0))
    );
    // The shrunk input: one case of three piles, each with bit 1 set.
    let numbers: Vec<u64> = field(&report, "input")
        .split_whitespace()
        .map(|w| w.parse().expect("a number"))
        .collect();
    assert_eq!(numbers[..2], [1, 3], "{report}");
    assert!(
        numbers[2..].iter().all(|p| p & 2 == 2) && numbers.len() == 5,
        "{report}"
    );
}

/// A right Chopsticks solution that first spins 0.3 s of CPU time, whatever its input.
fn dear_right_solution(dir: &Path) -> PathBuf {
    let text = RULE
        .replace("ONE_BEHIND", RIGHT_ONE_BEHIND)
        .replace("DEFECT", "")
        .replace("#include <unistd.h>", "#include <unistd.h>\n#include <time.h>")
        .replace(
            "int main(void) {\n",
            "int main(void) {\n    { clock_t s = clock(); while (clock() - s < CLOCKS_PER_SEC * 3 / 10) {} }\n",
        );
    compile_c(dir, "dear", &text)
}

/// Inputs of 0.3 CPU seconds each under a run budget of 1 s (0.75 s for the small ones):
/// an input starts only when what is left covers the dearest so far, so two small inputs
/// and one maximal run (0.9 s), where starting while anything was left ran three small
/// and one maximal (1.2 s, past the budget). The report says what stopped it.
#[test]
fn no_input_starts_that_the_dearest_so_far_would_take_past_the_run_budget() {
    let dir = scratch("run-budget-dear");
    let exe = dear_right_solution(&dir);
    let (report, code, took) = chopsticks(
        &dir,
        &exe,
        &["--cases", "100", "--max-seconds", "1", "--jobs", "1"],
    );
    eprintln!("no_input_starts_that_the_dearest_so_far_would_take_past_the_run_budget: {took:?}");
    assert_eq!((field(&report, "verdict"), code), ("ok", 0), "{report}");
    let count = |key: &str| {
        report[key]
            .as_u64()
            .unwrap_or_else(|| panic!("no `{key}` in {report}"))
    };
    let (small, maximal) = (count("small_inputs"), count("maximal_inputs"));
    // 0.3 s each within 1 s: at most three, the maximal part given what was left.
    assert!(small + maximal <= 3, "{report}");
    assert!(small >= 1 && maximal >= 1, "{report}");
    let stop = field(&report, "stop");
    assert!(stop.contains("short of another input"), "{stop}");
}
