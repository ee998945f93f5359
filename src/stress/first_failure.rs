//! Running the generated inputs `jobs` at a time and finding the first that fails in
//! generation order, so the result does not depend on `jobs`. Each worker draws the next
//! input when it is free, so the inputs in flight are all that is held.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
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
    /// What stopped the sweep before the inputs ran out, if its budget did.
    pub stopped: Option<Stopped>,
}

/// Why a sweep's budget stopped it: which clock, what was spent, and what the next input
/// would have been allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The budget's wall-clock net stopped it ([`WALL_SAFETY_FACTOR`] times the CPU
    /// budget), not its CPU time.
    pub wall: bool,
    /// The CPU budget of the part of the run that stopped (the small inputs' three
    /// quarters, or the whole for the maximal ones).
    pub limit: Duration,
    /// CPU time spent when it stopped.
    pub spent: Duration,
    /// What an input was reserved when it stopped, for it and each input in flight: the
    /// dearest input so far, its run's CPU time and gamecheck's drawing and judging.
    pub reserve: Duration,
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

    /// Returns what stops a new input under `budget` with `in_flight` inputs running,
    /// the dearest input so far having cost `dearest`: the budget left does not cover
    /// that much for it and for each of them, or [`WALL_SAFETY_FACTOR`] times
    /// `budget.limit` of wall-clock time has passed (a net for a machine that never runs
    /// the work).
    fn stops(&self, budget: &RunBudget, in_flight: usize, dearest: Duration) -> Option<Stopped> {
        let needed = dearest.saturating_mul(u32::try_from(in_flight + 1).unwrap_or(u32::MAX));
        let spent = self.cpu();
        let wall = self.start.elapsed() >= budget.limit.saturating_mul(WALL_SAFETY_FACTOR);
        (wall || spent >= budget.limit || spent.saturating_add(needed) > budget.limit).then_some(Stopped {
            wall,
            limit: budget.limit,
            spent,
            reserve: dearest,
        })
    }
}

/// A sweep's share of the run budget.
#[derive(Clone, Copy)]
pub(crate) struct RunBudget<'a> {
    pub spent: &'a Spent,
    /// The CPU time the run may have spent when this sweep's last input ends.
    pub limit: Duration,
}

struct Feed<I> {
    inputs: I,
    /// Index of the next input to draw.
    next: usize,
}

/// Returns the first input of `inputs` whose `check` does not pass, with one check at a
/// time on each thread of `pool`; inputs after a failing one are not started, those
/// before it all finish. Each worker adds the CPU time it spends (drawing and judging)
/// to `budget.spent`, and no input is drawn once the budget left does not cover the
/// dearest input so far for it and each input in flight ([`Spent::stops`]). So the run
/// passes its budget only by what inputs dearer than every one before them cost over it:
/// for each input in flight at most a run's CPU limit (it is killed there) and gamecheck's
/// judging beyond the dearest so far.
pub(crate) fn sweep<C, I>(
    pool: &rayon::ThreadPool,
    inputs: I,
    check: &(dyn Fn(&[C]) -> Outcome + Sync),
    budget: RunBudget<'_>,
    progress: &dyn Progress,
) -> Sweep<C>
where
    C: Send + Sync,
    I: Iterator<Item = Generated<C>> + Send,
{
    let feed = Mutex::new(Feed { inputs, next: 0 });
    let first_bad = AtomicUsize::new(usize::MAX);
    let stopped: Mutex<Option<Stopped>> = Mutex::new(None);
    let in_flight = AtomicUsize::new(0);
    // The dearest of gamecheck's own work (drawing and judging) for one input so far.
    let dearest = AtomicU64::new(0);
    let found: Mutex<Option<(usize, Generated<C>, Outcome)>> = Mutex::new(None);
    let spent = budget.spent;
    // The pool's own threads are the workers, so a sweep starts no thread of its own:
    // one that cannot be started (a process limit) is a panic in `std::thread::scope`.
    pool.broadcast(|_| {
        let mut mark = thread_cpu_time();
        loop {
            let (index, input) = {
                let mut feed = feed.lock().unwrap_or_else(|p| p.into_inner());
                let mut stop = stopped.lock().unwrap_or_else(|p| p.into_inner());
                if feed.next >= first_bad.load(Ordering::SeqCst) || stop.is_some() {
                    return;
                }
                let dear = Duration::from_nanos(dearest.load(Ordering::SeqCst));
                if let Some(why) = spent.stops(&budget, in_flight.load(Ordering::SeqCst), dear) {
                    *stop = Some(why);
                    return;
                }
                drop(stop);
                in_flight.fetch_add(1, Ordering::SeqCst);
                let Some(input) = feed.inputs.next() else {
                    in_flight.fetch_sub(1, Ordering::SeqCst);
                    return;
                };
                feed.next += 1;
                (feed.next - 1, input)
            };
            // The judge's own parallel work stays on the pool, within `jobs` threads, and
            // the pool's threads outlive every run they start.
            let result = check(&input.cases);
            let now = thread_cpu_time();
            let own = now.saturating_sub(mark);
            spent.add(own);
            // The run's CPU time is counted by `check`; the input's whole cost is both.
            let run = result.as_ref().map_or(Duration::ZERO, |(_, r)| r.cpu);
            let cost = u64::try_from(own.saturating_add(run).as_nanos()).unwrap_or(u64::MAX);
            dearest.fetch_max(cost, Ordering::SeqCst);
            in_flight.fetch_sub(1, Ordering::SeqCst);
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
        stopped: stopped.into_inner().unwrap_or_else(|p| p.into_inner()),
    }
}
