//! The moves of a heap game on a sum of heaps, for the generic rules oracle.
//!
//! A position is a list of heaps, sorted, empty heaps dropped: a single heap of n is
//! `[n]`, the empty sum `[]`. A move picks one heap and replaces it by the heaps the code
//! allows.

use gamecheck_oracles::rules_oracle::Rules;

use super::code::OctalCode;

/// The moves of a heap game, for [`gamecheck_oracles::rules_oracle::RulesOracle`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapRules {
    code: OctalCode,
}

impl HeapRules {
    /// Returns the moves of `code`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, moves::HeapRules};
    /// use gamecheck_oracles::rules_oracle::RulesOracle;
    /// let kayles = HeapRules::new("0.77".parse::<OctalCode>()?);
    /// let mut oracle = RulesOracle::new(kayles);
    /// assert_eq!(oracle.grundy(&vec![5]), Ok(4));
    /// assert_eq!(oracle.wins(&vec![1, 1]), Ok(false));
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn new(code: OctalCode) -> HeapRules {
        HeapRules { code }
    }

    /// Returns the code whose moves these are.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, moves::HeapRules};
    /// assert_eq!(HeapRules::new(OctalCode::grundy()).code(), &OctalCode::grundy());
    /// ```
    pub fn code(&self) -> &OctalCode {
        &self.code
    }
}

/// Calls `f` with the heaps left by each move on one heap of `n`, in nondecreasing order
/// (no heap when the move takes it all).
///
/// # Complexity
/// O(n^(k−1)) calls when a move may leave k ≥ 2 heaps.
///
/// # Example
/// ```
/// use gamecheck::octal::{code::OctalCode, moves::for_each_move};
/// let mut left = Vec::new();
/// for_each_move(&"0.07".parse::<OctalCode>()?, 5, |heaps| left.push(heaps.to_vec()));
/// // Dawson's Kayles takes two, leaving 0, 1 or 2 heaps.
/// assert_eq!(left, [vec![3], vec![1, 2]]);
/// # Ok::<(), gamecheck::octal::code::CodeError>(())
/// ```
pub fn for_each_move(code: &OctalCode, n: u64, mut f: impl FnMut(&[u64])) {
    let mut parts = Vec::new();
    for (j, &d) in code.digits().iter().enumerate() {
        let Some(rest) = n.checked_sub(j as u64) else {
            break;
        };
        for k in 0..4 {
            if d >> k & 1 == 1 {
                splits(rest, k, code.unequal_splits(), 1, &mut parts, &mut f);
            }
        }
    }
}

/// Returns the number of moves on one heap of `n`: the calls [`for_each_move`] makes,
/// counted without making them.
///
/// # Complexity
/// O(digits of the code).
///
/// # Example
/// ```
/// use gamecheck::octal::{code::OctalCode, moves::{for_each_move, move_count}};
/// for code in ["0.77", "0.07", "4.07", "8.0", "grundy"] {
///     let code: OctalCode = code.parse()?;
///     for n in 0..40 {
///         let mut listed = 0u128;
///         for_each_move(&code, n, |_| listed += 1);
///         assert_eq!(move_count(&code, n), listed, "{code} at {n}");
///     }
/// }
/// assert_eq!(move_count(&"0.77".parse()?, 1_000_000_000_000), 1_000_000_000_000);
/// # Ok::<(), gamecheck::octal::code::CodeError>(())
/// ```
pub fn move_count(code: &OctalCode, n: u64) -> u128 {
    let unequal = code.unequal_splits();
    let mut count = 0u128;
    for (j, &d) in code.digits().iter().enumerate() {
        let Some(rest) = n.checked_sub(j as u64) else {
            break;
        };
        let rest = u128::from(rest);
        for k in 0..4 {
            if d >> k & 1 == 0 {
                continue;
            }
            count += match (k, unequal) {
                (0, _) => u128::from(rest == 0),
                (1, _) => u128::from(rest >= 1),
                // a + b = rest, 1 ≤ a ≤ b (a < b when unequal).
                (2, false) => rest / 2,
                (2, true) => rest.saturating_sub(1) / 2,
                // Partitions into three positive parts: the integer nearest rest²/12;
                // into three distinct ones, those of rest − 3.
                (_, false) => (rest * rest + 6) / 12,
                (_, true) => rest.checked_sub(3).map_or(0, |r| (r * r + 6) / 12),
            };
        }
    }
    count
}

/// Calls `f` on every way to write `rest` as `k` heaps of at least `least`, in
/// nondecreasing order (increasing when `unequal`), appended to `parts`.
fn splits(rest: u64, k: u32, unequal: bool, least: u64, parts: &mut Vec<u64>, f: &mut impl FnMut(&[u64])) {
    match k {
        0 => {
            if rest == 0 {
                f(parts);
            }
        }
        1 => {
            if rest >= least {
                parts.push(rest);
                f(parts);
                parts.pop();
            }
        }
        _ => {
            let mut h = least;
            while h.saturating_mul(u64::from(k)) <= rest {
                parts.push(h);
                splits(rest - h, k - 1, unequal, h + u64::from(unequal), parts, f);
                parts.pop();
                h += 1;
            }
        }
    }
}

impl Rules for HeapRules {
    type Position = Vec<u64>;

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in p.iter().enumerate() {
            // Equal heaps have the same moves.
            if i > 0 && p[i - 1] == h {
                continue;
            }
            for_each_move(&self.code, h, |left| {
                let mut q = Vec::with_capacity(p.len() + left.len());
                q.extend_from_slice(&p[..i]);
                q.extend_from_slice(&p[i + 1..]);
                q.extend_from_slice(left);
                q.sort_unstable();
                out.push(q);
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecheck_oracles::octal_mex::TakeAndBreak;
    use gamecheck_oracles::rules_oracle::RulesOracle;

    #[test]
    fn grundy_matches_octal_mex_oracle() {
        for code in ["0.77", "0.137", "4.07", "0.56", "0.3f", "8.0", "grundy", "0.6"] {
            let parsed: OctalCode = code.parse().unwrap_or_else(|e| panic!("{e}"));
            let plain = TakeAndBreak::parse(code).map(|t| t.nim_values(13));
            let mut oracle = RulesOracle::new(HeapRules::new(parsed));
            let searched: Result<Vec<u32>, _> = (0..13u64)
                .map(|n| {
                    let heaps = if n == 0 { vec![] } else { vec![n] };
                    oracle.grundy(&heaps).map(|v| v as u32)
                })
                .collect();
            assert_eq!((code, searched.ok()), (code, plain.ok()));
        }
    }

    #[test]
    fn moves_keep_positions_sorted_without_zeros() {
        let rules = HeapRules::new("0.7".parse().unwrap_or_else(|e| panic!("{e}")));
        let mut out = Vec::new();
        rules.moves(&vec![1, 3, 3], &mut out);
        // From 1: take it. From one 3: leave 2, or 1 and 1.
        assert_eq!(out, [vec![3, 3], vec![1, 2, 3], vec![1, 1, 1, 3]]);
    }

    #[test]
    fn grundys_game_splits_unequally() {
        let mut left = Vec::new();
        for_each_move(&OctalCode::grundy(), 6, |h| left.push(h.to_vec()));
        assert_eq!(left, [vec![1, 5], vec![2, 4]]);
    }
}
