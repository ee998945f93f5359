//! Shrinking a failing input to a least one that fails with the same verdict, over any
//! problem. Candidates run in batches on the pool the shrink runs in (`-j` at a time; the
//! first failure in order wins, so the result does not depend on the batch width), and a
//! slow solution costs a batch's slowest run per step, not the sum. First fewer cases
//! (ddmin), then each case in sweeps until one makes no progress: a list's counts deleted
//! and all lowered at once ([`Order::keeping`]), fewer components (the problem's smaller
//! cases with fewer [`Order::coordinates`]), each coordinate bisected
//! toward its least failing value (galloping down from it while only the values just
//! below fail), then the problem's other smaller cases
//! ([`Order::smaller`]), and at a local minimum of these each coordinate less 2 to 64
//! (those the search below runs anyway left to it);
//! last, the cases below it in the problem's order
//! ([`Order::below`]) as far as the budget goes. Every candidate stays within the run's
//! bounds.

use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;
use std::time::{Duration, Instant};

use super::error::StressError;
use super::judge::{Judgement, Verdict};
use super::run::{RunOutcome, Termination};
use crate::budget::{WALL_SAFETY_FACTOR, thread_cpu_time};
use crate::problem::{Below, Bounds, ContestFormat, Least, Order, gallop};

/// The most cases the shrink runs together as one input ([`Search::batch_passes`]).
const BATCH: usize = 64;

/// The fewest candidates run as a batch: fewer (a bisection's probes, one step) run alone,
/// `-j` at a time, where a failing batch would cost more runs than it saves.
const BATCH_LEAST: usize = 8;

/// The steps down one coordinate tried at a local minimum of the other steps: less 2 to
/// this (bisection tries less one), so that a failure recurring with a period up to it (a
/// program wrong at every heap of one residue, or only past a threshold it first meets a
/// few steps down) is found below a local minimum.
const COUNT_STEPS: u128 = 64;

/// The most runs the search below a case makes where its enumeration cannot be
/// exhausted (it could not prove the case least): a sample of the smallest cases, where a
/// small failure the descent missed lies; `max_enumerated` runs there would cost far more
/// and prove nothing more.
const SAMPLE_RUNS: usize = 128;

/// Bounds on the shrinking reruns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShrinkLimits {
    /// Program runs in all.
    pub max_runs: usize,
    /// Runs that may hit the time limit (each costs the whole timeout); the next one
    /// that does ends the shrink, so 0 stops it at the first.
    pub max_timeouts: usize,
    /// CPU time for the whole shrink: gamecheck's own (the judge, the candidates) and
    /// that of the programs it runs, so that a loaded machine does not cut it short. The
    /// wall clock is limited too, to [`WALL_SAFETY_FACTOR`] times this, a safety net for
    /// programs that sleep or wait.
    pub max_time: Duration,
    /// Runs one case's least-counterexample search may make.
    pub max_enumerated: usize,
}

impl Default for ShrinkLimits {
    fn default() -> ShrinkLimits {
        ShrinkLimits {
            max_runs: 3000,
            max_timeouts: 25,
            max_time: Duration::from_secs(60),
            max_enumerated: 1000,
        }
    }
}

/// The budget that stopped a shrink.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Runs(usize),
    Timeouts(usize),
    /// The CPU time ([`ShrinkLimits::max_time`]).
    Time(Duration),
    /// The wall-clock safety net: [`WALL_SAFETY_FACTOR`] times the CPU time, the
    /// budget given.
    Wall(Duration),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Runs(n) => write!(f, "shrink run budget (--max-shrink-runs {n}) exhausted"),
            Budget::Timeouts(n) => write!(
                f,
                "shrink timeout budget (--max-shrink-timeouts {n}: runs that may hit the time limit) exhausted"
            ),
            Budget::Time(d) => write!(
                f,
                "shrink CPU time budget (--max-shrink-seconds {}) exhausted",
                d.as_secs()
            ),
            Budget::Wall(d) => write!(
                f,
                "shrink wall-clock safety net ({WALL_SAFETY_FACTOR} times --max-shrink-seconds {}) exhausted",
                d.as_secs()
            ),
        }
    }
}

/// How far the shrunk input is known to be least.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Every smaller input in the order was run and passed (or failed differently).
    Least,
    /// A local minimum of the descent; why the space below was not all run.
    Greedy(String),
    /// A budget ran out first.
    BudgetExhausted(Budget),
}

impl Standing {
    /// Returns `least`, `greedy` or `budget-exhausted`, as in JSON.
    pub fn name(&self) -> &'static str {
        match self {
            Standing::Least => "least",
            Standing::Greedy(_) => "greedy",
            Standing::BudgetExhausted(_) => "budget-exhausted",
        }
    }
}

impl fmt::Display for Standing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Standing::Least => f.write_str("least: every smaller input was run"),
            Standing::Greedy(why) => write!(f, "greedy: {why}"),
            Standing::BudgetExhausted(budget) => write!(f, "stopped: {budget}"),
        }
    }
}

/// A shrunk failing input, with the run that failed on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk<C> {
    pub cases: Vec<C>,
    pub judgement: Judgement,
    pub run: RunOutcome,
    /// Program runs spent shrinking.
    pub runs: usize,
    pub standing: Standing,
}

/// Runs the solution on the input of some cases and judges it.
pub type Check<'a, C> = dyn Fn(&[C]) -> Result<(Judgement, RunOutcome), StressError> + Sync + 'a;

/// Told of each smaller input adopted: its cases, and how the solution failed on it.
pub type Adopted<'a, C> = dyn Fn(&[C], &Judgement, &RunOutcome) + 'a;

