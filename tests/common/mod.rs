//! Runs the property definitions `gamecheck check` runs, so the tests and the campaign
//! share one set of properties.

#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use gamecheck::problem::Properties;

/// Runs the problem's property `name` on `cases` cases from seed 1, keeping failures in
/// this crate's `proptest-regressions/`; panics with the least counterexample on a
/// failure.
#[track_caller]
pub fn holds<P: Properties>(problem: &P, name: &str, cases: u32) {
    gamecheck::check::assert_holds(problem, name, cases, Some(Path::new(env!("CARGO_MANIFEST_DIR"))));
}

/// The output of the `gamecheck` binary run with `args`, `stdin` written to it.
#[cfg(feature = "cli")]
pub fn gamecheck(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gamecheck binary starts");
    // It may exit before reading everything; a broken pipe is then fine.
    let _ = child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("gamecheck exits")
}

/// Waits for `child` at most `limit`, killing it then; returns its status and peak RSS in
/// KiB (wait4's ru_maxrss of that one child).
///
/// The peak includes the memory of the process that spawned it: Linux folds the
/// spawner's high-water mark in when the child execs. Measure from a small test binary
/// (tests/memory.rs), not from one running other tests.
#[cfg(target_os = "linux")]
pub fn wait_measured(
    child: std::process::Child,
    limit: std::time::Duration,
) -> (std::process::ExitStatus, i64) {
    use std::os::unix::process::ExitStatusExt;
    let pid = child.id() as libc::pid_t;
    let start = std::time::Instant::now();
    loop {
        let mut status = 0;
        // SAFETY: wait4 writes only the status and the rusage we own; `pid` is our child.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let rc = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if rc == pid {
            return (std::process::ExitStatus::from_raw(status), usage.ru_maxrss);
        }
        if start.elapsed() > limit {
            // SAFETY: kills our own child by pid.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
            panic!("the child did not finish within {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}
