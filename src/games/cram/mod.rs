//! Cram (Gardner; Winning Ways, ch. 3): Domineering where either player places a domino
//! either way, so an impartial game and every value a nimber. Positions are Domineering's
//! boards of `.` (empty) and `#` (filled); the value is found by the mex rule region by
//! region ([`NimValues`]), with the canonical form from the moves as its cross-check.

mod nim_value;

pub use nim_value::{NIM_BUDGET, NimValues};

use crate::game::{FromFlags, GameError};
use crate::games::domineering::{Domineering, Grid};
use crate::input::InputError;
use crate::partizan::family::{CrossCheck, Family, Tokens};
use crate::partizan::{Partizan, Stopped, Value, Values};
use crate::problem::{Flag, Flags};

/// Cram, with the empty board the flags name; boards are read and written as
/// Domineering's.
#[derive(Clone, Copy, Debug)]
pub struct Cram {
    board: Domineering,
}

impl Cram {
    /// Returns Cram on every board (no board named by the flags).
    #[allow(clippy::new_without_default)] // as Domineering: a `Default` game has no flags
    pub const fn new() -> Cram {
        Cram {
            board: Domineering::new(),
        }
    }
}

/// Appends the boards after every placement of a domino, vertical then horizontal.
fn placements(g: &Grid, out: &mut Vec<Grid>) {
    g.place(true, out);
    g.place(false, out);
}

impl Partizan for Cram {
    type Position = Grid;
    const NAME: &'static str = "cram";

    fn left_moves(&self, g: &Grid, out: &mut Vec<Grid>) {
        placements(g, out);
    }

    fn right_moves(&self, g: &Grid, out: &mut Vec<Grid>) {
        placements(g, out);
    }

    fn components(&self, g: &Grid) -> Vec<Grid> {
        g.regions()
    }

    /// The nimber of the Grundy value, by the mex rule ([`NimValues`]).
    fn value(&self, g: &Grid, values: &mut Values<Self>) -> Result<Value, Stopped> {
        Ok(Value::nimber(NimValues::new(values.limits()).of(g)?))
    }
}

impl FromFlags for Cram {
    fn flags() -> Vec<Flag> {
        Domineering::flags()
    }

    fn from_flags(flags: &Flags) -> Result<Cram, GameError> {
        Ok(Cram {
            board: Domineering::from_flags(flags)?,
        })
    }
}

impl Family for Cram {
    fn flagged_position(&self) -> Option<Grid> {
        self.board.flagged_position()
    }

    fn read(&self, tokens: &mut Tokens<'_>) -> Result<Grid, InputError> {
        self.board.read(tokens)
    }

    fn write(&self, g: &Grid) -> String {
        self.board.write(g)
    }

    fn show(&self, g: &Grid) -> String {
        self.board.show(g)
    }

    fn size(&self, g: &Grid) -> u64 {
        self.board.size(g)
    }

    fn max_size(&self) -> u64 {
        self.board.max_size()
    }

    fn of_size(&self, n: u64) -> Vec<Grid> {
        self.board.of_size(n)
    }

    fn random(&self, rng: &mut rand_chacha::ChaCha8Rng, size: u64) -> Option<Grid> {
        self.board.random(rng, size)
    }

    fn smaller(&self, g: &Grid) -> Vec<Grid> {
        self.board.smaller(g)
    }

    fn oracle_size(&self) -> u64 {
        self.board.oracle_size()
    }

    fn enumerated(&self) -> Option<&'static str> {
        self.board.enumerated()
    }

    fn cross_checks(&self) -> Vec<CrossCheck<Self>> {
        vec![("nim_value_matches_moves", |_, g| {
            let fast = NimValues::new(crate::budget::Budget::default())
                .of(g)
                .map_err(|e| e.to_string())?;
            let by_moves = Values::new(Cram::new()).of(g).map_err(|e| e.to_string())?;
            if by_moves == Value::nimber(fast) {
                Ok(())
            } else {
                Err(format!(
                    "the mex rule says *{fast}, the canonical form from the moves is {by_moves}"
                ))
            }
        })]
    }
}

#[cfg(test)]
mod tests;
