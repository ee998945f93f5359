//! The rule set: what a hand pushed to five or more fingers becomes, and which splits are
//! allowed; read from the flags `--rollover`, `--cutoff`, `--splits any|even|none` and
//! `--suicide`.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use thiserror::Error;

use super::position::MAX_FINGERS;

/// What an attack that brings a hand to five fingers or more does to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Overflow {
    /// The count becomes the sum mod 5: exactly 5 kills the hand, 7 leaves 2.
    #[default]
    Rollover,
    /// The hand dies at 5 or more.
    Cutoff,
}

/// Which splits a player may make instead of attacking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Splits {
    /// Redistribute your total between your hands as any other unordered pair, each at
    /// most 4: a dead hand may be revived; a live hand may be killed only with `suicide`.
    Any {
        /// Whether a split may leave a live hand dead, as (1, 3) → (0, 4).
        suicide: bool,
    },
    /// Only (0, 2) → (1, 1) and (0, 4) → (2, 2).
    Even,
    /// No splits.
    None,
}

impl Default for Splits {
    fn default() -> Self {
        Splits::Any { suicide: false }
    }
}

/// A rule set of classic Chopsticks.
///
/// # Example
/// ```
/// use gamecheck::chopsticks_classic::{Overflow, RuleSet, Splits};
/// let r: RuleSet = "--cutoff --splits even".parse()?;
/// assert_eq!(r, RuleSet { overflow: Overflow::Cutoff, splits: Splits::Even });
/// assert_eq!(r.to_string(), "--cutoff --splits even");
/// assert_eq!("".parse::<RuleSet>()?, RuleSet::default());
/// # Ok::<(), gamecheck::chopsticks_classic::RuleSetError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct RuleSet {
    pub overflow: Overflow,
    pub splits: Splits,
}

/// Why flags do not make a rule set.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RuleSetError {
    #[error("unknown flag `{0}` (expected --rollover, --cutoff, --splits any|even|none or --suicide)")]
    UnknownFlag(String),
    #[error("`--splits` needs a value: any, even or none")]
    MissingSplits,
    #[error("`--splits {0}`: expected any, even or none")]
    BadSplits(String),
    #[error("`{first}` and `{second}` contradict each other")]
    Conflict { first: String, second: String },
    #[error("`--suicide` only applies to `--splits any`, not `--splits {0}`")]
    SuicideWithoutAnySplits(&'static str),
}

impl RuleSet {
    /// The six rule sets of the table, rollover then cutoff, each with splits any, even
    /// and none; then the two with suicide splits.
    pub const VARIANTS: [RuleSet; 8] = {
        use Overflow::{Cutoff, Rollover};
        const ANY: Splits = Splits::Any { suicide: false };
        const SUICIDE: Splits = Splits::Any { suicide: true };
        [
            RuleSet {
                overflow: Rollover,
                splits: ANY,
            },
            RuleSet {
                overflow: Rollover,
                splits: Splits::Even,
            },
            RuleSet {
                overflow: Rollover,
                splits: Splits::None,
            },
            RuleSet {
                overflow: Cutoff,
                splits: ANY,
            },
            RuleSet {
                overflow: Cutoff,
                splits: Splits::Even,
            },
            RuleSet {
                overflow: Cutoff,
                splits: Splits::None,
            },
            RuleSet {
                overflow: Rollover,
                splits: SUICIDE,
            },
            RuleSet {
                overflow: Cutoff,
                splits: SUICIDE,
            },
        ]
    };

