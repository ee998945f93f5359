//! `gamecheck stress`: random boundary-biased inputs, a solution run on each in its own
//! process group, judged against gamecheck's verified solvers; the first failure is
//! shrunk to the least failing input and written out with a replay command.

mod generate;
mod judge;
mod params;
mod report;
mod run;
mod shrink;

use std::io::IsTerminal;
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use thiserror::Error;

pub use generate::{Game, GamesCase, Input, P_MINUS_ONE, Position, generate, is_real_play};
pub use judge::{Judgement, Verdict, expected_output, expected_output_with, judge, judge_with};
pub use params::GamesParams;
pub use report::{Failure, Report};
pub use run::{Limits, RunOutcome, Solution, Termination, run};
pub use shrink::{Least, ShrinkLimits, Shrunk, shrink};

use crate::input::InputError;

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
    #[error("cannot start {jobs} worker threads")]
    Pool {
        jobs: usize,
        #[source]
        source: rayon::ThreadPoolBuildError,
    },
}

/// Everything a stress run needs.
#[derive(Clone, Debug)]
pub struct Config {
    pub game: Game,
    pub solution: Solution,
    /// Seed of the ChaCha8 generator; the same seed gives the same inputs.
    pub seed: u64,
    /// How many inputs to generate and run.
    pub cases: usize,
    /// Solution runs at a time (at least 1).
    pub jobs: usize,
    pub limits: Limits,
    pub shrink: ShrinkLimits,
    /// Where the shrunk input, expected and actual output are written.
    pub out_dir: PathBuf,
    /// Run on this contest input only (no generation, no shrinking).
    pub replay: Option<PathBuf>,
    /// Draw a progress bar on stderr when stderr is a terminal.
    pub progress: bool,
    /// k and the modulus games inputs are judged with.
    pub games: GamesParams,
}

impl Config {
    /// Returns the line announcing the run, with the seed.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::{Config, Game, Limits, ShrinkLimits, Solution};
    /// use std::time::Duration;
    /// let config = Config {
    ///     game: Game::Chopsticks,
    ///     solution: Solution::parse("./sol").unwrap(),
    ///     seed: 7,
    ///     cases: 10,
    ///     jobs: 2,
    ///     limits: Limits { timeout: Duration::from_millis(500), max_output_bytes: 1 << 20 },
    ///     shrink: ShrinkLimits::default(),
    ///     out_dir: "out".into(),
    ///     replay: None,
    ///     progress: false,
    ///     games: Default::default(),
    /// };
    /// assert!(config.banner().contains("seed 7"));
    /// ```
    pub fn banner(&self) -> String {
        let game = match self.game {
            Game::Games => format!("{}{}", self.game.name(), self.games.flags()),
            Game::Chopsticks => self.game.name().to_owned(),
        };
        match &self.replay {
            Some(path) => format!(
                "gamecheck stress {}: replaying {} on `{}`, timeout {} ms",
                game,
                path.display(),
                self.solution.display(),
                self.limits.timeout.as_millis()
            ),
            None => format!(
                "gamecheck stress {}: seed {}, {} inputs, {} jobs, timeout {} ms, solution `{}`",
                game,
                self.seed,
                self.cases,
                self.jobs,
                self.limits.timeout.as_millis(),
                self.solution.display()
            ),
        }
    }
}

fn progress_bar(config: &Config, len: usize) -> ProgressBar {
    if !config.progress || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} inputs {elapsed}") {
        bar.set_style(style);
    }
    bar
}

/// Returns the report of a stress run: `config.cases` inputs from `config.seed`, each run
/// and judged, `config.jobs` at a time; the first failing input (in generation order, so
/// independent of `jobs`) is shrunk and written to `config.out_dir` as `input.txt`,
/// `expected.txt`, `actual.txt` and `stderr.txt`. With `config.replay`, runs that file once.
///
/// # Constraints
/// The solution can be started ([`StressError::Spawn`] otherwise); `config.out_dir` is
/// writable when a failure is found.
///
/// # Complexity
/// `cases` solution runs plus at most `config.shrink.max_runs` shrinking runs, each at
/// most the timeout, divided among `jobs` workers.
///
/// # Example
/// ```
/// use gamecheck::stress::{stress, Config, Game, Limits, ShrinkLimits, Solution, Verdict};
/// use std::time::Duration;
/// # #[cfg(unix)] {
/// // `cat` echoes the input: a presentation error, shrunk to the least position.
/// let dir = std::env::temp_dir().join(format!("gamecheck-doc-{}", std::process::id()));
/// let config = Config {
///     game: Game::Chopsticks,
///     solution: Solution::parse("cat").unwrap(),
///     seed: 1,
///     cases: 3,
///     jobs: 1,
///     limits: Limits { timeout: Duration::from_secs(5), max_output_bytes: 1 << 20 },
///     shrink: ShrinkLimits::default(),
///     out_dir: dir.clone(),
///     replay: None,
///     progress: false,
///     games: Default::default(),
/// };
/// let report = stress(&config).unwrap();
/// assert_eq!(report.verdict, Verdict::PresentationError);
/// assert_eq!(report.failure.unwrap().input.to_text(), "1\n0 1 0 1\n");
/// std::fs::remove_dir_all(dir).ok();
/// # }
/// ```
pub fn stress(config: &Config) -> Result<Report, StressError> {
    let jobs = config.jobs.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|source| StressError::Pool { jobs, source })?;
    let check = |input: &Input| -> Result<(Judgement, RunOutcome), StressError> {
        let run = run::run(&config.solution, input.to_text().as_bytes(), &config.limits)?;
        Ok((judge::judge_with(input, &run, config.games)?, run))
    };
    if let Some(path) = &config.replay {
        let text = std::fs::read(path).map_err(|source| StressError::Io {
            what: "cannot read replay input",
            path: path.clone(),
            source,
        })?;
        let input = Input::parse(config.game, &text).map_err(|source| StressError::ReplayInput {
            path: path.clone(),
            source,
        })?;
        let (judgement, run) = check(&input)?;
        return Ok(Report::replayed(config, input, judgement, run));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let fit = config.games.value_bits();
    let inputs: Vec<Input> = (0..config.cases)
        .map(|_| match generate(config.game, &mut rng) {
            // Values of at most `fit` bits keep (k+1)^B within what k = 6 has at 0..=255.
            Input::Games(mut case) if fit < 8 => {
                case.values.iter_mut().for_each(|v| *v &= (1 << fit) - 1);
                Input::Games(case)
            }
            input => input,
        })
        .collect();
    let bar = progress_bar(config, inputs.len());
    let first = pool.install(|| {
        inputs
            .par_iter()
            .enumerate()
            .map(|(i, input)| {
                let result = check(input);
                bar.inc(1);
                (i, result)
            })
            .find_first(|(_, result)| !matches!(result, Ok((j, _)) if j.verdict == Verdict::Ok))
    });
    bar.finish_and_clear();
    let Some((index, result)) = first else {
        return Ok(Report::passed(config, inputs.len()));
    };
    let (judgement, run) = result?;
    let original = judgement.detail.clone();
    let shrunk = shrink::shrink(
        inputs[index].clone(),
        judgement,
        run,
        &check,
        &pool,
        jobs,
        config.shrink,
    )?;
    Report::failed(config, index, original, shrunk)
}
