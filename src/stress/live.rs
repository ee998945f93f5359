//! A solution talked to line by line (an interactive judge's peer), started and limited
//! as [`run`](super::run) starts a batch run: its own process group with a judge's signal
//! state, the CPU time of its whole process tree, an output cap, the group killed at the
//! end and orphans reaped. One thread does it all (`poll` over the pipes and a pidfd), so
//! talking to a program starts no thread a process limit could break.

use std::collections::VecDeque;
use std::os::fd::{AsRawFd, OwnedFd};
use std::process::Child;
use std::time::{Duration, Instant};

use super::error::StressError;
use super::run::{
    Clock, Limits, Reader, RunOutcome, STDERR_KEPT, Solution, Termination, has_exited, kill_group,
    look_at_tree, pidfd, poll, pollfd, reap_leader, set_nonblocking,
};

/// The longest line a program may write.
pub const LINE_CAP: usize = 64 * 1024;
/// How often a waiting judge looks at the program's CPU time.
const TICK: Duration = Duration::from_millis(10);
/// How long after its output ends a program may take to exit.
const EXIT_GRACE: Duration = Duration::from_millis(1000);

/// What the judge heard when it waited for a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A line, without its end (`\n`, `\r\n`).
    Line(String),
    /// Its output ended, or it exited, with no line pending.
    Closed,
    /// A line longer than [`LINE_CAP`].
    LineTooLong,
    /// More output than the limit.
    OutputLimit,
    /// More CPU time on this move than the limit (its whole process tree).
    Timeout { cpu: Duration },
    /// No line and no CPU time used for a while, no process of it running: it waits.
    Idle {
        waited: Duration,
        window: Duration,
        /// It is blocked reading its stdin.
        reading: bool,
    },
    /// No line within ten times the limit of wall time, though it kept running.
    Wall { waited: Duration, cpu: Duration },
}

/// How a program ended once its input was closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited by itself with this wait status.
    Status(libc::c_int),
    /// It did not exit (it kept running or waited): killed.
    Stayed,
    /// It computed on for more than a move's CPU time: killed.
    Timeout { cpu: Duration },
}

/// A running solution.
pub struct Live {
    child: Child,
    pid: i32,
    stdin: Option<OwnedFd>,
    pending: Vec<u8>,
    stdout: Reader,
    /// Bytes of `stdout.kept` already split into lines.
    parsed: usize,
    lines: VecDeque<String>,
    stderr: Reader,
    exit_fd: Option<OwnedFd>,
    limits: Limits,
    reap: bool,
    start: Instant,
    ticks_per_second: u64,
    cpu_seen: Duration,
    status: Option<libc::c_int>,
    /// The program's peak resident memory, once reaped, for the memory-limit verdict.
    peak: u64,
    done: bool,
    /// The limit we ended it for, if we did.
    ended: Option<Termination>,
}

impl Live {
    /// Starts `solution`, its stdin, stdout and stderr piped to us, with `limits`
    /// (`timeout` is the CPU time of one move).
    ///
    /// # Errors
    /// [`StressError::Spawn`] when the program cannot be started.
    pub fn start(solution: &Solution, limits: &Limits, reap: bool) -> Result<Live, StressError> {
        let (mut child, start) = super::run::spawn_piped(solution, limits)?;
        let pid = child.id() as i32;
        let stdin = child.stdin.take().map(OwnedFd::from);
        if let Some(fd) = &stdin {
            set_nonblocking(fd.as_raw_fd());
        }
        // SAFETY: sysconf has no memory effects.
        let ticks_per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
        Ok(Live {
            stdout: Reader::new(child.stdout.take().map(OwnedFd::from), limits.max_output_bytes),
            stderr: Reader::new(child.stderr.take().map(OwnedFd::from), STDERR_KEPT),
            child,
            pid,
            stdin,
            pending: Vec::new(),
            parsed: 0,
            lines: VecDeque::new(),
            exit_fd: pidfd(pid),
            limits: *limits,
            reap,
            start,
            ticks_per_second,
            cpu_seen: Duration::ZERO,
            status: None,
            peak: 0,
            done: false,
            ended: None,
        })
    }

    /// Queues `text` for the program's stdin; it is written while the judge waits.
    pub fn send(&mut self, text: &str) {
        if self.stdin.is_some() {
            self.pending.extend_from_slice(text.as_bytes());
            self.pump();
        }
    }

    /// Closes the program's stdin once what is queued is written (at once, if it does not
    /// read): a program that reads on sees its end.
    fn close_input(&mut self) {
        self.pending.clear();
        self.stdin = None;
    }

