//! Take-and-break heap games: octal and hexadecimal codes and Grundy's game. Their
//! nim-sequences by the sparse-space method, periods proved by the Guy–Smith theorem,
//! misère play of small sums by search.

pub mod code;
pub mod guy_smith;
pub mod moves;
mod sparse_kernel;
pub mod sparse_space;
pub mod values;
