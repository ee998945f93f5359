//! Ctrl-C (SIGINT) during a checkpointed run: the first asks the run to stop at its next
//! step, keeping its checkpoint; a second, or one while no run listens, ends the process
//! as usual. The handler only stores to an atomic and, the second time, restores the
//! default action and raises the signal again: both are async-signal-safe.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Set by the handler: the runs listening stop at their next step.
static ASKED: AtomicBool = AtomicBool::new(false);
/// The runs listening now.
static LISTENING: AtomicUsize = AtomicUsize::new(0);

#[cfg(unix)]
extern "C" fn on_sigint(_: libc::c_int) {
    if LISTENING.load(Ordering::SeqCst) == 0 || ASKED.swap(true, Ordering::SeqCst) {
        // SAFETY: signal and raise are async-signal-safe.
        unsafe {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::raise(libc::SIGINT);
        }
    }
}

/// While alive, SIGINT asks the run to stop rather than ending the process.
pub(crate) struct Listening {
    #[cfg(unix)]
    previous: libc::sighandler_t,
}

impl Listening {
    /// Starts listening for SIGINT.
    pub(crate) fn start() -> Listening {
        ASKED.store(false, Ordering::SeqCst);
        LISTENING.fetch_add(1, Ordering::SeqCst);
        #[cfg(unix)]
        {
            let handler = on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t;
            // SAFETY: the handler is async-signal-safe (above); the previous one is put
            // back when listening ends.
            let previous = unsafe { libc::signal(libc::SIGINT, handler) };
            Listening { previous }
        }
        #[cfg(not(unix))]
        Listening {}
    }

    /// Returns whether SIGINT arrived since listening started.
    pub(crate) fn asked(&self) -> bool {
        ASKED.load(Ordering::SeqCst)
    }
}

impl Drop for Listening {
    fn drop(&mut self) {
        if LISTENING.fetch_sub(1, Ordering::SeqCst) == 1 {
            #[cfg(unix)]
            // SAFETY: puts back the handler that was there before.
            unsafe {
                libc::signal(libc::SIGINT, self.previous);
            }
        }
    }
}
