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
    /// Where the rules judge no list of `list` counts: the longest list they judge at the
    /// least count, and the counts they judge in lists that long (`None`: the bounds'
    /// largest).
    pub shorter: Option<(u64, Option<u64>)>,
    /// The longest list the run's inputs may hold (the bounds' `n`), where the fast path
    /// answers beyond.
    pub list_top: Option<u64>,
    /// The format's fields that hold counts, each with the largest it admits: the reach
    /// is said field by field (`K <= 8, L <= 9, n_i <= 127`) where one admits less than
    /// the rules judge.
    pub fields: Vec<(String, u64)>,
}

impl Reach {
    /// Returns the largest count the run's inputs may hold: the rules' reach when nothing
    /// answers beyond it, else `None` (no cap).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::{Beyond, Reach};
    /// let r = Reach {
    ///     rules: Some(900),
    ///     top: 1_000_000_000,
    ///     beyond: Beyond::Nothing,
    ///     budget: String::new(),
    ///     list: None,
    ///     shorter: None,
    ///     list_top: None,
    ///     fields: vec![("K".into(), 8), ("n_i".into(), 1_000_000_000)],
    /// };
    /// assert_eq!(r.cap(), Some(900));
    /// assert!(r.to_string().starts_with("reach: the rules judge K <= 8, n_i <= 900 ("));
    /// ```
    pub fn cap(&self) -> Option<u64> {
        match self.beyond {
            Beyond::Nothing => self.rules,
            _ => None,
        }
    }
}

impl Reach {
    /// Returns the counts judged up to `limit`, for people: field by field where a field
    /// admits less (`K <= 8, n_i <= 127`), else `counts up to 127`.
    fn counts_up_to(&self, limit: u64) -> String {
        if !self.fields.iter().any(|(_, max)| *max < limit) {
            return format!("counts up to {limit}");
        }
        let each: Vec<String> = self
            .fields
            .iter()
            .map(|(name, max)| format!("{name} <= {}", (*max).min(limit)))
            .collect();
        each.join(", ")
    }

    /// Returns the counts the inputs are kept to, for people: the fields the cap bounds
    /// (`n_i <= 127`), else `counts <= 127`.
    fn kept_to(&self, cap: u64) -> String {
        let capped: Vec<String> = self
            .fields
            .iter()
            .filter(|(_, max)| *max > cap)
            .map(|(name, _)| format!("{name} <= {cap}"))
            .collect();
        match capped.is_empty() {
            true => format!("counts <= {cap}"),
            false => capped.join(", "),
        }
    }

    /// Returns ` in lists of up to N` for the inputs' longest list, where positions are
    /// lists longer than the rules were said to judge.
    fn top_lists(&self) -> String {
        match self.list_top {
            Some(n) if self.shorter.is_some() || self.list != Some(n) => format!(" in lists of up to {n}"),
            _ => String::new(),
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
                "reach: the rules judge every input, {}{lists} ({})",
                self.counts_up_to(self.top),
                self.budget
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
        match (self.shorter, self.list) {
            // No list of the longest length is judged: say which lists are.
            (Some((len, counts)), Some(longest)) => write!(
                f,
                "reach: the rules judge lists of up to {len} counts, {}, and no list of {longest} ({})",
                match self.counts_up_to(counts.unwrap_or(self.top)) {
                    each if each.starts_with("counts ") => each.replacen("counts", "each", 1),
                    fields => format!("with {fields}"),
                },
                self.budget
            )?,
            _ => write!(
                f,
                "reach: the rules judge {}{lists} ({})",
                self.counts_up_to(rules),
                self.budget
            )?,
        }
        match &self.beyond {
            Beyond::Rules => Ok(()),
            Beyond::FastPath => write!(
                f,
                "; beyond, up to {}{}, the expected answers are the game's own fast path, \
                 which check has just held against the rules",
                self.top,
                self.top_lists()
            ),
            Beyond::Nothing => write!(
                f,
                "; the game has no fast path beyond, so inputs are kept to {} (of {})",
                self.kept_to(rules),
                self.top
            ),
            Beyond::Refuted(why) => write!(f, "; the game's fast path is refuted: {why}"),
        }
    }
}
