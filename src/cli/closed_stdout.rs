//! Whether the process was started with stdout closed (`gamecheck … >&-`).
//!
//! Rust's runtime reopens a closed descriptor 0, 1 or 2 on `/dev/null`, read-write,
//! before `main`, so the output would be lost with exit code 0. Once that is done a closed
//! stdout and a `/dev/null` opened read-write on purpose (Python's `subprocess.DEVNULL`,
//! `1<> /dev/null`) cannot be told apart, so descriptor 1 is looked at before the runtime
//! starts: from a function in `.init_array`, which the C library runs before `main`.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set before `main` when descriptor 1 was not open.
static CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

#[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;

#[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
extern "C" fn look_at_stdout() {
    // SAFETY: F_GETFL only reads the flags of descriptor 1, open or not; no Rust runtime
    // state is touched before `main`.
    let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
    if flags < 0 {
        CLOSED_AT_START.store(true, Ordering::Relaxed);
    }
}

/// Returns whether descriptor 1 was closed when the process started (where that can be
/// known: on Linux and FreeBSD; elsewhere it is taken as open).
pub fn stdout_is_closed() -> bool {
    // The static is read here, so the object holding the constructor is always linked.
    // SAFETY: F_GETFL only reads the flags of descriptor 1.
    CLOSED_AT_START.load(Ordering::Relaxed) || unsafe { libc::fcntl(1, libc::F_GETFL) } < 0
}
