//! The positions of a problem: which are valid, the strategies that draw them, and the
//! order of least counterexamples with the bounded enumeration below a case.

use super::*;

impl<G: Game> GameProblem<G> {
    /// Whether `p` is a position of the game that its contest format admits.
    pub(crate) fn valid(&self, p: &G::Position) -> bool {
        let counts = p.counts();
        self.game.check_position(p).is_ok()
            && self.game.in_play(p)
            && counts.iter().all(|&v| v <= self.game.max_count())
            && self.format.admits(&counts)
    }

    pub(super) fn positions(&self, max: u64) -> BoxedStrategy<G::Position> {
        let game = Arc::clone(&self.game);
        let rejected = Arc::clone(&self.rejected);
        let cap = max.min(game.max_count());
        self.settings
            .strategy_of(&game, cap, game.max_len())
            .prop_filter("a position of the game", move |p| match game.check_position(p) {
                Ok(()) if !game.in_play(p) => false,
                Ok(()) => true,
                Err(why) => {
                    *lock(&rejected) = Some(format!("{}: {why}", game.describe(p)));
                    false
                }
            })
            .boxed()
    }

    /// Whether an oracle is asked about `p` for the problem's question: the joint search,
    /// or under normal play the component route.
    pub(crate) fn reaches(&self, p: &G::Position) -> bool {
        self.joint_reach(p) || (self.question.play == Play::Normal && self.sum_reach(p))
    }

    /// Positions a formula is judged on: where the component route reaches under normal
    /// play, where the joint search does under misère play (misère values do not add).
    pub(super) fn judged_positions(&self) -> BoxedStrategy<G::Position> {
        match self.question.play {
            Play::Normal => self.positions(self.component_reach()),
            Play::Misere => self.small_positions(),
        }
    }

    /// Positions the joint search reaches.
    pub(super) fn small_positions(&self) -> BoxedStrategy<G::Position> {
        self.positions(self.small_count())
    }

    /// The largest count of the positions the joint search is asked about.
    pub(super) fn small_count(&self) -> u64 {
        let reach = self.game.oracle_reach();
        let most = match G::Position::ARITY {
            Some(_) => reach,
            None => reach / self.game.max_len().max(1) as u64,
        };
        most.max(1)
    }

    /// Returns the largest count of the random positions a formula is judged on.
    pub(crate) fn judged_max_count(&self) -> u64 {
        match self.question.play {
            Play::Normal => self.component_reach(),
            Play::Misere => self.small_count(),
        }
        .min(self.game.max_count())
    }

    /// Returns the largest position (by total count) an oracle has judged.
    pub(crate) fn largest_judged(&self) -> Option<G::Position> {
        lock(&self.largest).clone()
    }
}

/// Returns how many positions have `total` counts in all: compositions into `arity`
/// counts, or into at most `max_len` positive counts for a list.
pub(super) fn positions_with_total(total: u64, arity: Option<usize>, max_len: usize) -> u128 {
    let binomial = |n: u128, k: u128| (1..=k).fold(1u128, |acc, i| acc.saturating_mul(n + 1 - i) / i);
    match arity {
        Some(0) => u128::from(total == 0),
        Some(d) => binomial(u128::from(total) + d as u128 - 1, d as u128 - 1),
        None if total == 0 => 1,
        None => (1..=max_len as u128)
            .take_while(|&k| k <= u128::from(total))
            .map(|k| binomial(u128::from(total) - 1, k - 1))
            .fold(0u128, u128::saturating_add),
    }
}

/// Returns how many lists of at most `max_len` counts, empty counts included, have at most
/// `total` counts in all: C(total + max_len, max_len), saturating.
pub(super) fn lists_up_to(total: u64, max_len: usize) -> u128 {
    // Lists of exactly k counts and total at most t number C(t + k, k); summed over k ≤ L,
    // C(t + L + 1, L).
    let (n, k) = (u128::from(total) + max_len as u128 + 1, max_len as u128);
    let k = k.min(n - k);
    (1..=k).fold(1u128, |acc, i| {
        acc.checked_mul(n + 1 - i).map_or(u128::MAX, |v| v / i)
    })
}

/// Returns the largest total whose positions, with every smaller total's, number at most
/// `budget`.
pub(crate) fn total_within(budget: u64, arity: Option<usize>, max_len: usize) -> u64 {
    let mut sum = 0u128;
    let mut s = 0u64;
    loop {
        sum = sum.saturating_add(positions_with_total(s, arity, max_len));
        if sum > u128::from(budget) || s >= 1 << 40 {
            return s.saturating_sub(1);
        }
        s += 1;
    }
}

impl<G: Game> Order for GameProblem<G> {
    /// (total count, number of counts, counts).
    type Key = (u128, usize, Vec<u64>);

    fn key(&self, p: &G::Position) -> Self::Key {
        position::key(p)
    }

    fn smaller(&self, p: &G::Position) -> Vec<G::Position> {
        super::descent::smaller(self, p)
    }

    fn coordinates(&self, p: &G::Position) -> Vec<u128> {
        p.counts().into_iter().map(u128::from).collect()
    }

