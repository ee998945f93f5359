//! `gamecheck stress`, written once over any problem with a [`ContestFormat`] and an
//! [`Order`]: generate (sizes growing within the problem's bounds) → run (each solution
//! in its own process group) → judge (typed answers against the problem's fast solution)
//! → shrink (ddmin over the cases, then the problem's least-counterexample search), with
//! the first failure written out with a replay command.

mod generate;
mod judge;
mod reaper;
mod report;
mod run;
mod shrink;

use std::path::PathBuf;

use rayon::prelude::*;
use thiserror::Error;

pub use generate::{Generated, generate};
pub use judge::{Judgement, Verdict, expected_answers, judge};
pub use reaper::handle_signals;
pub use report::{Failure, Report};
pub use run::{Limits, RunOutcome, Solution, Termination, run};
pub use shrink::{Budget, ShrinkLimits, Shrunk, Standing, shrink};

use crate::input::InputError;
use crate::problem::{Bounds, BoundsError, ContestFormat, Order, RAMP_INPUTS, Range};
use crate::progress::Progress;

/// Why a stress run could not be carried out (as opposed to a solution failing).
#[derive(Debug, Error)]
pub enum StressError {
    #[error("solution command `{command}` is unusable: {why}")]
    BadCommand { command: String, why: String },
    #[error("cannot start the solution `{command}`")]
    Spawn {
        command: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{what} `{path}`")]
    Io {
        what: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("replay input `{path}` is not valid contest input")]
    ReplayInput {
        path: PathBuf,
        #[source]
        source: InputError,
    },
    #[error("the reference solver cannot judge this input: {why}")]
    Reference { why: String },
    #[error("{0}")]
    Problem(String),
    #[error(transparent)]
    Bounds(#[from] BoundsError),
    #[error("cannot start {jobs} worker threads")]
    Pool {
        jobs: usize,
        #[source]
        source: rayon::ThreadPoolBuildError,
    },
}

/// Everything a stress run needs besides the problem.
#[derive(Clone, Debug)]
pub struct Config {
    /// The problem as named on the command line, with its parameters (`games --k 7`),
    /// for the replay command.
    pub problem_args: String,
    pub solution: Solution,
    /// Seed of the ChaCha8 generator; the same seed gives the same inputs.
    pub seed: u64,
    /// How many inputs to generate and run.
    pub cases: usize,
    /// Solution runs at a time (at least 1).
    pub jobs: usize,
    pub limits: Limits,
    pub shrink: ShrinkLimits,
    /// The contest's bounds or the extended ones, and the `--max-*` flags over them.
    pub range: Range,
    pub overrides: Vec<(&'static str, u64)>,
    /// Where the failure's files go; `None`: a fresh directory under the temp dir.
    pub out_dir: Option<PathBuf>,
    /// Run on this contest input only (no generation, no shrinking).
    pub replay: Option<PathBuf>,
    /// Every child of this process is a solution run (the `gamecheck` binary): become a
    /// subreaper and kill whatever is reparented here once its run ended.
    pub reap: bool,
}

impl Config {
    /// Returns the lines announcing the run: the seed, limits and solution, then the
    /// ranges.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::Chopsticks;
    /// use gamecheck::problem::{ContestFormat, Range};
    /// use gamecheck::stress::{Config, Limits, ShrinkLimits, Solution};
    /// use std::time::Duration;
    /// let config = Config {
    ///     problem_args: "chopsticks".into(),
    ///     solution: Solution::parse("./sol").unwrap(),
    ///     seed: 7,
    ///     cases: 10,
    ///     jobs: 2,
    ///     limits: Limits { timeout: Duration::from_millis(500), max_output_bytes: 1 << 20 },
    ///     shrink: ShrinkLimits::default(),
    ///     range: Range::Contest,
    ///     overrides: vec![],
    ///     out_dir: None,
    ///     replay: None,
    ///     reap: false,
    /// };
    /// let p = Chopsticks::with_table_limit(1);
    /// let bounds = p.constraints().unwrap().bounds("chopsticks", Range::Contest, &[]).unwrap();
    /// assert!(config.banner(&bounds).contains("seed 7") && config.banner(&bounds).contains("T <= 20"));
    /// ```
    pub fn banner(&self, bounds: &Bounds) -> String {
        match &self.replay {
            Some(path) => format!(
                "{} stress {}: replaying {} on `{}`, timeout {} ms",
                crate::program::name(),
                self.problem_args,
                path.display(),
                self.solution.display(),
                self.limits.timeout.as_millis()
            ),
            None => format!(
                "{} stress {}: seed {}, {} inputs, {} jobs, timeout {} ms, solution `{}`\n\
                 ranges: {bounds}; sizes grow from tiny to them by input {RAMP_INPUTS}",
                crate::program::name(),
                self.problem_args,
                self.seed,
                self.cases,
                self.jobs,
                self.limits.timeout.as_millis(),
                self.solution.display()
            ),
        }
    }

    fn replay_command(&self, input: &std::path::Path) -> String {
        format!(
            "{} stress {} --solution {} --timeout-ms {} --max-output-bytes {} --replay {}",
            crate::program::name(),
            self.problem_args,
            shell_words::quote(&self.solution.display()),
            self.limits.timeout.as_millis(),
            self.limits.max_output_bytes,
            shell_words::quote(&input.to_string_lossy()),
        )
    }

    fn default_out_dir(&self) -> PathBuf {
        let name = self.problem_args.split_whitespace().next().unwrap_or("problem");
        std::env::temp_dir().join(format!(
            "gamecheck-stress-{name}-seed{}-{}",
            self.seed,
            std::process::id()
        ))
    }
}

/// Returns the bounds of a run of `problem` under `config`: its constraints' contest or
/// extended bounds with the `--max-*` overrides.
///
/// # Constraints
/// The problem can be judged with its parameters ([`StressError::Problem`]) and every
/// override names one of its dimensions within its limit ([`StressError::Bounds`]).
pub fn bounds<P: ContestFormat>(problem: &P, config: &Config) -> Result<Bounds, StressError> {
    let constraints = problem.constraints().map_err(StressError::Problem)?;
    Ok(constraints.bounds(problem.name(), config.range, &config.overrides)?)
}

/// Creates `dir` and checks that a file can be written there.
fn check_out_dir(dir: &std::path::Path) -> Result<(), StressError> {
    let io = |what, source| StressError::Io {
        what,
        path: dir.to_owned(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(|e| io("cannot create the output directory", e))?;
    let probe = dir.join(".gamecheck-write-test");
    std::fs::write(&probe, b"").map_err(|e| io("cannot write into the output directory", e))?;
    let _ = std::fs::remove_file(probe);
    Ok(())
}

/// Returns the report of a stress run of `problem`: `config.cases` distinct inputs from
/// `config.seed`, sizes growing within [`bounds`], each run and judged `config.jobs` at a
/// time; the first failing input (in generation order, so independent of `jobs`) is
/// shrunk within the bounds and written to the output directory as `input.txt`,
/// `expected.txt`, `actual.txt`, `stderr.txt` and `first-input.txt`. With
/// `config.replay`, runs that file once. The report is returned even when the files
/// cannot be written (it says why).
///
/// # Constraints
/// As for [`bounds`]; the solution can be started ([`StressError::Spawn`]); a given
/// `config.out_dir` is writable, checked before any run ([`StressError::Io`]).
///
/// # Complexity
/// `cases` solution runs plus at most `config.shrink.max_runs` shrinking runs, each at
/// most the timeout.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::Chopsticks;
/// use gamecheck::problem::Range;
/// use gamecheck::stress::{stress, Config, Limits, ShrinkLimits, Solution, Verdict};
/// use std::time::Duration;
/// # #[cfg(unix)] {
/// // `cat` echoes the input: a presentation error, shrunk to the least position.
/// let dir = std::env::temp_dir().join(format!("gamecheck-doc-{}", std::process::id()));
/// let config = Config {
///     problem_args: "chopsticks".into(),
///     solution: Solution::parse("cat").unwrap(),
///     seed: 1,
///     cases: 3,
///     jobs: 1,
///     limits: Limits { timeout: Duration::from_secs(5), max_output_bytes: 1 << 20 },
///     shrink: ShrinkLimits::default(),
///     range: Range::Contest,
///     overrides: vec![],
///     out_dir: Some(dir.clone()),
///     replay: None,
///     reap: false,
/// };
/// let report = stress(&Chopsticks::with_table_limit(1), &config).unwrap();
/// assert_eq!(report.verdict, Verdict::PresentationError);
/// assert_eq!(report.failure.unwrap().input, "1\n0 1 0 1\n");
/// std::fs::remove_dir_all(dir).ok();
/// # }
/// ```
pub fn stress<P: ContestFormat + Order>(problem: &P, config: &Config) -> Result<Report, StressError> {
    stress_with_progress(problem, config, &())
}

/// Returns the report of [`stress`], telling `progress` the number of generated inputs
/// once they are generated and each input once it is judged (shrinking and a replay are
/// not counted).
///
/// # Constraints
/// As for [`stress`].
///
/// # Example
/// ```
/// use gamecheck::chopsticks::Chopsticks;
/// use gamecheck::problem::Range;
/// use gamecheck::progress::Progress;
/// use gamecheck::stress::{stress_with_progress, Config, Limits, ShrinkLimits, Solution, Verdict};
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use std::time::Duration;
/// struct Count(AtomicU64, AtomicU64);
/// impl Progress for Count {
///     fn start(&self, total: u64) { self.0.store(total, Ordering::Relaxed); }
///     fn advance(&self, steps: u64) { self.1.fetch_add(steps, Ordering::Relaxed); }
/// }
/// # #[cfg(unix)] {
/// // `cat` echoes the input: the first input fails, after at least one was judged.
/// let dir = std::env::temp_dir().join(format!("gamecheck-doc-progress-{}", std::process::id()));
/// let config = Config {
///     problem_args: "chopsticks".into(),
///     solution: Solution::parse("cat").unwrap(),
///     seed: 1,
///     cases: 4,
///     jobs: 2,
///     limits: Limits { timeout: Duration::from_secs(5), max_output_bytes: 1 << 20 },
///     shrink: ShrinkLimits::default(),
///     range: Range::Contest,
///     overrides: vec![],
///     out_dir: Some(dir.clone()),
///     replay: None,
///     reap: false,
/// };
/// let count = Count(AtomicU64::new(0), AtomicU64::new(0));
/// let report = stress_with_progress(&Chopsticks::with_table_limit(1), &config, &count).unwrap();
/// assert_eq!(count.0.load(Ordering::Relaxed), 4);
/// assert_eq!(report.verdict, Verdict::PresentationError);
/// // Judging stops at the first failure; it and every input before it were counted.
/// assert!(count.1.load(Ordering::Relaxed) >= report.cases as u64);
/// std::fs::remove_dir_all(dir).ok();
/// # }
/// ```
pub fn stress_with_progress<P: ContestFormat + Order>(
    problem: &P,
    config: &Config,
    progress: &dyn Progress,
) -> Result<Report, StressError> {
    let report = stress_run(problem, config, progress);
    // A run cut short by a signal ends with the signal's exit code, not with a report.
    reaper::park_if_stopping();
    report
}

fn stress_run<P: ContestFormat + Order>(
    problem: &P,
    config: &Config,
    progress: &dyn Progress,
) -> Result<Report, StressError> {
    let bounds = bounds(problem, config)?;
    if config.reap {
        reaper::become_subreaper();
    }
    let jobs = config.jobs.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|source| StressError::Pool { jobs, source })?;
    let check = |cases: &[P::Case]| -> Result<(Judgement, RunOutcome), StressError> {
        let input = problem.write_input(cases);
        let run = run::run_reaping(&config.solution, input.as_bytes(), &config.limits, config.reap)?;
        Ok((judge::judge(problem, cases, &run)?, run))
    };
    let mut report = Report {
        problem: config.problem_args.clone(),
        seed: Some(config.seed),
        verdict: Verdict::Ok,
        cases: 0,
        requested: config.cases,
        ranges: bounds.pairs(),
        ranges_text: bounds.to_string(),
        failure: None,
    };
    if let Some(path) = &config.replay {
        let text = std::fs::read(path).map_err(|source| StressError::Io {
            what: "cannot read replay input",
            path: path.clone(),
            source,
        })?;
        let cases = problem
            .read_input(&text)
            .map_err(|source| StressError::ReplayInput {
                path: path.clone(),
                source,
            })?;
        let (judgement, run) = check(&cases)?;
        report.seed = None;
        report.cases = 1;
        report.requested = 1;
        report.verdict = judgement.verdict;
        let input = problem.write_input(&cases);
        report.failure = (judgement.verdict != Verdict::Ok).then(|| Failure {
            index: 0,
            size: problem.extent(&cases),
            size_text: String::new(),
            original_input: input.clone(),
            original_detail: judgement.detail.clone(),
            input,
            judgement,
            run,
            shrink: None,
            files: Vec::new(),
            files_error: None,
            replay: None,
        });
        return Ok(report);
    }
    // A given directory is checked before anything runs.
    if let Some(dir) = &config.out_dir {
        check_out_dir(dir)?;
    }
    let inputs = generate(problem, config.seed, config.cases, &bounds);
    progress.start(inputs.len() as u64);
    let first = pool.install(|| {
        inputs
            .par_iter()
            .enumerate()
            .map(|(i, input)| {
                let result = check(&input.cases);
                progress.advance(1);
                (i, result)
            })
            .find_first(|(_, result)| !matches!(result, Ok((j, _)) if j.verdict == Verdict::Ok))
    });
    let Some((index, result)) = first else {
        report.cases = inputs.len();
        return Ok(report);
    };
    let (judgement, run) = result?;
    let original = &inputs[index];
    let original_detail = judgement.detail.clone();
    let shrunk = pool.install(|| {
        shrink::shrink(
            problem,
            &bounds,
            original.cases.clone(),
            judgement,
            run,
            &check,
            config.shrink,
        )
    })?;
    let mut failure = Failure {
        index: index + 1,
        size: original.size.pairs(),
        size_text: original.size.sizes(),
        original_input: original.text.clone(),
        original_detail,
        input: problem.write_input(&shrunk.cases),
        judgement: shrunk.judgement,
        run: shrunk.run,
        shrink: Some((shrunk.runs, shrunk.standing)),
        files: Vec::new(),
        files_error: None,
        replay: None,
    };
    let dir = config.out_dir.clone().unwrap_or_else(|| config.default_out_dir());
    match report::write_files(&dir, &failure) {
        Ok(files) => {
            failure.replay = Some(config.replay_command(&files[0]));
            failure.files = files;
        }
        Err(e) => failure.files_error = Some(format!("{}: {e}", dir.display())),
    }
    report.verdict = failure.judgement.verdict;
    report.cases = index + 1;
    report.failure = Some(failure);
    Ok(report)
}
