//! The program as the judge's peer: started as `stress` starts a solution (its own
//! process group, killed with its children at the end, orphans reaped by the subreaper),
//! written to from a thread so the judge never blocks on a full pipe, read line by line
//! with a CPU-time limit per move and idleness told from a program that waits.

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::session::{Ended, Peer};
use super::verdict::Verdict;
use crate::stress::reaper;
use crate::stress::run::{configure, kill_group, look_at_tree};
use crate::stress::{Solution, StressError};

/// The longest line a program may write; past it, a presentation error.
const LINE_CAP: usize = 64 * 1024;
/// How often a waiting judge looks at the program's CPU time.
const POLL: Duration = Duration::from_millis(10);
/// How long after its input closes a program may take to exit.
const EXIT_GRACE: Duration = Duration::from_millis(1000);

enum Event {
    Line(String),
    Eof,
    LineTooLong,
    OutputLimit,
}

/// A running program.
pub(crate) struct Program {
    child: Child,
    input: Option<mpsc::Sender<Vec<u8>>>,
    lines: mpsc::Receiver<Event>,
    move_time: Duration,
    max_output_bytes: usize,
    reap: bool,
    done: bool,
}

impl Program {
    /// Starts `solution`, its stdin and stdout piped to the judge, stderr discarded.
    pub(crate) fn start(
        solution: &Solution,
        move_time: Duration,
        max_output_bytes: usize,
        reap: bool,
    ) -> Result<Program, StressError> {
        let mut cmd = Command::new(&solution.program);
        cmd.args(&solution.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        configure(&mut cmd);
        let mut child = reaper::spawn(&mut cmd).map_err(|source| StressError::Spawn {
            command: solution.display(),
            source,
        })?;
        let (tx, rx) = mpsc::channel::<Vec<u8>>();
        if let Some(mut stdin) = child.stdin.take() {
            thread::spawn(move || {
                for chunk in rx {
                    // A program that stopped reading gets EPIPE: its business.
                    if stdin.write_all(&chunk).and_then(|()| stdin.flush()).is_err() {
                        break;
                    }
                }
            });
        }
        let (line_tx, lines) = mpsc::channel();
        if let Some(stdout) = child.stdout.take() {
            thread::spawn(move || read_lines(stdout, max_output_bytes, line_tx));
        }
        Ok(Program {
            child,
            input: Some(tx),
            lines,
            move_time,
            max_output_bytes,
            reap,
            done: false,
        })
    }

    /// Returns the program's CPU time so far (user and system), or `None` once it is
    /// gone.
    fn cpu_time(&self) -> Option<Duration> {
        cpu_time(self.child.id())
    }

    /// Returns whether the leader has exited, without reaping it (its pid, and so the
    /// group id, stays ours until the group is killed).
    fn exited(&self) -> bool {
        #[cfg(unix)]
        {
            // SAFETY: waitid only writes into the zeroed siginfo we own.
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            let rc = unsafe {
                libc::waitid(
                    libc::P_PID,
                    self.child.id() as libc::id_t,
                    &mut info,
                    libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
                )
            };
            // SAFETY: si_pid is set when waitid found a child.
            rc == 0 && unsafe { info.si_pid() } != 0
        }
        #[cfg(not(unix))]
        {
            false
        }
    }

    /// Kills the group, reaps the leader, and with `reap` every orphan it left.
    fn stop(&mut self) -> Option<std::process::ExitStatus> {
        if self.done {
            return None;
        }
        self.done = true;
        self.input = None;
        kill_group(self.child.id() as i32);
        let status = self.child.wait().ok();
        reaper::finished(self.child.id());
        if self.reap {
            reaper::kill_orphans();
        }
        status
    }

    /// Returns how the program ended, once its output ended or it exited mid-game.
    fn ended(&mut self) -> Ended {
        let deadline = Instant::now() + EXIT_GRACE;
        while !self.exited() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(2));
        }
        let exited = self.exited();
        let status = self.stop();
        match (exited, status.map(describe_status)) {
            (true, Some((Verdict::Ok, _))) => Ended::new(
                Verdict::PresentationError,
                "its output ended mid-game: it exited (code 0) before the game was over",
            ),
            (true, Some((verdict, how))) => Ended::new(verdict, &format!("it {how} mid-game")),
            _ => Ended::new(
                Verdict::PresentationError,
                "it closed its output mid-game and kept running",
            ),
        }
    }
}

