//! A solution given as a source file, as a contestant passes it to `stress`: the build
//! is reused only while nothing the compiler read changed, and a compile that hangs or
//! floods is stopped and cut.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_gamecheck");

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecheck-compile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// Runs `gamecheck stress chopsticks --solution <solution> --cases 3 --json` in `dir`,
/// its builds cached in `dir/cache`, with `env` set.
fn stress_in(dir: &Path, solution: &str, env: &[(&str, &str)]) -> (Output, Duration) {
    let start = Instant::now();
    let out = Command::new(BIN)
        .current_dir(dir)
        .env("GAMECHECK_CACHE_DIR", dir.join("cache"))
        .envs(env.iter().copied())
        .args([
            "stress",
            "chopsticks",
            "--cases",
            "3",
            "--json",
            "--solution",
            solution,
        ])
        .arg("--out-dir")
        .arg(dir.join(format!("out-{}", start.elapsed().as_nanos())))
        .output()
        .expect("run gamecheck");
    (out, start.elapsed())
}

/// The solution's answer to the first failing input, from the JSON report.
fn actual(out: &Output) -> String {
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    json["actual"].as_str().unwrap_or_default().to_owned()
}

/// A Chopsticks solution answering `ANSWER` (from `rule.h`) to every case.
const SOL_C: &str = "#include <stdio.h>\n#include \"rule.h\"\nint main(void){int t; \
    if(scanf(\"%d\",&t)!=1) return 0; unsigned long long a,b,c,d; \
    while(t--){if(scanf(\"%llu %llu %llu %llu\",&a,&b,&c,&d)!=4) return 1; puts(ANSWER);} return 0;}\n";

#[test]
fn editing_an_included_header_rebuilds_the_solution() {
    let dir = scratch("header");
    std::fs::write(dir.join("sol.c"), SOL_C).expect("write sol.c");
    std::fs::write(dir.join("rule.h"), "#define ANSWER \"Second\"\n").expect("write rule.h");
    let (first, _) = stress_in(&dir, "sol.c", &[]);
    assert_eq!(first.status.code(), Some(1));
    assert_eq!(actual(&first).lines().next(), Some("Second"));
    std::fs::write(dir.join("rule.h"), "#define ANSWER \"First\"\n").expect("edit rule.h");
    let (second, _) = stress_in(&dir, "sol.c", &[]);
    assert_eq!(second.status.code(), Some(1));
    assert!(
        actual(&second).lines().all(|l| l == "First"),
        "the edited header's answer, not the old build's: {:?}",
        actual(&second)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_compiler_version_rebuilds_the_solution() {
    let dir = scratch("version");
    std::fs::write(dir.join("sol.c"), SOL_C).expect("write sol.c");
    std::fs::write(dir.join("rule.h"), "#define ANSWER \"Second\"\n").expect("write rule.h");
    // A `gcc` on PATH that states the version in `version` and counts its compiles.
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).expect("bin dir");
    let real = String::from_utf8(
        Command::new("sh")
            .args(["-c", "command -v gcc"])
            .output()
            .expect("sh runs")
            .stdout,
    )
    .expect("a path");
    let script = format!(
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo \"gcc (test) $(cat {v})\"; exit 0; fi\n\
         echo compile >> {log}\nexec {real} \"$@\"\n",
        v = dir.join("version").display(),
        log = dir.join("log").display(),
        real = real.trim()
    );
    std::fs::write(bin.join("gcc"), script).expect("write gcc");
    Command::new("chmod")
        .arg("+x")
        .arg(bin.join("gcc"))
        .status()
        .expect("chmod");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let compiles = || {
        std::fs::read_to_string(dir.join("log"))
            .unwrap_or_default()
            .lines()
            .count()
    };
    std::fs::write(dir.join("version"), "1").expect("version 1");
    for _ in 0..2 {
        let (out, _) = stress_in(&dir, "sol.c", &[("PATH", &path)]);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(compiles(), 1, "the second run reuses the build");
    std::fs::write(dir.join("version"), "2").expect("version 2");
    let (out, _) = stress_in(&dir, "sol.c", &[("PATH", &path)]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(compiles(), 2, "another compiler version builds again");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn including_a_fifo_is_stopped_at_the_compile_time_limit() {
    let dir = scratch("fifo");
    std::fs::write(
        dir.join("fifo.c"),
        "#include \"fifo\"\nint main(void) { return 0; }\n",
    )
    .expect("write");
    let made = Command::new("mkfifo")
        .arg(dir.join("fifo"))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let (out, took) = stress_in(&dir, "fifo.c", &[("GAMECHECK_COMPILE_LIMIT", "1")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("compile time limit of 1 s (wall time"),
        "{stderr}"
    );
    // The compiler waits for ever: only the limit's wall-clock net stops it, and this
    // bound, far above what a loaded machine takes, only a hang.
    assert!(took < Duration::from_secs(300), "stopped after {took:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_flood_of_5000_compile_errors_is_cut_saying_how_much() {
    let dir = scratch("flood");
    let mut source = String::from("int main(void){\n");
    for i in 0..5000 {
        source.push_str(&format!("  undefined_{i} = 1;\n"));
    }
    source.push_str("}\n");
    std::fs::write(dir.join("flood5k.c"), source).expect("write");
    let (out, _) = stress_in(&dir, "flood5k.c", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("undefined_0"),
        "the first errors are shown: {stderr}"
    );
    assert!(stderr.len() < 20_000, "{} bytes of message", stderr.len());
    assert!(
        stderr.contains("more bytes of the compiler's message cut"),
        "{}",
        &stderr[stderr.len().saturating_sub(400)..]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_dangling_cache_dir_link_is_named_as_such() {
    let dir = scratch("dangling");
    std::fs::write(dir.join("sol.c"), SOL_C).expect("write sol.c");
    std::fs::write(dir.join("rule.h"), "#define ANSWER \"Second\"\n").expect("write rule.h");
    std::os::unix::fs::symlink(dir.join("gone"), dir.join("link")).expect("a link");
    let link = dir.join("link");
    let (out, _) = stress_in(
        &dir,
        "sol.c",
        &[("GAMECHECK_CACHE_DIR", link.to_str().expect("utf-8"))],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("is a symbolic link to") && stderr.contains("which does not exist"),
        "{stderr}"
    );
    assert!(!stderr.contains("File exists"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
