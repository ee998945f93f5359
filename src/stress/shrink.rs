//! Shrinking a failing input to a least one that fails with the same verdict, over any
//! problem: first fewer cases (ddmin over the cases of the file), then each remaining
//! case by the problem's own least-counterexample search ([`crate::problem::least`] with
//! its [`Order`]), which descends and then enumerates the cases below in order. Every
//! candidate stays within the run's bounds.

use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;
use std::time::{Duration, Instant};

use super::StressError;
use super::judge::{Judgement, Verdict};
use super::run::{RunOutcome, Termination};
use crate::problem::{Bounds, ContestFormat, Least, Order, least};

/// Bounds on the shrinking reruns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShrinkLimits {
    /// Program runs in all.
    pub max_runs: usize,
    /// Runs that may hit the time limit (each costs the whole timeout); the next one
    /// that does ends the shrink, so 0 stops it at the first.
    pub max_timeouts: usize,
    /// Wall-clock time for the whole shrink.
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
    Time(Duration),
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
                "shrink time budget (--max-shrink-seconds {}) exhausted",
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
pub(crate) type Adopted<'a, C> = dyn Fn(&[C], &Judgement, &RunOutcome) + 'a;

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
    start: Instant,
    runs: usize,
    timeouts: usize,
    /// Runs in the current case's search, capped by `max_enumerated`.
    runs_here: usize,
    cut: bool,
    stopped: Option<Budget>,
    error: Option<StressError>,
    /// Fingerprints (128-bit) of the inputs already run that did not fail with the
    /// target verdict (runs are taken to be deterministic), so no candidate is run twice.
    passed: HashSet<u128>,
    best: Shrunk<P::Case>,
}

impl<P: ContestFormat> Search<'_, P> {
    /// Runs `cases` unless a budget forbids it; adopts them when they fail with the target
    /// verdict.
    fn fails(&mut self, cases: &[P::Case]) -> bool {
        if self.stopped.is_some() || self.error.is_some() || self.cut {
            return false;
        }
        if cases.is_empty() || !self.bounds.admits(&self.problem.extent(cases)) {
            return false;
        }
        let text = self.problem.write_input(cases);
        let print = fingerprint(&text);
        if self.passed.contains(&print) {
            return false;
        }
        if self.runs >= self.limits.max_runs {
            self.stopped = Some(Budget::Runs(self.limits.max_runs));
            return false;
        }
        // The budget is what may time out; only a run beyond it stops the shrink.
        if self.timeouts > self.limits.max_timeouts {
            self.stopped = Some(Budget::Timeouts(self.limits.max_timeouts));
            return false;
        }
        if self.start.elapsed() >= self.limits.max_time {
            self.stopped = Some(Budget::Time(self.limits.max_time));
            return false;
        }
        if self.runs_here >= self.limits.max_enumerated {
            self.cut = true;
            return false;
        }
        match (self.check)(cases) {
            Err(e) => {
                self.error = Some(e);
                false
            }
            Ok((judgement, run)) => {
                self.runs += 1;
                self.runs_here += 1;
                if run.termination == Termination::TimedOut {
                    self.timeouts += 1;
                }
                if judgement.verdict == self.target {
                    (self.adopted)(cases, &judgement, &run);
                    self.best.cases = cases.to_vec();
                    self.best.judgement = judgement;
                    self.best.run = run;
                    true
                } else {
                    self.passed.insert(print);
                    false
                }
            }
        }
    }

    /// Classic ddmin over the cases: keep one chunk, else drop one chunk, refining.
    fn ddmin(&mut self) {
        let mut parts = 2usize;
        while self.best.cases.len() >= 2 && self.stopped.is_none() && self.error.is_none() {
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
            match candidates.iter().position(|c| self.fails(c)) {
                Some(i) => parts = if i < chunks.len() { 2 } else { (parts - 1).max(2) },
                None if parts >= items.len() => break,
                None => parts = (parts * 2).min(items.len()),
            }
        }
    }
}

