//! What the command line does when it is stopped: `nim-interactive stress` under
//! SIGINT, SIGTERM and SIGHUP kills the program and every process it started, those that
//! left its session with `setsid()` included, as plain `stress` does. The rest of the
//! engine is tested through `gamecheck::game::stress` (tests/stress.rs); a signal needs
//! the process of its own.
#![cfg(all(feature = "cli", target_os = "linux"))]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A program that leaves a sleeper in a session of its own, then waits for ever before
/// its side.
const ESCAPER: &str = r#"
#include <unistd.h>
int main(void) {
    if (fork() == 0) { if (fork() == 0) { setsid(); close(0); close(1); sleep(1000); } return 0; }
    sleep(1000);
    return 0;
}
"#;

/// A program that waits a little, then always takes the second side: wrong at every won
/// start, and slow enough that its shrink is still running when the signal comes.
const SLOW_SECOND: &str = r#"
#include <stdio.h>
#include <time.h>
int main(void) {
    struct timespec pause = {0, 200000000};
    nanosleep(&pause, 0);
    printf("Second\n");
    fflush(stdout);
    int c;
    while ((c = getchar()) != EOF) {}
    return 0;
}
"#;

fn has_c_compiler() -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).any(|dir| ["cc", "gcc"].iter().any(|c| dir.join(c).is_file()))
}

/// Returns the processes whose program is a file under `dir`.
fn running_from(dir: &Path) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let pid = e.file_name().to_str()?.parse::<u32>().ok()?;
            let exe = std::fs::read_link(e.path().join("exe")).ok()?;
            exe.starts_with(dir).then_some(pid)
        })
        .collect()
}

#[test]
#[ignore = "fails at b94127e: nim-interactive ends by the signal itself (no exit code 130); open"]
fn a_signal_during_interactive_stress_kills_the_programs_setsid_children() {
    if !has_c_compiler() {
        eprintln!("note: no C compiler (cc, gcc) found; skipped");
        return;
    }
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("nim-signal-{signal}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("escaper.c");
        std::fs::write(&source, ESCAPER).unwrap();
        // The source is built into the cache directory: its processes are found there.
        let cache = dir.join("cache");
        let mut child = Command::new(env!("CARGO_BIN_EXE_nim-interactive"))
            .args(["stress", "--cases", "1", "--timeout-ms", "100000", "--solution"])
            .arg(&source)
            .arg("--out-dir")
            .arg(dir.join("out"))
            .env("GAMECHECK_CACHE_DIR", &cache)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nim-interactive runs");
        let start = Instant::now();
        while running_from(&cache).len() < 2 && start.elapsed() < Duration::from_secs(600) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(running_from(&cache).len() >= 2, "the program never started");
        let killed = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(code), "SIG{signal}");
        std::thread::sleep(Duration::from_millis(200));
        assert_eq!(
            running_from(&cache),
            Vec::<u32>::new(),
            "SIG{signal}: processes outlived the run"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
#[ignore = "fails at b94127e: nim-interactive ends by the signal itself (no exit code 130); open"]
fn a_signal_during_the_shrink_keeps_the_least_failing_input_so_far() {
    if !has_c_compiler() {
        eprintln!("note: no C compiler (cc, gcc) found; skipped");
        return;
    }
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("nim-shrink-signal-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("slow.c");
    std::fs::write(&source, SLOW_SECOND).unwrap();
    let out = dir.join("out");
    let child = Command::new(env!("CARGO_BIN_EXE_nim-interactive"))
        .args(["stress", "--cases", "20", "--solution"])
        .arg(&source)
        .arg("--out-dir")
        .arg(&out)
        .env("GAMECHECK_CACHE_DIR", dir.join("cache"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nim-interactive runs");
    // The first failure is kept as soon as it is found, before the shrink.
    let start = Instant::now();
    while !out.join("input.txt").exists() && start.elapsed() < Duration::from_secs(600) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("least failing input found so far"), "{stderr}");
    let kept = std::fs::read_to_string(out.join("input.txt")).unwrap();
    // What the judge wrote first: T, then each game's lines.
    let t = kept.lines().next().and_then(|t| t.parse::<u64>().ok());
    assert!(t.is_some_and(|t| t >= 1), "{kept}");
    let _ = std::fs::remove_dir_all(&dir);
}
