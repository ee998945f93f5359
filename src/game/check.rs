//! Checking a formula for your own game from `cargo test`.
//!
//! Each function checks one claim about a [`Game`] against oracles computed from its
//! moves: who wins ([`outcome`], [`misere`]), the Grundy value ([`grundy`]), or a winning
//! move as a certificate ([`winning_move`]). A list position whose [`Game::components`]
//! split it is judged two ways, by the joint search and by the XOR of its components'
//! values, so a formula that wrongly treats coupled components as independent is
//! refuted. A failure is shrunk, searched below, and returned typed with what its
//! least-ness proves.
//!
//! The seed and the number of cases come from [`Config::default`], which reads
//! `GAMECHECK_SEED` and `GAMECHECK_CASES`; nothing is written to disk unless
//! [`Config::persist_in`] names a directory.

use std::path::PathBuf;

use thiserror::Error;

use super::position::{self, Position};
use super::problem::{Fast, FastMove, GameProblem, Mode, total_within};
use super::{Answer, Game, Outcome, Play, Question};
use crate::check::{PropertyError, check_problem};
use crate::problem::{Least, Problem, Properties};

/// How a formula is checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Seed of the random positions (ChaCha8).
    pub seed: u64,
    /// Random positions to try.
    pub cases: u32,
    /// A directory whose `proptest-regressions/<game>.txt` keeps and replays failures;
    /// `None` writes nothing.
    pub persist_in: Option<PathBuf>,
}

impl Default for Config {
    /// Seed 1 and 256 cases, unless `GAMECHECK_SEED` or `GAMECHECK_CASES` say otherwise.
    fn default() -> Config {
        let var = |name: &str| std::env::var(name).ok().and_then(|v| v.trim().parse().ok());
        Config {
            seed: var("GAMECHECK_SEED").unwrap_or(1),
            cases: var("GAMECHECK_CASES").map_or(256, |c: u64| u32::try_from(c).unwrap_or(u32::MAX)),
            persist_in: None,
        }
    }
}

/// Where a formula is wrong, typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation<P> {
    /// The least position found where the formula is wrong.
    pub position: P,
    /// How sure `position` is to be least.
    pub least: Least,
    /// What the formula says there (for a move formula, the outcome its move implies).
    pub says: Result<Answer, String>,
    /// The truth there, from an oracle.
    pub truth: Answer,
    /// Where proptest's shrinking stopped, before the search below it.
    pub shrunk: P,
    /// Why the check fails there.
    pub reason: String,
    /// `position` as the game describes it ([`Game::describe`]): what the error prints,
    /// so a position with state the input does not show reads as the game says.
    pub shown: String,
}

/// Why a formula did not hold.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum CheckError<P: std::fmt::Debug> {
    /// The formula is wrong at a position.
    #[error("the formula is wrong at {} ({}): {}", .0.shown, .0.least, .0.reason)]
    Refuted(Box<Refutation<P>>),
    /// No oracle reaches the failing position, so it cannot be judged.
    #[error("no oracle reaches {shown}: {reason}")]
    Unjudged {
        position: P,
        reason: String,
        /// `position` as the game describes it.
        shown: String,
    },
    /// proptest gave up.
    #[error("the run was aborted: {0}")]
    Aborted(String),
}

impl<P: std::fmt::Debug> CheckError<P> {
    /// Returns the refutation, if the formula was refuted.
    pub fn refutation(&self) -> Option<&Refutation<P>> {
        match self {
            CheckError::Refuted(r) => Some(r),
            _ => None,
        }
    }
}

