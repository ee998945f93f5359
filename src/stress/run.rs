//! Running a solution: its own process group, stdin fed, stdout capped, a CPU-time limit
//! on its process tree with a looser wall-clock limit, and the whole group killed at the
//! end so no child outlives a run. One thread does it all (`poll` over the pipes and a
//! pidfd), so a run starts no thread: a process limit (`ulimit -u`) that a fork bomb
//! exhausts cannot make it fail half-way.

use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::error::StressError;

/// How much stderr is kept for the report; the rest is read and dropped.
pub(super) const STDERR_KEPT: usize = 64 * 1024;
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
    /// CPU time of the program's process tree (every process it started that is still
    /// its descendant, and those it waited for) before the process group is killed. The
    /// wall clock is limited too, to [`WALL_FACTOR`] times this, for a program that
    /// sleeps or waits; a program kept from a core by other load is judged by CPU time.
    pub timeout: Duration,
    /// Bytes of stdout allowed; one more and the group is killed.
    pub max_output_bytes: usize,
    /// Bytes of data (heap and other private writable memory) each process of the run may
    /// map (`RLIMIT_DATA`, set in the child before it starts the program), as judges limit
    /// memory; `None`: no limit. A run that fails for want of it is
    /// [`Termination::MemoryLimit`].
    pub memory: Option<u64>,
}

impl Limits {
    /// Returns the default memory limit of one run: a quarter of the machine's memory
    /// (at least 256 MiB), so that two runs beside the judge and the build fit; `None`
    /// where the machine's memory is unknown.
    pub fn default_memory() -> Option<u64> {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: sysconf has no memory effects.
            let (pages, size) = unsafe {
                (
                    libc::sysconf(libc::_SC_PHYS_PAGES),
                    libc::sysconf(libc::_SC_PAGESIZE),
                )
            };
            if pages > 0 && size > 0 {
                return Some((pages as u64).saturating_mul(size as u64) / 4).map(|m| m.max(256 << 20));
            }
        }
        None
    }
}

/// What a program prints on stderr when an allocation fails (C++, Python, Java, Rust,
/// glibc): with a non-zero end, the run failed for want of memory.
const OUT_OF_MEMORY: [&str; 6] = [
    "bad_alloc",
    "MemoryError",
    "OutOfMemoryError",
    "memory allocation of",
    "Cannot allocate memory",
    "out of memory",
];

/// How many times the CPU-time limit the wall-clock limit is.
pub const WALL_FACTOR: u32 = 3;

/// Which time limit ended a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// The process tree used more CPU time than the limit.
    Cpu,
    /// [`WALL_FACTOR`] times the limit passed while no process of the tree was running or
    /// waiting for a core (it slept, waited for input or for another process).
    Wall,
}

impl Clock {
    /// Returns the name in reports and JSON: `cpu` or `wall`.
    pub fn name(self) -> &'static str {
        match self {
            Clock::Cpu => "cpu",
            Clock::Wall => "wall",
        }
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The program exited with this code.
    Exited(i32),
    /// The program was killed by this signal (not by us).
    Signaled(i32),
    /// A time limit passed; we killed the group.
    TimedOut(Clock),
    /// Stdout passed the cap; we killed the group.
    OutputLimit,
    /// The program failed (a non-zero exit or a signal) under the memory limit with its
    /// peak resident memory at nine tenths of it or more, or saying that an allocation
    /// failed.
    MemoryLimit,
}

/// What a run produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOutcome {
    pub termination: Termination,
    /// Stdout, at most `max_output_bytes`.
    pub stdout: Vec<u8>,
    /// The first 64 KiB of stderr.
    pub stderr: Vec<u8>,
    /// Wall-clock time from start to the end of the run.
    pub elapsed: Duration,
    /// CPU time (user and system) of the program's process tree.
    pub cpu: Duration,
}

