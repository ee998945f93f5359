//! `stress` on an interactive game: runs of a few games each, drawn from one seed and
//! played `jobs` at a time; the first failing run (in order, so independent of `jobs`)
//! is shrunk to its least start and shortest line of play, and reported with the
//! transcript of that game.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use super::generate::{self, GameBounds, RunGames};
use super::process::Program;
use super::protocol::Interactive;
use super::session::{self, RunResult, Setup};
use super::shrink;
use super::verdict::{Transcript, Verdict};
use crate::game::Game;
use crate::progress::Progress;
use crate::stress::{ShrinkLimits, Solution, StressError, reaper};

/// The positions the judge's oracle ranks per game, by default: past it, the judge
/// plays from the game's fast path.
pub const REMOTENESS_BUDGET: usize = 20_000;

/// Everything an interactive stress run needs besides the game.
#[derive(Clone, Debug)]
pub struct Config {
    /// The problem as named on the command line, for the report.
    pub problem_args: String,
    pub solution: Solution,
    /// Seed of every draw: the games and the judge's choices.
    pub seed: u64,
    /// Program runs (each plays T games).
    pub runs: usize,
    /// Runs at a time.
    pub jobs: usize,
    /// CPU time per move; `None`: the format's.
    pub move_time: Option<Duration>,
    /// Bytes of output a run may write.
    pub max_output_bytes: usize,
    /// Games per run (T), counts per position and each count, within the format's.
    pub max_games: Option<u64>,
    pub max_len: Option<u64>,
    pub max_value: Option<u64>,
    pub shrink: ShrinkLimits,
    /// Positions the oracle ranks per game.
    pub budget: usize,
    /// Every child of this process is a program run: become a subreaper and kill
    /// whatever a run leaves behind.
    pub reap: bool,
}

impl Config {
    /// Returns the configuration of `runs` runs of `solution` from `seed`, one at a
    /// time, with the format's time per move, 1 MiB of output and default shrink limits.
    pub fn new(solution: Solution, seed: u64, runs: usize) -> Config {
        Config {
            problem_args: String::new(),
            solution,
            seed,
            runs,
            jobs: 1,
            move_time: None,
            max_output_bytes: 1 << 20,
            max_games: None,
            max_len: None,
            max_value: None,
            shrink: ShrinkLimits::default(),
            budget: REMOTENESS_BUDGET,
            reap: false,
        }
    }
}

/// The report of an interactive stress run.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub problem: String,
    pub solution: String,
    pub seed: u64,
    pub verdict: Verdict,
    /// Runs made before the failure (all when none failed).
    pub runs: usize,
    /// Games and moves played in those runs.
    pub games: u64,
    pub moves: u64,
    /// Wall time of the runs, shrinking excluded.
    pub time_ms: u64,
    pub move_time_ms: u64,
    pub remoteness_budget: usize,
    /// How many judge moves each defence chose.
    pub defences: BTreeMap<&'static str, u64>,
    /// What the judge wrote first in the least failing run: the header, `T` and the
    /// start's lines; null when every run passed.
    pub input: Option<String>,
    pub failure: Option<Failure>,
}

/// A failing run, shrunk.
#[derive(Clone, Debug, Serialize)]
pub struct Failure {
    /// The first failing run, from 1.
    pub run: usize,
    /// Why the least failing game failed.
    pub detail: String,
    /// What the judge wrote first in the first failing run.
    pub original_input: String,
    /// Why it failed there.
    pub original_detail: String,
    /// The least failing game, as played.
    pub transcript: Transcript,
    /// Runs spent shrinking.
    pub shrink_runs: usize,
    /// `least` or what stopped the shrink.
    pub standing: String,
}

impl Report {
    /// Returns 0 when every run passed, else 1.
    pub fn exit_code(&self) -> u8 {
        u8::from(self.verdict != Verdict::Ok)
    }

    /// Returns the report as text: the verdict and figures, and for a failure the
    /// transcript of the least failing game.
    pub fn to_text(&self) -> String {
        let defences: Vec<String> = self.defences.iter().map(|(d, n)| format!("{d} {n}")).collect();
        let mut out = format!(
            "{}: {} runs, {} games, {} moves in {:.1} s (judge defences: {})\n",
            self.verdict,
            self.runs,
            self.games,
            self.moves,
            self.time_ms as f64 / 1000.0,
            if defences.is_empty() {
                "none".to_owned()
            } else {
                defences.join(", ")
            }
        );
        if let Some(f) = &self.failure {
            out.push_str(&format!(
                "first failing run: {} ({})\n",
                f.run,
                crate::shown::escaped(f.original_detail.as_bytes(), 300)
            ));
            out.push_str(&format!(
                "shrunk in {} runs ({}) to: {}\n",
                f.shrink_runs,
                f.standing,
                crate::shown::escaped(f.detail.as_bytes(), 300)
            ));
            if let Some(input) = &self.input {
                out.push_str("the judge wrote first:\n");
                for line in input.lines() {
                    out.push_str(&format!("  {line}\n"));
                }
            }
            out.push_str(&f.transcript.to_text());
        }
        out
    }
}