fn run<G: Game>(
    game: G,
    question: Question,
    mode: Mode,
    fast: Fast<G>,
    fast_move: FastMove<G>,
    config: &Config,
) -> Result<(), CheckError<G::Position>> {
    let mut problem = GameProblem::with_fast(game, question, "formula", fast, fast_move, G::NAME.to_owned());
    problem.mode = mode;
    let found = match exhaustive(&problem) {
        Some(found) => found,
        None => match check_problem(&problem, config.seed, config.cases, config.persist_in.as_deref()) {
            Ok(()) => return Ok(()),
            Err(PropertyError::Abort(reason)) => return Err(CheckError::Aborted(reason)),
            Err(PropertyError::Fail(c)) => Found {
                position: c.case,
                least: c.least,
                shrunk: c.shrunk,
                reason: c.reason,
            },
        },
    };
    let Some((truth, _)) = problem.truth(&found.position, question) else {
        return Err(CheckError::Unjudged {
            shown: problem.game().describe(&found.position),
            position: found.position,
            reason: found.reason,
        });
    };
    Err(CheckError::Refuted(Box::new(Refutation {
        says: problem.solve(&found.position),
        shown: problem.game().describe(&found.position),
        truth,
        position: found.position,
        least: found.least,
        shrunk: found.shrunk,
        reason: found.reason,
    })))
}

/// A failing position and what is known of it.
struct Found<P> {
    position: P,
    least: Least,
    shrunk: P,
    reason: String,
}

/// Positions checked in order before the random ones, so the first failure among them
/// is least.
const EXHAUSTIVE: u64 = 2_000;

/// Returns the first failure among the least positions in order, which is then the least
/// counterexample; else, for a game of components, the first failure among the single
/// components up to the oracles' reach, reduced by the least search. Random positions
/// rarely hit one wrong entry of a table: these do.
fn exhaustive<G: Game>(problem: &GameProblem<G>) -> Option<Found<G::Position>> {
    let properties = problem.properties();
    let property = properties.first()?;
    let reach = problem.component_reach();
    let fails = |p: &G::Position| {
        p.counts().iter().all(|&v| v <= reach)
            && problem.reaches(p)
            && problem.game().check_position(p).is_ok()
            && (property.check)(problem, p).is_err()
    };
    let reason = |p: &G::Position| (property.check)(problem, p).err().unwrap_or_default();
    let max_len = problem.game().max_len();
    let last = total_within(EXHAUSTIVE, G::Position::ARITY, max_len);
    if let Some(p) = (0..=last)
        .flat_map(|s| position::with_total::<G::Position>(s, max_len))
        .find(|p| fails(p))
    {
        return Some(Found {
            reason: reason(&p),
            least: Least::Proven,
            shrunk: p.clone(),
            position: p,
        });
    }
    let single = (0..=reach)
        .filter_map(|n| G::Position::from_counts(&[n]))
        .find(|p| fails(p))?;
    let (position, least) = crate::problem::least(problem, &fails, single.clone(), problem.search_budget());
    Some(Found {
        reason: reason(&position),
        least,
        shrunk: single,
        position,
    })
}

fn no_move<G: Game>() -> FastMove<G> {
    Box::new(|_, _, _| Ok(None))
}

fn answers<G: Game, F>(
    game: G,
    question: Question,
    formula: F,
    config: &Config,
) -> Result<(), CheckError<G::Position>>
where
    F: Fn(&G::Position) -> Answer + Send + Sync + 'static,
{
    let fast: Fast<G> = Box::new(move |_, p, _| Ok(formula(p)));
    run(game, question, Mode::Formula, fast, no_move(), config)
}

/// Returns `Ok` when `formula` gives the outcome of every position tried under normal
/// play, else the least position where it does not.
///
/// # Errors
/// [`CheckError::Refuted`] with the least counterexample found.
///
/// # Example
/// ```
/// use gamecheck::game::{check, Game, Outcome};
/// struct Take12;
/// impl Game for Take12 {
///     type Position = u64;
///     const NAME: &'static str = "take12";
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
///     }
/// }
/// assert!(check::outcome(Take12, |n| Outcome::of(n % 3 != 0)).is_ok());
/// ```
pub fn outcome<G: Game>(
    game: G,
    formula: impl Fn(&G::Position) -> Outcome + Send + Sync + 'static,
) -> Result<(), CheckError<G::Position>> {
    outcome_with(game, formula, &Config::default())
}

/// [`outcome`] under `config`.
///
/// # Errors
/// As for [`outcome`].
pub fn outcome_with<G: Game>(
    game: G,
    formula: impl Fn(&G::Position) -> Outcome + Send + Sync + 'static,
    config: &Config,
) -> Result<(), CheckError<G::Position>> {
    answers(
        game,
        Question::default(),
        move |p| Answer::Outcome(formula(p)),
        config,
    )
}

