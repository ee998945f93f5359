//! Running one property: seeded cases, persisted failures, and a failure reduced by the
//! least-counterexample search, kept typed.

use std::path::Path;
use std::time::{Duration, Instant};

use proptest::test_runner::{TestCaseError, TestError};

use super::runner::{run_cases, seeded_runner};
use crate::problem::{Evaluation, Least, Problem, Properties, Property, least};

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

/// How a property run is seeded, sized and persisted.
#[derive(Clone, Copy, Debug)]
pub struct RunConfig<'a> {
    pub seed: u64,
    /// Cases to run (the property's share is applied by the caller).
    pub cases: u32,
    /// The directory whose `proptest-regressions/` keeps and replays failures; `None`
    /// writes nothing.
    pub persist_in: Option<&'a Path>,
}

/// Returns `Ok` when `property` holds on `config.cases` cases drawn from `config.seed`,
/// else its least counterexample. `tick` is called once per case.
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
/// let problem = Chopsticks::with_table_limit(16);
/// let bellman = problem.properties().into_iter().find(|p| p.name == "rule_is_bellman_consistent");
/// let config = RunConfig { seed: 11, cases: 200, persist_in: None };
/// assert!(run_property(&problem, &bellman.unwrap(), config, &|| {}).0.is_ok());
/// ```
pub fn run_property<P: Properties>(
    problem: &P,
    property: &Property<P>,
    config: RunConfig<'_>,
    tick: &(dyn Fn() + Sync),
) -> (Result<(), PropertyError<P>>, Duration) {
    let start = Instant::now();
    let regressions = config
        .persist_in
        .map(|dir| dir.join(problem.regressions()).to_string_lossy().into_owned());
    let mut runner = seeded_runner(config.seed, property.name, config.cases, regressions.as_deref());
    let check = |c: &P::Case| (property.check)(problem, c);
    let result = run_cases(&mut runner, &property.cases, &|case| {
        tick();
        check(&case).map_err(TestCaseError::fail)
    });
    let outcome = match result {
        Ok(()) => Ok(()),
        Err(TestError::Abort(reason)) => Err(PropertyError::Abort(reason.to_string())),
        Err(TestError::Fail(_, shrunk)) => {
            let fails = |c: &P::Case| check(c).is_err();
            let (case, standing) = least(problem, &fails, shrunk.clone(), problem.search_budget());
            Err(PropertyError::Fail(Box::new(Counterexample {
                property: property.name,
                reason: check(&case).err().unwrap_or_else(|| "fails".into()),
                evaluations: problem.evaluate(&case),
                case,
                least: standing,
                shrunk,
            })))
        }
    };
    (outcome, start.elapsed())
}

/// Returns `Ok` when every property of `problem` holds on its share of `cases` cases
/// (drawn from `seed`), else the first failure, typed. This is what `check` runs, and
/// what the tests call.
///
/// # Example
/// ```
/// use gamecheck::check::check_problem;
/// use gamecheck::moore::MoorePosition;
/// assert!(check_problem(&MoorePosition::default(), 11, 200, None).is_ok());
/// ```
pub fn check_problem<P: Properties>(
    problem: &P,
    seed: u64,
    cases: u32,
    persist_in: Option<&Path>,
) -> Result<(), PropertyError<P>> {
    for property in problem.properties() {
        let config = RunConfig {
            seed,
            cases: property.share.of(cases),
            persist_in,
        };
        run_property(problem, &property, config, &|| {}).0?;
    }
    Ok(())
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
/// assert_holds(&Chopsticks::default(), "rule_matches_minimax", 50, None);
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
    };
    match run_property(problem, property, config, &|| {}).0 {
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