/// Returns the report of `config.runs` runs of the program on `game`'s interactive
/// format: each run's games drawn from `config.seed` (small first), played against a
/// judge that plays from the oracle; the first failing run shrunk to its least start
/// and shortest line of play.
///
/// # Errors
/// [`StressError::Problem`] when the game has no interactive format,
/// [`StressError::Spawn`] when the program cannot be started, [`StressError::Pool`],
/// [`StressError::Reference`] when the judge finds no move.
///
/// # Complexity
/// `config.runs` program runs, plus at most `config.shrink.max_runs` shrinking runs;
/// each judge move O(1) hash look-ups within the oracle's reach.
///
/// # Example
/// ```
/// use gamecheck::game::{Field, Format, Game};
/// use gamecheck::interactive::{self, Config, Interactive, Notation, Verdict};
/// use gamecheck::stress::Solution;
/// #[derive(Default)]
/// struct Take12;
/// impl Game for Take12 {
///     type Position = u64;
///     const NAME: &'static str = "take12";
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
///     }
///     fn interactive(&self) -> Option<Interactive<Take12>> {
///         let start = Format::cases(1..=10).line([Field::number("n", 0..=30)]);
///         Some(Interactive::new(start).notation(Notation::Position).ends("0", "-1"))
///     }
/// }
/// # #[cfg(target_os = "linux")] {
/// // `cat` echoes the judge: it writes `1` where a side is asked.
/// let report = interactive::stress(Take12, &Config::new(Solution::parse("cat").unwrap(), 1, 2)).unwrap();
/// assert_eq!(report.verdict, Verdict::PresentationError);
/// # }
/// ```
pub fn stress<G: Game>(game: G, config: &Config) -> Result<Report, StressError> {
    stress_with_progress(Arc::new(game), config, &())
}

/// Returns the report of [`stress`], telling `progress` of each run judged.
///
/// # Errors
/// As for [`stress`].
pub fn stress_with_progress<G: Game>(
    game: Arc<G>,
    config: &Config,
    progress: &dyn Progress,
) -> Result<Report, StressError> {
    let report = stress_run(game, config, progress);
    if config.reap {
        reaper::kill_every_child();
    }
    reaper::park_if_stopping();
    report
}

/// What the judge wrote first for `games`.
fn input_text<G: Game>(game: &G, format: &Interactive<G>, games: &RunGames<G::Position>) -> String {
    let mut out = format.start_text(game, &games.starts);
    for s in &games.starts {
        out.push_str(&format.game_text(s));
    }
    out
}

/// Runs the program once on `games`.
pub(crate) fn run_once<G: Game>(
    setup: &Setup<'_, G>,
    config: &Config,
    move_time: Duration,
    games: &RunGames<G::Position>,
) -> Result<RunResult<G::Position>, StressError> {
    let mut program = Program::start(&config.solution, move_time, config.max_output_bytes, config.reap)?;
    let result = session::run(setup, &games.starts, &games.policies, &mut program);
    drop(program);
    if let Some(why) = &result.judge_error {
        return Err(StressError::Reference { why: why.clone() });
    }
    Ok(result)
}

fn stress_run<G: Game>(
    game: Arc<G>,
    config: &Config,
    progress: &dyn Progress,
) -> Result<Report, StressError> {
    let format = game
        .interactive()
        .ok_or_else(|| StressError::Problem(format!("{} has no interactive format", G::NAME)))?;
    format.mistake(&game).map_err(StressError::Problem)?;
    if config.reap {
        reaper::become_subreaper();
    }
    let move_time = config.move_time.unwrap_or(format.move_time);
    let bounds: GameBounds = generate::bounds(&format, config.max_games, config.max_len, config.max_value);
    let jobs = config.jobs.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|source| StressError::Pool { jobs, source })?;
    let setup = Setup {
        game: &game,
        format: &format,
        budget: config.budget,
    };
    let mut report = Report {
        problem: config.problem_args.clone(),
        solution: config.solution.display(),
        seed: config.seed,
        verdict: Verdict::Ok,
        runs: 0,
        games: 0,
        moves: 0,
        time_ms: 0,
        move_time_ms: u64::try_from(move_time.as_millis()).unwrap_or(u64::MAX),
        remoteness_budget: config.budget,
        defences: BTreeMap::new(),
        input: None,
        failure: None,
    };
    progress.start(config.runs as u64);
    let started = Instant::now();
    let mut index = 0;
    while index < config.runs {
        let batch: Vec<(usize, RunGames<G::Position>)> = (index..config.runs.min(index + jobs))
            .map(|i| (i, generate::run_games(&*game, &format, &bounds, config.seed, i)))
            .collect();
        index += batch.len();
        let results: Vec<Result<RunResult<G::Position>, StressError>> = pool.install(|| {
            batch
                .par_iter()
                .map(|(_, games)| run_once(&setup, config, move_time, games))
                .collect()
        });
        for ((i, games), result) in batch.into_iter().zip(results) {
            let result = result?;
            report.runs = i + 1;
            report.games += result.transcripts.len() as u64;
            report.moves += result.moves;
            for (d, n) in &result.defences {
                *report.defences.entry(d.name()).or_default() += n;
            }
            progress.advance(1);
            if result.verdict == Verdict::Ok {
                continue;
            }
            report.time_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
            let original_input = input_text(&*game, &format, &games);
            progress.note(&format!(
                "{} in run {}: {}; shrinking it",
                result.verdict,
                i + 1,
                crate::shown::escaped(result.detail.as_bytes(), 200)
            ));
            let shrunk = pool.install(|| shrink::shrink(&setup, config, move_time, games, result))?;
            report.verdict = shrunk.result.verdict;
            report.input = Some(input_text(&*game, &format, &shrunk.games));
            let transcript = shrunk
                .result
                .transcripts
                .last()
                .cloned()
                .unwrap_or_else(empty_transcript);
            report.failure = Some(Failure {
                run: i + 1,
                detail: shrunk.result.detail.clone(),
                original_input,
                original_detail: shrunk.original_detail,
                transcript,
                shrink_runs: shrunk.runs,
                standing: shrunk.standing,
            });
            return Ok(report);
        }
    }
    report.time_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    Ok(report)
}

fn empty_transcript() -> Transcript {
    Transcript {
        game: 0,
        start: String::new(),
        start_text: String::new(),
        entries: Vec::new(),
        moves: 0,
    }
}
