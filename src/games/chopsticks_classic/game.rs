//! Classic Chopsticks as a [`Game`]: a position is four counts, the mover's hands `a ≤ b`
//! and the opponent's `c ≤ d`, and the rule set comes from the flags `--rollover`,
//! `--cutoff`, `--splits any|even|none` and `--suicide`. The game is loopy: its outcomes
//! come from the engines' retrograde analysis, draws included.

use crate::game::Unanswered;
use std::sync::OnceLock;

use gamecheck_oracles::outcome::Outcome;

use super::moves::ClassicRules;
use super::position::{Hands, MAX_FINGERS, Position};
use super::rules::{Overflow, RuleSet, Splits};
use super::table::{Solution, solve};
use crate::game::{self, FromFlags, Game, GameError, Search};
use crate::problem::{Flag, Flags};

/// Classic Chopsticks under one rule set.
///
/// # Example
/// ```
/// use gamecheck::game::{Game, GameProblem, Outcome, Question};
/// use gamecheck::games::chopsticks_classic::{ChopsticksClassic, Position};
/// use gamecheck::problem::Problem;
/// let p = GameProblem::new(ChopsticksClassic::new(Default::default()), Question::default())?;
/// // The default rules (rollover, any split) draw from the start.
/// assert_eq!(p.solve(&Position::START), Ok(gamecheck::game::Answer::Outcome(Outcome::Draw)));
/// # Ok::<(), gamecheck::game::GameError>(())
/// ```
#[derive(Debug)]
pub struct ChopsticksClassic {
    rules: RuleSet,
    /// The table of all 225 positions, solved once.
    solution: OnceLock<Result<Solution, String>>,
}

impl ChopsticksClassic {
    /// Returns the game under `rules`.
    pub fn new(rules: RuleSet) -> ChopsticksClassic {
        ChopsticksClassic {
            rules,
            solution: OnceLock::new(),
        }
    }

    /// Returns the rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Returns the solution of every position, computed once.
    ///
    /// # Errors
    /// As for [`solve`] (never in practice).
    pub fn solution(&self) -> Result<&Solution, String> {
        self.solution
            .get_or_init(|| solve(self.rules).map_err(|e| e.to_string()))
            .as_ref()
            .map_err(Clone::clone)
    }
}

impl game::Position for Position {
    const ARITY: Option<usize> = Some(4);

    fn counts(&self) -> Vec<u64> {
        let (a, b) = self.mover.fingers();
        let (c, d) = self.other.fingers();
        [a, b, c, d].into_iter().map(u64::from).collect()
    }

    /// The mover's hands `a, b`, then the opponent's `c, d`, each at most 4; each pair is
    /// unordered (`1 0 1 1` is `0 1 1 1`), and [`counts`](game::Position::counts) gives
    /// it as `a ≤ b`, `c ≤ d`.
    fn from_counts(counts: &[u64]) -> Option<Position> {
        let hands = |a: u64, b: u64| Hands::new(u8::try_from(a).ok()?, u8::try_from(b).ok()?);
        match *counts {
            [a, b, c, d] => Some(Position {
                mover: hands(a, b)?,
                other: hands(c, d)?,
            }),
            _ => None,
        }
    }
}

impl Game for ChopsticksClassic {
    type Position = Position;
    const NAME: &'static str = "chopsticks-classic";

    fn moves(&self, p: &Position, out: &mut Vec<Position>) {
        out.extend(ClassicRules(self.rules).moves_of(p).into_iter().map(|(_, q)| q));
    }

    fn max_count(&self) -> u64 {
        u64::from(MAX_FINGERS)
    }

    fn oracle_reach(&self) -> u64 {
        u64::from(MAX_FINGERS)
    }

    fn loopy(&self) -> bool {
        true
    }

    /// The table of all positions, solved once by retrograde analysis from every
    /// position; the engines judge it against the rules oracle's search from the one
    /// position asked.
    fn outcome(&self, p: &Position, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        self.solution()?
            .outcomes
            .outcome(p)
            .ok_or_else(|| Unanswered::Refused(format!("{p} is not in the table")))
    }

    fn describe(&self, p: &Position) -> String {
        p.to_string()
    }
}

/// The values `--splits` takes.
const SPLITS: [&str; 3] = ["any", "even", "none"];

impl FromFlags for ChopsticksClassic {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::switch(
                "rollover",
                "An attack that brings a hand to 5 or more leaves the sum mod 5 (the default).",
            )
            .conflicts(&["cutoff"]),
            Flag::switch("cutoff", "A hand brought to 5 or more fingers dies.").conflicts(&["rollover"]),
            Flag::choice(
                "splits",
                "Which splits a player may make: any other pair with the same total, even (only (0, 2) → (1, 1) and (0, 4) → (2, 2)), or none.",
                &SPLITS,
                "any",
            ),
            Flag::switch(
                "suicide",
                "With --splits any, a split may leave a live hand dead, as (1, 3) → (0, 4).",
            ),
        ]
    }

    fn from_flags(flags: &Flags) -> Result<ChopsticksClassic, GameError> {
        if flags.switch("cutoff").unwrap_or(false) && flags.switch("rollover").unwrap_or(false) {
            return Err(GameError::Invalid {
                flag: "cutoff",
                why: "cannot be used with --rollover: a hand brought to 5 either rolls over or dies".into(),
            });
        }
        let overflow = if flags.switch("cutoff").unwrap_or(false) {
            Overflow::Cutoff
        } else {
            Overflow::Rollover
        };
        let suicide = flags.switch("suicide").unwrap_or(false);
        let splits = match flags.text("splits")?.unwrap_or("any") {
            "any" => Splits::Any { suicide },
            "even" => Splits::Even,
            "none" => Splits::None,
            other => {
                return Err(GameError::Invalid {
                    flag: "splits",
                    why: format!("`{other}`: expected any, even or none"),
                });
            }
        };
        if suicide && !matches!(splits, Splits::Any { .. }) {
            return Err(GameError::Invalid {
                flag: "suicide",
                why: "only applies to --splits any".into(),
            });
        }
        Ok(ChopsticksClassic::new(RuleSet { overflow, splits }))
    }
}
