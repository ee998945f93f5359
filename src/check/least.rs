//! Least counterexamples. proptest's shrinking stops at a local minimum; these searches
//! descend further and then enumerate everything below, in the order users read:
//! Chopsticks by total hands a + c + b + d, then (a, c, b, d) lexicographically, among
//! positions of real play; counting by K, then N, then the values lexicographically.

use crate::chopsticks::State;

/// How sure a reported least counterexample is.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Least {
    /// Every candidate before it in the order was checked and passed.
    Proven,
    /// Everything up to `checked_below` was checked; candidates between that and the
    /// reported one were only explored by descent.
    LocalMinimum { checked_below: u128 },
    /// Least among the candidates `searched` (an infinite order cannot be enumerated).
    Bounded { searched: String },
}

impl std::fmt::Display for Least {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Least::Proven => f.write_str("least counterexample"),
            Least::LocalMinimum { checked_below } => {
                write!(
                    f,
                    "local minimum; every candidate with fewer than {checked_below} hands checked"
                )
            }
            Least::Bounded { .. } => f.write_str("least in the searched domain"),
        }
    }
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
    let with = |s: State, i: usize, v: u128| {
        let mut counts = [s.a, s.c, s.b, s.d];
        counts[i] = v;
        State {
            a: counts[0],
            c: counts[1],
            b: counts[2],
            d: counts[3],
        }
    };
    'descend: loop {
        // Halving and subtracting 1 can stall far above a threshold: first bisect each
        // count down to the lowest failing value above a passing one, in O(log v) calls.
        for i in 0..4 {
            let (mut lo, mut hi) = (0u128, [best.a, best.c, best.b, best.d][i]);
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                let c = with(best, i, mid);
                if real(c) && fails(c) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            best = with(best, i, hi);
        }
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

/// The order key of a counting case: (K, N, values).
fn counting_key(values: &[u64], len: u64) -> (u64, usize, Vec<u64>) {
    (len, values.len(), values.to_vec())
}

/// Returns the lengths K a least-counterexample search tries: 0..=16, small multiples of
/// 7, and the neighbours of multiples of p − 1 and of the largest u64, where reducing an
/// exponent goes wrong.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// let ks = gamecheck::check::len_candidates();
/// assert!(ks.contains(&998_244_352) && ks.windows(2).all(|w| w[0] < w[1]));
/// ```
pub fn len_candidates() -> Vec<u64> {
    const P1: u64 = 998_244_352;
    let mut ks: Vec<u64> = (0..=16)
        .chain((3..=10).map(|i| 7 * i))
        .chain([49 * 7, 2401])
        .collect();
    for base in [P1, 2 * P1, 7 * P1, 1_000_000_000_000_000_000, u64::MAX - 2] {
        ks.extend(base.saturating_sub(2)..=base.saturating_add(2));
    }
    ks.sort_unstable();
    ks.dedup();
    ks
}

/// Every sequence of `n` values in 0..=`max`, lexicographically; only non-decreasing ones
/// when `sorted`.
fn sequences(n: usize, max: u64, sorted: bool) -> impl Iterator<Item = Vec<u64>> {
    let mut next = Some(vec![0u64; n]);
    std::iter::from_fn(move || {
        let current = next.take()?;
        let mut v = current.clone();
        let mut i = n;
        while i > 0 {
            i -= 1;
            if v[i] < max {
                v[i] += 1;
                let fill = if sorted { v[i] } else { 0 };
                v[i + 1..].iter_mut().for_each(|x| *x = fill);
                next = Some(v);
                break;
            }
        }
        Some(current)
    })
}