/// The process group leads: its child was started with `process_group(0)`.
pub(crate) fn configure(cmd: &mut Command, limits: &Limits) {
    use std::os::unix::process::CommandExt;
    // The child leads a new process group, so one kill reaches its children too.
    cmd.process_group(0);
    #[cfg(target_os = "linux")]
    {
        let parent = std::process::id() as libc::pid_t;
        let memory = limits.memory;
        // SAFETY: between fork and exec the closure makes only async-signal-safe system
        // calls (prctl, getppid, _exit) and touches no memory of the parent.
        unsafe {
            cmd.pre_exec(move || {
                // Dies with us even if we are killed with SIGKILL and cannot clean up.
                // (It fires when the thread that started it ends: runs start on the
                // stress pool's threads, which outlive every run.)
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
                if libc::getppid() != parent {
                    libc::_exit(137);
                }
                judge_like_signals();
                if let Some(bytes) = memory {
                    let limit = libc::rlimit {
                        rlim_cur: bytes as libc::rlim_t,
                        rlim_max: bytes as libc::rlim_t,
                    };
                    if libc::setrlimit(libc::RLIMIT_DATA, &limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
    }
}

/// Gives the child the signal state a judge gives: an empty mask and every signal at its
/// default action. The stress binary blocks the terminating signals for its reaper
/// thread, and a mask (like an ignored disposition) survives `exec`: a solution that
/// stops its search with `alarm()` would never see the alarm. Called between fork and
/// exec: sigprocmask and sigaction are async-signal-safe.
#[cfg(target_os = "linux")]
fn judge_like_signals() {
    // SAFETY: the set and the action are ours and zeroed; a signal the libc keeps for
    // itself (glibc's SIGCANCEL, SIGSETXID) refuses the call, which is harmless.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigprocmask(libc::SIG_SETMASK, &set, std::ptr::null_mut());
        // The kernel's own call: glibc's `sigaction` refuses the signals it keeps for
        // itself (32, 33), which a parent may still have left ignored.
        #[repr(C)]
        struct KernelAction {
            handler: usize,
            flags: u64,
            restorer: usize,
            mask: u64,
        }
        let action = KernelAction {
            handler: libc::SIG_DFL,
            flags: 0,
            restorer: 0,
            mask: 0,
        };
        for signal in 1..65 {
            if signal != libc::SIGKILL && signal != libc::SIGSTOP {
                libc::syscall(
                    libc::SYS_rt_sigaction,
                    signal,
                    &action as *const KernelAction,
                    std::ptr::null_mut::<KernelAction>(),
                    8usize,
                );
            }
        }
    }
}

/// Kills the process group `pgid`. Its leader is not reaped yet, so the id still names
/// our group.
pub(crate) fn kill_group(pgid: i32) {
    // SAFETY: kill has no memory effects; a group that is already gone gives ESRCH.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}

pub(super) fn set_nonblocking(fd: RawFd) {
    // SAFETY: fcntl only changes the flags of a descriptor we own.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags >= 0 {
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }
}

/// Returns a descriptor that becomes readable when process `pid` exits (Linux 5.3 on), so
/// an exit is seen at once; without it the loop looks at each tick.
pub(super) fn pidfd(pid: i32) -> Option<OwnedFd> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::FromRawFd;
        // SAFETY: pidfd_open returns a new descriptor or -1; we own what it returns.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = pid;
        None
    }
}

/// Returns whether process `pid` (our unreaped child) has exited, without reaping it.
pub(super) fn has_exited(pid: i32) -> bool {
    // SAFETY: waitid only writes into the zeroed siginfo we own.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let rc = unsafe {
        libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        )
    };
    // SAFETY: si_pid is set when waitid found an exited child, else it stays 0.
    rc != 0 || unsafe { info.si_pid() } != 0
}

/// Reaps `pid` (killed or exited) and returns its wait status, the CPU time of it and
/// the children it waited for, and its peak resident memory in bytes.
pub(super) fn reap_leader(pid: i32) -> (Option<libc::c_int>, Duration, u64) {
    let mut status: libc::c_int = 0;
    // SAFETY: wait4 writes only into the status and rusage we own.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if rc == pid {
            let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
            let peak = u64::try_from(usage.ru_maxrss).unwrap_or(0).saturating_mul(1024);
            return (Some(status), tv(usage.ru_utime) + tv(usage.ru_stime), peak);
        }
        if rc < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        return (None, Duration::ZERO, 0);
    }
}

/// Returns `termination`, or [`Termination::MemoryLimit`] for a failure under the memory
/// limit `memory` with a peak resident memory `peak` (bytes) at nine tenths of it or
/// more, or whose `stderr` says an allocation failed: the one place the verdict is drawn.
pub(super) fn out_of_memory(
    termination: Termination,
    memory: Option<u64>,
    peak: u64,
    stderr: &[u8],
) -> Termination {
    let failed = matches!(termination, Termination::Signaled(_))
        || matches!(termination, Termination::Exited(code) if code != 0);
    let Some(limit) = memory.filter(|_| failed) else {
        return termination;
    };
    let said = String::from_utf8_lossy(stderr);
    if peak >= limit / 10 * 9 || OUT_OF_MEMORY.iter().any(|m| said.contains(m)) {
        Termination::MemoryLimit
    } else {
        termination
    }
}

