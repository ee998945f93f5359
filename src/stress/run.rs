//! Running a solution: its own process group, stdin fed from a thread, stdout capped, a
//! wall-clock limit, and the whole group killed at the end so no child outlives a run.

use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::StressError;

/// How much stderr is kept for the report; the rest is read and dropped.
const STDERR_KEPT: usize = 64 * 1024;
/// How long to wait for stdout to close after the group is killed. Only a process that
/// left the group (setsid) can hold it open longer; its output is then cut there.
const DRAIN_GRACE: Duration = Duration::from_millis(500);

/// A solution command: a program and its arguments, split shell-like without a shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub program: String,
    pub args: Vec<String>,
}

impl Solution {
    /// Returns the command split into program and arguments by shell quoting rules
    /// (`shell-words`); no shell is run, so pipes and redirections are plain arguments.
    ///
    /// # Constraints
    /// `command` has balanced quotes and at least one word.
    ///
    /// # Complexity
    /// O(command length).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::Solution;
    /// let s = Solution::parse("python3 'my sol.py' -O").unwrap();
    /// assert_eq!((s.program.as_str(), s.args.len()), ("python3", 2));
    /// assert!(Solution::parse("").is_err());
    /// assert!(Solution::parse("'unclosed").is_err());
    /// ```
    pub fn parse(command: &str) -> Result<Solution, StressError> {
        let mut words = shell_words::split(command).map_err(|e| StressError::BadCommand {
            command: command.to_owned(),
            why: e.to_string(),
        })?;
        if words.is_empty() {
            return Err(StressError::BadCommand {
                command: command.to_owned(),
                why: "it names no program".to_owned(),
            });
        }
        let program = words.remove(0);
        Ok(Solution { program, args: words })
    }

    /// Returns the command quoted back into one shell word list.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(command length).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::Solution;
    /// let s = Solution::parse("python3 'my sol.py'").unwrap();
    /// assert_eq!(s.display(), "python3 'my sol.py'");
    /// ```
    pub fn display(&self) -> String {
        shell_words::join(std::iter::once(&self.program).chain(&self.args))
    }
}

/// The limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time before the process group is killed.
    pub timeout: Duration,
    /// Bytes of stdout allowed; one more and the group is killed.
    pub max_output_bytes: usize,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The program exited with this code.
    Exited(i32),
    /// The program was killed by this signal (not by us).
    Signaled(i32),
    /// The time limit passed; we killed the group.
    TimedOut,
    /// Stdout passed the cap; we killed the group.
    OutputLimit,
}

/// What a run produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOutcome {
    pub termination: Termination,
    /// Stdout, at most `max_output_bytes`.
    pub stdout: Vec<u8>,
    /// The first 64 KiB of stderr.
    pub stderr: Vec<u8>,
    pub elapsed: Duration,
}

enum Event {
    Exited,
    OutputLimit,
}

fn spawn_reader(
    mut source: impl Read + Send + 'static,
    cap: usize,
    buffer: Arc<Mutex<Vec<u8>>>,
    on_overflow: Option<mpsc::Sender<Event>>,
) -> mpsc::Receiver<()> {
    let (done_tx, done_rx) = mpsc::channel();
    thread::spawn(move || {
        let mut chunk = [0u8; 16 * 1024];
        let mut total = 0usize;
        loop {
            let n = match source.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            total = total.saturating_add(n);
            if let Ok(mut buf) = buffer.lock() {
                let room = cap.saturating_sub(buf.len());
                buf.extend_from_slice(&chunk[..n.min(room)]);
            }
            if total > cap
                && let Some(tx) = &on_overflow
            {
                let _ = tx.send(Event::OutputLimit);
                break;
            }
        }
        let _ = done_tx.send(());
    });
    done_rx
}

#[cfg(unix)]
pub(crate) fn configure(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    // The child leads a new process group, so one kill reaches its children too.
    cmd.process_group(0);
    #[cfg(target_os = "linux")]
    {
        let parent = std::process::id() as libc::pid_t;
        // SAFETY: between fork and exec the closure makes only async-signal-safe system
        // calls (prctl, getppid, _exit) and touches no memory of the parent.
        unsafe {
            cmd.pre_exec(move || {
                // Dies with us even if we are killed with SIGKILL and cannot clean up.
                // (It fires when the thread that started it ends: runs start on the
                // stress threads, which outlive every run.)
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
                if libc::getppid() != parent {
                    libc::_exit(137);
                }
                Ok(())
            });
        }
    }
}

#[cfg(not(unix))]
pub(crate) fn configure(_cmd: &mut Command) {}

/// Blocks until the child has exited without reaping it, so its pid (and so its process
/// group id) cannot be reused before we kill the group.
#[cfg(unix)]
fn spawn_waiter(child: &Child, tx: mpsc::Sender<Event>) {
    let pid = child.id() as libc::id_t;
    thread::spawn(move || {
        loop {
            // SAFETY: waitid only writes into the zeroed siginfo we own.
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            let rc = unsafe { libc::waitid(libc::P_PID, pid, &mut info, libc::WEXITED | libc::WNOWAIT) };
            if rc == 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                break;
            }
        }
        let _ = tx.send(Event::Exited);
    });
}

#[cfg(not(unix))]
fn spawn_waiter(_child: &Child, _tx: mpsc::Sender<Event>) {}

