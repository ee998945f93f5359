//! The games, one folder each, and the registry: the one place that maps a name to its
//! problem. A game is added by its folder and one line here.

mod commands;
pub(crate) mod not_checked;
#[cfg(test)]
pub(crate) mod partizan_tests;
#[macro_use]
mod registry;

pub use commands::Commands;

pub(crate) use registry::Serve;
pub use registry::{
    Build, Builtin, Registered, Registry, RegistryError, UnknownProblem, Visit, visit_built, visit_line,
};

pub use crate::problem::with_defaults;

use crate::game::GameProblem;

pub mod simple_chopsticks;
use crate::partizan::PartizanProblem;

registry! {
    chopsticks {
        // `--fingers F` chooses the game: the seed's at F = 2, with its own prove and plot.
        "chopsticks" | "simple-chopsticks" => chopsticks::Fingers; catalog: chopsticks::catalog
    }
    moore {
        "moore" => GameProblem<moore::Moore> [own_prove own_plot],
        "moore-count" | "games" => moore::MooreCount; catalog: moore::catalog,
    }
    wythoff { "wythoff" => GameProblem<wythoff::Wythoff> [own_prove own_plot]; catalog: wythoff::catalog }
    subtraction { "subtraction" => GameProblem<subtraction::Subtraction>; catalog: subtraction::catalog }
    octal { "octal" => GameProblem<octal::Octal> [own_prove own_plot]; catalog: octal::catalog }
    chopsticks_classic { "chopsticks-classic" => GameProblem<chopsticks_classic::ChopsticksClassic> [own_prove] }
    domineering { "domineering" => PartizanProblem<domineering::Domineering>; catalog: domineering::catalog }
    hackenbush { "hackenbush" => PartizanProblem<hackenbush::Hackenbush>; catalog: hackenbush::catalog }
    toads_and_frogs { "toads-and-frogs" => PartizanProblem<toads_and_frogs::ToadsAndFrogs> }
    cutcake { "cutcake" => PartizanProblem<cutcake::Cutcake> }
    colouring {
        "col" => PartizanProblem<colouring::Col>,
        "snort" => PartizanProblem<colouring::Snort>,
    }
    cram { "cram" => PartizanProblem<cram::Cram> }
    konane { "konane" => PartizanProblem<konane::Konane> }
}
