//! How `solve` reads a case line of a game's format, decided once from the format.

use crate::game_trait::format::{Field, Format};
use crate::game_trait::{Game, Position};

/// How a case line of the common shape is read, decided once from the format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineShape {
    /// `N` numbers (1 to 4), the position's counts, each any `u64` (the format's ranges
    /// and the game's largest count are the whole `u64` range): read straight into the
    /// position, as the hand-written readers did, since a field walk per line was a
    /// sixth of `solve chopsticks`.
    Open(usize),
    /// The format's fields in turn, each number checked against its range.
    Fields,
}

impl LineShape {
    pub(crate) fn of<G: Game>(format: &Format<G>, game: &G) -> LineShape {
        let Some(line) = format.lines.first() else {
            return LineShape::Fields;
        };
        let open = line.iter().all(
            |f| matches!(f, Field::Number { range, .. } if *range.start() == 0 && *range.end() == u64::MAX),
        );
        match G::Position::ARITY {
            Some(n @ 1..=4) if open && line.len() == n && game.max_count() == u64::MAX => LineShape::Open(n),
            _ => LineShape::Fields,
        }
    }
}
