//! What Wythoff's game adds to `prove` and `plot`: its flags.

use super::{Wythoff, WythoffDomain, is_p_position, picture};
use crate::plot::{Picture, PlotCommand, PlotError};
use crate::problem::{Commands, Flag, Flags};
use crate::prove::{ProofProgress, ProofRun, ProveCommand, ProveError, prove_bounded};

impl Commands for Wythoff {
    fn prove_command(&self) -> Option<&dyn ProveCommand> {
        Some(self)
    }

    fn plot_command(&self) -> Option<&dyn PlotCommand> {
        Some(self)
    }
}

impl ProveCommand for Wythoff {
    fn about(&self) -> &'static str {
        "Wythoff's exact P-test against the mex table on every pair of piles below L."
    }

    fn flags(&self) -> Vec<Flag> {
        vec![Flag::number("max-pile", "L: both piles run over 0..L.", "4096", 0).value_name("L")]
    }

    fn run(&self, flags: &Flags, progress: &ProofProgress) -> Result<ProofRun, ProveError> {
        let domain = WythoffDomain {
            max_pile: flags.number("max-pile")?,
        };
        prove_bounded(self, &domain, progress)
    }
}

impl PlotCommand for Wythoff {
    fn about(&self) -> &'static str {
        "P-positions of Wythoff's game over piles (x, y), coloured by the winning move, crossed where the P-test and the mex table disagree."
    }

    fn flags(&self) -> Vec<Flag> {
        vec![Flag::number("max", "x and y run over 0..=MAX (at most 255).", "40", 0).value_name("MAX")]
    }

    fn picture(&self, flags: &Flags) -> Result<Picture, PlotError> {
        picture::p_position_picture(flags.number("max")?, &is_p_position)
    }
}
