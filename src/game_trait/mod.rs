//! The trait layer: a game is its moves. [`Game`] and what it names — its positions
//! ([`Position`]), its contest [`Format`], its interactive format, the [`Search`] its fast
//! paths are handed, its answers and why one is out of reach — and nothing an engine
//! does with them. Engines (`check`, `stress`, `prove`, the claims engine, `interactive`)
//! sit above this layer; `GameProblem`, which turns a game into a problem they run, sits
//! above them, in the `game` module, where users reach all of it (`gamecheck::game`).

mod claim;
pub(crate) mod format;
pub(crate) mod interactive_format;
mod oracles;
pub(crate) mod position;
pub(crate) mod search;
pub(crate) mod searches;
mod settings;
mod unanswered;
mod verdict;

pub use crate::input::InputError;
pub use crate::problem::GameError;
pub use crate::program::BuildError;
pub(crate) use claim::compile as compile_claim;
pub(crate) use format::MAX_T;
pub use format::{Field, Format, GridField, Output};
pub use gamecheck_oracles::outcome::Outcome;
use interactive_format::Interactive;
pub use oracles::Oracle;
pub use position::{Position, RANDOM_LIST_LEN};
pub(crate) use search::SEARCH_BUDGET;
pub use search::Search;
pub use settings::{ClaimDomainsFn, ClaimFn, Settings, StrategyFn};
pub use unanswered::Unanswered;
pub use verdict::{Answer, Move, Play, Question};

use crate::problem::{Flag, Flags};

/// Where claims are checked: an exhaustive prefix of the order, then a random sample.
pub type ClaimDomains<P> = (crate::problem::Domain<'static, P>, crate::problem::Sample<P>);

/// A game: its positions and its moves, and what is derived from them.
///
/// Required: [`Game::Position`], [`Game::NAME`] and [`Game::moves`]. Everything else has
/// a default built from them.
pub trait Game: Send + Sync + Sized + 'static {
    /// A position, whose turn included if the moves depend on it.
    type Position: Position;

    /// The game's name on the command line and in reports.
    const NAME: &'static str;

    /// Appends every position reachable in one move from `p` to `out`. Repeats are
    /// allowed.
    fn moves(&self, p: &Self::Position, out: &mut Vec<Self::Position>);

    /// Returns `Ok` when `p` is a position of the game, else why not (`k >= 3`, a pile
    /// above 10^9). Generated, shrunk and read positions all pass it. Default: every
    /// position made of counts.
    fn check_position(&self, _p: &Self::Position) -> Result<(), String> {
        Ok(())
    }

    /// Returns whether `p` is a position real play reaches, where the game's questions
    /// are asked: `check`'s random and exhaustive positions, the least-counterexample
    /// search, the claims domains and the inputs `stress` generates and shrinks keep to
    /// them. `solve` still answers every position [`Game::check_position`] admits.
    /// Default: every position (Chopsticks: both players hold a hand).
    fn in_play(&self, _p: &Self::Position) -> bool {
        true
    }

    /// Returns the largest count a position may hold: the domain's bound, and the bound
    /// of the positions `stress` generates. Default: `u64::MAX`.
    fn max_count(&self) -> u64 {
        u64::MAX
    }

    /// Returns the most counts a list position may hold. Default: 8.
    fn max_len(&self) -> usize {
        8
    }

    /// Returns the largest count the rules oracle is asked about in `check`; larger
    /// positions are judged by consistency of the fast answers. Default: 24.
    fn oracle_reach(&self) -> u64 {
        24
    }

    /// Returns the engine settings of the game ([`Settings`]): its share of a campaign,
    /// how its claims are read and where they are checked, whether its fast path is
    /// proved. Default: [`Settings::default`]. Overridden by Moore's Nim_k (dear cases,
    /// its own claims and positions), the Chopsticks games (claims about who wins, a proved
    /// rule) and Wythoff (where claims fail).
    fn settings(&self) -> Settings<Self> {
        Settings::default()
    }

    /// Returns the game's own second methods for small positions (a mex table, a
    /// minimax, a dense table), each cross-checked against the fast path in `check` by
    /// its property's name and shown by `repro`, and its own checks of the fast path
    /// ([`Oracle::check`]: a second derivation that answers no question by itself).
    /// Default: none; the rules oracle judges alone.
    fn oracles(&self) -> Vec<Oracle<Self>> {
        Vec::new()
    }

    /// Returns extra candidates below `p` that the least-counterexample search tries
    /// beside lowering or dropping one count: where the failures of a formula line up
    /// along a structure of the game (Wythoff's Fibonacci diagonals). Candidates that are
    /// not smaller than `p`, or not valid, are left out. Default: none.
    fn descent(&self, _p: &Self::Position) -> Vec<Self::Position> {
        Vec::new()
    }

    /// Returns the number of moves from `p` when it is known without listing them (the
    /// stones of a pile), so that the checks that list every move skip positions with
    /// too many of them. Default: `None`, the moves are listed.
    fn move_count(&self, _p: &Self::Position) -> Option<u128> {
        None
    }

    /// Returns whether `to` is reachable in one move from `from`: how a printed move is
    /// judged legal. Default: `to` is among the listed moves.
    fn is_move(&self, from: &Self::Position, to: &Self::Position) -> bool {
        if self.move_count(from).is_some_and(|c| c > MOVES_LISTED) {
            return false;
        }
        let mut moves = Vec::new();
        self.moves(from, &mut moves);
        moves.contains(to)
    }

    /// Returns the contest format of the game: how `solve` and `stress` read a case and
    /// print its answer. Default: [`Format::default_for`], a line `T`, then one
    /// position's counts per line; `First`, `Second` or `Draw` (the Grundy value with
    /// `--grundy`).
    fn format(&self) -> Format<Self> {
        Format::default_for(self)
    }

    /// Returns the components of `p` when it is a disjunctive sum, played one component
    /// per move (a list of Kayles rows); the XOR of their Grundy values is then `p`'s.
    /// Default: `p` is one component. A component's components must be itself.
    fn components(&self, p: &Self::Position) -> Vec<Self::Position> {
        vec![p.clone()]
    }

    /// Returns whether a position can repeat. A loopy game has no Grundy values, and its
    /// outcomes include [`Outcome::Draw`], which the default [`Game::outcome`] finds by
    /// retrograde analysis of the positions reachable from the one asked. Default: false;
    /// a game that does repeat positions without saying so still gets its draws, once the
    /// search meets a cycle.
    fn loopy(&self) -> bool {
        false
    }

    /// Returns the Grundy value of `p` under normal play. Default: the mex of the
    /// options' values, components valued separately and XORed, by `search`.
    ///
    /// # Errors
    /// Why the value is out of reach (the search's budget, a loopy game).
    fn grundy(&self, p: &Self::Position, search: &mut Search<Self>) -> Result<u64, Unanswered> {
        search.grundy(p)
    }

    /// Returns the outcome of `p` under normal play. Default: a win exactly when
    /// [`Game::grundy`] is not 0; in a loopy game (declared by [`Game::loopy`], or met as
    /// a cycle by the search) a win, a loss or a draw by retrograde analysis.
    ///
    /// # Errors
    /// As for [`Game::grundy`]; for a loopy game, more positions reachable from `p` than
    /// the search's budget.
    fn outcome(&self, p: &Self::Position, search: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        if self.loopy() {
            return search.outcome(p);
        }
        match self.grundy(p, search) {
            Ok(g) => Ok(Outcome::of(g != 0)),
            Err(_) if search.met_cycle() => search.outcome(p),
            Err(why) => Err(why),
        }
    }

    /// Returns the outcome of `p` under misère play (the player who cannot move wins).
    /// Default: a search of the misère game.
    ///
    /// # Errors
    /// As for [`Game::grundy`].
    fn misere_outcome(&self, p: &Self::Position, search: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        search.misere_outcome(p)
    }

    /// Returns a winning move from `p` under `play`, or `None` when `p` is lost. Default:
    /// the first move to a position that [`Game::outcome`] (or
    /// [`Game::misere_outcome`]) calls lost.
    ///
    /// # Errors
    /// As for [`Game::grundy`].
    fn winning_move(
        &self,
        p: &Self::Position,
        play: Play,
        search: &mut Search<Self>,
    ) -> Result<Option<Self::Position>, Unanswered> {
        if let Some(c) = too_many_to_list(self, p) {
            return Err(Unanswered::too_many_moves(c));
        }
        let mut moves = Vec::new();
        self.moves(p, &mut moves);
        for q in moves {
            let after = match play {
                Play::Normal => self.outcome(&q, search)?,
                Play::Misere => self.misere_outcome(&q, search)?,
            };
            if after == Outcome::Loss {
                return Ok(Some(q));
            }
        }
        Ok(None)
    }

    /// Returns the game's interactive format: how a judge that plays from the oracle
    /// talks to a contestant's program (`stress` on such a game plays it, `play` lets a
    /// person play it). Default: none, the game is not interactive.
    fn interactive(&self) -> Option<Interactive<Self>> {
        None
    }

    /// Returns why `answer` is the answer at `p`, for `solve --explain`: a winning move
    /// and the insight that makes it one. Default: `None`, and `solve --explain` shows
    /// the position.
    fn explain(&self, _p: &Self::Position, _answer: &Answer) -> Option<String> {
        None
    }

    /// Returns `p` as a person reads it. Default: its counts.
    fn describe(&self, p: &Self::Position) -> String {
        let c = p.counts();
        if Self::Position::ARITY == Some(1) {
            c[0].to_string()
        } else {
            format!("{c:?}")
        }
    }
}

