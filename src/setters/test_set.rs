//! A judge's test set for a problem: the least inputs that kill each given wrong program
//! (found and shrunk by [`crate::stress::stress`]), boundary and maximal tests, and every
//! small case, each answered by the checked solver, kept only when it kills a program no
//! earlier test killed or covers something no earlier test covered.

use std::collections::BTreeSet;
use std::path::PathBuf;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::problem::{Bounds, ContestFormat, Order};
use crate::stress::{
    Failure, Generator, Inputs, Judgement, Limits, Report, ShrinkLimits, Solution, StressError, Verdict,
};

/// Inputs a wrong program is stressed on before it is called unkilled by stress.
pub const STRESS_INPUTS: usize = 300;
/// The most cases of the maximal test: T's limit when it is lower.
pub const MAX_TEST_CASES: u64 = 10_000;

/// What [`test_set`] needs besides the problem.
#[derive(Clone, Debug)]
pub struct TestSetConfig {
    /// The problem as named on the command line, with its parameters.
    pub problem_args: String,
    /// The wrong programs (commands or source files) the tests must kill.
    pub wrong: Vec<Solution>,
    /// The most tests written; the tests that kill a program come first.
    pub max_tests: usize,
    /// Seed of every draw: the same seed writes the same tests.
    pub seed: u64,
    /// Limits of each run of a wrong program.
    pub limits: Limits,
    /// Limits of each shrink.
    pub shrink: ShrinkLimits,
    /// Where source files are built; `None`: the build cache.
    pub build_dir: Option<PathBuf>,
}

/// One test of the set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Test {
    /// The input, valid for [`crate::setters::validate()`].
    pub input: String,
    /// The answer, from the checked solver.
    pub answer: String,
    /// Where it came from: `kills`, `boundary`, `maximal`, `small`, or a stress
    /// generator's name (`answer-boundary`, `top-of-range`, `near-lost`).
    pub kind: &'static str,
    /// The number of cases.
    pub cases: usize,
    /// The wrong programs it kills, by index in [`TestSetConfig::wrong`].
    pub kills: Vec<usize>,
    /// What it covers first among the kept tests: a boundary, an answer, a small case.
    pub covers: Vec<String>,
}

/// How one wrong program fared against the set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Kill {
    /// The program as given.
    pub program: String,
    /// The first test (1-based) that kills it, if one does.
    pub test: Option<usize>,
    /// Its verdict on that test.
    pub verdict: Option<Verdict>,
    /// Why, as the judge says it.
    pub detail: String,
    /// The least failing input stress found and shrunk, if it found one.
    pub shrunk: Option<String>,
}

/// The test set [`test_set`] returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TestSet {
    pub problem: String,
    pub seed: u64,
    pub tests: Vec<Test>,
    pub kills: Vec<Kill>,
    /// Candidate tests dropped: they killed no new program and covered nothing new.
    pub dropped: usize,
    /// Candidate tests left out by `max_tests`, though new.
    pub over_limit: usize,
    /// The T of the maximal test, and why it is not T's limit when it is not.
    pub max_t: u64,
    pub max_t_note: Option<String>,
}

impl TestSet {
    /// Returns whether every wrong program is killed by some test.
    pub fn all_killed(&self) -> bool {
        self.kills.iter().all(|k| k.test.is_some())
    }
}

/// A candidate test: what its input is written from and where it came from.
pub(crate) struct Candidate<C> {
    pub(crate) cases: C,
    pub(crate) kind: &'static str,
}

/// A candidate made ready to judge: its number of cases, its answer file and what it
/// covers of its own (the engine adds the input of a stress generator).
pub(crate) struct Ready {
    pub(crate) cases: usize,
    pub(crate) answer: String,
    pub(crate) covers: BTreeSet<String>,
}

/// How the tests of one kind of game are drawn, read and judged: the one thing that
/// varies between a batch problem and an interactive game. Stressing each wrong program,
/// judging every candidate against every program not yet killed and keeping those that
/// add something are the engine's ([`test_set_with`]).
pub(crate) trait TestStep {
    /// What a candidate's input is written from: a batch problem's cases, an interactive
    /// test's text.
    type Cases;

