//! `play`: the same judge against a person at the terminal, who reads the position and
//! the judge's moves, types moves, and is told after each whether it kept the win.

use std::io::{BufRead, Read, Write};
use std::sync::Arc;

use super::generate::{self, RunGames};
use super::session::{self, Ended, Peer, Setup};
use super::strategy::Policy;
use crate::game_trait::{Game, Position};
use crate::stress::StressError;
use crate::stress::{Entry, Player, Verdict};

/// What `play` starts from.
#[derive(Clone, Debug, Default)]
pub struct PlayOptions {
    /// Seed of the starts and of the judge's choices.
    pub seed: u64,
    /// Games to play.
    pub games: u64,
    /// The start's counts; `None`: drawn from the seed, small.
    pub start: Option<Vec<u64>>,
    /// Defend with random losing moves rather than the longest.
    pub random_defence: bool,
}

/// How a game of `play` ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub verdict: Verdict,
    pub detail: String,
    pub games: usize,
    pub moves: u64,
}

struct Person<'a> {
    input: &'a mut dyn BufRead,
    output: &'a mut dyn Write,
    failed: Option<std::io::Error>,
}

impl Person<'_> {
    fn say(&mut self, text: &str) {
        if self.failed.is_none()
            && let Err(e) = self
                .output
                .write_all(text.as_bytes())
                .and_then(|()| self.output.flush())
        {
            self.failed = Some(e);
        }
    }
}

impl Peer for Person<'_> {
    fn send(&mut self, text: &str) {
        for line in text.lines() {
            self.say(&format!("judge> {line}\n"));
        }
    }

    fn receive(&mut self) -> Result<String, Ended> {
        self.say("you> ");
        // At most a line's cap and its end: an endless input (`/dev/zero`) is refused.
        let mut line = Vec::new();
        let read = (&mut *self.input)
            .take(crate::stress::LINE_CAP as u64 + 1)
            .read_until(b'\n', &mut line);
        match read {
            Ok(0) => Err(Ended::new(Verdict::PresentationError, "the input ended mid-game")),
            Ok(_) if line.len() > crate::stress::LINE_CAP => Err(Ended::new(
                Verdict::PresentationError,
                &format!("a line longer than {} bytes", crate::stress::LINE_CAP),
            )),
            Ok(_) => Ok(String::from_utf8_lossy(&line).trim_end().to_owned()),
            Err(e) => Err(Ended::new(
                Verdict::PresentationError,
                &format!("cannot read a move: {e}"),
            )),
        }
    }

    fn finish(&mut self) -> Result<(), Ended> {
        Ok(())
    }

    fn told(&mut self, entry: &Entry) {
        let who = match entry.by {
            Player::Program => "you",
            Player::Judge => "judge",
        };
        self.say(&format!(
            "  [{who} {} → {}: {}]\n",
            entry.wrote, entry.position, entry.note
        ));
    }
}

/// Plays `options.games` games of `game` against the person at `input` / `output`.
///
/// # Errors
/// [`StressError::Problem`] when the game has no interactive format or the start is no
/// position of it; [`StressError::Io`] when the output cannot be written.
pub fn play<G: Game>(
    game: Arc<G>,
    options: &PlayOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<Played, StressError> {
    let format = game
        .interactive()
        .ok_or_else(|| StressError::Problem(format!("{} has no interactive format", G::NAME)))?;
    format.mistake(&game).map_err(StressError::Problem)?;
    let games = match &options.start {
        Some(counts) => {
            let p = G::Position::from_counts(counts)
                .filter(|p| game.check_position(p).is_ok() && format.format.admits(counts))
                .ok_or_else(|| {
                    StressError::Problem(format!("--start {counts:?} is no start position of {}", G::NAME))
                })?;
            RunGames {
                starts: vec![p; options.games.max(1) as usize],
                policies: Vec::new(),
            }
        }
        None => {
            let bounds = generate::bounds(&format, Some(options.games.max(1)), Some(4), Some(7));
            let mut drawn = generate::run_games(&*game, &format, &bounds, options.seed, 0);
            drawn.starts.truncate(options.games.max(1) as usize);
            drawn
        }
    };
    let policies: Vec<Policy<G::Position>> = (0..games.starts.len() as u64)
        .map(|i| Policy {
            seed: options.seed.wrapping_add(i),
            random_defence: options.random_defence,
            script: Vec::new(),
        })
        .collect();
    let setup = Setup {
        game: &game,
        format: &format,
        budget: super::stress::REMOTENESS_BUDGET,
    };
    let mut person = Person {
        input,
        output,
        failed: None,
    };
    let result = session::run(&setup, &games.starts, &policies, &mut person);
    let (verdict, detail) = match (&result.judge_error, result.verdict) {
        (Some(why), _) => (Verdict::Ok, format!("the judge stopped: {why}")),
        (None, Verdict::Ok) => (Verdict::Ok, "you kept every win".to_owned()),
        (None, v) => (v, result.detail.clone()),
    };
    person.say(&format!("{verdict}: {detail}\n"));
    if let Some(source) = person.failed {
        return Err(StressError::Io {
            what: "cannot write to",
            path: "stdout".into(),
            source,
        });
    }
    Ok(Played {
        verdict,
        detail,
        games: result.transcripts.len(),
        moves: result.moves,
    })
}
