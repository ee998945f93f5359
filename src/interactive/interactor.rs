//! The judge as an interactor that a contest system runs beside the submission: the
//! test's starts read from its input file, the games played with the submission over the
//! interactor's own stdin and stdout (which the contest system connects to the
//! submission's stdout and stdin), by the session and strategy `stress` plays
//! ([`super::session`], [`super::strategy`]) under a seed taken from the test. The
//! contest system limits the submission's time and memory; this side only judges.

use std::io::{BufRead, Read, Write};
use std::sync::Arc;

use super::Interactive;
use super::generate::RunGames;
use super::session::{self, Ended, Peer, Setup};
use super::strategy::policies;
use super::stress::{Interactively, REMOTENESS_BUDGET, play_games};
use crate::game_trait::Game;
use crate::problem::ContestFormat;
use crate::stress::{Judgement, LINE_CAP, Limits, Solution, StressError, Verdict};

/// What the interactor came to on one test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interacted {
    /// [`Verdict::Ok`] when the submission won every game it could win.
    pub verdict: Verdict,
    /// Why, as `stress` says it (the game, the move, what the oracle says of it).
    pub detail: String,
    /// The seed the judge's policies were drawn from.
    pub seed: u64,
    /// Games played, the failing one included.
    pub games: usize,
    /// Moves made by both players.
    pub moves: u64,
}

/// Returns the seed of a test whose input is `input`: FNV-1a (64 bits) of its bytes, so
/// a test is always judged alike with no seed written in it.
///
/// # Example
/// ```
/// use gamecheck::interactive::test_seed;
/// assert_eq!(test_seed(b""), 0xcbf2_9ce4_8422_2325);
/// assert_ne!(test_seed(b"1\n1\n3\n"), test_seed(b"1\n1\n4\n"));
/// ```
pub fn test_seed(input: &[u8]) -> u64 {
    input.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The submission as the interactor sees it: lines read from `from`, lines written to
/// `to`.
struct Stdio<'a> {
    from: &'a mut dyn BufRead,
    to: &'a mut dyn Write,
}

impl Peer for Stdio<'_> {
    fn send(&mut self, text: &str) {
        // A submission that stopped reading is judged by what it writes (or fails to)
        // next, not by this write.
        let _ = self.to.write_all(text.as_bytes()).and_then(|()| self.to.flush());
    }

    fn receive(&mut self) -> Result<String, Ended> {
        let mut line = Vec::new();
        let read = (&mut *self.from)
            .take(LINE_CAP as u64 + 1)
            .read_until(b'\n', &mut line);
        match read {
            Err(e) => Err(Ended::new(
                Verdict::PresentationError,
                &format!("its output could not be read ({e})"),
            )),
            Ok(0) => Err(Ended::new(
                Verdict::PresentationError,
                "its output ended mid-game",
            )),
            Ok(_) if line.len() > LINE_CAP => Err(Ended::new(
                Verdict::PresentationError,
                &format!("a line longer than {LINE_CAP} bytes"),
            )),
            Ok(_) => {
                let line = line.strip_suffix(b"\n").unwrap_or(&line);
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                Ok(crate::shown::marked(line).into_owned())
            }
        }
    }

    fn finish(&mut self) -> Result<(), Ended> {
        Ok(())
    }
}

/// Returns the format of `game`, checked.
fn format_of<G: Game>(game: &G) -> Result<Interactive<G>, StressError> {
    let format = game
        .interactive()
        .ok_or_else(|| StressError::Problem(format!("{} has no interactive format", G::NAME)))?;
    format.mistake(game).map_err(StressError::Problem)?;
    Ok(format)
}

/// Returns the games of the test `input` (starts read by `starts`, the problem over the
/// interactive format's start lines), each with the judge's policy under `seed` as
/// `stress` draws it.
fn games_of<P: ContestFormat>(starts: &P, input: &[u8], seed: u64) -> Result<RunGames<P::Case>, StressError>
where
    P::Case: crate::game_trait::Position,
{
    let cases = starts
        .read_input(input)
        .map_err(|e| StressError::Problem(format!("the test's input: {e}")))?;
    Ok(RunGames {
        policies: policies(seed, &cases),
        starts: cases,
    })
}

/// Plays the test `input` against the submission on `from`/`to` and returns the
/// verdict: the starts read by `starts`, the judge's policies drawn from `seed` (by
/// default [`test_seed`] of the input) as `stress` draws them under that seed, so
/// `interact --seed S` judges an input as `stress --seed S` did.
///
/// # Errors
/// [`StressError::Problem`] when the game has no interactive format or the input does
/// not read; [`StressError::Reference`] when the judge finds no move (not the
/// submission's fault).
pub(crate) fn interact<G: Game, P: ContestFormat<Case = G::Position>>(
    starts: &P,
    game: &Arc<G>,
    input: &[u8],
    seed: Option<u64>,
    from: &mut dyn BufRead,
    to: &mut dyn Write,
) -> Result<Interacted, StressError> {
    let format = format_of(&**game)?;
    let seed = seed.unwrap_or_else(|| test_seed(input));
    let games = games_of(starts, input, seed)?;
    let setup = Setup {
        game,
        format: &format,
        budget: REMOTENESS_BUDGET,
    };
    let result = session::run(&setup, &games.starts, &games.policies, &mut Stdio { from, to });
    if let Some(why) = result.judge_error {
        return Err(StressError::Reference { why });
    }
    Ok(Interacted {
        verdict: result.verdict,
        detail: result.detail,
        seed,
        games: result.transcripts.len(),
        moves: result.moves,
    })
}

/// Returns the judgement of `solution` on the test `input`, played as the interactor
/// plays it (the seed [`test_seed`] of the input), the program started as `stress`
/// starts one, with the format's time per move.
///
/// # Errors
/// As for [`interact`], and [`StressError::Spawn`] when the program cannot be started.
pub(crate) fn play_test<G: Game, P: ContestFormat<Case = G::Position>>(
    starts: &P,
    game: &Arc<G>,
    input: &[u8],
    solution: &Solution,
    limits: &Limits,
) -> Result<Judgement, StressError> {
    let format = format_of(&**game)?;
    let games = games_of(starts, input, test_seed(input))?;
    let limits = Limits {
        timeout: format.move_time,
        ..*limits
    };
    let setup = Setup {
        game,
        format: &format,
        budget: REMOTENESS_BUDGET,
    };
    let (result, _) = play_games(&setup, solution, &limits, false, &games)?;
    Ok(Interactively::<G>::judged(&games, &result))
}
