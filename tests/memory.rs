//! Peak memory of the `gamecheck` binary on inputs that would hold gigabytes if it
//! buffered them. Its own binary: a child's measured peak includes its spawner's memory
//! (see `common::wait_measured`), and this test process stays small.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]
#![cfg(target_os = "linux")]

#[path = "common/mod.rs"]
mod common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::wait_measured;

const BIN: &str = env!("CARGO_BIN_EXE_gamecheck");

/// Runs `gamecheck stress ARGS`; returns its exit code and peak resident memory in bytes.
fn exit_code_and_peak_rss(args: &[&str]) -> (Option<i32>, u64) {
    let child = Command::new(BIN)
        .arg("stress")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run gamecheck");
    let (status, kib) = wait_measured(child, Duration::from_secs(120));
    (status.code(), kib.unsigned_abs() * 1024)
}

#[test]
fn endless_stdin_stops_at_the_first_bad_token_in_bounded_memory() {
    for problem in ["chopsticks", "games", "moore"] {
        let mut child = Command::new(BIN)
            .args(["solve", problem])
            .stdin(std::fs::File::open("/dev/zero").expect("open /dev/zero"))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run gamecheck");
        let mut stderr = child.stderr.take().expect("stderr");
        let (status, rss) = wait_measured(child, Duration::from_secs(20));
        let mut err = String::new();
        stderr.read_to_string(&mut err).expect("read stderr");
        assert_eq!(status.code(), Some(2), "{problem}: {err}");
        assert!(
            err.contains("line 1: token `\\0\\0") && err.contains("not a number"),
            "{problem}: {err}"
        );
        assert!(rss < 64 * 1024, "{problem}: {rss} KiB");
    }
}

#[test]
fn explaining_millions_of_cases_streams_in_bounded_memory() {
    const T: usize = 3_000_000;
    let mut child = Command::new(BIN)
        .args(["solve", "chopsticks", "--explain"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gamecheck");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let line = b"18446744073709551615 1 18446744073709551614 3\n";
        let block = line.repeat(10_000);
        stdin.write_all(format!("{T}\n").as_bytes())?;
        for _ in 0..T / 10_000 {
            stdin.write_all(&block)?;
        }
        Ok::<(), std::io::Error>(())
    });
    let mut stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let (mut lines, mut buf) = (0usize, vec![0u8; 1 << 16]);
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            lines += buf[..n].iter().filter(|&&b| b == b'\n').count();
        }
        lines
    });
    let (status, rss) = wait_measured(child, Duration::from_secs(120));
    writer.join().expect("writer").expect("stdin accepts the input");
    assert!(status.success(), "{status:?}");
    assert_eq!(reader.join().expect("reader"), T);
    // The input alone is 138 MB and the explanations 400 MB.
    assert!(rss < 150 * 1024, "peak RSS {rss} KiB");
}

#[test]
fn inputs_are_drawn_when_run_so_memory_stays_small_whatever_the_count() {
    let out = std::env::temp_dir().join(format!("gamecheck-memory-{}-lazy", std::process::id()));
    let out = out.to_str().expect("utf-8 path");
    // `cat` fails input 1; before, every input was drawn first (5.8 GB, 2 GB).
    for args in [
        &[
            "moore",
            "--extended",
            "--cases",
            "1000",
            "--solution",
            "cat",
            "--out-dir",
            out,
        ][..],
        &[
            "chopsticks",
            "--cases",
            "1000000",
            "--solution",
            "cat",
            "--out-dir",
            out,
        ][..],
    ] {
        let (code, peak) = exit_code_and_peak_rss(args);
        assert_eq!(code, Some(1), "{args:?}");
        assert!(peak < 100 << 20, "{args:?}: peak RSS {} MB", peak >> 20);
    }
}
