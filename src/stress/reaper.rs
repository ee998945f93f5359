//! Keeping every process a solution starts within reach: the running solutions' process
//! groups are registered, this process becomes a child subreaper (Linux), so descendants
//! that leave the group with `setsid()` are reparented here when their parent dies; after
//! each run every such child is killed and reaped, and the look repeated until none is
//! left (a chain of `setsid()` processes comes back one link per kill, and a process that
//! forks and exits in a loop is caught between its fork and its exit), and once more
//! before `stress` returns, until `waitpid` finds no child at all. Every catchable
//! terminating signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXCPU, SIGALRM, SIGUSR1, …)
//! kills everything before the process exits.
//!
//! What remains out of reach: a descendant whose parent is still alive and outside the
//! group (the parent itself left with `setsid()` and keeps running until the run ends —
//! it is killed then, and its children after it), one that asked another process to start
//! it (a daemon, `at`, `systemd-run`, ssh), one that changed to a user we may not signal,
//! everything but the leaders when this process is killed with SIGKILL (each leader has
//! `PR_SET_PDEATHSIG`), and anything on systems without subreapers (off Linux), where
//! orphans go to init.

use std::process::{Child, Command};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The running solutions' leaders (each leads its own process group).
struct Registry {
    leaders: Vec<i32>,
    /// A signal arrived: no new run starts.
    stopping: bool,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    leaders: Vec::new(),
    stopping: false,
});

/// What a stop says before the exit, set by the run that saves its failures
/// ([`on_stop`]): the reaper knows nothing of what is saved.
static ON_STOP: std::sync::OnceLock<fn() -> Option<String>> = std::sync::OnceLock::new();

/// Sets what a stop runs before the exit: `hook` stops every later write and returns what
/// to say about what was saved, if anything was. The first hook set stays.
pub(crate) fn on_stop(hook: fn() -> Option<String>) {
    let _ = ON_STOP.set(hook);
}

fn registry() -> std::sync::MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|p| p.into_inner())
}

/// Starts `cmd` and registers it, atomically with respect to the signal handler and to
/// [`kill_orphans`], so no child is ever unaccounted for.
pub(crate) fn spawn(cmd: &mut Command) -> std::io::Result<Child> {
    let mut registry = registry();
    if registry.stopping {
        drop(registry);
        park_if_stopping();
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "stress is stopping",
        ));
    }
    let child = cmd.spawn()?;
    registry.leaders.push(child.id() as i32);
    Ok(child)
}

/// Never returns once a signal is being handled: the signal thread kills everything
/// and exits with the signal's code, which no other ending may pre-empt.
pub(crate) fn park_if_stopping() {
    if registry().stopping {
        loop {
            std::thread::park();
        }
    }
}

/// Returns whether a signal is being handled.
pub(crate) fn stopping() -> bool {
    registry().stopping
}

/// Forgets a leader that was reaped.
pub(crate) fn finished(pid: u32) {
    registry().leaders.retain(|&p| p != pid as i32);
}