/// Kills the child's whole process group. The leader is not reaped yet, so the group id
/// still names our group.
#[cfg(unix)]
pub(crate) fn kill_group(child: &mut Child) {
    let pgid = child.id() as libc::pid_t;
    // SAFETY: kill has no memory effects; a group that is already gone gives ESRCH.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}

#[cfg(not(unix))]
pub(crate) fn kill_group(child: &mut Child) {
    let _ = child.kill();
}

#[cfg(unix)]
fn signal_of(status: ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

#[cfg(not(unix))]
fn signal_of(_status: ExitStatus) -> Option<i32> {
    None
}

fn wait_event(child: &mut Child, rx: &mpsc::Receiver<Event>, deadline: Instant) -> Option<Event> {
    loop {
        let now = Instant::now();
        if now >= deadline {
            return None;
        }
        // Off Unix there is no waiter thread: poll.
        let step = if cfg!(unix) {
            deadline - now
        } else {
            (deadline - now).min(Duration::from_millis(5))
        };
        match rx.recv_timeout(step) {
            Ok(event) => return Some(event),
            Err(RecvTimeoutError::Timeout) => {
                if !cfg!(unix) && matches!(child.try_wait(), Ok(Some(_))) {
                    return Some(Event::Exited);
                }
            }
            Err(RecvTimeoutError::Disconnected) => return Some(Event::Exited),
        }
    }
}

/// Returns what the solution printed for `input` and how it ended. The program runs in
/// its own process group, which is killed (SIGKILL) when the program exits, times out or
/// passes the output cap, so children it left behind never outlive the run.
///
/// # Constraints
/// The program can be started; otherwise [`StressError::Spawn`].
///
/// # Complexity
/// The program's running time, at most `limits.timeout` plus the kill.
///
/// # Example
/// ```
/// use gamecheck::stress::{run, Limits, Solution, Termination};
/// use std::time::Duration;
/// let limits = Limits { timeout: Duration::from_secs(5), max_output_bytes: 1 << 20 };
/// # #[cfg(unix)] {
/// let out = run(&Solution::parse("cat").unwrap(), b"1\n1 0 1 1\n", &limits).unwrap();
/// assert_eq!((out.termination, out.stdout), (Termination::Exited(0), b"1\n1 0 1 1\n".to_vec()));
/// # }
/// ```
pub fn run(solution: &Solution, input: &[u8], limits: &Limits) -> Result<RunOutcome, StressError> {
    run_reaping(solution, input, limits, false)
}

/// [`run`], and when `reap`, kills every process reparented to this one (a subreaper)
/// once the run's group is dead: descendants that left the group with `setsid()`.
pub(crate) fn run_reaping(
    solution: &Solution,
    input: &[u8],
    limits: &Limits,
    reap: bool,
) -> Result<RunOutcome, StressError> {
    let mut cmd = Command::new(&solution.program);
    cmd.args(&solution.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    configure(&mut cmd);
    let start = Instant::now();
    let mut child = super::reaper::spawn(&mut cmd).map_err(|source| StressError::Spawn {
        command: solution.display(),
        source,
    })?;
    let (tx, rx) = mpsc::channel();
    if let Some(mut stdin) = child.stdin.take() {
        let data = input.to_vec();
        // A program that never reads its input gets EPIPE here, which is its business.
        thread::spawn(move || {
            let _ = stdin.write_all(&data);
        });
    }
    let stdout = Arc::new(Mutex::new(Vec::new()));
    let stderr = Arc::new(Mutex::new(Vec::new()));
    let stdout_done = child
        .stdout
        .take()
        .map(|s| spawn_reader(s, limits.max_output_bytes, Arc::clone(&stdout), Some(tx.clone())));
    let stderr_done = child
        .stderr
        .take()
        .map(|s| spawn_reader(s, STDERR_KEPT, Arc::clone(&stderr), None));
    spawn_waiter(&child, tx);
    let event = wait_event(&mut child, &rx, start + limits.timeout);
    kill_group(&mut child);
    let status = child.wait();
    super::reaper::finished(child.id());
    let elapsed = start.elapsed();
    let grace = Instant::now() + DRAIN_GRACE;
    for done in [stdout_done, stderr_done].into_iter().flatten() {
        // A descendant that left the group may hold the pipes open: once it is
        // reparented here, it is killed and the pipes close.
        loop {
            if reap {
                super::reaper::kill_orphans();
            }
            let now = Instant::now();
            if now >= grace {
                break;
            }
            match done.recv_timeout((grace - now).min(Duration::from_millis(if reap { 10 } else { 500 }))) {
                Err(RecvTimeoutError::Timeout) => continue,
                _ => break,
            }
        }
    }
    if reap {
        super::reaper::kill_orphans();
    }
    // The program may exit before the reader notices the overflow: look again.
    let overflowed = rx.try_iter().any(|e| matches!(e, Event::OutputLimit));
    let termination = match event {
        None => Termination::TimedOut,
        Some(_) if overflowed => Termination::OutputLimit,
        Some(Event::OutputLimit) => Termination::OutputLimit,
        Some(Event::Exited) => match status {
            Ok(status) => match (status.code(), signal_of(status)) {
                (Some(code), _) => Termination::Exited(code),
                (None, Some(signal)) => Termination::Signaled(signal),
                (None, None) => Termination::Exited(-1),
            },
            Err(_) => Termination::Exited(-1),
        },
    };
    let take = |buf: &Arc<Mutex<Vec<u8>>>| {
        buf.lock()
            .map(|mut b| std::mem::take(&mut *b))
            .unwrap_or_default()
    };
    Ok(RunOutcome {
        termination,
        stdout: take(&stdout),
        stderr: take(&stderr),
        elapsed,
    })
}
