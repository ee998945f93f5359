//! Pictures users can look at: a game's positions drawn as a grid of coloured cells, written
//! as SVG with plotters' SVG backend.
//!
//! A picture is one or more [`Panel`]s, each a function `Fn(x, y) -> Cell` over a grid,
//! with a legend of cell [`Kind`]s and [`Mark`]s. A two-pile game plugs in by describing its
//! kinds and writing that function. Each game's pictures live in its own folder and
//! reach `gamecheck plot` through [`PlotCommand`] (`gamecheck::chopsticks::picture`,
//! `gamecheck::moore::picture`).

mod grid;
mod thermograph_svg;

pub use grid::{Axis, Cell, Kind, MAX_SIDE, Mark, Panel, Picture, Rgb};
pub use thermograph_svg::{Corner, ThermographPicture};

use thiserror::Error;

/// Why a picture cannot be made.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum PlotError {
    /// A requested grid or slice is out of the supported range.
    #[error("{0}")]
    Range(String),
    /// The claim text does not compile.
    #[error("invalid claim: {0}")]
    Claim(String),
    /// plotters failed while drawing.
    #[error("drawing the SVG failed: {0}")]
    Draw(String),
    /// A flag the picture reads is not among the problem's flags.
    #[error(transparent)]
    Flag(#[from] crate::problem::FlagError),
}

/// A problem's `plot` subcommand: its flags and the picture they ask for.
pub trait PlotCommand: Sync {
    /// Returns one line for `plot --help`: what the picture shows.
    fn about(&self) -> &'static str;

    /// Returns the flags of `plot <problem>`, beside the shared `--out`.
    fn flags(&self) -> Vec<crate::problem::Flag>;

    /// Returns the picture `flags` ask for.
    fn picture(&self, flags: &crate::problem::Flags) -> Result<Picture, PlotError>;

    /// Returns the SVG `flags` ask for. Default: [`PlotCommand::picture`]'s.
    fn svg(&self, flags: &crate::problem::Flags) -> Result<String, PlotError> {
        self.picture(flags)?.to_svg()
    }
}
