//! One memoized [`Search`] per thread: the parallel `solve` answers cases on every
//! core, and a search shared behind one lock would let one core run at a time.

use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use super::Game;
use super::search::{SEARCH_BUDGET, Search};

/// A search for the calling thread: one per thread of rayon's pool, and one for every
/// other thread, made at first use.
pub(crate) struct Searches<G: Game> {
    game: Arc<G>,
    slots: Vec<OnceLock<Mutex<Search<G>>>>,
}

impl<G: Game> Searches<G> {
    pub(crate) fn new(game: Arc<G>) -> Searches<G> {
        let slots = (0..=rayon::current_num_threads())
            .map(|_| OnceLock::new())
            .collect();
        Searches { game, slots }
    }

    /// Drops what the calling thread's search memoized; the other threads' searches keep
    /// theirs.
    pub(crate) fn forget(&self) {
        *self.lock() = Search::new(Arc::clone(&self.game), SEARCH_BUDGET);
    }

    /// Returns the calling thread's search, locked: a rayon worker's own, or the one of
    /// the threads outside the pool.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Search<G>> {
        let i = rayon::current_thread_index().map_or(0, |i| i + 1) % self.slots.len();
        let slot =
            self.slots[i].get_or_init(|| Mutex::new(Search::new(Arc::clone(&self.game), SEARCH_BUDGET)));
        slot.lock().unwrap_or_else(|e| e.into_inner())
    }
}
