//! Keeping every process a solution starts within reach: the running solutions' process
//! groups are registered, this process becomes a child subreaper (Linux), so descendants
//! that leave the group with `setsid()` are reparented here when their parent dies, and
//! are killed; and SIGINT, SIGTERM and SIGHUP kill everything before the process exits.
//!
//! What remains out of reach: a descendant whose parent is still alive and outside the
//! group (the parent itself left with `setsid()` and keeps running until the run ends —
//! it is killed then, and its children after it), one that asked another process to start
//! it (a daemon, `at`, `systemd-run`, ssh), one that changed to a user we may not signal,
//! and anything on systems without subreapers (off Linux), where orphans go to init.

use std::process::{Child, Command};
use std::sync::Mutex;
use std::time::Duration;

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

/// Returns the pids of this process's children, from /proc.
#[cfg(target_os = "linux")]
fn children() -> Vec<i32> {
    let me = std::process::id() as i32;
    let mut out = Vec::new();
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

fn kill_and_reap(pids: &[i32]) {
    for &pid in pids {
        // SAFETY: `pid` is our unreaped child, so neither it nor its group id can name
        // another process; kill and waitpid have no memory effects.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
        }
    }
    for &pid in pids {
        // SAFETY: waits only for this pid, never for a run's leader (std reaps those).
        unsafe {
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
    }
}

/// Kills (and reaps) every child of this process that is not a running solution: the
/// descendants of finished runs reparented here. Returns how many there were.
///
/// Only for a process whose every child is a solution run (the `gamecheck` binary).
pub(crate) fn kill_orphans() -> usize {
    let orphans: Vec<i32> = {
        let registry = registry();
        let orphans: Vec<i32> = children()
            .into_iter()
            .filter(|pid| !registry.leaders.contains(pid))
            .collect();
        // Killed while the registry is held, so no run starts in between and is taken
        // for an orphan.
        for &pid in &orphans {
            // SAFETY: as in kill_and_reap.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
                libc::kill(pid, libc::SIGKILL);
            }
        }
        orphans
    };
    kill_and_reap(&orphans);
    orphans.len()
}

/// Kills every running solution and everything they started, then exits with 128 + the
/// signal: what SIGINT, SIGTERM and SIGHUP do once [`handle_signals`] ran.
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
    // Descendants that left the groups come back to us as their parents die.
    for _ in 0..100 {
        let left = children();
        if left.is_empty() {
            break;
        }
        kill_and_reap(&left);
        std::thread::sleep(Duration::from_millis(5));
    }
    let name = match signal {
        libc::SIGINT => "SIGINT",
        libc::SIGTERM => "SIGTERM",
        _ => "SIGHUP",
    };
    crate::shown::note(&format!(
        "{} stress: {name}: killed {} running solution(s) and their processes",
        crate::program::name(),
        leaders.len()
    ));
    std::process::exit(128 + signal)
}

/// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (and so in every thread it
/// starts afterwards) and starts a thread that, on one of them, kills every running
/// solution's process group and every process reparented here, then exits with
/// 128 + the signal. Call it first in `main`, before any other thread starts.
///
/// Solutions start with an empty signal mask (std resets it in the child).
pub fn handle_signals() -> std::io::Result<()> {
    // SAFETY: sigset operations write only into the set we own; pthread_sigmask
    // changes this thread's mask.
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
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
