//! The binary's edges: a closed or full stdout, a full stderr, endless or hostile stdin,
//! stdin truncated under `solve`, and memory that stays bounded whatever the input.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]
#![cfg(target_os = "linux")]

use std::io::Write;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_gamecheck");

/// A pipe whose read end is already closed: writing to it gives EPIPE.
fn closed_pipe() -> OwnedFd {
    let mut fds = [0; 2];
    // SAFETY: pipe fills the two descriptors; we own both and close the read end.
    unsafe {
        assert_eq!(libc::pipe(fds.as_mut_ptr()), 0);
        libc::close(fds[0]);
        OwnedFd::from_raw_fd(fds[1])
    }
}

fn dev(path: &str, write: bool) -> std::fs::File {
    std::fs::OpenOptions::new()
        .read(!write)
        .write(write)
        .open(path)
        .expect("open a device")
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let mut input = String::from("100000\n");
    input.push_str(&"1 0 1 1\n".repeat(100_000));
    for args in [
        &["claims", "--id", "seed-three-bullets"][..],
        &["solve", "chopsticks"][..],
        &["completions", "bash"][..],
        &["man"][..],
        &["repro", "chopsticks", "1", "0", "1", "1"][..],
    ] {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::from(closed_pipe()))
            .stderr(Stdio::piped())
            .spawn()
            .expect("run gamecheck");
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let out = child.wait_with_output().expect("gamecheck exits");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(141), "{args:?}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("error"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_full_stdout_or_stderr_is_an_error_not_a_panic() {
    let out = Command::new(BIN)
        .args(["claims", "--id", "seed-three-bullets"])
        .stdout(dev("/dev/full", true))
        .output()
        .expect("run gamecheck");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("writing stdout") && !err.contains("panicked"),
        "{err}"
    );
    // Nowhere to report to: still no panic (101), the usage error's exit code.
    let mut child = Command::new(BIN)
        .args(["solve", "games"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(dev("/dev/full", true))
        .spawn()
        .expect("run gamecheck");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"1 x\n")
        .expect("write stdin");
    assert_eq!(child.wait().expect("gamecheck exits").code(), Some(2));
}

