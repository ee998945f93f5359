//! `stress` on an interactive game: runs of a few games each, drawn from one seed and
//! played `jobs` at a time; the first failing run (in order, so independent of `jobs`)
//! is shrunk to its least start and shortest line of play, and reported with the
//! transcript of that game.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::Interactive;
use super::generate::{self, GameBounds, RunGames};
use super::process::Program;
use super::session::{self, RunResult, Setup};
use super::shrink;
use super::verdict::{Transcript, Verdict};
use crate::game_trait::{Game, Position};
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
    /// Where the least failing game is kept (`input.txt`, `transcript.txt` and
    /// `replay.json`); `None`: a fresh directory under the system's temp directory.
    pub out_dir: Option<std::path::PathBuf>,
    /// A `replay.json` a failing run kept: its games are played once, with the judge's
    /// moves it names, and nothing else is run.
    pub replay: Option<std::path::PathBuf>,
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
            out_dir: None,
            replay: None,
        }
    }

    /// Returns the command that replays the games kept in `file`.
    fn replay_command(&self, file: &std::path::Path) -> String {
        let time = self
            .move_time
            .map(|t| format!(" --timeout-ms {}", t.as_millis()))
            .unwrap_or_default();
        format!(
            "{} stress {} --solution {}{time} --max-output-bytes {} --replay {}",
            crate::program::name(),
            self.problem_args,
            shell_words::quote(&self.solution.display()),
            self.max_output_bytes,
            shell_words::quote(&file.to_string_lossy()),
        )
    }
}

/// The games of a failing run as `replay.json` keeps them: each start's counts, and the
/// judge's policy with the moves it played (as positions' counts), so that a replay
/// plays the same line against a program that answers the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Kept {
    games: Vec<KeptGame>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct KeptGame {
    start: Vec<u64>,
    seed: u64,
    random_defence: bool,
    script: Vec<Vec<u64>>,
}

impl Kept {
    /// Returns the games `games` played, the judge's moves being those of `result`.
    fn of<P: Position>(games: &RunGames<P>, result: &RunResult<P>) -> Kept {
        let played: Vec<Vec<u64>> = result.judge_line.iter().map(|(_, q)| q.counts()).collect();
        let failing = result.failed_game.unwrap_or(games.starts.len().saturating_sub(1));
        Kept {
            games: games
                .starts
                .iter()
                .zip(&games.policies)
                .enumerate()
                .map(|(i, (start, policy))| KeptGame {
                    start: start.counts(),
                    seed: policy.seed,
                    random_defence: policy.random_defence,
                    // The line played is the failing game's.
                    script: if i == failing && !played.is_empty() {
                        played.clone()
                    } else {
                        policy.script.iter().map(|q| q.counts()).collect()
                    },
                })
                .collect(),
        }
    }

