//! The memory a run of `--max-heap N` heaps will hold, said before it starts: one byte a
//! value while the values stay below 256, two once one passes 255. A run whose values
//! cannot fit the memory budget or this machine, even at one byte a value, is refused
//! at once with the figure.

use crate::budget::Budget;

/// Runs at least this large say their memory before they start; smaller ones say nothing.
pub const SAID_FROM: u64 = 64 << 20;

/// Returns `bytes` in GiB with two decimals, or MiB below one GiB.
pub fn shown(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.2} GiB", bytes as f64 / f64::from(1u32 << 30))
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}

/// Returns the bytes of this machine's memory, when the platform says.
pub fn physical() -> Option<u64> {
    #[cfg(unix)]
    {
        // SAFETY: sysconf reads a constant of the system and writes nothing.
        let (pages, size) = unsafe {
            (
                libc::sysconf(libc::_SC_PHYS_PAGES),
                libc::sysconf(libc::_SC_PAGESIZE),
            )
        };
        if pages > 0 && size > 0 {
            return Some(pages as u64 * size as u64);
        }
    }
    None
}

/// What a run of `heaps` heaps will hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The heaps.
    pub heaps: u64,
    /// The bytes of their values at one byte a value.
    pub narrow: u64,
    /// The bytes at two bytes a value, once a value passes 255.
    pub wide: u64,
}

/// Returns what a run of `heaps` heaps will hold.
///
/// # Example
/// ```
/// use gamecheck::octal::memory::plan;
/// let p = plan(5_000_000_000);
/// assert_eq!((p.narrow, p.wide), (5_000_000_000, 10_000_000_000));
/// ```
pub fn plan(heaps: u64) -> Plan {
    Plan {
        heaps,
        narrow: heaps,
        wide: heaps.saturating_mul(2),
    }
}

impl Plan {
    /// Returns `Ok` when the run fits the memory budget and this machine at one byte a
    /// value, else why not, with the figures.
    ///
    /// # Errors
    /// The values at one byte each exceed `budget`'s memory or this machine's memory.
    ///
    /// # Example
    /// ```
    /// use gamecheck::{budget::Budget, octal::memory::plan};
    /// let budget = Budget { memory: 8192 << 20, ..Budget::default() };
    /// assert!(plan(5_000_000_000).fits(&budget).is_ok());
    /// assert!(plan(9_000_000_000).fits(&budget).unwrap_err().contains("8.38 GiB"));
    /// ```
    pub fn fits(&self, budget: &Budget) -> Result<(), String> {
        if self.narrow > budget.memory {
            return Err(format!(
                "{} heaps need {} of values at one byte a value, over the memory budget of {} (raise --memory-budget)",
                self.heaps,
                shown(self.narrow),
                shown(budget.memory)
            ));
        }
        if let Some(machine) = physical()
            && self.narrow > machine
        {
            return Err(format!(
                "{} heaps need {} of values at one byte a value, over this machine's {} of memory",
                self.heaps,
                shown(self.narrow),
                shown(machine)
            ));
        }
        Ok(())
    }

    /// Returns the line that says what the run will hold.
    pub fn said(&self, budget: &Budget) -> String {
        format!(
            "memory: {} heaps hold {} of values at one byte a value ({} at two, once a value passes 255); memory budget {}",
            self.heaps,
            shown(self.narrow),
            shown(self.wide),
            shown(budget.memory)
        )
    }
}
