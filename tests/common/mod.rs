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

/// How many times a CPU-time limit of these helpers is their wall-clock safety net, for a
/// child that waits instead of working: a loaded machine stretches the wall clock, so a
/// child's work is bounded by the CPU time it spends.
#[cfg(target_os = "linux")]
pub const WALL_NET: u32 = 10;

/// Returns the CPU time (user and system, with its reaped children's) the live process
/// `pid` has used, as `/proc/PID/stat` counts it; zero when it cannot be read.
#[cfg(target_os = "linux")]
pub fn cpu_of(pid: libc::pid_t) -> std::time::Duration {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return std::time::Duration::ZERO;
    };
    // After the command (in parentheses, which may hold spaces) come the state, then 10
    // fields before utime, stime, cutime and cstime (fields 14 to 17), in clock ticks.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: u64 = after
        .split_whitespace()
        .skip(11)
        .take(4)
        .filter_map(|f| f.parse::<u64>().ok())
        .sum();
    // SAFETY: sysconf reads a constant.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    std::time::Duration::from_millis(ticks * 1000 / hz)
}

/// Returns the user and system time of a `rusage`.
#[cfg(target_os = "linux")]
fn spent(usage: &libc::rusage) -> std::time::Duration {
    let time = |t: libc::timeval| {
        std::time::Duration::from_secs(t.tv_sec as u64) + std::time::Duration::from_micros(t.tv_usec as u64)
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// Waits for the child `pid` while it has spent less than `cpu` of CPU time and less
/// than [`WALL_NET`] times that of wall-clock time; returns its status and `rusage`
/// (wait4's), or which limit it met, having killed and reaped it.
#[cfg(target_os = "linux")]
fn reap_within(pid: libc::pid_t, cpu: std::time::Duration) -> Result<(i32, libc::rusage), String> {
    let start = std::time::Instant::now();
    loop {
        let mut status = 0;
        // SAFETY: wait4 writes only the status and the rusage we own; `pid` is our child.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let rc = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if rc == pid {
            return Ok((status, usage));
        }
        let over = if cpu_of(pid) > cpu {
            Some(format!("{cpu:?} of CPU time"))
        } else if start.elapsed() > cpu * WALL_NET {
            Some(format!("{:?} of wall-clock time", cpu * WALL_NET))
        } else {
            None
        };
        if let Some(over) = over {
            // SAFETY: kills and reaps our own child by pid.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, &mut status, 0);
            }
            return Err(over);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Waits for `child` while it has spent less than `cpu` of CPU time (and [`WALL_NET`]
/// times that of wall-clock time), killing it and panicking past either; returns its
/// status and peak RSS in KiB (wait4's ru_maxrss of that one child).
///
/// The peak includes the memory of the process that spawned it: Linux folds the
/// spawner's high-water mark in when the child execs. Measure from a small test binary
/// (tests/memory.rs), not from one running other tests.
#[cfg(target_os = "linux")]
// The child is reaped by wait4, for its rusage, not by `Child::wait`.
#[allow(clippy::zombie_processes)]
pub fn wait_measured(
    child: std::process::Child,
    cpu: std::time::Duration,
) -> (std::process::ExitStatus, i64) {
    use std::os::unix::process::ExitStatusExt;
    match reap_within(child.id() as libc::pid_t, cpu) {
        Ok((status, usage)) => (std::process::ExitStatus::from_raw(status), usage.ru_maxrss),
        Err(over) => panic!("the child did not finish within {over}"),
    }
}

/// Runs `command` with `stdin` written to it and its output read, while it spends less
/// than `cpu` of CPU time (and [`WALL_NET`] times that of wall-clock time); returns its
/// output and the CPU time it spent (wait4's: itself and its reaped children), or which
/// limit it met, having killed it.
#[cfg(target_os = "linux")]
#[allow(clippy::zombie_processes)]
pub fn output_within(
    command: &mut Command,
    stdin: &[u8],
    cpu: std::time::Duration,
) -> Result<(Output, std::time::Duration), String> {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut input = child.stdin.take().expect("a piped stdin");
    let stdin = stdin.to_vec();
    // It may exit before reading everything; a broken pipe is then fine.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let read = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = read(Box::new(child.stdout.take().expect("a piped stdout")));
    let stderr = read(Box::new(child.stderr.take().expect("a piped stderr")));
    let reaped = reap_within(child.id() as libc::pid_t, cpu);
    let _ = writer.join();
    let (stdout, stderr) = (
        stdout.join().unwrap_or_default(),
        stderr.join().unwrap_or_default(),
    );
    let (status, usage) = reaped?;
    let status = std::process::ExitStatus::from_raw(status);
    Ok((
        Output {
            status,
            stdout,
            stderr,
        },
        spent(&usage),
    ))
}

/// Returns the CPU time the calling thread has used: the cost of work the test does on
/// its own thread, which other tests in the binary and a loaded machine do not change.
#[cfg(target_os = "linux")]
pub fn thread_cpu() -> std::time::Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to write.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "the thread's CPU clock");
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}
