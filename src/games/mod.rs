//! The games, one folder each, and the registry: the one place that maps a name to its
//! problem. A game is added by its folder and one line here.

#[macro_use]
mod registry;

pub use registry::{Params, Registered, UnknownProblem, Visit};

registry! {
    chopsticks { "chopsticks" => |_| chopsticks::Chopsticks::default() }
    moore {
        "moore" => |p: Params| moore::MoorePosition::with_k(p.k),
        "moore-count" | "games" => |p: Params| moore::MooreCount::new(p.k, p.modulus),
    }
    wythoff { "wythoff" => |_| wythoff::Wythoff::default() }
}
