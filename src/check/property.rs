//! Running one property: seeded cases, persisted failures, and a failure reduced by the
//! least-counterexample search, kept typed.

use std::cell::Cell;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use proptest::test_runner::{FailurePersistence, FileFailurePersistence, TestCaseError, TestError};
use serde::Serialize;

use crate::problem::{Budget, CaseError, Evaluation, Least, Problem, Properties, Property, least};
use crate::runner::{run_cases, seeded_runner};

/// A property that failed, reduced to its least counterexample, with every
/// implementation's answer there. Everything stays typed, as proptest's
/// `TestError::Fail(reason, T)` does.
#[derive(Clone, Debug, PartialEq)]
pub struct Counterexample<P: Problem> {
    pub property: &'static str,
    /// The least failing case found.
    pub case: P::Case,
    /// How sure it is to be least.
    pub least: Least,
    /// Where proptest's shrinking stopped, before the search below it.
    pub shrunk: P::Case,
    /// Why the property fails at `case`.
    pub reason: String,
    /// Every implementation's answer at `case`.
    pub evaluations: Vec<Evaluation<P::Answer>>,
}

/// Why a property did not pass.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum PropertyError<P: Problem> {
    /// The implementations disagree.
    Fail(Box<Counterexample<P>>),
    /// proptest gave up (too many rejected cases), with its reason.
    Abort(String),
}

/// The cases a run could not judge: a side ran out of its budget or reach there.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Unjudged {
    /// How many cases.
    pub cases: u64,
    /// How many of them each budget stopped, with the first one's reason.
    pub by: Vec<Stopped>,
}

/// The cases one budget stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stopped {
    pub budget: Budget,
    pub cases: u64,
    /// Why the first of them was not judged.
    pub example: String,
}

impl Unjudged {
    /// Counts one case that `budget` stopped, for `reason`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::check::Unjudged;
    /// use gamecheck::problem::Budget;
    /// let mut u = Unjudged::default();
    /// u.add(Budget::Cycle, "a");
    /// u.add(Budget::Cycle, "b");
    /// u.add(Budget::Reach { limit: 24 }, "c");
    /// assert_eq!((u.cases, u.by.len(), u.by[0].cases), (3, 2, 2));
    /// assert_eq!(u.to_string(), "3 unjudged (2 cycle, 1 reach: counts above 24)");
    /// ```
    pub fn add(&mut self, budget: Budget, reason: &str) {
        self.cases += 1;
        match self.by.iter_mut().find(|s| s.budget == budget) {
            Some(s) => s.cases += 1,
            None => self.by.push(Stopped {
                budget,
                cases: 1,
                example: reason.to_owned(),
            }),
        }
    }

    /// Adds `other`'s counts to these.
    pub fn merge(&mut self, other: &Unjudged) {
        for s in &other.by {
            match self.by.iter_mut().find(|t| t.budget == s.budget) {
                Some(t) => t.cases += s.cases,
                None => self.by.push(s.clone()),
            }
        }
        self.cases += other.cases;
    }
}

impl std::fmt::Display for Unjudged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} unjudged", self.cases)?;
        if !self.by.is_empty() {
            let by: Vec<String> = self
                .by
                .iter()
                .map(|s| format!("{} {}", s.cases, s.budget))
                .collect();
            write!(f, " ({})", by.join(", "))?;
        }
        Ok(())
    }
}

/// A case kept in the regressions file that no longer disagrees: it agrees now (the bug
/// was fixed), or no side can judge it (it was kept by a run that called a spent budget
/// a disagreement). It is not replayed as a failure.
#[derive(Clone, Debug, PartialEq)]
pub struct Stale<C> {
    pub case: C,
    /// Why it is not judged now; `None`: it agrees.
    pub now: Option<CaseError>,
}

/// What one property's run found.
#[derive(Clone, Debug, PartialEq)]
pub struct PropertyRun<P: Problem> {
    /// `Ok` when no case disagreed, else the least counterexample.
    pub result: Result<(), PropertyError<P>>,
    pub elapsed: Duration,
    /// The cases no side could judge (none of them is a counterexample).
    pub unjudged: Unjudged,
    /// Entries of the regressions file that no longer disagree.
    pub stale: Vec<Stale<P::Case>>,
}

/// Returns the number of cases kept in a proptest regressions file at `path` (0 when
/// there is none): proptest replays them first, one call each.
pub(super) fn persisted(path: &str) -> usize {
    persisted_count(path)
}

/// Returns the lines of the regressions file at `path` that are no kept case (a `cc`
/// line with its hex seed), nor a comment or blank: proptest skips them silently, so
/// a run would say "none kept". Each with its line number (from 1).
pub(crate) fn unreadable_regression_lines(path: &Path) -> Vec<(usize, String)> {
    let Ok(text) = std::fs::read(path) else {
        return Vec::new();
    };
    String::from_utf8_lossy(&text)
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line.trim();
            let seed = line
                .strip_prefix("cc ")
                .map(|rest| rest.split_whitespace().next().unwrap_or(""));
            !(line.is_empty()
                || line.starts_with('#')
                || seed.is_some_and(|s| {
                    !s.is_empty() && s.len() % 2 == 0 && s.bytes().all(|b| b.is_ascii_hexdigit())
                }))
        })
        .map(|(i, line)| (i + 1, line.chars().take(80).collect()))
        .collect()
}

