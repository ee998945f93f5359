//! The operations researchers use on values beyond sums: the order's four relations,
//! cooling, heating, birthday, incentives and the reduced canonical form.

use std::cmp::Ordering;

use super::thermograph::mean_and_temperature;
use super::value::{Arena, FastMap, arena};
use super::{Dyadic, Value};

impl Arena {
    /// Returns `g` cooled by `t` (`t > -1`): `{G^L_t - t | G^R_t + t}`, or the mean once
    /// `t` is past `g`'s temperature; a number is its own.
    fn cool(&mut self, g: u32, t: Dyadic, memo: &mut FastMap<u32, u32>) -> u32 {
        if self.number_of(g).is_some() {
            return g;
        }
        if let Some(&c) = memo.get(&g) {
            return c;
        }
        let (mean, temperature) = mean_and_temperature(self, g);
        let c = if t > temperature {
            self.number(mean)
        } else {
            self.cooling_formula(g, t, |a, o| a.cool(o, t, memo))
        };
        memo.insert(g, c);
        c
    }

    /// Returns `{G^L_t - t | G^R_t + t}`, each option of `g` cooled by `cool`: the
    /// formula of cooling, for [`Value::cool`] and for the second method of
    /// [`super::cooling`], which freezes at its own grid.
    pub(super) fn cooling_formula(
        &mut self,
        g: u32,
        t: Dyadic,
        mut cool: impl FnMut(&mut Arena, u32) -> u32,
    ) -> u32 {
        let tn = self.number(t);
        let minus = self.neg(tn);
        let mut left = Vec::new();
        for gl in self.left(g).to_vec() {
            let c = cool(self, gl);
            left.push(self.add(c, minus));
        }
        let mut right = Vec::new();
        for gr in self.right(g).to_vec() {
            let c = cool(self, gr);
            right.push(self.add(c, tn));
        }
        self.canonical_of(left, right)
    }

    /// Returns `g` heated by `t`: `{∫G^L + t | ∫G^R - t}`, a number its own.
    fn heat(&mut self, g: u32, t: u32, memo: &mut FastMap<u32, u32>) -> u32 {
        if self.number_of(g).is_some() {
            return g;
        }
        if let Some(&c) = memo.get(&g) {
            return c;
        }
        let minus = self.neg(t);
        let mut left = Vec::new();
        for gl in self.left(g).to_vec() {
            let h = self.heat(gl, t, memo);
            left.push(self.add(h, t));
        }
        let mut right = Vec::new();
        for gr in self.right(g).to_vec() {
            let h = self.heat(gr, t, memo);
            right.push(self.add(h, minus));
        }
        let c = self.canonical_of(left, right);
        memo.insert(g, c);
        c
    }

    /// Returns the birthday of the canonical form `g`: 0 for 0, else one more than its
    /// options' latest.
    fn birthday(&self, g: u32, memo: &mut FastMap<u32, u32>) -> u32 {
        if let Some(&b) = memo.get(&g) {
            return b;
        }
        let b = self
            .left(g)
            .iter()
            .chain(self.right(g))
            .map(|&o| self.birthday(o, memo) + 1)
            .max()
            .unwrap_or(0);
        memo.insert(g, b);
        b
    }

    /// Returns whether `g >= h` up to infinitesimals: `g - h` has a Right stop of at
    /// least 0.
    fn ge_inf(&mut self, g: u32, h: u32) -> bool {
        let m = self.neg(h);
        let d = self.add(g, m);
        self.stops(d).1 >= Dyadic::ZERO
    }

    /// Returns the reduced canonical form of `g`: the simplest game infinitesimally
    /// close to it (Grossman and Siegel), built from its options' reduced forms with the
    /// options dominated or reversible up to infinitesimals removed or bypassed.
    fn reduced(&mut self, g: u32, memo: &mut FastMap<u32, u32>) -> u32 {
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let (ls, rs) = self.stops(g);
        let r = if ls == rs {
            self.number(ls)
        } else {
            let mut left = self.reduced_options(g, true, memo);
            let mut right = self.reduced_options(g, false, memo);
            loop {
                left.sort_unstable();
                left.dedup();
                right.sort_unstable();
                right.dedup();
                left = self.inf_undominated(left, true);
                right = self.inf_undominated(right, false);
                let current = self.canonical_of(left.clone(), right.clone());
                let (new_left, left_changed) = self.inf_bypassed(&left, true, current, memo);
                let (new_right, right_changed) = self.inf_bypassed(&right, false, current, memo);
                left = new_left;
                right = new_right;
                if !(left_changed || right_changed) {
                    break self.canonical_of(left, right);
                }
            }
        };
        memo.insert(g, r);
        r
    }

