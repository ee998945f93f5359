//! Oracle: the P-positions of Wythoff's game by the classic mex construction, independent of
//! the golden ratio.
//!
//! Wythoff's game: two piles (x, y); a move takes any positive number of stones from one
//! pile, or the same positive number from both; a player who cannot move loses. Its
//! P-positions (the player to move loses) are (a_j, b_j) and (b_j, a_j) for j ≥ 0, where
//! a_j is the least number not among a_0, b_0, …, a_{j-1}, b_{j-1}, and b_j = a_j + j.
//! Every number is some a_j or some b_j, once (0 is both a_0 and b_0), so each pile size x
//! has exactly one partner y with (x, y) a P-position.

use thiserror::Error;

/// The largest supported L: the table then holds 4L bytes, 256 MiB.
pub const MAX_LIMIT: u64 = 1 << 26;

/// Why a table cannot be built.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum WythoffError {
    #[error("Wythoff table limit L = {0} is out of range: L must be between 1 and {MAX_LIMIT}")]
    Limit(u64),
}

/// No partner assigned yet: the pile size is not among the a_i, b_i built so far.
const UNSET: u32 = u32::MAX;
/// The partner is L or more.
const BEYOND: u32 = u32::MAX - 1;

/// The P-positions of Wythoff's game with both piles below a limit L.
pub struct WythoffTable {
    /// `partner[x]` is the y with (x, y) a P-position, or `BEYOND`.
    partner: Vec<u32>,
}

impl WythoffTable {
    /// Returns the table of P-positions with both piles below `limit`.
    ///
    /// # Constraints
    /// 1 ≤ `limit` ≤ [`MAX_LIMIT`]; otherwise [`WythoffError::Limit`].
    ///
    /// # Complexity
    /// O(L) time: the mex only moves forward. 4L bytes.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::wythoff_mex_table::WythoffTable;
    /// let t = WythoffTable::build(10)?;
    /// // (0, 0), (1, 2), (3, 5), (4, 7), (6, 10): the last leaves the table.
    /// assert_eq!(t.is_p_position(5, 3), Some(true));
    /// assert_eq!(t.is_p_position(4, 7), Some(true));
    /// assert_eq!(t.is_p_position(4, 6), Some(false));
    /// assert_eq!(t.is_p_position(6, 10), None);
    /// # Ok::<(), gamecheck_oracles::wythoff_mex_table::WythoffError>(())
    /// ```
    pub fn build(limit: u64) -> Result<WythoffTable, WythoffError> {
        if limit == 0 || limit > MAX_LIMIT {
            return Err(WythoffError::Limit(limit));
        }
        // limit ≤ 2^26, so every index and partner fits in u32 and usize.
        let l = limit as usize;
        let mut partner = vec![UNSET; l];
        // `mex` is the least number below L not yet among the a_i, b_i; it only grows,
        // since numbers are only ever added to that set.
        let mut mex = 0;
        for j in 0.. {
            while mex < l && partner[mex] != UNSET {
                mex += 1;
            }
            if mex == l {
                break;
            }
            let a = mex;
            let b = a + j;
            if b < l {
                partner[a] = b as u32;
                partner[b] = a as u32;
            } else {
                partner[a] = BEYOND;
            }
        }
        Ok(WythoffTable { partner })
    }

    /// Returns L: the table covers both piles below it.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::wythoff_mex_table::WythoffTable;
    /// assert_eq!(WythoffTable::build(60).map(|t| t.limit()), Ok(60));
    /// ```
    pub fn limit(&self) -> u64 {
        self.partner.len() as u64
    }

    /// Returns whether the player to move at (x, y) loses with best play, or `None` when a
    /// pile is L or more.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::wythoff_mex_table::WythoffTable;
    /// let t = WythoffTable::build(100)?;
    /// assert_eq!(t.is_p_position(0, 0), Some(true));
    /// assert_eq!(t.is_p_position(0, 1), Some(false));
    /// assert_eq!(t.is_p_position(8, 13), Some(true));
    /// assert_eq!(t.is_p_position(100, 0), None);
    /// # Ok::<(), gamecheck_oracles::wythoff_mex_table::WythoffError>(())
    /// ```
    pub fn is_p_position(&self, x: u64, y: u64) -> Option<bool> {
        let l = self.limit();
        if x >= l || y >= l {
            return None;
        }
        // y < L ≤ 2^26 fits in u32 and never equals a marker.
        Some(self.partner[x as usize] == y as u32)
    }
}

/// The mex table against the generic rules oracle, which knows only the moves.
#[cfg(test)]
mod tests {
    use super::{MAX_LIMIT, WythoffError, WythoffTable};
    use crate::rules_oracle::{Rules, RulesOracle};

    /// Wythoff's game from the rules: take any positive number of stones from one pile, or the
    /// same positive number from both.
    struct Wythoff;

    impl Rules for Wythoff {
        type Position = (u64, u64);

        fn moves(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            out.extend((1..=x).map(|t| (x - t, y)));
            out.extend((1..=y).map(|t| (x, y - t)));
            out.extend((1..=x.min(y)).map(|t| (x - t, y - t)));
        }
    }

    const LIMIT: u64 = 100;

    #[test]
    fn mex_table_matches_rules_oracle() {
        let table = match WythoffTable::build(LIMIT) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        };
        let mut oracle = RulesOracle::new(Wythoff);
        let mut p_positions = 0;
        for x in 0..LIMIT {
            for y in 0..LIMIT {
                let lost = oracle.grundy(&(x, y)).map(|g| g == 0);
                assert_eq!(lost.clone().ok(), table.is_p_position(x, y), "at ({x}, {y})");
                p_positions += usize::from(lost == Ok(true));
            }
            assert_eq!(table.is_p_position(x, LIMIT), None);
            assert_eq!(table.is_p_position(LIMIT, x), None);
        }
        // Each row holds at most one P-position; most rows hold one (b_j grows like 2.6 j).
        assert!(p_positions > LIMIT as usize / 2, "{p_positions} P-positions");
    }

    #[test]
    fn mex_table_matches_rules_oracle_for_every_limit() {
        // A smaller limit cuts pairs whose larger pile leaves the table; the rest must agree.
        let mut oracle = RulesOracle::new(Wythoff);
        for limit in 1..=40 {
            let table = match WythoffTable::build(limit) {
                Ok(t) => t,
                Err(e) => panic!("{e}"),
            };
            assert_eq!(table.limit(), limit);
            for x in 0..limit {
                for y in 0..limit {
                    assert_eq!(
                        table.is_p_position(x, y),
                        oracle.wins(&(x, y)).ok().map(|w| !w),
                        "L = {limit}, at ({x}, {y})"
                    );
                }
            }
        }
    }

    #[test]
    fn absurd_limits_are_errors() {
        assert!(matches!(WythoffTable::build(0), Err(WythoffError::Limit(0))));
        assert!(matches!(
            WythoffTable::build(MAX_LIMIT + 1),
            Err(WythoffError::Limit(l)) if l == MAX_LIMIT + 1
        ));
        assert!(matches!(
            WythoffTable::build(u64::MAX),
            Err(WythoffError::Limit(u64::MAX))
        ));
    }
}