/// Smaller counting cases a descent tries from (values, len).
fn smaller_counting(values: &[u64], len: u64, lens: &[u64]) -> Vec<(Vec<u64>, u64)> {
    let mut out: Vec<(Vec<u64>, u64)> = lens
        .iter()
        .filter(|&&k| k < len)
        .map(|&k| (values.to_vec(), k))
        .collect();
    if values.len() > 1 {
        for i in 0..values.len() {
            let mut v = values.to_vec();
            v.remove(i);
            out.push((v, len));
        }
    }
    for i in 0..values.len() {
        let x = values[i];
        let top = if x == 0 {
            0
        } else {
            x & !(1 << (63 - x.leading_zeros()))
        };
        for y in [0, x / 2, x.saturating_sub(1), top] {
            if y < x {
                let mut v = values.to_vec();
                v[i] = y;
                out.push((v, len));
            }
        }
    }
    out
}

/// Returns the least counting case on which `fails` holds, in the order K, then N, then
/// the values lexicographically, starting from the failing case (`values`, `len`): a
/// descent, then an enumeration of the candidates below it: K from
/// [`len_candidates`], and for each N up to the found one every sequence whose values
/// stay within a bound that keeps the enumeration near `budget` cases. With `symmetric`
/// (the property depends only on the multiset of values) only sorted sequences are
/// tried: the least failing sequence is then sorted.
///
/// # Constraints
/// `fails(values, len)` is true and `values` is not empty.
///
/// # Complexity
/// O(budget) calls of `fails` per (K, N) below the found case, plus the descent.
///
/// # Example
/// ```
/// use gamecheck::check::least_counting;
/// // "No sequence of two or more values is losing" fails first at K = 2 with A = [0].
/// let fails = |values: &[u64], len: u64| len >= 2 && values.contains(&0);
/// let (least, _) = least_counting(&fails, (vec![5, 0, 9], 14), true, 2_000);
/// assert_eq!(least, (vec![0], 2));
/// ```
pub fn least_counting(
    fails: &dyn Fn(&[u64], u64) -> bool,
    found: (Vec<u64>, u64),
    symmetric: bool,
    budget: u64,
) -> ((Vec<u64>, u64), Least) {
    let lens = len_candidates();
    let mut best = found;
    'descend: loop {
        let mut candidates = smaller_counting(&best.0, best.1, &lens);
        candidates.sort_by_key(|(v, k)| counting_key(v, *k));
        for (v, k) in candidates {
            if counting_key(&v, k) < counting_key(&best.0, best.1) && fails(&v, k) {
                best = (v, k);
                continue 'descend;
            }
        }
        break;
    }
    let top = best.0.iter().copied().max().unwrap_or(0);
    let mut searched = Vec::new();
    let ks: Vec<u64> = lens
        .iter()
        .copied()
        .filter(|&k| k < best.1)
        .chain([best.1])
        .collect();
    for &k in &ks {
        for n in 1..=best.0.len() {
            if k == best.1 && n > best.0.len() {
                break;
            }
            // The largest value bound whose enumeration stays within the budget.
            let bound = (0..=top)
                .rev()
                .find(|&m| (m + 1).checked_pow(n as u32).is_some_and(|c| c <= budget))
                .unwrap_or(0);
            if k == best.1 && n == best.0.len() || k < best.1 || n < best.0.len() {
                for v in sequences(n, bound, symmetric) {
                    if counting_key(&v, k) >= counting_key(&best.0, best.1) {
                        break;
                    }
                    if fails(&v, k) {
                        return (
                            (v, k),
                            Least::Bounded {
                                searched: describe(&searched, k, n, bound, symmetric),
                            },
                        );
                    }
                }
            }
            searched.push((n, bound));
        }
    }
    let searched = describe(&searched, best.1, best.0.len(), top, symmetric);
    (best, Least::Bounded { searched })
}

fn describe(done: &[(usize, u64)], k: u64, n: usize, bound: u64, symmetric: bool) -> String {
    let widest = done.iter().map(|&(_, b)| b).min().unwrap_or(bound);
    format!(
        "every K in the candidate list up to {k}, every N up to {n}, {} with values up to at least {widest}",
        if symmetric {
            "every multiset"
        } else {
            "every sequence"
        }
    )
}