fn persisted_count(path: &str) -> usize {
    let direct = FileFailurePersistence::Direct(Box::leak(path.to_owned().into_boxed_str()));
    direct.load_persisted_failures2(None).len()
}

/// How a property run is seeded, sized and persisted.
#[derive(Clone, Copy, Debug)]
pub struct RunConfig<'a> {
    pub seed: u64,
    /// Cases to run (the property's share is applied by the caller).
    pub cases: u32,
    /// The directory whose `proptest-regressions/` keeps and replays failures; `None`
    /// writes nothing.
    pub persist_in: Option<&'a Path>,
    /// The CPU time the cases may take on the calling thread (`None`: no limit); the
    /// cases after it are counted unjudged ([`Budget::Run`]), not run. A wall-clock net
    /// [`crate::budget::WALL_SAFETY_FACTOR`] times larger stops them on a machine that
    /// never schedules the thread.
    pub budget: Option<Duration>,
}

/// Returns what running `property` on `config.cases` cases drawn from `config.seed`
/// found: `Ok` when no case disagrees, else its least counterexample; the cases a side
/// could not judge, counted by the budget that stopped them; and the kept regressions
/// that no longer disagree. Only a disagreement fails, is shrunk and is kept in the
/// regressions file; an unjudged case passes, and the least search skips it. `tick` is
/// called once per case.
///
/// # Complexity
/// `config.cases` calls of the property, plus the least-counterexample search on a
/// failure (at most the problem's [`Properties::search_budget`] candidates).
///
/// # Example
/// ```
/// use gamecheck::check::{run_property, RunConfig};
/// use gamecheck::chopsticks::Chopsticks;
/// use gamecheck::problem::Properties;
/// let problem = Chopsticks::problem(16);
/// let bellman = problem.properties().into_iter().find(|p| p.name == "fast_path_is_bellman_consistent");
/// let config = RunConfig { seed: 11, cases: 200, persist_in: None, budget: None };
/// let run = run_property(&problem, &bellman.unwrap(), config, &|| {});
/// assert!(run.result.is_ok() && run.unjudged.cases == 0);
/// ```
pub fn run_property<P: Properties>(
    problem: &P,
    property: &Property<P>,
    config: RunConfig<'_>,
    tick: &(dyn Fn() + Sync),
) -> PropertyRun<P> {
    let start = Instant::now();
    let regressions = config
        .persist_in
        .map(|dir| dir.join(problem.regressions()).to_string_lossy().into_owned());
    let kept = regressions.as_deref().map_or(0, persisted);
    let mut runner = seeded_runner(config.seed, property.name, config.cases, regressions.as_deref());
    let check = |c: &P::Case| (property.check)(problem, c);
    // What the test calls saw, until the first disagreement (after it, proptest shrinks).
    struct Seen<C> {
        calls: usize,
        failed: bool,
        unjudged: Unjudged,
        stale: Vec<Stale<C>>,
    }
    let seen = Mutex::new(Seen {
        calls: 0,
        failed: false,
        unjudged: Unjudged::default(),
        stale: Vec::new(),
    });
    let cpu_start = crate::budget::thread_cpu_time();
    // The thread's CPU clock is a system call, a few percent of a cheap property's time
    // when read at every case: it is read every `CLOCK_EVERY` cases (the first included),
    // and once the budget is spent it stays spent.
    const CLOCK_EVERY: u32 = 64;
    let (asked, was_spent) = (Cell::new(0u32), Cell::new(false));
    let spent = || {
        let Some(b) = config.budget else {
            return false;
        };
        let n = asked.get();
        asked.set(n.wrapping_add(1));
        if !was_spent.get() && n % CLOCK_EVERY == 0 {
            was_spent.set(
                crate::budget::thread_cpu_time().saturating_sub(cpu_start) >= b
                    || start.elapsed() >= b * crate::budget::WALL_SAFETY_FACTOR,
            );
        }
        was_spent.get()
    };
    let result = run_cases(&mut runner, &property.cases, &|case| {
        if spent() {
            let mut s = seen.lock().unwrap_or_else(|e| e.into_inner());
            if !s.failed {
                tick();
                s.calls += 1;
                let seconds = config.budget.map_or(0, |b| b.as_secs_f64().ceil() as u64);
                s.unjudged
                    .add(Budget::Run { seconds }, "the run's budget was spent before it");
                return Ok(());
            }
        }
        let verdict = check(&case);
        let mut s = seen.lock().unwrap_or_else(|e| e.into_inner());
        if s.failed {
            // Shrinking: only a smaller disagreement is a smaller failure.
            return match verdict {
                Err(CaseError::Disagree(why)) => Err(TestCaseError::fail(why)),
                _ => Ok(()),
            };
        }
        tick();
        s.calls += 1;
        // proptest replays the kept cases first, one call each.
        let replayed = s.calls <= kept;
        match verdict {
            // A kept case that agrees now is a regression test that passes: listed as
            // stale, for the user to delete its line (docs/check.md).
            Ok(()) => {
                if replayed {
                    s.stale.push(Stale { case, now: None });
                }
            }
            Err(CaseError::Disagree(why)) => {
                s.failed = true;
                return Err(TestCaseError::fail(why));
            }
            Err(e @ CaseError::Unjudged { .. }) => {
                if let CaseError::Unjudged { budget, reason } = &e {
                    s.unjudged.add(budget.clone(), reason);
                }
                if replayed {
                    s.stale.push(Stale { case, now: Some(e) });
                }
            }
        }
        Ok(())
    });
    let seen = seen.into_inner().unwrap_or_else(|e| e.into_inner());
    let result = match result {
        Ok(()) => Ok(()),
        Err(TestError::Abort(reason)) => {
            Err(PropertyError::Abort(abort_reason(problem, &reason.to_string())))
        }
        Err(TestError::Fail(_, shrunk)) => {
            let skipped = Cell::new(0u64);
            let fails = |c: &P::Case| match check(c) {
                Err(CaseError::Disagree(_)) => true,
                Err(CaseError::Unjudged { .. }) => {
                    skipped.set(skipped.get() + 1);
                    false
                }
                Ok(()) => false,
            };
            let (case, mut standing) = least(problem, &fails, shrunk.clone(), problem.search_budget());
            if skipped.get() > 0 && standing == Least::Proven {
                standing = Least::Bounded {
                    searched: format!(
                        "every smaller candidate but {} that no side could judge",
                        skipped.get()
                    ),
                };
            }
            Err(PropertyError::Fail(Box::new(Counterexample {
                property: property.name,
                reason: check(&case)
                    .err()
                    .map_or_else(|| "fails".into(), |e| e.to_string()),
                evaluations: problem.evaluate(&case),
                case,
                least: standing,
                shrunk,
            })))
        }
    };
    PropertyRun {
        result,
        elapsed: start.elapsed(),
        unjudged: seen.unjudged,
        stale: seen.stale,
    }
}

