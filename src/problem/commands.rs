//! What a problem adds to the subcommands beyond its core: a `prove` with its own flags
//! and a `plot`. Both are optional; the binary lists the problems that have them.

use crate::plot::PlotCommand;
use crate::prove::ProveCommand;

/// The subcommands a problem adds, found through the registry. Sealed, as
/// [`Problem`](super::Problem) is: every method has a default, yet no other crate can
/// implement it.
///
/// ```compile_fail
/// struct Mine;
/// impl gamecheck::problem::Commands for Mine {}
/// ```
pub trait Commands: super::Sealed {
    /// Returns the problem's `prove <problem>`, if it has one.
    fn prove_command(&self) -> Option<&dyn ProveCommand> {
        None
    }

    /// Returns the problem's `plot <problem>`, if it has one.
    fn plot_command(&self) -> Option<&dyn PlotCommand> {
        None
    }

    /// Returns the problem's interactive format, served by `stress` and `play`, if it
    /// has one.
    fn interactive_command(&self) -> Option<Box<dyn crate::interactive::InteractiveCommand>> {
        None
    }
}
