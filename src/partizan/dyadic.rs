//! Dyadic rationals m/2^k: the numbers of short games, their stops, means and
//! temperatures, exact.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::str::FromStr;

/// The largest power of two in a denominator. Short games of the sizes gamecheck
/// judges stay far below it; arithmetic beyond it panics rather than rounding.
const MAX_EXP: u32 = 62;

/// A dyadic rational `num / 2^exp`, in lowest terms (`num` odd or `exp == 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// Returns `num / 2^exp` in lowest terms.
    ///
    /// # Panics
    /// When `exp > 62`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::Dyadic;
    /// assert_eq!(Dyadic::new(6, 3), Dyadic::new(3, 2));
    /// assert_eq!(Dyadic::new(6, 3).to_string(), "3/4");
    /// ```
    pub fn new(mut num: i64, mut exp: u32) -> Dyadic {
        assert!(exp <= MAX_EXP, "denominator 2^{exp} above 2^{MAX_EXP}");
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        Dyadic { num, exp }
    }

    /// Returns the integer `n`.
    pub const fn int(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// Returns the numerator in lowest terms.
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// Returns `k` where the denominator in lowest terms is `2^k`.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Returns whether the number is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// Returns half of the number.
    pub fn half(self) -> Dyadic {
        Dyadic::new(self.num, self.exp + 1)
    }

    /// Returns the largest integer at most the number.
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// Returns the smallest integer at least the number.
    pub fn ceil(self) -> i64 {
        -((-self.num) >> self.exp)
    }

    /// Returns the two numerators over the common denominator 2^max(exp).
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let exp = self.exp.max(other.exp);
        (
            i128::from(self.num) << (exp - self.exp),
            i128::from(other.num) << (exp - other.exp),
            exp,
        )
    }

    /// Returns `num / 2^exp` in lowest terms, or `None` when its numerator leaves 64 bits.
    fn from_wide(num: i128, exp: u32) -> Option<Dyadic> {
        let mut num = num;
        let mut exp = exp;
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        Some(Dyadic::new(i64::try_from(num).ok()?, exp))
    }

    /// Returns the sum, or `None` when its numerator leaves 64 bits.
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::Dyadic;
    /// assert_eq!(Dyadic::new(1, 1).checked_add(Dyadic::new(1, 2)), Some(Dyadic::new(3, 2)));
    /// assert_eq!(Dyadic::int(i64::MAX).checked_add(Dyadic::int(1)), None);
    /// ```
    pub fn checked_add(self, other: Dyadic) -> Option<Dyadic> {
        let (a, b, exp) = self.aligned(other);
        Dyadic::from_wide(a + b, exp)
    }

    /// Returns the simplest number strictly between `low` and `high` (either may be
    /// absent): the number a game `{low | high}` of numbers equals (the simplicity rule).
    ///
    /// # Panics
    /// When `low >= high`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::Dyadic;
    /// let q = |s: &str| s.parse::<Dyadic>().unwrap();
    /// assert_eq!(Dyadic::simplest_between(Some(q("0")), Some(q("1"))), q("1/2"));
    /// assert_eq!(Dyadic::simplest_between(Some(q("-5/2")), Some(q("7"))), q("0"));
    /// assert_eq!(Dyadic::simplest_between(Some(q("2")), None), q("3"));
    /// ```
    pub fn simplest_between(low: Option<Dyadic>, high: Option<Dyadic>) -> Dyadic {
        if let (Some(l), Some(h)) = (low, high) {
            assert!(l < h, "no number between {l} and {h}");
        }
        // The integer closest to 0 strictly inside, when there is one.
        let above = low.map(|l| l.floor() + 1);
        let below = high.map(|h| h.ceil() - 1);
        match (above, below) {
            (None, None) => return Dyadic::ZERO,
            (Some(a), None) => return Dyadic::int(a.max(0)),
            (None, Some(b)) => return Dyadic::int(b.min(0)),
            (Some(a), Some(b)) if a <= b => return Dyadic::int(if a > 0 { a } else { b.min(0) }),
            _ => {}
        }
        // Both bounds within one unit interval: the fraction with the least denominator.
        let (l, h) = (low.unwrap_or(Dyadic::ZERO), high.unwrap_or(Dyadic::ZERO));
        for exp in 1..=MAX_EXP {
            // The least multiple of 1/2^exp above l.
            let scale = exp.max(l.exp);
            let ln = i128::from(l.num) << (scale - l.exp);
            let step = 1i128 << (scale - exp);
            let candidate = Dyadic::from_wide((ln.div_euclid(step) + 1) * step, scale);
            if let Some(candidate) = candidate
                && candidate < h
            {
                return candidate;
            }
        }
        unreachable!("two distinct dyadics have a dyadic between them")
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// # Panics
/// When the sum's numerator leaves 64 bits, as `i64`'s `+` overflows
/// ([`Dyadic::checked_add`] returns `None` instead). No value of a position gamecheck reads
/// comes near: the largest are Cutcake's, at most 4096 per cake.
impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        match self.checked_add(other) {
            Some(sum) => sum,
            None => panic!("attempt to add with overflow: {self} + {other}"),
        }
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self + -other
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl FromStr for Dyadic {
    type Err = String;

    /// Reads `3`, `-2`, `3/4` or `-6/8`: an integer over a power of two.
    fn from_str(s: &str) -> Result<Dyadic, String> {
        let bad = || format!("`{s}` is not a number m/2^k");
        let (n, d) = match s.split_once('/') {
            Some((n, d)) => (n, d),
            None => (s, "1"),
        };
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let unsigned = n.strip_prefix('-').unwrap_or(n);
        if !digits(unsigned) || !digits(d) {
            return Err(bad());
        }
        let num: i64 = n.parse().map_err(|_| bad())?;
        let den: u64 = d.parse().map_err(|_| bad())?;
        if den == 0 || !den.is_power_of_two() || den.trailing_zeros() > MAX_EXP {
            return Err(format!("`{s}`: the denominator must be a power of two"));
        }
        // A number's canonical form is a chain of about |m| + k forms: bound what a claim
        // may write, as the games' own values are bounded.
        if num.unsigned_abs() > 1 << 16 || den.trailing_zeros() > 32 {
            return Err(format!(
                "`{s}`: a number in a value is at most 65536 in size, with a denominator of at most 2^32"
            ));
        }
        Ok(Dyadic::new(num, den.trailing_zeros()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn simplest_number_matches_a_search_by_birthday() {
        // The simplest number between is the first born: search the numbers born by day 6
        // in birthday order, written inline.
        let mut born: Vec<Vec<Dyadic>> = vec![vec![Dyadic::ZERO]];
        let mut all = vec![Dyadic::ZERO];
        for _ in 0..6 {
            let mut sorted = all.clone();
            sorted.sort();
            let mut next = vec![
                sorted[0] - Dyadic::int(1),
                *sorted.last().unwrap() + Dyadic::int(1),
            ];
            next.extend(sorted.windows(2).map(|w| (w[0] + w[1]).half()));
            all.extend(next.iter().copied());
            born.push(next);
        }
        let grid: Vec<Dyadic> = (-24..=24).map(|n| Dyadic::new(n, 3)).collect();
        for &l in &grid {
            for &h in grid.iter().filter(|&&h| h > l) {
                let first = born.iter().flatten().copied().find(|&x| l < x && x < h);
                if let Some(first) = first {
                    assert_eq!(Dyadic::simplest_between(Some(l), Some(h)), first, "{l} {h}");
                }
            }
        }
        assert_eq!(Dyadic::simplest_between(None, Some(q("-3/2"))), q("-2"));
        assert_eq!(
            Dyadic::simplest_between(Some(q("1/4")), Some(q("3/8"))),
            q("5/16")
        );
    }

    #[test]
    fn reads_and_prints() {
        assert_eq!(q("-6/8").to_string(), "-3/4");
        assert!("1/3".parse::<Dyadic>().is_err());
        assert!("x".parse::<Dyadic>().is_err());
        assert!("+1".parse::<Dyadic>().is_err());
        assert_eq!(q("5/4") - q("3/4"), q("1/2"));
        assert_eq!((q("-3/2").floor(), q("-3/2").ceil()), (-2, -1));
    }
}