    /// Returns `options` (Left's of `current` when `for_left`, else Right's) with each
    /// option reversible up to infinitesimals bypassed: replaced by the reduced options,
    /// of the same side, of the answer that reverses it; and whether one was.
    fn inf_bypassed(
        &mut self,
        options: &[u32],
        for_left: bool,
        current: u32,
        memo: &mut FastMap<u32, u32>,
    ) -> (Vec<u32>, bool) {
        let mut out = Vec::new();
        let mut changed = false;
        for &o in options {
            let answers = match for_left {
                true => self.right(o).to_vec(),
                false => self.left(o).to_vec(),
            };
            let through = answers.into_iter().find(|&answer| match for_left {
                true => self.ge_inf(current, answer),
                false => self.ge_inf(answer, current),
            });
            match through {
                Some(answer) => {
                    out.extend(self.reduced_options(answer, for_left, memo));
                    changed = true;
                }
                None => out.push(o),
            }
        }
        (out, changed)
    }

    /// Returns the reduced forms of `g`'s options, Left's when `left`, else Right's.
    fn reduced_options(&mut self, g: u32, left: bool, memo: &mut FastMap<u32, u32>) -> Vec<u32> {
        let options = match left {
            true => self.left(g).to_vec(),
            false => self.right(g).to_vec(),
        };
        options.into_iter().map(|o| self.reduced(o, memo)).collect()
    }

    /// Returns `options` without those dominated up to infinitesimals, keeping the first
    /// of options equal up to infinitesimals.
    fn inf_undominated(&mut self, options: Vec<u32>, for_left: bool) -> Vec<u32> {
        let mut kept: Vec<u32> = Vec::new();
        for (i, &a) in options.iter().enumerate() {
            let dominated = options.iter().enumerate().any(|(j, &b)| {
                if i == j {
                    return false;
                }
                let (worse, better) = if for_left { (a, b) } else { (b, a) };
                // `b` is at least as good as `a`; of two equal ones the later goes.
                self.ge_inf(better, worse) && (!self.ge_inf(worse, better) || j < i)
            });
            if !dominated {
                kept.push(a);
            }
        }
        kept
    }
}

impl Value {
    /// Returns whether the value is confused with `other` (`G || H`): neither `<=`.
    pub fn confused_with(self, other: Value) -> bool {
        self.partial_cmp(&other).is_none()
    }

    /// Returns whether `self <| other`: less than or confused with (not `>=`).
    pub fn less_or_confused(self, other: Value) -> bool {
        matches!(self.partial_cmp(&other), Some(Ordering::Less) | None)
    }

    /// Returns whether `self |> other`: greater than or confused with (not `<=`).
    pub fn greater_or_confused(self, other: Value) -> bool {
        matches!(self.partial_cmp(&other), Some(Ordering::Greater) | None)
    }

    /// Returns the value cooled by `t`, as CGSuite's `G.Cool(t)`.
    ///
    /// # Errors
    /// When `t <= -1` (cooling is defined above −1).
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::{Dyadic, Value};
    /// let g: Value = "{2|-1/2}".parse().unwrap();
    /// assert_eq!(g.cool(Dyadic::int(1)).unwrap().to_string(), "{1|1/2}");
    /// ```
    pub fn cool(self, t: Dyadic) -> Result<Value, String> {
        if t <= Dyadic::int(-1) {
            return Err(format!("cooling is defined for temperatures above -1, not {t}"));
        }
        Ok(Value(arena().cool(self.0, t, &mut FastMap::default())))
    }

    /// Returns the value heated by `t`: `∫^t G`, the inverse of cooling on hot games.
    pub fn heat(self, t: Value) -> Value {
        Value(arena().heat(self.0, t.0, &mut FastMap::default()))
    }

    /// Returns the birthday of the canonical form.
    pub fn birthday(self) -> u32 {
        arena().birthday(self.0, &mut FastMap::default())
    }

