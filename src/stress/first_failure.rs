//! Running the generated inputs `jobs` at a time and finding the first that fails in
//! generation order, so the result does not depend on `jobs`. Each worker draws the next
//! input when it is free, so the inputs in flight are all that is held.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::error::StressError;
use super::generate::Generated;
use super::judge::{Judgement, Verdict};
use super::run::RunOutcome;
use crate::progress::Progress;

/// The first input that failed (or could not be run).
pub(crate) struct Failed<C> {
    /// Its index, from 0.
    pub index: usize,
    pub input: Generated<C>,
    pub result: Result<(Judgement, RunOutcome), StressError>,
}

/// What a sweep over the inputs found.
pub(crate) struct Sweep<C> {
    /// Inputs drawn (all of them run when none failed).
    pub drawn: usize,
    pub failed: Option<Failed<C>>,
}

type Outcome = Result<(Judgement, RunOutcome), StressError>;

struct Feed<I> {
    inputs: I,
    /// Index of the next input to draw.
    next: usize,
}

/// Returns the first input of `inputs` whose `check` does not pass, with one check at a
/// time on each thread of `pool`; inputs after a failing one are not started, those
/// before it all finish.
pub(crate) fn sweep<C, I>(
    pool: &rayon::ThreadPool,
    inputs: I,
    check: &(dyn Fn(&[C]) -> Outcome + Sync),
    progress: &dyn Progress,
) -> Sweep<C>
where
    C: Send + Sync,
    I: Iterator<Item = Generated<C>> + Send,
{
    let feed = Mutex::new(Feed { inputs, next: 0 });
    let first_bad = AtomicUsize::new(usize::MAX);
    let found: Mutex<Option<(usize, Generated<C>, Outcome)>> = Mutex::new(None);
    // The pool's own threads are the workers, so a sweep starts no thread of its own:
    // one that cannot be started (a process limit) is a panic in `std::thread::scope`.
    pool.broadcast(|_| {
        loop {
            let (index, input) = {
                let mut feed = feed.lock().unwrap_or_else(|p| p.into_inner());
                if feed.next >= first_bad.load(Ordering::SeqCst) {
                    return;
                }
                let Some(input) = feed.inputs.next() else {
                    return;
                };
                feed.next += 1;
                (feed.next - 1, input)
            };
            // The judge's own parallel work stays on the pool, within `jobs` threads, and
            // the pool's threads outlive every run they start.
            let result = check(&input.cases);
            progress.advance(1);
            if matches!(&result, Ok((j, _)) if j.verdict == Verdict::Ok) {
                continue;
            }
            let mut found = found.lock().unwrap_or_else(|p| p.into_inner());
            if found.as_ref().is_none_or(|(i, _, _)| index < *i) {
                first_bad.fetch_min(index, Ordering::SeqCst);
                *found = Some((index, input, result));
            }
        }
    });
    Sweep {
        drawn: feed.into_inner().unwrap_or_else(|p| p.into_inner()).next,
        failed: found
            .into_inner()
            .unwrap_or_else(|p| p.into_inner())
            .map(|(index, input, result)| Failed { index, input, result }),
    }
}