/// Returns a 128-bit fingerprint of `text`: two SipHash digests under different
/// prefixes, so a candidate is wrongly taken for one that passed with odds about 2^-128
/// per pair.
fn fingerprint(text: &str) -> u128 {
    use std::hash::{Hash, Hasher};
    let half = |prefix: u8| {
        let mut hasher = std::hash::DefaultHasher::new();
        prefix.hash(&mut hasher);
        text.hash(&mut hasher);
        hasher.finish()
    };
    (u128::from(half(0)) << 64) | u128::from(half(1))
}

struct Search<'a, P: ContestFormat> {
    problem: &'a P,
    check: &'a Check<'a, P::Case>,
    adopted: &'a Adopted<'a, P::Case>,
    bounds: &'a Bounds,
    target: Verdict,
    limits: ShrinkLimits,
    /// Candidates run at once: the threads of the pool the shrink runs in.
    width: usize,
    /// When the shrink started, for the wall-clock safety net.
    start: Instant,
    /// The thread the shrink runs on, and its CPU time at the start.
    caller: std::thread::ThreadId,
    caller_cpu: Duration,
    /// CPU time spent besides the calling thread's: checks run on other threads, and
    /// the programs every check ran.
    cpu_elsewhere: Duration,
    runs: usize,
    timeouts: usize,
    /// Runs in the current enumeration below a case, capped by `cap_here`.
    runs_here: usize,
    /// The most runs the current enumeration below a case may make ([`Search::plan`]).
    cap_here: usize,
    cut: bool,
    stopped: Option<Budget>,
    error: Option<StressError>,
    /// Fingerprints (128-bit) of the inputs already run that did not fail with the
    /// target verdict (runs are taken to be deterministic), so no candidate is run twice.
    passed: HashSet<u128>,
    best: Shrunk<P::Case>,
}

impl<'a, P: ContestFormat + Order> Search<'a, P> {
    /// Returns whether a budget or an error ended the shrink, or the enumeration below
    /// the current case was cut.
    fn over(&self) -> bool {
        self.stopped.is_some() || self.error.is_some() || self.cut
    }

    /// Returns how many more runs the budgets allow now (0 ends the shrink or the
    /// enumeration, and says which budget did).
    fn allowed(&mut self, enumerating: bool) -> usize {
        if self.runs >= self.limits.max_runs {
            self.stopped = Some(Budget::Runs(self.limits.max_runs));
            return 0;
        }
        // The budget is what may time out; only a run beyond it stops the shrink.
        if self.timeouts > self.limits.max_timeouts {
            self.stopped = Some(Budget::Timeouts(self.limits.max_timeouts));
            return 0;
        }
        if self.cpu_spent() >= self.limits.max_time {
            self.stopped = Some(Budget::Time(self.limits.max_time));
            return 0;
        }
        if self.start.elapsed() >= self.limits.max_time.saturating_mul(WALL_SAFETY_FACTOR) {
            self.stopped = Some(Budget::Wall(self.limits.max_time));
            return 0;
        }
        let mut left = self.limits.max_runs - self.runs;
        if enumerating {
            if self.runs_here >= self.cap_here {
                self.cut = true;
                return 0;
            }
            left = left.min(self.cap_here - self.runs_here);
        }
        left
    }

    /// Returns the CPU time the shrink has spent: the calling thread's (its checks run
    /// there among them), the other threads' checks, and the programs run.
    fn cpu_spent(&self) -> Duration {
        thread_cpu_time().saturating_sub(self.caller_cpu) + self.cpu_elsewhere
    }

