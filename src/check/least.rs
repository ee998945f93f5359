//! Least counterexamples. proptest's shrinking stops at a local minimum; these searches
//! descend further and then enumerate everything below, in the order users read:
//! Chopsticks by total hands a + c + b + d, then (a, c, b, d) lexicographically, among
//! positions of real play; counting by K, then N, then the values lexicographically.

use crate::chopsticks::State;

/// How sure a reported least counterexample is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Least {
    /// Every candidate before it in the order was checked and passed.
    Proven,
    /// Everything up to `checked_below` was checked; candidates between that and the
    /// reported one were only explored by descent.
    LocalMinimum { checked_below: u128 },
}

/// Returns the order key of a Chopsticks position: (total hands, a, c, b, d).
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use gamecheck::check::chopsticks_key;
/// use gamecheck::chopsticks::State;
/// assert!(chopsticks_key(State::new(0, 0, 3, 0)) < chopsticks_key(State::new(1, 1, 1, 1)));
/// ```
pub fn chopsticks_key(s: State) -> (u128, u128, u128, u128, u128) {
    (s.hands() + s.opponent_hands(), s.a, s.c, s.b, s.d)
}

/// Returns every position of real play with `total` hands, in (a, c, b, d) order.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(total³) positions.
///
/// # Example
/// ```
/// use gamecheck::check::real_play_with_total;
/// use gamecheck::chopsticks::State;
/// let v: Vec<State> = real_play_with_total(2).collect();
/// assert_eq!(v, [State::new(0, 1, 0, 1), State::new(0, 1, 1, 0), State::new(1, 0, 0, 1), State::new(1, 0, 1, 0)]);
/// ```
pub fn real_play_with_total(total: u64) -> impl Iterator<Item = State> {
    (0..=total)
        .flat_map(move |a| {
            (0..=total - a)
                .flat_map(move |c| (0..=total - a - c).map(move |b| State::new(a, c, b, total - a - c - b)))
        })
        .filter(|s| s.hands() > 0 && s.opponent_hands() > 0)
}

/// Positions one step smaller than `s` that a descent tries, most aggressive first.
fn smaller(s: State) -> Vec<State> {
    let counts = [s.a, s.c, s.b, s.d];
    let mut out = Vec::new();
    for i in 0..4 {
        let v = counts[i];
        if v == 0 {
            continue;
        }
        for w in [0, v / 2, v - 1] {
            let mut next = counts;
            next[i] = w;
            out.push(State {
                a: next[0],
                c: next[1],
                b: next[2],
                d: next[3],
            });
        }
    }
    // Lowering a count on each side keeps n − m, where rules change their mind.
    for (i, j) in [(0, 2), (0, 3), (1, 2), (1, 3)] {
        let step = counts[i].min(counts[j]);
        if step == 0 {
            continue;
        }
        for cut in [step, step / 2, 1] {
            let mut next = counts;
            next[i] -= cut;
            next[j] -= cut;
            out.push(State {
                a: next[0],
                c: next[1],
                b: next[2],
                d: next[3],
            });
        }
    }
    out.retain(|t| t.hands() > 0 && t.opponent_hands() > 0);
    out
}

/// Returns the least position of real play on which `fails` holds, searching from the
/// failing position `found`: a descent, then every position with at most
/// `exhaustive_total` hands in order. Also says whether the result is proven least.
///
/// # Constraints
/// `fails(found)` is true. A `found` off real play is returned as it is unless a real
/// failing position lies within `exhaustive_total`.
///
/// # Complexity
/// O(exhaustive_total⁴ / 24) calls of `fails` at most, plus O(log) descent steps per
/// count.
///
/// # Example
/// ```
/// use gamecheck::check::{least_chopsticks, Least};
/// use gamecheck::chopsticks::State;
/// // "The player to move wins when n > m" is wrong first at (0, 1, 0, 1).
/// let fails = |s: State| (s.hands() > s.opponent_hands()) != gamecheck::chopsticks::outcome(s).eq(&gamecheck::chopsticks::Outcome::First);
/// let (least, proof) = least_chopsticks(fails, State::new(40, 7, 3, 44), 24);
/// assert_eq!((least, proof), (State::new(0, 1, 0, 1), Least::Proven));
/// ```
pub fn least_chopsticks(
    fails: impl Fn(State) -> bool,
    found: State,
    exhaustive_total: u64,
) -> (State, Least) {
    let real = |s: State| s.hands() > 0 && s.opponent_hands() > 0;
    if !real(found) {
        // A failure off real play: report the least real one if there is one in range.
        let below = (2..=exhaustive_total).find_map(|t| real_play_with_total(t).find(|&s| fails(s)));
        return match below {
            Some(s) => (s, Least::Proven),
            None => (
                found,
                Least::LocalMinimum {
                    checked_below: u128::from(exhaustive_total) + 1,
                },
            ),
        };
    }
    let mut best = found;
    'descend: loop {
        let mut candidates = smaller(best);
        candidates.sort_by_key(|&s| chopsticks_key(s));
        for c in candidates {
            if chopsticks_key(c) < chopsticks_key(best) && fails(c) {
                best = c;
                continue 'descend;
            }
        }
        break;
    }
    let best_total = best.hands() + best.opponent_hands();
    let limit = u128::from(exhaustive_total).min(best_total);
    for total in 2..=limit as u64 {
        if let Some(s) = real_play_with_total(total)
            .take_while(|&s| chopsticks_key(s) < chopsticks_key(best))
            .find(|&s| fails(s))
        {
            return (s, Least::Proven);
        }
    }
    if best_total <= u128::from(exhaustive_total) {
        (best, Least::Proven)
    } else {
        (
            best,
            Least::LocalMinimum {
                checked_below: u128::from(exhaustive_total) + 1,
            },
        )
    }
}