#[test]
fn stdin_truncated_during_solve_is_not_a_crash() {
    let path = std::env::temp_dir().join(format!("gamecheck-truncate-{}.txt", std::process::id()));
    let mut text = String::from("2000000\n");
    text.push_str(&"18446744073709551615 1 18446744073709551614 3\n".repeat(2_000_000));
    std::fs::write(&path, &text).expect("write input");
    let child = Command::new(BIN)
        .args(["solve", "chopsticks", "--explain"])
        .stdin(std::fs::File::open(&path).expect("open input"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run gamecheck");
    std::thread::sleep(Duration::from_millis(30));
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_len(1000))
        .expect("truncate the input");
    let (status, _) = crate::common::wait_measured(child, Duration::from_secs(60));
    let _ = std::fs::remove_file(&path);
    assert_eq!(status.signal(), None, "killed by a signal: {status:?}");
    assert!(matches!(status.code(), Some(0 | 2)), "{status:?}");
}

#[test]
fn work_beyond_the_judged_range_is_refused_up_front() {
    // The work refused takes minutes of CPU time; a refusal, a fraction of a second. The
    // bound is on CPU time, which a loaded machine does not stretch.
    let within = |args: &[&str], stdin: &[u8]| {
        crate::common::output_within(Command::new(BIN).args(args), stdin, Duration::from_secs(30))
            .unwrap_or_else(|over| panic!("{args:?}: not refused within {over}"))
            .0
    };
    // gamecheck refuses k before reading: the write may meet a closed pipe.
    let out = within(&["solve", "games", "--k", "62390271"], b"1 5\n1\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("must be at most 262144"), "{err}");
    let out = within(&["repro", "games", "--k", "1", "5", "67108863", "1", "2"], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("A_i = 67108863 is beyond what gamecheck can judge"),
        "{err}"
    );
}

#[test]
fn control_characters_in_a_bad_token_are_shown_escaped() {
    for (input, shown) in [
        ("1\n\x01 1 1 1\n", "`\\x01`"),
        ("1\n1 \x1b[2J 1 1\n", "`\\x1b[2J`"),
    ] {
        let mut child = Command::new(BIN)
            .args(["solve", "chopsticks"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run gamecheck");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input.as_bytes())
            .expect("write stdin");
        let out = child.wait_with_output().expect("gamecheck exits");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("line 2: token {shown} is not a number")),
            "{err}"
        );
        assert!(
            !out.stderr.contains(&0x1b) && !out.stderr.contains(&0x0c),
            "{err}"
        );
    }
}

#[test]
fn an_io_error_is_told_once() {
    for args in [
        &["bench-report", "--criterion-dir", "/no/such/dir"][..],
        &["prove", "merge", "/no/such/shard.json"][..],
    ] {
        let out = Command::new(BIN).args(args).output().expect("run gamecheck");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(
            err.matches("No such file or directory").count(),
            1,
            "{args:?}: {err}"
        );
    }
}

#[test]
fn help_and_version_into_a_full_stdout_fail() {
    for args in [&["--help"][..], &["--version"], &["help"], &["solve", "--help"]] {
        let out = Command::new(BIN)
            .args(args)
            .stdout(dev("/dev/full", true))
            .output()
            .expect("run gamecheck");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("writing stdout") && err.contains("No space left"),
            "{args:?}: {err}"
        );
    }
    // The reader left: 141, quietly.
    let out = Command::new(BIN)
        .arg("--help")
        .stdout(Stdio::from(closed_pipe()))
        .output()
        .expect("run gamecheck");
    assert_eq!(
        out.status.code(),
        Some(141),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_closed_stdout_descriptor_fails_instead_of_losing_the_output() {
    use std::os::unix::process::CommandExt;
    for args in [
        &["solve", "chopsticks"][..],
        &["--version"],
        &["repro", "wythoff", "3", "5"],
    ] {
        let mut command = Command::new(BIN);
        command.args(args).stdin(Stdio::piped()).stderr(Stdio::piped());
        // SAFETY: close(2) in the child before exec, touching nothing else.
        unsafe {
            command.pre_exec(|| {
                libc::close(1);
                Ok(())
            });
        }
        let mut child = command.spawn().expect("run gamecheck");
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(b"1\n1 0 1 1\n");
        drop(stdin);
        let out = child.wait_with_output().expect("gamecheck exits");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("stdout is closed"), "{args:?}: {err}");
    }
}

/// Python's `subprocess.DEVNULL` opens `/dev/null` read-write, as Rust's runtime does for a
/// closed descriptor: it is a place to discard the output, not a closed stdout.
#[test]
fn a_read_write_dev_null_stdout_is_not_a_closed_one() {
    for args in [
        &["solve", "chopsticks"][..],
        &["--version"],
        &["repro", "wythoff", "3", "5"],
    ] {
        let null = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/null")
            .expect("open /dev/null");
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::from(null))
            .stderr(Stdio::piped())
            .spawn()
            .expect("run gamecheck");
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(b"1\n1 0 1 1\n");
        drop(stdin);
        let out = child.wait_with_output().expect("gamecheck exits");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("closed"), "{args:?}: {err}");
    }
}

#[test]
fn a_full_stdout_under_solve_is_a_write_error_not_bad_input() {
    for (problem, input) in [
        ("chopsticks", "1\n1 0 1 1\n"),
        ("wythoff", "1\n3 5\n"),
        ("games", "1 7\n1\n"),
    ] {
        let mut child = Command::new(BIN)
            .args(["solve", problem])
            .stdin(Stdio::piped())
            .stdout(dev("/dev/full", true))
            .stderr(Stdio::piped())
            .spawn()
            .expect("run gamecheck");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input.as_bytes())
            .expect("write stdin");
        let out = child.wait_with_output().expect("gamecheck exits");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{problem}: {err}");
        assert!(err.contains("writing stdout: No space left"), "{problem}: {err}");
        assert!(
            !err.contains("invalid") && !err.contains("input"),
            "{problem}: {err}"
        );
    }
}

#[test]
fn control_characters_in_claims_ids_and_the_stress_banner_are_shown_escaped() {
    for args in [
        &["claim", "chopsticks", "a \x1b[2J > 1"][..],
        &["claim", "chopsticks", "a > 1 && x\x1b"],
        &["claims", "--id", "\x1b[2J"],
        &[
            "stress",
            "chopsticks",
            "--solution",
            "/bin/true \x1b[31mRED",
            "--cases",
            "1",
        ],
    ] {
        let out = Command::new(BIN).args(args).output().expect("run gamecheck");
        let err = String::from_utf8_lossy(&out.stderr);
        // (The stress report's replay command, on stdout, is the stress engine's.)
        assert!(!out.stderr.contains(&0x1b), "{args:?}: {err}");
        assert!(args[0] == "stress" || !out.stdout.contains(&0x1b), "{args:?}");
        assert!(err.contains("\\x1b"), "{args:?}: {err}");
    }
}