    /// Returns the index of the first of `inputs` that fails with the target verdict,
    /// and adopts it. They are run in order, `width` at a time on the pool: a batch
    /// costs the wall time of its slowest run, and the first failure in order wins, so
    /// the result is the one a run at a time would give. Inputs outside the bounds, empty
    /// or already seen to pass are skipped.
    fn first_failing(&mut self, inputs: &[Vec<P::Case>], enumerating: bool) -> Option<usize> {
        use rayon::prelude::*;
        let mut next = 0;
        while next < inputs.len() && !self.over() {
            let mut batch: Vec<(usize, u128)> = Vec::with_capacity(self.width);
            while next < inputs.len() && batch.len() < self.width {
                let cases = &inputs[next];
                if !cases.is_empty() && self.bounds.admits(&self.problem.extent(cases)) {
                    let print = fingerprint(&self.problem.write_input(cases));
                    if !self.passed.contains(&print) && batch.iter().all(|&(_, p)| p != print) {
                        batch.push((next, print));
                    }
                }
                next += 1;
            }
            if batch.is_empty() {
                break;
            }
            batch.truncate(self.allowed(enumerating));
            if batch.is_empty() {
                break;
            }
            let check = self.check;
            let caller = self.caller;
            let results: Vec<_> = batch
                .par_iter()
                .map(|&(i, _)| {
                    let before = thread_cpu_time();
                    let result = check(&inputs[i]);
                    let own = if std::thread::current().id() == caller {
                        Duration::ZERO
                    } else {
                        thread_cpu_time().saturating_sub(before)
                    };
                    (result, own)
                })
                .collect();
            let mut found = None;
            for (&(i, print), (result, own)) in batch.iter().zip(results) {
                self.cpu_elsewhere += own;
                let (judgement, run) = match result {
                    Ok(r) => r,
                    Err(e) => {
                        self.error.get_or_insert(e);
                        continue;
                    }
                };
                self.count(&run, enumerating);
                if judgement.verdict != self.target {
                    self.passed.insert(print);
                } else if found.is_none() {
                    (self.adopted)(&inputs[i], &judgement, &run);
                    self.best.cases = inputs[i].clone();
                    self.best.judgement = judgement;
                    self.best.run = run;
                    found = Some(i);
                }
            }
            if self.error.is_some() {
                return None;
            }
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// [`Search::first_failing`] over cases put in place of case `at` of the best input.
    /// When that input is one case and the verdict a wrong answer, the candidates first
    /// run together, as the cases of one input ([`Search::batch_passes`]): a batch that
    /// passes clears all of them in one run, and only a failing one is run case by case.
    fn first_failing_case(&mut self, at: usize, cases: &[P::Case], enumerating: bool) -> Option<usize> {
        if self.best.cases.len() != 1 || self.target != Verdict::WrongAnswer || cases.len() < BATCH_LEAST {
            return self.first_failing_singly(at, cases, enumerating);
        }
        // Cases already seen to pass would only take room in a batch.
        let fresh: Vec<usize> = (0..cases.len())
            .filter(|&i| !self.passed.contains(&self.print(&cases[i])))
            .collect();
        if fresh.len() == cases.len() {
            return self.first_failing_batched(at, cases, enumerating);
        }
        let kept: Vec<P::Case> = fresh.iter().map(|&i| cases[i].clone()).collect();
        let found = if kept.len() < BATCH_LEAST {
            self.first_failing_singly(at, &kept, enumerating)
        } else {
            self.first_failing_batched(at, &kept, enumerating)
        };
        found.map(|i| fresh[i])
    }

    /// Returns the fingerprint of the input of `case` alone.
    fn print(&self, case: &P::Case) -> u128 {
        fingerprint(&self.problem.write_input(std::slice::from_ref(case)))
    }

    /// [`Search::first_failing_case`] over cases run together as the cases of one input.
    fn first_failing_batched(&mut self, at: usize, cases: &[P::Case], enumerating: bool) -> Option<usize> {
        let mut start = 0;
        while start < cases.len() && !self.over() {
            let k = self.batch_len(&cases[start..]);
            let end = start + k;
            if k < BATCH_LEAST {
                // Too few to batch: each run alone.
                if let Some(i) = self.first_failing_singly(at, &cases[start..end], enumerating) {
                    return Some(start + i);
                }
                start = end;
                continue;
            }
            if self.batch_passes(&cases[start..end], enumerating) {
                start = end;
                continue;
            }
            // A failing batch: halved down to the first two cases that may fail (the first
            // half that fails holds the first failing case), then run alone from there,
            // so a case that passes alone (its batch failed by the cases together) leaves
            // the ones after it to be run one by one.
            let mut lo = start;
            let mut hi = end;
            while hi - lo > 2 && !self.over() {
                let mid = lo + (hi - lo) / 2;
                if self.batch_passes(&cases[lo..mid], enumerating) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            if let Some(i) = self.first_failing_singly(at, &cases[lo..end], enumerating) {
                return Some(lo + i);
            }
            start = end;
        }
        None
    }

    /// Returns how many of `cases`, from the first, one input may hold within the bounds
    /// (at most [`BATCH`]).
    fn batch_len(&self, cases: &[P::Case]) -> usize {
        let mut k = cases.len().min(BATCH);
        while k >= 2 && !self.bounds.admits(&self.problem.extent(&cases[..k])) {
            k /= 2;
        }
        k.max(1)
    }

    /// Counts the run `run` (in the enumeration below a case when `enumerating`): its
    /// CPU time and whether it timed out, which it returns.
    fn count(&mut self, run: &RunOutcome, enumerating: bool) -> bool {
        self.runs += 1;
        self.cpu_elsewhere += run.cpu;
        if enumerating {
            self.runs_here += 1;
        }
        let timed_out = matches!(run.termination, Termination::TimedOut(_));
        if timed_out {
            self.timeouts += 1;
        }
        timed_out
    }

    /// Returns whether the input of `cases` passes (does not fail with the target
    /// verdict), run once; each case of a passing batch is then taken to pass alone, as
    /// the judge reads every case's answer on its own.
    fn batch_passes(&mut self, cases: &[P::Case], enumerating: bool) -> bool {
        let prints: Vec<u128> = cases.iter().map(|c| self.print(c)).collect();
        if prints.iter().all(|p| self.passed.contains(p)) {
            return true;
        }
        if self.allowed(enumerating) == 0 {
            return false;
        }
        let (judgement, run) = match (self.check)(cases) {
            Ok(r) => r,
            Err(_) => return false,
        };
        if self.count(&run, enumerating) {
            return false;
        }
        let passed = judgement.verdict == Verdict::Ok;
        if passed {
            self.passed.extend(prints);
        }
        passed
    }

    /// [`Search::first_failing`] over cases put in place of case `at`, each run alone.
    fn first_failing_singly(&mut self, at: usize, cases: &[P::Case], enumerating: bool) -> Option<usize> {
        let inputs: Vec<Vec<P::Case>> = cases
            .iter()
            .map(|c| {
                let mut input = self.best.cases.clone();
                input[at] = c.clone();
                input
            })
            .collect();
        self.first_failing(&inputs, enumerating)
    }

    /// Classic ddmin over the cases: keep one chunk, else drop one chunk, refining.
    fn ddmin(&mut self) {
        let mut parts = 2usize;
        while self.best.cases.len() >= 2 && !self.over() {
            let items = self.best.cases.clone();
            let size = items.len().div_ceil(parts);
            let chunks: Vec<Vec<P::Case>> = items.chunks(size).map(<[P::Case]>::to_vec).collect();
            let mut candidates = chunks.clone();
            if chunks.len() > 2 {
                for skip in 0..chunks.len() {
                    candidates.push(
                        chunks
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| i != skip)
                            .flat_map(|(_, c)| c.iter().cloned())
                            .collect(),
                    );
                }
            }
            match self.first_failing(&candidates, false) {
                Some(i) => parts = if i < chunks.len() { 2 } else { (parts - 1).max(2) },
                None if parts >= items.len() => break,
                None => parts = (parts * 2).min(items.len()),
            }
        }
    }

    /// Returns whether case `at` got smaller by one of the problem's smaller cases that
    /// `keep` selects, tried in order; each one adopted, the list is made again from it.
    /// A candidate that changes one coordinate to a value this sweep already saw pass
    /// (`tried`) is not run again in it.
    fn descend(
        &mut self,
        at: usize,
        keep: &dyn Fn(&P::Case, &P::Case) -> bool,
        tried: &mut HashSet<(usize, u128)>,
        stuck: &HashSet<usize>,
    ) -> bool {
        let problem = self.problem;
        let mut progress = false;
        while !self.over() {
            let here = self.best.cases[at].clone();
            let key = problem.key(&here);
            let mut candidates: Vec<P::Case> = problem
                .smaller(&here)
                .into_iter()
                .filter(|c| problem.key(c) < key && keep(&here, c))
                .filter(|c| change(problem, &here, c).is_none_or(|ch| !tried.contains(&ch)))
                .collect();
            // A jump below a coordinate that bisection left where it was goes last, the
            // shortest first: each one adopted is a step down, where the least jump first
            // would cost a run for every jump below it that passes.
            #[derive(PartialEq, Eq, PartialOrd, Ord)]
            enum Rank<K> {
                Step(K),
                Jump(std::cmp::Reverse<K>),
            }
            candidates.sort_by_cached_key(|c| match change(problem, &here, c) {
                Some((dim, _)) if stuck.contains(&dim) => Rank::Jump(std::cmp::Reverse(problem.key(c))),
                _ => Rank::Step(problem.key(c)),
            });
            let found = self.first_failing_case(at, &candidates, false);
            let passed = &candidates[..found.unwrap_or(candidates.len())];
            tried.extend(passed.iter().filter_map(|c| change(problem, &here, c)));
            let Some(i) = found else { break };
            progress = true;
            // A step that fails may go on failing further along the same line.
            if problem.coordinates(&here).len() == problem.coordinates(&candidates[i]).len() {
                let step = candidates.swap_remove(i);
                let cell = RefCell::new(&mut *self);
                let fails = |c: &P::Case| {
                    let mut s = cell.borrow_mut();
                    s.first_failing_case(at, std::slice::from_ref(c), false).is_some()
                };
                let _ = gallop(problem, &fails, &here, step);
            }
        }
        progress
    }

    /// Returns whether coordinate `dim` of case `at` went down: to the least value that
    /// fails, searched from the least the coordinate takes and one below it, then by
    /// splitting the interval left in `width + 1` (a bisection when the failures are the
    /// values above a threshold, which need not hold: each value adopted fails). When
    /// only the value one below fails, the failures may be a narrow band under the
    /// value: while no split fails, one probe gallops down from the top (2, 4, 8, … below
    /// it), so a band of width d costs O(log d) runs, not O(log v).
    fn bisect(&mut self, at: usize, dim: usize, tried: &mut HashSet<(usize, u128)>) -> bool {
        let problem = self.problem;
        let here = self.best.cases[at].clone();
        let Some(&top) = problem.coordinates(&here).get(dim) else {
            return false;
        };
        if top == 0 {
            return false;
        }
        let key = problem.key(&here);
        let width = self.width as u128;
        let splits = width.max(2) - 1;
        // Least first, one step down last: if that passes, the value is a local minimum.
        let mut probes: Vec<u128> = (0..splits).map(|m| (top - 1) * m / splits).collect();
        probes.push(top - 1);
        let (mut lo, mut hi) = (0u128, top);
        // The gallop's step below `hi` while only its probe has failed.
        let mut gap: Option<u128> = None;
        let mut progress = false;
        loop {
            probes.dedup();
            let here = self.best.cases[at].clone();
            let candidates: Vec<(u128, P::Case)> = probes
                .iter()
                .filter(|&&v| !tried.contains(&(dim, v)))
                .filter_map(|&v| Some((v, problem.with_coordinate(&here, dim, v)?)))
                .filter(|(_, c)| problem.key(c) < key)
                .collect();
            let cases: Vec<P::Case> = candidates.iter().map(|(_, c)| c.clone()).collect();
            let found = self.first_failing_case(at, &cases, false);
            let passed = &candidates[..found.unwrap_or(candidates.len())];
            tried.extend(passed.iter().map(|&(v, _)| (dim, v)));
            let highest = probes.last().copied().unwrap_or(hi);
            match found {
                Some(i) => {
                    let v = candidates[i].0;
                    // Only the highest probe failed: gallop on (from 2 below, first), or
                    // twice as far; a split that fails ends the gallop.
                    gap = match gap {
                        _ if v != highest => None,
                        None if !progress && v == top - 1 => Some(2),
                        None => None,
                        Some(g) => Some(g.saturating_mul(2)),
                    };
                    progress = true;
                    lo = probes
                        .iter()
                        .copied()
                        .filter(|&p| p < v)
                        .max()
                        .map_or(lo, |p| p + 1);
                    hi = v;
                }
                None if !progress => return false,
                None => {
                    lo = highest + 1;
                    gap = None;
                }
            }
            if lo >= hi || self.over() {
                return progress;
            }
            let galloping;
            (probes, galloping) = self.probes(lo, hi, gap);
            gap = gap.filter(|_| galloping);
        }
    }

    /// Returns the probes of one round of [`Search::bisect`] in `[lo, hi)`, and whether
    /// they gallop: the interval split in `width + 1`, or while galloping by `gap` below
    /// `hi`, the lowest `width - 1` (at least 1) of those splits and `hi - gap` above
    /// them. A failure far below fails at the lowest split, so the gallop costs a
    /// threshold there nothing.
    fn probes(&self, lo: u128, hi: u128, gap: Option<u128>) -> (Vec<u128>, bool) {
        let width = self.width as u128;
        let mut probes: Vec<u128> = (1..=width)
            .map(|m| lo + (hi - lo) * m / (width + 1))
            .filter(|&p| p < hi)
            .collect();
        probes.dedup();
        if let Some(below) = gap.and_then(|g| hi.checked_sub(g)).filter(|&b| b >= lo) {
            let mut splits = probes.clone();
            splits.truncate(width.max(2) as usize - 1);
            if splits.last().is_none_or(|&p| p < below) {
                splits.push(below);
                return (splits, true);
            }
        }
        if probes.is_empty() {
            probes.push(lo);
        }
        (probes, false)
    }

    /// Returns whether case `at`, a list of at least two counts ([`Order::keeping`]), got
    /// smaller by the steps that take a long list of large counts down in few runs: its
    /// counts deleted as in ddmin (halves, then smaller chunks, down to one at a time),
    /// then all of them lowered at once, shifted right (the largest shift that fails)
    /// and capped (the least cap found by bisection that fails). Each coordinate on its
    /// own is [`Search::bisect`]'s.
    fn shrink_list(&mut self, at: usize) -> bool {
        let problem = self.problem;
        let mut progress = false;
        let mut parts = 2usize;
        while !self.over() {
            let here = self.best.cases[at].clone();
            let n = problem.coordinates(&here).len();
            if n < 2 || problem.keeping(&here, &(0..n).collect::<Vec<_>>()).is_none() {
                return progress;
            }
            let size = n.div_ceil(parts.min(n));
            let indices: Vec<usize> = (0..n).collect();
            let chunks: Vec<&[usize]> = indices.chunks(size).collect();
            // A chunk kept alone (true), or all but one chunk (false).
            let mut keeps: Vec<(bool, Vec<usize>)> = chunks.iter().map(|c| (true, c.to_vec())).collect();
            if chunks.len() > 2 {
                keeps.extend((0..chunks.len()).map(|skip| {
                    let rest = chunks.iter().enumerate().filter(|&(i, _)| i != skip);
                    (false, rest.flat_map(|(_, c)| c.iter().copied()).collect())
                }));
            }
            let key = problem.key(&here);
            let (kinds, candidates): (Vec<bool>, Vec<P::Case>) = keeps
                .iter()
                .filter_map(|(alone, keep)| Some((*alone, problem.keeping(&here, keep)?)))
                .filter(|(_, c)| problem.key(c) < key)
                .unzip();
            match self.first_failing_case(at, &candidates, false) {
                Some(i) => {
                    progress = true;
                    parts = if kinds[i] { 2 } else { (parts - 1).max(2) };
                }
                None if parts >= n => break,
                None => parts = (parts * 2).min(n),
            }
        }
        let lowered = |here: &P::Case, f: &dyn Fn(u128) -> u128| {
            let coordinates = problem.coordinates(here);
            let mut case = here.clone();
            for (i, &v) in coordinates.iter().enumerate() {
                if f(v) != v {
                    case = problem.with_coordinate(&case, i, f(v))?;
                }
            }
            Some(case)
        };
        // Shifted right: the most first, so the first that fails is the largest shift.
        let here = self.best.cases[at].clone();
        let key = problem.key(&here);
        let top = problem.coordinates(&here).into_iter().max().unwrap_or(0);
        let bits = 128 - top.leading_zeros();
        let shifted: Vec<P::Case> = (1..=bits)
            .rev()
            .filter_map(|k| lowered(&here, &|v| v >> k))
            .filter(|c| problem.key(c) < key)
            .collect();
        progress |= self.first_failing_case(at, &shifted, false).is_some();
        // Capped: the least cap that fails, by bisection (each cap adopted fails).
        let here = self.best.cases[at].clone();
        let (mut lo, mut hi) = (0u128, problem.coordinates(&here).into_iter().max().unwrap_or(0));
        while lo < hi && !self.over() {
            let mid = lo + (hi - lo) / 2;
            let here = self.best.cases[at].clone();
            let fails = lowered(&here, &|v| v.min(mid))
                .filter(|c| problem.key(c) < problem.key(&here))
                .is_some_and(|c| self.first_failing_case(at, &[c], false).is_some());
            if fails {
                progress = true;
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        progress
    }

    /// Returns whether case `at` got smaller by one coordinate lowered by 2 to
    /// [`COUNT_STEPS`]; of the candidates (those `tried` saw pass and those the search
    /// below runs left out), the least in the problem's order that fails is adopted.
    fn step_down(&mut self, at: usize, tried: &HashSet<(usize, u128)>) -> bool {
        let problem = self.problem;
        let here = self.best.cases[at].clone();
        let key = problem.key(&here);
        // Where the search below can afford every smaller case, it finds any step that
        // fails, and proves the case least if none does: the steps would only cost runs.
        // Else the steps it runs anyway are left to it: it runs the cases below in order,
        // so it finds any of them that fails, or a smaller one.
        let (below, _) = self.plan(&here);
        if below.exhausted == Least::Proven {
            return false;
        }
        let enumerated: HashSet<u128> = below
            .cases
            .take_while(|c| problem.key(c) < key)
            .map(|c| self.print(&c))
            .collect();
        let mut candidates: Vec<P::Case> = problem
            .coordinates(&here)
            .into_iter()
            .enumerate()
            .flat_map(|(dim, v)| (2..=COUNT_STEPS.min(v)).map(move |d| (dim, v - d)))
            .filter(|change| !tried.contains(change))
            .filter_map(|(dim, v)| problem.with_coordinate(&here, dim, v))
            .filter(|c| problem.key(c) < key && !enumerated.contains(&self.print(c)))
            .collect();
        candidates.sort_by_cached_key(|c| problem.key(c));
        self.first_failing_case(at, &candidates, false).is_some()
    }

    /// Shrinks case `at` in sweeps until one makes no progress: a list by
    /// [`Search::shrink_list`], fewer components (a smaller case with fewer coordinates),
    /// then each coordinate bisected, then the problem's other smaller cases in order;
    /// at a local minimum of these, each coordinate less 2 to [`COUNT_STEPS`].
    fn shrink_case(&mut self, at: usize) {
        let problem = self.problem;
        loop {
            let mut tried = HashSet::new();
            let fewer =
                |here: &P::Case, c: &P::Case| problem.coordinates(c).len() < problem.coordinates(here).len();
            let mut stuck = HashSet::new();
            let mut progress = self.shrink_list(at);
            progress |= self.descend(at, &fewer, &mut tried, &stuck);
            let dims = problem.coordinates(&self.best.cases[at]).len();
            for dim in 0..dims {
                if self.over() {
                    break;
                }
                if self.bisect(at, dim, &mut tried) {
                    progress = true;
                } else {
                    stuck.insert(dim);
                }
            }
            // Fewer components were tried above; they are tried again in the next sweep.
            progress |= self.descend(at, &|here, c| !fewer(here, c), &mut tried, &stuck);
            if !progress && !self.over() {
                progress = self.step_down(at, &tried);
            }
            if !progress || self.over() {
                return;
            }
        }
    }

    /// Returns how many cases like `here` one run of the enumeration below holds: in
    /// batches where they can be, so the runs go further.
    fn batched(&self, here: &P::Case) -> usize {
        match (self.best.cases.len(), self.target) {
            (1, Verdict::WrongAnswer) => self.batch_len(&vec![here.clone(); BATCH]),
            _ => 1,
        }
    }

    /// Returns the cases an enumeration of `runs` runs below `here` may run.
    fn enumerated(&self, here: &P::Case, runs: usize) -> u64 {
        runs.saturating_mul(self.batched(here)) as u64
    }

    /// Returns the enumeration below `here` that the search runs, and the most runs it
    /// may make: `max_enumerated` where the enumeration can be exhausted (that proves
    /// the case least, or least in its domain), else [`SAMPLE_RUNS`] of the smallest
    /// cases, where a failure found is still least and none found proves nothing more.
    fn plan(&self, here: &P::Case) -> (Below<'a, P::Case>, usize) {
        let problem = self.problem;
        let full = self.limits.max_enumerated;
        let below = problem.below(here, self.enumerated(here, full));
        let sample = full.min(SAMPLE_RUNS);
        if sample == full || !matches!(below.exhausted, Least::LocalMinimum { .. }) {
            return (below, full);
        }
        (problem.below(here, self.enumerated(here, sample)), sample)
    }

    /// Returns what the enumeration in order below case `at` proves, run `width`
    /// candidates at a time and at most the runs [`Search::plan`] allows; the first
    /// failing one is adopted.
    fn below(&mut self, at: usize) -> Least {
        let problem = self.problem;
        let here = self.best.cases[at].clone();
        let key = problem.key(&here);
        let batch = self.batched(&here);
        let (below, cap) = self.plan(&here);
        let mut cases = below.cases.take_while(|c| problem.key(c) < key);
        self.runs_here = 0;
        self.cap_here = cap;
        self.cut = false;
        while !self.over() {
            let chunk: Vec<P::Case> = cases.by_ref().take(self.width * 8 * batch).collect();
            if chunk.is_empty() {
                break;
            }
            if let Some(i) = self.first_failing_case(at, &chunk, true) {
                return (below.found)(&chunk[i]);
            }
        }
        below.exhausted
    }
}

/// Returns the coordinate `case` changes from `here` and the value it changes it to,
/// when it changes exactly one.
fn change<P: Order>(problem: &P, here: &P::Case, case: &P::Case) -> Option<(usize, u128)> {
    let (from, to) = (problem.coordinates(here), problem.coordinates(case));
    if from.len() != to.len() {
        return None;
    }
    let mut changed = from.iter().zip(&to).enumerate().filter(|(_, (a, b))| a != b);
    match (changed.next(), changed.next()) {
        (Some((i, (_, &v))), None) => Some((i, v)),
        _ => None,
    }
}

/// Returns the least input found that fails with the same verdict as `judgement`, by
/// rerunning `check` on smaller inputs within `bounds`: ddmin over the cases, then each
/// case in sweeps (fewer components, each coordinate bisected, the problem's smaller
/// cases), then the cases below it in order. Candidates run as many at a time as the
/// current rayon pool has threads. `adopted` is told of each smaller failing input as it
/// is found (a run keeps it, so that an interrupted shrink keeps the least so far).
///
/// # Constraints
/// `judgement` and `run` are what `check` gave on `failing`, and the verdict is not `ok`.
///
/// # Complexity
/// At most `limits.max_runs` runs of `check` (of them at most `limits.max_timeouts` + 1
/// that time out), within about `limits.max_time` of CPU time (gamecheck's and the
/// programs'), or [`WALL_SAFETY_FACTOR`] times that of wall-clock time.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{Chopsticks, State};
/// use gamecheck::problem::{ContestFormat, Range};
/// use gamecheck::stress::{judge, shrink, RunOutcome, ShrinkLimits, Standing, Termination, Verdict};
/// use std::time::Duration;
/// let p = Chopsticks::problem(1);
/// // A fake solution that answers Second everywhere.
/// let check = |cases: &[State]| {
///     let run = RunOutcome {
///         termination: Termination::Exited(0),
///         stdout: "Second\n".repeat(cases.len()).into_bytes(),
///         stderr: Vec::new(),
///         elapsed: Duration::ZERO,
///         cpu: Duration::ZERO,
///     };
///     Ok((judge(&p, cases, &run)?, run))
/// };
/// let failing = vec![State::new(3, 0, 0, 5), State::new(7, 7, 2, 2)];
/// let (judgement, run) = check(&failing).unwrap();
/// let bounds = p.constraints().unwrap().bounds("chopsticks", Range::Contest, &[]).unwrap();
/// let limits = ShrinkLimits::default();
/// let shrunk = shrink(&p, &bounds, failing, judgement, run, &check, &|_, _, _| {}, limits).unwrap();
/// assert_eq!(shrunk.cases, [State::new(0, 1, 0, 1)]);
/// assert_eq!((shrunk.judgement.verdict, shrunk.standing), (Verdict::WrongAnswer, Standing::Least));
/// ```
#[allow(clippy::too_many_arguments)]
pub fn shrink<P: ContestFormat + Order>(
    problem: &P,
    bounds: &Bounds,
    failing: Vec<P::Case>,
    judgement: Judgement,
    run: RunOutcome,
    check: &Check<'_, P::Case>,
    adopted: &Adopted<'_, P::Case>,
    limits: ShrinkLimits,
) -> Result<Shrunk<P::Case>, StressError> {
    let mut s = Search {
        problem,
        check,
        adopted,
        bounds,
        target: judgement.verdict,
        limits,
        width: rayon::current_num_threads().max(1),
        start: Instant::now(),
        caller: std::thread::current().id(),
        caller_cpu: thread_cpu_time(),
        cpu_elsewhere: Duration::ZERO,
        runs: 0,
        timeouts: 0,
        runs_here: 0,
        cap_here: limits.max_enumerated,
        cut: false,
        stopped: None,
        error: None,
        passed: HashSet::new(),
        best: Shrunk {
            cases: failing,
            judgement,
            run,
            runs: 0,
            standing: Standing::Least,
        },
    };
    s.ddmin();
    let mut greedy: Option<String> = None;
    for at in 0..s.best.cases.len() {
        if s.stopped.is_some() || s.error.is_some() {
            break;
        }
        s.shrink_case(at);
        if s.stopped.is_some() || s.error.is_some() {
            break;
        }
        let standing = s.below(at);
        if s.cut {
            greedy = Some(format!("the search below stopped after {} runs", s.cap_here));
        } else if standing != Least::Proven && greedy.is_none() {
            greedy = Some(standing.to_string());
        }
        s.cut = false;
    }
    if let Some(e) = s.error {
        return Err(e);
    }
    s.best.runs = s.runs;
    s.best.standing = match (s.stopped, greedy) {
        (Some(budget), _) => Standing::BudgetExhausted(budget),
        (None, Some(why)) => Standing::Greedy(why),
        (None, None) => Standing::Least,
    };
    Ok(s.best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chopsticks::{Chopsticks, State};
    use crate::problem::Range;
    use crate::stress::judge;

    /// Returns the shrink of `failing`, which `check` fails, on one thread as a run's
    /// shrink is, within the contest bounds of `problem` (named `name`).
    fn shrunk_alone<P: ContestFormat + Order>(
        problem: &P,
        name: &str,
        failing: Vec<P::Case>,
        check: &Check<'_, P::Case>,
        limits: ShrinkLimits,
    ) -> Shrunk<P::Case> {
        let (judgement, run) = check(&failing).expect("judged");
        assert_ne!(judgement.verdict, Verdict::Ok);
        let bounds = problem
            .constraints()
            .expect("constraints")
            .bounds(name, Range::Contest, &[])
            .expect("bounds");
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("pool");
        pool.install(|| {
            shrink(
                problem,
                &bounds,
                failing,
                judgement,
                run,
                check,
                &|_, _, _| {},
                limits,
            )
        })
        .expect("shrunk")
    }

    /// Returns the shrink of a solution that answers `Second` everywhere from a large
    /// failing input, each run taking `sleep` of wall time and reporting `cpu` of CPU time.
    fn shrunk(sleep: Duration, cpu: Duration, limits: ShrinkLimits) -> Shrunk<State> {
        let p = Chopsticks::problem(1);
        let check = |cases: &[State]| {
            std::thread::sleep(sleep);
            let run = RunOutcome {
                termination: Termination::Exited(0),
                stdout: "Second\n".repeat(cases.len()).into_bytes(),
                stderr: Vec::new(),
                elapsed: sleep,
                cpu,
            };
            Ok((judge(&p, cases, &run)?, run))
        };
        let failing = vec![State::new(3, 0, 0, 5), State::new(7, 7, 2, 2)];
        shrunk_alone(&p, "chopsticks", failing, &check, limits)
    }

    /// Returns the shrink from heap `failing` of S = {1, 2}, where the player to move
    /// wins exactly when 3 does not divide n, for a program wrong exactly on the heaps
    /// `wrong` holds; `seen` is shown the heaps of every run.
    fn subtraction_shrunk(
        failing: u64,
        wrong: &(dyn Fn(u64) -> bool + Sync),
        seen: &(dyn Fn(&[u64]) + Sync),
        limits: ShrinkLimits,
    ) -> Shrunk<u64> {
        use crate::game::{GameProblem, Question};
        use crate::games::subtraction::Subtraction;
        let p = GameProblem::new(Subtraction::new(vec![1, 2]).expect("a set"), Question::default())
            .expect("a problem");
        let check = |cases: &[u64]| {
            seen(cases);
            let words: Vec<&str> = cases
                .iter()
                .map(|&n| match (n % 3 != 0) != wrong(n) {
                    true => "First",
                    false => "Second",
                })
                .collect();
            let run = RunOutcome {
                termination: Termination::Exited(0),
                stdout: format!("{}\n", words.join("\n")).into_bytes(),
                stderr: Vec::new(),
                elapsed: Duration::ZERO,
                cpu: Duration::ZERO,
            };
            Ok((judge(&p, cases, &run)?, run))
        };
        shrunk_alone(&p, "subtraction", vec![failing], &check, limits)
    }

    #[test]
    fn a_narrow_band_of_failures_far_up_is_reached_in_few_runs() {
        // A program right everywhere but on the 70 heaps from 10^17 (a float comparison's
        // band): shrunk from inside the band, the least failing heap is the band's first.
        let band = 100_000_000_000_000_000..100_000_000_000_000_070u64;
        // The search below heaps of 10^17 proves nothing: one run of it is enough here.
        let limits = ShrinkLimits {
            max_enumerated: 1,
            ..ShrinkLimits::default()
        };
        let s = subtraction_shrunk(band.start + 50, &|n| band.contains(&n), &|_| (), limits);
        assert_eq!(s.cases, [band.start]);
        // Bisection alone spends a run per bit of the heap (57; 64 runs in all when it
        // was all there was); the gallop down from the top, about two per bit of the
        // band's width (7): 23 runs in all.
        assert!(s.runs < 57, "{} runs", s.runs);
    }

    /// Returns the shrink from heap `t` of S = {1, 2} for a program wrong at every heap
    /// from `t` on (the least failing heap is `t`), and how many runs held only heaps
    /// below `t - COUNT_STEPS` (the descent's jumps down and the search below).
    fn wrong_from(t: u64) -> (Shrunk<u64>, usize) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let far_below = AtomicUsize::new(0);
        let seen = |cases: &[u64]| {
            if cases.iter().all(|&n| u128::from(n) + COUNT_STEPS < u128::from(t)) {
                far_below.fetch_add(1, Ordering::Relaxed);
            }
        };
        let s = subtraction_shrunk(t, &|n| n >= t, &seen, ShrinkLimits::default());
        (s, far_below.into_inner())
    }

    #[test]
    fn the_search_below_spends_its_runs_only_where_it_can_prove_the_least() {
        // 10^4 heaps below: the enumeration reaches them all in more runs than a sample
        // (batches of at most 64 cases), and proves the heap least.
        let (s, below) = wrong_from(10_000);
        assert_eq!(
            (s.cases.as_slice(), &s.standing),
            (&[10_000][..], &Standing::Least)
        );
        assert!(below > SAMPLE_RUNS + 1, "{below} runs below");
        // 10^6 heaps below: no enumeration within the runs reaches them; a sample of the
        // smallest ones is run (besides the descent's few jumps down, such as the half
        // heap), not the 1000 runs of `max_enumerated`, and the heap is a local minimum.
        let (s, below) = wrong_from(1_000_000);
        assert_eq!(s.cases, [1_000_000]);
        assert_eq!(s.standing.name(), "greedy");
        assert!(below <= SAMPLE_RUNS + 8, "{below} runs below");
    }

    #[test]
    fn the_programs_cpu_time_spends_the_time_budget() {
        // Each run reports 1 s of CPU time: the third run spends the 3 s budget, whatever
        // the wall clock says (the runs take none).
        let limits = ShrinkLimits {
            max_time: Duration::from_secs(3),
            ..ShrinkLimits::default()
        };
        let s = shrunk(Duration::ZERO, Duration::from_secs(1), limits);
        assert_eq!(
            s.standing,
            Standing::BudgetExhausted(Budget::Time(limits.max_time))
        );
        assert_eq!(s.runs, 3);
    }

    #[test]
    fn sleeping_runs_meet_the_wall_clock_safety_net_only() {
        // Runs of 30 ms asleep: more wall time in all than a 0.2 s budget would allow if
        // it were wall-clock time, far less than its safety net of 2 s.
        let limits = ShrinkLimits {
            max_time: Duration::from_millis(200),
            ..ShrinkLimits::default()
        };
        let s = shrunk(Duration::from_millis(30), Duration::ZERO, limits);
        assert_eq!(s.standing, Standing::Least);
        assert!(s.runs * 30 > 200, "{} runs", s.runs);
        // A budget of 10 ms of CPU time has a safety net of 0.1 s: runs of 60 ms asleep
        // meet it at the second run, long before the shrink's own work spends 10 ms.
        let limits = ShrinkLimits {
            max_time: Duration::from_millis(10),
            ..ShrinkLimits::default()
        };
        let s = shrunk(Duration::from_millis(60), Duration::ZERO, limits);
        assert_eq!(
            s.standing,
            Standing::BudgetExhausted(Budget::Wall(limits.max_time))
        );
        assert_eq!(s.runs, 2);
    }
}
