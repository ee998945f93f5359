//! The games, one folder each, and the registry: the one place that maps a name to its
//! problem. A game is added by its folder and one line here.

#[macro_use]
mod registry;

pub use registry::{
    Build, Builtin, Registered, Registry, RegistryError, Serve, UnknownProblem, Visit, visit_built,
    with_defaults,
};

use crate::game::GameProblem;

pub mod simple_chopsticks;
use crate::partizan::PartizanProblem;

registry! {
    chopsticks { "chopsticks" | "simple-chopsticks" => chopsticks::Fingers }
    moore {
        "moore" => GameProblem<moore::Moore>,
        "moore-count" | "games" => moore::MooreCount,
    }
    wythoff { "wythoff" => GameProblem<wythoff::Wythoff> }
    subtraction { "subtraction" => GameProblem<subtraction::Subtraction> }
    octal { "octal" => GameProblem<octal::Octal> }
    chopsticks_classic { "chopsticks-classic" => GameProblem<chopsticks_classic::ChopsticksClassic> }
    domineering { "domineering" => PartizanProblem<domineering::Domineering> }
    hackenbush { "hackenbush" => PartizanProblem<hackenbush::Hackenbush> }
    toads_and_frogs { "toads-and-frogs" => PartizanProblem<toads_and_frogs::ToadsAndFrogs> }
    cutcake { "cutcake" => PartizanProblem<cutcake::Cutcake> }
}