/// Returns proptest's reason to abort, said in the problem's words where it has some:
/// "Too many local rejects" is a domain that rejected the cases drawn.
fn abort_reason<P: Problem>(problem: &P, reason: &str) -> String {
    match problem.last_rejection() {
        Some(why) if reason.contains("local rejects") => {
            format!("the domain rejected every case drawn; the last one because: {why}")
        }
        _ => reason.to_owned(),
    }
}

/// Returns, when no property of `problem` disagrees on its share of `cases` cases
/// (drawn from `seed`), the cases no side could judge; else the first failure, typed.
/// This is what `check` runs, and what the tests call.
///
/// # Errors
/// The first property that disagrees (its least counterexample) or aborts.
///
/// # Example
/// ```
/// use gamecheck::check::check_problem;
/// use gamecheck::game::{GameProblem, Question};
/// use gamecheck::moore::Moore;
/// let moore = GameProblem::new(Moore::new(6).unwrap(), Question::default()).unwrap();
/// assert!(check_problem(&moore, 11, 200, None).is_ok());
/// ```
pub fn check_problem<P: Properties>(
    problem: &P,
    seed: u64,
    cases: u32,
    persist_in: Option<&Path>,
) -> Result<Unjudged, PropertyError<P>> {
    let mut unjudged = Unjudged::default();
    for property in problem.properties() {
        let config = RunConfig {
            seed,
            cases: property.share.of(cases),
            persist_in,
            budget: None,
        };
        let run = run_property(problem, &property, config, &|| {});
        run.result?;
        unjudged.merge(&run.unjudged);
    }
    Ok(unjudged)
}

/// Runs `problem`'s property `name` on `cases` cases from seed 1, as a test does: failures
/// are kept in, and replayed from, `persist_in`'s `proptest-regressions/` (a crate's
/// `CARGO_MANIFEST_DIR`).
///
/// # Panics
/// When the problem has no property `name`, or the property aborts or fails; the message
/// names the least counterexample and every implementation's answer there.
///
/// # Example
/// ```
/// use gamecheck::check::assert_holds;
/// use gamecheck::chopsticks::Chopsticks;
/// assert_holds(&Chopsticks::problem(128), "rule_matches_minimax", 50, None);
/// ```
#[track_caller]
pub fn assert_holds<P: Properties>(problem: &P, name: &str, cases: u32, persist_in: Option<&Path>) {
    let properties = problem.properties();
    let Some(property) = properties.iter().find(|p| p.name == name) else {
        panic!("{} has no property {name}", problem.name());
    };
    let config = RunConfig {
        seed: 1,
        cases,
        persist_in,
        budget: None,
    };
    match run_property(problem, property, config, &|| {}).result {
        Ok(()) => {}
        Err(PropertyError::Abort(reason)) => panic!("{name} aborted: {reason}"),
        Err(PropertyError::Fail(c)) => panic!(
            "{name} fails at {} ({}): {}\n{:#?}",
            problem.describe(&c.case),
            c.least,
            c.reason,
            c.evaluations
        ),
    }
}
