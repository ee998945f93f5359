//! What a user may hand `nim-interactive` that it must refuse, as the user meets it
//! (issue 42, medium 2 and 3): an edited replay with more games than the format allows,
//! and an endless replay or `play` input (`/dev/zero`), read within a bound.
#![cfg(all(feature = "cli", target_os = "linux"))]

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `nim-interactive` with `args`, stdin from `stdin`; returns its output and how long
/// it took.
fn run(args: &[&str], stdin: Stdio) -> (Output, Duration) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_nim-interactive"))
        .args(args)
        .stdin(stdin)
        .output()
        .expect("nim-interactive runs");
    (out, start.elapsed())
}

/// One game of the replay file `replay.json` from the start `piles`.
fn game(piles: &str) -> String {
    format!(r#"{{"start": [{piles}], "seed": 1, "random_defence": false, "script": []}}"#)
}

#[test]
fn a_replay_with_more_games_than_the_format_allows_is_refused_against_the_format() {
    // The statement's format (src/lib.rs): 1 <= T <= 100. 101 games once passed, and a
    // right program that checks T failed on them.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("nim-replay-t-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (t, name) in [(101, "hundred1.json"), (1000, "many.json"), (0, "empty.json")] {
        let games = vec![game("5, 3"); t].join(", ");
        let file = dir.join(name);
        std::fs::write(&file, format!(r#"{{"games": [{games}]}}"#)).unwrap();
        let (out, _) = run(
            &["stress", "--solution", "cat", "--replay", file.to_str().unwrap()],
            Stdio::null(),
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(&format!("{t} games, where the format has 1 <= T <= 100")),
            "{name}: {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_endless_replay_or_play_input_is_read_within_a_bound_and_refused() {
    // Once read to 1-2 GB, then an abort.
    let (out, took) = run(
        &["stress", "--solution", "cat", "--replay", "/dev/zero"],
        Stdio::null(),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("replay input `/dev/zero` is longer than 256 MiB"),
        "{stderr}"
    );
    assert!(took < Duration::from_secs(30), "{took:?}");
    // A person's moves from an endless stream: one line, too long to be a side.
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let (out, took) = run(&["play"], Stdio::from(zero));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("presentation-error"), "{stdout}");
    assert!(stdout.contains("a line longer than 65536 bytes"), "{stdout}");
    assert!(took < Duration::from_secs(30), "{took:?}");
}

/// Returns the directory of the files the report on `stdout` names (`files: DIR/input.txt, …`).
fn files_dir(stdout: &str) -> Option<PathBuf> {
    let line = stdout.lines().find_map(|l| l.strip_prefix("files: "))?;
    let first = line.split(", ").next()?;
    PathBuf::from(first).parent().map(PathBuf::from)
}

#[test]
fn the_out_dir_is_never_written_through_a_link_and_the_default_is_fresh() {
    // Issue 42, high 2: `ln -s ../v1 od/transcript.txt`, then stress overwrote `v1`.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("nim-links-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("od")).unwrap();
    let victim = dir.join("v1");
    std::fs::write(&victim, "keep me").unwrap();
    let names = [
        "input.txt",
        "expected.txt",
        "actual.txt",
        "stderr.txt",
        "first-input.txt",
        "transcript.txt",
        "replay.json",
    ];
    for name in names {
        std::os::unix::fs::symlink("../v1", dir.join("od").join(name)).unwrap();
    }
    // `cat` echoes T where its side is asked: a presentation error at once.
    let od = dir.join("od");
    let (out, _) = run(
        &[
            "stress",
            "--solution",
            "cat",
            "--cases",
            "1",
            "--max-shrink-runs",
            "0",
            "--out-dir",
            od.to_str().unwrap(),
        ],
        Stdio::null(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    for name in names {
        let kept = std::fs::symlink_metadata(od.join(name)).unwrap();
        assert!(kept.is_file(), "{name} is still a link");
    }
    // Without --out-dir: a fresh directory each run, never one that exists.
    let default_dir = || {
        let (out, _) = run(
            &[
                "stress",
                "--solution",
                "cat",
                "--cases",
                "1",
                "--max-shrink-runs",
                "0",
            ],
            Stdio::null(),
        );
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        files_dir(&stdout).unwrap_or_else(|| panic!("no files named: {stdout}"))
    };
    let (a, b) = (default_dir(), default_dir());
    assert_ne!(a, b);
    for d in [a, b, dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn bounds_beyond_the_format_are_refused_not_clamped() {
    // Issue 42, medium 4: silently clamped to T <= 100, n <= 100 and T >= 1 once.
    for (flag, value) in [("--max-cases", "1000"), ("--max-n", "1000"), ("--max-cases", "0")] {
        let (out, took) = run(&["stress", "--solution", "cat", flag, value], Stdio::null());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}: {stderr}");
        assert!(stderr.contains(flag), "{flag} {value}: {stderr}");
        // Refused at once: the progress ticker of a stderr that is not a terminal once
        // missed a stop set before it first waited, and held the exit for its 10 s.
        assert!(took < Duration::from_secs(9), "{flag} {value}: {took:?}");
    }
}
