//! One memoized [`Search`] per thread: the parallel `solve` answers cases on every
//! core, and a search shared behind one lock would let one core run at a time.

use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use super::Game;
use super::search::{SEARCH_BUDGET, SEARCH_WORK, Search};

/// A search for the calling thread: one per thread of rayon's pool, and one for every
/// other thread, made at first use.
pub(crate) struct Searches<G: Game> {
    game: Arc<G>,
    slots: Vec<OnceLock<Mutex<Search<G>>>>,
    /// The positions and the work each question of a search may cost.
    budget: (usize, u64),
}

impl<G: Game> Searches<G> {
    pub(crate) fn new(game: Arc<G>) -> Searches<G> {
        Searches::with_budget(game, SEARCH_BUDGET, SEARCH_WORK)
    }

    /// Returns the searches whose questions each hold at most `positions` and cost at
    /// most `work`.
    pub(crate) fn with_budget(game: Arc<G>, positions: usize, work: u64) -> Searches<G> {
        let slots = (0..=rayon::current_num_threads())
            .map(|_| OnceLock::new())
            .collect();
        Searches {
            game,
            slots,
            budget: (positions, work),
        }
    }

    /// Drops what the calling thread's search memoized; the other threads' searches keep
    /// theirs.
    pub(crate) fn forget(&self) {
        *self.lock() = Search::with_work(Arc::clone(&self.game), self.budget.0, self.budget.1);
    }

    /// Returns the calling thread's search, locked: a rayon worker's own, or the one of
    /// the threads outside the pool.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Search<G>> {
        let i = rayon::current_thread_index().map_or(0, |i| i + 1) % self.slots.len();
        let (positions, work) = self.budget;
        let slot = self.slots[i]
            .get_or_init(|| Mutex::new(Search::with_work(Arc::clone(&self.game), positions, work)));
        slot.lock().unwrap_or_else(|e| e.into_inner())
    }
}