    /// Returns the report of stress on the wrong program of `config`.
    fn stress(&self, config: &crate::stress::Config) -> Result<Report, StressError>;

    /// Returns the candidates a failure of stress gives, in order.
    fn kills(&self, failure: &Failure) -> Vec<Self::Cases>;

    /// Returns the candidates of stress's generators and of the step's own, in order.
    fn drawn(&self, config: &TestSetConfig) -> Result<Vec<Candidate<Self::Cases>>, StressError>;

    /// Returns the input file of `cases`.
    fn input(&self, cases: &Self::Cases) -> String;

    /// Returns the candidate `input` made ready, `None` when it is not a valid input.
    fn ready(&self, cases: &Self::Cases, input: &str) -> Result<Option<Ready>, StressError>;

    /// Returns the judgement of `program` on the candidate `input`, run within the
    /// config's limits.
    fn judge(&self, program: &Solution, cases: &Self::Cases, input: &str) -> Result<Judgement, StressError>;

    /// Forgets what judging one candidate memoized.
    fn forget(&self) {}

    /// Returns the T of the maximal test, and why it is not T's limit when it is not.
    fn max_t(&self) -> (u64, Option<String>) {
        (0, None)
    }
}

/// Returns the label of each coordinate's ends and of T's that `cases` reach, with the
/// answers they hold and their small cases: what a kept test must add one of.
fn coverage<P: ContestFormat + Order>(
    problem: &P,
    cases: &[P::Case],
    answers: &[P::Answer],
    bounds: &Bounds,
    max_t: u64,
) -> BTreeSet<String> {
    let (lo, hi) = (
        u128::from(bounds.min("count")),
        u128::from(bounds.max_or("count", u64::MAX)),
    );
    let mut out = BTreeSet::new();
    if cases.len() as u64 == max_t {
        out.insert("T at its maximum".to_owned());
    }
    for (case, answer) in cases.iter().zip(answers) {
        let coordinates = problem.coordinates(case);
        for (i, &v) in coordinates.iter().enumerate() {
            if v == lo {
                out.insert(format!("count {} at its least, {lo}", i + 1));
            }
            if v == hi {
                out.insert(format!("count {} at its top, {hi}", i + 1));
            }
        }
        out.insert(format!("answer {}", problem.write_answer(answer)));
        if coordinates.iter().all(|&v| v <= lo + 8) {
            out.insert(format!(
                "small case {}",
                problem.write_case(case).replace('\n', " / ")
            ));
        }
    }
    out
}

/// Returns the cases of the boundary test: a tiny case with each coordinate, then every
/// pair of them, set to the ends of the count range, those the format admits.
fn boundary_cases<P: ContestFormat + Order>(problem: &P, bounds: &Bounds, base: &P::Case) -> Vec<P::Case> {
    let (lo, hi) = (
        u128::from(bounds.min("count")),
        u128::from(bounds.max_or("count", u64::MAX)),
    );
    let k = problem.coordinates(base).len();
    let ends = [lo, lo + 1, hi - 1, hi];
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    let mut push = |case: Option<P::Case>, out: &mut Vec<P::Case>| {
        if let Some(case) = case
            && bounds.admits(&problem.extent(std::slice::from_ref(&case)))
            && problem
                .read_input(problem.write_input(std::slice::from_ref(&case)).as_bytes())
                .is_ok()
            && seen.insert(problem.write_case(&case))
        {
            out.push(case);
        }
    };
    for i in 0..k {
        for &v in &ends {
            push(problem.with_coordinate(base, i, v), &mut out);
            for j in i + 1..k {
                for &w in &ends {
                    let case = problem
                        .with_coordinate(base, i, v)
                        .and_then(|c| problem.with_coordinate(&c, j, w));
                    push(case, &mut out);
                }
            }
        }
    }
    out
}

