//! What only the `gamecheck` binary needs (feature `cli`): progress bars, shell
//! completions and the man page, and whether stdout was closed.

pub mod bars;
pub mod closed_stdout;
pub mod ecosystem;
pub mod problem_commands;
