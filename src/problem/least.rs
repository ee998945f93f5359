//! The one least-counterexample search. proptest's shrinking stops at a local minimum;
//! this search descends further (bisecting each coordinate, then trying the problem's
//! smaller cases) and then enumerates, in order, the cases below the one it holds, as
//! far as its budget allows. The result says how sure it is.

use super::Order;

/// How sure a reported least counterexample is.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Least {
    /// Every candidate before it in the order was checked and passed.
    Proven,
    /// Everything up to `checked_below` (in the problem's measure of size) was checked;
    /// candidates between that and the reported one were only explored by descent.
    LocalMinimum {
        checked_below: u128,
        /// What `checked_below` counts, for people ("hands").
        #[serde(skip)]
        measure: &'static str,
    },
    /// Least among the candidates `searched` (an infinite order cannot be enumerated).
    Bounded { searched: String },
}

impl std::fmt::Display for Least {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Least::Proven => f.write_str("least counterexample"),
            Least::LocalMinimum {
                checked_below,
                measure,
            } => {
                write!(
                    f,
                    "local minimum; every candidate with fewer than {checked_below} {measure} checked"
                )
            }
            Least::Bounded { .. } => f.write_str("least in the searched domain"),
        }
    }
}

/// The cases below a case that a search can afford, and what its outcome proves.
pub struct Below<'a, C> {
    /// Candidates in increasing order; the search stops at the first failing one.
    pub cases: Box<dyn Iterator<Item = C> + 'a>,
    /// The standing of a failing candidate found among `cases`.
    pub found: Box<dyn Fn(&C) -> Least + 'a>,
    /// The standing of the case searched from when no candidate fails.
    pub exhausted: Least,
}

impl<'a, C: 'a> Below<'a, C> {
    /// Returns the search by total below a case of total `total`: the cases `of_total(s)`
    /// for s = 0, 1, … up to `total` or the affordable `limit`, whichever is smaller. A
    /// failure found is [`Least::Proven`]; none found is proven when the totals reached
    /// `total`, else a local minimum with every total up to `limit` checked.
    ///
    /// # Example
    /// ```
    /// use gamecheck::problem::{Below, Least};
    /// let b = Below::by_total(5, 2, "stones", |s| [s]);
    /// assert_eq!(b.cases.collect::<Vec<_>>(), [0, 1, 2]);
    /// assert_eq!(b.exhausted, Least::LocalMinimum { checked_below: 3, measure: "stones" });
    /// assert_eq!(Below::by_total(2, 9, "stones", |s| [s]).exhausted, Least::Proven);
    /// ```
    pub fn by_total<I>(
        total: u128,
        limit: u64,
        measure: &'static str,
        of_total: impl Fn(u64) -> I + 'a,
    ) -> Below<'a, C>
    where
        I: IntoIterator<Item = C> + 'a,
    {
        let last = u64::try_from(total.min(u128::from(limit))).unwrap_or(limit);
        Below {
            cases: Box::new((0..=last).flat_map(of_total)),
            found: Box::new(|_| Least::Proven),
            exhausted: if total <= u128::from(limit) {
                Least::Proven
            } else {
                Least::LocalMinimum {
                    checked_below: u128::from(limit) + 1,
                    measure,
                }
            },
        }
    }
}

/// Returns the least case on which `fails` holds, searching from the failing case
/// `found`, and how sure that is: [`least_within`] with no cap on the descent (a caller
/// whose `fails` is costly bounds it itself, as `stress` does by its runs).
///
/// # Constraints
/// `fails(&found)` is true and `fails` is deterministic.
///
/// # Complexity
/// Per descent step, O(log v) calls of `fails` per coordinate of value v and along each
/// smaller case that fails; then at most the `budget` candidates the problem's
/// [`Order::below`] enumerates.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{Chopsticks, State, Outcome, outcome};
/// use gamecheck::problem::{least, Least};
/// // "The player to move wins when n > m" is wrong first at (0, 1, 0, 1).
/// let fails = |s: &State| (s.hands() > s.opponent_hands()) != (outcome(*s) == Outcome::Win);
/// let found = least(&Chopsticks::problem(128), &fails, State::new(40, 7, 3, 44), 150_000);
/// assert_eq!(found, (State::new(0, 1, 0, 1), Least::Proven));
/// ```
pub fn least<O: Order>(
    problem: &O,
    fails: &dyn Fn(&O::Case) -> bool,
    found: O::Case,
    budget: u64,
) -> (O::Case, Least) {
    least_within(problem, fails, found, budget, u64::MAX)
}

