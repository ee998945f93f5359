//! Interactive game problems: the judge plays a contestant's program, with the game's
//! moves as its rules and the oracle as its strategy.
//!
//! A [`Game`] becomes interactive by returning an [`Interactive`] format from
//! [`Game::interactive`]: what the judge writes first (T and each game's start in the
//! ordinary [`Format`](crate::game_trait::Format)'s fields), the program's choice of side, the move notation, the end tokens and the
//! limits. [`stress`] then runs the program against a judge that ranks every position
//! within reach by remoteness ([`Remoteness`]: it wins as fast as it can, defends as long
//! as it can, keeps a draw; some runs defend at random) and beyond it plays from the
//! game's fast path, judges every move, and shrinks the first failure to its least
//! start and shortest line of play. [`play`] puts a person in the program's place.
//! Every `gamecheck::main!` binary serves both as `stress` and `play`.

mod generate;
mod play;
mod process;
mod remoteness;
mod session;
mod shrink;
mod strategy;
mod stress;
mod verdict;

use std::sync::Arc;

pub use crate::game_trait::interactive_format::{Interactive, Notation, Parse};
pub use generate::GameBounds;
pub use play::{PlayOptions, Played, play};
pub use remoteness::{OutOfReach, Remoteness, Value};
pub use session::Ended;
pub use strategy::{Defence, Policy, Rank};
pub use stress::{Config, Failure, REMOTENESS_BUDGET, Report, stress, stress_with_progress};
pub use verdict::{Entry, Player, Transcript, Verdict};

use crate::game_trait::Game;
use crate::progress::Progress;
use crate::stress::StressError;

/// An interactive game with its type erased, as the command line reaches it.
pub trait InteractiveCommand {
    /// Returns the report of [`stress`] on the game.
    ///
    /// # Errors
    /// As for [`stress`].
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
}

/// A game served interactively.
pub struct InteractiveGame<G>(pub Arc<G>);

impl<G: Game> InteractiveCommand for InteractiveGame<G> {
    fn stress(&self, config: &Config, progress: &dyn Progress) -> Result<Report, StressError> {
        stress_with_progress(Arc::clone(&self.0), config, progress)
    }

    fn play(
        &self,
        options: &PlayOptions,
        input: &mut dyn std::io::BufRead,
        output: &mut dyn std::io::Write,
    ) -> Result<Played, StressError> {
        play(Arc::clone(&self.0), options, input, output)
    }
}