/// Returns the verdict and words of an exit status: `Ok` for code 0.
fn describe_status(status: std::process::ExitStatus) -> (Verdict, String) {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return (Verdict::RuntimeError, format!("was killed by signal {signal}"));
        }
    }
    match status.code() {
        Some(0) => (Verdict::Ok, "exited with code 0".into()),
        Some(code) => (Verdict::RuntimeError, format!("exited with code {code}")),
        None => (Verdict::RuntimeError, "ended without an exit code".into()),
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Peer for Program {
    fn send(&mut self, text: &str) {
        if let Some(tx) = &self.input {
            let _ = tx.send(text.as_bytes().to_vec());
        }
    }

    fn receive(&mut self) -> Result<String, Ended> {
        let start = Instant::now();
        let cpu_start = self.cpu_time().unwrap_or_default();
        let mut cpu_last = cpu_start;
        let mut changed = start;
        // CPU time is counted in clock ticks: a program that computes shows a change
        // within a few of them.
        let idle_window = (self.move_time / 4).max(Duration::from_millis(100));
        let wall_cap = self.move_time * 10 + Duration::from_secs(2);
        loop {
            match self.lines.recv_timeout(POLL) {
                Ok(Event::Line(line)) => return Ok(line),
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => return Err(self.ended()),
                Ok(Event::LineTooLong) => {
                    self.stop();
                    return Err(Ended::new(
                        Verdict::PresentationError,
                        &format!("a line longer than {LINE_CAP} bytes"),
                    ));
                }
                Ok(Event::OutputLimit) => {
                    self.stop();
                    return Err(Ended::new(
                        Verdict::RuntimeError,
                        &format!(
                            "it wrote more than {} bytes (--max-output-bytes)",
                            self.max_output_bytes
                        ),
                    ));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            if self.exited() {
                // Its output may still hold lines a descendant writes; the leader's
                // exit mid-game is the verdict.
                if let Ok(Event::Line(line)) = self.lines.try_recv() {
                    return Ok(line);
                }
                return Err(self.ended());
            }
            let now = Instant::now();
            let cpu = self.cpu_time().unwrap_or(cpu_last);
            let used = cpu.saturating_sub(cpu_start);
            if used > self.move_time {
                self.stop();
                return Err(Ended::new(
                    Verdict::Timeout,
                    &format!(
                        "it used {} ms of CPU time on a move (limit {} ms)",
                        used.as_millis(),
                        self.move_time.as_millis()
                    ),
                ));
            }
            if cpu != cpu_last {
                cpu_last = cpu;
                changed = now;
            }
            let waited = now - start;
            if waited >= self.move_time && now - changed >= idle_window && !runnable(self.child.id()) {
                let how = if blocked_reading(self.child.id()) {
                    "it waits for input (blocked reading its stdin)"
                } else {
                    "it is idle"
                };
                self.stop();
                return Err(Ended::new(
                    Verdict::Idleness,
                    &format!(
                        "{how}: no line within {} ms and no CPU time used in the last {} ms \
                         (did it flush its output?)",
                        waited.as_millis(),
                        idle_window.as_millis()
                    ),
                ));
            }
            if waited >= wall_cap {
                self.stop();
                return Err(Ended::new(
                    Verdict::Timeout,
                    &format!(
                        "no line within {} ms of wall time ({} ms of CPU time)",
                        waited.as_millis(),
                        used.as_millis()
                    ),
                ));
            }
        }
    }

    fn finish(&mut self) -> Result<(), Ended> {
        // Its input closes: a program that reads on sees the end of it.
        self.input = None;
        let start = Instant::now();
        let mut cpu_last = self.cpu_time().unwrap_or_default();
        let mut changed = start;
        let grace = EXIT_GRACE.max(self.move_time);
        let idle_window = (self.move_time / 4).max(Duration::from_millis(100));
        while !self.exited() {
            let now = Instant::now();
            let cpu = self.cpu_time().unwrap_or(cpu_last);
            if cpu != cpu_last {
                cpu_last = cpu;
                changed = now;
            }
            // A runnable program on a busy machine is not idle: it waits for a core.
            let idle = now - changed >= idle_window && !runnable(self.child.id());
            if (now - start >= grace && idle) || now - start >= grace * 10 {
                self.stop();
                return Err(Ended::new(
                    Verdict::Idleness,
                    "it did not exit after the last game (its input was closed)",
                ));
            }
            thread::sleep(Duration::from_millis(1));
        }
        match self.stop().map(describe_status) {
            Some((Verdict::Ok, _)) | None => Ok(()),
            Some((verdict, how)) => Err(Ended::new(verdict, &format!("it {how} after the last game"))),
        }
    }
}

/// Reads `source` into lines until its end, a line past [`LINE_CAP`] or `cap` bytes.
fn read_lines(mut source: impl Read, cap: usize, tx: mpsc::Sender<Event>) {
    let mut chunk = [0u8; 16 * 1024];
    let mut line: Vec<u8> = Vec::new();
    let mut total = 0usize;
    loop {
        let n = match source.read(&mut chunk) {
            Ok(0) | Err(_) => {
                if !line.is_empty() {
                    let _ = tx.send(Event::Line(String::from_utf8_lossy(&line).into_owned()));
                }
                let _ = tx.send(Event::Eof);
                return;
            }
            Ok(n) => n,
        };
        total = total.saturating_add(n);
        if total > cap {
            let _ = tx.send(Event::OutputLimit);
            return;
        }
        for &b in &chunk[..n] {
            if b == b'\n' {
                let text = String::from_utf8_lossy(&line).trim_end_matches('\r').to_owned();
                line.clear();
                if tx.send(Event::Line(text)).is_err() {
                    return;
                }
            } else {
                line.push(b);
                if line.len() > LINE_CAP {
                    let _ = tx.send(Event::LineTooLong);
                    return;
                }
            }
        }
    }
}

/// Returns the CPU time (user and system) of the process tree under `pid`, as `stress`
/// reads it ([`look_at_tree`]): a program that forks a worker and waits spends its time
/// in the worker.
fn cpu_time(pid: u32) -> Option<Duration> {
    let leader = i32::try_from(pid).ok()?;
    Some(look_at_tree(leader, ticks_per_second()?).cpu)
}

/// Returns the clock ticks a second of `/proc`'s times.
fn ticks_per_second() -> Option<u64> {
    // SAFETY: sysconf only reads a system constant.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    u64::try_from(hz).ok().filter(|&h| h > 0)
}

/// Returns whether a process of the tree under `pid` is running or waits only for a core
/// (state `R`): a program whose worker computes is not idle.
fn runnable(pid: u32) -> bool {
    let (Ok(leader), Some(hz)) = (i32::try_from(pid), ticks_per_second()) else {
        return false;
    };
    look_at_tree(leader, hz).running
}

/// Returns whether process `pid` is blocked in `read` on its stdin (Linux
/// `/proc/<pid>/syscall`: the call's number, then its first argument, the descriptor).
fn blocked_reading(pid: u32) -> bool {
    let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/syscall")) else {
        return false;
    };
    let mut words = text.split_ascii_whitespace();
    let call = words.next().and_then(|w| w.parse::<i64>().ok());
    let fd = words
        .next()
        .and_then(|w| i64::from_str_radix(w.trim_start_matches("0x"), 16).ok());
    call == Some(libc::SYS_read) && fd == Some(0)
}
