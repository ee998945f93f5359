//! What a long run does between its steps: reports where it stands (heaps a second, the
//! largest value, the rare heaps), keeps its checkpoint (`--checkpoint PATH`) every
//! minute or so, and stops cleanly on Ctrl-C with the checkpoint written.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::interrupt::Listening;
use super::sparse_space::SparseSpace;
use crate::progress::{RunStatus, status};

/// The least wall time between two checkpoints; a checkpoint that takes long to write
/// waits twenty times its own time, so writing costs at most a twentieth of the run.
const EVERY: Duration = Duration::from_secs(60);

/// The most heaps one step computes while a checkpoint is kept: Ctrl-C is seen between
/// steps, within seconds even on Grundy's game at 10 µs a heap.
pub(crate) const CHECKPOINTED_STEP: usize = 1 << 20;

/// The checkpoint, the status and Ctrl-C of one run.
#[derive(Debug)]
pub(crate) struct Keeper {
    path: Option<PathBuf>,
    started: Instant,
    heaps_at_start: usize,
    last_save: Instant,
    save_cost: Duration,
    /// The heaps of the last checkpoint written.
    saved: usize,
    /// Ctrl-C stopped the run: every later stretch (the next question of a `solve`)
    /// stops at once rather than computing on.
    interrupted: bool,
    /// Tests: raise SIGINT once this many heaps are computed.
    #[cfg(test)]
    pub(crate) interrupt_at: Option<usize>,
}

impl Keeper {
    /// Returns the keeper of a run checkpointed in `path` (`None`: none).
    pub(crate) fn new(path: Option<PathBuf>) -> Keeper {
        Keeper {
            path,
            started: Instant::now(),
            heaps_at_start: 0,
            last_save: Instant::now(),
            save_cost: Duration::ZERO,
            saved: 0,
            interrupted: false,
            #[cfg(test)]
            interrupt_at: None,
        }
    }

    /// Notes that the checkpoint holds `heaps` heaps already (a resumed run).
    pub(crate) fn resumed(&mut self, heaps: usize) {
        self.saved = heaps;
    }

    /// Returns the heaps of the last checkpoint written or read.
    pub(crate) fn saved(&self) -> usize {
        self.saved
    }

    /// Returns the most heaps a step may add: fewer while a checkpoint is kept.
    pub(crate) fn step_cap(&self) -> usize {
        if self.path.is_some() {
            CHECKPOINTED_STEP
        } else {
            usize::MAX
        }
    }

    /// Starts a stretch of the run at `solver`'s heaps: returns the Ctrl-C listener
    /// (when a checkpoint is kept) to hold while it lasts.
    pub(crate) fn start(&mut self, solver: &SparseSpace) -> Option<Listening> {
        self.started = Instant::now();
        self.heaps_at_start = solver.len();
        self.path.as_ref().map(|_| Listening::start())
    }

    /// After a step: reports the status, writes the checkpoint when due, and on Ctrl-C
    /// writes it and returns why the run stops.
    ///
    /// # Errors
    /// Ctrl-C arrived (the checkpoint is written), or the checkpoint could not be.
    pub(crate) fn step(&mut self, solver: &SparseSpace, listening: Option<&Listening>) -> Result<(), String> {
        let seconds = self.started.elapsed().as_secs_f64();
        status(Some(&RunStatus {
            label: format!("octal {}", solver.code()),
            heaps: solver.len() as u64,
            per_second: (solver.len() - self.heaps_at_start.min(solver.len())) as f64 / seconds.max(1e-9),
            largest: u64::from(solver.largest_value()),
            rare: solver.rare_heaps().len() as u64,
        }));
        #[cfg(all(test, unix))]
        if listening.is_some() && self.interrupt_at.is_some_and(|n| solver.len() >= n) {
            self.interrupt_at = None;
            // SAFETY: the handler Listening installed runs in this thread and only stores.
            unsafe {
                libc::raise(libc::SIGINT);
            }
        }
        let asked = self.interrupted || listening.is_some_and(Listening::asked);
        let due = self.last_save.elapsed() >= EVERY.max(self.save_cost * 20);
        if asked || due {
            self.save(solver)?;
        }
        if asked {
            self.interrupted = true;
            let path = self
                .path
                .as_deref()
                .map_or_else(String::new, |p| p.display().to_string());
            return Err(format!(
                "interrupted (Ctrl-C) at {} heaps; the checkpoint {path} keeps them, and the same command resumes from it",
                solver.len()
            ));
        }
        Ok(())
    }

    /// Writes the checkpoint now, if one is kept and the heaps grew since the last.
    ///
    /// # Errors
    /// The file could not be written.
    pub(crate) fn save(&mut self, solver: &SparseSpace) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        if solver.len() == self.saved {
            return Ok(());
        }
        let t = Instant::now();
        solver
            .save_checkpoint(path)
            .map_err(|e| format!("the checkpoint {} could not be written: {e}", path.display()))?;
        self.save_cost = t.elapsed();
        self.last_save = Instant::now();
        self.saved = solver.len();
        Ok(())
    }

    /// The run ended: the status is cleared.
    pub(crate) fn end(&self) {
        status(None);
    }
}

#[cfg(test)]
mod tests {
    use crate::octal::Octal;
    use gamecheck_oracles::octal_mex::TakeAndBreak;

    /// A run stopped by a real SIGINT and resumed from its checkpoint ends with the values
    /// of a run never stopped, and agrees with the plain mex where that is computed.
    #[test]
    fn a_run_stopped_by_sigint_resumes_to_the_values_of_an_uninterrupted_run() {
        // 0.6 (Officers) through the period search (no period known), Grundy's game through the
        // values alone (no theorem).
        for (code, heaps) in [("0.6", 300_000usize), ("grundy", 100_000)] {
            let dir =
                std::env::temp_dir().join(format!("gamecheck-checkpoint-{}-{code}", std::process::id()));
            let path = dir.join("run.checkpoint");
            let game = |code: &str| {
                Octal::with_reach(
                    code.parse().unwrap_or_else(|e| panic!("{code}: {e}")),
                    Some(heaps as u64),
                )
                .with_cache_dir(None)
            };
            let whole = game(code);
            let stopped = game(code)
                .with_checkpoint(path.clone())
                .unwrap_or_else(|e| panic!("{code}: {e}"));
            stopped.interrupt_at(heaps / 2);
            let t = stopped.table();
            let why = t
                .search()
                .and_then(|r| r.stopped_by.clone())
                .or_else(|| t.stopped_by().map(str::to_owned))
                .unwrap_or_default();
            assert!(why.contains("interrupted (Ctrl-C)"), "{code}: {why}");
            assert!(t.len() >= heaps / 2 && t.len() < heaps, "{code}: {}", t.len());
            let resumed = game(code)
                .with_checkpoint(path.clone())
                .unwrap_or_else(|e| panic!("{code}: {e}"));
            // The checkpoint holds what the stopped run computed, no more.
            assert_eq!(resumed.computed(), t.len(), "{code}");
            let (a, b) = (whole.table(), resumed.table());
            assert_eq!((a.len(), b.len()), (heaps, heaps), "{code}");
            assert!((0..heaps as u64).all(|n| a.value(n) == b.value(n)), "{code}");
            let plain = TakeAndBreak::parse(code)
                .map(|t| t.nim_values(2000))
                .unwrap_or_default();
            assert!((0..2000).all(|n| b.value(n as u64) == Ok(plain[n])), "{code}");
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
