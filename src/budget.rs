//! The time and memory a search that a user's question starts may spend: the period of a
//! heap game's nim-sequence, a claim's least counterexample. A search checks its
//! [`Meter`] as it goes and stops with [`Exhausted`], which names the budget and the flag
//! that raises it, rather than running on or being killed by the system.
//!
//! Time is the process's CPU time, as judges limit a program's: a search stops at the
//! same point on an idle machine and on one whose cores are shared.

use std::time::{Duration, Instant};

use thiserror::Error;

use crate::problem::GameError;
use crate::problem::{Flag, Flags};

/// The default time budget in seconds: a proof the published tables report for 0.354
/// (preperiod 10,061,916) fits, and a question about an open game ends.
pub const DEFAULT_SECONDS: u64 = 600;

/// The default memory budget in MiB: a third of this 24 GiB machine, so that two searches
/// and the build beside them fit.
pub const DEFAULT_MIB: u64 = 8192;

/// Returns `bytes` in MiB, rounded up, or in bytes below one MiB.
fn mib(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{bytes} bytes")
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}

/// How long and how much memory a search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// CPU time of the process (every thread), from the search's start.
    pub time: Duration,
    /// Bytes of memory the search's own tables may hold.
    pub memory: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            time: Duration::from_secs(DEFAULT_SECONDS),
            memory: DEFAULT_MIB << 20,
        }
    }
}

/// Which budget stopped a search, and how far it got.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum Exhausted {
    /// The time budget ran out.
    #[error("the time budget of {} ran out (raise --time-budget)", crate::units::cpu_seconds(.limit.as_secs_f64()))]
    Time {
        /// The budget.
        limit: Duration,
    },
    /// The search would hold more memory than the budget.
    #[error("the memory budget of {} would be exceeded: {} needed (raise --memory-budget)", mib(*.limit), mib(*.needed))]
    Memory {
        /// The budget, in bytes.
        limit: u64,
        /// The bytes the next step would hold.
        needed: u64,
    },
}

impl Budget {
    /// Returns the budget flags every searching game adds: `--time-budget` (CPU seconds,
    /// default [`DEFAULT_SECONDS`]) and `--memory-budget` (MiB, default [`DEFAULT_MIB`]).
    /// Optional text, so that a command line that leaves them out (a `repro` line) does
    /// not spell the defaults.
    pub fn flags() -> [Flag; 2] {
        [
            Flag::text(
                "time-budget",
                "The CPU seconds a search (a period, a proof) may take before it stops and says so; default 600.",
            )
            .value_name("SECONDS"),
            Flag::text(
                "memory-budget",
                "The MiB of tables a search may hold before it stops and says so; default 8192.",
            )
            .value_name("MIB"),
        ]
    }

    /// Returns the budget `flags` name, the defaults for those left out.
    ///
    /// # Errors
    /// A flag of [`Budget::flags`] missing from `flags`, or a value that is not a whole
    /// number from 1 to 2^44.
    pub fn from_flags(flags: &Flags) -> Result<Budget, GameError> {
        let number = |long: &'static str, default: u64| -> Result<u64, GameError> {
            let Some(text) = flags.text(long)? else {
                return Ok(default);
            };
            text.trim()
                .replace('_', "")
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=1 << 44).contains(n))
                .ok_or_else(|| GameError::Invalid {
                    flag: long,
                    why: format!("`{text}` is not a whole number from 1 to {}", 1u64 << 44),
                })
        };
        Ok(Budget {
            time: Duration::from_secs(number("time-budget", DEFAULT_SECONDS)?),
            memory: number("memory-budget", DEFAULT_MIB)? << 20,
        })
    }

    /// Returns a meter started now.
    pub fn start(&self) -> Meter {
        Meter {
            budget: *self,
            start: Instant::now(),
            cpu: cpu_time(),
        }
    }
}

/// Returns the CPU time the process has used (wall-clock time where the platform has no
/// such clock).
fn cpu_time() -> Duration {
    #[cfg(unix)]
    if let Some(t) = clock(libc::CLOCK_PROCESS_CPUTIME_ID) {
        return t;
    }
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    EPOCH.get_or_init(Instant::now).elapsed()
}

/// Returns the CPU time the calling thread has used (the process's where the platform
/// has no thread clock): a limit on one question that other threads' work, or a loaded
/// machine, does not spend.
#[allow(dead_code)] // a per-thread clock for budgets that other threads must not spend
pub(crate) fn thread_cpu_time() -> Duration {
    #[cfg(unix)]
    if let Some(t) = clock(libc::CLOCK_THREAD_CPUTIME_ID) {
        return t;
    }
    cpu_time()
}

/// Returns the time of the clock `id`, if the platform has it.
#[cfg(unix)]
fn clock(id: libc::clockid_t) -> Option<Duration> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to write.
    (unsafe { libc::clock_gettime(id, &mut t) } == 0)
        .then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
}

/// How many times a CPU-time budget that runs programs is its wall-clock safety net: a
/// budget is spent in CPU seconds, so that a loaded machine does not cut a search short,
/// and only programs that sleep or wait meet the wall clock, this many times later.
pub const WALL_SAFETY_FACTOR: u32 = 10;

/// A budget being spent: the time since the search started, the memory it reports.
#[derive(Clone, Copy, Debug)]
pub struct Meter {
    budget: Budget,
    start: Instant,
    /// The process's CPU time at the start.
    cpu: Duration,
}

impl Meter {
    /// Returns `Ok` while the time is within the budget and `memory` bytes are too.
    ///
    /// # Errors
    /// The budget that is exceeded, time first.
    ///
    /// # Example
    /// ```
    /// use std::time::Duration;
    /// use gamecheck::budget::{Budget, Exhausted};
    /// let meter = Budget { time: Duration::from_secs(60), memory: 1 << 20 }.start();
    /// assert_eq!(meter.check(1000), Ok(()));
    /// assert!(matches!(meter.check(2 << 20), Err(Exhausted::Memory { .. })));
    /// let spent = Budget { time: Duration::ZERO, memory: 1 << 20 }.start();
    /// assert!(matches!(spent.check(0), Err(Exhausted::Time { .. })));
    /// ```
    pub fn check(&self, memory: u64) -> Result<(), Exhausted> {
        if self.cpu_spent() >= self.budget.time {
            return Err(Exhausted::Time {
                limit: self.budget.time,
            });
        }
        if memory > self.budget.memory {
            return Err(Exhausted::Memory {
                limit: self.budget.memory,
                needed: memory,
            });
        }
        Ok(())
    }

    /// Returns the budget.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Returns the wall-clock time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Returns the CPU time the process spent since the start.
    pub fn cpu_spent(&self) -> Duration {
        cpu_time().saturating_sub(self.cpu)
    }
}
