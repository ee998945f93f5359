//! The memoized search of a game's moves that its default fast paths use, and the
//! adapters that let the oracles of `gamecheck-oracles` search a [`Game`].

use std::sync::Arc;

use gamecheck_oracles::component_grundy::{ComponentGrundy, Components};
use gamecheck_oracles::misere::Misere;
use gamecheck_oracles::rules_oracle::{Rules, RulesOracle};

use super::{Game, Outcome};

/// A game's moves as the oracles' [`Rules`].
pub(crate) struct ByMoves<G>(pub(crate) Arc<G>);

impl<G: Game> Rules for ByMoves<G> {
    type Position = G::Position;
    fn moves(&self, p: &G::Position, out: &mut Vec<G::Position>) {
        self.0.moves(p, out);
    }
}

impl<G: Game> Components for ByMoves<G> {
    fn components(&self, p: &G::Position) -> Vec<G::Position> {
        self.0.components(p)
    }
}

/// The positions a search holds at most, by default.
pub(crate) const SEARCH_BUDGET: usize = 4_000_000;

/// A memoized search of a game's moves, handed to its fast paths: the default
/// [`Game::grundy`] and [`Game::misere_outcome`] ask it, and an override may ask it for
/// the positions its insight does not cover.
pub struct Search<G: Game> {
    grundy: ComponentGrundy<ByMoves<G>>,
    misere: RulesOracle<Misere<ByMoves<G>>>,
}

impl<G: Game> Search<G> {
    pub(crate) fn new(game: Arc<G>, budget: usize) -> Search<G> {
        Search {
            grundy: ComponentGrundy::with_budget(ByMoves(Arc::clone(&game)), budget),
            misere: RulesOracle::with_budget(Misere(ByMoves(game)), budget),
        }
    }

    /// Returns the Grundy value of `p`: the XOR over its components of the mex of each
    /// component's options' values.
    ///
    /// # Errors
    /// The search would exceed its budget, or a component recurs below itself.
    pub fn grundy(&mut self, p: &G::Position) -> Result<u64, String> {
        self.grundy.grundy(p).map_err(|e| e.to_string())
    }

    /// Returns the outcome of `p` under misère play, by a search of the whole position.
    ///
    /// # Errors
    /// As for [`Search::grundy`].
    pub fn misere_outcome(&mut self, p: &G::Position) -> Result<Outcome, String> {
        self.misere
            .wins(&Some(p.clone()))
            .map(Outcome::of)
            .map_err(|e| e.to_string())
    }
}
