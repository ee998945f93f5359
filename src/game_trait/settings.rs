//! How the engines treat a game, apart from what the game is: the share of a campaign its
//! cases take, how far `check` lists moves, how claims about it are read and where they are
//! checked, whether its fast path is proved. proptest keeps such things in its runner's
//! `Config`, not in `Strategy`; a game hands its [`Settings`] over in one method,
//! [`Game::settings`], and every field has a default that fits a game with no insight of
//! its own.

use proptest::strategy::BoxedStrategy;

use super::{ClaimDomains, Game, Outcome, Position};
use crate::claim_lang::ClaimError;
use crate::problem::Predicate;

/// Draws random positions with counts up to `max` and lists of at most `max_len` counts.
pub type StrategyFn<G> = fn(&G, u64, usize) -> BoxedStrategy<<G as Game>::Position>;

/// Compiles a claim's text into a predicate on positions.
pub type ClaimFn<G> = fn(&G, &str) -> Result<Predicate<<G as Game>::Position>, ClaimError>;

/// Builds where claims about the game are checked.
pub type ClaimDomainsFn<G> = fn(&G) -> ClaimDomains<<G as Game>::Position>;

/// The engine settings of a game (see the module's documentation). Start from
/// `Settings::default()` and set what the game needs:
///
/// # Example
/// ```
/// use gamecheck::game::{Game, Settings};
/// /// Take 1 or 2 stones; its cases are dear, so `check` runs a quarter of each share.
/// struct Take12;
/// impl Game for Take12 {
///     type Position = u64;
///     const NAME: &'static str = "take12";
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
///     }
///     fn settings(&self) -> Settings<Self> {
///         Settings { check_cost: 4, ..Settings::default() }
///     }
/// }
/// assert_eq!(Take12.settings().check_cost, 4);
/// assert_eq!(Take12.settings().least_budget, Settings::<Take12>::default().least_budget);
/// ```
pub struct Settings<G: Game> {
    /// How many ordinary cases one case of this game costs in `check`: each property runs
    /// on 1/cost of its share (at least one case), so a game whose moves or oracles are
    /// dear does not take over a campaign (Moore's Nim_k). Default: 1.
    pub check_cost: u32,
    /// The largest count whose moves `check` enumerates (the winning-move and Bellman
    /// properties), where a heap's moves grow with the heap. Default: `None`,
    /// [`Game::max_count`].
    pub move_reach: Option<u64>,
    /// How many candidates the least-counterexample search of a refuted claim may try.
    /// Default: 100,000.
    pub least_budget: u64,
    /// Whether the fast path is proved right on every position (Chopsticks' rule, by
    /// `prove chopsticks --all`): `stress` then takes its answers as expected at every
    /// count, without first probing how far the rules judge. Default: false.
    pub fast_path_proved: bool,
    /// The outcome a bare claim `EXPR` states where it holds (`claim`): a loss, "the
    /// player to move loses exactly when EXPR" (a P-position test), or a win, "the player
    /// to move wins exactly when EXPR" (a rule for who wins, as a contest states it, as
    /// the Chopsticks games do). Default: [`Outcome::Loss`].
    pub claim_outcome: Outcome,
    /// Where claims about the game are checked, when the game knows where they fail: an
    /// exhaustive prefix of the order of least counterexamples, then a random sample
    /// (Wythoff: every position with at most 600 stones, then positions next to the
    /// P-positions, where a formula for ⌊jφ⌋ errs). Default: `None`, every position with
    /// at most about 20,000 positions' worth of counts, then random positions with small
    /// counts favoured.
    pub claim_domains: Option<ClaimDomainsFn<G>>,
    /// The random positions `check` and `claim` draw, when the game's rule is about
    /// positions [`Position::strategy`] rarely draws (Moore's P-positions of many equal
    /// large piles, Chopsticks' states of real play). Default: `None`,
    /// [`Position::strategy`], small counts favoured.
    pub strategy: Option<StrategyFn<G>>,
    /// How `claim` reads a claim's text, when the game's claims name more than its
    /// counts (Moore's `xor_k`). Default: `None`, an expression over the names of the
    /// position's counts ([`Position::names`]).
    pub claim: Option<ClaimFn<G>>,
}

impl<G: Game> Default for Settings<G> {
    fn default() -> Settings<G> {
        Settings {
            check_cost: 1,
            move_reach: None,
            least_budget: 100_000,
            fast_path_proved: false,
            claim_outcome: Outcome::Loss,
            claim_domains: None,
            strategy: None,
            claim: None,
        }
    }
}

impl<G: Game> Clone for Settings<G> {
    fn clone(&self) -> Settings<G> {
        *self
    }
}

impl<G: Game> Copy for Settings<G> {}

impl<G: Game> Settings<G> {
    /// Returns the largest count whose moves `check` lists for `game`.
    pub(crate) fn move_reach_of(&self, game: &G) -> u64 {
        self.move_reach.unwrap_or_else(|| game.max_count())
    }

    /// Returns the random positions `game`'s settings draw.
    pub(crate) fn strategy_of(&self, game: &G, max: u64, max_len: usize) -> BoxedStrategy<G::Position> {
        match self.strategy {
            Some(strategy) => strategy(game, max, max_len),
            None => G::Position::strategy(max, max_len),
        }
    }

    /// Returns `text` compiled as a claim about `game`'s positions.
    pub(crate) fn claim_of(&self, game: &G, text: &str) -> Result<Predicate<G::Position>, ClaimError> {
        match self.claim {
            Some(claim) => claim(game, text),
            None => super::compile_claim::<G::Position>(text),
        }
    }

    /// Returns where claims about `game` are checked, if its settings say.
    pub(crate) fn claim_domains_of(&self, game: &G) -> Option<ClaimDomains<G::Position>> {
        self.claim_domains.map(|f| f(game))
    }
}
