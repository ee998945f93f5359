//! The least cases at which a check ran out of a search budget, per property: a case at
//! least as large in every count is called unjudged at once, not searched again. Without
//! it a game whose rules reach only small counts spends a whole search budget on every
//! large case (issue 43: `check` of the 1-2-K game from its moves ran for minutes, each
//! case costing 4,000,000 positions before it was called unjudged).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{Game, GameProblem, Position, lock};
use crate::problem::{Budget, CaseError};

/// How many least cases are kept: enough for the few directions a position grows in.
const KEPT: usize = 64;

/// How many spent searches of one shape a check may meet before no case at least their
/// meet (each count the least of theirs) is searched: a game whose counts do not all grow
/// its search (the 1-2-K game's k) would otherwise meet a new incomparable case at each
/// draw.
const TRIES: u32 = 4;

/// The least spent cases (an antichain under "every count at least"), each with the
/// check that was stopped (a property's name, or the truth for a question) and the budget
/// that stopped it.
#[derive(Debug, Default)]
pub(super) struct Spent {
    least: Vec<(&'static str, Vec<u64>, Budget)>,
    /// Per check and shape: the spent searches met, and their meet.
    meets: Vec<(&'static str, u32, Vec<u64>)>,
    /// The checks that met a cycle: they keep searching every case.
    loopy: Vec<&'static str>,
}

/// The spent cases of one problem's checks, shared by their threads.
#[derive(Debug, Default)]
pub(super) struct SpentCases {
    /// Whether any spent case was ever kept: read without the lock, as most checks never
    /// keep one and a lock at every case (twice for a certified move) cost a cheap game's
    /// check a few per cent.
    any: AtomicBool,
    cases: Mutex<Spent>,
}

/// Whether every count of `big` is at least the same count of `small` (same length).
fn covers(big: &[u64], small: &[u64]) -> bool {
    big.len() == small.len() && big.iter().zip(small).all(|(b, s)| b >= s)
}

impl Spent {
    /// Returns whether a spent case of `route` is kept: without one, [`Spent::below`]
    /// finds nothing, whatever the counts.
    fn holds(&self, route: &str) -> bool {
        self.least.iter().any(|(r, _, _)| *r == route)
    }

    /// Returns why `counts` is not searched for `route`, with the budget that stopped a
    /// smaller case: a spent case below it in every count, or, after [`TRIES`] spent
    /// searches of its shape, their meet.
    fn below(&self, route: &str, counts: &[u64]) -> Option<(String, &Budget)> {
        // A game that repeats positions has no order its searches grow in: a case above
        // a spent one may end at a cycle, which is the reason to name.
        if self.loopy.contains(&route) {
            return None;
        }
        let mine = || self.least.iter().filter(|(r, _, _)| *r == route);
        if let Some((_, c, b)) = mine().find(|(_, c, _)| covers(counts, c)) {
            return Some((
                format!("a search ran out of it at {c:?}, and every count here is at least that"),
                b,
            ));
        }
        let (_, tries, meet) = self
            .meets
            .iter()
            .find(|(r, _, m)| *r == route && m.len() == counts.len())?;
        let (_, _, budget) = mine().next()?;
        (*tries >= TRIES && covers(counts, meet)).then(|| {
            let why = format!(
                "{tries} searches ran out of it, each count at least {meet:?}; no case above that is searched"
            );
            (why, budget)
        })
    }

    /// Keeps `counts` as a case where `budget` stopped `route`, dropping the kept cases it
    /// is below. A cycle, a reach or the run's budget is no spent search: it says nothing
    /// of larger cases, or costs nothing to meet again.
    fn keep(&mut self, route: &'static str, counts: Vec<u64>, budget: Budget) {
        if budget == Budget::Cycle && !self.loopy.contains(&route) {
            self.loopy.push(route);
        }
        if matches!(budget, Budget::Cycle | Budget::Reach { .. } | Budget::Run { .. })
            || self.below(route, &counts).is_some()
        {
            return;
        }
        match self
            .meets
            .iter_mut()
            .find(|(r, _, m)| *r == route && m.len() == counts.len())
        {
            Some((_, tries, meet)) => {
                *tries += 1;
                meet.iter_mut().zip(&counts).for_each(|(m, &c)| *m = (*m).min(c));
            }
            None => self.meets.push((route, 1, counts.clone())),
        }
        self.least
            .retain(|(r, c, _)| !(*r == route && covers(c, &counts)));
        if self.least.len() < KEPT {
            self.least.push((route, counts, budget));
        }
    }
}

impl<G: Game> GameProblem<G> {
    /// Returns `check`'s verdict at `p` for `route`, or the case unjudged at once when
    /// `route` ran out of a search budget at a smaller case (see [`Spent`]); a new budget
    /// run out of is kept.
    pub(super) fn unless_spent<T>(
        &self,
        route: &'static str,
        p: &G::Position,
        check: impl FnOnce() -> Result<T, CaseError>,
    ) -> Result<T, CaseError> {
        // The counts are a fresh list: asked for only when a spent case of `route` is
        // kept or this one is unjudged, as most checks never meet a spent search and the
        // list at every case was a measurable share of a cheap game's check.
        if self.spent.any.load(Ordering::Acquire) {
            let spent = lock(&self.spent.cases);
            if spent.holds(route)
                && let Some((why, budget)) = spent.below(route, &p.counts())
            {
                return Err(CaseError::unjudged(budget.clone(), why));
            }
        }
        let verdict = check();
        // Within the oracles' reach a search is expected to decide: one spent there (a
        // loopy game's chain running away from a small position) says nothing of the
        // cases above it.
        if let Err(CaseError::Unjudged { budget, .. }) = &verdict {
            let counts = p.counts();
            if !self.joint_reach_of(&counts) {
                let mut spent = lock(&self.spent.cases);
                spent.keep(route, counts, budget.clone());
                if !spent.least.is_empty() {
                    self.spent.any.store(true, Ordering::Release);
                }
            }
        }
        verdict
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_above_a_spent_one_in_every_count_is_below_it_and_no_other_is() {
        let q = "outcome";
        let mut s = Spent::default();
        s.keep(q, vec![10, 3], Budget::Positions { limit: 4 });
        assert!(s.below(q, &[10, 3]).is_some());
        assert!(s.below(q, &[11, 9]).is_some());
        assert!(
            s.below(q, &[9, 100]).is_none(),
            "a smaller first count may be in reach"
        );
        assert!(s.below(q, &[10]).is_none(), "another shape is not compared");
        assert!(
            s.below("grundy", &[11, 9]).is_none(),
            "another check is not compared"
        );
        // A smaller spent case replaces the ones above it.
        s.keep(q, vec![5, 3], Budget::Positions { limit: 4 });
        assert_eq!(s.least.len(), 1);
        s.keep(q, vec![4, 8], Budget::Cycle);
        assert!(
            s.below(q, &[4, 9]).is_none(),
            "a cycle says nothing of larger cases"
        );
        assert!(
            s.below(q, &[11, 9]).is_none(),
            "after a cycle, every case is searched"
        );
    }

    #[test]
    fn a_route_that_holds_no_spent_case_finds_none_below_any_counts() {
        // `unless_spent` lists a case's counts only when `holds` says a spent case is
        // kept; `below` must find nothing otherwise, even with a meet counted for the
        // route while other routes fill the kept cases.
        let budget = Budget::Positions { limit: 4 };
        let mut s = Spent::default();
        for i in 0..KEPT as u64 {
            s.keep("grundy", vec![i, KEPT as u64 - i], budget.clone());
        }
        assert_eq!(s.least.len(), KEPT);
        for i in 0..u64::from(TRIES) + 1 {
            s.keep("outcome", vec![100 + i, 9 - i], budget.clone());
        }
        s.keep("misere", vec![3, 3], Budget::Cycle);
        for route in ["outcome", "misere", "bellman"] {
            assert!(!s.holds(route), "{route} keeps no spent case");
            for counts in [[0, 0], [100, 9], [5000, 5000], [u64::MAX, u64::MAX]] {
                assert!(s.below(route, &counts).is_none(), "{route} at {counts:?}");
            }
        }
        assert!(s.holds("grundy"));
        assert!(s.below("grundy", &[KEPT as u64, KEPT as u64]).is_some());
    }

    #[test]
    fn after_enough_spent_searches_no_case_above_their_meet_is_searched() {
        let q = "outcome";
        let mut s = Spent::default();
        let budget = Budget::Positions { limit: 4 };
        // Incomparable cases, each spent: (100, 9), (101, 8), …
        for i in 0..u64::from(TRIES) {
            assert!(s.below(q, &[100 + i, 9 - i]).is_none(), "try {i} is searched");
            s.keep(q, vec![100 + i, 9 - i], budget.clone());
        }
        // Their meet is (100, 9 - TRIES + 1).
        let low = 9 - u64::from(TRIES) + 1;
        assert!(s.below(q, &[100, low]).is_some());
        assert!(s.below(q, &[5000, 1000]).is_some());
        assert!(
            s.below(q, &[99, 1000]).is_none(),
            "a smaller first count is searched"
        );
        assert!(
            s.below(q, &[1000, 1]).is_none(),
            "a smaller second count is searched"
        );
    }
}