/// The most processes of one tree looked at per tick: a fork bomb's tree is bounded by the
/// process limit, this only bounds the time one look takes.
const TREE_LOOKED_AT: usize = 1 << 16;

/// What one look at the process tree found.
pub(crate) struct TreeLook {
    /// CPU time of the live processes of the tree and of the children they waited for.
    pub(crate) cpu: Duration,
    /// Whether a process of the tree is running or runnable (state `R`).
    pub(crate) running: bool,
}

/// Returns the CPU time and the state of the process tree under `leader`, from
/// `/proc/<pid>/stat` and `/proc/<pid>/task/<tid>/children`. Each process is counted
/// once: while it lives, by its own `utime + stime`, and once reaped, inside its waiting
/// parent's `cutime + cstime`. Processes reparented out of the tree (a double fork) are
/// not counted; they are killed at the end of the run.
#[cfg(target_os = "linux")]
pub(crate) fn look_at_tree(leader: i32, ticks_per_second: u64) -> TreeLook {
    let mut ticks = 0u64;
    let mut running = false;
    let mut stack = vec![leader];
    let mut seen = 0usize;
    while let Some(pid) = stack.pop() {
        seen += 1;
        if seen > TREE_LOOKED_AT {
            break;
        }
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // `pid (comm) state ppid …`; comm may hold spaces and parentheses.
        let Some(tail) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
            continue;
        };
        let fields: Vec<&str> = tail.split_ascii_whitespace().take(15).collect();
        if fields.len() < 15 {
            continue;
        }
        running |= fields[0] == "R";
        ticks += fields[11..15]
            .iter()
            .filter_map(|f| f.parse::<u64>().ok())
            .sum::<u64>();
        for task in std::fs::read_dir(format!("/proc/{pid}/task"))
            .into_iter()
            .flatten()
            .flatten()
        {
            if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
                stack.extend(
                    text.split_ascii_whitespace()
                        .filter_map(|p| p.parse::<i32>().ok()),
                );
            }
        }
    }
    TreeLook {
        cpu: Duration::from_secs_f64(ticks as f64 / ticks_per_second.max(1) as f64),
        running,
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn look_at_tree(_leader: i32, _ticks_per_second: u64) -> TreeLook {
    TreeLook {
        cpu: Duration::ZERO,
        running: false,
    }
}

/// One of the program's output pipes, read without blocking.
pub(super) struct Reader {
    pub(super) fd: Option<OwnedFd>,
    pub(super) kept: Vec<u8>,
    pub(super) cap: usize,
    pub(super) total: usize,
}

impl Reader {
    pub(super) fn new(fd: Option<OwnedFd>, cap: usize) -> Reader {
        if let Some(fd) = &fd {
            set_nonblocking(fd.as_raw_fd());
        }
        Reader {
            fd,
            kept: Vec::new(),
            cap,
            total: 0,
        }
    }

    /// Reads what is there; closes the pipe at its end or once `stop_past_cap` and the
    /// cap is passed. Returns whether more than the cap has been read.
    pub(super) fn read_available(&mut self, stop_past_cap: bool) -> bool {
        let mut chunk = [0u8; 16 * 1024];
        while let Some(fd) = &self.fd {
            // SAFETY: read writes at most chunk.len() bytes into the buffer we own.
            let n = unsafe { libc::read(fd.as_raw_fd(), chunk.as_mut_ptr().cast(), chunk.len()) };
            if n > 0 {
                let n = n as usize;
                self.total = self.total.saturating_add(n);
                let room = self.cap.saturating_sub(self.kept.len());
                self.kept.extend_from_slice(&chunk[..n.min(room)]);
                if stop_past_cap && self.total > self.cap {
                    self.fd = None;
                }
                continue;
            }
            let err = std::io::Error::last_os_error();
            if n < 0 && err.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            if n < 0 && err.kind() == std::io::ErrorKind::WouldBlock {
                break;
            }
            self.fd = None;
        }
        self.total > self.cap
    }
}

/// Feeds the input to the program's stdin without blocking, and closes it at the end
/// (or when the program closed its end: that is its business).
struct Writer<'a> {
    fd: Option<OwnedFd>,
    data: &'a [u8],
}

