//! The seal on the problem traits: only the crate's own problems implement them, so a
//! game's one door is `Game` (and a partizan family's, `Family`). The traits stay public
//! because the engines' public functions, the registry's `Visit` and `main!` name them.

/// What every problem trait requires; unnameable outside the crate.
pub trait Sealed {}
