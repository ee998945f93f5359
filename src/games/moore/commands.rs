//! What Moore's Nim adds to `prove` and `plot`: its flags. The counting problem adds
//! neither.

use super::{MooreCount, MooreDomain, MoorePosition, is_p_position, picture};
use crate::plot::{Picture, PlotCommand, PlotError};
use crate::problem::{Commands, Flag, Flags};
use crate::prove::{ProofProgress, ProofRun, ProveCommand, ProveError, prove_bounded};

impl Commands for MoorePosition {
    fn prove_command(&self) -> Option<&dyn ProveCommand> {
        Some(self)
    }

    fn plot_command(&self) -> Option<&dyn PlotCommand> {
        Some(self)
    }
}

impl Commands for MooreCount {}

impl ProveCommand for MoorePosition {
    fn about(&self) -> &'static str {
        "Moore's P-test against the explicit game search on every multiset in range."
    }

    /// `--k` builds the problem ([`crate::games::Build`]).
    fn flags(&self) -> Vec<Flag> {
        vec![
            Flag::number("k", "Piles per move.", "6", 1)
                .at_most(u32::MAX as u64)
                .value_name("K"),
            Flag::number("max-piles", "The most piles in a position.", "8", 0).value_name("N"),
            Flag::number("max-size", "The largest pile size.", "3", 0).value_name("S"),
        ]
    }

    fn run(&self, flags: &Flags, progress: &ProofProgress) -> Result<ProofRun, ProveError> {
        let max_piles = flags.number("max-piles")?;
        let domain = MooreDomain {
            max_piles: usize::try_from(max_piles)
                .map_err(|_| ProveError::Range(format!("--max-piles {max_piles} is too large")))?,
            max_size: flags.number("max-size")?,
        };
        prove_bounded(self, &domain, progress)
    }
}

impl PlotCommand for MoorePosition {
    fn about(&self) -> &'static str {
        "P-positions of Moore's Nim_k over piles (x, y) beside fixed piles, one panel per k, crossed where the P-test and the game search disagree."
    }

    fn flags(&self) -> Vec<Flag> {
        vec![
            Flag::numbers("k", "The values of k, one panel each.", &["1", "2", "3", "4"]).value_name("K,…"),
            Flag::numbers("rest", "Fixed piles beside x and y (`--third Z` for three piles).", &[])
                .aliases(&["third"]),
            Flag::number("max", "x and y run over 0..=MAX.", "31", 0).value_name("MAX"),
        ]
    }

    fn picture(&self, flags: &Flags) -> Result<Picture, PlotError> {
        let ks = flags
            .numbers("k")?
            .iter()
            .map(|&k| u32::try_from(k).map_err(|_| PlotError::Range(format!("k = {k} is too large"))))
            .collect::<Result<Vec<u32>, PlotError>>()?;
        let view = picture::View::new(&ks, flags.numbers("rest")?, flags.number("max")?)?;
        picture::p_position_picture(&view, &is_p_position)
    }
}
