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
//! The seed and the number of cases come from [`CheckConfig::default`], which reads
//! `GAMECHECK_SEED` and `GAMECHECK_CASES`; nothing is written to disk unless
//! [`CheckConfig::persist_in`] names a directory.

use std::path::PathBuf;

use thiserror::Error;

use super::problem::{Fast, FastMove, GameProblem, Mode, total_within};
use super::{Answer, Game, Outcome, Play, Question};
use crate::check::{PropertyError, Unjudged, check_problem};
use crate::game_trait::position::{self, Position};
use crate::problem::{CaseError, Least, Problem, Properties};

/// How a formula is checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckConfig {
    /// Seed of the random positions (ChaCha8).
    pub seed: u64,
    /// Random positions to try.
    pub cases: u32,
    /// A directory whose `proptest-regressions/<game>.txt` keeps and replays failures;
    /// `None` writes nothing.
    pub persist_in: Option<PathBuf>,
}

impl Default for CheckConfig {
    /// Seed 1 and 256 cases, unless `GAMECHECK_SEED` or `GAMECHECK_CASES` say otherwise.
    fn default() -> CheckConfig {
        let var = |name: &str| std::env::var(name).ok().and_then(|v| v.trim().parse().ok());
        CheckConfig {
            seed: var("GAMECHECK_SEED").unwrap_or(1),
            cases: var("GAMECHECK_CASES").map_or(256, |c: u64| u32::try_from(c).unwrap_or(u32::MAX)),
            persist_in: None,
        }
    }
}

/// What a check covered, so that `Ok` says what it means: a formula wrong only beyond
/// these bounds passes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Coverage<P> {
    /// Every position of the domain with at most this many counts in all was checked,
    /// in order (those an oracle could not judge are counted in `unjudged`).
    pub exhaustive_total: u64,
    /// For a game of one count (or of heaps), every single count up to this was checked
    /// too.
    pub single_up_to: Option<u64>,
    /// Random positions tried after the exhaustive scan.
    pub random_cases: u64,
    /// The largest count a random position was drawn with.
    pub random_max_count: u64,
    /// The largest position (by total count) an oracle judged.
    pub largest_judged: Option<P>,
    /// The positions no oracle could judge, by the budget that stopped them.
    pub unjudged: Unjudged,
}

impl<P: std::fmt::Debug> std::fmt::Display for Coverage<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "holds on every position with at most {} in all",
            self.exhaustive_total
        )?;
        if let Some(n) = self.single_up_to {
            write!(f, " and every single count up to {n}")?;
        }
        write!(
            f,
            ", and on {} random positions with counts up to {}",
            self.random_cases, self.random_max_count
        )?;
        if let Some(p) = &self.largest_judged {
            write!(f, "; the largest judged by an oracle: {p:?}")?;
        }
        if self.unjudged.cases > 0 {
            write!(f, "; {}", self.unjudged)?;
        }
        Ok(())
    }
}

