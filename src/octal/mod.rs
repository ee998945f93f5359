//! Take-and-break heap games: octal and hexadecimal codes and Grundy's game. Their
//! nim-sequences by the sparse-space method, periods proved by the Guy–Smith theorem,
//! misère play of small sums by search, and the cross-checks against the oracles.

pub mod code;
pub mod crosscheck;
pub mod guy_smith;
pub mod misere;
pub mod moves;
mod sparse_kernel;
pub mod sparse_space;
pub mod values;
