//! Replaying the failures `check` kept: each seed of a problem's regressions file under
//! every property, a failure reduced to its least counterexample as `check` reduces it.

use std::path::Path;

use super::property::{Counterexample, PropertyError, RunConfig, persisted, run_property};
use crate::problem::{Problem, Properties};

/// What replaying a problem's kept failures found.
pub struct Replayed<P: Problem> {
    /// The regressions file.
    pub path: String,
    /// How many failures it keeps.
    pub kept: usize,
    /// The properties a kept case still fails, each at its least counterexample.
    pub failures: Vec<Counterexample<P>>,
    /// The properties that gave up, with proptest's reason.
    pub aborted: Vec<(&'static str, String)>,
}

/// Returns what the failures kept in `dir`'s regressions file for `problem` do now: each
/// kept seed drawn again under every property (as `check` replays them before any new
/// case), a failure reduced to its least counterexample. Nothing new is drawn or kept.
///
/// # Complexity
/// One call of each property per kept seed, plus the least-counterexample search of
/// each failure (at most [`Properties::search_budget`] candidates).
pub fn replay_kept<P: Properties>(problem: &P, dir: &Path) -> Replayed<P> {
    let path = dir.join(problem.regressions()).to_string_lossy().into_owned();
    let kept = persisted(&path);
    let mut failures = Vec::new();
    let mut aborted = Vec::new();
    if kept > 0 {
        for property in problem.properties() {
            // No new case: proptest replays the kept seeds first, then draws `cases`.
            let config = RunConfig {
                seed: 0,
                cases: 0,
                persist_in: Some(dir),
                budget: None,
            };
            match run_property(problem, &property, config, &|| {}).result {
                Ok(()) => {}
                Err(PropertyError::Fail(c)) => failures.push(*c),
                Err(PropertyError::Abort(why)) => aborted.push((property.name, why)),
            }
        }
    }
    Replayed {
        path,
        kept,
        failures,
        aborted,
    }
}
