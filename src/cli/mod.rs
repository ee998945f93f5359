//! What only the `gamecheck` binary needs (feature `cli`): progress bars, shell
//! completions and the man page.

pub mod bars;
pub mod ecosystem;
pub mod problem_commands;
