//! Wythoff's game given by its moves alone, for the generic rules oracle.

use gamecheck_oracles::rules_oracle::Rules;

/// The moves of Wythoff's game on two piles (x, y): take any positive number from one
/// pile, or the same positive number from both.
#[derive(Clone, Copy, Debug, Default)]
pub struct WythoffRules;

impl Rules for WythoffRules {
    type Position = (u64, u64);

    fn moves(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..x).map(|v| (v, y)));
        out.extend((0..y).map(|v| (x, v)));
        out.extend((1..=x.min(y)).map(|t| (x - t, y - t)));
    }
}