/// Returns the least input found that fails with the same verdict as `judgement`, by
/// rerunning `check` on smaller inputs within `bounds`: ddmin over the cases, then each
/// case by [`least`] with the problem's order. Runs are made one at a time.
///
/// # Constraints
/// `judgement` and `run` are what `check` gave on `failing`, and the verdict is not `ok`.
///
/// # Complexity
/// At most `limits.max_runs` runs of `check` (of them at most `limits.max_timeouts` + 1
/// that time out), within about `limits.max_time`.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{Chopsticks, State};
/// use gamecheck::problem::{ContestFormat, Range};
/// use gamecheck::stress::{judge, shrink, RunOutcome, ShrinkLimits, Standing, Termination, Verdict};
/// use std::time::Duration;
/// let p = Chopsticks::with_table_limit(1);
/// // A fake solution that answers Second everywhere.
/// let check = |cases: &[State]| {
///     let run = RunOutcome {
///         termination: Termination::Exited(0),
///         stdout: "Second\n".repeat(cases.len()).into_bytes(),
///         stderr: Vec::new(),
///         elapsed: Duration::ZERO,
///     };
///     Ok((judge(&p, cases, &run)?, run))
/// };
/// let failing = vec![State::new(3, 0, 0, 5), State::new(7, 7, 2, 2)];
/// let (judgement, run) = check(&failing).unwrap();
/// let bounds = p.constraints().unwrap().bounds("chopsticks", Range::Contest, &[]).unwrap();
/// let shrunk = shrink(&p, &bounds, failing, judgement, run, &check, ShrinkLimits::default()).unwrap();
/// assert_eq!(shrunk.cases, [State::new(0, 1, 0, 1)]);
/// assert_eq!((shrunk.judgement.verdict, shrunk.standing), (Verdict::WrongAnswer, Standing::Least));
/// ```
pub fn shrink<P: ContestFormat + Order>(
    problem: &P,
    bounds: &Bounds,
    failing: Vec<P::Case>,
    judgement: Judgement,
    run: RunOutcome,
    check: &Check<'_, P::Case>,
    limits: ShrinkLimits,
) -> Result<Shrunk<P::Case>, StressError> {
    shrink_telling(
        problem,
        bounds,
        failing,
        judgement,
        run,
        check,
        &|_, _, _| {},
        limits,
    )
}

/// [`shrink`], telling `adopted` of each smaller failing input as it is found.
#[allow(clippy::too_many_arguments)]
pub(crate) fn shrink_telling<P: ContestFormat + Order>(
    problem: &P,
    bounds: &Bounds,
    failing: Vec<P::Case>,
    judgement: Judgement,
    run: RunOutcome,
    check: &Check<'_, P::Case>,
    adopted: &Adopted<'_, P::Case>,
    limits: ShrinkLimits,
) -> Result<Shrunk<P::Case>, StressError> {
    let search = RefCell::new(Search {
        problem,
        check,
        adopted,
        bounds,
        target: judgement.verdict,
        limits,
        start: Instant::now(),
        runs: 0,
        timeouts: 0,
        runs_here: 0,
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
    });
    search.borrow_mut().ddmin();
    let mut greedy: Option<String> = None;
    let count = search.borrow().best.cases.len();
    for i in 0..count {
        {
            let mut s = search.borrow_mut();
            if s.stopped.is_some() || s.error.is_some() {
                break;
            }
            s.runs_here = 0;
            s.cut = false;
        }
        let fails = |c: &P::Case| {
            let mut s = search.borrow_mut();
            let mut cases = s.best.cases.clone();
            cases[i] = c.clone();
            s.fails(&cases)
        };
        // A greedy descent on the problem's own smaller cases first: each step costs a
        // few runs where least's bisection costs a run per bit of every coordinate, which
        // is cheap in-process but not with a solution to run.
        loop {
            let here = search.borrow().best.cases[i].clone();
            let mut candidates = problem.smaller(&here);
            candidates.sort_by_key(|c| problem.key(c));
            let key = problem.key(&here);
            if !candidates.into_iter().any(|c| problem.key(&c) < key && fails(&c)) {
                break;
            }
        }
        {
            let mut s = search.borrow_mut();
            s.runs_here = 0;
            s.cut = false;
        }
        let found = search.borrow().best.cases[i].clone();
        let budget = limits.max_enumerated as u64;
        let (case, standing) = least(problem, &fails, found, budget);
        let mut s = search.borrow_mut();
        if s.best.cases[i] != case {
            // The search settled on a case it saw fail earlier: make it the result.
            let mut cases = s.best.cases.clone();
            cases[i] = case;
            s.cut = false;
            s.runs_here = 0;
            s.fails(&cases);
        }
        if s.cut {
            greedy = Some(format!(
                "the search below stopped after {} runs",
                limits.max_enumerated
            ));
        } else if standing != Least::Proven && greedy.is_none() {
            greedy = Some(standing.to_string());
        }
    }
    let mut s = search.into_inner();
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