impl Writer<'_> {
    fn write_available(&mut self) {
        while let Some(fd) = &self.fd {
            if self.data.is_empty() {
                self.fd = None;
                break;
            }
            let len = self.data.len().min(64 * 1024);
            // SAFETY: write reads at most `len` bytes of the slice we hold.
            let n = unsafe { libc::write(fd.as_raw_fd(), self.data.as_ptr().cast(), len) };
            if n >= 0 {
                self.data = &self.data[n as usize..];
                continue;
            }
            match std::io::Error::last_os_error().kind() {
                std::io::ErrorKind::Interrupted => continue,
                std::io::ErrorKind::WouldBlock => break,
                _ => self.fd = None,
            }
        }
    }
}

/// Waits up to `timeout` for one of `fds` (with its `events`) to be ready.
pub(super) fn poll(fds: &mut [libc::pollfd], timeout: Duration) {
    let ms = timeout.as_millis().clamp(1, i32::MAX as u128) as libc::c_int;
    // SAFETY: poll reads and writes only the pollfd slice we own.
    unsafe {
        libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms);
    }
}

pub(super) fn pollfd(fd: RawFd, events: libc::c_short) -> libc::pollfd {
    libc::pollfd {
        fd,
        events,
        revents: 0,
    }
}

/// Returns what the solution printed for `input` and how it ended. The program runs in
/// its own process group, which is killed (SIGKILL) when the program exits, passes the
/// output cap, uses more than `limits.timeout` of CPU time (its whole process tree), or
/// is still there after [`WALL_FACTOR`] times that of wall-clock time while none of its
/// processes is running or waiting for a core; so children it left behind never outlive
/// the run. A program that ends but used more CPU time than the limit timed out too.
///
/// # Errors
/// [`StressError::Spawn`] when the program cannot be started (missing, not executable, or
/// the process limit reached).
///
/// # Complexity
/// The program's running time, at most `limits.timeout` of its CPU time plus a tick (at
/// most 50 ms) and the kill.
///
/// # Example
/// ```
/// use gamecheck::stress::{run, Clock, Limits, Solution, Termination};
/// use std::time::Duration;
/// let limits = Limits { timeout: Duration::from_secs(5), max_output_bytes: 1 << 20, memory: None };
/// let out = run(&Solution::parse("cat").unwrap(), b"1\n1 0 1 1\n", &limits).unwrap();
/// assert_eq!((out.termination, out.stdout), (Termination::Exited(0), b"1\n1 0 1 1\n".to_vec()));
/// // `sleep` uses no CPU: the wall-clock limit, three times the CPU limit, ends it.
/// let limits = Limits { timeout: Duration::from_millis(100), max_output_bytes: 1 << 20, memory: None };
/// let out = run(&Solution::parse("sleep 10").unwrap(), b"", &limits).unwrap();
/// assert_eq!(out.termination, Termination::TimedOut(Clock::Wall));
/// assert!(out.elapsed >= Duration::from_millis(300));
/// ```
pub fn run(solution: &Solution, input: &[u8], limits: &Limits) -> Result<RunOutcome, StressError> {
    run_reaping(solution, input, limits, false)
}