/// Returns the maximal test: T at `max_t`, each case drawn within `bounds` with every
/// coordinate at or just below the top, cut to the most cases the problem's strict
/// reader accepts (its sums).
fn maximal_cases<P: ContestFormat + Order>(
    problem: &P,
    rng: &mut ChaCha8Rng,
    bounds: &Bounds,
    max_t: u64,
) -> Vec<P::Case> {
    let hi = u128::from(bounds.max_or("count", u64::MAX));
    let mut cases = Vec::new();
    let mut misses = 0;
    while (cases.len() as u64) < max_t && misses < 1000 {
        let drawn = problem.generate(rng, bounds);
        if drawn.is_empty() {
            misses += 1;
        }
        for case in drawn {
            let k = problem.coordinates(&case).len();
            let top = (0..k).fold(case, |c, i| {
                let v = hi.saturating_sub(rng.random_range(0..=2u128));
                problem.with_coordinate(&c, i, v).unwrap_or(c)
            });
            cases.push(top);
        }
    }
    cases.truncate(usize::try_from(max_t).unwrap_or(usize::MAX));
    let valid =
        |n: usize| crate::setters::validate(problem, problem.write_input(&cases[..n]).as_bytes()).is_ok();
    if valid(cases.len()) {
        return cases;
    }
    // The sums: the most cases that still meet them, by bisection.
    let (mut lo, mut hi) = (0, cases.len());
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if valid(mid) { lo = mid } else { hi = mid }
    }
    cases.truncate(lo);
    cases
}

/// Returns the runnable command of `solution`, a source file built once.
fn runnable(solution: &Solution, build_dir: Option<&std::path::Path>) -> Result<Solution, StressError> {
    Ok(
        match crate::program::built_in(&solution.display(), build_dir)?.split_first() {
            Some((program, args)) => Solution {
                program: program.clone(),
                args: args.to_vec(),
            },
            None => solution.clone(),
        },
    )
}

/// Returns the stress configuration of `config` for `solution`, its failure kept in
/// `out_dir`.
pub(crate) fn stress_config(
    config: &TestSetConfig,
    solution: &Solution,
    out_dir: Option<PathBuf>,
) -> crate::stress::Config {
    crate::stress::Config {
        problem_args: config.problem_args.clone(),
        solution: solution.clone(),
        seed: config.seed,
        cases: STRESS_INPUTS,
        // The test set has a maximal test of its own.
        maximal: 0,
        jobs: 1,
        limits: config.limits,
        shrink: config.shrink,
        out_dir,
        build_dir: config.build_dir.clone(),
        ..crate::stress::Config::default()
    }
}

/// The batch step: a candidate is cases, answered by the checked solver, and a wrong
/// program's output is judged against the answers.
struct Batch<'a, P> {
    problem: &'a P,
    /// The bounds stress draws within.
    bounds: Bounds,
    /// The same with T at the maximal test's: stress's inputs packed to a file.
    packed: Bounds,
    max_t: u64,
    max_t_note: Option<String>,
    /// The limits of each run of a wrong program.
    limits: Limits,
}

impl<'a, P: ContestFormat + Order> Batch<'a, P> {
    /// Returns the batch step of `problem`, its bounds planned as stress plans them
    /// ([`crate::stress::plan`] first holds the fast path against the rules).
    fn new(problem: &'a P, config: &TestSetConfig) -> Result<Self, StressError> {
        let planned = stress_config(config, &Solution::parse("true")?, None);
        let (bounds, _) = crate::stress::plan(problem, &planned)?;
        let constraints = problem
            .constraints()
            .map_err(|why| StressError::Reference { why })?;
        let dimension = constraints.dimensions.iter().find(|d| d.flag == "cases");
        let (max_t, max_t_note) = match dimension {
            Some(d) if d.limit > MAX_TEST_CASES => (
                MAX_TEST_CASES,
                Some(format!(
                    "T's limit {} is above {MAX_TEST_CASES}, the most a test here holds",
                    d.limit
                )),
            ),
            Some(d) => (d.limit, None),
            None => (1, None),
        };
        let packed = match dimension {
            Some(d) if max_t > bounds.max_or("cases", 1) && max_t >= d.min => constraints
                .bounds(
                    &config.problem_args,
                    crate::problem::Range::Contest,
                    &[("cases", max_t)],
                )
                .unwrap_or_else(|_| bounds.clone()),
            _ => bounds.clone(),
        };
        Ok(Batch {
            problem,
            bounds,
            packed,
            max_t,
            max_t_note,
            limits: config.limits,
        })
    }
}

