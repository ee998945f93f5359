//! Interactive game problems: the judge plays a contestant's program, with the game's
//! moves as its rules and the oracle as its strategy.
//!
//! A [`Game`] becomes interactive by returning an [`Interactive`] format from
//! [`Game::interactive`]: what the judge writes first (T and each game's start in the
//! ordinary [`Format`](crate::game_trait::Format)'s fields), the program's choice of side, the move notation, the end tokens and the
//! limits. `stress` then runs the program against a judge that ranks every position
//! within reach by remoteness ([`Remoteness`]: it wins as fast as it can, defends as long
//! as it can, keeps a draw; some runs defend at random) and beyond it plays from the
//! game's fast path, judges every move, and shrinks the first failure to its least
//! start and shortest line of play. [`play`] puts a person in the program's place.
//! Every `gamecheck::main!` binary serves both as `stress` and `play`.

mod generate;
mod interactor;
mod play;
mod process;
mod remoteness;
mod session;
mod shrink;
mod strategy;
mod stress;

use std::sync::Arc;

pub use crate::game_trait::interactive_format::{Interactive, Notation, Parse};
pub use crate::stress::{Entry, Player, Transcript, Verdict};
pub use interactor::{Interacted, test_seed};
pub use play::{PlayOptions, Played, play};
pub use remoteness::{OutOfReach, Remoteness, Value};
pub use session::Ended;
pub use strategy::{Defence, Policy, Rank};
pub(crate) use stress::stress;
pub use stress::{DEFAULT_GAMES, REMOTENESS_BUDGET};

use crate::game_trait::Game;
use crate::input::InputError;
use crate::problem::{ContestFormat, Order};
use crate::progress::Progress;
use crate::stress::{Config, Generator, Inputs, Judgement, Limits, Report, Solution, StressError};

/// An interactive game with its type erased, as the command line reaches it.
pub trait InteractiveCommand {
    /// Returns the report of `stress` on the game: its starts drawn, each input played
    /// as an interactive session, the first failure shrunk.
    ///
    /// # Errors
    /// As for [`crate::stress::stress`]; [`StressError::Reference`] when the judge finds
    /// no move.
    fn stress(&self, config: &Config, progress: &dyn Progress) -> Result<Report, StressError>;

    /// Returns how a person fared in [`play`].
    ///
    /// # Errors
    /// As for [`play`].
    fn play(
        &self,
        options: &PlayOptions,
        input: &mut dyn std::io::BufRead,
        output: &mut dyn std::io::Write,
    ) -> Result<Played, StressError>;

    /// Returns the verdict of the interactor on the test `input` (the starts, as the
    /// judge writes them), the submission read from `from` and written to `to`, the
    /// judge's policies drawn from `seed` or else from [`test_seed`] of the input.
    ///
    /// # Errors
    /// [`StressError::Problem`] when the input does not read; [`StressError::Reference`]
    /// when the judge finds no move.
    fn interact(
        &self,
        input: &[u8],
        seed: Option<u64>,
        from: &mut dyn std::io::BufRead,
        to: &mut dyn std::io::Write,
    ) -> Result<Interacted, StressError>;

    /// Returns the judgement of `solution` on the test `input` as the interactor judges
    /// it (its seed [`test_seed`] of the input), the program run as `stress` runs one.
    ///
    /// # Errors
    /// As for [`InteractiveCommand::interact`]; [`StressError::Spawn`] when the program
    /// cannot be started.
    fn play_test(&self, input: &[u8], solution: &Solution, limits: &Limits)
    -> Result<Judgement, StressError>;

    /// Returns the number of games of a test's input read from `tokens` (the format's
    /// start lines, every range and T checked).
    ///
    /// # Errors
    /// The first token out of the format, naming its line.
    fn read_starts(&self, tokens: &mut crate::tokens::Tokens<'_>) -> Result<usize, InputError>;

    /// Returns the first `count` inputs `stress` draws under `config` (its generator, the
    /// text, the number of games), T at most [`DEFAULT_GAMES`] unless set.
    ///
    /// # Errors
    /// As for [`crate::stress::plan`].
    fn inputs(&self, config: &Config, count: usize) -> Result<Vec<(Generator, String, usize)>, StressError>;
}

/// A game served interactively, with the problem over its starts (the interactive
/// format's start lines as contest input) that stress draws and shrinks.
pub struct InteractiveGame<G, P> {
    pub game: Arc<G>,
    /// The problem over the starts, or why there is none (a format that is a mistake).
    pub starts: Result<P, String>,
}

impl<G: Game, P: ContestFormat<Case = G::Position> + Order> InteractiveCommand for InteractiveGame<G, P> {
    fn stress(&self, config: &Config, progress: &dyn Progress) -> Result<Report, StressError> {
        let starts = self
            .starts
            .as_ref()
            .map_err(|why| StressError::Problem(why.clone()))?;
        stress(starts, Arc::clone(&self.game), config, progress)
    }

    fn play(
        &self,
        options: &PlayOptions,
        input: &mut dyn std::io::BufRead,
        output: &mut dyn std::io::Write,
    ) -> Result<Played, StressError> {
        play(Arc::clone(&self.game), options, input, output)
    }

    fn interact(
        &self,
        input: &[u8],
        seed: Option<u64>,
        from: &mut dyn std::io::BufRead,
        to: &mut dyn std::io::Write,
    ) -> Result<Interacted, StressError> {
        interactor::interact(self.starts()?, &self.game, input, seed, from, to)
    }

    fn play_test(
        &self,
        input: &[u8],
        solution: &Solution,
        limits: &Limits,
    ) -> Result<Judgement, StressError> {
        interactor::play_test(self.starts()?, &self.game, input, solution, limits)
    }

    fn read_starts(&self, tokens: &mut crate::tokens::Tokens<'_>) -> Result<usize, InputError> {
        let starts = self.starts.as_ref().map_err(|why| InputError::Layout {
            line: 1,
            found: why.clone(),
            expected: "a game with an interactive format".to_owned(),
        })?;
        starts.read_cases(tokens).map(|cases| cases.len())
    }

    fn inputs(&self, config: &Config, count: usize) -> Result<Vec<(Generator, String, usize)>, StressError> {
        let starts = self.starts()?;
        let format = self
            .game
            .interactive()
            .ok_or_else(|| StressError::Problem(format!("{} has no interactive format", G::NAME)))?;
        let (bounds, _) = crate::stress::plan(starts, &stress::with_games(&format, config))?;
        Ok(Inputs::for_run(starts, config.seed, &bounds, count)
            .take(count)
            .map(|g| (g.generator, g.text, g.cases.len()))
            .collect())
    }
}

impl<G, P> InteractiveGame<G, P> {
    /// Returns the problem over the starts, or why there is none.
    fn starts(&self) -> Result<&P, StressError> {
        self.starts
            .as_ref()
            .map_err(|why| StressError::Problem(why.clone()))
    }
}
