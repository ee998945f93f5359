//! Stressing a contest solution of your own game from `cargo test`, typed.
//!
//! [`stress`] runs the stress engine (the same one `gamecheck stress` runs) on a program
//! that solves a [`Game`]'s contest format, with defaults that fit a test: seed 1 (or
//! `GAMECHECK_SEED`), 200 inputs (or `GAMECHECK_CASES`), 2 jobs, 2 s a run. A failing
//! input is shrunk and returned typed ([`Failure`]): its positions, the expected answers,
//! what the program printed, the verdict, which generator found it and how far it is
//! known least, as proptest returns `TestError::Fail(reason, value)`.
//!
//! The solution is a command (`./sol`, `python3 sol.py`) or a source file (`sol.c`,
//! `sol.cpp`, `sol.py`, `Sol.java`), built once per content (cached in `GAMECHECK_CACHE_DIR`).
//!
//! # Example
//! ```
//! use gamecheck::game::{Game, stress};
//!
//! /// Take 1, 3 or 4 stones.
//! #[derive(Default)]
//! struct Take134;
//! impl Game for Take134 {
//!     type Position = u64;
//!     const NAME: &'static str = "take134";
//!     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
//!         out.extend([1, 3, 4].into_iter().filter_map(|m| n.checked_sub(m)));
//!     }
//!     fn max_count(&self) -> u64 { 1000 }
//! }
//! # #[cfg(unix)] {
//! // A "solution" that always says the first player wins.
//! let failure = stress(Take134, "sh -c 'read t; for i in $(seq $t); do echo First; done'")
//!     .cases(20)
//!     .run()
//!     .unwrap_err();
//! let failure = failure.failure().unwrap();
//! // The least losing position is 0.
//! assert_eq!(failure.positions, vec![0]);
//! assert_eq!(failure.output, "First\n");
//! # }
//! ```

use std::path::PathBuf;
use std::time::Duration;

use thiserror::Error;

use super::problem::GameProblem;
use super::{Answer, Game, GameError, Question};
use crate::problem::{ContestFormat, Range};
use crate::stress::{self as engine, Generator, Reach, Report, Solution, Standing, Transcript, Verdict};

/// Where the expected answers come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum AnswerSource {
    /// The game's own fast paths where they answer beyond the rules' reach (checked by
    /// `check` first; a refuted one stops the run), else the rules, with the inputs kept
    /// within their reach.
    #[default]
    Game,
    /// The rules alone (a search of the moves): the inputs are kept within their reach,
    /// whatever fast paths the game has.
    Rules,
}

/// A stress run of a solution of `G`, built by [`stress`] and run by [`Stress::run`].
pub struct Stress<G: Game> {
    game: G,
    solution: String,
    question: Question,
    source: AnswerSource,
    config: engine::Config,
}

/// Returns a stress run of `solution` on `game`'s contest format, with the defaults of
/// [`crate::stress::Config::default`], seed and inputs from `GAMECHECK_SEED` and
/// `GAMECHECK_CASES` when set, and the failure's files in a fresh temporary directory.
pub fn stress<G: Game>(game: G, solution: &str) -> Stress<G> {
    let var = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
    };
    let mut config = engine::Config {
        problem_args: G::NAME.to_owned(),
        ..engine::Config::default()
    };
    if let Some(seed) = var("GAMECHECK_SEED") {
        config.seed = seed;
    }
    if let Some(cases) = var("GAMECHECK_CASES") {
        config.cases = usize::try_from(cases).unwrap_or(usize::MAX);
    }
    Stress {
        game,
        solution: solution.to_owned(),
        question: Question::default(),
        source: AnswerSource::default(),
        config,
    }
}

impl<G: Game> Stress<G> {
    /// Sets the seed of the inputs.
    pub fn seed(mut self, seed: u64) -> Self {
        self.config.seed = seed;
        self
    }

    /// Sets the number of inputs.
    pub fn cases(mut self, cases: usize) -> Self {
        self.config.cases = cases;
        self
    }

    /// Sets the runs at a time.
    pub fn jobs(mut self, jobs: usize) -> Self {
        self.config.jobs = jobs;
        self
    }

