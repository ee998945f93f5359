//! `stress` on an interactive game: the stress engine's step that runs one input as an
//! interactive session (the judge writes the starts, plays each game from the oracle and
//! judges every move) instead of a batch run. Generation, the first failure, its files,
//! the shrink over the starts and the report are the engine's; this step adds its own
//! pass over the line of play ([`super::shrink`]) and its own replay file.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::Interactive;
use super::generate::RunGames;
use super::process::Program;
use super::session::{self, RunResult, Setup};
use super::strategy::{Policy, policies};
use crate::game_trait::{Game, Position};
use crate::problem::{ContestFormat, Order};
use crate::progress::Progress;
use crate::stress::{
    Config, Judgement, Limits, Play, REPLAY_MAX_BYTES, Replayed, Report, RunOutcome, Solution, Step,
    StressError, Transcript, Verdict, stress_steps,
};

/// The positions the judge's oracle ranks per game: past it, the judge plays from the
/// game's fast path.
pub const REMOTENESS_BUDGET: usize = 20_000;

/// Games per run (T) when no `--max-cases` is given: each game is played move by move.
pub const DEFAULT_GAMES: u64 = 10;

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

    /// Returns the run these games are, each start checked against the game and the
    /// format (their number too).
    fn games<G: Game>(&self, game: &G, format: &Interactive<G>) -> Result<RunGames<G::Position>, String> {
        if let Some(t) = format.format.t_range()
            && !t.contains(&(self.games.len() as u64))
        {
            return Err(format!(
                "{} games, where the format has {} <= T <= {}",
                self.games.len(),
                t.start(),
                t.end()
            ));
        }
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
            run.policies.push(Policy {
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

/// Plays `games` (the starts with the judge's policy for each) against `solution`:
/// the session (the judge writes T and the starts, reads the program's side and moves,
/// defends from the oracle) with the program started as the stress engine starts one
/// ([`crate::stress::Live`]). Returns the typed result of the session and the run.
///
/// # Errors
/// [`StressError::Spawn`] when the program cannot be started; [`StressError::Reference`]
/// when the judge finds no move (not the program's fault).
pub(crate) fn play_games<G: Game>(
    setup: &Setup<'_, G>,
    solution: &Solution,
    limits: &Limits,
    reap: bool,
    games: &RunGames<G::Position>,
) -> Result<(RunResult<G::Position>, RunOutcome), StressError> {
    let mut program = Program::start(solution, limits, reap)?;
    let result = session::run(setup, &games.starts, &games.policies, &mut program);
    let run = program.outcome();
    if let Some(why) = &result.judge_error {
        return Err(StressError::Reference { why: why.clone() });
    }
    Ok((result, run))
}

/// The interactive step of the stress engine.
pub(crate) struct Interactively<G: Game> {
    pub(crate) game: Arc<G>,
    pub(crate) format: Interactive<G>,
    pub(crate) budget: usize,
    /// `timeout`: the CPU time of one move.
    pub(crate) limits: Limits,
    pub(crate) reap: bool,
    pub(crate) seed: u64,
}

impl<G: Game> Interactively<G> {
    pub(crate) fn setup(&self) -> Setup<'_, G> {
        Setup {
            game: &self.game,
            format: &self.format,
            budget: self.budget,
        }
    }

    /// Returns the games `starts` are, each with the judge's policy drawn from the seed
    /// ([`policies`]): the same input is always played the same way.
    pub(crate) fn games(&self, starts: &[G::Position]) -> RunGames<G::Position> {
        RunGames {
            starts: starts.to_vec(),
            policies: policies(self.seed, starts),
        }
    }

    /// Returns the judgement of a played run, what it played kept with a failure.
    pub(crate) fn judged(games: &RunGames<G::Position>, result: &RunResult<G::Position>) -> Judgement {
        let play = (result.verdict != Verdict::Ok).then(|| {
            Box::new(Play {
                transcript: result
                    .transcripts
                    .last()
                    .cloned()
                    .unwrap_or_else(empty_transcript),
                replay: serde_json::to_string_pretty(&Kept::of(games, result)).unwrap_or_default(),
                games: result.transcripts.len() as u64,
                moves: result.moves,
            })
        });
        Judgement {
            verdict: result.verdict,
            detail: result.detail.clone(),
            expected: String::new(),
            play,
        }
    }

    pub(crate) fn play(
        &self,
        solution: &Solution,
        games: &RunGames<G::Position>,
    ) -> Result<(RunResult<G::Position>, RunOutcome), StressError> {
        play_games(&self.setup(), solution, &self.limits, self.reap, games)
    }
}

impl<G: Game, P: ContestFormat<Case = G::Position>> Step<P> for Interactively<G> {
    fn check(
        &self,
        solution: &Solution,
        cases: &[G::Position],
    ) -> Result<(Judgement, RunOutcome), StressError> {
        let games = self.games(cases);
        let (result, run) = self.play(solution, &games)?;
        Ok((Self::judged(&games, &result), run))
    }

    fn refine(
        &self,
        solution: &Solution,
        cases: &[G::Position],
        found: (Judgement, RunOutcome),
        runs: usize,
        adopted: &dyn Fn(&Judgement, &RunOutcome),
    ) -> Result<((Judgement, RunOutcome), usize), StressError> {
        super::shrink::shortest_line(self, solution, self.games(cases), found, runs, adopted)
    }

    fn replay(&self, solution: &Solution, path: &Path) -> Option<Result<Replayed<P>, StressError>> {
        Some(self.replay_file_games(path).and_then(|games| {
            let (result, run) = self.play(solution, &games)?;
            Ok((games.starts.clone(), Self::judged(&games, &result), run))
        }))
    }

    fn replay_file(&self) -> &'static str {
        "replay.json"
    }
}

impl<G: Game> Interactively<G> {
    /// Returns the games a `replay.json` keeps, read to at most [`REPLAY_MAX_BYTES`] and
    /// checked against the game and its format.
    fn replay_file_games(&self, path: &Path) -> Result<RunGames<G::Position>, StressError> {
        use std::io::Read;
        let bad = |why: String| StressError::Problem(format!("replay file {}: {why}", path.display()));
        let file = std::fs::File::open(path).map_err(|e| bad(e.to_string()))?;
        let mut text = Vec::new();
        file.take(REPLAY_MAX_BYTES + 1)
            .read_to_end(&mut text)
            .map_err(|e| bad(e.to_string()))?;
        if text.len() as u64 > REPLAY_MAX_BYTES {
            return Err(StressError::ReplayTooLong {
                path: path.to_owned(),
            });
        }
        read_kept(&text, &*self.game, &self.format).map_err(bad)
    }
}

/// Returns the games the bytes of a `replay.json` keep, checked against `game` and its
/// `format`, or why they are none: any bytes, never a panic (serde_json's reader bounds
/// its recursion, so a deeply nested file cannot overflow the stack).
fn read_kept<G: Game>(
    text: &[u8],
    game: &G,
    format: &Interactive<G>,
) -> Result<RunGames<G::Position>, String> {
    let kept: Kept = serde_json::from_slice(text).map_err(|e| e.to_string())?;
    kept.games(game, format)
}

/// Returns the report of a stress run of `game`'s interactive format: inputs of
/// `problem` (the game's starts, [`ContestFormat`] over the interactive format's start
/// lines) drawn, run as interactive sessions, the first failure shrunk over its starts
/// and then its line of play. T is at most [`DEFAULT_GAMES`] unless `--max-cases` says
/// otherwise; the time of a move is `config.move_time` or the format's.
///
/// # Errors
/// [`StressError::Problem`] when the game has no interactive format; otherwise as for
/// [`crate::stress::stress`], and [`StressError::Reference`] when the judge finds no move.
pub(crate) fn stress<G: Game, P: ContestFormat<Case = G::Position> + Order>(
    problem: &P,
    game: Arc<G>,
    config: &Config,
    progress: &dyn Progress,
) -> Result<Report, StressError> {
    let format = game
        .interactive()
        .ok_or_else(|| StressError::Problem(format!("{} has no interactive format", G::NAME)))?;
    format.mistake(&game).map_err(StressError::Problem)?;
    let limits = Limits {
        timeout: config.move_time.unwrap_or(format.move_time),
        ..config.limits
    };
    let config = with_games(&format, config);
    let step = Interactively {
        game,
        format,
        budget: REMOTENESS_BUDGET,
        limits,
        reap: config.reap,
        seed: config.seed,
    };
    stress_steps(problem, &step, &config, progress)
}

/// Returns `config` with T at most [`DEFAULT_GAMES`] (within the format's range) unless
/// `--max-cases` sets it, and no maximal inputs: each game is played move by move.
pub(crate) fn with_games<G: Game>(format: &Interactive<G>, config: &Config) -> Config {
    let mut config = config.clone();
    // Each game is played move by move, its time the format's: no maximal part.
    config.maximal = 0;
    if !config.overrides.iter().any(|&(flag, _)| flag == "cases")
        && let Some(t) = format.format.t_range()
    {
        config
            .overrides
            .push(("cases", DEFAULT_GAMES.clamp(*t.start(), *t.end())));
    }
    config
}

pub(crate) fn empty_transcript() -> Transcript {
    Transcript {
        game: 0,
        start: String::new(),
        start_text: String::new(),
        entries: Vec::new(),
        moves: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Field, Format};
    use crate::interactive::Notation;

    /// Take 1 or 2 from a heap, T from 1 to 3 as its format says.
    struct Take12;

    impl Game for Take12 {
        type Position = u64;
        const NAME: &'static str = "take12";
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
        }
    }

    fn format() -> Interactive<Take12> {
        let start = Format::cases(1..=3).line([Field::number("n", 0..=30)]);
        Interactive::new(start)
            .notation(Notation::Position)
            .ends("0", "-1")
    }

    /// A replay file's text: games with any counts, any number of them, or junk after.
    fn replay_text() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
        use proptest::prelude::*;
        let game = (
            proptest::collection::vec(any::<u64>(), 0..3),
            any::<u64>(),
            any::<bool>(),
            proptest::collection::vec(proptest::collection::vec(0u64..40, 0..3), 0..3),
        )
            .prop_map(|(start, seed, random_defence, script)| KeptGame {
                start,
                seed,
                random_defence,
                script,
            });
        (
            proptest::collection::vec(game, 0..5),
            proptest::collection::vec(any::<u8>(), 0..40),
            0usize..200,
        )
            .prop_map(|(games, junk, cut)| {
                let mut text = serde_json::to_vec(&Kept { games }).unwrap_or_default();
                text.truncate(cut.max(text.len() / 2));
                text.extend(junk);
                text
            })
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config {
            cases: 64,
            failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::Direct(
                "proptest-regressions/replay.txt",
            ))),
            ..proptest::test_runner::Config::default()
        })]

        /// Arbitrary bytes, and replay files with any counts and any number of games,
        /// whole, cut or followed by junk: read or refused, never a panic; what is read
        /// has as many games as the format allows, each a start within it.
        #[test]
        fn the_replay_reader_takes_arbitrary_bytes_without_panic(
            bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..400),
            text in replay_text(),
        ) {
            let format = format();
            for input in [&bytes, &text] {
                if let Ok(run) = read_kept(input, &Take12, &format) {
                    proptest::prop_assert!((1..=3).contains(&run.starts.len()));
                    proptest::prop_assert!(run.starts.iter().all(|&n| n <= 30));
                }
            }
        }
    }

    #[test]
    fn a_deeply_nested_replay_is_read_without_overflow_and_judged_by_the_format() {
        // An unknown field is skipped by walking it, the one place a typed file nests
        // without bound: 100,000 levels of it are skipped without overflowing the stack,
        // and the file is then refused for what it holds (no game).
        let deep = format!(
            r#"{{"x": {}{}, "games": []}}"#,
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        let err = read_kept(deep.as_bytes(), &Take12, &format()).unwrap_err();
        assert!(err.contains("0 games, where the format has 1 <= T <= 3"), "{err}");
        // Nested where a number belongs: refused by its type at once.
        let deep = format!(r#"{{"games": [{{"start": {}"#, "[".repeat(100_000));
        assert!(read_kept(deep.as_bytes(), &Take12, &format()).is_err());
    }
}
