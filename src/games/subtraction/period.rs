//! Eventual periods of sequences defined by a window recurrence, with their proof.
//!
//! A subtraction game S with largest move m has G(n) = mex{G(n − s) : s ∈ S, s ≤ n}. For
//! n ≥ m every move is available, so G(n) is a function of the window G(n − m), …,
//! G(n − 1) alone; in fact that holds for the window starting at any i ≥ 0, since its
//! next value G(i + m) has every move available. Hence if the windows starting at i < j
//! are equal, the whole sequence from i on repeats with period j − i: the next values
//! are the same function of the same window, by induction. The values are bounded by
//! |S|, so the windows are finitely many and a repeat must come. The misère outcomes
//! (the player who cannot move wins) obey the same kind of recurrence over {win, loss}
//! for n ≥ m, so the same proof applies to them.
//!
//! The first repeat gives some period p′ from some start i; the least period divides
//! it, and the least preperiod is found by walking i back while G(e − 1) = G(e − 1 + p).
//! Both steps only use the recurrence again, so the pair returned is proved least.

use std::collections::HashMap;

use thiserror::Error;

use crate::budget::{Budget, Exhausted, Meter};

/// The most values computed before giving up on finding a period.
pub const MAX_VALUES: usize = 50_000_000;

/// The largest move a window recurrence may have.
pub const MAX_WINDOW: u64 = 1_000_000;

/// A sequence proved eventually periodic: `values[n]` for `n < preperiod + period`, and
/// `value(n) = value(n - period)` beyond.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodic {
    values: Vec<u16>,
    /// The least n from which the sequence repeats.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
}

/// Why no period was found.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum PeriodError {
    #[error("no repeated window within the first {MAX_VALUES} values")]
    NotFound,
    #[error("a largest move of {0} is above the window limit {MAX_WINDOW}")]
    Window(u64),
    /// The search's budget ran out before a window repeated.
    #[error("no repeated window within the first {values} values: {why}")]
    Budget {
        /// The values computed.
        values: usize,
        /// Which budget stopped the search.
        why: Exhausted,
        /// The values computed, G(0), …: still right, and enough for a small heap.
        computed: Vec<u16>,
    },
}

impl Periodic {
    /// Returns the sequence's value at `n`.
    ///
    /// # Complexity
    /// O(1).
    pub fn value(&self, n: u64) -> u16 {
        let e = self.preperiod;
        let i = if n < e + self.period {
            n
        } else {
            e + (n - e) % self.period
        };
        self.values[i as usize]
    }

    /// Returns the values of one preperiod and one period, in order.
    pub fn values(&self) -> &[u16] {
        &self.values
    }
}

/// Returns the eventual period of the sequence whose value at n is `next(n, &values)`,
/// `values` holding the values before n, where for every n ≥ `window` the value depends
/// only on the `window` values before it.
///
/// # Errors
/// [`PeriodError::Window`] when `window` exceeds [`MAX_WINDOW`]; [`PeriodError::NotFound`]
/// when no window repeats within [`MAX_VALUES`] values; [`PeriodError::Budget`] when the
/// default [`Budget`] runs out first.
///
/// # Complexity
/// O((e + p + window) · cost of `next`) time and O(e + p + window) memory.
///
/// # Example
/// ```
/// use gamecheck::games::subtraction::period::eventual_period;
/// // n mod 3, as the recurrence v(n) = v(n - 3), window 3.
/// let p = eventual_period(3, |n, v: &[u16]| if n < 3 { n as u16 } else { v[n - 3] }).unwrap();
/// assert_eq!((p.preperiod, p.period, p.value(1_000_000_000_000)), (0, 3, 1));
/// ```
pub fn eventual_period(window: u64, next: impl Fn(usize, &[u16]) -> u16) -> Result<Periodic, PeriodError> {
    eventual_period_within(window, &Budget::default().start(), next)
}

