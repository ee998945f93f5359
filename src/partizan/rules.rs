//! A [`Partizan`] game as the rules the oracles of `gamecheck-oracles` search (the outcome
//! search, the forest of `>=`): Left's moves and Right's moves as lists.

use gamecheck_oracles::partizan_search::PartizanRules;

use super::Partizan;

/// The rules of `G`, borrowed.
pub(crate) struct Rules<'a, G>(pub(crate) &'a G);

impl<G: Partizan> PartizanRules for Rules<'_, G> {
    type Position = G::Position;

    fn left(&self, p: &G::Position) -> Vec<G::Position> {
        let mut out = Vec::new();
        self.0.left_moves(p, &mut out);
        out
    }

    fn right(&self, p: &G::Position) -> Vec<G::Position> {
        let mut out = Vec::new();
        self.0.right_moves(p, &mut out);
        out
    }
}
