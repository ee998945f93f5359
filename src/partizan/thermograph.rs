//! Thermographs of canonical forms, exact: the walls as piecewise-linear functions of
//! the temperature, with the mean and the temperature where they meet.
//!
//! Temperatures follow CGSuite's convention for numbers: an integer's is −1 and
//! `m/2^k`'s is `−1/2^k` (its walls meet there); every other game's is at least 0.

use std::collections::HashMap;

use super::value::{Arena, arena};
use super::{Dyadic, Value};

/// A piecewise-linear function of the temperature `t >= -1`: segments
/// `(start, value at start, slope)`, each holding until the next one starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    segments: Vec<(Dyadic, Dyadic, i64)>,
}

const COLD: Dyadic = Dyadic::int(-1);

impl Trajectory {
    fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            segments: vec![(COLD, x, 0)],
        }
    }

    /// Returns the value at temperature `t` (at least −1).
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::{Dyadic, Value};
    /// let t = "+-1".parse::<Value>().unwrap().thermograph();
    /// let half = Dyadic::new(1, 1);
    /// assert_eq!(t.left_wall().at(half), half);
    /// assert_eq!(t.right_wall().at(half), -half);
    /// ```
    pub fn at(&self, t: Dyadic) -> Dyadic {
        let i = self.segments.partition_point(|s| s.0 <= t).saturating_sub(1);
        let (start, value, slope) = self.segments[i];
        value + times(t - start, slope)
    }

    fn slope_at(&self, t: Dyadic) -> i64 {
        let i = self.segments.partition_point(|s| s.0 <= t).saturating_sub(1);
        self.segments[i].2
    }

    /// Returns the function `f(t) + slope * t`.
    fn tilt(&self, slope: i64) -> Trajectory {
        Trajectory {
            segments: self
                .segments
                .iter()
                .map(|&(s, v, k)| (s, v + times(s, slope), k + slope))
                .collect(),
        }
    }

    /// Returns `max(f, g)` pointwise when `max`, else `min(f, g)`.
    fn extremum(&self, other: &Trajectory, max: bool) -> Trajectory {
        let mut points: Vec<Dyadic> = self.segments.iter().chain(&other.segments).map(|s| s.0).collect();
        points.sort();
        points.dedup();
        // Where the two cross inside a piece, the extremum bends.
        let mut crossings = Vec::new();
        for (i, &a) in points.iter().enumerate() {
            let (fa, ga) = (self.at(a), other.at(a));
            let (fs, gs) = (self.slope_at(a), other.slope_at(a));
            if fs != gs {
                let gap = ga - fa;
                let t = a + divide(gap, fs - gs);
                if t > a && points.get(i + 1).is_none_or(|&b| t < b) {
                    crossings.push(t);
                }
            }
        }
        points.extend(crossings);
        points.sort();
        points.dedup();
        let mut segments: Vec<(Dyadic, Dyadic, i64)> = Vec::new();
        for &p in &points {
            let (fv, gv, fs, gs) = (self.at(p), other.at(p), self.slope_at(p), other.slope_at(p));
            let pick_f = if fv == gv {
                (fs >= gs) == max
            } else {
                (fv > gv) == max
            };
            let (v, s) = if pick_f { (fv, fs) } else { (gv, gs) };
            push(&mut segments, p, v, s);
        }
        Trajectory { segments }
    }

    /// Returns the function equal to `self` below `t` and to `x` from `t` on.
    fn until(&self, t: Dyadic, x: Dyadic) -> Trajectory {
        let mut segments: Vec<_> = self.segments.iter().copied().filter(|s| s.0 < t).collect();
        push(&mut segments, t, x, 0);
        Trajectory { segments }
    }

    /// Returns the breakpoints `(t, value)` and the slope after the last one.
    pub fn segments(&self) -> &[(Dyadic, Dyadic, i64)] {
        &self.segments
    }
}

fn push(segments: &mut Vec<(Dyadic, Dyadic, i64)>, p: Dyadic, v: Dyadic, s: i64) {
    if let Some(&(a, av, aslope)) = segments.last()
        && aslope == s
        && av + times(p - a, s) == v
    {
        return;
    }
    segments.push((p, v, s));
}

fn times(x: Dyadic, k: i64) -> Dyadic {
    match k {
        0 => Dyadic::ZERO,
        1 => x,
        -1 => -x,
        2 => x + x,
        -2 => -(x + x),
        _ => (0..k.unsigned_abs()).fold(Dyadic::ZERO, |a, _| a + if k > 0 { x } else { -x }),
    }
}

/// `x / k` for the slope differences that occur (±1, ±2).
fn divide(x: Dyadic, k: i64) -> Dyadic {
    match k {
        1 => x,
        -1 => -x,
        2 => x.half(),
        -2 => -x.half(),
        _ => unreachable!("walls have slopes -1, 0 and 1"),
    }
}

/// A thermograph: the walls, and the mast's value and temperature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    left: Trajectory,
    right: Trajectory,
    mean: Dyadic,
    temperature: Dyadic,
}

impl Thermograph {
    /// Returns the left wall.
    pub fn left_wall(&self) -> &Trajectory {
        &self.left
    }

    /// Returns the right wall.
    pub fn right_wall(&self) -> &Trajectory {
        &self.right
    }

    /// Returns the mean: the mast's value.
    pub fn mean(&self) -> Dyadic {
        self.mean
    }

