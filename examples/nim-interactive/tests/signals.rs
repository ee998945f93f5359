//! What the command line does when it is stopped or starved: `nim-interactive stress`
//! under SIGINT, SIGTERM and SIGHUP kills the program and every process it started, those
//! that left its session with `setsid()` included, as plain `stress` does; under a process
//! limit a fork bomb neither panics it nor outlives it. The rest of the engine is tested
//! through `gamecheck::game::stress` (tests/stress.rs); a signal needs the process of its
//! own.
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

/// Interactive Nim: takes the first side on every start (wrong where it is lost), then
/// forks for ever (repro-5 `inter/fb.c`).
const FORK_BOMB: &str = r#"
#include <stdio.h>
#include <unistd.h>
int main(void) { printf("First\n"); fflush(stdout); for (;;) fork(); }
"#;

/// Returns how many processes the user `nobody` (65534) has.
fn nobody_processes() -> usize {
    let out = Command::new("ps")
        .args(["-u", "65534", "-o", "pid="])
        .output()
        .expect("ps runs");
    String::from_utf8_lossy(&out.stdout).lines().count()
}

/// Runs `nim-interactive stress` on `program` as the user `nobody` under a limit of
/// `nproc` processes and threads (`ulimit -u`: root is not held to it, so the test drops
/// to `nobody` by `setpriv`); returns its exit code, its stderr, and how many of
/// `nobody`'s processes are left half a second after. `None` where that cannot be arranged
/// (not root, no `setpriv`, or `nobody` already running something).
fn stress_as_nobody(dir: &Path, nproc: u32, program: &Path) -> Option<(Option<i32>, String, usize)> {
    use std::os::unix::process::CommandExt;
    // SAFETY: geteuid has no memory effects.
    let root = unsafe { libc::geteuid() } == 0;
    if !root || Command::new("setpriv").arg("--help").output().is_err() || nobody_processes() != 0 {
        return None;
    }
    let mut command = Command::new("setpriv");
    command
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(env!("CARGO_BIN_EXE_nim-interactive"))
        .args([
            "stress",
            "--cases",
            "1",
            "--timeout-ms",
            "300",
            "--max-shrink-runs",
            "2",
            "--solution",
        ])
        .arg(program)
        .arg("--out-dir")
        .arg(dir.join(format!("out-{nproc}")));
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
    let out = command.output().expect("setpriv runs");
    std::thread::sleep(Duration::from_millis(500));
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    Some((out.status.code(), stderr, nobody_processes()))
}

/// Issue 42, high 4: a fork bomb under `ulimit -u 40` panicked interactive stress (exit
/// 101) and left 40 processes; under 300 it panicked, then hung with 300 left. Now the
/// wrong side is judged, kept, and nothing is left, whichever spawn the limit refuses.
#[test]
fn a_fork_bomb_under_a_process_limit_is_judged_and_leaves_nothing() {
    if !has_c_compiler() {
        eprintln!("note: no C compiler (cc, gcc) found; skipped");
        return;
    }
    // Under the system's temp directory: `nobody` reaches it (the target directory may sit
    // under a home it cannot enter).
    let dir = std::env::temp_dir().join(format!("nim-nproc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::write(dir.join("fb.c"), FORK_BOMB).unwrap();
    let built = Command::new("cc")
        .arg("-o")
        .arg(dir.join("fb"))
        .arg(dir.join("fb.c"))
        .status()
        .unwrap();
    assert!(built.success());
    for nproc in [40, 300] {
        let Some((code, stderr, left)) = stress_as_nobody(&dir, nproc, &dir.join("fb")) else {
            eprintln!(
                "note: not root, no setpriv, or the user nobody is busy: the fork bomb test is skipped"
            );
            return;
        };
        if stderr.starts_with("setpriv: failed to execute") {
            eprintln!(
                "note: the user nobody cannot run the binary here ({stderr}): the fork bomb test is skipped"
            );
            return;
        }
        assert!(!stderr.contains("panicked"), "ulimit -u {nproc}: {stderr}");
        assert_eq!(code, Some(1), "ulimit -u {nproc}: {stderr}");
        // The least start is the empty pile, lost for the side that moves: `First` is wrong.
        assert!(
            stderr.contains("wrong-answer on input 1"),
            "ulimit -u {nproc}: {stderr}"
        );
        // What the judge wrote first: T, then the first game's pile count and piles, whose
        // XOR is 0 for a wrong `First`.
        let kept = std::fs::read_to_string(dir.join(format!("out-{nproc}/input.txt"))).unwrap();
        let numbers: Vec<u64> = kept.split_whitespace().map(|t| t.parse().unwrap()).collect();
        let piles = numbers.get(1).map_or(0, |&n| n as usize);
        assert!(numbers.len() >= 2 + piles, "{kept}");
        assert_eq!(numbers[2..2 + piles].iter().fold(0, |a, b| a ^ b), 0, "{kept}");
        assert_eq!(left, 0, "ulimit -u {nproc}: processes outlived the run");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 42, medium 8, in interactive stress: a program that cannot be started again during
/// the shrink (it deletes itself on its first run, as a fork bomb under `ulimit -u` leaves
/// no slot to start it) keeps the verdict found and reports it, not exit 2.
#[test]
fn a_program_that_cannot_start_again_during_the_shrink_keeps_the_found_verdict() {
    use std::os::unix::fs::PermissionsExt;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("nim-gone-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("gone.sh");
    // `First` at every start: wrong at the empty pile, which the judge writes first.
    std::fs::write(&script, "#!/bin/sh\nrm -f \"$0\"\necho First\nexec sleep 10\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_nim-interactive"))
        .args(["stress", "--cases", "1", "--timeout-ms", "300", "--solution"])
        .arg(&script)
        .arg("--out-dir")
        .arg(dir.join("out"))
        .output()
        .expect("nim-interactive runs");
    let report = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{report}{stderr}");
    assert!(report.contains("wrong-answer on input 1"), "{report}");
    assert!(
        report.contains("the shrink broke off: cannot start the solution"),
        "{report}"
    );
    assert!(dir.join("out/input.txt").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
