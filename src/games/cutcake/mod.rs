//! Cutcake (Winning Ways, ch. 2): a cake of w × h squares; Left cuts along a vertical
//! line (splitting the width), Right along a horizontal one; the pieces are then played
//! as a sum. Every value is an integer, given in closed form by [`cake_value`].

use crate::input::InputError;
use crate::partizan::family::{Family, Tokens, agrees_with_moves};
use crate::partizan::{Partizan, Value, Values};

/// The largest width or height read. A cake's value is an integer up to about its side,
/// and a number's canonical form is a chain of that many forms: 4096 keeps it small.
pub const MAX_SIDE: u64 = 4096;

/// Cutcake: a position is a sum of cakes `(w, h)`, in order.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

/// Returns the value of one w × h cake with Left cutting the width: with 2^k the largest
/// power of two at most h, `⌊w / 2^k⌋ − 1` when `w >= h`, and the negative of the same
/// with w and h exchanged otherwise (Winning Ways, ch. 2, "Cutcake").
///
/// # Example
/// ```
/// use gamecheck::games::cutcake::cake_value;
/// assert_eq!((cake_value(2, 1), cake_value(1, 2), cake_value(4, 2), cake_value(3, 7)), (1, -1, 1, -2));
/// ```
pub fn cake_value(w: u64, h: u64) -> i64 {
    let side = |long: u64, short: u64| (long >> short.max(1).ilog2()) as i64 - 1;
    if w >= h { side(w, h) } else { -side(h, w) }
}

fn cut(cakes: &[(u64, u64)], left: bool, out: &mut Vec<Vec<(u64, u64)>>) {
    for (i, &(w, h)) in cakes.iter().enumerate() {
        let side = if left { w } else { h };
        for a in 1..=side / 2 {
            let (p, q) = if left {
                ((a, h), (w - a, h))
            } else {
                ((w, a), (w, h - a))
            };
            let mut next = cakes.to_vec();
            next[i] = p;
            next.push(q);
            next.sort_unstable();
            out.push(next);
        }
    }
}

impl Partizan for Cutcake {
    type Position = Vec<(u64, u64)>;
    const NAME: &'static str = "cutcake";

    fn left_moves(&self, cakes: &Vec<(u64, u64)>, out: &mut Vec<Vec<(u64, u64)>>) {
        cut(cakes, true, out);
    }

    fn right_moves(&self, cakes: &Vec<(u64, u64)>, out: &mut Vec<Vec<(u64, u64)>>) {
        cut(cakes, false, out);
    }

    fn components(&self, cakes: &Vec<(u64, u64)>) -> Vec<Vec<(u64, u64)>> {
        cakes.iter().map(|&c| vec![c]).collect()
    }

    fn value(
        &self,
        cakes: &Vec<(u64, u64)>,
        _: &mut Values<Self>,
    ) -> Result<Value, crate::partizan::Stopped> {
        Ok(Value::integer(cakes.iter().map(|&(w, h)| cake_value(w, h)).sum()))
    }
}

impl Family for Cutcake {
    fn read(&self, tokens: &mut Tokens<'_>) -> Result<Vec<(u64, u64)>, InputError> {
        let why = "a side is at most 4096";
        let w = tokens.u64_anywhere_at_most("the width w", MAX_SIDE, why)?;
        let line = tokens.line();
        let h = tokens.u64_anywhere_at_most("the height h", MAX_SIDE, why)?;
        for (v, name) in [(w, "w"), (h, "h")] {
            if v == 0 {
                return Err(InputError::OutOfRange {
                    line,
                    token: "0".into(),
                    why: format!("{name} is at least 1"),
                });
            }
        }
        Ok(vec![(w, h)])
    }

    fn write(&self, cakes: &Vec<(u64, u64)>) -> String {
        cakes
            .iter()
            .map(|(w, h)| format!("{w} {h}"))
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn size(&self, cakes: &Vec<(u64, u64)>) -> u64 {
        cakes.iter().map(|&(w, h)| w + h).sum()
    }

    fn max_size(&self) -> u64 {
        2 * MAX_SIDE
    }

    fn of_size(&self, n: u64) -> Vec<Vec<(u64, u64)>> {
        (1..n).map(|w| vec![(w, n - w)]).collect()
    }

    fn smaller(&self, cakes: &Vec<(u64, u64)>) -> Vec<Vec<(u64, u64)>> {
        let mut out = Vec::new();
        if let [(w, h)] = cakes[..] {
            for (a, b) in [(w / 2, h), (w - 1, h), (w, h / 2), (w, h - 1)] {
                if a >= 1 && b >= 1 && (a, b) != (w, h) {
                    out.push(vec![(a, b)]);
                }
            }
        }
        out
    }

    fn oracle_size(&self) -> u64 {
        // The oracles see the whole sum of pieces, not one cake at a time: 4 × 4 is
        // thousands of multisets of pieces, 7 × 7 millions.
        8
    }

    fn cross_checks(&self) -> Vec<crate::partizan::family::CrossCheck<Self>> {
        vec![("closed_form_matches_moves", |_, cakes| {
            let formula: i64 = cakes.iter().map(|&(w, h)| cake_value(w, h)).sum();
            agrees_with_moves(Cutcake, cakes, "the closed form", Value::integer(formula))
        })]
    }
}
