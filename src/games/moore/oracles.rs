//! The game searches the Moore problems share, one memo per k.

use std::collections::HashMap;
use std::sync::Mutex;

use gamecheck_oracles::moore_game_search::GameSearch;

/// One memoized game search per k, shared by the properties of a run.
#[derive(Default)]
pub(crate) struct Searches(Mutex<HashMap<u32, GameSearch>>);

impl Searches {
    pub(crate) fn with<R>(&self, k: u32, f: impl FnOnce(&mut GameSearch) -> R) -> R {
        let mut all = self.0.lock().unwrap_or_else(|p| p.into_inner());
        f(all.entry(k).or_insert_with(|| GameSearch::new(k)))
    }
}