impl<P: ContestFormat + Order> TestStep for Batch<'_, P> {
    type Cases = Vec<P::Case>;

    fn stress(&self, config: &crate::stress::Config) -> Result<Report, StressError> {
        crate::stress::stress(self.problem, config)
    }

    fn kills(&self, failure: &Failure) -> Vec<Self::Cases> {
        self.problem
            .read_input(failure.input.as_bytes())
            .into_iter()
            .filter(|cases| !cases.is_empty())
            .collect()
    }

    /// Stress's own inputs, as many cases to a file as T allows: every small case, the
    /// boundary test, the boundary generators' inputs, then the maximal test.
    fn drawn(&self, config: &TestSetConfig) -> Result<Vec<Candidate<Self::Cases>>, StressError> {
        let problem = self.problem;
        let inputs: Vec<_> = Inputs::for_run(problem, config.seed, &self.packed, 120)
            .take(120)
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
        let mut candidates = Vec::new();
        for g in inputs.iter().filter(|g| g.generator == Generator::SmallValues) {
            candidates.push(Candidate {
                cases: g.cases.clone(),
                kind: "small",
            });
        }
        if let Some(base) = inputs.first().and_then(|g| g.cases.first()) {
            let cases = boundary_cases(problem, &self.bounds, base);
            for chunk in cases.chunks(usize::try_from(self.max_t).unwrap_or(usize::MAX).max(1)) {
                candidates.push(Candidate {
                    cases: chunk.to_vec(),
                    kind: "boundary",
                });
            }
        }
        for generator in [
            Generator::AnswerBoundary,
            Generator::TopOfRange,
            Generator::NearLost,
        ] {
            for g in inputs.iter().filter(|g| g.generator == generator).take(3) {
                candidates.push(Candidate {
                    cases: g.cases.clone(),
                    kind: generator.name(),
                });
            }
        }
        candidates.push(Candidate {
            cases: maximal_cases(problem, &mut rng, &self.bounds, self.max_t),
            kind: "maximal",
        });
        candidates.retain(|c| !c.cases.is_empty());
        Ok(candidates)
    }

    fn input(&self, cases: &Self::Cases) -> String {
        self.problem.write_input(cases)
    }

    fn ready(&self, cases: &Self::Cases, input: &str) -> Result<Option<Ready>, StressError> {
        if crate::setters::validate(self.problem, input.as_bytes()).is_err() {
            return Ok(None);
        }
        let (answers, answer) = crate::stress::expected_answers(self.problem, cases)?;
        Ok(Some(Ready {
            cases: cases.len(),
            answer,
            covers: coverage(self.problem, cases, &answers, &self.bounds, self.max_t),
        }))
    }

    fn judge(&self, program: &Solution, cases: &Self::Cases, input: &str) -> Result<Judgement, StressError> {
        let run = crate::stress::run(program, input.as_bytes(), &self.limits)?;
        crate::stress::judge(self.problem, cases, &run)
    }

    fn forget(&self) {
        self.problem.forget();
    }

    fn max_t(&self) -> (u64, Option<String>) {
        (self.max_t, self.max_t_note.clone())
    }
}

/// Returns the test set of `problem` for `config`: first the least input killing each
/// wrong program (stress's run and shrink, [`crate::stress::stress`], seeded by
/// `config.seed`), then every small case packed T to a file, a boundary test (each
/// count at the ends of its range), stress's answer-boundary, top-of-range and
/// near-lost inputs, and a maximal test (T at its limit, capped at [`MAX_TEST_CASES`],
/// counts at the top, the sums met). Every candidate is run through every wrong program
/// and answered by the checked solver ([`crate::stress::expected_answers`]; [`crate::stress::plan`]
/// first holds the fast path against the rules); one that kills no program not yet
/// killed and covers nothing new (an end of a range, T's maximum, an answer, a small
/// case) is dropped. Deterministic for a seed, but for wrong programs whose verdict
/// depends on time.
///
/// # Errors
/// The stress engine's: a wrong program that cannot be built or started, a case the
/// expected answers cannot judge, bounds the problem cannot judge.
pub fn test_set<P: ContestFormat + Order>(
    problem: &P,
    config: &TestSetConfig,
) -> Result<TestSet, StressError> {
    test_set_with(&Batch::new(problem, config)?, config)
}

