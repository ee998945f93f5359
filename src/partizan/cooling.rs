//! The temperature and mean by cooling, a second method beside the thermograph: the
//! game is cooled by successive temperatures on a grid fine enough to hold the answer,
//! and the first at which it becomes infinitesimally close to a number (its stops
//! meet) is the temperature; that number is the mean.

use std::collections::HashMap;

use super::value::{Arena, arena};
use super::{Dyadic, Value};

struct Cooler {
    /// The grid's step is 2^-resolution.
    resolution: u32,
    /// The grid's top, in steps.
    top: i64,
    cooled: HashMap<(u32, Dyadic), u32>,
    frozen: HashMap<u32, (Dyadic, Dyadic)>,
}

impl Cooler {
    /// Returns `{G^L_t - t | G^R_t + t}`: `g` cooled by `t` as long as no cooler `t`
    /// froze it.
    fn formula(&mut self, a: &mut Arena, g: u32, t: Dyadic) -> u32 {
        a.cooling_formula(g, t, |a, o| self.cool(a, o, t))
    }

    /// Returns `g` cooled by `t >= 0`.
    fn cool(&mut self, a: &mut Arena, g: u32, t: Dyadic) -> u32 {
        if a.number_of(g).is_some() {
            return g;
        }
        if let Some(&c) = self.cooled.get(&(g, t)) {
            return c;
        }
        let (temperature, mean) = self.freeze(a, g);
        let c = if t > temperature {
            a.number(mean)
        } else {
            self.formula(a, g, t)
        };
        self.cooled.insert((g, t), c);
        c
    }

    /// Returns the temperature and mean of the non-number `g`: the first grid point where
    /// the formula's stops meet.
    fn freeze(&mut self, a: &mut Arena, g: u32) -> (Dyadic, Dyadic) {
        if let Some(&f) = self.frozen.get(&g) {
            return f;
        }
        for k in 0..=self.top {
            let t = Dyadic::new(k, self.resolution);
            let c = self.formula(a, g, t);
            let (ls, rs) = a.stops(c);
            if ls == rs {
                self.frozen.insert(g, (t, ls));
                return (t, ls);
            }
        }
        // Past the grid: no answer from this method.
        let far = Dyadic::new(self.top + 1, self.resolution);
        self.frozen.insert(g, (far, Dyadic::ZERO));
        (far, Dyadic::ZERO)
    }
}

/// Returns the bound on the numbers in `g`'s form, its depth and the finest denominator
/// exponent among them.
fn reach(a: &Arena, g: u32, memo: &mut HashMap<u32, (i64, u32, u32)>) -> (i64, u32, u32) {
    if let Some(&r) = memo.get(&g) {
        return r;
    }
    let r = match a.number_of(g) {
        Some(x) => (x.floor().abs().max(x.ceil().abs()), 0, x.exponent()),
        None => {
            let mut r = (0, 0, 0);
            for &o in a.left(g).iter().chain(a.right(g)) {
                let (b, d, e) = reach(a, o, memo);
                r = (r.0.max(b), r.1.max(d + 1), r.2.max(e));
            }
            r
        }
    };
    memo.insert(g, r);
    r
}

/// Returns the temperature and the mean of `g` by cooling, or `None` when the grid this
/// method searches (steps of 2^-(exponent + depth + 1) up to twice the largest number
/// plus one) does not hold them, or is above 2^12 steps per unit or 64 units. Numbers take CGSuite's convention (−1 for an
/// integer, −1/2^k for `m/2^k`).
///
/// # Complexity
/// Up to (4B + 2) 2^(e + d + 1) coolings of the form, for numbers bounded by B, depth d
/// and denominators 2^e: for checking small games only.
///
/// # Example
/// ```
/// use gamecheck::partizan::{Dyadic, Value, temperature_by_cooling};
/// let g: Value = "{2|1/2}".parse().unwrap();
/// assert_eq!(temperature_by_cooling(g), Some((Dyadic::new(3, 2), Dyadic::new(5, 2))));
/// ```
pub fn temperature_by_cooling(g: Value) -> Option<(Dyadic, Dyadic)> {
    let mut a = arena();
    if let Some(x) = a.number_of(g.0) {
        let t = if x.is_integer() {
            Dyadic::int(-1)
        } else {
            -Dyadic::new(1, x.exponent())
        };
        return Some((t, x));
    }
    let (bound, depth, exp) = reach(&a, g.0, &mut HashMap::new());
    let resolution = exp + depth + 1;
    if resolution > 12 || bound > 64 {
        return None;
    }
    let mut cooler = Cooler {
        resolution,
        top: (2 * bound + 1) << resolution,
        cooled: HashMap::new(),
        frozen: HashMap::new(),
    };
    let (t, mean) = cooler.freeze(&mut a, g.0);
    (t <= Dyadic::new(cooler.top, resolution)).then_some((t, mean))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cooling_agrees_with_published_temperatures() {
        for (g, t, m) in [
            ("+-1", "1", "0"),
            ("{3|1}", "1", "2"),
            ("*", "0", "0"),
            ("{4|{2|0}}", "3/2", "5/2"),
        ] {
            let v: Value = g.parse().unwrap();
            let want = (t.parse().unwrap(), m.parse().unwrap());
            assert_eq!(temperature_by_cooling(v), Some(want), "{g}");
            assert_eq!((v.temperature(), v.mean()), want, "{g}");
        }
    }
}