/// Returns the least case on which `fails` holds, searching from the failing case
/// `found`, and how sure that is. The descent calls `fails` at most `descent` times, and
/// the enumeration below tries at most the `budget` candidates [`Order::below`] affords;
/// a descent stopped by its cap leaves what the enumeration proves, usually a
/// [`Least::LocalMinimum`].
///
/// # Constraints
/// `fails(&found)` is true and `fails` is deterministic.
///
/// # Complexity
/// At most `descent` + `budget` calls of `fails`. Per descent step, O(log v) per
/// coordinate of value v, and O(log v) along each smaller case that fails (it gallops
/// along the line from the case to it, then bisects), so no coordinate is walked unit by
/// unit.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{Chopsticks, State, Outcome, outcome};
/// use gamecheck::problem::{least_within, Least};
/// // Wrong exactly where a >= 10^12 and n = m: the least is (10^12, 0, 0, 10^12).
/// let t = 1_000_000_000_000u128;
/// let fails = |s: &State| s.a >= t && s.hands() == s.opponent_hands();
/// let start = State::new(5u64 << 40, 3, 7, (5u64 << 40) - 4);
/// let (found, _) = least_within(&Chopsticks::problem(128), &fails, start, 1000, 10_000);
/// assert_eq!(found, State::new(1_000_000_000_000, 0, 0, 1_000_000_000_000));
/// // Cut short, it still returns a failing case, and says what it checked.
/// let (cut, standing) = least_within(&Chopsticks::problem(128), &fails, start, 1000, 5);
/// assert!(fails(&cut) && matches!(standing, Least::LocalMinimum { .. }));
/// ```
pub fn least_within<O: Order>(
    problem: &O,
    fails: &dyn Fn(&O::Case) -> bool,
    found: O::Case,
    budget: u64,
    descent: u64,
) -> (O::Case, Least) {
    let calls = std::cell::Cell::new(0u64);
    // Past its budget the descent sees every candidate pass, and so stops where it is.
    let descent_fails = |c: &O::Case| {
        if calls.get() >= descent {
            return false;
        }
        calls.set(calls.get() + 1);
        fails(c)
    };
    let mut best = found;
    'descend: loop {
        // Halving and subtracting 1 can stall far above a threshold: first bisect each
        // coordinate down to the lowest failing value above a passing one.
        let dims = problem.coordinates(&best).len();
        for i in 0..dims {
            let (mut lo, mut hi) = (0u128, problem.coordinates(&best)[i]);
            let mut lowest = None;
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                match problem.with_coordinate(&best, i, mid) {
                    Some(c) if descent_fails(&c) => {
                        hi = mid;
                        lowest = Some(c);
                    }
                    _ => lo = mid,
                }
            }
            if let Some(c) = lowest
                && problem.key(&c) < problem.key(&best)
            {
                best = c;
            }
        }
        let mut candidates = problem.smaller(&best);
        candidates.sort_by_key(|c| problem.key(c));
        for c in candidates {
            if problem.key(&c) < problem.key(&best) && descent_fails(&c) {
                best = gallop(problem, &descent_fails, &best, c);
                continue 'descend;
            }
        }
        // Beyond what the enumeration below reaches, failures that recur with a period
        // (a claim `n % 7 == 2 || n > 10^12` against a game of period 7) leave the steps
        // above at a local minimum far above the least: gallop along the step that goes
        // furthest down, a period among them.
        if problem.below(&best, budget).exhausted != Least::Proven
            && let Some(c) = furthest_step(problem, &descent_fails, &best)
        {
            best = c;
            continue 'descend;
        }
        break;
    }
    let below = problem.below(&best, budget);
    let best_key = problem.key(&best);
    for c in below.cases {
        if problem.key(&c) >= best_key {
            break;
        }
        if fails(&c) {
            let standing = (below.found)(&c);
            return (c, standing);
        }
    }
    (best, below.exhausted)
}

/// The steps down (2 to this) that the least search gallops along once its other steps
/// are stuck: the periods of games and claims that it then follows.
const PERIOD_STEPS: u128 = 64;

/// Returns the failing case furthest down (least in the order) that galloping from
/// `from` along a step of 2 to [`PERIOD_STEPS`] down one coordinate reaches, if one
/// fails and is below `from`.
fn furthest_step<O: Order>(problem: &O, fails: &dyn Fn(&O::Case) -> bool, from: &O::Case) -> Option<O::Case> {
    let coordinates = problem.coordinates(from);
    let key = problem.key(from);
    let mut best: Option<(O::Key, O::Case)> = None;
    for (i, &v) in coordinates.iter().enumerate() {
        for d in 2..=PERIOD_STEPS.min(v) {
            let Some(step) = problem.with_coordinate(from, i, v - d) else {
                continue;
            };
            if problem.key(&step) >= key || !fails(&step) {
                continue;
            }
            let reached = gallop(problem, fails, from, step);
            let k = problem.key(&reached);
            if best.as_ref().is_none_or(|(b, _)| k < *b) {
                best = Some((k, reached));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// Returns a failing case on the line from `from` through `step`, a smaller case that
/// fails, as far along as doubling the step and then bisecting finds: a descent that
/// lowers two counts by 1 at a time (keeping n − m, where a rule changes its mind) would
/// otherwise take a step per unit. `step` itself when no coordinate goes down.
pub(crate) fn gallop<O: Order>(
    problem: &O,
    fails: &dyn Fn(&O::Case) -> bool,
    from: &O::Case,
    step: O::Case,
) -> O::Case {
    let start = problem.coordinates(from);
    let next = problem.coordinates(&step);
    if start.is_empty() || start.len() != next.len() {
        return step;
    }
    // The most steps before a coordinate that goes down would go below 0.
    let Some(reach) = start
        .iter()
        .zip(&next)
        .filter(|&(s, n)| n < s)
        .map(|(s, n)| s / (s - n))
        .min()
    else {
        return step;
    };
    // The case `t` steps along, if it is valid, smaller than `from`, and fails.
    let key = problem.key(from);
    let failing_at = |t: u128| {
        let mut case = from.clone();
        for (i, (&s, &n)) in start.iter().zip(&next).enumerate() {
            let value = if n < s {
                s - t * (s - n)
            } else {
                (n - s).checked_mul(t).and_then(|up| s.checked_add(up))?
            };
            if value != s {
                case = problem.with_coordinate(&case, i, value)?;
            }
        }
        (problem.key(&case) < key && fails(&case)).then_some(case)
    };
    let (mut good, mut good_case, mut bad) = (1u128, step, reach + 1);
    let mut t = 2u128;
    while t <= reach {
        match failing_at(t) {
            Some(c) => {
                (good, good_case) = (t, c);
                t = t.saturating_mul(2);
            }
            None => {
                bad = t;
                break;
            }
        }
    }
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        match failing_at(mid) {
            Some(c) => (good, good_case) = (mid, c),
            None => bad = mid,
        }
    }
    good_case
}