/// [`run`], and when `reap`, kills every process reparented to this one (a subreaper)
/// once the run's group is dead: descendants that left the group with `setsid()`.
/// Starts `solution` under `limits` with its three streams piped, in its own process
/// group, with the judge's signal state; returns it and the instant it started. One
/// start for a batch run and an interactive session alike.
///
/// # Errors
/// [`StressError::Spawn`] when the program cannot be started.
pub(super) fn spawn_piped(
    solution: &Solution,
    limits: &Limits,
) -> Result<(std::process::Child, Instant), StressError> {
    let mut cmd = Command::new(&solution.program);
    cmd.args(&solution.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    configure(&mut cmd, limits);
    let start = Instant::now();
    let child = super::reaper::spawn(&mut cmd).map_err(|source| StressError::Spawn {
        command: solution.display(),
        source,
    })?;
    Ok((child, start))
}

pub(crate) fn run_reaping(
    solution: &Solution,
    input: &[u8],
    limits: &Limits,
    reap: bool,
) -> Result<RunOutcome, StressError> {
    let (mut child, start) = spawn_piped(solution, limits)?;
    let pid = child.id() as i32;
    let mut stdin = Writer {
        fd: child.stdin.take().map(OwnedFd::from),
        data: input,
    };
    if let Some(fd) = &stdin.fd {
        set_nonblocking(fd.as_raw_fd());
    }
    let mut stdout = Reader::new(child.stdout.take().map(OwnedFd::from), limits.max_output_bytes);
    let mut stderr = Reader::new(child.stderr.take().map(OwnedFd::from), STDERR_KEPT);
    let exit_fd = pidfd(pid);
    // SAFETY: sysconf has no memory effects.
    let ticks_per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let tick = (limits.timeout / 10).clamp(Duration::from_millis(2), Duration::from_millis(50));
    let wall = limits.timeout.saturating_mul(WALL_FACTOR);
    let mut cpu_seen = Duration::ZERO;
    let mut next_look = start;
    // Wall-clock time during which no process of the tree ran or waited for a core: a
    // loaded machine that keeps a running solution from its core never adds to it.
    let (mut idle, mut last_look) = (Duration::ZERO, start);
    let ended: Option<Clock> = loop {
        stdin.write_available();
        let overflow = stdout.read_available(true);
        stderr.read_available(false);
        if overflow {
            break None;
        }
        if has_exited(pid) {
            break None;
        }
        let now = Instant::now();
        if now >= next_look {
            next_look = now + tick;
            let look = look_at_tree(pid, ticks_per_second);
            cpu_seen = cpu_seen.max(look.cpu);
            if cpu_seen > limits.timeout {
                break Some(Clock::Cpu);
            }
            if !look.running {
                idle += now - last_look;
            }
            last_look = now;
            // The leader may have exited since it was last asked: a zombie is not running.
            if idle >= wall && !has_exited(pid) {
                break Some(Clock::Wall);
            }
        }
        let mut fds = Vec::with_capacity(4);
        for (fd, events) in [
            (stdin.fd.as_ref(), libc::POLLOUT),
            (stdout.fd.as_ref(), libc::POLLIN),
            (stderr.fd.as_ref(), libc::POLLIN),
            (exit_fd.as_ref(), libc::POLLIN),
        ] {
            if let Some(fd) = fd {
                fds.push(pollfd(fd.as_raw_fd(), events));
            }
        }
        poll(&mut fds, next_look.saturating_duration_since(Instant::now()));
    };
    kill_group(pid);
    drop(stdin);
    let (status, reaped_cpu, peak) = reap_leader(pid);
    drop(child);
    super::reaper::finished(pid as u32);
    let elapsed = start.elapsed();
    let cpu = cpu_seen.max(reaped_cpu);
    // A descendant that left the group may hold the pipes open: once it is reparented
    // here, it is killed and the pipes close.
    let grace = Instant::now() + DRAIN_GRACE;
    loop {
        stdout.read_available(true);
        stderr.read_available(false);
        if reap {
            super::reaper::kill_orphans();
        }
        let now = Instant::now();
        if (stdout.fd.is_none() && stderr.fd.is_none()) || now >= grace {
            break;
        }
        let mut fds: Vec<libc::pollfd> = [stdout.fd.as_ref(), stderr.fd.as_ref()]
            .into_iter()
            .flatten()
            .map(|fd| pollfd(fd.as_raw_fd(), libc::POLLIN))
            .collect();
        let step = if reap {
            Duration::from_millis(10)
        } else {
            grace - now
        };
        poll(&mut fds, step.min(grace - now));
    }
    if reap {
        super::reaper::kill_orphans();
    }
    let termination = match ended {
        Some(clock) => Termination::TimedOut(clock),
        // The program may exit before its last output is read: the cap is looked at last.
        None if stdout.total > stdout.cap => Termination::OutputLimit,
        None if cpu > limits.timeout => Termination::TimedOut(Clock::Cpu),
        None => match status {
            Some(s) if libc::WIFEXITED(s) => Termination::Exited(libc::WEXITSTATUS(s)),
            Some(s) if libc::WIFSIGNALED(s) => Termination::Signaled(libc::WTERMSIG(s)),
            _ => Termination::Exited(-1),
        },
    };
    let termination = out_of_memory(termination, limits.memory, peak, &stderr.kept);
    Ok(RunOutcome {
        termination,
        stdout: stdout.kept,
        stderr: stderr.kept,
        elapsed,
        cpu,
    })
}
