//! Running the generated inputs `jobs` at a time and finding the first that fails in
//! generation order, so the result does not depend on `jobs`. Each worker draws the next
//! input when it is free, so the inputs in flight are all that is held.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::error::StressError;
use super::generate::Generated;
use super::judge::{Judgement, Verdict};
use super::run::RunOutcome;
use crate::budget::{WALL_SAFETY_FACTOR, thread_cpu_time};
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
    /// Whether the budget stopped the sweep before the inputs ran out.
    pub stopped: bool,
}

type Outcome = Result<(Judgement, RunOutcome), StressError>;

/// The CPU time a run's search for a failure has spent: gamecheck's workers' (drawing and
/// judging inputs) and the solutions' runs', with the wall-clock time since it began.
pub(crate) struct Spent {
    nanos: AtomicU64,
    start: Instant,
}

impl Spent {
    /// Returns nothing spent, from now.
    pub(crate) fn new() -> Spent {
        Spent {
            nanos: AtomicU64::new(0),
            start: Instant::now(),
        }
    }

    /// Counts `time` more of CPU time.
    pub(crate) fn add(&self, time: Duration) {
        let nanos = u64::try_from(time.as_nanos()).unwrap_or(u64::MAX);
        self.nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    /// Returns the CPU time spent.
    pub(crate) fn cpu(&self) -> Duration {
        Duration::from_nanos(self.nanos.load(Ordering::Relaxed))
    }

    /// Returns whether `limit` of CPU time is spent, or [`WALL_SAFETY_FACTOR`] times it
    /// of wall-clock time has passed (a net for a machine that never runs the work).
    pub(crate) fn over(&self, limit: Duration) -> bool {
        self.cpu() >= limit || self.start.elapsed() >= limit.saturating_mul(WALL_SAFETY_FACTOR)
    }
}

struct Feed<I> {
    inputs: I,
    /// Index of the next input to draw.
    next: usize,
}

/// Returns the first input of `inputs` whose `check` does not pass, with one check at a
/// time on each thread of `pool`; inputs after a failing one are not started, those
/// before it all finish. Each worker adds the CPU time it spends (drawing and judging)
/// to `spent.0`, and no input is drawn once it reaches `spent.1`.
pub(crate) fn sweep<C, I>(
    pool: &rayon::ThreadPool,
    inputs: I,
    check: &(dyn Fn(&[C]) -> Outcome + Sync),
    spent: (&Spent, Duration),
    progress: &dyn Progress,
) -> Sweep<C>
where
    C: Send + Sync,
    I: Iterator<Item = Generated<C>> + Send,
{
    let feed = Mutex::new(Feed { inputs, next: 0 });
    let first_bad = AtomicUsize::new(usize::MAX);
    let stopped = AtomicBool::new(false);
    let found: Mutex<Option<(usize, Generated<C>, Outcome)>> = Mutex::new(None);
    // The pool's own threads are the workers, so a sweep starts no thread of its own:
    // one that cannot be started (a process limit) is a panic in `std::thread::scope`.
    let (spent, limit) = spent;
    pool.broadcast(|_| {
        let mut mark = thread_cpu_time();
        loop {
            let (index, input) = {
                let mut feed = feed.lock().unwrap_or_else(|p| p.into_inner());
                if feed.next >= first_bad.load(Ordering::SeqCst) || stopped.load(Ordering::SeqCst) {
                    return;
                }
                if spent.over(limit) {
                    stopped.store(true, Ordering::SeqCst);
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
            let now = thread_cpu_time();
            spent.add(now.saturating_sub(mark));
            mark = now;
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
        stopped: stopped.into_inner(),
    }
}
