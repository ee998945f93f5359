//! The seal on the problem traits: only the crate's own problems implement them, so a
//! game's one door is [`Game`](crate::game::Game) (and a partizan family's,
//! [`Family`](crate::partizan::Family)). The traits stay public because the engines'
//! public functions, [`Visit`](crate::games::Visit) and [`main!`](crate::main) name them.

/// What every problem trait requires; unnameable outside the crate.
pub trait Sealed {}