/// Returns the test set `step` draws, reads and judges for `config`: the candidates
/// stress's failure on each wrong program gives, then the step's drawn ones, each run
/// through every wrong program not yet killed; one that kills none and covers nothing
/// new is dropped.
pub(crate) fn test_set_with<S: TestStep>(step: &S, config: &TestSetConfig) -> Result<TestSet, StressError> {
    let mut candidates = Vec::new();
    let mut kills = Vec::new();
    // The least input killing each wrong program, from stress.
    for (i, wrong) in config.wrong.iter().enumerate() {
        let dir = std::env::temp_dir().join(format!("gamecheck-tests-{}-{i}", std::process::id()));
        let report = step.stress(&stress_config(config, wrong, Some(dir.clone())));
        std::fs::remove_dir_all(&dir).ok();
        let failure = report?.failure;
        if let Some(f) = &failure {
            candidates.extend(
                step.kills(f)
                    .into_iter()
                    .map(|cases| Candidate { cases, kind: "kills" }),
            );
        }
        kills.push(Kill {
            program: wrong.display(),
            test: None,
            verdict: None,
            detail: String::new(),
            shrunk: failure.map(|f| f.input),
        });
    }
    candidates.extend(step.drawn(config)?);
    let (tests, dropped, over_limit) = keep(step, config, candidates, &mut kills)?;
    let (max_t, max_t_note) = step.max_t();
    Ok(TestSet {
        problem: config.problem_args.clone(),
        seed: config.seed,
        tests,
        kills,
        dropped,
        over_limit,
        max_t,
        max_t_note,
    })
}

/// Returns the tests kept of `candidates`, each judged against every wrong program not
/// yet killed (marked in `kills`), with the numbers dropped and left out by
/// `config.max_tests`.
fn keep<S: TestStep>(
    step: &S,
    config: &TestSetConfig,
    candidates: Vec<Candidate<S::Cases>>,
    kills: &mut [Kill],
) -> Result<(Vec<Test>, usize, usize), StressError> {
    let programs = config
        .wrong
        .iter()
        .map(|w| runnable(w, config.build_dir.as_deref()))
        .collect::<Result<Vec<_>, _>>()?;
    let mut covered = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let (mut tests, mut dropped, mut over_limit) = (Vec::new(), 0, 0);
    for Candidate { cases, kind } in candidates {
        let input = step.input(&cases);
        let ready = match seen.insert(input.clone()) {
            true => step.ready(&cases, &input)?,
            false => None,
        };
        let Some(mut ready) = ready else {
            dropped += 1;
            continue;
        };
        let mut judged = Vec::new();
        for (i, program) in programs.iter().enumerate() {
            if kills[i].test.is_none() {
                let judgement = step.judge(program, &cases, &input)?;
                if judgement.verdict != Verdict::Ok {
                    judged.push((i, judgement));
                }
            }
        }
        step.forget();
        // One input of each of stress's generators, and the maximal one, is new.
        if !matches!(kind, "kills" | "small" | "boundary") {
            let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            ready.covers.insert(format!("{article} {kind} input"));
        }
        let covers: Vec<String> = ready
            .covers
            .into_iter()
            .filter(|c| !covered.contains(c))
            .collect();
        if judged.is_empty() && covers.is_empty() {
            dropped += 1;
            continue;
        }
        if tests.len() >= config.max_tests {
            over_limit += 1;
            continue;
        }
        for (i, judgement) in &judged {
            kills[*i].test = Some(tests.len() + 1);
            kills[*i].verdict = Some(judgement.verdict);
            kills[*i].detail = judgement.detail.clone();
        }
        covered.extend(covers.iter().cloned());
        tests.push(Test {
            input,
            answer: ready.answer,
            kind,
            cases: ready.cases,
            kills: judged.into_iter().map(|(i, _)| i).collect(),
            covers,
        });
    }
    Ok((tests, dropped, over_limit))
}