/// [`eventual_period`] within the budget `meter` measures.
///
/// # Errors
/// As for [`eventual_period`], [`PeriodError::Budget`] naming the budget that ran out.
///
/// # Example
/// ```
/// use std::time::Duration;
/// use gamecheck::budget::Budget;
/// use gamecheck::games::subtraction::period::{PeriodError, eventual_period_within};
/// let tiny = Budget { time: Duration::from_secs(60), memory: 1000 };
/// // A counter never repeats: the memory budget stops it.
/// let r = eventual_period_within(1, &tiny.start(), |n, _: &[u16]| n as u16);
/// assert!(matches!(r, Err(PeriodError::Budget { .. })));
/// ```
pub fn eventual_period_within(
    window: u64,
    meter: &Meter,
    next: impl Fn(usize, &[u16]) -> u16,
) -> Result<Periodic, PeriodError> {
    if window > MAX_WINDOW {
        return Err(PeriodError::Window(window));
    }
    let m = window.max(1) as usize;
    let check_every = ((1usize << 22) / m).clamp(1, 4096);
    let mut values: Vec<u16> = Vec::new();
    // Windows by a rolling hash mod 2^61 − 1, updated in O(1) a value, so the search is
    // linear in the values; equal hashes are confirmed by comparing the windows.
    let mut rolling = RollingHash::new(m);
    // The first window of each hash; a second window of the same hash but other values
    // (a true collision, about one in 2^61 / n) goes to `collided`.
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let mut collided: HashMap<u64, Vec<u32>> = HashMap::new();
    let (start, repeat) = 'search: loop {
        if values.len() >= MAX_VALUES {
            return Err(PeriodError::NotFound);
        }
        // A value costs about a window's work (a mex over every move): the budget is
        // checked every 2^22 moves' worth of values, not after a fixed count of values.
        if values.len().is_multiple_of(check_every) {
            // A value, and a map entry with its share of empty slots.
            let memory = (values.capacity() * 2 + seen.capacity() * 24) as u64;
            if let Err(why) = meter.check(memory) {
                return Err(PeriodError::Budget {
                    values: values.len(),
                    why,
                    computed: values,
                });
            }
        }
        let n = values.len();
        let v = next(n, &values);
        values.push(v);
        rolling.push(v, n.checked_sub(m).map(|i| values[i]));
        if values.len() >= m {
            let j = values.len() - m;
            let same = |&i: &u32| values[i as usize..i as usize + m] == values[j..];
            // MAX_VALUES < 2^32: an index fits in a u32, half the memory of a usize.
            match seen.get(&rolling.hash) {
                None => {
                    seen.insert(rolling.hash, j as u32);
                }
                Some(i) if same(i) => break 'search (*i as usize, j),
                Some(_) => {
                    let more = collided.entry(rolling.hash).or_default();
                    if let Some(&i) = more.iter().find(|i| same(i)) {
                        break 'search (i as usize, j);
                    }
                    more.push(j as u32);
                }
            }
        }
    };
    let p0 = repeat - start;
    // The least period divides p0: the least divisor d whose window repeats at start.
    let period = (1..=p0)
        .filter(|d| p0 % d == 0)
        .find(|&d| (start..start + p0).all(|n| values[n] == values_at(&values, start, p0, n + d)))
        .unwrap_or(p0);
    let mut e = start;
    while e > 0 && values[e - 1] == values[e - 1 + period] {
        e -= 1;
    }
    values.truncate(e + period);
    Ok(Periodic {
        values,
        preperiod: e as u64,
        period: period as u64,
    })
}

/// A polynomial hash of the last `len` values modulo the Mersenne prime 2^61 − 1: a value
/// enters and the one leaving drops out in O(1).
struct RollingHash {
    hash: u64,
    /// BASE^len mod 2^61 − 1, the weight of the value leaving the window.
    drop: u64,
}

const MERSENNE_61: u64 = (1 << 61) - 1;
/// An arbitrary base below the modulus; windows are compared when their hashes agree, so
/// the base only affects speed.
const BASE: u64 = 0x0123_4567_89ab_cdef % MERSENNE_61;

fn mul_mod(a: u64, b: u64) -> u64 {
    let x = u128::from(a) * u128::from(b);
    let r = (x & u128::from(MERSENNE_61)) as u64 + (x >> 61) as u64;
    if r >= MERSENNE_61 { r - MERSENNE_61 } else { r }
}

impl RollingHash {
    fn new(len: usize) -> RollingHash {
        let drop = (0..len).fold(1, |acc, _| mul_mod(acc, BASE));
        RollingHash { hash: 0, drop }
    }

    /// Appends `value`, dropping `leaving`, the value `len` places before it.
    fn push(&mut self, value: u16, leaving: Option<u16>) {
        let mut h = mul_mod(self.hash, BASE) + u64::from(value) + 1;
        if let Some(old) = leaving {
            h += MERSENNE_61 - mul_mod(u64::from(old) + 1, self.drop);
        }
        self.hash = h % MERSENNE_61;
    }
}

/// Returns the value at `n` of the sequence known to repeat with period `p` from `start`.
fn values_at(values: &[u16], start: usize, p: usize, n: usize) -> u16 {
    if n < values.len() {
        values[n]
    } else {
        values[start + (n - start) % p]
    }
}
