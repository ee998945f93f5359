//! The games, one folder each, and the registry: the one place that maps a name to its
//! problem.

pub mod chopsticks;
pub mod moore;
mod registry;
pub mod wythoff;

pub use registry::{Params, Registered, UnknownProblem, Visit, problem_names, visit};