    /// Returns the Left incentives `G^L - G` and the Right incentives `G - G^R`.
    pub fn incentives(self) -> (Vec<Value>, Vec<Value>) {
        let left = self.left_options().into_iter().map(|l| l - self).collect();
        let right = self.right_options().into_iter().map(|r| self - r).collect();
        (left, right)
    }

    /// Returns the reduced canonical form: the simplest value infinitesimally close.
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::Value;
    /// let v = |s: &str| s.parse::<Value>().unwrap();
    /// assert_eq!((v("{1|0}") + v("^")).reduced(), v("{1|0}"));
    /// ```
    pub fn reduced(self) -> Value {
        Value(arena().reduced(self.0, &mut FastMap::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::notation::v;

    #[test]
    fn cooling_and_heating_match_the_definitions_and_published_values() {
        // Cooling by t below the temperature is {G^L - t | G^R + t} (Winning Ways,
        // ch. 6), written here by hand; past it, the mean.
        let one = Dyadic::int(1);
        assert_eq!(v("{2|-1/2}").cool(one), Ok(v("{2-1|-1/2+1}")));
        assert_eq!(
            v("{2|-1/2}").cool(one).map(|g| g.to_string()).as_deref(),
            Ok("{1|1/2}")
        );
        // ±1 cooled by 1 is *; {3|1} (temperature 1) cooled by 2 is its mean 2.
        assert_eq!(v("+-1").cool(one), Ok(v("*")));
        assert_eq!(v("{3|1}").cool(Dyadic::int(2)), Ok(v("2")));
        // {4|{2|0}} cooled by 1: {4-1 | {2-1|0+1} + 1} = {3|2}... the inner switch {2|0}
        // (temperature 1) cools to {1|1} = 1*, so the Right option is 1* + 1 = 2*.
        assert_eq!(v("{4|{2|0}}").cool(one), Ok(v("{3|2*}")));
        assert!(v("1").cool(Dyadic::int(-1)).is_err());
        // Heating by 1 undoes that cooling of ±1; heating a number keeps it.
        assert_eq!(v("*").heat(v("1")), v("+-1"));
        assert_eq!(v("3/4").heat(v("1")), v("3/4"));
        assert_eq!(v("{1|0}").heat(v("1")), v("{2|-1}"));
    }

    #[test]
    fn birthdays_incentives_and_relations_match_their_definitions() {
        for (g, day) in [
            ("0", 0),
            ("1", 1),
            ("*", 1),
            ("-2", 2),
            ("1/2", 2),
            ("^", 2),
            ("*2", 2),
            ("{2|1/2}", 3),
        ] {
            assert_eq!(v(g).birthday(), day, "{g}");
        }
        // Each incentive added back gives the option: G + (G^L - G) = G^L.
        for g in ["{2|-1}", "{1|0}", "^*", "{4|{2|0}}"] {
            let g = v(g);
            let (left, right) = g.incentives();
            let lo: Vec<Value> = left.iter().map(|&d| g + d).collect();
            let ro: Vec<Value> = right.iter().map(|&d| g - d).collect();
            assert_eq!((lo, ro), (g.left_options(), g.right_options()));
        }
        assert!(v("*").confused_with(v("0")) && !v("^").confused_with(v("0")));
        assert!(v("*").less_or_confused(v("0")) && v("-1").less_or_confused(v("0")));
        assert!(!v("^").less_or_confused(v("0")) && v("^").greater_or_confused(v("0")));
    }

    #[test]
    fn the_reduced_form_is_infinitesimally_close_and_simplest() {
        // Published: rcf({1|0} + ^) = {1|0} (the issue's example, CGSuite's
        // ReducedCanonicalForm); an infinitesimal reduces to 0, x* to x.
        for (g, want) in [
            ("{1|0} + ^", "{1|0}"),
            ("^", "0"),
            ("1*", "1"),
            ("{1|0}", "{1|0}"),
            ("+-1 + ^*", "+-1"),
        ] {
            assert_eq!(v(g).reduced(), v(want), "{g}");
        }
        // Every reduced form differs from its game by an infinitesimal, and reduces to
        // itself.
        for g in ["{2|1/2} + *", "{3|1} + ^^", "{{4|2}|0} + v*", "{1|*}"] {
            let g = v(g);
            let r = g.reduced();
            assert!((g - r).is_infinitesimal(), "{g}: {r}");
            assert_eq!(r.reduced(), r, "{g}");
            assert!(r.birthday() <= g.birthday(), "{g}: {r}");
        }
    }
}