/// The most moves the default [`Game::is_move`] and [`Game::winning_move`] list, and the
/// checks that list every move look at, when [`Game::move_count`] knows their number.
pub const MOVES_LISTED: u128 = 1 << 16;

/// The most counts a listing of moves holds, each move a whole position (2^24 counts,
/// 128 MiB): a list of 65,536 heaps of 1 has as many moves, each a copy of the list.
const COUNTS_LISTED: u128 = 1 << 24;

/// Returns the number of `p`'s moves when listing them all is beyond what the default
/// move searches list: more than [`MOVES_LISTED`] moves, or more than 2^24 counts held
/// (the moves times the counts of a position), as far as [`Game::move_count`] knows.
pub(crate) fn too_many_to_list<G: Game>(game: &G, p: &G::Position) -> Option<u128> {
    let moves = game.move_count(p)?;
    let counts = p.counts().len().max(1) as u128;
    (moves > MOVES_LISTED || moves.saturating_mul(counts) > COUNTS_LISTED).then_some(moves)
}

/// How the command line builds a game: its flags and the game they make. Every game
/// that is `Default` has no flags and is built by `Default`.
pub trait FromFlags: Sized {
    /// Returns the flags that build the game (`--set 1,3,4`), beside the ones every game
    /// has (`--misere`, `--grundy`).
    fn flags() -> Vec<Flag> {
        Vec::new()
    }

    /// Returns the game `flags` describe.
    ///
    /// # Errors
    /// A flag of the wrong kind, or a value that makes no game.
    fn from_flags(flags: &Flags) -> Result<Self, GameError>;
}

impl<T: Default> FromFlags for T {
    fn from_flags(_flags: &Flags) -> Result<T, GameError> {
        Ok(T::default())
    }
}