    /// Sets the CPU-time limit of one run (of one move, for an interactive game).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.config.limits.timeout = timeout;
        self.config.move_time = Some(timeout);
        self
    }

    /// Bounds one dimension of the inputs, as `--max-<flag>` does: `count`, `n`, `cases`.
    pub fn max(mut self, flag: &'static str, value: u64) -> Self {
        self.config.overrides.retain(|&(f, _)| f != flag);
        self.config.overrides.push((flag, value));
        self
    }

    /// Uses the extended ranges instead of the contest's.
    pub fn extended(mut self) -> Self {
        self.config.range = Range::Extended;
        self
    }

    /// Sets the question the contest asks (its format's, by default the outcome under
    /// normal play).
    pub fn question(mut self, question: Question) -> Self {
        self.question = question;
        self
    }

    /// Sets where the expected answers come from.
    pub fn answers_from(mut self, source: AnswerSource) -> Self {
        self.source = source;
        self
    }

    /// Sets the most runs while shrinking that may spend their whole time (time out, or
    /// idle): past it, the shrink stops.
    pub fn shrink_timeouts(mut self, runs: usize) -> Self {
        self.config.shrink.max_timeouts = runs;
        self
    }

    /// Sets the most program runs while shrinking.
    pub fn shrink_runs(mut self, runs: usize) -> Self {
        self.config.shrink.max_runs = runs;
        self
    }

    /// Sets where a solution given as a source file is built (default:
    /// `program::cache_dir`).
    pub fn build_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.config.build_dir = Some(dir.into());
        self
    }

    /// Runs the solution once on a kept input instead (`input.txt`, or an interactive
    /// run's `replay.json`): no generation, no shrinking.
    pub fn replay(mut self, file: impl Into<PathBuf>) -> Self {
        self.config.replay = Some(file.into());
        self
    }

    /// Sets the directory of the failure's files.
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.config.out_dir = Some(dir.into());
        self
    }

    /// Returns what the run passed, or the least failing input found, typed.
    ///
    /// # Errors
    /// [`StressError::Failed`] with the failure; [`StressError::Unusable`] when the run
    /// could not be carried out (the solution does not build or start, the game's fast
    /// path is refuted, an input cannot be judged); [`StressError::Game`] for a question
    /// the game cannot be asked.
    pub fn run(self) -> Result<Passed, StressError<G::Position>> {
        let mut config = self.config;
        config.solution = Solution::parse(&self.solution)?;
        // An interactive game is played: its starts are the inputs, each run a session.
        let interactive = self.game.interactive().is_some();
        let game = std::sync::Arc::new(self.game);
        let mut problem = if interactive {
            GameProblem::interactive_starts(std::sync::Arc::clone(&game))?
        } else {
            GameProblem::with_question(std::sync::Arc::clone(&game), self.question)?
        };
        if self.source == AnswerSource::Rules {
            problem.answer_by_rules();
        }
        let (_, reach) = engine::plan(&problem, &config)?;
        let report = if interactive {
            crate::interactive::stress(&problem, game, &config, &())?
        } else {
            engine::stress(&problem, &config)?
        };
        let Some(f) = &report.failure else {
            return Ok(Passed {
                inputs: report.cases,
                ranges: report.ranges_text.clone(),
                reach,
                report,
            });
        };
        let positions = problem.read_input(f.input.as_bytes()).map_err(|e| {
            engine::StressError::Problem(format!("the shrunk input cannot be read back: {e}"))
        })?;
        let expected = if interactive {
            Vec::new()
        } else {
            engine::expected_answers(&problem, &positions)?.0
        };
        let (runs, least) = f
            .shrink
            .clone()
            .map_or((0, Standing::Least), |(runs, standing)| (runs, standing));
        Err(StressError::Failed(Box::new(Failure {
            positions,
            expected,
            output: String::from_utf8_lossy(&f.run.stdout).into_owned(),
            verdict: f.judgement.verdict,
            reason: f.judgement.detail.clone(),
            least,
            shrink_runs: runs,
            generator: f.generator.unwrap_or(Generator::Random),
            input_index: f.index,
            transcript: f.judgement.play.as_ref().map(|p| p.transcript.clone()),
            input: f.input.clone(),
            first_input: f.original_input.clone(),
            reach,
            report: report.clone(),
        })))
    }
}

/// What a passing run covered.
#[derive(Clone, Debug)]
pub struct Passed {
    /// Inputs run.
    pub inputs: usize,
    /// The ranges they were drawn within, for people.
    pub ranges: String,
    /// How far the expected answers reached.
    pub reach: Option<Reach>,
    /// The engine's report.
    pub report: Report,
}

/// The least failing input found, typed.
#[derive(Clone, Debug)]
pub struct Failure<P> {
    /// The positions of the shrunk input, in order (an interactive game: its starts).
    pub positions: Vec<P>,
    /// The expected answer to each (none for an interactive game: the judge plays).
    pub expected: Vec<Answer>,
    /// The failing game as played, for an interactive game.
    pub transcript: Option<Transcript>,
    /// What the program printed.
    pub output: String,
    pub verdict: Verdict,
    /// Why the output is wrong: `line 1 (case 3 5): expected Stan wins, found Ollie wins`.
    pub reason: String,
    /// How far the input is known least: [`Standing::Least`] when every smaller input
    /// was run, else where the shrink stopped and why.
    pub least: Standing,
    /// Program runs the shrink took.
    pub shrink_runs: usize,
    /// The generator that drew the first failing input.
    pub generator: Generator,
    /// Its number in the run, from 1.
    pub input_index: usize,
    /// The shrunk input as contest text (with any header line).
    pub input: String,
    /// The first failing input as generated.
    pub first_input: String,
    /// How far the expected answers reached.
    pub reach: Option<Reach>,
    /// The engine's whole report (its `to_text` is what `stress` prints).
    pub report: Report,
}

/// Why a stress run did not pass.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum StressError<P: std::fmt::Debug> {
    /// The solution failed on an input.
    #[error("{}", .0.report.to_text())]
    Failed(Box<Failure<P>>),
    /// The run could not be carried out.
    #[error(transparent)]
    Unusable(#[from] engine::StressError),
    /// The question cannot be asked of the game.
    #[error(transparent)]
    Game(#[from] GameError),
}

impl<P: std::fmt::Debug> StressError<P> {
    /// Returns the failure, if the solution failed.
    pub fn failure(&self) -> Option<&Failure<P>> {
        match self {
            StressError::Failed(f) => Some(f),
            _ => None,
        }
    }
}
