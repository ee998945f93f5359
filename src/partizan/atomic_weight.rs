//! Atomic weight (the atomic weight calculus of Siegel, *Combinatorial Game Theory*,
//! 2013, ch. II.7, after Winning Ways ch. 8) and Berlekamp's overheating.
//!
//! The atomic weight of `G` is the `W` with `G ~ W·↑` (CGSuite's `G.AtomicWeight`).
//! It is computed here for all-small games — every subposition of the canonical form
//! has moves for both players or for neither — where it always exists; CGSuite also
//! finds it for some other infinitesimals, which this module says it does not cover.

use std::collections::HashMap;

use super::{Dyadic, Value};

/// Why a value has no atomic weight here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AtomicWeightError {
    /// The value is not all-small: `part`, a subposition of its canonical form, has
    /// moves for one player only (a number other than 0, or a hot or tiny game).
    #[error(
        "atomic weight is computed for all-small games (every subposition has moves for \
         both players or for neither: Siegel, CGT II.7); `{value}` has the subposition \
         `{part}`, which is not all-small"
    )]
    NotAllSmall {
        /// The value asked about.
        value: String,
        /// Its first subposition found with moves for one side only, or not infinitesimal.
        part: String,
    },
}

/// Returns `*m` for an `m` past every nimber `g`'s form can reach: the far star ☆ as far
/// as `g` can tell (a power of two above twice its birthday).
fn far_star(g: Value) -> Value {
    let m = (2 * g.birthday() + 2).next_power_of_two();
    Value::nimber(m)
}

/// Returns the atomic weight of `g`, memoized in `memo`, or the subposition that is not
/// all-small.
fn weight(g: Value, memo: &mut HashMap<Value, Value>) -> Result<Value, Value> {
    if let Some(&w) = memo.get(&g) {
        return Ok(w);
    }
    let (left, right) = (g.left_options(), g.right_options());
    if left.is_empty() != right.is_empty() || g.stops() != (Dyadic::ZERO, Dyadic::ZERO) {
        return Err(g);
    }
    let two = Value::integer(2);
    let mut lw = Vec::with_capacity(left.len());
    for gl in left {
        lw.push(weight(gl, memo)? - two);
    }
    let mut rw = Vec::with_capacity(right.len());
    for gr in right {
        rw.push(weight(gr, memo)? + two);
    }
    let guess = Value::new(&lw, &rw);
    let w = match guess.as_number() {
        Some(n) if n.is_integer() => eccentric(g, n.floor(), &lw, &rw),
        _ => guess,
    };
    memo.insert(g, w);
    Ok(w)
}

/// Returns the atomic weight when `{aw(G^L) - 2 | aw(G^R) + 2}` is the integer `n`: the
/// largest integer below (`◁`) every `aw(G^R) + 2` when `G > ☆`, the smallest above
/// (`▷`) every `aw(G^L) - 2` when `G < ☆`, else `n` (the atomic weight calculus,
/// Siegel, CGT, ch. II.7).
fn eccentric(g: Value, n: i64, lw: &[Value], rw: &[Value]) -> Value {
    let star = far_star(g);
    match g.partial_cmp(&star) {
        Some(std::cmp::Ordering::Greater) if !rw.is_empty() => {
            let mut k = n;
            // Each `rw` has a finite Left stop, so the climb ends.
            while rw.iter().all(|&r| Value::integer(k + 1).less_or_confused(r)) {
                k += 1;
            }
            Value::integer(k)
        }
        Some(std::cmp::Ordering::Less) if !lw.is_empty() => {
            let mut k = n;
            while lw.iter().all(|&l| Value::integer(k - 1).greater_or_confused(l)) {
                k -= 1;
            }
            Value::integer(k)
        }
        _ => Value::integer(n),
    }
}

/// Returns `∫_s^t g` on the canonical form `g`, memoized in `memo`.
fn overheat(g: Value, s: Value, t: Value, memo: &mut HashMap<Value, Value>) -> Value {
    if let Some(&h) = memo.get(&g) {
        return h;
    }
    let h = match g.as_number() {
        Some(n) if n.is_integer() => s.times(n.floor()),
        _ => {
            let left: Vec<Value> = g
                .left_options()
                .into_iter()
                .map(|gl| overheat(gl, s, t, memo) + t)
                .collect();
            let right: Vec<Value> = g
                .right_options()
                .into_iter()
                .map(|gr| overheat(gr, s, t, memo) - t)
                .collect();
            Value::new(&left, &right)
        }
    };
    memo.insert(g, h);
    h
}