/// Makes this process a child subreaper, so orphaned descendants of a solution become
/// its children. Returns whether that is in effect.
pub(crate) fn become_subreaper() -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER only sets a flag of this process.
        unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 }
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// Returns the pids of this process's children (zombies included): from
/// `/proc/self/task/*/children`, a few small files, when the kernel provides them, else
/// from every `/proc/<pid>/stat`.
#[cfg(target_os = "linux")]
fn children() -> Vec<i32> {
    let mut out = Vec::new();
    let mut listed = false;
    for task in std::fs::read_dir("/proc/self/task")
        .into_iter()
        .flatten()
        .flatten()
    {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            listed = true;
            out.extend(
                text.split_ascii_whitespace()
                    .filter_map(|p| p.parse::<i32>().ok()),
            );
        }
    }
    if listed {
        return out;
    }
    let me = std::process::id() as i32;
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state ppid …`; comm may hold spaces and parentheses.
        let ppid = stat
            .rfind(')')
            .and_then(|i| stat[i + 1..].split_whitespace().nth(1))
            .and_then(|p| p.parse::<i32>().ok());
        if ppid == Some(me) {
            out.push(pid);
        }
    }
    out
}

#[cfg(not(target_os = "linux"))]
fn children() -> Vec<i32> {
    Vec::new()
}

/// How long one sweep may chase processes that keep forking away before it gives up
/// (they are chased again after the next run and before exit).
const SWEEP_TIME: Duration = Duration::from_secs(5);

/// Kills every child of this process but `spare`, with its process group, and reaps it,
/// then looks again, until a look finds none: each kill reparents the killed process's
/// children here (a subreaper), and a process that forks and exits in a loop is caught
/// once a kill lands between its fork and its exit, or its child is still in its group.
/// Children that may not be signalled (another user's) are left and not waited for.
/// Returns how many were killed.
///
/// The caller holds the registry, so no run starts or is reaped meanwhile and every pid
/// seen stays ours until we reap it.
fn sweep(spare: &[i32]) -> usize {
    let deadline = Instant::now() + SWEEP_TIME;
    let mut unsignalled: Vec<i32> = Vec::new();
    let mut killed = 0;
    loop {
        let found: Vec<i32> = children()
            .into_iter()
            .filter(|pid| !spare.contains(pid) && !unsignalled.contains(pid))
            .collect();
        if found.is_empty() || Instant::now() >= deadline {
            return killed;
        }
        for &pid in &found {
            // SAFETY: `pid` is our unreaped child, so neither it nor a process group of
            // that id can name another process; kill has no memory effects.
            let rc = unsafe {
                libc::kill(-pid, libc::SIGKILL);
                libc::kill(pid, libc::SIGKILL)
            };
            if rc != 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM) {
                unsignalled.push(pid);
            } else {
                killed += 1;
            }
        }
        for &pid in found.iter().filter(|p| !unsignalled.contains(p)) {
            reap(pid, deadline);
        }
    }
}

/// Waits (until `deadline`) for the killed child `pid` to die and reaps it; once reaped,
/// its own children are ours.
fn reap(pid: i32, deadline: Instant) {
    loop {
        // SAFETY: waits only for this pid, which the registry says is no run's leader.
        let rc = unsafe { libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG) };
        if rc != 0 || Instant::now() >= deadline {
            return;
        }
        std::thread::sleep(Duration::from_micros(50));
    }
}

/// Kills (and reaps) every child of this process that is not a running solution, and what
/// they leave behind, until none is left: the descendants of finished runs reparented
/// here. Returns how many there were.
///
/// Only for a process whose every child is a solution run (the `gamecheck` binary).
pub(crate) fn kill_orphans() -> usize {
    let registry = registry();
    sweep(&registry.leaders)
}

/// Kills and reaps every child of this process until `waitpid` says there is none
/// (`ECHILD`): what must hold before `stress` returns. Returns how many were killed.
///
/// Only once no run is going on, in a process whose every child is a solution run.
pub(crate) fn kill_every_child() -> usize {
    let _registry = registry();
    let deadline = Instant::now() + SWEEP_TIME;
    let mut killed = 0;
    loop {
        killed += sweep(&[]);
        // SAFETY: reaps any child; no run is going on, so no leader is waited for elsewhere.
        let rc = unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) };
        let no_child = rc == -1 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ECHILD);
        // rc == 0: a child the look missed (or one we may not signal) is alive.
        if no_child || Instant::now() >= deadline {
            return killed;
        }
        if rc == 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Returns the name of a signal [`handle_signals`] handles.
fn signal_name(signal: i32) -> String {
    let named = [
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGVTALRM, "SIGVTALRM"),
        (libc::SIGPROF, "SIGPROF"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
        (libc::SIGIO, "SIGIO"),
        #[cfg(target_os = "linux")]
        (libc::SIGPWR, "SIGPWR"),
        #[cfg(target_os = "linux")]
        (libc::SIGSTKFLT, "SIGSTKFLT"),
    ];
    match named.iter().find(|&&(s, _)| s == signal) {
        Some(&(_, name)) => name.to_owned(),
        #[cfg(target_os = "linux")]
        None if signal >= libc::SIGRTMIN() => format!("SIGRTMIN+{}", signal - libc::SIGRTMIN()),
        None => format!("signal {signal}"),
    }
}

/// The signals whose default action ends the process and that may be caught, except
/// SIGPIPE and those a fault raises (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS,
/// SIGABRT), which are left to their own handling. SIGPIPE is ignored (Rust's runtime sets
/// it so), so a reader that left shows up as a write error (exit 141), and no other process
/// can end this one with it.
fn terminating_signals() -> Vec<i32> {
    let mut signals = vec![
        libc::SIGHUP,
        libc::SIGINT,
        libc::SIGQUIT,
        libc::SIGTERM,
        libc::SIGUSR1,
        libc::SIGUSR2,
        libc::SIGALRM,
        libc::SIGVTALRM,
        libc::SIGPROF,
        libc::SIGXCPU,
        libc::SIGXFSZ,
        libc::SIGIO,
    ];
    #[cfg(target_os = "linux")]
    {
        signals.extend([libc::SIGPWR, libc::SIGSTKFLT]);
        // The real-time signals glibc leaves to programs (it keeps the first few).
        signals.extend(libc::SIGRTMIN()..=libc::SIGRTMAX());
    }
    signals
}

/// Kills every running solution and everything they started, then exits with 128 + the
/// signal: what every terminating signal does once [`handle_signals`] ran. A failure
/// already found stays written (the least failing input so far), and is named.
fn stop(signal: i32) -> ! {
    let leaders = {
        let mut registry = registry();
        registry.stopping = true;
        registry.leaders.clone()
    };
    for &pid in &leaders {
        // SAFETY: leaders are our children, not yet reaped by their run's thread while
        // they are registered.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    // Descendants that left the groups come back to us as their parents die. The run
    // threads no longer matter: reap everything.
    kill_every_child();
    let mut note = format!(
        "{} stress: {}: killed {} running solution(s) and their processes",
        crate::program::name(),
        signal_name(signal),
        leaders.len()
    );
    if let Some(saved) = ON_STOP.get().and_then(|hook| hook()) {
        note.push_str(&format!("\n{saved}"));
    }
    crate::shown::note(&note);
    std::process::exit(128 + signal)
}

/// Blocks every terminating signal but SIGPIPE and the fault signals (SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT, SIGXCPU, SIGALRM, SIGUSR1, SIGUSR2, … and the real-time signals) in
/// the calling thread (and so in every thread it starts afterwards), and starts a thread
/// that, on one of them, kills every running solution's process group and every process
/// reparented here, names the failure found so far, then exits with 128 + the signal.
/// Call it first in `main`, before any other thread starts.
///
/// Solutions start with an empty signal mask (std resets it in the child).
pub fn handle_signals() -> std::io::Result<()> {
    // SAFETY: sigset operations write only into the set we own; pthread_sigmask
    // changes this thread's mask.
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for signal in terminating_signals() {
            libc::sigaddset(&mut set, signal);
        }
        let rc = libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        if rc != 0 {
            return Err(std::io::Error::from_raw_os_error(rc));
        }
        set
    };
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            loop {
                let mut signal = 0;
                // SAFETY: sigwait reads the set and writes the signal number.
                if unsafe { libc::sigwait(&set, &mut signal) } == 0 {
                    stop(signal);
                }
            }
        })?;
    Ok(())
}