/// Where a formula is wrong, typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation<P> {
    /// The least position found where the formula is wrong.
    pub position: P,
    /// How sure `position` is to be least.
    pub least: Least,
    /// What the formula says: at `position`, or for a move formula whose move is wrong, at
    /// `moved_to` (that it is lost for the player to move there), or why it is no move.
    pub says: Result<Answer, String>,
    /// The truth, from an oracle, where `says` is.
    pub truth: Answer,
    /// For a move formula whose move is wrong, the position it moves to: `says` and
    /// `truth` are about it.
    pub moved_to: Option<P>,
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
    /// No oracle reaches the failing position, so it cannot be judged. (A position no
    /// side can judge is counted in [`Coverage::unjudged`] instead; this is kept for a
    /// failure whose truth is found out of reach afterwards.)
    #[error("no oracle reaches {shown}: {reason}")]
    Unjudged {
        position: P,
        reason: String,
        /// `position` as the game describes it.
        shown: String,
    },
    /// The game's [`Game::components`] are not a split of a position (a heap repeated or
    /// dropped): the sum of their values is no truth, so nothing there can be judged.
    #[error("the game's components are broken at {shown}: {why}")]
    BrokenComponents {
        position: P,
        why: String,
        /// `position` as the game describes it.
        shown: String,
    },
    /// No position could be judged: an oracle's budget, reach or a cycle stopped every
    /// one, so nothing holds (as Hypothesis fails a test whose every example was
    /// filtered out).
    #[error("nothing was judged: {unjudged}")]
    NothingJudged {
        /// The positions tried, by what stopped them.
        unjudged: Unjudged,
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
    config: &CheckConfig,
) -> Result<Coverage<G::Position>, CheckError<G::Position>> {
    let mut problem = GameProblem::with_fast(game, question, "formula", fast, fast_move, G::NAME.to_owned());
    problem.mode = mode;
    let (found, mut coverage) = exhaustive(&problem);
    let found = match found {
        Some(found) => found,
        None => match check_problem(&problem, config.seed, config.cases, config.persist_in.as_deref()) {
            Ok(unjudged) => {
                coverage.unjudged.merge(&unjudged);
                coverage.random_cases = u64::from(config.cases);
                coverage.random_max_count = problem.judged_max_count();
                coverage.largest_judged = problem.largest_judged();
                // `Ok` says the formula held somewhere: not when every case went unjudged.
                if coverage.largest_judged.is_none() {
                    return Err(CheckError::NothingJudged {
                        unjudged: coverage.unjudged,
                    });
                }
                return Ok(coverage);
            }
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
        // The only disagreement with no truth: `components` that are no split of the
        // position, named as the game's defect rather than as out of reach.
        if let Err(CaseError::Disagree(why)) = problem.truth_case(&found.position, question) {
            return Err(CheckError::BrokenComponents {
                shown: problem.game().describe(&found.position),
                position: found.position,
                why,
            });
        }
        return Err(CheckError::Unjudged {
            shown: problem.game().describe(&found.position),
            position: found.position,
            reason: found.reason,
        });
    };
    let mut refutation = Refutation {
        says: problem.solve(&found.position),
        shown: problem.game().describe(&found.position),
        truth,
        moved_to: None,
        position: found.position,
        least: found.least,
        shrunk: found.shrunk,
        reason: found.reason,
    };
    if mode == Mode::Moves
        && let Ok(Some(q)) = problem.fast_move(&refutation.position)
    {
        // The position is won, as the formula says, but its move is wrong: what it says
        // is about the position it moves to.
        if !problem.game().is_move(&refutation.position, &q) {
            refutation.says = Err(format!(
                "the move to {} is not a legal move",
                problem.game().describe(&q)
            ));
        } else if let Some((after, _)) = problem.truth(&q, question) {
            refutation.says = Ok(Answer::Outcome(Outcome::Loss));
            refutation.truth = after;
            refutation.moved_to = Some(q);
        }
    }
    Err(CheckError::Refuted(Box::new(refutation)))
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

/// The most single counts scanned in order after them.
const SINGLE_SCAN: u64 = 1 << 20;

/// Returns the first failure among the least positions in order, which is then the least
/// counterexample; else, for a game of components, the first failure among the single
/// components up to the oracles' reach, reduced by the least search. Random positions
/// rarely hit one wrong entry of a table: these do. Also returns what the scans covered.
fn exhaustive<G: Game>(problem: &GameProblem<G>) -> (Option<Found<G::Position>>, Coverage<G::Position>) {
    let max_len = problem.game().max_len();
    let last = total_within(EXHAUSTIVE, G::Position::ARITY, max_len);
    let mut coverage = Coverage {
        exhaustive_total: last,
        single_up_to: None,
        random_cases: 0,
        random_max_count: 0,
        largest_judged: None,
        unjudged: Unjudged::default(),
    };
    let properties = problem.properties();
    let Some(property) = properties.first() else {
        return (None, coverage);
    };
    let reach = problem.component_reach();
    // The scan of single counts stops at the domain's bound and at 2^20 counts: an oracle
    // asked without limit (`oracle_reach` = u64::MAX) would otherwise be scanned forever.
    let single_last = reach.min(problem.game().max_count()).min(SINGLE_SCAN);
    let unjudged = std::cell::RefCell::new(Unjudged::default());
    let fails = |p: &G::Position| {
        p.counts().iter().all(|&v| v <= reach)
            && problem.reaches(p)
            && problem.game().check_position(p).is_ok()
            && match (property.check)(problem, p) {
                Err(CaseError::Disagree(_)) => true,
                Err(CaseError::Unjudged { budget, reason }) => {
                    unjudged.borrow_mut().add(budget, &reason);
                    false
                }
                _ => false,
            }
    };
    let reason = |p: &G::Position| {
        (property.check)(problem, p)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    let first = (0..=last)
        .flat_map(|s| position::with_total::<G::Position>(s, max_len))
        .find(|p| fails(p));
    let found = match first {
        Some(p) => Some(Found {
            reason: reason(&p),
            least: proven_unless(unjudged.borrow().cases),
            shrunk: p.clone(),
            position: p,
        }),
        None => {
            if G::Position::from_counts(&[0]).is_some() {
                coverage.single_up_to = Some(single_last);
            }
            // Every position of total at most `last` was scanned above: go on from there.
            let singles = last.saturating_add(1)..=single_last;
            first_single(problem, singles, &fails, &reason, &unjudged)
        }
    };
    coverage.unjudged = unjudged.into_inner();
    (found, coverage)
}

/// Returns the first failure among the positions of one count in `counts`, in order:
/// least for a game of one count, else reduced by the least search. Candidates skipped as
/// unjudged (counted in `unjudged`) may hide a smaller failure.
fn first_single<G: Game>(
    problem: &GameProblem<G>,
    counts: std::ops::RangeInclusive<u64>,
    fails: &dyn Fn(&G::Position) -> bool,
    reason: &dyn Fn(&G::Position) -> String,
    unjudged: &std::cell::RefCell<Unjudged>,
) -> Option<Found<G::Position>> {
    let single = counts
        .filter_map(|n| G::Position::from_counts(&[n]))
        .find(|p| fails(p))?;
    if G::Position::ARITY == Some(1) {
        // Every smaller count was checked in order: a game of one count has no other
        // smaller position.
        return Some(Found {
            reason: reason(&single),
            least: proven_unless(unjudged.borrow().cases),
            shrunk: single.clone(),
            position: single,
        });
    }
    let before = unjudged.borrow().cases;
    let (position, least) = crate::problem::least(problem, fails, single.clone(), problem.search_budget());
    let skipped = unjudged.borrow().cases - before;
    let least = match least {
        Least::Proven if skipped > 0 => proven_unless(skipped),
        least => least,
    };
    Some(Found {
        reason: reason(&position),
        least,
        shrunk: single,
        position,
    })
}

/// A first failure found in order is least, unless smaller positions went unjudged.
fn proven_unless(unjudged: u64) -> Least {
    if unjudged == 0 {
        Least::Proven
    } else {
        Least::Bounded {
            searched: format!("every smaller position but {unjudged} no oracle could judge"),
        }
    }
}

fn no_move<G: Game>() -> FastMove<G> {
    Box::new(|_, _, _| Ok(None))
}

fn answers<G: Game, F>(
    game: G,
    question: Question,
    formula: F,
    config: &CheckConfig,
) -> Result<Coverage<G::Position>, CheckError<G::Position>>
where
    F: Fn(&G::Position) -> Answer + Send + Sync + 'static,
{
    let fast: Fast<G> = Box::new(move |_, p, _| Ok(formula(p)));
    run(game, question, Mode::Formula, fast, no_move(), config)
}

/// Returns what was covered when `formula` gives the outcome of every position tried
/// (and judged) under normal play, else the least position where it does not. A
/// position no oracle can judge within its budget is counted in
/// [`Coverage::unjudged`], never a refutation.
///
/// # Errors
/// [`CheckError::Refuted`] with the least counterexample found;
/// [`CheckError::NothingJudged`] when no oracle could judge any position tried;
/// [`CheckError::BrokenComponents`] when the game's `components` are no split of a position.
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
) -> Result<Coverage<G::Position>, CheckError<G::Position>> {
    outcome_with(game, formula, &CheckConfig::default())
}

/// [`outcome`] under `config`.
///
/// # Errors
/// As for [`outcome`].
pub fn outcome_with<G: Game>(
    game: G,
    formula: impl Fn(&G::Position) -> Outcome + Send + Sync + 'static,
    config: &CheckConfig,
) -> Result<Coverage<G::Position>, CheckError<G::Position>> {
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
) -> Result<Coverage<G::Position>, CheckError<G::Position>> {
    misere_with(game, formula, &CheckConfig::default())
}

/// [`misere`] under `config`.
///
/// # Errors
/// As for [`outcome`].
pub fn misere_with<G: Game>(
    game: G,
    formula: impl Fn(&G::Position) -> Outcome + Send + Sync + 'static,
    config: &CheckConfig,
) -> Result<Coverage<G::Position>, CheckError<G::Position>> {
    let question = Question {
        play: Play::Misere,
        grundy: false,
    };
    answers(game, question, move |p| Answer::Outcome(formula(p)), config)
}

/// Returns `Ok` when `formula` gives the Grundy value of every position tried, else the
/// least position where it does not.
///
/// # Errors
/// As for [`outcome`].
pub fn grundy<G: Game>(
    game: G,
    formula: impl Fn(&G::Position) -> u64 + Send + Sync + 'static,
) -> Result<Coverage<G::Position>, CheckError<G::Position>> {
    grundy_with(game, formula, &CheckConfig::default())
}

/// [`grundy`] under `config`.
///
/// # Errors
/// As for [`outcome`].
pub fn grundy_with<G: Game>(
    game: G,
    formula: impl Fn(&G::Position) -> u64 + Send + Sync + 'static,
    config: &CheckConfig,
) -> Result<Coverage<G::Position>, CheckError<G::Position>> {
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
) -> Result<Coverage<G::Position>, CheckError<G::Position>> {
    winning_move_with(game, formula, &CheckConfig::default())
}

/// [`winning_move`] under `config`.
///
/// # Errors
/// As for [`outcome`].
pub fn winning_move_with<G: Game>(
    game: G,
    formula: impl Fn(&G::Position) -> Option<G::Position> + Send + Sync + 'static,
    config: &CheckConfig,
) -> Result<Coverage<G::Position>, CheckError<G::Position>> {
    let formula = std::sync::Arc::new(formula);
    let says = std::sync::Arc::clone(&formula);
    let fast: Fast<G> = Box::new(move |_, p, _| Ok(Answer::Outcome(Outcome::of(says(p).is_some()))));
    let fast_move: FastMove<G> = Box::new(move |_, p, _| Ok(formula(p)));
    run(game, Question::default(), Mode::Moves, fast, fast_move, config)
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