    fn with_coordinate(&self, p: &G::Position, i: usize, value: u128) -> Option<G::Position> {
        let mut c = p.counts();
        *c.get_mut(i)? = u64::try_from(value).ok()?;
        G::Position::from_counts(&c).filter(|q| self.valid(q))
    }

    fn with_coordinates(&self, p: &G::Position, values: &[(usize, u128)]) -> Option<G::Position> {
        let mut c = p.counts();
        for &(i, value) in values {
            *c.get_mut(i)? = u64::try_from(value).ok()?;
        }
        G::Position::from_counts(&c).filter(|q| self.valid(q))
    }

    fn keeping(&self, p: &G::Position, keep: &[usize]) -> Option<G::Position> {
        if G::Position::ARITY.is_some() {
            return None;
        }
        let c = p.counts();
        let kept: Vec<u64> = keep.iter().map(|&i| c.get(i).copied()).collect::<Option<_>>()?;
        G::Position::from_counts(&kept).filter(|q| self.valid(q))
    }

    fn below(&self, p: &G::Position, budget: u64) -> Below<'_, G::Position> {
        let max_len = self.game.max_len();
        // A list whose format states no list (CSES 2207: one heap a case) is exactly the
        // format's numbers: those are budgeted and enumerated, not every list of up to
        // max_len, which would stop the search far below the least case.
        if G::Position::ARITY.is_none() && !self.format.fields().any(|f| f.is_variable()) {
            let len = self.format.fixed();
            let limit = total_within(budget, Some(len), max_len);
            let total: u128 = p.counts().iter().map(|&v| u128::from(v)).sum();
            return Below::by_total(total, limit, "counts in all", move |s| {
                position::compositions(s, len, false)
                    .into_iter()
                    .filter_map(|c| G::Position::from_counts(&c))
                    .filter(|q| self.valid(q))
            });
        }
        let limit = total_within(budget, G::Position::ARITY, max_len);
        let total: u128 = p.counts().iter().map(|&v| u128::from(v)).sum();
        // A list with empty counts (heap 0) comes after lists of positive counts only: when
        // every list of at most its total, empty counts included, fits the budget, they
        // are all enumerated, and what is found (or not) is least.
        if G::Position::ARITY.is_none()
            && p.counts().contains(&0)
            && let Ok(total) = u64::try_from(total)
            && lists_up_to(total, max_len) <= u128::from(budget)
        {
            return Below {
                cases: Box::new((0..=total).flat_map(move |s| {
                    position::lists_with_total::<G::Position>(s, max_len).filter(|q| self.valid(q))
                })),
                found: Box::new(|_| Least::Proven),
                exhausted: Least::Proven,
            };
        }
        let mut below = Below::by_total(total, limit, "counts in all", move |s| {
            position::with_total::<G::Position>(s, max_len).filter(|q| self.valid(q))
        });
        // A list longer than the enumeration's lists can be smaller only if its total is
        // above max_len: below that, every list of positive counts is enumerated.
        if G::Position::ARITY.is_none() && (total > max_len as u128 || p.counts().contains(&0)) {
            let searched = format!(
                "every list of at most {max_len} positive counts with at most {} in all",
                total.min(u128::from(limit))
            );
            let zeros = p.counts().contains(&0);
            // A case found with at most max_len in all is least among the lists of
            // positive counts all the same: every smaller one was enumerated.
            below.found = Box::new(move |c| {
                let found: u128 = c.counts().iter().map(|&v| u128::from(v)).sum();
                if !zeros && found <= max_len as u128 {
                    Least::Proven
                } else {
                    Least::Bounded {
                        searched: searched.clone(),
                    }
                }
            });
            if below.exhausted == Least::Proven {
                below.exhausted = Least::Bounded {
                    searched: format!(
                        "every list of at most {max_len} positive counts with at most {total} in all"
                    ),
                };
            }
        }
        below
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Field, Format, Game, GameProblem, Output, Question};
    use crate::problem::{Least, Order};

    /// Take 1, 2 or 4 from a heap, the position a list as a user's crate writes it, its
    /// format one number a case (CSES 2207's shape).
    struct OneHeap;

    impl Game for OneHeap {
        type Position = Vec<u64>;
        const NAME: &'static str = "one-heap";

        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for (i, &h) in p.iter().enumerate() {
                for k in [1, 2, 4].into_iter().filter(|&k| k <= h) {
                    let mut q = p.clone();
                    q[i] = h - k;
                    out.push(q);
                }
            }
        }

        fn format(&self) -> Format<Self> {
            Format::cases(1..=10)
                .line([Field::number("n", 0..=1000)])
                .answer(Output::winner("first", "second"))
        }
    }

    #[test]
    fn a_list_stated_as_one_number_is_searched_below_as_one_number() {
        let p = GameProblem::new(OneHeap, Question::default()).expect("a problem");
        // Lists of up to 8 heaps of 23 in all are far more than 4096; one number is 23.
        let below = p.below(&vec![23], 1 << 12);
        assert_eq!(below.exhausted, Least::Proven);
        let candidates: Vec<Vec<u64>> = below.cases.take(23).collect();
        assert_eq!(candidates, (0..23).map(|n| vec![n]).collect::<Vec<_>>());
    }
}