/// Returns `Ok` when `formula` gives the outcome of every position tried under misère
/// play (the player who cannot move wins), else the least position where it does not.
///
/// # Errors
/// As for [`outcome`].
pub fn misere<G: Game>(
    game: G,
    formula: impl Fn(&G::Position) -> Outcome + Send + Sync + 'static,
) -> Result<(), CheckError<G::Position>> {
    let question = Question {
        play: Play::Misere,
        grundy: false,
    };
    answers(
        game,
        question,
        move |p| Answer::Outcome(formula(p)),
        &Config::default(),
    )
}

/// Returns `Ok` when `formula` gives the Grundy value of every position tried, else the
/// least position where it does not.
///
/// # Errors
/// As for [`outcome`].
pub fn grundy<G: Game>(
    game: G,
    formula: impl Fn(&G::Position) -> u64 + Send + Sync + 'static,
) -> Result<(), CheckError<G::Position>> {
    grundy_with(game, formula, &Config::default())
}

/// [`grundy`] under `config`.
///
/// # Errors
/// As for [`outcome`].
pub fn grundy_with<G: Game>(
    game: G,
    formula: impl Fn(&G::Position) -> u64 + Send + Sync + 'static,
    config: &Config,
) -> Result<(), CheckError<G::Position>> {
    let question = Question {
        play: Play::Normal,
        grundy: true,
    };
    answers(game, question, move |p| Answer::Grundy(formula(p)), config)
}

/// Returns `Ok` when `formula` gives, at every position tried, a legal move to a lost
/// position where the player to move wins, and no move exactly where they lose (normal
/// play); else the least position where it does not.
///
/// # Errors
/// As for [`outcome`].
pub fn winning_move<G: Game>(
    game: G,
    formula: impl Fn(&G::Position) -> Option<G::Position> + Send + Sync + 'static,
) -> Result<(), CheckError<G::Position>> {
    let formula = std::sync::Arc::new(formula);
    let says = std::sync::Arc::clone(&formula);
    let fast: Fast<G> = Box::new(move |_, p, _| Ok(Answer::Outcome(Outcome::of(says(p).is_some()))));
    let fast_move: FastMove<G> = Box::new(move |_, p, _| Ok(formula(p)));
    run(
        game,
        Question::default(),
        Mode::Moves,
        fast,
        fast_move,
        &Config::default(),
    )
}

/// A disjunctive sum of heaps of a one-count game: a position is a list of heaps, and a
/// move is a move in one of them.
///
/// # Example
/// ```
/// use gamecheck::game::{check, Game, Outcome, Sum};
/// struct Take12;
/// impl Game for Take12 {
///     type Position = u64;
///     const NAME: &'static str = "take12";
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
///     }
/// }
/// // The sum is won exactly when the XOR of the heaps' values n mod 3 is not 0...
/// let xor = |h: &Vec<u64>| Outcome::of(h.iter().fold(0, |a, n| a ^ (n % 3)) != 0);
/// assert!(check::outcome(Sum(Take12), xor).is_ok());
/// // ... not when the total is not a multiple of 3.
/// let total = |h: &Vec<u64>| Outcome::of(h.iter().sum::<u64>() % 3 != 0);
/// assert!(check::outcome(Sum(Take12), total).is_err());
/// ```
pub struct Sum<G>(pub G);

impl<G: Game<Position = u64>> Game for Sum<G> {
    type Position = Vec<u64>;
    const NAME: &'static str = G::NAME;

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let mut inner = Vec::new();
        for (i, heap) in p.iter().enumerate() {
            inner.clear();
            self.0.moves(heap, &mut inner);
            for &h in &inner {
                let mut q = p.clone();
                q[i] = h;
                out.push(q);
            }
        }
    }

    fn check_position(&self, p: &Vec<u64>) -> Result<(), String> {
        p.iter().try_for_each(|h| self.0.check_position(h))
    }

    fn max_count(&self) -> u64 {
        self.0.max_count()
    }

    fn oracle_reach(&self) -> u64 {
        self.0.oracle_reach()
    }

    fn components(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
        p.iter().map(|&h| vec![h]).collect()
    }
}
