//! How far a run's expected answers reach: up to which sizes the rules (a search of the
//! moves) judge an input within the per-input budget, and where the answers come from
//! beyond, stated before the first run and kept to.

use std::fmt;

/// Where the expected answers come from beyond the rules' reach.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Beyond {
    /// The rules judge every input within the bounds.
    Rules,
    /// The game's own fast path, checked against the rules first: it answers every
    /// input, the rules' reach too (a fast path that answers the top of the bounds
    /// without a search, or beyond the rules' reach).
    FastPath,
    /// Nothing: inputs are kept within the rules' reach.
    Nothing,
    /// The game's fast path, which `check` has just refuted: stress does not run on it.
    Refuted(String),
}

/// How far a run's expected answers reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The largest count the rules judged within the budget, at the other dimensions'
    /// largest values; `None` when they judged the bounds' largest count.
    pub rules: Option<u64>,
    /// The bounds' largest count.
    pub top: u64,
    /// Where the answers beyond come from.
    pub beyond: Beyond,
    /// The per-input budget the rules were judged within, for people.
    pub budget: String,
    /// For a game whose positions are lists, the longest list probed: the rules judged
    /// lists of that many counts, each up to `rules`.
    pub list: Option<u64>,
}

impl Reach {
    /// Returns the largest count the run's inputs may hold: the rules' reach when nothing
    /// answers beyond it, else `None` (no cap).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::{Beyond, Reach};
    /// let r = Reach { rules: Some(900), top: 1_000_000_000, beyond: Beyond::Nothing, budget: String::new(), list: None };
    /// assert_eq!(r.cap(), Some(900));
    /// ```
    pub fn cap(&self) -> Option<u64> {
        match self.beyond {
            Beyond::Nothing => self.rules,
            _ => None,
        }
    }
}

impl fmt::Display for Reach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lists = match self.list {
            Some(n) => format!(" in lists of up to {n}"),
            None => String::new(),
        };
        let Some(rules) = self.rules else {
            write!(
                f,
                "reach: the rules judge every input, counts up to {}{lists} ({})",
                self.top, self.budget
            )?;
            return match &self.beyond {
                Beyond::FastPath => write!(
                    f,
                    "; the expected answers are the game's own fast path, which check has just \
                     held against the rules"
                ),
                Beyond::Refuted(why) => write!(f, "; the game's fast path is refuted: {why}"),
                _ => Ok(()),
            };
        };
        write!(
            f,
            "reach: the rules judge counts up to {rules}{lists} ({})",
            self.budget
        )?;
        match &self.beyond {
            Beyond::Rules => Ok(()),
            Beyond::FastPath => write!(
                f,
                "; beyond, up to {}, the expected answers are the game's own fast path, \
                 which check has just held against the rules",
                self.top
            ),
            Beyond::Nothing => write!(
                f,
                "; the game has no fast path beyond, so inputs are kept to counts <= {rules} \
                 (of {})",
                self.top
            ),
            Beyond::Refuted(why) => write!(f, "; the game's fast path is refuted: {why}"),
        }
    }
}