    /// Writes what is queued and reads what is there, without blocking.
    fn pump(&mut self) {
        while let Some(fd) = &self.stdin {
            if self.pending.is_empty() {
                break;
            }
            let len = self.pending.len().min(64 * 1024);
            // SAFETY: write reads at most `len` bytes of the buffer we own.
            let n = unsafe { libc::write(fd.as_raw_fd(), self.pending.as_ptr().cast(), len) };
            if n >= 0 {
                self.pending.drain(..n as usize);
                continue;
            }
            match std::io::Error::last_os_error().kind() {
                std::io::ErrorKind::Interrupted => continue,
                std::io::ErrorKind::WouldBlock => break,
                // It closed its stdin: that is its business.
                _ => self.close_input(),
            }
        }
        self.stdout.read_available(true);
        self.stderr.read_available(false);
        while let Some(end) = self.stdout.kept[self.parsed..].iter().position(|&b| b == b'\n') {
            let line = &self.stdout.kept[self.parsed..self.parsed + end];
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            // A byte that is not UTF-8 is kept as its mark, shown `\xNN` as docs/stress.md says.
            self.lines.push_back(crate::shown::marked(line).into_owned());
            self.parsed += end + 1;
        }
    }

    /// Returns the tree's CPU time so far.
    fn cpu(&mut self) -> Duration {
        let cpu = look_at_tree(self.pid, self.ticks_per_second).cpu;
        self.cpu_seen = self.cpu_seen.max(cpu);
        self.cpu_seen
    }

    fn wait_a_tick(&self, tick: Duration) {
        let mut fds = Vec::with_capacity(4);
        if !self.pending.is_empty()
            && let Some(fd) = &self.stdin
        {
            fds.push(pollfd(fd.as_raw_fd(), libc::POLLOUT));
        }
        for fd in [
            self.stdout.fd.as_ref(),
            self.stderr.fd.as_ref(),
            self.exit_fd.as_ref(),
        ]
        .into_iter()
        .flatten()
        {
            fds.push(pollfd(fd.as_raw_fd(), libc::POLLIN));
        }
        poll(&mut fds, tick);
    }

    /// Returns what the program said next: a line, or why none came within the limits of
    /// one move (`limits.timeout` of CPU time; idle, it is told from a slow program by the
    /// CPU time it uses and whether any process of it runs).
    pub fn receive(&mut self) -> Heard {
        let start = Instant::now();
        let cpu_start = self.cpu();
        let mut cpu_last = cpu_start;
        let mut changed = start;
        let move_time = self.limits.timeout;
        // CPU time is counted in clock ticks: a program that computes shows a change
        // within a few of them.
        let window = (move_time / 4).max(Duration::from_millis(100));
        let wall_cap = move_time
            .saturating_mul(10)
            .saturating_add(Duration::from_secs(2));
        loop {
            self.pump();
            if let Some(line) = self.lines.pop_front() {
                return Heard::Line(line);
            }
            if self.stdout.total > self.stdout.cap {
                self.stop_for(Termination::OutputLimit);
                return Heard::OutputLimit;
            }
            if self.stdout.kept.len() - self.parsed > LINE_CAP {
                self.stop_for(Termination::OutputLimit);
                return Heard::LineTooLong;
            }
            let exited = has_exited(self.pid);
            if self.stdout.fd.is_none() || exited {
                // What it wrote before it went: a last line without its end counts.
                self.pump();
                if let Some(line) = self.lines.pop_front() {
                    return Heard::Line(line);
                }
                if self.parsed < self.stdout.kept.len() && self.stdout.fd.is_none() {
                    let tail = crate::shown::marked(&self.stdout.kept[self.parsed..]).into_owned();
                    self.parsed = self.stdout.kept.len();
                    return Heard::Line(tail);
                }
                return Heard::Closed;
            }
            let now = Instant::now();
            let cpu = self.cpu();
            let used = cpu.saturating_sub(cpu_start);
            if used > move_time {
                self.stop_for(Termination::TimedOut(Clock::Cpu));
                return Heard::Timeout { cpu: used };
            }
            if cpu != cpu_last {
                cpu_last = cpu;
                changed = now;
            }
            let waited = now - start;
            if waited >= move_time && now - changed >= window && !self.running() {
                let reading = blocked_reading(self.pid);
                self.stop_for(Termination::TimedOut(Clock::Wall));
                return Heard::Idle {
                    waited,
                    window,
                    reading,
                };
            }
            if waited >= wall_cap {
                self.stop_for(Termination::TimedOut(Clock::Wall));
                return Heard::Wall { waited, cpu: used };
            }
            self.wait_a_tick(TICK);
        }
    }

    /// Returns whether a process of its tree runs or waits for a core.
    fn running(&self) -> bool {
        look_at_tree(self.pid, self.ticks_per_second).running
    }

