//! `gamecheck stress` against real programs: C solutions compiled with `cc` and a Python 3
//! script, each a right solution or one with a known defect.

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

/// Reduces K modulo p − 1 before powering, wrong where the transform has a zero.
const GAMES_MOD_P_MINUS_ONE: &str = r#"
import sys

P = 998244353


def main():
    data = sys.stdin.buffer.read().split()
    n, k = int(data[0]), int(data[1])
    vals = [int(x) for x in data[2:2 + n]]
    e = k % (P - 1)  # the defect: f^(p-1) is 0, not 1, when f = 0
    cols = []
    for bit in range(8):
        col = tuple((v >> bit) & 1 for v in vals)
        if any(col) and col not in cols:
            cols.append(col)
    b = len(cols)
    cur = [0] * (1 << b)
    for i in range(n):
        u = 0
        for j in range(b):
            if cols[j][i]:
                u |= 1 << j
        cur[u] += 1
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
    cache = {}
    s = 0
    for f in cur:
        if f not in cache:
            cache[f] = pow(f, e, P)
        s += cache[f]
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
    let source = dir.join(format!("{name}.c"));
    let exe = dir.join(name);
    let text = RULE.replace("ONE_BEHIND", one_behind).replace("DEFECT", defect);
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
    assert!(took < Duration::from_secs(60), "took {took:?}");
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
    assert!(took < Duration::from_secs(30), "took {took:?}");
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

#[test]
fn games_solution_reducing_k_mod_p_minus_one_is_caught() {
    let dir = scratch("games");
    let script = dir.join("games_mod.py");
    std::fs::write(&script, GAMES_MOD_P_MINUS_ONE).expect("write script");
    let solution = format!("python3 {}", script.display());
    let out_dir = dir.join("out");
    let (out, took) = stress(&[
        "games",
        "--solution",
        &solution,
        "--seed",
        "11",
        "--cases",
        "20",
        "--timeout-ms",
        "30000",
        "--out-dir",
        out_dir.to_str().expect("utf-8 path"),
        "--json",
    ]);
    eprintln!("games_solution_reducing_k_mod_p_minus_one_is_caught: {took:?}");
    let report = json(&out);
    assert_eq!(
        (field(&report, "verdict"), out.status.code()),
        ("wrong-answer", Some(1)),
        "{report}"
    );
    // f̂(χ) = 0 needs 7 values hitting every residue of χ; 0..=6 under χ = (1, 2, 4) is the
    // lexicographically least, and K = p − 1 the least K ≡ 0 (mod p − 1) above 0.
    assert_eq!(field(&report, "input"), "7 998244352\n0 1 2 3 4 5 6\n");
    assert_eq!(field(&report, "actual"), "1\n");
    assert_eq!(report["seed"], 11);
}