    /// Returns the temperature: where the walls meet.
    pub fn temperature(&self) -> Dyadic {
        self.temperature
    }
}

fn thermograph(a: &Arena, g: u32, memo: &mut HashMap<u32, Thermograph>) -> Thermograph {
    if let Some(t) = memo.get(&g) {
        return t.clone();
    }
    let integer = |x: Dyadic| Thermograph {
        left: Trajectory::constant(x),
        right: Trajectory::constant(x),
        mean: x,
        temperature: COLD,
    };
    let result = match a.number_of(g) {
        Some(x) if x.is_integer() => integer(x),
        number => {
            let mut ls: Option<Trajectory> = None;
            for &gl in a.left(g) {
                let w = thermograph(a, gl, memo).right.tilt(-1);
                ls = Some(match ls {
                    None => w,
                    Some(s) => s.extremum(&w, true),
                });
            }
            let mut rs: Option<Trajectory> = None;
            for &gr in a.right(g) {
                let w = thermograph(a, gr, memo).left.tilt(1);
                rs = Some(match rs {
                    None => w,
                    Some(s) => s.extremum(&w, false),
                });
            }
            let (Some(ls), Some(rs)) = (ls, rs) else {
                // A canonical form with no option on a side is an integer, valued above; a
                // form that is not canonical has no thermograph of its own: its number's.
                let flat = integer(number.unwrap_or(Dyadic::ZERO));
                memo.insert(g, flat.clone());
                return flat;
            };
            // The walls meet at the least t where Left's scaffold is not right of Right's:
            // their gap only shrinks (slopes -1 and 0 against 0 and 1).
            let mut points: Vec<Dyadic> = ls.segments.iter().chain(&rs.segments).map(|s| s.0).collect();
            points.sort();
            points.dedup();
            let mut meet = None;
            for (i, &p) in points.iter().enumerate() {
                let d = ls.at(p) - rs.at(p);
                if d <= Dyadic::ZERO {
                    meet = Some(p);
                    break;
                }
                let slope = ls.slope_at(p) - rs.slope_at(p);
                if slope < 0 {
                    let t = p + divide(d, -slope);
                    if points.get(i + 1).is_none_or(|&b| t < b) {
                        meet = Some(t);
                        break;
                    }
                }
            }
            // Past every breakpoint Left's scaffold falls and Right's rises (the masts
            // tilted), so the loop's last step meets them; were it not to, they meet where
            // the gap left at the last point closes at slope -2.
            let temperature = meet.unwrap_or_else(|| {
                let last = points.last().copied().unwrap_or(COLD);
                last + divide(ls.at(last) - rs.at(last), 2)
            });
            let mean = ls.at(temperature);
            Thermograph {
                left: ls.until(temperature, mean),
                right: rs.until(temperature, mean),
                mean,
                temperature,
            }
        }
    };
    memo.insert(g, result.clone());
    result
}

/// Returns the mean of the canonical form `g`.
pub(crate) fn mean_of(a: &Arena, g: u32) -> Dyadic {
    mean_and_temperature(a, g).0
}

/// Returns the mean and the temperature of the canonical form `g`.
pub(crate) fn mean_and_temperature(a: &Arena, g: u32) -> (Dyadic, Dyadic) {
    let t = thermograph(a, g, &mut HashMap::new());
    (t.mean, t.temperature)
}

impl Value {
    /// Returns the thermograph of the value.
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::{Dyadic, Value};
    /// let t = "{2|1/2}".parse::<Value>().unwrap().thermograph();
    /// assert_eq!((t.mean(), t.temperature()), (Dyadic::new(5, 2), Dyadic::new(3, 2)));
    /// ```
    pub fn thermograph(self) -> Thermograph {
        let a = arena();
        thermograph(&a, self.0, &mut HashMap::new())
    }

    /// Returns the mean value.
    pub fn mean(self) -> Dyadic {
        self.thermograph().mean
    }

    /// Returns the temperature (−1 for an integer, −1/2^k for `m/2^k`).
    pub fn temperature(self) -> Dyadic {
        self.thermograph().temperature
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mt(s: &str) -> (String, String) {
        let t = s.parse::<Value>().unwrap().thermograph();
        (t.mean().to_string(), t.temperature().to_string())
    }

    #[test]
    fn published_means_and_temperatures() {
        // Winning Ways and CGSuite: ±1 has mean 0 and temperature 1; {2|1/2} mean 5/4,
        // temperature 3/4; infinitesimals are at temperature 0; numbers as CGSuite.
        let table = [
            ("+-1", "0", "1"),
            ("{2|1/2}", "5/4", "3/4"),
            ("{3|1}", "2", "1"),
            ("*", "0", "0"),
            ("^", "0", "0"),
            ("^*", "0", "0"),
            ("3", "3", "-1"),
            ("-2", "-2", "-1"),
            ("0", "0", "-1"),
            ("1/2", "1/2", "-1/2"),
            ("-3/4", "-3/4", "-1/4"),
            ("{1|0}", "1/2", "1/2"),
            // {4|{2|0}} has mean and temperature from the thermograph by hand:
            // Rs(t) = LW({2|0})(t) + t = 2 for t < 1, 1 + t above; Ls = 4 - t; meet at 3/2.
            ("{4|{2|0}}", "5/2", "3/2"),
            ("{{4|2}|0}", "3/2", "3/2"),
        ];
        for (g, m, t) in table {
            assert_eq!(mt(g), (m.to_owned(), t.to_owned()), "{g}");
        }
    }
}