impl Value {
    /// Returns the atomic weight: the `W` with `G ~ W·↑` (CGSuite's `G.AtomicWeight`),
    /// by the atomic weight calculus on the canonical form.
    ///
    /// # Errors
    /// [`AtomicWeightError::NotAllSmall`] when a subposition of the canonical form has
    /// moves for one player only (the weight may exist for such infinitesimals, but is
    /// not computed here).
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::Value;
    /// let v = |s: &str| s.parse::<Value>().unwrap();
    /// assert_eq!(v("^").atomic_weight(), Ok(v("1")));
    /// assert_eq!(v("^^*").atomic_weight(), Ok(v("2")));
    /// assert!(v("1/2").atomic_weight().is_err());
    /// ```
    pub fn atomic_weight(self) -> Result<Value, AtomicWeightError> {
        weight(self, &mut HashMap::new()).map_err(|part| AtomicWeightError::NotAllSmall {
            value: self.to_string(),
            part: part.to_string(),
        })
    }

    /// Returns the value overheated from `s` by `t`, Berlekamp's `∫_s^t G` on the
    /// canonical form: `n·s` for an integer `n`, else `{∫G^L + t | ∫G^R - t}` (CGSuite's
    /// `G.Overheat(s, t)`).
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::Value;
    /// let v = |s: &str| s.parse::<Value>().unwrap();
    /// // ∫_1^1 of * = {0 + 1 | 0 - 1} = ±1; an integer n becomes n·s.
    /// assert_eq!(v("*").overheat(v("1"), v("1")), v("+-1"));
    /// assert_eq!(v("2").overheat(v("^"), v("1")), v("^^"));
    /// ```
    pub fn overheat(self, s: Value, t: Value) -> Value {
        overheat(self, s, t, &mut HashMap::new())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::partizan::notation::v;

    /// Returns whether the player named wins `g + *m` moving first, by search over the
    /// options (no comparison of games).
    fn wins_first(g: Value, m: u32, left: bool, memo: &mut HashMap<(Value, u32, bool), bool>) -> bool {
        if let Some(&w) = memo.get(&(g, m, left)) {
            return w;
        }
        let options = if left { g.left_options() } else { g.right_options() };
        let w = options.into_iter().any(|o| !wins_first(o, m, !left, memo))
            || (0..m).any(|k| !wins_first(g, k, !left, memo));
        memo.insert((g, m, left), w);
        w
    }

    /// The all-small games born by day 2, and those of day 3 whose sides hold one or two
    /// of them.
    fn all_small() -> Vec<Value> {
        let zero = Value::integer(0);
        let star = Value::nimber(1);
        let sides = [vec![zero], vec![star], vec![zero, star]];
        let mut day2 = vec![zero, star];
        for l in &sides {
            for r in &sides {
                let g = Value::new(l, r);
                if !day2.contains(&g) {
                    day2.push(g);
                }
            }
        }
        let mut small_sides: Vec<Vec<Value>> = day2.iter().map(|&g| vec![g]).collect();
        for (i, &a) in day2.iter().enumerate() {
            for &b in &day2[i + 1..] {
                small_sides.push(vec![a, b]);
            }
        }
        let mut games = day2.clone();
        for (i, l) in small_sides.iter().enumerate() {
            for (j, r) in small_sides.iter().enumerate() {
                // A sample of day 3 large enough to hold the eccentric cases.
                if (i * 31 + j) % 2 == 0 {
                    let g = Value::new(l, r);
                    if !games.contains(&g) {
                        games.push(g);
                    }
                }
            }
        }
        games
    }

    #[test]
    fn atomic_weights_of_published_games() {
        // Siegel, CGT (2013) II.7 and Winning Ways ch. 8: aw(↑) = 1 (↑ ~ 1·↑ by the
        // definition); ↑* and ↑ differ by *, which a far star absorbs, so aw(↑*) = 1;
        // aw(⇑*) = 2; nimbers weigh 0; aw(↓) = -1; ↑² = ^<2> is of weight 0; ^n weighs n.
        for (g, w) in [
            ("^", "1"),
            ("^*", "1"),
            ("^^*", "2"),
            ("^^", "2"),
            ("*", "0"),
            ("*3", "0"),
            ("0", "0"),
            ("v", "-1"),
            ("v*", "-1"),
            ("^<2>", "0"),
            ("^3*", "3"),
            ("{0|^}", "2"),
        ] {
            assert_eq!(v(g).atomic_weight(), Ok(v(w)), "{g}");
        }
        // Not all-small: numbers, switches, Tiny.
        for g in ["1", "1/2", "+-1", "{0||0|-1}", "^ + 1"] {
            assert!(v(g).atomic_weight().is_err(), "{g}");
        }
    }

    #[test]
    fn atomic_weight_is_additive_and_two_ahead_holds_by_search() {
        let games = all_small();
        assert!(games.len() > 30, "{}", games.len());
        let weights: Vec<Value> = games
            .iter()
            .map(|g| g.atomic_weight().unwrap_or_else(|e| panic!("{e}")))
            .collect();
        // Additivity: aw(G + H) = aw(G) + aw(H) (Siegel, CGT II.7), a sum's weight
        // computed from its own canonical form.
        for (i, &g) in games.iter().enumerate().step_by(3) {
            for (j, &h) in games.iter().enumerate().step_by(4) {
                assert_eq!((g + h).atomic_weight(), Ok(weights[i] + weights[j]), "{g} + {h}");
            }
        }
        // Two-ahead rule: aw(G) >= 2 gives G + *m a win for Left whoever starts, for
        // every large m; aw(G) <= -2 one for Right. Checked by search at m = 8 and 9.
        let mut memo = HashMap::new();
        let mut seen = 0;
        for (&g, &w) in games.iter().zip(&weights) {
            for m in [8, 9] {
                let left_first = wins_first(g, m, true, &mut memo);
                let right_first = wins_first(g, m, false, &mut memo);
                if w >= Value::integer(2) {
                    assert!(left_first && !right_first, "{g} (aw {w}) + *{m}");
                    seen += 1;
                }
                if w <= Value::integer(-2) {
                    assert!(right_first && !left_first, "{g} (aw {w}) + *{m}");
                    seen += 1;
                }
            }
        }
        assert!(seen > 4, "{seen}");
    }

    /// Returns `∫_s^t g` by Berlekamp's definition, written again here.
    fn overheat_by_definition(g: Value, s: Value, t: Value) -> Value {
        if let Some(n) = g.as_number().filter(|n| n.is_integer()) {
            return (0..n.floor().abs()).fold(Value::integer(0), |acc, _| {
                if n.floor() < 0 { acc - s } else { acc + s }
            });
        }
        let left: Vec<Value> = g
            .left_options()
            .into_iter()
            .map(|o| overheat_by_definition(o, s, t) + t)
            .collect();
        let right: Vec<Value> = g
            .right_options()
            .into_iter()
            .map(|o| overheat_by_definition(o, s, t) - t)
            .collect();
        Value::new(&left, &right)
    }

    #[test]
    fn overheating_matches_the_definition_and_heating() {
        let games = ["*", "^", "1/2", "{2|-1}", "{1|0} + ^", "-3/4", "{3||2*|1*}", "2"];
        let pairs = [("1", "1"), ("1", "^*"), ("^", "*"), ("2", "1/2")];
        for g in games {
            for (s, t) in pairs {
                assert_eq!(
                    v(g).overheat(v(s), v(t)),
                    overheat_by_definition(v(g), v(s), v(t)),
                    "{g} from {s} by {t}"
                );
            }
        }
        // Overheating from 1 is heating where every number in the form is an integer
        // (heating leaves numbers, overheating rebuilds non-integers).
        for g in ["*", "^", "{2|-1}", "{3||2*|1*}", "+-1 + *2"] {
            for t in ["1", "*", "2"] {
                assert_eq!(v(g).overheat(v("1"), v(t)), v(g).heat(v(t)), "{g} by {t}");
            }
        }
    }
}