    /// Returns the run these games are, each position checked against the game.
    fn games<G: Game>(&self, game: &G, format: &Interactive<G>) -> Result<RunGames<G::Position>, String> {
        let position = |counts: &[u64]| {
            G::Position::from_counts(counts)
                .filter(|p| format.format.admits(counts) && game.check_position(p).is_ok())
                .ok_or_else(|| format!("{counts:?} is not a start of {} within its format", G::NAME))
        };
        let mut run = RunGames {
            starts: Vec::new(),
            policies: Vec::new(),
        };
        for g in &self.games {
            run.starts.push(position(&g.start)?);
            let script = g
                .script
                .iter()
                .map(|c| {
                    G::Position::from_counts(c)
                        .ok_or_else(|| format!("{c:?} is not a position of {}", G::NAME))
                })
                .collect::<Result<Vec<_>, _>>()?;
            run.policies.push(super::strategy::Policy {
                seed: g.seed,
                random_defence: g.random_defence,
                script,
            });
        }
        if run.starts.is_empty() {
            return Err("no game".to_owned());
        }
        Ok(run)
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
    /// The files the least failing game was kept in (`input.txt`, `transcript.txt`,
    /// `replay.json`).
    pub files: Vec<String>,
    /// Why they could not be written.
    pub files_error: Option<String>,
    /// The command that replays it, when kept.
    pub replay: Option<String>,
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
            if !f.files.is_empty() {
                out.push_str(&format!("files: {}\n", f.files.join(", ")));
            }
            if let Some(why) = &f.files_error {
                out.push_str(&format!("files: not written: {why}\n"));
            }
            if let Some(replay) = &f.replay {
                out.push_str(&format!("replay: {replay}\n"));
            }
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
    if let Some(file) = &config.replay {
        return replay(&*game, &format, config, &setup, move_time, file, report);
    }
    // A given directory is checked, and held, before anything runs.
    let _held = match &config.out_dir {
        Some(dir) => Some(crate::stress::claim_out_dir(dir)?),
        None => None,
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
            let dir = config.out_dir.clone().unwrap_or_else(|| {
                let name = config.problem_args.split_whitespace().next().unwrap_or("problem");
                std::env::temp_dir().join(format!(
                    "gamecheck-stress-{name}-seed{}-{}",
                    config.seed,
                    std::process::id()
                ))
            });
            let kept = Kept::of(&shrunk.games, &shrunk.result);
            let input = report.input.clone().unwrap_or_default();
            let files = keep(&dir, &input, &transcript.to_text(), &kept);
            let replay = files
                .is_ok()
                .then(|| config.replay_command(&dir.join("replay.json")));
            let (files, files_error) = match files {
                Ok(files) => (files, None),
                Err(why) => (Vec::new(), Some(why)),
            };
            report.failure = Some(Failure {
                run: i + 1,
                detail: shrunk.result.detail.clone(),
                original_input,
                original_detail: shrunk.original_detail,
                transcript,
                shrink_runs: shrunk.runs,
                standing: shrunk.standing,
                files,
                files_error,
                replay,
            });
            return Ok(report);
        }
    }
    report.time_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    Ok(report)
}

/// Writes the least failing game into `dir`: what the judge wrote first, the transcript
/// and the games to replay; returns the files, or why they could not be written.
fn keep(dir: &std::path::Path, input: &str, transcript: &str, kept: &Kept) -> Result<Vec<String>, String> {
    let json = serde_json::to_string_pretty(kept).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    [
        ("input.txt", input),
        ("transcript.txt", transcript),
        ("replay.json", json.as_str()),
    ]
    .into_iter()
    .map(|(name, text)| {
        let path = dir.join(name);
        std::fs::write(&path, text)
            .map(|()| path.display().to_string())
            .map_err(|e| format!("{}: {e}", path.display()))
    })
    .collect()
}

/// Plays the games `file` kept once, without shrinking, and reports the run.
fn replay<G: Game>(
    game: &G,
    format: &Interactive<G>,
    config: &Config,
    setup: &Setup<'_, G>,
    move_time: Duration,
    file: &std::path::Path,
    mut report: Report,
) -> Result<Report, StressError> {
    let bad = |why: String| StressError::Problem(format!("replay file {}: {why}", file.display()));
    let text = std::fs::read_to_string(file).map_err(|e| bad(e.to_string()))?;
    let kept: Kept = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    let games = kept.games(game, format).map_err(bad)?;
    let started = Instant::now();
    let result = run_once(setup, config, move_time, &games)?;
    report.runs = 1;
    report.games = result.transcripts.len() as u64;
    report.moves = result.moves;
    for (d, n) in &result.defences {
        *report.defences.entry(d.name()).or_default() += n;
    }
    report.time_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    report.verdict = result.verdict;
    if result.verdict != Verdict::Ok {
        let input = input_text(game, format, &games);
        report.input = Some(input.clone());
        report.failure = Some(Failure {
            run: 1,
            detail: result.detail.clone(),
            original_input: input,
            original_detail: result.detail.clone(),
            transcript: result
                .transcripts
                .last()
                .cloned()
                .unwrap_or_else(empty_transcript),
            shrink_runs: 0,
            standing: format!("replayed from {}", file.display()),
            files: Vec::new(),
            files_error: None,
            replay: None,
        });
    }
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