    /// Returns the rule set the flags give, the defaults (`--rollover --splits any`) for
    /// what they leave out. A value may follow `--splits` as the next flag or after `=`.
    ///
    /// # Errors
    /// [`RuleSetError`] naming the offending flag: an unknown one, a missing or bad
    /// `--splits` value, two that contradict each other, or `--suicide` without
    /// `--splits any`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks_classic::{RuleSet, RuleSetError, Splits};
    /// let r = RuleSet::from_flags(["--suicide", "--splits=any"])?;
    /// assert_eq!(r.splits, Splits::Any { suicide: true });
    /// assert_eq!(
    ///     RuleSet::from_flags(["--rollover", "--cutoff"]),
    ///     Err(RuleSetError::Conflict { first: "--rollover".into(), second: "--cutoff".into() })
    /// );
    /// assert!(RuleSet::from_flags(["--suicide", "--splits", "none"]).is_err());
    /// # Ok::<(), RuleSetError>(())
    /// ```
    pub fn from_flags<'a>(flags: impl IntoIterator<Item = &'a str>) -> Result<RuleSet, RuleSetError> {
        let mut overflow: Option<(Overflow, &str)> = None;
        let mut splits: Option<(Splits, String)> = None;
        let mut suicide = false;
        let mut flags = flags.into_iter();
        while let Some(flag) = flags.next() {
            match flag {
                "--rollover" | "--cutoff" => {
                    let o = if flag == "--rollover" {
                        Overflow::Rollover
                    } else {
                        Overflow::Cutoff
                    };
                    match overflow {
                        Some((seen, first)) if seen != o => {
                            return Err(RuleSetError::Conflict {
                                first: first.to_string(),
                                second: flag.to_string(),
                            });
                        }
                        _ => overflow = Some((o, flag)),
                    }
                }
                "--suicide" => suicide = true,
                _ => {
                    let value = match flag.strip_prefix("--splits") {
                        Some("") => flags.next().ok_or(RuleSetError::MissingSplits)?,
                        Some(v) => v
                            .strip_prefix('=')
                            .ok_or_else(|| RuleSetError::UnknownFlag(flag.to_string()))?,
                        None => return Err(RuleSetError::UnknownFlag(flag.to_string())),
                    };
                    let s = match value {
                        "any" => Splits::default(),
                        "even" => Splits::Even,
                        "none" => Splits::None,
                        _ => return Err(RuleSetError::BadSplits(value.to_string())),
                    };
                    let text = format!("--splits {value}");
                    match &splits {
                        Some((seen, first)) if *seen != s => {
                            return Err(RuleSetError::Conflict {
                                first: first.clone(),
                                second: text,
                            });
                        }
                        _ => splits = Some((s, text)),
                    }
                }
            }
        }
        let splits = match (splits.map_or(Splits::default(), |(s, _)| s), suicide) {
            (Splits::Any { .. }, suicide) => Splits::Any { suicide },
            (other, false) => other,
            (other, true) => return Err(RuleSetError::SuicideWithoutAnySplits(other.name())),
        };
        Ok(RuleSet {
            overflow: overflow.map_or(Overflow::default(), |(o, _)| o),
            splits,
        })
    }

    /// Returns the fingers on a hand of `target` fingers after a hand of `attacker` taps
    /// it: their sum, or what five or more becomes (0 is a dead hand).
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks_classic::{Overflow, RuleSet};
    /// let rollover = RuleSet::default();
    /// let cutoff = RuleSet { overflow: Overflow::Cutoff, ..RuleSet::default() };
    /// assert_eq!((rollover.attacked(3, 4), cutoff.attacked(3, 4)), (2, 0));
    /// assert_eq!((rollover.attacked(1, 4), cutoff.attacked(1, 4)), (0, 0));
    /// assert_eq!(rollover.attacked(1, 2), 3);
    /// ```
    pub fn attacked(&self, attacker: u8, target: u8) -> u8 {
        let sum = attacker + target;
        match self.overflow {
            _ if sum <= MAX_FINGERS => sum,
            Overflow::Rollover => sum % (MAX_FINGERS + 1),
            Overflow::Cutoff => 0,
        }
    }
}

impl Splits {
    fn name(self) -> &'static str {
        match self {
            Splits::Any { .. } => "any",
            Splits::Even => "even",
            Splits::None => "none",
        }
    }
}

impl FromStr for RuleSet {
    type Err = RuleSetError;

    /// Reads whitespace-separated flags, as [`RuleSet::from_flags`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RuleSet::from_flags(s.split_whitespace())
    }
}

impl fmt::Display for RuleSet {
    /// Writes the rule set as the flags that give it, every one spelled out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let overflow = match self.overflow {
            Overflow::Rollover => "--rollover",
            Overflow::Cutoff => "--cutoff",
        };
        write!(f, "{overflow} --splits {}", self.splits.name())?;
        if self.splits == (Splits::Any { suicide: true }) {
            f.write_str(" --suicide")?;
        }
        Ok(())
    }
}
