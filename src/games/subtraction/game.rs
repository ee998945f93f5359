//! The subtraction game S as a [`Game`]: its moves, its flags, and its fast paths through
//! the proved eventual periods of its nim-sequence and of its misère outcomes.

use crate::game::Unanswered;
use std::sync::OnceLock;

use super::period::{PeriodError, Periodic, eventual_period_within};
use crate::budget::Budget;
use crate::game::{FromFlags, Game, GameError, Outcome, Search};
use crate::problem::{Flag, Flags};

/// The subtraction game S: a move takes s stones from the heap for some s in the set.
pub struct Subtraction {
    set: Vec<u64>,
    budget: Budget,
    grundy: OnceLock<Result<Periodic, PeriodError>>,
    misere: OnceLock<Result<Periodic, PeriodError>>,
}

impl Subtraction {
    /// Returns the game whose moves are `set`, sorted and without repeats.
    ///
    /// # Errors
    /// An empty set, a move of 0, or a largest move above
    /// [`MAX_WINDOW`](super::period::MAX_WINDOW).
    ///
    /// # Example
    /// ```
    /// use gamecheck::games::subtraction::Subtraction;
    /// let s = Subtraction::new(vec![4, 1, 3]).unwrap();
    /// assert_eq!(s.set(), &[1, 3, 4]);
    /// assert_eq!(s.grundy_value(6), Ok(2)); // not 1, as a well-read tutorial lists
    /// assert_eq!(s.periodic().map(|p| (p.preperiod, p.period)), Ok((0, 7)));
    /// assert!(Subtraction::new(vec![0, 2]).is_err());
    /// ```
    pub fn new(mut set: Vec<u64>) -> Result<Subtraction, String> {
        set.sort_unstable();
        set.dedup();
        match (set.first(), set.last()) {
            (None, _) => return Err("the set is empty".into()),
            (Some(0), _) => return Err("a move takes at least 1 stone".into()),
            (_, Some(&m)) if m > super::period::MAX_WINDOW => {
                return Err(format!(
                    "the largest move {m} is above {}",
                    super::period::MAX_WINDOW
                ));
            }
            _ => {}
        }
        Ok(Subtraction {
            set,
            budget: Budget::default(),
            grundy: OnceLock::new(),
            misere: OnceLock::new(),
        })
    }

    /// Returns the game whose period searches stop at `budget`.
    pub fn with_budget(self, budget: Budget) -> Subtraction {
        Subtraction { budget, ..self }
    }

    /// Returns the moves, increasing.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    fn largest(&self) -> u64 {
        self.set.last().copied().unwrap_or(1)
    }

    /// Returns the proved eventual period of the nim-sequence, computed once.
    ///
    /// # Errors
    /// As for [`eventual_period_within`], within the game's budget.
    pub fn periodic(&self) -> Result<&Periodic, PeriodError> {
        self.grundy
            .get_or_init(|| {
                // The mex is at most |S|: one mark a value, reused, so a value costs
                // O(|S|), not O(|S|²) as a list of large values searched for each mex.
                let seen = std::cell::RefCell::new(vec![0u32; self.set.len() + 2]);
                let round = std::cell::Cell::new(0u32);
                eventual_period_within(self.largest(), &self.budget.start(), |n, v| {
                    let mut seen = seen.borrow_mut();
                    let r = round.get().wrapping_add(1);
                    if r == 0 {
                        seen.fill(0);
                    }
                    let r = r.max(1);
                    round.set(r);
                    for &s in self.set.iter().take_while(|&&s| s as usize <= n) {
                        let g = v[n - s as usize] as usize;
                        if let Some(mark) = seen.get_mut(g) {
                            *mark = r;
                        }
                    }
                    seen.iter().position(|&mark| mark != r).unwrap_or(0) as u16
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Returns the proved eventual period of the misère outcomes (1 for a win).
    ///
    /// # Errors
    /// As for [`eventual_period_within`], within the game's budget.
    pub fn misere_periodic(&self) -> Result<&Periodic, PeriodError> {
        self.misere
            .get_or_init(|| {
                eventual_period_within(self.largest(), &self.budget.start(), |n, v| {
                    let mut moves = self.set.iter().take_while(|&&s| s as usize <= n).peekable();
                    // No move: the player to move wins under misère play.
                    if moves.peek().is_none() {
                        return 1;
                    }
                    u16::from(moves.any(|&s| v[n - s as usize] == 0))
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Returns the Grundy value of a heap of `n`, exactly, through the proved period.
    ///
    /// # Errors
    /// As for [`Subtraction::periodic`].
    pub fn grundy_value(&self, n: u64) -> Result<u64, PeriodError> {
        match self.periodic() {
            Ok(p) => Ok(u64::from(p.value(n))),
            // The budget stopped the period's search, but not before G(n).
            Err(PeriodError::Budget { computed, .. }) if n < computed.len() as u64 => {
                Ok(u64::from(computed[n as usize]))
            }
            Err(e) => Err(e),
        }
    }
}

impl Game for Subtraction {
    type Position = u64;
    const NAME: &'static str = "subtraction";

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(self.set.iter().filter_map(|&s| n.checked_sub(s)));
    }

    fn oracle_reach(&self) -> u64 {
        // The joint search holds every heap below n: cheap far beyond a picture's size.
        4096
    }

    fn grundy(&self, &n: &u64, _: &mut Search<Self>) -> Result<u64, Unanswered> {
        self.grundy_value(n)
            .map_err(|e| Unanswered::Refused(e.to_string()))
    }

    fn misere_outcome(&self, &n: &u64, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        match self.misere_periodic() {
            Ok(p) => Ok(Outcome::of(p.value(n) == 1)),
            // The budget stopped the period's search, but not before this heap's outcome.
            Err(PeriodError::Budget { computed, .. }) if n < computed.len() as u64 => {
                Ok(Outcome::of(computed[n as usize] == 1))
            }
            Err(e) => Err(Unanswered::Refused(e.to_string())),
        }
    }

    fn describe(&self, n: &u64) -> String {
        format!("heap {n}")
    }
}

impl FromFlags for Subtraction {
    fn flags() -> Vec<Flag> {
        let mut flags = vec![
            Flag::numbers(
                "set",
                "The moves: take s stones for each s in the set.",
                &["1", "3", "4"],
            )
            .value_name("S"),
        ];
        flags.extend(Budget::flags());
        flags
    }

    fn from_flags(flags: &Flags) -> Result<Subtraction, GameError> {
        let budget = Budget::from_flags(flags)?;
        Subtraction::new(flags.numbers("set")?.to_vec())
            .map(|s| s.with_budget(budget))
            .map_err(|why| GameError::Invalid { flag: "set", why })
    }
}