    /// Closes its input and returns how it ended: by itself within a grace (longer while
    /// it computes), or killed.
    pub fn finish(&mut self) -> Exit {
        self.close_input();
        let start = Instant::now();
        let cpu_start = self.cpu();
        let mut cpu_last = cpu_start;
        let mut changed = start;
        let grace = EXIT_GRACE.max(self.limits.timeout);
        let window = (self.limits.timeout / 4).max(Duration::from_millis(100));
        while !has_exited(self.pid) {
            self.pump();
            let now = Instant::now();
            let cpu = self.cpu();
            let used = cpu.saturating_sub(cpu_start);
            if used > self.limits.timeout {
                self.stop_for(Termination::TimedOut(Clock::Cpu));
                return Exit::Timeout { cpu: used };
            }
            if cpu != cpu_last {
                cpu_last = cpu;
                changed = now;
            }
            // A runnable program on a busy machine is not idle: it waits for a core.
            let idle = now - changed >= window && !self.running();
            if (now - start >= grace && idle) || now - start >= grace.saturating_mul(10) {
                self.stop_for(Termination::TimedOut(Clock::Wall));
                return Exit::Stayed;
            }
            self.wait_a_tick(TICK);
        }
        self.stop();
        self.status.map_or(Exit::Stayed, Exit::Status)
    }

    /// Waits a grace for the leader to exit after its output ended, then stops it;
    /// returns its wait status when it exited by itself.
    pub fn exited_status(&mut self) -> Option<libc::c_int> {
        let deadline = Instant::now() + EXIT_GRACE;
        while !has_exited(self.pid) && Instant::now() < deadline {
            self.pump();
            self.wait_a_tick(Duration::from_millis(2));
        }
        let exited = has_exited(self.pid);
        self.stop();
        if exited { self.status } else { None }
    }

    /// Returns whether the wait status `status` of the reaped program is a failure at its
    /// memory limit, by the batch run's rule (`run::out_of_memory`: the peak
    /// reaped, or stderr saying an allocation failed).
    pub fn at_memory_limit(&self, status: libc::c_int) -> bool {
        let termination = if libc::WIFSIGNALED(status) {
            Termination::Signaled(libc::WTERMSIG(status))
        } else {
            Termination::Exited(libc::WEXITSTATUS(status))
        };
        super::run::out_of_memory(termination, self.limits.memory, self.peak, &self.stderr.kept)
            == Termination::MemoryLimit
    }

    fn stop_for(&mut self, why: Termination) {
        if !self.done && self.ended.is_none() {
            self.ended = Some(why);
        }
        self.stop();
    }

    /// Kills the group, reaps the leader, and with `reap` every orphan it left.
    pub fn stop(&mut self) {
        if self.done {
            return;
        }
        self.done = true;
        self.close_input();
        kill_group(self.pid);
        let (status, cpu, peak) = reap_leader(self.pid);
        self.status = status;
        self.peak = peak;
        self.cpu_seen = self.cpu_seen.max(cpu);
        super::reaper::finished(self.pid as u32);
        if self.reap {
            super::reaper::kill_orphans();
        }
        // What is left in the pipes, without waiting on a descendant that holds them.
        self.stdout.read_available(true);
        self.stderr.read_available(false);
        self.stdout.fd = None;
        self.stderr.fd = None;
    }

    /// Stops the program and returns what the run produced: everything it wrote (up to
    /// the cap), the first 64 KiB of stderr, how it ended and its tree's CPU time.
    pub fn outcome(mut self) -> RunOutcome {
        self.stop();
        let termination = match (self.ended, self.status) {
            (Some(t), _) => t,
            (None, Some(s)) if libc::WIFEXITED(s) => Termination::Exited(libc::WEXITSTATUS(s)),
            (None, Some(s)) if libc::WIFSIGNALED(s) => Termination::Signaled(libc::WTERMSIG(s)),
            _ => Termination::Exited(-1),
        };
        // The batch run's rule: a failure at its memory limit is `memory-limit`.
        let termination =
            super::run::out_of_memory(termination, self.limits.memory, self.peak, &self.stderr.kept);
        RunOutcome {
            termination,
            stdout: std::mem::take(&mut self.stdout.kept),
            stderr: std::mem::take(&mut self.stderr.kept),
            elapsed: self.start.elapsed(),
            cpu: self.cpu_seen,
        }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.stop();
        let _ = &self.child;
    }
}

/// Returns whether process `pid` is blocked in `read` on its stdin (Linux
/// `/proc/<pid>/syscall`: the call's number, then its first argument, the descriptor).
fn blocked_reading(pid: i32) -> bool {
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
